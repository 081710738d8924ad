// The exact distribution of an amount expression over the dice it names
// (`fire * magic`, `ceil(2 * utility / 3)`, `max(0, fire - water)`): every
// die id is one independent die, every parameter a constant. The joint faces
// of the referenced dice are enumerated and the expression is evaluated
// (compiled) for each; the inspector shows the result next to the text.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "simulation/dice/dice_budget.h"
#include "simulation/dice/dice_pool.h"
#include "simulation/dice/pmf.h"

#include "model/expression/compiled_expression.h"

namespace wb::model {
class Expression;
struct Ruleset;
}  // namespace wb::model

namespace wb::sim::dice {

// What each name of an expression stands for.
struct ExpressionBinding {
  std::vector<std::pair<std::string, DieSpec>> dice;      // name -> die (one roll each)
  std::vector<std::pair<std::string, double>> constants;  // name -> value (parameters)
  double jointOutcomes() const;                           // product of the dice's face counts
};

inline constexpr double kMaxJointOutcomes = 2e7;

// An expression compiled against a binding: the dice take slots 0..n-1 (set
// them before each evaluation), the constants the slots after them (filled).
struct BoundExpression {
  model::CompiledExpression code;
  std::vector<double> vars;
};

// nullopt + "column N: message" when a name has no slot.
std::optional<BoundExpression> compileBound(const model::Expression& expr, const ExpressionBinding& binding,
                                            std::string* error = nullptr);

// Binds each name to a ruleset die (first) or a numeric parameter; without a
// ruleset, names `d<N>` are standard dice. nullopt + error for unknown names.
std::optional<ExpressionBinding> bindExpression(const model::Expression& expr, const model::Ruleset* ruleset,
                                                std::string* error = nullptr);

// Work of the exact distribution in budget units (dice_budget.h): every
// joint outcome is one evaluation of `instructions` plus a table update.
double expressionCost(const ExpressionBinding& binding, std::size_t instructions);

// Exact distribution; nullopt + error when it does not compile, has too
// many joint outcomes (> kMaxJointOutcomes) or costs more than the budget's
// limit. Counts its work on `budget` (null: a default of kExactWorkLimit);
// when the budget stops part way, nullopt with budget->why().
std::optional<Pmf> expressionDistribution(const model::Expression& expr, const ExpressionBinding& binding,
                                          std::string* error = nullptr, DiceBudget* budget = nullptr);

// Convenience: parse `text`, bind against `ruleset`, enumerate.
std::optional<Pmf> expressionDistribution(const std::string& text, const model::Ruleset* ruleset,
                                          std::string* error = nullptr);

}  // namespace wb::sim::dice
