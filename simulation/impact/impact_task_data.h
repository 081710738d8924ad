// ImpactTaskData: the per-task results of an impact run (the arrays ImpactRunner
// fills, one slot per task) as bytes for a range of tasks, so MPI ranks and
// checkpoints (simulation/distributed/) can carry them. The runner still sums
// the pairs in index order afterwards, so a distributed impact run gives the
// same doubles, bit for bit, as one process.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "simulation/impact/impact_runner.h"
#include "simulation/stats/run_stats.h"

namespace wb::sim {

struct ImpactTaskData {
  std::vector<double>& baseScore;          // baseline tasks (t < pairs): every seat's score, pairs * players
  std::vector<double>& score;              // treated tasks: the treated seat's score
  std::vector<std::uint8_t>& timedOut;
  std::vector<std::uint64_t>& decisions;   // restricted decisions
  std::vector<std::uint8_t>& played;
  std::size_t pairs = 0;
  int players = 0;

  // Tasks [begin, end) and the baseline statistics of those tasks.
  std::string encode(std::size_t begin, std::size_t end, const RunStats& stats) const;
  // Writes the tasks of `bytes` into the arrays and adds its statistics to
  // `baseline`; with `replace`, clears the arrays and sets `baseline` first.
  bool apply(const std::string& bytes, RunStats& baseline, bool replace);
};

// What an impact run's result depends on besides the engine (for checkpoints).
std::string impactFingerprint(const ImpactConfig& config, const std::vector<std::string>& agents);

}  // namespace wb::sim
