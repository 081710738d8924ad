#include "simulation/distributed/distributed_session.h"

#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <cstring>

#ifdef WB_WITH_MPI
#include "simulation/distributed/mpi_transport.h"
#endif

namespace wb::sim {
namespace {

// Written by the SIGTERM handler (only async-signal-safe calls there).
char g_stopMessage[1024];
std::size_t g_stopLength = 0;

extern "C" void onTerminate(int) {
  if (g_stopLength > 0) {
    const ssize_t ignored = ::write(STDERR_FILENO, g_stopMessage, g_stopLength);
    (void)ignored;
  }
  ::_exit(143);
}

int envInt(const char* name) {
  const char* v = std::getenv(name);
  return v ? std::atoi(v) : 0;
}

}  // namespace

bool DistributedSession::mpiBuilt() {
#ifdef WB_WITH_MPI
  return true;
#else
  return false;
#endif
}

int DistributedSession::launcherRanks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE"})
    if (int n = envInt(name); n > 0) return n;
  if (std::getenv("PMIX_RANK")) return 1;  // PMIx without a size variable: ask MPI
  return 0;
}

DistributedSession::DistributedSession() {
  const int launched = launcherRanks();
  if (launched == 0) return;
#ifdef WB_WITH_MPI
  if (!mpi::start()) {
    m_startError = "MPI did not start (launched by mpirun/srun, but MPI_Init failed)";
    return;
  }
  m_mpi = true;
  m_rank = mpi::rank();
  m_ranks = mpi::size();
#else
  if (launched > 1)
    m_startError = "this balance was built without MPI (WB_WITH_MPI=OFF), so " + std::to_string(launched) +
                   " ranks would each play the whole run; rebuild with -DWB_WITH_MPI=ON (needs libopenmpi-dev)";
#endif
}

DistributedSession::~DistributedSession() {
  if (m_distribution) Distribution::install(nullptr);
#ifdef WB_WITH_MPI
  if (m_mpi) mpi::finish();
#endif
}

void DistributedSession::enable(DistributionOptions options) {
  std::unique_ptr<Transport> transport;
#ifdef WB_WITH_MPI
  if (m_mpi && m_ranks > 1) transport = mpi::makeTransport();
#endif
  std::string text;
  if (m_rank == 0) {
    text = "\nbalance: stopped by SIGTERM before the end (a rank died, or the job was cancelled or preempted); "
           "no result was written.\n";
    if (!options.checkpointPath.empty())
      text += "balance: the checkpoint " + options.checkpointPath +
              " keeps the games merged before; run the same command again to resume.\n";
  }
  g_stopLength = std::min(text.size(), sizeof g_stopMessage);
  std::memcpy(g_stopMessage, text.data(), g_stopLength);
  std::signal(SIGTERM, onTerminate);
  m_distribution = std::make_unique<Distribution>(std::move(options), std::move(transport));
  Distribution::install(m_distribution.get());
}

int DistributedSession::finish(int exitCode) {
  const bool lost = m_distribution && m_distribution->lostContact();
  if (m_distribution) Distribution::install(nullptr);
#ifdef WB_WITH_MPI
  if (m_mpi) {
    if (lost) mpi::abortAll(exitCode != 0 ? exitCode : 1);
    mpi::finish();
    m_mpi = false;
  }
#endif
  (void)lost;
  return exitCode;
}

}  // namespace wb::sim
