// SweepRunner: what-if sweeps of one or two ruleset values by path. Every point
// copies the base ruleset, sets the value(s), compiles and plays it with the
// same RunConfig — the same run seed, so the same game seeds at every point
// (common random numbers): differences between points are the change, not noise.
// The metric follows what is swept (sweep_metric.h): an entity's value is judged
// by that entity's causal impact (an impact experiment at every point:
// simulation/impact), a global parameter by the first-side share. For the metric
// it reports the balance point (balance_point.h) only when the crossing is clear
// of noise: along axis 1, once per value of axis 2 in a 2-D grid.
//
//   SweepConfig cfg;  cfg.axes = {{"cards.meteor_strike.cost", {12, 14, 16, 18}}};
//   cfg.run.games = 2000;  cfg.run.agents = {"greedy", "random"};
//   SweepRunner sweep(rulesets::builtinEngines(), ruleset, cfg);
//   sweep.setProgressCallback([](const SweepProgress& p) { ... });  // caller's thread
//   SweepResult r = sweep.run();        // blocking; sweep.cancel() from any thread
//
// The GUI's sweep tab drives it from a worker thread exactly like MonteCarloRunner.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <mutex>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/core/engine_registry.h"
#include "simulation/impact/impact_runner.h"
#include "simulation/runner/run_config.h"
#include "simulation/runner/run_result.h"
#include "simulation/stats/statistics.h"
#include "simulation/sweep/balance_point.h"
#include "simulation/sweep/ruleset_run.h"
#include "simulation/sweep/sweep_metric.h"

namespace wb::sim {

struct SweepAxis {
  std::string path;            // model/path/ruleset_path.h
  std::vector<double> values;  // in the order given
};

// FROM:TO:STEP (inclusive of TO within rounding) or "3,7,12,18"; nullopt + error.
std::optional<std::vector<double>> parseSweepRange(std::string_view text, std::string& error);
std::optional<std::vector<double>> parseSweepValues(std::string_view text, std::string& error);

// The most points of a sweep (one axis, or both together). Every point keeps
// its whole run (about 200 KB with the entities of a shipped ruleset, in
// memory and in the --json document): 1000 points stay near 200 MB, where a
// 100 x 100 grid took 2.2 GB and wrote 676 MB. A finer grid is a
// narrower range.
inline constexpr std::size_t kMaxSweepPoints = 1000;

struct SweepConfig {
  std::vector<SweepAxis> axes;  // one or two
  RunConfig run;                // the same for every point (same seed)
  SweepMetric metric;           // see defaultSweepMetric(); Auto is resolved from the path
  double target = -1;           // < 0: the metric's fair value (SweepMetric::defaultTarget)
  // A sweep's result carries the resolved metric and target (target >= 0).
  double effectiveTarget() const { return target >= 0 ? target : metric.defaultTarget(run.players, run.players); }
};

struct SweepPoint {
  std::vector<double> values;  // one per axis
  RunResult result;            // the run (impact metrics: the baseline games of the experiment)
  OutcomeTally metric;         // win-rate metrics: the tally (impact: games = pairs)
  double estimate = 0;         // the metric at this point (a rate, or a lift in [-1, 1])
  Interval ci;                 // its 95% interval (Wilson for rates, paired normal for lifts)
  double sampleSd = 0.5;       // sd of one game (pair): the games needed for a 2-point effect
  std::optional<ImpactMeasure> impact;  // impact metrics: the measure
  double acquiredPerGame = 0;  // impact metrics: the entity's acquisitions per baseline game
  double rate() const { return estimate; }
};

struct SweepCurve {
  double value2 = 0;           // axis 2's value (2-D sweeps), else 0
  BalancePoint balance;
};

struct SweepResult {
  SweepConfig config;                 // effective (threads resolved)
  std::string ruleset;                // the base ruleset's id
  std::vector<SweepPoint> points;     // 1-D: axis order; 2-D: for each value2, every value1
  std::vector<SweepCurve> curves;     // one per value of axis 2 (one for 1-D)
  double elapsedSeconds = 0;
  bool cancelled = false;
  std::string error;                  // non-empty: the sweep failed (bad path, value, config)
  bool ok() const { return error.empty(); }
  std::size_t columns() const { return config.axes.empty() ? 0 : config.axes[0].values.size(); }
  const SweepPoint& at(std::size_t i1, std::size_t i2 = 0) const { return points[i2 * columns() + i1]; }
};

struct SweepProgress {
  std::size_t pointsDone = 0, pointsTotal = 0;
  std::uint64_t gamesDone = 0, gamesTotal = 0;  // over the whole sweep
  double elapsedSeconds = 0, etaSeconds = 0;
};

class SweepRunner {
 public:
  using ProgressCallback = std::function<void(const SweepProgress&)>;
  // Called after each point with the point just played (e.g. to draw the curve as it grows).
  using PointCallback = std::function<void(const SweepPoint&)>;

  // `registry` and `base` must outlive the runner.
  SweepRunner(const EngineRegistry& registry, const model::Ruleset& base, SweepConfig config);

  void setProgressCallback(ProgressCallback callback, double intervalSeconds = 0.1);
  void setPointCallback(PointCallback callback) { m_pointCallback = std::move(callback); }

  // Checks axes, paths, every value (setPath on a copy), the metric's shape and
  // the run configuration; false with a message. run() calls it first.
  bool validate(std::string& error) const;

  // The ruleset of one point (base with the values set); nullopt + error.
  std::optional<model::Ruleset> rulesetAt(const std::vector<double>& values, std::string& error) const;

  SweepResult run();
  void cancel();

 private:
  const EngineRegistry& m_registry;
  const model::Ruleset& m_base;
  SweepConfig m_config;
  ProgressCallback m_progress;
  double m_progressInterval = 0.1;
  PointCallback m_pointCallback;
  RulesetRun m_run;
  std::mutex m_impactMutex;
  ImpactRunner* m_impact = nullptr;  // the impact experiment playing now (under m_impactMutex)
  std::atomic<bool> m_cancelled{false};
  // The metric for this sweep (Auto resolved from the path; entity ids from a compile of the base).
  SweepMetric resolvedMetric() const;
  // Plays one point's impact experiment; false (with error) when it cannot.
  bool playImpactPoint(const model::Ruleset& ruleset, const SweepMetric& metric, SweepPoint& point,
                       const std::function<void(std::uint64_t)>& progress, std::string& error);
};

}  // namespace wb::sim
