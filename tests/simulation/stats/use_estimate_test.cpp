// Intervals of entity use and diversity (use_estimate.h) against reference
// values computed independently (a numerical gradient of the entropy in
// Python, t(0.975, 3) = 3.182446305284263), and the coverage of the
// diversity interval on draws with a known answer.
#include <gtest/gtest.h>

#include <cmath>

#include "simulation/core/rng.h"
#include "simulation/stats/use_estimate.h"

using namespace wb;

TEST(UseEstimate, UsePerGameMatchesTheReferenceDeltaMethodInterval) {
  // use 5, 3, 7, 6 in groups of 4, 4, 5, 3 games: 21 / 16 = 1.3125.
  const sim::UseEstimate e = sim::usePerGame({5, 3, 7, 6}, {4, 4, 5, 3}, 4);
  EXPECT_DOUBLE_EQ(e.value, 1.3125);
  EXPECT_NEAR(e.ci.lo, 0.6019845433298936, 1e-9);
  EXPECT_NEAR(e.ci.hi, 2.023015456670106, 1e-9);
  EXPECT_EQ(e.groups, 4u);
}

TEST(UseEstimate, DiversityMatchesTheReferenceDeltaMethodInterval) {
  // Four groups, four entities (the third never used: it drops out).
  const std::vector<std::vector<double>> groups = {{3, 1, 0, 2}, {2, 2, 0, 1}, {4, 0, 0, 3}, {1, 3, 0, 2}};
  const sim::UseEstimate d = sim::useDiversity(groups, 4);
  EXPECT_NEAR(d.value, 2.937492502324356, 1e-12);
  EXPECT_NEAR(d.ci.lo, 2.473190225882957, 1e-6);
  EXPECT_NEAR(d.ci.hi, 3.48896017415369, 1e-6);
  EXPECT_NEAR(d.se, 0.1588048811963314, 1e-6);
}

TEST(UseEstimate, DiversityOfEqualSharesIsTheNumberOfEntitiesAndOfNothingZero) {
  const sim::UseEstimate d = sim::useDiversity({{2, 2, 2}, {2, 2, 2}}, 2);
  EXPECT_NEAR(d.value, 3.0, 1e-12);
  EXPECT_NEAR(d.ci.lo, 3.0, 1e-9);  // no spread between the groups
  EXPECT_NEAR(d.ci.hi, 3.0, 1e-9);
  const sim::UseEstimate none = sim::useDiversity({{0, 0}, {0, 0}}, 2);
  EXPECT_EQ(none.value, 0.0);
  const sim::UseEstimate one = sim::useDiversity({{1, 2}}, 1);
  EXPECT_TRUE(std::isinf(one.ci.hi));  // one group: no interval
}

TEST(UseEstimate, DiversityIntervalCoversTheTrueValueAboutNineteenTimesInTwenty) {
  // Each game uses one of four entities with shares 0.4, 0.3, 0.2, 0.1: the
  // true diversity is exp(H) = 3.596... 400 runs of 32 groups of 25 games; the
  // coverage of a 95% interval lies within 3 binomial standard deviations
  // (sqrt(0.95 * 0.05 / 400) = 0.011) of 0.95.
  const double p[4] = {0.4, 0.3, 0.2, 0.1};
  double h = 0;
  for (double x : p) h -= x * std::log(x);
  const double truth = std::exp(h);
  sim::Rng rng(20260);
  int covered = 0;
  const int runs = 400;
  for (int run = 0; run < runs; ++run) {
    std::vector<std::vector<double>> groups(32, std::vector<double>(4, 0.0));
    for (auto& g : groups)
      for (int game = 0; game < 25; ++game) {
        const int u = sim::uniformInt(rng, 10);
        g[u < 4 ? 0 : u < 7 ? 1 : u < 9 ? 2 : 3] += 1;
      }
    const sim::UseEstimate d = sim::useDiversity(groups, groups.size());
    covered += d.ci.lo <= truth && truth <= d.ci.hi ? 1 : 0;
  }
  const double rate = static_cast<double>(covered) / runs;
  EXPECT_GT(rate, 0.95 - 3 * 0.011);
  EXPECT_LT(rate, 0.95 + 3 * 0.011);
}
