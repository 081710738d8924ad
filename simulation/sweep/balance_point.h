// Where a swept win-rate curve crosses its target (the "balance point"):
// linear interpolation between the two points around the first crossing of
// the estimate, and an interval from where the 95% bound curves cross the
// target (the crossing nearest the estimate). A bound curve that never
// crosses leaves that end open (the fair value may lie beyond the range).
#pragma once

#include <optional>
#include <vector>

namespace wb::sim {

struct CurvePoint {
  double x = 0;     // the swept value
  double rate = 0;  // the metric's estimate
  double lo = 0;    // its 95% interval
  double hi = 0;
};

struct BalancePoint {
  bool crossed = false;          // false: "not crossed in range"
  double value = 0;              // the interpolated value (when crossed)
  std::optional<double> lo, hi;  // interval ends; nullopt = beyond the swept range
  int crossings = 0;             // how often the estimate crosses (1 for a monotone curve)
};

// `points` need not be sorted; they are sorted by x first.
BalancePoint findBalancePoint(std::vector<CurvePoint> points, double target);

}  // namespace wb::sim
