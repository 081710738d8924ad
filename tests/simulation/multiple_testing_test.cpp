// The statistics of the assumptions experiment and the setup conditions
// (simulation/stats/multiple_testing.h) against reference values from R.
#include <gtest/gtest.h>

#include <cmath>

#include "simulation/stats/multiple_testing.h"

using namespace wb;

TEST(MultipleTesting, HolmMatchesRPAdjust) {
  // p.adjust(c(0.01, 0.04, 0.03, 0.005), method = "holm") = 0.03 0.06 0.06 0.02
  const auto adj = sim::holmAdjust({0.01, 0.04, 0.03, 0.005});
  ASSERT_EQ(adj.size(), 4u);
  EXPECT_NEAR(adj[0], 0.03, 1e-12);
  EXPECT_NEAR(adj[1], 0.06, 1e-12);
  EXPECT_NEAR(adj[2], 0.06, 1e-12);
  EXPECT_NEAR(adj[3], 0.02, 1e-12);
  // Capped at 1; an empty family stays empty.
  const auto capped = sim::holmAdjust({0.5, 0.9});
  EXPECT_EQ(capped[0], 1.0);
  EXPECT_EQ(capped[1], 1.0);
  EXPECT_TRUE(sim::holmAdjust({}).empty());
}

TEST(MultipleTesting, TwoProportionPValueMatchesRPropTest) {
  // prop.test(c(30, 45), c(100, 100), correct = FALSE): X-squared = 4.8, p = 0.02845974
  EXPECT_NEAR(sim::twoProportionPValue(30, 100, 45, 100), 0.02845974, 1e-7);
  // prop.test(c(48, 56), c(80, 70), correct = FALSE): p = 0.008045
  EXPECT_NEAR(sim::twoProportionPValue(48, 80, 56, 70), 0.0080451, 1e-6);
  EXPECT_EQ(sim::twoProportionPValue(0, 100, 0, 100), 1.0);
  EXPECT_EQ(sim::twoProportionPValue(5, 0, 5, 10), 1.0);
}

TEST(MultipleTesting, MeanDifferencePValue) {
  // z = 1 / sqrt(4/100 + 4/100) = 3.5355; two-sided p = 4.0695e-4
  EXPECT_NEAR(sim::meanDifferencePValue(10, 2, 100, 11, 2, 100), 4.0695e-4, 1e-7);
  EXPECT_EQ(sim::meanDifferencePValue(3, 0, 10, 3, 0, 10), 1.0);
  EXPECT_EQ(sim::meanDifferencePValue(3, 0, 10, 4, 0, 10), 0.0);
}

TEST(MultipleTesting, KendallTauBMatchesRCor) {
  // cor(c(1,2,3,4,5), c(3,4,1,2,5), method = "kendall") = 0.2
  EXPECT_NEAR(sim::kendallTauB({1, 2, 3, 4, 5}, {3, 4, 1, 2, 5}), 0.2, 1e-12);
  // With ties (tau-b): cor(c(1,2,2,3), c(1,3,2,2), method = "kendall") = 0.4
  EXPECT_NEAR(sim::kendallTauB({1, 2, 2, 3}, {1, 3, 2, 2}), 0.4, 1e-12);
  EXPECT_NEAR(sim::kendallTauB({1, 2, 3}, {3, 2, 1}), -1.0, 1e-12);
}

TEST(MultipleTesting, DetectableRateDifference) {
  // (z_0.975 + z_0.8) * sqrt(2 * 0.25 / 1000) = 2.801585 * 0.0223607 = 0.062645
  EXPECT_NEAR(sim::detectableRateDifference(0.5, 1000, 0.05), 0.062645, 1e-5);
  EXPECT_NEAR(sim::normalQuantile(0.975), 1.959964, 1e-6);
  // A stricter level needs a larger difference; no games detect nothing.
  EXPECT_GT(sim::detectableRateDifference(0.5, 1000, 0.001), 0.062645);
  EXPECT_EQ(sim::detectableRateDifference(0.5, 0, 0.05), 1.0);
}
