// Where a swept curve crosses its target (the "balance point"): linear
// interpolation between the two points around the first crossing of the
// estimate, and an interval from where the 95% bound curves cross the target
// (the crossing nearest the estimate). A bound curve that never crosses leaves
// that end open (the fair value may lie beyond the range).
//
// A balance point is reported only when the crossing is clear of noise: some
// point's interval lies entirely below the target and some point's entirely
// above it. Otherwise `crossed` is false and the result says whether the curve
// stays clearly on one side ("not crossed in range") or nothing is detectable
// ("no detectable effect in this range"), with the games per value that would
// detect a 2-point effect.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace wb::sim {

struct CurvePoint {
  double x = 0;     // the swept value
  double rate = 0;  // the metric's estimate
  double lo = 0;    // its 95% interval
  double hi = 0;
  double sd = 0.5;  // sd of one observation (a game or pair), for the games needed
};

struct BalancePoint {
  bool crossed = false;          // a balance point clear of noise
  double value = 0;              // the interpolated value (when crossed)
  std::optional<double> lo, hi;  // interval ends; nullopt = beyond the swept range
  int crossings = 0;             // how often the estimate crosses (1 for a monotone curve)
  int above = 0, below = 0;      // points whose interval lies entirely above / below the target
  // Not crossed and no point clearly off the target, or a crossing lost in the noise.
  bool noDetectableEffect() const { return !crossed && (above + below == 0 || crossings > 0); }
  std::uint64_t gamesFor2Points = 0;  // games (pairs) per value that detect a 2-point effect (95%, power 80%)
};

inline constexpr double kDetectableEffect = 0.02;

// `points` need not be sorted; they are sorted by x first.
BalancePoint findBalancePoint(std::vector<CurvePoint> points, double target);

}  // namespace wb::sim
