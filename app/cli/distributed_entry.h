// The process entry of `balance` (main_balance.cpp): MPI ranks and checkpoints
// around the ordinary command dispatch (runBalance, command.h).
//
//   mpirun -np K balance run|sweep|impact|tune|assumptions|ladder|specialties|compare|report ...
//          [--checkpoint FILE [--checkpoint-every S]]
//
// For those commands every rank runs the same command; the runners share
// their games through the installed sim::Distribution
// (simulation/distributed/), and only rank 0 prints and writes files (the other
// ranks' output goes nowhere). Every other command runs on rank 0 alone. --checkpoint
// works with or without MPI. Commands themselves never see ranks.
#pragma once

#include <string>
#include <vector>

#include "app/cli/command.h"

namespace wb::app {

// Runs `balance ARGS...` as this process's part of a (possibly distributed) run.
int runBalanceProcess(const std::vector<std::string>& args, CommandIo& io);

// The help paragraph of --checkpoint and mpirun, appended to the usage of the
// commands that share their games.
extern const char* const kDistributedHelp;

}  // namespace wb::app
