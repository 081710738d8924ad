// 95% intervals for the difference between two runs (B - A) of `balance
// compare`: Newcombe's hybrid score interval for two win rates (built from
// the two Wilson intervals; good at small counts and at rates near 0 or 1)
// and Welch's normal interval for two means (game length). Both treat the
// runs as independent samples; with common random numbers (same seeds) the
// runs are positively correlated, so the intervals are conservative.
#pragma once

#include <cstdint>

#include "simulation/stats/statistics.h"

namespace wb::sim {

// Interval for p_b - p_a, p = wins / n.
Interval proportionDifferenceInterval(std::uint64_t winsA, std::uint64_t nA, std::uint64_t winsB,
                                      std::uint64_t nB, double z = kZ95);

// Interval for mean_b - mean_a from sample means, standard deviations and sizes.
Interval meanDifferenceInterval(double meanA, double sdA, std::uint64_t nA, double meanB, double sdB,
                                std::uint64_t nB, double z = kZ95);

// "significant" at 95%: the interval excludes 0.
inline bool excludesZero(const Interval& ci) { return ci.lo > 0.0 || ci.hi < 0.0; }

}  // namespace wb::sim
