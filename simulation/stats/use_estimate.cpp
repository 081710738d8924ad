#include "simulation/stats/use_estimate.h"

#include <boost/math/distributions/students_t.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace wb::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

double t975(double df) {
  const boost::math::students_t dist(std::max(1.0, df));
  return boost::math::quantile(dist, 0.975);
}

// The standard error of the mean of residuals that sum to 0.
double seOf(const std::vector<double>& e) {
  double ss = 0;
  for (double x : e) ss += x * x;
  const double n = static_cast<double>(e.size());
  return std::sqrt(ss / (n - 1)) / std::sqrt(n);
}

}  // namespace

const char* useName(int use) {
  switch (use) {
    case 0: return "acquired";
    case 1: return "played";
    case 2: return "triggered";
  }
  return "used";
}

UseEstimate usePerGame(const std::vector<double>& use, const std::vector<double>& games, std::size_t n) {
  n = std::min({n, use.size(), games.size()});
  UseEstimate out;
  out.groups = n;
  double u = 0, g = 0;
  for (std::size_t k = 0; k < n; ++k) {
    u += use[k];
    g += games[k];
  }
  out.value = g > 0 ? u / g : 0.0;
  if (n < 2) {
    out.se = kInf;
    out.ci = {-kInf, kInf};
    return out;
  }
  const double meanGames = g / static_cast<double>(n);
  std::vector<double> e;
  for (std::size_t k = 0; k < n; ++k) e.push_back(meanGames > 0 ? (use[k] - out.value * games[k]) / meanGames : 0.0);
  out.se = seOf(e);
  const double t = t975(static_cast<double>(n) - 1);
  out.ci = {out.value - t * out.se, out.value + t * out.se};
  return out;
}

UseEstimate useDiversity(const std::vector<std::vector<double>>& groups, std::size_t n) {
  n = std::min(n, groups.size());
  UseEstimate out;
  out.groups = n;
  const std::size_t width = n > 0 ? groups.front().size() : 0;
  std::vector<double> total(width, 0.0);
  for (std::size_t g = 0; g < n; ++g)
    for (std::size_t i = 0; i < width && i < groups[g].size(); ++i) total[i] += groups[g][i];
  double all = 0;
  for (double x : total) all += x;
  if (!(all > 0)) return out;  // nothing used: 0, [0, 0]
  double h = 0;
  std::vector<double> weight(width, 0.0);  // -(log p_i + H), for the used entities
  for (double x : total)
    if (x > 0) h -= x / all * std::log(x / all);
  for (std::size_t i = 0; i < width; ++i)
    if (total[i] > 0) weight[i] = -(std::log(total[i] / all) + h);
  out.value = std::exp(h);
  if (n < 2) {
    out.se = kInf;
    out.ci = {-kInf, kInf};
    return out;
  }
  const double meanTotal = all / static_cast<double>(n);
  std::vector<double> z;
  for (std::size_t g = 0; g < n; ++g) {
    double s = 0;
    for (std::size_t i = 0; i < width && i < groups[g].size(); ++i) s += weight[i] * groups[g][i];
    z.push_back(s / meanTotal);
  }
  const double seH = seOf(z);
  const double t = t975(static_cast<double>(n) - 1);
  out.se = out.value * seH;
  out.ci = {std::exp(h - t * seH), std::exp(h + t * seH)};
  return out;
}

}  // namespace wb::sim
