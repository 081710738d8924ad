// The Monte Carlo mode of the dice lab: the same queries as the exact engine
// (pool_engine.h, target_solver.h, expression_distribution.h), answered by
// sampling with Boost.Random (simulation/core/rng.h), as a cross-check. The
// empirical distribution comes with 95% intervals (Wilson for a probability,
// normal for the mean). Same seed, same numbers.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <string>
#include <vector>

#include "simulation/core/rng.h"
#include "simulation/dice/dice_pool.h"
#include "simulation/dice/pmf.h"
#include "simulation/dice/pool_engine.h"

namespace wb::model {
class Expression;
}

namespace wb::sim::dice {

struct ExpressionBinding;
class TargetSolver;

struct Interval {
  double low = 0;
  double high = 0;
};

// 95% Wilson score interval for `successes` out of `trials`.
Interval wilsonInterval(double successes, double trials, double z = 1.96);
// 95% normal interval for the mean of a sampled distribution of `trials` draws.
Interval meanInterval(const Pmf& empirical, double trials, double z = 1.96);

class DiceSampler {
 public:
  explicit DiceSampler(std::uint64_t seed) : m_rng(deriveSeed(seed, 0, 0)) {}

  // One roll of a die: index of the face. The die's weight table is cached
  // by address until the next call of pool / opposed / target / expression.
  std::size_t rollFace(const DieSpec& die);

  // Empirical distributions of `samples` draws (probabilities = frequencies).
  // Each draw is counted on `budget` (null: no bound); once it is stopped
  // (dice_budget.h) the result is empty.
  Pmf pool(const Pool& pool, const FaceScore& score, bool addConstant, long long samples, DiceBudget* budget = nullptr);
  Pmf opposed(const Pool& a, const Pool& b, long long samples, DiceBudget* budget = nullptr);
  // 1 = target reached playing the solver's optimal holds, 0 = missed.
  Pmf target(const DieSpec& die, const TargetSolver& solver, long long samples, DiceBudget* budget = nullptr);
  // nullopt + error when the expression does not compile against the binding.
  std::optional<Pmf> expression(const model::Expression& expr, const ExpressionBinding& binding, long long samples,
                                std::string* error = nullptr, DiceBudget* budget = nullptr);

  // Work of one draw, in budget units (for estimates and suggestions).
  static double poolDrawCost(const Pool& pool);
  static double opposedDrawCost(const Pool& a, const Pool& b);
  static double targetDrawCost(int dice, int rolls);
  static double expressionDrawCost(std::size_t dice, std::size_t instructions);

 private:
  // Value and score of one die of `term` (explosions included).
  DieOutcome rollTermDie(const PoolTerm& term, const FaceScore& score);
  double rollTerm(const PoolTerm& term, const FaceScore& score, std::vector<DieOutcome>& scratch);

  // Per die of the current call: prefix sums of the weights, so a roll is a
  // binary search (a d1000 was a scan of 2000 faces per roll).
  struct FaceTable {
    std::vector<double> cumulative;
    double total = 0;
    double top = 0;  // the highest value (explosions)
    bool uniform = true;
  };
  const FaceTable& tableOf(const DieSpec& die);

  Rng m_rng;
  std::unordered_map<const DieSpec*, FaceTable> m_tables;  // cleared by every public call
};

}  // namespace wb::sim::dice
