// Tests for many comparisons at once (the assumptions experiment, the setup
// conditions): two-sided p-values of a difference of two rates and of two
// means, Holm's step-down correction over a family of p-values, Kendall's tau-b
// between two rankings, and the smallest difference a comparison could have
// detected. Normal distributions from Boost.Math; checked against R's
// prop.test, p.adjust(method = "holm") and cor(method = "kendall")
// (tests/simulation/multiple_testing_test.cpp).
#pragma once

#include <cstdint>
#include <vector>

namespace wb::sim {

// Two-sided p-value of xA/nA against xB/nB: the pooled two-proportion z test
// (R: prop.test(c(xA, xB), c(nA, nB), correct = FALSE)). 1 when either n is 0
// or both rates are 0 or 1 alike.
double twoProportionPValue(std::uint64_t xA, std::uint64_t nA, std::uint64_t xB, std::uint64_t nB);

// Two-sided p-value of meanB - meanA from the means, standard deviations and
// sizes (Welch's statistic against the normal; the samples are large). 1 when
// both standard errors are 0 and the means are equal, 0 when they differ.
double meanDifferencePValue(double meanA, double sdA, std::uint64_t nA, double meanB, double sdB, std::uint64_t nB);

// Holm's step-down adjusted p-values, in the order given (R: p.adjust(p, "holm")).
// A test is significant at family-wise level alpha when its adjusted p <= alpha.
std::vector<double> holmAdjust(const std::vector<double>& pValues);

// Kendall's tau-b between two scorings of the same items (ties counted as
// such); 1 = same order, -1 = reversed. 1 when fewer than two items or when
// either scoring ranks nothing apart.
double kendallTauB(const std::vector<double>& a, const std::vector<double>& b);

// The smallest difference of a rate near `p` that two samples of n each detect
// with the given power by a two-sided test at level alpha:
// (z_{1-alpha/2} + z_{power}) * sqrt(2 p (1 - p) / n). 1 when n is 0.
double detectableRateDifference(double p, std::uint64_t n, double alpha, double power = 0.8);

// z_{q}: the standard normal quantile.
double normalQuantile(double q);

}  // namespace wb::sim
