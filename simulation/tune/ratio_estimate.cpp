#include "simulation/tune/ratio_estimate.h"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace wb::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Sums {
  double num = 0, den = 0;
};

Sums sums(const std::vector<Ratio>& v, std::size_t n) {
  Sums s;
  for (std::size_t k = 0; k < n; ++k) {
    s.num += v[k].num;
    s.den += v[k].den;
  }
  return s;
}

// t interval from the residuals e_k (mean 0 by construction), around `centre`.
Estimate fromResiduals(double centre, const std::vector<double>& e) {
  Estimate out;
  out.value = centre;
  out.blocks = e.size();
  if (e.size() < 2) {
    out.se = kInf;
    out.ci = {-kInf, kInf};
    return out;
  }
  double ss = 0;
  for (double x : e) ss += x * x;
  const double n = static_cast<double>(e.size());
  const double sd = std::sqrt(ss / (n - 1));
  out.se = sd / std::sqrt(n);
  const double t = studentTQuantile(n - 1);
  out.ci = {centre - t * out.se, centre + t * out.se};
  return out;
}

}  // namespace

double studentTQuantile(double df, double confidence) {
  const boost::math::students_t dist(std::max(1.0, df));
  return boost::math::quantile(dist, 1.0 - (1.0 - confidence) / 2.0);
}

Estimate ratioValue(const std::vector<Ratio>& blocks, std::size_t n, bool proportion) {
  n = std::min(n, blocks.size());
  const Sums s = sums(blocks, n);
  const double r = s.den > 0 ? s.num / s.den : 0.0;
  if (proportion) {
    Estimate out;
    out.value = r;
    out.blocks = n;
    const auto wins = static_cast<std::uint64_t>(std::llround(s.num));
    const auto games = static_cast<std::uint64_t>(std::llround(s.den));
    out.ci = games > 0 ? wilsonInterval(std::min(wins, games), games) : Interval{0, 1};
    out.se = out.ci.halfWidth() / kZ95;
    return out;
  }
  const double meanDen = n > 0 ? s.den / static_cast<double>(n) : 0.0;
  std::vector<double> e;
  for (std::size_t k = 0; k < n; ++k) e.push_back(meanDen > 0 ? (blocks[k].num - r * blocks[k].den) / meanDen : 0.0);
  return fromResiduals(r, e);
}

Estimate pairedRatioDifference(const std::vector<Ratio>& a, const std::vector<Ratio>& b, std::size_t n) {
  n = std::min({n, a.size(), b.size()});
  const Sums sa = sums(a, n), sb = sums(b, n);
  const double ra = sa.den > 0 ? sa.num / sa.den : 0.0;
  const double rb = sb.den > 0 ? sb.num / sb.den : 0.0;
  const double ma = n > 0 ? sa.den / static_cast<double>(n) : 0.0;
  const double mb = n > 0 ? sb.den / static_cast<double>(n) : 0.0;
  std::vector<double> e;
  for (std::size_t k = 0; k < n; ++k) {
    const double ea = ma > 0 ? (a[k].num - ra * a[k].den) / ma : 0.0;
    const double eb = mb > 0 ? (b[k].num - rb * b[k].den) / mb : 0.0;
    e.push_back(ea - eb);
  }
  return fromResiduals(ra - rb, e);
}

}  // namespace wb::sim
