// TuneRows: the Balance tab's targets and knobs as the designer typed them
// (text, kept even when it does not validate), and their two YAML forms: the
// text the simulation/tune validators read (one item per line, so that a
// diagnostic's line names its row) and the ruleset's `targets:` / `knobs:`
// sections (model::Ruleset::tuning) they are saved as.
//
//   targets:                                          # line 1
//     - {metric: "first_side", min: 0.45, max: 0.55}  # line 2: target row 0
//     - {skill: ["planner", "greedy"]}                 # line 3: row "skill: planner > greedy"
//   knobs:
//     - {path: "cards.*.cost", values: [3, 7, 12, 18]}
//     - {path: "parameters.starting_health", range: "60:160:10", lock: true}
//
// A knob's domain is one text: "a:b:step" is a range, "3, 7, 12" a list of
// values, "" the schema's range of each matching value.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "model/core/diagnostics.h"

namespace wb::app {

struct TargetRow {
  std::string metric, min, max;
  friend bool operator==(const TargetRow&, const TargetRow&) = default;
};

struct KnobRow {
  std::string path, domain;
  bool lock = false;
  friend bool operator==(const KnobRow&, const KnobRow&) = default;
};

struct TuneRows {
  std::vector<TargetRow> targets;
  std::vector<KnobRow> knobs;
  bool empty() const { return targets.empty() && knobs.empty(); }
  friend bool operator==(const TuneRows&, const TuneRows&) = default;
};

using TuningSections = std::vector<std::pair<std::string, std::string>>;

// The validators' text: "targets:" on line 1, target row i on line 2 + i,
// "knobs:" after them, knob row j on the line after it plus j.
std::string tuneRowsYaml(const TuneRows& rows);
int targetRowLine(int row);
int knobRowLine(const TuneRows& rows, int row);

// The ruleset's sections for these rows (no targets: no `targets:`; no knobs: no `knobs:`).
TuningSections tuningSections(const TuneRows& rows);
// Rows read back from the ruleset's sections, or from a targets file's text
// (`problem` says why a text could not be read; what could be read is kept).
TuneRows rowsFromTuning(const TuningSections& sections, std::string* problem = nullptr);
TuneRows rowsFromYaml(const std::string& text, std::string* problem = nullptr);

// The problems of `diags` sorted to the rows they point at (by line); the
// others (no targets, an unreadable ruleset) in `general`.
struct RowProblems {
  std::vector<std::string> targets, knobs;  // per row ("" = fine)
  std::vector<std::string> general;
  bool any() const;
};
RowProblems problemsByRow(const TuneRows& rows, const model::Diagnostics& diags);

}  // namespace wb::app
