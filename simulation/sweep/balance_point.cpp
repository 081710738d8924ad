#include "simulation/sweep/balance_point.h"

#include <algorithm>
#include <cmath>

namespace wb::sim {
namespace {

// Every x where the polyline (x_i, y_i) reaches target, in order.
template <typename Get>
std::vector<double> crossings(const std::vector<CurvePoint>& p, double target, Get y) {
  std::vector<double> out;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double d0 = y(p[i]) - target;
    if (d0 == 0.0) {
      if (out.empty() || out.back() != p[i].x) out.push_back(p[i].x);
      continue;
    }
    if (i + 1 == p.size()) break;
    const double d1 = y(p[i + 1]) - target;
    if (d1 == 0.0 || (d0 < 0) == (d1 < 0)) continue;
    const double t = d0 / (d0 - d1);
    out.push_back(p[i].x + t * (p[i + 1].x - p[i].x));
  }
  return out;
}

std::optional<double> nearest(const std::vector<double>& xs, double to) {
  std::optional<double> best;
  for (double x : xs)
    if (!best || std::abs(x - to) < std::abs(*best - to)) best = x;
  return best;
}

}  // namespace

BalancePoint findBalancePoint(std::vector<CurvePoint> points, double target) {
  std::stable_sort(points.begin(), points.end(), [](const CurvePoint& a, const CurvePoint& b) { return a.x < b.x; });
  BalancePoint bp;
  double sd = 0.0;
  for (const CurvePoint& p : points) {
    bp.above += p.lo > target ? 1 : 0;
    bp.below += p.hi < target ? 1 : 0;
    sd = std::max(sd, p.sd);
  }
  // n = ((z_0.975 + z_0.8) sd / 0.02)^2 per value.
  bp.gamesFor2Points = static_cast<std::uint64_t>(std::ceil(std::pow((1.959963984540054 + 0.8416212335729143) *
                                                                         (sd > 0 ? sd : 0.5) / kDetectableEffect, 2.0)));
  const auto est = crossings(points, target, [](const CurvePoint& p) { return p.rate; });
  bp.crossings = static_cast<int>(est.size());
  // A crossing counts only when it is clear of noise on both sides.
  if (est.empty() || bp.above == 0 || bp.below == 0) return bp;
  bp.crossed = true;
  bp.value = est.front();
  auto a = nearest(crossings(points, target, [](const CurvePoint& p) { return p.lo; }), bp.value);
  auto b = nearest(crossings(points, target, [](const CurvePoint& p) { return p.hi; }), bp.value);
  // Each bound curve lies on one side of the estimate, so its crossing is one
  // end of the interval; which end depends on the slope.
  if (a && b) {
    bp.lo = std::min(*a, *b);
    bp.hi = std::max(*a, *b);
  } else if (a || b) {
    const double x = a ? *a : *b;
    if (x <= bp.value) bp.lo = x; else bp.hi = x;
  }
  if (bp.lo && *bp.lo > bp.value) bp.lo = bp.value;
  if (bp.hi && *bp.hi < bp.value) bp.hi = bp.value;
  return bp;
}

}  // namespace wb::sim
