// ReportData: everything a balance report shows, gathered once (by
// report_builder.h) and written by every format (HTML, PDF, CSV, JSON) so the
// formats hold the same numbers: the ruleset's identity and content hash, the
// setup and the command reproducing it, the run, the sweeps, the dice
// questions and every `assumed` mark of the ruleset.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/assumptions/assumption_runner.h"
#include "simulation/dice/dice_lab.h"
#include "simulation/impact/impact_runner.h"
#include "simulation/ladder/ladder.h"
#include "simulation/runner/run_result.h"
#include "simulation/stats/statistics.h"
#include "simulation/sweep/sweep_runner.h"
#include "simulation/tune/tune_result.h"

namespace wb::app {

// One `assumed:` mark: where it is (a path) and what was assumed.
struct AssumedMark {
  std::string path;  // "cards.magical_barrier", "parameters.max_turns", "cards.x.effects.0"
  std::string text;
};

struct DiceAnswer {
  std::string id, name;
  std::string error;        // non-empty: the question could not be answered
  sim::dice::DiceResult result;
};

// One row of the per-entity table. Players who win use more entities, so the
// association of most entities is positive; the baseline is the average
// association of all entities. An entity stands out ("strong" / "weak") when
// the 95% interval of its association excludes that baseline and its lift
// (association minus the baseline) lies beyond kSpreadFactor standard
// deviations of all entities' associations, the workbench's outlier rule; or
// it was never used at all.
struct EntityRow {
  std::string id;
  double acquiredPerGame = 0, playedPerGame = 0, triggeredPerGame = 0;
  std::uint64_t usedPlayers = 0, unusedPlayers = 0;
  double usedWinRate = 0, unusedWinRate = 0;
  bool hasDelta = false;    // both groups non-empty
  double delta = 0;         // used - unused
  sim::Interval deltaCi;    // 95% (Newcombe)
  double lift = 0;          // delta - the baseline (EntityBaseline::mean)
  std::string flag;         // "" | "strong" | "weak" | "never used"
};

inline constexpr double kSpreadFactor = 2.0;

// The average association of the entities with one, and its spread.
struct EntityBaseline {
  double mean = 0, sd = 0;
  std::size_t entities = 0;      // with an association (both groups non-empty)
  std::size_t clearOfMean = 0;   // whose interval excludes the mean (standing out or not)
};
EntityBaseline entityBaseline(const std::vector<EntityRow>& rows);
// Sets the strong / weak flags of rows with an association (entityRows does).
void flagEntities(std::vector<EntityRow>& rows);

// A result the workbench's window measured (Compare, the Balance tab's tune,
// the Ladder, Specialties), written into the report as it stands on screen:
// no game is played for it. `revision` is the content hash of the ruleset it
// was played on, which may be an earlier revision than the report's.
struct WindowTable {
  std::string caption;
  std::vector<std::string> head;
  std::vector<std::vector<std::string>> rows;
};
struct WindowSection {
  std::string title;                 // "Compare", "Ladder", ...
  std::string revision;              // content hash of the ruleset it was measured on
  std::string revisionNote;          // "" when it is the report's revision, else what changed since
  std::vector<std::string> notes;    // the window's status and verdict lines, as plain text
  std::vector<WindowTable> tables;
};

struct ReportData {
  // Ruleset.
  std::string rulesetId, rulesetName, engine, file;
  int version = 1;
  std::string contentHash;      // FNV-1a 64 of model::toYaml(ruleset) (after --set), 16 hex digits
  std::vector<std::string> sets;  // --set edits applied
  std::vector<std::string> unsavedEdits;  // edits not in the file (ReportRequest::unsavedEdits)
  std::map<std::string, std::string> entityNames;  // id -> name, where the ruleset gives one
  std::uint64_t gamesPlayed = 0;  // games played to make this report
  std::uint64_t gamesReused = 0;  // games of results already on screen (not played again)
  bool runReused = false;         // the run is the one on screen (its games are in gamesReused)
  std::uint64_t sweepGamesPlayed = 0, sweepGamesReused = 0;  // the sweeps' part of the two counts
  // Setup.
  std::string programVersion;   // WB_VERSION
  std::string date;             // UTC, ISO 8601
  std::string command;          // the exact `balance report ...` command
  std::string runCommand;       // the `balance run ... --json -` giving the same run numbers
  sim::RunResult run;
  std::vector<EntityRow> entities;
  std::vector<sim::SweepResult> sweeps;
  std::optional<sim::ImpactResult> impact;  // the causal impact section, when asked for
  std::optional<sim::LadderResult> ladder;  // "How robust are these conclusions?" (robustness_section.h), when run
  std::optional<sim::AssumptionsResult> assumptions;  // "Which assumptions decide the verdict", when run
  std::optional<sim::TuneResult> tune;  // a tune of this very ruleset (tune_section.h: attachTuneResult)
  std::vector<DiceAnswer> dice;
  std::vector<AssumedMark> assumed;
  std::vector<WindowSection> window;  // what the window measured besides the run and the sweeps
};

// Where the report's games come from, one clause per part ("the run's 200
// games: the results on screen, not played again; the sweep's 60 games:
// played for this report"), so the counts never contradict each other.
std::string gamesProvenance(const ReportData& data);

// Computes the per-entity rows (with flags) from a run.
std::vector<EntityRow> entityRows(const sim::RunResult& run);
// Every assumed mark of the ruleset (metadata, parameters, dice, entities, effects, dice questions).
std::vector<AssumedMark> assumedMarks(const model::Ruleset& ruleset);
// FNV-1a 64-bit hash of the canonical YAML text, as 16 lowercase hex digits.
std::string contentHash(const model::Ruleset& ruleset);
// Answers every dice question of the ruleset with the dice lab.
std::vector<DiceAnswer> answerDiceQuestions(const model::Ruleset& ruleset);

}  // namespace wb::app
