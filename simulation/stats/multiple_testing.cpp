#include "simulation/stats/multiple_testing.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include <boost/math/distributions/normal.hpp>

namespace wb::sim {
namespace {

double twoSidedNormal(double z) {
  if (!std::isfinite(z)) return 0.0;
  const boost::math::normal_distribution<double> unit;
  return std::min(1.0, 2.0 * boost::math::cdf(boost::math::complement(unit, std::fabs(z))));
}

}  // namespace

double normalQuantile(double q) {
  const boost::math::normal_distribution<double> unit;
  return boost::math::quantile(unit, std::clamp(q, 1e-300, 1.0 - 1e-16));
}

double twoProportionPValue(std::uint64_t xA, std::uint64_t nA, std::uint64_t xB, std::uint64_t nB) {
  if (nA == 0 || nB == 0) return 1.0;
  const double a = static_cast<double>(xA) / static_cast<double>(nA);
  const double b = static_cast<double>(xB) / static_cast<double>(nB);
  const double pooled = static_cast<double>(xA + xB) / static_cast<double>(nA + nB);
  const double var = pooled * (1.0 - pooled) * (1.0 / static_cast<double>(nA) + 1.0 / static_cast<double>(nB));
  if (!(var > 0.0)) return 1.0;  // both 0 or both 1: no evidence of a difference
  return twoSidedNormal((b - a) / std::sqrt(var));
}

double meanDifferencePValue(double meanA, double sdA, std::uint64_t nA, double meanB, double sdB, std::uint64_t nB) {
  if (nA == 0 || nB == 0) return 1.0;
  const double se = std::sqrt(sdA * sdA / static_cast<double>(nA) + sdB * sdB / static_cast<double>(nB));
  if (!(se > 0.0)) return meanA == meanB ? 1.0 : 0.0;
  return twoSidedNormal((meanB - meanA) / se);
}

std::vector<double> holmAdjust(const std::vector<double>& pValues) {
  const std::size_t m = pValues.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) { return pValues[x] < pValues[y]; });
  std::vector<double> adjusted(m, 1.0);
  double running = 0.0;
  for (std::size_t k = 0; k < m; ++k) {
    const double v = std::min(1.0, static_cast<double>(m - k) * pValues[order[k]]);
    running = std::max(running, v);
    adjusted[order[k]] = running;
  }
  return adjusted;
}

double kendallTauB(const std::vector<double>& a, const std::vector<double>& b) {
  const std::size_t n = std::min(a.size(), b.size());
  if (n < 2) return 1.0;
  double concordant = 0, discordant = 0, tiesA = 0, tiesB = 0;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const double da = a[i] - a[j];
      const double db = b[i] - b[j];
      if (da == 0 && db == 0) continue;
      if (da == 0) {
        ++tiesA;
      } else if (db == 0) {
        ++tiesB;
      } else if ((da > 0) == (db > 0)) {
        ++concordant;
      } else {
        ++discordant;
      }
    }
  }
  const double denom = std::sqrt((concordant + discordant + tiesA) * (concordant + discordant + tiesB));
  if (!(denom > 0)) return 1.0;
  return (concordant - discordant) / denom;
}

double detectableRateDifference(double p, std::uint64_t n, double alpha, double power) {
  if (n == 0) return 1.0;
  p = std::clamp(p, 0.0, 1.0);
  // A rate of 0 or 1 has no spread to measure: use the rule of three's 3/n scale.
  const double spread = std::max(p * (1.0 - p), 3.0 / static_cast<double>(n) * (1.0 - 3.0 / static_cast<double>(n)));
  const double z = normalQuantile(1.0 - alpha / 2.0) + normalQuantile(power);
  return std::min(1.0, z * std::sqrt(2.0 * std::max(0.0, spread) / static_cast<double>(n)));
}

}  // namespace wb::sim
