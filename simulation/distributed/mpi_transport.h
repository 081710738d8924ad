// The MPI side of the distribution layer. mpi_transport.cpp is compiled only
// with WB_WITH_MPI and is the one file that includes <mpi.h>; no MPI type
// appears here, so nothing else in the build changes with the option.
#pragma once

#include <memory>

#include "simulation/distributed/transport.h"

namespace wb::sim::mpi {

// MPI_Init_thread (funneled: only the thread that starts MPI calls it) with
// errors returned instead of aborting; false if MPI cannot start.
bool start();
int rank();
int size();
std::unique_ptr<Transport> makeTransport();
void finish();                // MPI_Finalize
[[noreturn]] void abortAll(int code);  // MPI_Abort: ends every rank

}  // namespace wb::sim::mpi
