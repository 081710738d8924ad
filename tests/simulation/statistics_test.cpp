// Wilson intervals and the exact binomial test against reference values from an
// independent implementation: tests/simulation/reference/stats_reference.py
// (Python standard library only: binomial p-values in exact rational arithmetic
// with fractions.Fraction, Wilson bounds in 60-digit decimal arithmetic; R's
// binom.test gives the same p-values). Run it to reproduce every value below.
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
      {0, 200, 0.0, 0.018845326377266575},
      {363, 1442, 0.23001254167137783, 0.27477410306627686},
      {1, 3, 0.06149194472039624, 0.7923403991979523},
      {200, 200, 0.9811546736227335, 1.0},
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
  EXPECT_NEAR(binomialTwoSidedPValue(363, 1442, 0.25), 0.8791672547557556, 1e-9);
  EXPECT_NEAR(binomialTwoSidedPValue(152, 310, 0.5), 0.7764790615850122, 1e-9);
  EXPECT_NEAR(binomialTwoSidedPValue(0, 30, 0.5), 1.862645149230957e-09, 1e-9 * 1.862645149230957e-09);
  const double tiny = binomialTwoSidedPValue(2, 400, 0.25);
  EXPECT_NEAR(tiny / 1.4863303238927362e-46, 1.0, 1e-6);
}

// The ends of a Wilson interval are exactly 0 at no successes and 1 at all
// (a person reads "0", never the formula's float noise like 6.9e-18).
TEST(Wilson, EndsAreExactAtZeroAndAll) {
  for (std::uint64_t n : {1u, 7u, 200u, 1442u, 100000u}) {
    EXPECT_EQ(wilsonInterval(0, n).lo, 0.0) << n;
    EXPECT_EQ(wilsonInterval(n, n).hi, 1.0) << n;
  }
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
