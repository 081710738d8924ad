// The designer's tuning request as written (a targets file, or the `targets:`
// and `knobs:` sections of a ruleset): what each target bands and which values
// may move, with the place of every item so that later checks (a metric the
// game does not have, a knob path that matches nothing) point at the line.
//
//   targets:
//     - {metric: first_side, min: 0.45, max: 0.55}
//     - {metric: "faction:*", min: 0.40, max: 0.60}
//     - {metric: timeouts, max: 0.05}
//     - {skill: [planner, greedy, random], min: 0.55}
//   knobs:
//     - {path: "cards.*.cost", values: [3, 7, 12, 18]}
//     - {path: parameters.starting_health, range: "60:160:10"}
//     - {path: cards.veto.cost, lock: true}
//
// parseTuneSpec checks the form only (keys, types, min <= max, ranges, sizes)
// and reports every problem at once as `file:line:column: error: message`;
// targets.h and knob_space.h check the names against the game and the ruleset.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"

namespace wb::sim {

// Bounds of a tuning request (a larger one is an error, never a long wait).
inline constexpr std::size_t kMaxTargets = 1000;
inline constexpr std::size_t kMaxKnobEntries = 1000;
inline constexpr std::size_t kMaxKnobValues = 10000;   // values of one knob (a list or a range)
inline constexpr std::size_t kMaxTuneFileBytes = std::size_t{1} << 20;

// A skill matrix, `- {skill: [planner, greedy, random], min: 0.55}`: each
// agent (strongest first) beats the next in head-to-head games (skill:A>B
// targets, tune_metric.h); without a band, a win rate of at least
// kDefaultSkillMin for the stronger.
inline constexpr double kDefaultSkillMin = 0.55;

struct TargetSpec {
  std::string metric;                // as written: "first_side", "faction:*", ...; "skill" for a skill matrix
  std::optional<double> min, max;    // at least one (a skill matrix: kDefaultSkillMin when none)
  model::SourceLocation where;       // the metric's value (a skill matrix: its list)
  std::vector<std::string> skill;    // a skill matrix's agent specs, strongest first
  std::vector<model::SourceLocation> skillWhere;  // each spec's place
};

struct KnobSpec {
  std::string pattern;               // a path, `*` standing for one part: "cards.*.cost"
  std::vector<std::string> values;   // `values: [..]`, as text
  std::optional<double> from, to, step;  // `range: "a:b:step"`
  bool lock = false;                 // `lock: true`: never moved
  model::SourceLocation where;       // the path's value
  bool hasDomain() const { return !values.empty() || step.has_value(); }
  // The range's values from `from` to `to` by `step` (an empty list without a range).
  std::vector<double> rangeValues() const;
};

// The content guard (tuning-guard.md): every entity the knobs reach keeps its
// use per game inside [min, max] times its starting use, is not used in every
// game unless it was, and the diversity of each kind the knobs reach does not
// fall below its starting interval. On by default.
//   guard: off                                    no guard
//   guard: {min: 0.25, max: 4, every_game: false, diversity: false}
struct GuardSpec {
  bool on = true;
  double min = 0.5;                  // times the starting use
  std::optional<double> max;         // times the starting use; none: no upper bound
  bool everyGame = true;             // an entity not in every game stays out of some
  bool diversity = true;             // diversity does not fall by more than its interval
  model::SourceLocation where;       // the `guard:` value ({} when not written)
};

struct TuneSpec {
  GuardSpec guard;
  std::vector<TargetSpec> targets;
  std::vector<KnobSpec> knobs;       // empty: every bounded numeric value of the ruleset
  std::string file;
};

// Reads a targets file's text. `inRuleset`: the text is a ruleset, whose other
// keys are the loader's business (only `targets:` and `knobs:` are read);
// otherwise any other top-level key is an error. Every problem goes to `out`.
TuneSpec parseTuneSpec(std::string_view text, const std::string& file, bool inRuleset, model::Diagnostics& out);

// Reads the file at `path` (a regular file of at most kMaxTuneFileBytes) and parses it.
TuneSpec loadTuneSpec(const std::string& path, bool inRuleset, model::Diagnostics& out);

}  // namespace wb::sim
