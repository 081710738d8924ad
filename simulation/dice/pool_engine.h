// The exact engine over pools of dice: enumeration over multisets and dynamic
// programming, no sampling.
//
// - sumDistribution: the sum of the kept dice's values plus the constant;
// - scoreDistribution: the same with a numeric function of each face (the
//   value by default), e.g. 1 for a success face, 0 otherwise;
// - countDistribution: how many kept dice show one of a set of faces (an
//   exploding die counts every roll in its chain);
// - opposedDistribution: pools A and B compared pair by pair, highest against
//   highest (RISK-like), ties to B: the distribution of pairs won by A minus
//   pairs won by B.
//
// Opposed pools of one kind of die each are solved level by level (values
// high to low, binomial counts per level); mixed pools enumerate the sorted
// top dice of each pool as multisets.
//
// Keep / drop works per term on the dice's values; dice of equal value are
// ordered by their score (the higher score is kept first), so a count query
// with kh keeps the matching face among equal values.
//
// Cost: every function counts its work on `budget` (dice_budget.h;
// null = a default budget of kExactWorkLimit) and returns an empty result
// once the budget is stopped (over the limit, over kMaxDiceEntries, or
// cancelled): check budget->stopped(). exactCost / opposedCost estimate the
// work up front in the same units (infinity: a table would be too large).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "simulation/dice/dice_budget.h"
#include "simulation/dice/dice_pool.h"
#include "simulation/dice/pmf.h"

namespace wb::sim::dice {

using FaceScore = std::function<double(const Face&)>;

// One die of a term after explosions: its total value, its total score and probability.
struct DieOutcome {
  double value = 0;
  double score = 0;
  double probability = 0;
};

// The outcomes of one (possibly exploding) die of `term`, merged by (value, score).
std::vector<DieOutcome> dieOutcomes(const PoolTerm& term, const FaceScore& score, DiceBudget* budget = nullptr);
// Denominator of one die's probabilities (0 if not integral), explosions included.
std::uint64_t dieDenominator(const PoolTerm& term);

// Distribution of one term: sum of the scores of its kept dice (sign applied).
Pmf termDistribution(const PoolTerm& term, const FaceScore& score, DiceBudget* budget = nullptr);

Pmf scoreDistribution(const Pool& pool, const FaceScore& score, bool addConstant, DiceBudget* budget = nullptr);
Pmf sumDistribution(const Pool& pool, DiceBudget* budget = nullptr);
Pmf countDistribution(const Pool& pool, const std::vector<std::string>& symbols, DiceBudget* budget = nullptr);

// Estimated work of a sum / count of `pool` (budget units; infinity when a
// table would pass kMaxDiceEntries).
double exactCost(const Pool& pool);
// "" when the estimate is within `limit`; otherwise why not (the caller
// offers Monte Carlo instead).
std::string exactCostProblem(const Pool& pool, double limit = kExactWorkLimit);
// The same for an opposed roll of `a` against `b`.
double opposedCost(const Pool& a, const Pool& b);
std::string opposedCostProblem(const Pool& a, const Pool& b, double limit = kExactWorkLimit);

// Checks `pool` can be used in an opposed roll (dice only, no keep, no
// subtraction); returns "" or the reason.
std::string opposedProblem(const Pool& pool);
// Pairs won by A minus pairs won by B, over min(dice of A, dice of B) pairs.
Pmf opposedDistribution(const Pool& a, const Pool& b, DiceBudget* budget = nullptr);

}  // namespace wb::sim::dice
