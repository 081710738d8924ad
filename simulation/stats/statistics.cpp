#include "simulation/stats/statistics.h"

#include <algorithm>
#include <cmath>

namespace wb::sim {

Interval wilsonInterval(std::uint64_t successes, std::uint64_t n, double z) {
  if (n == 0) return {0.0, 1.0};
  const double nn = static_cast<double>(n);
  const double p = static_cast<double>(std::min(successes, n)) / nn;
  const double z2 = z * z;
  const double denom = 1.0 + z2 / nn;
  const double centre = (p + z2 / (2.0 * nn)) / denom;
  const double half = z * std::sqrt(p * (1.0 - p) / nn + z2 / (4.0 * nn * nn)) / denom;
  // The exact ends: 0 successes give lo = 0 and n give hi = 1 (the formula
  // leaves float noise like 6.9e-18 there, which no one should have to read).
  const double lo = successes == 0 ? 0.0 : std::max(0.0, centre - half);
  const double hi = successes >= n ? 1.0 : std::min(1.0, centre + half);
  return {lo, hi};
}

double binomialTwoSidedPValue(std::uint64_t successes, std::uint64_t n, double p0) {
  if (n == 0) return 1.0;
  if (!(p0 > 0.0)) return successes == 0 ? 1.0 : 0.0;
  if (!(p0 < 1.0)) return successes == n ? 1.0 : 0.0;
  successes = std::min(successes, n);
  const double nn = static_cast<double>(n);
  if (n > 2000000) {
    const double sd = std::sqrt(nn * p0 * (1.0 - p0));
    const double zscore = std::fabs(static_cast<double>(successes) - nn * p0) / sd;
    return std::min(1.0, std::erfc(zscore / std::sqrt(2.0)));
  }
  const double lp = std::log(p0), lq = std::log1p(-p0);
  const double lgn = std::lgamma(nn + 1.0);
  auto logPmf = [&](std::uint64_t k) {
    const double kk = static_cast<double>(k);
    return lgn - std::lgamma(kk + 1.0) - std::lgamma(nn - kk + 1.0) + kk * lp + (nn - kk) * lq;
  };
  const double observed = logPmf(successes);
  const double tolerance = 1e-7;  // relative, as R's binom.test does
  double p = 0.0;
  for (std::uint64_t k = 0; k <= n; ++k) {
    const double l = logPmf(k);
    if (l <= observed + tolerance) p += std::exp(l);
  }
  return std::min(1.0, p);
}

double meanFromSums(double sum, std::uint64_t n) { return n ? sum / static_cast<double>(n) : 0.0; }

double sdFromSums(double sum, double sumSquares, std::uint64_t n) {
  if (n < 2) return 0.0;
  const double nn = static_cast<double>(n);
  const double var = (sumSquares - sum * sum / nn) / (nn - 1.0);
  return var > 0.0 ? std::sqrt(var) : 0.0;
}

}  // namespace wb::sim
