// Statistics of the tuner: a metric measured on blocks of games as a ratio of
// sums (tune_metric.h), and the difference of two candidates played on the
// same blocks (common random numbers: block b is the same games, the same
// seeds and seats, for every candidate).
//
//   value      the pooled ratio R = sum(num) / sum(den); its 95% interval is
//              Wilson's on the pooled counts for a share of games, else the
//              t interval of the ratio estimator (below).
//   difference D = R_a - R_b over paired blocks, the linearised (delta-method)
//              ratio estimator: e_k = (num_a,k - R_a den_a,k) / mean(den_a)
//                                   - (num_b,k - R_b den_b,k) / mean(den_b),
//              se = sd(e) / sqrt(n), 95% interval D +- t(0.975, n-1) se
//              (Student's t from Boost.Math). Pairs of equal blocks give e = 0:
//              a change that alters nothing has the interval [0, 0].
// With fewer than two blocks there is no interval (lo = -inf, hi = +inf).
#pragma once

#include <cstdint>
#include <vector>

#include "simulation/stats/statistics.h"
#include "simulation/tune/tune_metric.h"

namespace wb::sim {

struct Estimate {
  double value = 0;
  Interval ci{0, 0};
  double se = 0;
  std::uint64_t blocks = 0;
};

// The two-sided quantile t(1 - alpha/2, df) of Student's t (Boost.Math); df >= 1.
double studentTQuantile(double df, double confidence = 0.95);

// The pooled value of blocks [0, n) of `blocks`, and its 95% interval (see above).
Estimate ratioValue(const std::vector<Ratio>& blocks, std::size_t n, bool proportion);

// R_a - R_b over blocks [0, n) of both, paired by block (see above).
Estimate pairedRatioDifference(const std::vector<Ratio>& a, const std::vector<Ratio>& b, std::size_t n);

}  // namespace wb::sim
