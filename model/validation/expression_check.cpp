// Expression parsing and name checks with positions (see expression_check.h).
#include "model/validation/expression_check.h"

#include <algorithm>
#include <cmath>

#include "model/core/scalar.h"
#include "model/validation/name_suggestion.h"
#include "model/validation/ruleset_validator.h"

namespace wb::model::validation {

ExpressionNames::ExpressionNames(const Ruleset& ruleset, const EngineSchema* schema) {
  for (const auto& p : ruleset.parameters) {
    if (p.type == ParameterType::Enum || p.type == ParameterType::String)
      m_textParameters.insert(p.id);
    else {
      m_known.insert(p.id);
      const double v = ruleset.number(p.id);
      m_ranges[p.id] = {v, v};
    }
  }
  for (const auto& d : ruleset.dice) {
    m_known.insert(d.id);
    if (d.faces.empty()) continue;
    auto [lo, hi] = std::minmax_element(d.faces.begin(), d.faces.end(),
                                        [](const DieFace& a, const DieFace& b) { return a.value < b.value; });
    m_ranges[d.id] = {lo->value, hi->value};
  }
  if (schema)
    for (const auto& n : schema->names) m_known.insert(n);
}

std::string ExpressionNames::check(std::string_view name) const {
  if (m_known.count(name)) return {};
  if (m_textParameters.count(name))
    return "parameter '" + std::string(name) + "' is not a number and cannot be used in an expression";
  return "unknown name '" + std::string(name) + "' in expression" + didYouMean(name, m_known);
}

std::optional<std::pair<double, double>> ExpressionNames::range(std::string_view name) const {
  auto it = m_ranges.find(name);
  if (it == m_ranges.end()) return std::nullopt;
  return it->second;
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

bool hasNames(const ExprNode& node) {
  if (node.kind == ExprNode::Kind::Name) return true;
  for (const auto& a : node.args)
    if (hasNames(a)) return true;
  return false;
}

// The value of a part without names, as the engines evaluate it (x / 0 is 0).
double constantOf(const ExprNode& n) {
  switch (n.kind) {
    case ExprNode::Kind::Number: return n.number;
    case ExprNode::Kind::Negate: return -constantOf(n.args[0]);
    case ExprNode::Kind::Add: return constantOf(n.args[0]) + constantOf(n.args[1]);
    case ExprNode::Kind::Subtract: return constantOf(n.args[0]) - constantOf(n.args[1]);
    case ExprNode::Kind::Multiply: return constantOf(n.args[0]) * constantOf(n.args[1]);
    case ExprNode::Kind::Divide: {
      const double d = constantOf(n.args[1]);
      return d == 0 ? 0 : constantOf(n.args[0]) / d;
    }
    default: return 0.0;  // a call (min, max, ceil, ...) of finite parts stays finite: its parts are checked
  }
}

using Range = std::pair<double, double>;

// The values a part can take, from its names' ranges (interval arithmetic);
// nullopt where a name's values are the engine's (my_gold) or a division may
// meet 0. A bound of a double's overflow is infinite.
std::optional<Range> rangeOf(const ExprNode& n, const ExpressionNames& names) {
  auto two = [&](auto op) -> std::optional<Range> {
    const auto a = rangeOf(n.args[0], names), b = rangeOf(n.args[1], names);
    if (!a || !b) return std::nullopt;
    return op(*a, *b);
  };
  switch (n.kind) {
    case ExprNode::Kind::Number: return Range{n.number, n.number};
    case ExprNode::Kind::Name: return names.range(n.name);
    case ExprNode::Kind::Negate: {
      const auto a = rangeOf(n.args[0], names);
      if (!a) return std::nullopt;
      return Range{-a->second, -a->first};
    }
    case ExprNode::Kind::Add: return two([](Range a, Range b) { return Range{a.first + b.first, a.second + b.second}; });
    case ExprNode::Kind::Subtract:
      return two([](Range a, Range b) { return Range{a.first - b.second, a.second - b.first}; });
    case ExprNode::Kind::Multiply:
      return two([](Range a, Range b) {
        const double p[] = {a.first * b.first, a.first * b.second, a.second * b.first, a.second * b.second};
        return Range{*std::min_element(std::begin(p), std::end(p)), *std::max_element(std::begin(p), std::end(p))};
      });
    default: return std::nullopt;  // divisions and calls: not followed
  }
}

// Amounts that cannot mean anything: a division by a constant 0 (taken as 0
// by the engines, so the card silently does nothing) and a constant part
// beyond a double (infinite). Warned at the part's column; the first of each.
bool checkValues(const ExprNode& node, const SourceLocation& where, const ExpressionNames& names, Diagnostics& out) {
  if (!hasNames(node) && node.kind != ExprNode::Kind::Number && node.kind != ExprNode::Kind::Call) {
    const double v = constantOf(node);
    if (!std::isfinite(v)) {
      out.warning(offsetLocation(where, node.column - 1),
                  "this part of the amount is infinite (beyond the largest number, about 1.8e308)");
      return true;
    }
  }
  if (node.kind == ExprNode::Kind::Divide && !hasNames(node.args[1]) && constantOf(node.args[1]) == 0) {
    out.warning(offsetLocation(where, node.args[1].column - 1),
                "division by zero: the amount is undefined here (the engines take x / 0 as 0)");
    return true;
  }
  if (node.kind == ExprNode::Kind::Divide && hasNames(node.args[1])) {
    const auto r = rangeOf(node.args[1], names);
    if (r && r->first <= 0 && r->second >= 0) {
      out.warning(offsetLocation(where, node.args[1].column - 1),
                  "the divisor can be 0 (its values range over [" + formatNumber(r->first) + ", " +
                      formatNumber(r->second) + "]): the amount is undefined then (the engines take x / 0 as 0)");
      return true;
    }
  }
  if (hasNames(node)) {
    const auto r = rangeOf(node, names);
    if (r && (!std::isfinite(r->first) || !std::isfinite(r->second))) {
      out.warning(offsetLocation(where, node.column - 1),
                  "this part of the amount can be infinite (beyond the largest number, about 1.8e308)");
      return true;
    }
  }
  for (const auto& arg : node.args)
    if (checkValues(arg, where, names, out)) return true;
  return false;
}
}  // namespace

void checkExpressionNames(const Expression& expr, const SourceLocation& where,
                          const ExpressionNames& names, Diagnostics& out) {
  std::set<std::string, std::less<>> reported;
  walk(expr.root(), where, names, reported, out);
  checkValues(expr.root(), where, names, out);
}

}  // namespace wb::model::validation
