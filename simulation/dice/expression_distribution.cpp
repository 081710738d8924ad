#include "simulation/dice/expression_distribution.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>
#include <utility>
#include <vector>

#include "model/core/ruleset.h"
#include "model/expression/compiled_expression.h"
#include "model/expression/expression.h"

namespace wb::sim::dice {

double ExpressionBinding::jointOutcomes() const {
  double n = 1;
  for (const auto& [name, die] : dice) n *= static_cast<double>(die.faces.size());
  return n;
}

std::optional<ExpressionBinding> bindExpression(const model::Expression& expr, const model::Ruleset* ruleset,
                                                std::string* error) {
  ExpressionBinding b;
  for (const auto& name : expr.names()) {
    if (ruleset) {
      if (const auto* die = ruleset->die(name)) {
        if (die->faces.empty() || die->totalWeight() <= 0) {
          if (error) *error = "die '" + name + "' has no faces";
          return std::nullopt;
        }
        b.dice.emplace_back(name, DieSpec::fromModel(*die));
        continue;
      }
      if (const auto* param = ruleset->parameter(name)) {
        auto v = model::toNumber(param->value);
        if (!v) {
          if (error) *error = "parameter '" + name + "' is not numeric";
          return std::nullopt;
        }
        b.constants.emplace_back(name, *v);
        continue;
      }
    }
    if (name.size() >= 2 && name[0] == 'd' && name.find_first_not_of("0123456789", 1) == std::string::npos &&
        name.size() <= 5) {
      int sides = std::stoi(name.substr(1));
      if (sides >= 1 && sides <= 1000) {
        b.dice.emplace_back(name, DieSpec::standard(sides));
        continue;
      }
    }
    if (error)
      *error = "unknown name '" + name + "'" +
               (ruleset ? " (not a die or parameter of the ruleset)" : " (use d6, d8, ... or --ruleset FILE)");
    return std::nullopt;
  }
  return b;
}

std::optional<BoundExpression> compileBound(const model::Expression& expr, const ExpressionBinding& binding,
                                            std::string* error) {
  const std::size_t nd = binding.dice.size();
  auto slotOf = [&](std::string_view name) -> int {
    for (std::size_t i = 0; i < nd; ++i)
      if (binding.dice[i].first == name) return static_cast<int>(i);
    for (std::size_t i = 0; i < binding.constants.size(); ++i)
      if (binding.constants[i].first == name) return static_cast<int>(nd + i);
    return -1;
  };
  model::ExpressionError ee;
  auto compiled = expr.compile(slotOf, &ee);
  if (!compiled) {
    if (error) *error = "column " + std::to_string(ee.column) + ": " + ee.message;
    return std::nullopt;
  }
  BoundExpression out{std::move(*compiled), std::vector<double>(nd + binding.constants.size(), 0.0)};
  for (std::size_t i = 0; i < binding.constants.size(); ++i) out.vars[nd + i] = binding.constants[i].second;
  return out;
}

double expressionCost(const ExpressionBinding& binding, std::size_t instructions) {
  return binding.jointOutcomes() * (static_cast<double>(instructions) * 2 + kHashUnits);
}

std::optional<Pmf> expressionDistribution(const model::Expression& expr, const ExpressionBinding& binding,
                                          std::string* error, DiceBudget* budget) {
  DiceBudget local;
  DiceBudget& b = budget ? *budget : local;
  if (binding.jointOutcomes() > kMaxJointOutcomes) {
    if (error) *error = "too many joint outcomes to enumerate (use --monte-carlo N)";
    return std::nullopt;
  }
  const std::size_t nd = binding.dice.size();
  auto bound = compileBound(expr, binding, error);
  if (!bound) return std::nullopt;
  const double cost = expressionCost(binding, bound->code.size());
  if (cost > b.limit()) {
    if (error)
      *error = "too large to enumerate exactly (" + aboutSeconds(cost) + " of work; the bound is " +
               aboutSeconds(b.limit()) + "; use --monte-carlo N)";
    return std::nullopt;
  }
  const double perOutcome = static_cast<double>(bound->code.size()) * 2 + kHashUnits;
  const model::CompiledExpression* compiled = &bound->code;
  std::vector<double>& vars = bound->vars;
  std::vector<double> totals(nd);
  std::uint64_t denominator = 1;
  for (std::size_t i = 0; i < nd; ++i) {
    totals[i] = binding.dice[i].second.totalWeight();
    denominator = Pmf::multiplyDenominators(denominator, binding.dice[i].second.integerTotalWeight());
  }
  // Odometer over the joint faces; prob[i] = probability of the faces of dice 0..i.
  std::vector<std::size_t> face(nd, 0);
  std::vector<double> prob(nd + 1, 1.0);
  auto setFace = [&](std::size_t i) {
    const Face& f = binding.dice[i].second.faces[face[i]];
    vars[i] = f.value;
    prob[i + 1] = prob[i] * f.weight / totals[i];
  };
  for (std::size_t i = 0; i < nd; ++i) setFace(i);
  // Outcomes are hashed while enumerating (a std::map update per joint
  // outcome made 2e7 outcomes take minutes) and sorted once at the end.
  std::unordered_map<double, double> acc;
  double undefined = 0;  // NaN outcomes (inf - inf): kept apart, see Pmf::undefined
  while (true) {
    if (!b.spend(perOutcome) || (acc.size() >= kMaxDiceEntries && !b.fits(acc.size() + 1))) {
      if (error) *error = "stopped: " + b.why();
      return std::nullopt;
    }
    const double v = compiled->evaluate(vars.data());
    if (std::isnan(v)) {
      undefined += prob[nd];
    } else {
      auto [it, added] = acc.try_emplace(Pmf::snap(v), 0.0);
      it->second += prob[nd];
      if (added && !b.spend(kOutcomeUnits)) {  // a new outcome costs far more than a repeated one
        if (error) *error = "stopped: " + b.why();
        return std::nullopt;
      }
    }
    std::size_t i = nd;
    while (i > 0) {
      --i;
      if (++face[i] < binding.dice[i].second.faces.size()) break;
      face[i] = 0;
      if (i == 0) {
        i = nd + 1;  // done
        break;
      }
    }
    if (i > nd || nd == 0) break;
    for (std::size_t j = i; j < nd; ++j) setFace(j);
  }
  std::vector<std::pair<double, double>> sorted(acc.begin(), acc.end());
  std::sort(sorted.begin(), sorted.end());
  Pmf out;
  for (const auto& [x, p] : sorted) out.add(x, p);
  out.addUndefined(undefined);
  out.setDenominator(denominator);
  return out;
}

std::optional<Pmf> expressionDistribution(const std::string& text, const model::Ruleset* ruleset, std::string* error) {
  model::ExpressionError ee;
  auto expr = model::Expression::parse(text, &ee);
  if (!expr) {
    if (error) *error = "column " + std::to_string(ee.column) + ": " + ee.message;
    return std::nullopt;
  }
  auto binding = bindExpression(*expr, ruleset, error);
  if (!binding) return std::nullopt;
  return expressionDistribution(*expr, *binding, error);
}

}  // namespace wb::sim::dice
