#include "simulation/sweep/ruleset_run.h"

namespace wb::sim {

RunResult RulesetRun::run(const EngineRegistry& registry, const model::Ruleset& ruleset, const RunConfig& config,
                          const MonteCarloRunner::ProgressCallback& progress, double progressInterval) {
  RunResult result;
  result.ruleset = ruleset.id;
  result.engine = ruleset.engine;
  result.config = config;
  if (m_cancelled.load()) {
    result.cancelled = true;
    return result;
  }
  model::Diagnostics diagnostics;
  std::unique_ptr<Game> game = registry.compile(ruleset, diagnostics);
  if (!game || diagnostics.hasErrors()) {
    result.error = diagnostics.format();
    if (result.error.empty()) result.error = "the engine could not compile the ruleset\n";
    return result;
  }
  MonteCarloRunner runner(*game, config);
  if (progress) runner.setProgressCallback(progress, progressInterval);
  {
    std::lock_guard lock(m_mutex);
    m_current = &runner;
    if (m_cancelled.load()) runner.cancel();
  }
  result = runner.run();
  {
    std::lock_guard lock(m_mutex);
    m_current = nullptr;
  }
  result.ruleset = ruleset.id;
  return result;
}

void RulesetRun::cancel() {
  std::lock_guard lock(m_mutex);
  m_cancelled.store(true);
  if (m_current) m_current->cancel();
}

}  // namespace wb::sim
