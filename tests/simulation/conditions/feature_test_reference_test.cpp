// The feature tests of the setup conditions (condition_analysis.h: Pearson's
// chi-square test of homogeneity for a rate, the one-way analysis of variance
// for the mean length; Boost.Math's chi_squared and fisher_f distributions)
// against reference values computed independently, on a tally built game by
// game so that every count is known:
//   - feature `die` (1, 2, 3; 40 games each): 10, 20 and 30 timeouts;
//   - feature `arena` (a, b, c; 40 games each): lengths 9 and 11 (a), 11 and 13
//     (b), 13 and 15 (c), twenty games of each.
// The same reference values hold for the pooled two-proportion z test of one
// cell against the rest (R's prop.test without continuity correction).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "simulation/conditions/condition_analysis.h"
#include "simulation/stats/run_stats.h"

using namespace wb;

namespace {

sim::RunStats referenceRun() {
  sim::RunStats stats(2, 1, 0, 0);
  const std::vector<int> agents = {0, 0};
  const std::vector<int> noFactions;
  const std::vector<double> seat0Wins = {1.0, 0.0};
  int timeoutsSoFar[3] = {0, 0, 0};
  for (int i = 0; i < 120; ++i) {
    const int die = i % 3;           // 40 games per die value
    const int arena = i / 40;        // 40 games per arena, in blocks
    std::vector<sim::SetupFeature> features = {{"arena", std::string(1, static_cast<char>('a' + arena))},
                                               {"die", std::to_string(die + 1)}};
    sim::GameRecord g;
    g.index = static_cast<std::uint64_t>(i);
    g.turns = 10 + 2 * arena + (i % 2 == 0 ? -1 : 1);
    g.timedOut = timeoutsSoFar[die] < 10 * (die + 1);
    if (g.timedOut) ++timeoutsSoFar[die];
    g.returns = g.timedOut ? nullptr : &seat0Wins;
    g.agentOfSeat = &agents;
    g.factionOfSeat = &noFactions;
    g.features = &features;
    stats.add(g);
  }
  return stats;
}

const sim::FeatureTest* find(const sim::ConditionAnalysis& a, const std::string& feature, const std::string& measure) {
  for (const auto& t : a.featureTests)
    if (t.feature == feature && t.measure == measure) return &t;
  return nullptr;
}

}  // namespace

TEST(FeatureTestReference, ChiSquareOfTimeoutsByDie) {
  const auto a = sim::analyzeConditions(referenceRun());
  const sim::FeatureTest* t = find(a, "die", "timeouts");
  ASSERT_NE(t, nullptr);
  // The 3 x 2 table (timeouts, not) = (10, 30), (20, 20), (30, 10); expected 20 in
  // every cell: X^2 = (100 + 100 + 0 + 0 + 100 + 100) / 20 = 20, df = 2.
  // R: chisq.test(matrix(c(10, 30, 20, 20, 30, 10), ncol = 2, byrow = TRUE))
  //    X-squared = 20, df = 2, p-value = 4.54e-05. With 2 degrees of freedom the
  // chi-square survival function is exp(-x / 2) exactly: exp(-10) = 4.539993e-05.
  EXPECT_NEAR(t->statistic, 20.0, 1e-9);
  EXPECT_EQ(t->df, 2.0);
  EXPECT_NEAR(t->pValue, 4.5399929762484854e-05, 1e-15);
  EXPECT_EQ(t->lowest, "1");
  EXPECT_EQ(t->highest, "3");
}

TEST(FeatureTestReference, AnalysisOfVarianceOfLengthByArena) {
  const auto a = sim::analyzeConditions(referenceRun());
  const sim::FeatureTest* t = find(a, "arena", "turns");
  ASSERT_NE(t, nullptr);
  // Group means 10, 12, 14 (40 games each), grand mean 12; between-groups sum of
  // squares 40 * (4 + 0 + 4) = 320 on 2 df; within 120 * 1 = 120 on 117 df:
  // F = (320 / 2) / (120 / 117) = 156. With 2 numerator degrees of freedom the
  // F survival function is (1 + 2 F / df2)^(-df2 / 2) exactly:
  // (1 + 312 / 117)^(-58.5) = (11 / 3)^(-58.5) = exp(-58.5 * ln(11 / 3)).
  // R: pf(156, 2, 117, lower.tail = FALSE).
  EXPECT_NEAR(t->statistic, 156.0, 1e-9);
  EXPECT_EQ(t->df, 2.0);
  EXPECT_EQ(t->df2, 117.0);
  const double reference = std::exp(-58.5 * std::log(11.0 / 3.0));
  EXPECT_NEAR(t->pValue / reference, 1.0, 1e-9) << t->pValue << " vs " << reference;
  EXPECT_EQ(t->lowest, "a");
  EXPECT_EQ(t->highest, "c");
}

TEST(FeatureTestReference, ACellAgainstTheRestMatchesPropTest) {
  const auto a = sim::analyzeConditions(referenceRun());
  const std::size_t k = static_cast<std::size_t>(
      std::find(a.measureKeys.begin(), a.measureKeys.end(), "timeouts") - a.measureKeys.begin());
  ASSERT_LT(k, a.measureKeys.size());
  for (const auto& row : a.singles) {
    if (row.cell.label() != "die=1") continue;
    const auto& m = row.measures[k];
    // die=1: 10 of 40 against 50 of 80. R: prop.test(c(50, 10), c(80, 40), correct = FALSE):
    // X-squared = 15, p-value = 0.0001075; the pooled z test's statistic is the same
    // X^2 (z^2), and 2 * (1 - pnorm(sqrt(15))) = 1.075112e-04.
    EXPECT_NEAR(m.value, 0.25, 1e-12);
    EXPECT_NEAR(m.rest, 0.625, 1e-12);
    EXPECT_NEAR(m.pValue, 1.0751117e-04, 1e-10);
    EXPECT_TRUE(m.tested);
    return;
  }
  FAIL() << "no row die=1";
}
