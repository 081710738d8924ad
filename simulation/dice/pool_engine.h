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
#pragma once

#include <functional>
#include <string>
#include <vector>

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
std::vector<DieOutcome> dieOutcomes(const PoolTerm& term, const FaceScore& score);
// Denominator of one die's probabilities (0 if not integral), explosions included.
std::uint64_t dieDenominator(const PoolTerm& term);

// Distribution of one term: sum of the scores of its kept dice (sign applied).
Pmf termDistribution(const PoolTerm& term, const FaceScore& score);

Pmf scoreDistribution(const Pool& pool, const FaceScore& score, bool addConstant);
Pmf sumDistribution(const Pool& pool);
Pmf countDistribution(const Pool& pool, const std::vector<std::string>& symbols);

// "" when the exact engine answers `pool` (sum / count) in about a second or
// less; otherwise why not (the caller offers Monte Carlo instead).
std::string exactCostProblem(const Pool& pool);
// The same for an opposed roll of `a` against `b`.
std::string opposedCostProblem(const Pool& a, const Pool& b);

// Checks `pool` can be used in an opposed roll (dice only, no keep, no
// subtraction); returns "" or the reason.
std::string opposedProblem(const Pool& pool);
// Pairs won by A minus pairs won by B, over min(dice of A, dice of B) pairs.
Pmf opposedDistribution(const Pool& a, const Pool& b);

}  // namespace wb::sim::dice
