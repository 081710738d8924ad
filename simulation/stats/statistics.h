// Small, exact statistics for win rates: the Wilson score interval and the
// two-sided binomial test (first-player advantage). Pure functions, no state.
#pragma once

#include <cstdint>

namespace wb::sim {

struct Interval {
  double lo = 0.0;
  double hi = 1.0;
  double halfWidth() const { return (hi - lo) / 2.0; }
};

inline constexpr double kZ95 = 1.959963984540054;

// Wilson score interval for `successes` out of `n` (z = 1.96 for 95%).
// n == 0 gives [0, 1].
Interval wilsonInterval(std::uint64_t successes, std::uint64_t n, double z = kZ95);

// Two-sided p-value of `successes` out of `n` under a binomial(n, p0) null:
// the probability of an outcome no more likely than the observed one. Exact
// (summed in log space) for n <= 2,000,000, normal approximation beyond. n == 0 gives 1.
double binomialTwoSidedPValue(std::uint64_t successes, std::uint64_t n, double p0);

// Mean and sample standard deviation from sums (n - 1 denominator; 0 if n < 2).
double meanFromSums(double sum, std::uint64_t n);
double sdFromSums(double sum, double sumSquares, std::uint64_t n);

}  // namespace wb::sim
