// DistributedSession: the process side of a distributed `balance` command, for
// the command line's entry point. When the process was started by an MPI
// launcher (mpirun, srun) and the build has MPI (WB_WITH_MPI), it starts MPI and
// knows this process's rank; enable() installs the Distribution the runners use
// (several ranks, or a checkpoint); finish() ends MPI. On SIGTERM (mpirun ends
// the job when a rank dies; a batch system preempts it) the process says that
// no result was written and where the checkpoint is, and exits.
#pragma once

#include <memory>
#include <string>

#include "simulation/distributed/distribution.h"

namespace wb::sim {

class DistributedSession {
 public:
  DistributedSession();
  ~DistributedSession();
  DistributedSession(const DistributedSession&) = delete;
  DistributedSession& operator=(const DistributedSession&) = delete;

  static bool mpiBuilt();        // compiled with WB_WITH_MPI
  // Ranks announced by the launcher's environment (Open MPI, PMIx, PMI); 0 = not launched by one.
  static int launcherRanks();

  // Empty when the session started; else why not (e.g. launched with 2 ranks but built without MPI).
  const std::string& startError() const { return m_startError; }
  int rank() const { return m_rank; }
  int ranks() const { return m_ranks; }

  // Installs a Distribution with these options (on every rank; rank 0 keeps the checkpoint).
  void enable(DistributionOptions options);
  Distribution* distribution() { return m_distribution.get(); }

  // The process's exit code: finalizes MPI, or ends every rank at once when a
  // rank was lost (the others may be waiting for it).
  int finish(int exitCode);

 private:
  std::string m_startError;
  bool m_mpi = false;
  int m_rank = 0;
  int m_ranks = 1;
  std::unique_ptr<Distribution> m_distribution;
};

}  // namespace wb::sim
