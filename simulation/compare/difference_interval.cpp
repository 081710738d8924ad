#include "simulation/compare/difference_interval.h"

#include <cmath>

namespace wb::sim {

Interval proportionDifferenceInterval(std::uint64_t winsA, std::uint64_t nA, std::uint64_t winsB,
                                      std::uint64_t nB, double z) {
  if (nA == 0 || nB == 0) return {-1.0, 1.0};
  const double pA = static_cast<double>(winsA) / static_cast<double>(nA);
  const double pB = static_cast<double>(winsB) / static_cast<double>(nB);
  const Interval a = wilsonInterval(winsA, nA, z);
  const Interval b = wilsonInterval(winsB, nB, z);
  const double d = pB - pA;
  // Newcombe (1998), method 10.
  return {d - std::sqrt((pB - b.lo) * (pB - b.lo) + (a.hi - pA) * (a.hi - pA)),
          d + std::sqrt((b.hi - pB) * (b.hi - pB) + (pA - a.lo) * (pA - a.lo))};
}

Interval meanDifferenceInterval(double meanA, double sdA, std::uint64_t nA, double meanB, double sdB,
                                std::uint64_t nB, double z) {
  const double d = meanB - meanA;
  if (nA == 0 || nB == 0) return {-INFINITY, INFINITY};
  const double se = std::sqrt(sdA * sdA / static_cast<double>(nA) + sdB * sdB / static_cast<double>(nB));
  return {d - z * se, d + z * se};
}

}  // namespace wb::sim
