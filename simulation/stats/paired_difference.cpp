#include "simulation/stats/paired_difference.h"

#include <algorithm>
#include <cmath>

namespace wb::sim {

void PairedDifference::add(double treated, double control) {
  const double d = treated - control;
  ++pairs;
  sum += d;
  sumSquares += d * d;
  sumTreated += treated;
  sumControl += control;
  if (d > 1e-12) ++better;
  else if (d < -1e-12) ++worse;
}

double PairedDifference::sd() const { return sdFromSums(sum, sumSquares, pairs); }

double PairedDifference::standardError() const {
  return pairs ? sd() / std::sqrt(static_cast<double>(pairs)) : 0.0;
}

Interval PairedDifference::interval(double z) const {
  if (pairs == 0) return {-1.0, 1.0};
  const double m = mean(), h = z * standardError();
  return {std::max(-1.0, m - h), std::min(1.0, m + h)};
}

double PairedDifference::pValue() const {
  if (pairs == 0) return 1.0;
  const double se = standardError();
  if (!(se > 0.0)) return std::fabs(mean()) > 1e-12 ? 0.0 : 1.0;
  return std::min(1.0, std::erfc(std::fabs(mean()) / se / std::sqrt(2.0)));
}

std::uint64_t PairedDifference::pairsToDetect(double delta) const {
  // n = ((z_0.975 + z_0.8) sd / delta)^2; z_0.8 = 0.8416.
  const double s = pairs >= 2 && sd() > 0 ? sd() : 1.0;
  const double n = std::pow((kZ95 + 0.8416212335729143) * s / std::max(1e-9, std::fabs(delta)), 2.0);
  return static_cast<std::uint64_t>(std::ceil(n));
}

}  // namespace wb::sim
