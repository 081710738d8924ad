// Paths address any value of a ruleset, for the CLI's --set, sweeps and the GUI:
//   id, name, version, players.min, players.max
//   parameters.<id>                 the parameter's value (also .min .max .step .description)
//   dice.<id>.faces                 the list of face symbols (numeric values for standard dice)
//   dice.<id>.faces.<i>.weight      face i's relative frequency (> 0; sweepable), .symbol its symbol
//   <section>.<id>.<field>          section = cards|tiles|events|abilities|factions;
//                                   field = name|kind|count|cost|text|assumed
//   <section>.<id>.costs.<resource>
//   <section>.<id>.properties.<key>
//   <section>.<id>.effects.<index>.<arg>   (index 0-based; `op` is the op name)
// get/set convert through text; set checks the type and the declared range and
// leaves the ruleset unchanged on error.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"

namespace wb::model {

enum class ValueType { Int, Float, Bool, Text, Enum, Expression, List };
const char* toString(ValueType t);

struct PathValue {
  std::string path;
  ValueType type = ValueType::Text;
  std::string text;                  // current value as text (lists: comma separated)
  std::vector<std::string> items;    // List only
  std::optional<double> min, max;    // declared range, if any
  std::vector<std::string> choices;  // Enum only
  SourceLocation where;              // where the value is in the YAML, if known
  // Int/Float, or an expression whose current text is a plain number (costs, amounts).
  bool isNumeric() const;
};

std::optional<PathValue> getPath(const Ruleset& ruleset, std::string_view path,
                                 std::string* error = nullptr);
// Sets the value from text. Returns false with a message (unknown path, wrong
// type, out of range, bad expression) and leaves `ruleset` unchanged.
bool setPath(Ruleset& ruleset, std::string_view path, std::string_view text,
             std::string* error = nullptr);
// Every addressable scalar value (for pickers); numericOnly keeps Int/Float/Expression-constant.
std::vector<PathValue> listPaths(const Ruleset& ruleset, bool numericOnly = false);

}  // namespace wb::model
