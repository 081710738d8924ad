// DistributedJob: a piece of work the distribution layer can share out between
// processes (MPI ranks) and checkpoint: `tasks` independent task indices (the
// games of a run, the pairs of an impact run) whose results are mergeable sums.
// The owner (MonteCarloRunner, ImpactRunner) describes how to play a range of
// indices on this process's threads and how its partial totals travel as bytes;
// it never learns about ranks. Task i must be seeded from (seed, i) only, so the
// total is the same however the indices are shared out.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

namespace wb::sim {

struct DistributedJob {
  // Everything the result depends on (kind, engine, configuration, shape): a
  // checkpoint record of another job is refused instead of being mixed in.
  std::string fingerprint;
  std::uint64_t tasks = 0;       // task indices [0, tasks)
  // > 0: fixed batch boundaries (sequential stopping); stop() is asked after
  // every complete batch and ends the job early when it says so.
  std::uint64_t batch = 0;
  std::uint64_t minChunk = 1;    // hand out at least this many indices at once (e.g. the thread count)

  // Plays [begin, end) here and returns that range's partial total as bytes;
  // nullopt when cancelled (then nothing of the range counts).
  std::function<std::optional<std::string>(std::uint64_t begin, std::uint64_t end)> play;
  // Adds a partial total (bytes from play) to the job's total; false = corrupt bytes.
  std::function<bool(const std::string& partial)> merge;
  // The job's total so far, and replacing it (from a checkpoint, or rank 0's final total).
  std::function<std::string()> total;
  std::function<bool(const std::string& total)> restore;
  std::function<bool()> stop;                 // optional (batch > 0): enough after this batch?
  std::function<bool()> cancelRequested;      // optional: stop handing out work

  // Set by the distribution: the job ended early because it was cancelled.
  bool cancelled = false;
};

}  // namespace wb::sim
