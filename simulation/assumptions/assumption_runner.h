// AssumptionRunner: which assumed values decide the verdict (`balance
// assumptions`). Plays the shipped ruleset once and then every
// alternative of every assumed value (assumed_values.h), each with the same
// RunConfig — the same game seeds, so common random numbers — through
// RulesetRun and the Monte Carlo runner, i.e. the same job / distribution seam
// as run, sweep and compare (MPI ranks share each run's games; the result is
// the same for any thread or rank count).
//
// Per alternative, the change of each headline conclusion against the shipped
// value, with a 95% interval (Newcombe for rates, Welch for the mean length;
// they treat the runs as independent, so with common seeds they are
// conservative) and a two-sided p-value; Holm's correction runs over every
// test of the experiment (every conclusion of every alternative), and a change
// is "significant" when its Holm-adjusted p <= 0.05. Conclusions:
//   first_side   the side of seat 0 wins, over the games some side won by the rules
//   seat:S       seat S wins, over all games
//   turns        mean game length (turns; capped games at the cap)
//   timeouts / adjudicated / nobody / draws   shares of all games (when any occur)
// and, where the engine has factions, the faction ranking by win rate
// (Kendall's tau-b against the shipped ranking, top and bottom faction;
// descriptive, not tested).
// An assumption's "largest change" is its largest significant change over its
// alternatives: a rate change in points, a length change as a share of the
// shipped mean; the assumptions are ranked by it. One with no significant
// change is listed with the smallest change the games could have detected
// (80% power at the strictest Holm level, 0.05 / tests).
//
//   AssumptionRunner runner(rulesets::builtinEngines(), ruleset, config);
//   AssumptionsResult r = runner.run();   // blocking; runner.cancel() from any thread
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/assumptions/assumed_values.h"
#include "simulation/core/engine_registry.h"
#include "simulation/runner/run_result.h"
#include "simulation/stats/statistics.h"
#include "simulation/sweep/ruleset_run.h"

namespace wb::sim {

inline constexpr double kFamilyAlpha = 0.05;

struct AssumptionChange {
  std::string key;      // first_side, seat:S, turns, timeouts, adjudicated, nobody, draws
  std::string label;    // "first side wins (of decided games)", ...
  bool isRate = true;   // a proportion (else a mean in turns)
  double shipped = 0, alternative = 0, delta = 0;
  Interval ci;          // 95% interval of delta
  double pValue = 1.0;
  double adjustedP = 1.0;  // Holm over every test of the experiment
  bool significant = false;
  double detectable = 0;   // smallest |delta| detectable (80% power, level 0.05 / tests)
  std::uint64_t nShipped = 0, nAlternative = 0;  // games behind each side of the rate
};

struct FactionRanking {
  std::vector<std::string> order;  // best first
  double tau = 1.0;                // Kendall's tau-b against the shipped ranking
  std::string top, bottom;
};

struct AlternativeResult {
  std::string value;
  std::string error;                       // non-empty: could not be played
  RunResult run;
  std::vector<AssumptionChange> changes;
  FactionRanking factions;                 // empty order: no factions
  double largestChange = 0;                // largest significant change (see above); 0 = none
  std::string largestKey;                  // the conclusion it is of ("" = none)
  double largestDelta = 0;                 // its signed delta (points as a share, or turns)
  std::vector<std::string> findings;       // the significant changes in words
};

struct AssumptionResult {
  AssumedValue value;
  std::vector<AlternativeResult> alternatives;
  double largestChange = 0;
  std::string largestKey, largestValue;  // the conclusion and the alternative it is of
  double largestDelta = 0;
  bool changesAConclusion() const { return largestChange > 0; }
};

struct AssumptionsResult {
  RunResult shipped;
  FactionRanking shippedFactions;
  std::vector<AssumptionResult> assumptions;  // in the order of assumedValues()
  std::vector<std::size_t> ranking;  // playable assumptions, largest change first (ties: path)
  std::size_t tests = 0;             // the Holm family's size
  bool cancelled = false;
  std::string error;                 // the shipped ruleset could not be played
  bool ok() const { return error.empty(); }
};

struct AssumptionsProgress {
  std::size_t run = 0, runs = 0;   // 0 = the shipped ruleset
  std::string label;               // "shipped" or "path=value"
  std::uint64_t gamesDone = 0, gamesTotal = 0;  // over every run
  double etaSeconds = 0;
};

// The change of every conclusion of `alt` against `shipped` (p-values not yet
// adjusted; significant/detectable are set by finishAssumptions()).
std::vector<AssumptionChange> conclusionChanges(const RunResult& shipped, const RunResult& alt);
FactionRanking factionRanking(const RunResult& run, const FactionRanking* against = nullptr);
// Holm over every change of every alternative, detectable sizes, findings,
// largest changes and the ranking.
void finishAssumptions(AssumptionsResult& result);

class AssumptionRunner {
 public:
  using ProgressCallback = std::function<void(const AssumptionsProgress&)>;
  // The registry and the ruleset must outlive the runner.
  AssumptionRunner(const EngineRegistry& registry, const model::Ruleset& ruleset, RunConfig config);
  void setProgressCallback(ProgressCallback callback, double intervalSeconds = 0.1);
  AssumptionsResult run();
  void cancel() { m_run.cancel(); }

 private:
  const EngineRegistry& m_registry;
  const model::Ruleset& m_ruleset;
  RunConfig m_config;
  ProgressCallback m_progress;
  double m_interval = 0.1;
  RulesetRun m_run;
};

}  // namespace wb::sim
