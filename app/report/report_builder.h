// ReportBuilder: runs what a balance report needs — one Monte Carlo run with
// the given options, then each requested sweep (same seed: common random
// numbers), then the causal impact of the requested entities — and fills ReportData with the ruleset's identity, setup, entity
// table, dice answers and assumed marks. Used by `balance report` and by the
// GUI's File > Export Report (progress and cancel like the runners).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/report/report_data.h"
#include "simulation/assumptions/assumption_runner.h"
#include "simulation/impact/impact_runner.h"
#include "simulation/core/engine_registry.h"

namespace wb::app {

struct ReportRequest {
  std::string file;                     // the ruleset file as given
  std::vector<std::string> sets;        // --set edits already applied to the ruleset
  sim::RunConfig run;                   // effective (players resolved)
  std::vector<sim::SweepAxis> sweeps;   // each one a 1-D sweep
  std::vector<std::string> impactEntities;  // entity ids for the causal impact section ("all" = every one); empty = none
  std::uint64_t impactGames = 200;      // pairs per entity and measure
  sim::SweepMetric metric;              // the sweeps' metric
  double target = -1;                   // < 0: 1 / players
  std::string command;                  // the command line that made the report
  std::string runCommand;               // the `balance run` equivalent of the run
  // Results already played on exactly this ruleset and run (the workbench's
  // Simulation and Sweep tabs): reported as they are instead of being played
  // again (the same numbers, by construction). A played sweep stands in for
  // the entry of `sweeps` with the same path and values.
  std::optional<sim::RunResult> playedRun;
  std::vector<sim::SweepResult> playedSweeps;
  // Impact measured in the workbench on this ruleset (the Simulation tab's
  // Measure impact): the report's impact section when impactEntities is empty.
  std::optional<sim::ImpactResult> playedImpact;
  // The edits the ruleset has that its file does not ("cards.x.cost: 18 -> 14",
  // "+ cards.y (added)"): a report from the workbench's unsaved edits.
  std::vector<std::string> unsavedEdits;
  // A tune (the workbench's Balance tab) and the content hash of the ruleset
  // it started from: reported when that is this ruleset (tune_section.h).
  std::optional<sim::TuneResult> tune;
  std::string tuneHash;
  // The workbench's Ladder result (the robustness section) and the content
  // hash of the ruleset it was played on; and the other results on screen
  // (Compare, the tune, Ladder, Specialties), each with its revision.
  std::optional<sim::LadderResult> playedLadder;
  std::string ladderHash;
  // "Which assumptions decide the verdict" as the workbench measured it (the
  // Parameters page's Measure assumptions) on exactly this ruleset: reported
  // with the games and agents it was played with, not played again.
  std::optional<sim::AssumptionsResult> playedAssumptions;
  std::vector<WindowSection> window;
};

// Games a request will play, given what it already holds (playedRun, playedSweeps).
std::uint64_t gamesToPlay(const ReportRequest& request);

struct ReportProgress {
  std::string stage;                    // "run", "sweep cards.x.cost"
  std::uint64_t gamesDone = 0, gamesTotal = 0;  // over the whole report
  double etaSeconds = 0;
};

class ReportBuilder {
 public:
  using ProgressCallback = std::function<void(const ReportProgress&)>;
  // `registry` and `ruleset` must outlive the builder.
  ReportBuilder(const sim::EngineRegistry& registry, const model::Ruleset& ruleset, ReportRequest request);
  void setProgressCallback(ProgressCallback callback, double intervalSeconds = 0.2);
  // False with `error` (compile errors, bad sweep paths / values); `cancelled` set when stopped.
  bool build(ReportData& out, std::string& error);
  void cancel();
  bool cancelled() const { return m_cancelled.load(); }

 private:
  const sim::EngineRegistry& m_registry;
  const model::Ruleset& m_ruleset;
  ReportRequest m_request;
  ProgressCallback m_progress;
  double m_interval = 0.2;
  std::mutex m_mutex;
  sim::RulesetRun m_run;
  sim::SweepRunner* m_sweep = nullptr;
  sim::ImpactRunner* m_impact = nullptr;
  std::atomic<bool> m_cancelled{false};
};

// The current time as "2026-11-22T12:00:00Z".
std::string utcNow();

}  // namespace wb::app
