// Expression parsing and name checks with positions (see expression_check.h).
#include "model/validation/expression_check.h"

#include "model/validation/name_suggestion.h"
#include "model/validation/ruleset_validator.h"

namespace wb::model::validation {

ExpressionNames::ExpressionNames(const Ruleset& ruleset, const EngineSchema* schema) {
  for (const auto& p : ruleset.parameters) {
    if (p.type == ParameterType::Enum || p.type == ParameterType::String)
      m_textParameters.insert(p.id);
    else
      m_known.insert(p.id);
  }
  for (const auto& d : ruleset.dice) m_known.insert(d.id);
  if (schema)
    for (const auto& n : schema->names) m_known.insert(n);
}

std::string ExpressionNames::check(std::string_view name) const {
  if (m_known.count(name)) return {};
  if (m_textParameters.count(name))
    return "parameter '" + std::string(name) + "' is not a number and cannot be used in an expression";
  return "unknown name '" + std::string(name) + "' in expression" + didYouMean(name, m_known);
}

std::optional<Expression> parseExpressionAt(std::string_view text, const SourceLocation& where,
                                            Diagnostics& out) {
  ExpressionError error;
  auto expr = Expression::parse(text, &error);
  if (!expr) out.error(offsetLocation(where, error.column > 0 ? error.column - 1 : 0), error.message + " in expression");
  return expr;
}

namespace {
void walk(const ExprNode& node, const SourceLocation& where, const ExpressionNames& names,
          std::set<std::string, std::less<>>& reported, Diagnostics& out) {
  if (node.kind == ExprNode::Kind::Name) {
    if (reported.count(node.name)) return;
    std::string problem = names.check(node.name);
    if (!problem.empty()) {
      reported.insert(node.name);
      out.error(offsetLocation(where, node.column - 1), std::move(problem));
    }
    return;
  }
  for (const auto& arg : node.args) walk(arg, where, names, reported, out);
}
}  // namespace

void checkExpressionNames(const Expression& expr, const SourceLocation& where,
                          const ExpressionNames& names, Diagnostics& out) {
  std::set<std::string, std::less<>> reported;
  walk(expr.root(), where, names, reported, out);
}

}  // namespace wb::model::validation
