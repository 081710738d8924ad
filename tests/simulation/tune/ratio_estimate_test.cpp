// The tuner's statistics: Student's t quantiles from Boost.Math
// against reference values, and the paired ratio estimator on hand-worked blocks.
#include <gtest/gtest.h>

#include <cmath>

#include "simulation/tune/ratio_estimate.h"

using namespace wb;

TEST(TuneStatistics, StudentTQuantilesMatchReferenceValues) {
  // Closed forms for 1 and 2 degrees of freedom: tan(pi (p - 1/2)) and
  // (2p - 1) / sqrt(2 p (1 - p)); the others from printed t tables (0.975 quantile).
  const double pi = std::acos(-1.0);
  EXPECT_NEAR(sim::studentTQuantile(1), std::tan(pi * 0.475), 1e-9);
  EXPECT_NEAR(sim::studentTQuantile(1), 12.706204736, 1e-8);
  EXPECT_NEAR(sim::studentTQuantile(2), 0.95 / std::sqrt(2 * 0.975 * 0.025), 1e-9);
  EXPECT_NEAR(sim::studentTQuantile(9), 2.262157163, 1e-8);
  EXPECT_NEAR(sim::studentTQuantile(30), 2.042272456, 1e-8);
  EXPECT_NEAR(sim::studentTQuantile(4, 0.90), 2.131846786, 1e-8);
  // Large df tends to the normal quantile.
  EXPECT_NEAR(sim::studentTQuantile(1e7), sim::kZ95, 1e-6);
}

TEST(TuneStatistics, PairedDifferenceOfEqualBlocksIsExactlyZero) {
  const std::vector<sim::Ratio> a = {{3, 4}, {1, 4}, {2, 4}, {4, 4}};
  const sim::Estimate d = sim::pairedRatioDifference(a, a, a.size());
  EXPECT_EQ(d.value, 0.0);
  EXPECT_EQ(d.ci.lo, 0.0);
  EXPECT_EQ(d.ci.hi, 0.0);
}

TEST(TuneStatistics, PairedRatioDifferenceByHand) {
  // Equal denominators: the estimator is the paired t interval of the block rates.
  // Rates a: .75 .25 .5 1; b: .5 .25 .25 .75 -> differences .25 0 .25 .25,
  // mean .1875, sd 0.125, se 0.0625, t(3) = 3.182446305.
  const std::vector<sim::Ratio> a = {{3, 4}, {1, 4}, {2, 4}, {4, 4}};
  const std::vector<sim::Ratio> b = {{2, 4}, {1, 4}, {1, 4}, {3, 4}};
  const sim::Estimate d = sim::pairedRatioDifference(a, b, 4);
  EXPECT_NEAR(d.value, 0.1875, 1e-12);
  EXPECT_NEAR(d.se, 0.0625, 1e-12);
  EXPECT_NEAR(d.ci.lo, 0.1875 - 3.182446305 * 0.0625, 1e-8);
  EXPECT_NEAR(d.ci.hi, 0.1875 + 3.182446305 * 0.0625, 1e-8);
  EXPECT_EQ(d.blocks, 4u);
  // Only the first n blocks count; one block gives no interval.
  const sim::Estimate one = sim::pairedRatioDifference(a, b, 1);
  EXPECT_NEAR(one.value, 0.25, 1e-12);
  EXPECT_TRUE(std::isinf(one.ci.hi));
}

TEST(TuneStatistics, ValuesPoolTheBlocks) {
  // A share: Wilson on the pooled counts (10 of 16).
  const std::vector<sim::Ratio> a = {{3, 4}, {1, 4}, {2, 4}, {4, 4}};
  const sim::Estimate v = sim::ratioValue(a, 4, true);
  EXPECT_NEAR(v.value, 10.0 / 16.0, 1e-12);
  const sim::Interval w = sim::wilsonInterval(10, 16);
  EXPECT_DOUBLE_EQ(v.ci.lo, w.lo);
  EXPECT_DOUBLE_EQ(v.ci.hi, w.hi);
  // A mean (turns / games): residuals (num - R den) / mean(den), here blocks of
  // 2 games with 10, 14, 12, 20 turns: R = 7, residuals -2 0 -1 3, sd sqrt(14/3).
  const std::vector<sim::Ratio> len = {{10, 2}, {14, 2}, {12, 2}, {20, 2}};
  const sim::Estimate m = sim::ratioValue(len, 4, false);
  EXPECT_NEAR(m.value, 7.0, 1e-12);
  EXPECT_NEAR(m.se, std::sqrt(14.0 / 3.0) / 2.0, 1e-12);
}
