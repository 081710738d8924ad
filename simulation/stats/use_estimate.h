// Intervals for entity use and the diversity of use, from independent groups
// of games (the tuner's blocks, or RunStats' UseGroups: game index mod 32).
//
//   use per game   R = sum(use) / sum(games) over the groups, the ratio
//                  estimator linearised (delta method): e_g = (use_g - R games_g)
//                  / mean(games), se = sd(e) / sqrt(G), 95% interval
//                  R +- t(0.975, G-1) se.
//   diversity      the effective number of entities in use: D = exp(H), H the
//                  entropy of the use shares p_i = T_i / T (T_i an entity's use
//                  over every group, T = sum T_i; entities never used drop
//                  out, 0 log 0 = 0). H as a function of the group means is
//                  linearised (delta method): dH/dT_i = -(log p_i + H) / T, so
//                  group g's influence is z_g = sum_i -(log p_i + H) x_gi / mean(T_g)
//                  (mean 0 by construction), se(H) = sd(z) / sqrt(G), and the
//                  95% interval exp(H -+ t(0.975, G-1) se(H)): an interval on
//                  the log scale, so it stays above 0 and is asymmetric
//                  around D. se(D) = D se(H). Nothing used: D = 0, [0, 0].
// With fewer than two groups there is no interval (lo = -inf, hi = +inf).
#pragma once

#include <cstdint>
#include <vector>

#include "simulation/stats/statistics.h"

namespace wb::sim {

struct UseEstimate {
  double value = 0;
  Interval ci{0, 0};
  double se = 0;
  std::uint64_t groups = 0;
};

// "acquired", "played", "triggered" for EntityUse 0, 1, 2 ("used" otherwise).
const char* useName(int use);

// `use[g]` and `games[g]` of groups g in [0, n).
UseEstimate usePerGame(const std::vector<double>& use, const std::vector<double>& games, std::size_t n);

// `groups[g][i]`: entity i's use in group g, for g in [0, n); every row the same length.
UseEstimate useDiversity(const std::vector<std::vector<double>>& groups, std::size_t n);

}  // namespace wb::sim
