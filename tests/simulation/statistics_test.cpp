// Wilson intervals and the exact binomial test against reference values
// (computed with exact rational arithmetic; R's binom.test gives the same p-values).
#include <gtest/gtest.h>

#include <cmath>

#include "simulation/stats/statistics.h"

using namespace wb::sim;

TEST(Wilson, MatchesReferenceValues) {
  struct Case { std::uint64_t k, n; double lo, hi; };
  const Case cases[] = {
      {5, 10, 0.236593090512564, 0.7634069094874361},
      {0, 10, 0.0, 0.2775327998628892},
      {10, 10, 0.7224672001371107, 1.0},
      {81, 263, 0.2552885198782742, 0.36620957698280004},
      {5000, 10000, 0.49020206181540477, 0.5097979381845952},
  };
  for (const auto& c : cases) {
    const Interval ci = wilsonInterval(c.k, c.n);
    EXPECT_NEAR(ci.lo, c.lo, 1e-12) << c.k << "/" << c.n;
    EXPECT_NEAR(ci.hi, c.hi, 1e-12) << c.k << "/" << c.n;
  }
}

TEST(Wilson, EmptySampleIsTheWholeRange) {
  const Interval ci = wilsonInterval(0, 0);
  EXPECT_EQ(ci.lo, 0.0);
  EXPECT_EQ(ci.hi, 1.0);
}

TEST(Wilson, HalfWidthShrinksLikeOneOverRootN) {
  // About 0.98 / sqrt(n) at p = 0.5: 9604 games give +-1 point.
  EXPECT_LE(wilsonInterval(4802, 9604).halfWidth(), 0.01 + 1e-6);
  EXPECT_GT(wilsonInterval(4000, 8000).halfWidth(), 0.01);
}

TEST(BinomialTest, MatchesReferencePValues) {
  EXPECT_NEAR(binomialTwoSidedPValue(7, 10, 0.5), 0.34375, 1e-12);
  EXPECT_NEAR(binomialTwoSidedPValue(60, 100, 0.5), 0.05688793364098079, 1e-10);
  EXPECT_NEAR(binomialTwoSidedPValue(3, 20, 1.0 / 3.0), 0.09808303171882866, 1e-10);
  EXPECT_NEAR(binomialTwoSidedPValue(550, 1000, 0.5), 0.0017305360849763176, 1e-10);
  EXPECT_NEAR(binomialTwoSidedPValue(40, 90, 1.0 / 3.0), 0.03295003456078985, 1e-10);
}

TEST(BinomialTest, EdgeCases) {
  EXPECT_EQ(binomialTwoSidedPValue(0, 0, 0.5), 1.0);
  EXPECT_NEAR(binomialTwoSidedPValue(50, 100, 0.5), 1.0, 1e-12);
  EXPECT_EQ(binomialTwoSidedPValue(0, 10, 0.0), 1.0);
  EXPECT_EQ(binomialTwoSidedPValue(3, 10, 0.0), 0.0);
  // Large n uses the normal approximation and stays sensible.
  EXPECT_NEAR(binomialTwoSidedPValue(2500000, 5000000, 0.5), 1.0, 1e-3);
  EXPECT_LT(binomialTwoSidedPValue(2510000, 5000000, 0.5), 1e-10);
}

TEST(Sums, MeanAndSampleSd) {
  // 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample sd sqrt(32/7).
  EXPECT_DOUBLE_EQ(meanFromSums(40, 8), 5.0);
  EXPECT_NEAR(sdFromSums(40, 232, 8), std::sqrt(32.0 / 7.0), 1e-12);
  EXPECT_EQ(sdFromSums(3, 9, 1), 0.0);
}
