// The paired difference of a causal experiment on common random numbers: each
// pair is one game seed played twice (e.g. with and without an entity), and the
// difference of the treated seat's score (1 win, 1/k draw, 0 otherwise) is one
// observation in [-1, 1]. Sums of doubles: the impact runner adds the pairs in
// index order, so the result does not depend on the thread count.
//
// The interval is the normal (z) interval of the mean difference; the p-value
// the two-sided z test of "mean difference = 0" (the paired t test is within
// 1% of it above 60 pairs). Pairs with equal scores are common with common
// random numbers and make the interval narrow: that is the point of pairing.
#pragma once

#include <cstdint>

#include "simulation/stats/statistics.h"

namespace wb::sim {

struct PairedDifference {
  std::uint64_t pairs = 0;
  double sum = 0, sumSquares = 0;      // of the differences
  double sumTreated = 0, sumControl = 0;
  std::uint64_t better = 0, worse = 0;  // pairs where the difference is > 0 / < 0

  void add(double treated, double control);
  double mean() const { return pairs ? sum / static_cast<double>(pairs) : 0.0; }
  double treatedMean() const { return pairs ? sumTreated / static_cast<double>(pairs) : 0.0; }
  double controlMean() const { return pairs ? sumControl / static_cast<double>(pairs) : 0.0; }
  double sd() const;
  double standardError() const;
  // 95% interval of the mean difference ([0, 0] with no variation).
  Interval interval(double z = kZ95) const;
  // Two-sided p-value of "the mean difference is 0" (1 with no pairs or no variation and mean 0).
  double pValue() const;
  // Pairs per arm that detect a true difference of `delta` with 95% confidence
  // and 80% power, from this sample's sd of the differences (or 1 if unknown).
  std::uint64_t pairsToDetect(double delta) const;
};

}  // namespace wb::sim
