// ComparisonRunner: the A/B comparison of two design revisions (`balance
// compare`). Lists what changed (model::diffRulesets), plays both rulesets
// with the same RunConfig — the same seeds, so the same deals and rolls where
// the rules allow — and gives the difference B - A of every headline metric
// with a 95% interval and a plain verdict ("significant" when the interval
// excludes 0). Headline metrics: each seat's win rate, each agent's win rate
// (when the agents differ), each faction's win rate, each team's (when the
// engine has teams), the draw rate, the nobody-wins and adjudicated rates (when
// they occur), the timeout rate and the mean game length in turns. Rates are
// over all games (a faction's or agent's: all the games it played, draws and
// timeouts included), labelled "win rate (of all games)" alike.
//
//   ComparisonRunner cmp(rulesets::builtinEngines(), before, after, config);
//   ComparisonResult r = cmp.run();   // blocking; cmp.cancel() from any thread
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "model/core/ruleset.h"
#include "model/diff/ruleset_diff.h"
#include "simulation/core/engine_registry.h"
#include "simulation/runner/run_result.h"
#include "simulation/stats/statistics.h"
#include "simulation/sweep/ruleset_run.h"

namespace wb::sim {

struct MetricDifference {
  std::string key;    // "seat:0", "agent:greedy", "faction:fire", "team:0", "draws", "nobody", "adjudicated", "timeouts", "turns"
  std::string label;  // "Seat 1 win rate (of all games)", "faction Druid win rate (of all games)" (entities by
                      // name after ComparisonRunner::run), "mean game length (turns; ...)", ...
  bool isRate = true; // a proportion (else a mean)
  double a = 0, b = 0;
  Interval ciA, ciB;  // each side's 95% interval (Wilson; for means mean +- 1.96 se)
  double delta = 0;   // b - a
  Interval ci;        // 95% interval of delta
  bool significant = false;
  const char* verdict() const { return significant ? "significant" : "not significant"; }
};

// The headline differences of two results with the same shape (same players, agents).
std::vector<MetricDifference> compareResults(const RunResult& a, const RunResult& b);

struct ComparisonResult {
  std::vector<model::ValueChange> changes;  // A -> B
  RunResult a, b;
  std::vector<MetricDifference> metrics;
  bool cancelled = false;
  std::string error;                        // non-empty: a side failed (which one is said)
  bool ok() const { return error.empty(); }
  bool anySignificant() const;
};

struct ComparisonProgress {
  int side = 0;                     // 0 = A, 1 = B
  std::uint64_t gamesDone = 0;      // over both sides
  std::uint64_t gamesTotal = 0;
  double etaSeconds = 0;
};

class ComparisonRunner {
 public:
  using ProgressCallback = std::function<void(const ComparisonProgress&)>;
  // All three references must outlive the runner.
  ComparisonRunner(const EngineRegistry& registry, const model::Ruleset& a, const model::Ruleset& b, RunConfig config);
  void setProgressCallback(ProgressCallback callback, double intervalSeconds = 0.1);
  ComparisonResult run();
  void cancel() { m_run.cancel(); }

 private:
  const EngineRegistry& m_registry;
  const model::Ruleset& m_a;
  const model::Ruleset& m_b;
  RunConfig m_config;
  ProgressCallback m_progress;
  double m_interval = 0.1;
  RulesetRun m_run;
};

}  // namespace wb::sim
