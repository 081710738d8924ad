// RulesetRun: compiles one ruleset with an engine registry and plays it with
// the Monte Carlo runner — the step every sweep point and both sides of an A/B
// comparison share. cancel() from any thread stops the current run and makes
// every later run() return at once (cancelled, no games).
#pragma once

#include <atomic>
#include <mutex>

#include "model/core/ruleset.h"
#include "simulation/core/engine_registry.h"
#include "simulation/runner/monte_carlo_runner.h"

namespace wb::sim {

class RulesetRun {
 public:
  // Plays `ruleset` with `config`. A compile failure comes back as a result
  // whose error holds the diagnostics; a bad configuration as the runner's error.
  RunResult run(const EngineRegistry& registry, const model::Ruleset& ruleset, const RunConfig& config,
                const MonteCarloRunner::ProgressCallback& progress = {}, double progressInterval = 0.1);

  void cancel();
  bool cancelled() const { return m_cancelled.load(); }

 private:
  std::mutex m_mutex;
  MonteCarloRunner* m_current = nullptr;
  std::atomic<bool> m_cancelled{false};
};

}  // namespace wb::sim
