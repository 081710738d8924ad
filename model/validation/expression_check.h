// Helper of the loader, the validator and the GUI's expression fields: parses
// amount expressions found in YAML values and checks the names they use,
// reporting problems at the exact column inside the value (`unknown name
// 'fier' in expression (did you mean 'fire'?)`).
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/expression/expression.h"
#include "model/validation/engine_schema.h"

namespace wb::model::validation {

// The names an expression of a ruleset may use: numeric parameters (int,
// float, bool), dice and the names the engine declares.
class ExpressionNames {
 public:
  ExpressionNames(const Ruleset& ruleset, const EngineSchema* schema);

  // "" if `name` may be used, else the message to report.
  std::string check(std::string_view name) const;
  // The values `name` takes where the ruleset says: a die's faces (lowest to
  // highest value), a numeric parameter's value; nullopt for the engine's names.
  std::optional<std::pair<double, double>> range(std::string_view name) const;

 private:
  std::map<std::string, std::pair<double, double>, std::less<>> m_ranges;
  std::set<std::string, std::less<>> m_known;
  std::set<std::string, std::less<>> m_textParameters;  // enum / string parameters
};

// Parses `text` (a YAML value starting at `where`); a syntax error is reported
// as `<what went wrong> in expression` at its column. nullopt on error.
std::optional<Expression> parseExpressionAt(std::string_view text, const SourceLocation& where,
                                            Diagnostics& out);

// Reports every distinct unknown name of `expr` at its column.
void checkExpressionNames(const Expression& expr, const SourceLocation& where,
                          const ExpressionNames& names, Diagnostics& out);

}  // namespace wb::model::validation
