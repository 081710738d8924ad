// A/B comparisons: a ruleset against itself shows no
// significant difference; a clearly stronger seat shows a significant one.
// Fixed seeds; the toy duel (tests/simulation/sweep/toy_duel.h) has exact rates.
#include <gtest/gtest.h>

#include "model/path/ruleset_path.h"
#include "simulation/compare/comparison_runner.h"
#include "simulation/compare/difference_interval.h"
#include "tests/simulation/sweep/toy_duel.h"

using namespace wb;

namespace {
sim::RunConfig runConfig() {
  sim::RunConfig c;
  c.games = 4000;
  c.seed = 11;
  c.threads = 2;
  c.agents = {"random"};
  return c;
}
const sim::MetricDifference* find(const std::vector<sim::MetricDifference>& m, const std::string& key) {
  for (const auto& d : m)
    if (d.key == key) return &d;
  return nullptr;
}
}  // namespace

TEST(DifferenceInterval, NewcombeAndWelch) {
  // Equal rates: symmetric around 0, not significant.
  auto same = sim::proportionDifferenceInterval(500, 1000, 500, 1000);
  EXPECT_NEAR(same.lo, -same.hi, 1e-12);
  EXPECT_FALSE(sim::excludesZero(same));
  // Newcombe's example 1 (56/70 vs 48/80): difference 0.2, interval [0.0524, 0.3339].
  auto ex = sim::proportionDifferenceInterval(48, 80, 56, 70);
  EXPECT_NEAR(ex.lo, 0.0524, 5e-4);
  EXPECT_NEAR(ex.hi, 0.3339, 5e-4);
  EXPECT_TRUE(sim::excludesZero(ex));
  auto m = sim::meanDifferenceInterval(10, 2, 100, 11, 2, 100);
  EXPECT_NEAR(m.lo, 1 - 1.96 * std::sqrt(0.08), 1e-3);
  EXPECT_TRUE(sim::excludesZero(m));
}

TEST(ComparisonRunner, ARulesetAgainstItselfIsNotSignificant) {
  auto registry = test::toyRegistry();
  auto a = test::toyDuelRuleset();
  sim::ComparisonRunner cmp(registry, a, a, runConfig());
  auto r = cmp.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.changes.empty());
  EXPECT_FALSE(r.anySignificant());
  for (const auto& m : r.metrics) {
    EXPECT_EQ(m.delta, 0.0) << m.key;
    EXPECT_STREQ(m.verdict(), "not significant");
  }
  ASSERT_NE(find(r.metrics, "seat:0"), nullptr);
  ASSERT_NE(find(r.metrics, "turns"), nullptr);
  ASSERT_NE(find(r.metrics, "draws"), nullptr);
}

TEST(ComparisonRunner, AStrongerSeatIsSignificant) {
  auto registry = test::toyRegistry();
  auto a = test::toyDuelRuleset();
  auto b = a;
  ASSERT_TRUE(model::setPath(b, "parameters.p0", "90"));
  sim::ComparisonRunner cmp(registry, a, b, runConfig());
  auto r = cmp.run();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.changes.size(), 1u);
  EXPECT_EQ(r.changes[0].describe(), "parameters.p0: 50 -> 90");
  const auto* seat0 = find(r.metrics, "seat:0");
  ASSERT_NE(seat0, nullptr);
  // Exact: 0.571 -> 0.45 / (0.45 + 0.25 - 0.1125) = 0.766.
  EXPECT_NEAR(seat0->a, 0.571, 0.03);
  EXPECT_NEAR(seat0->b, 0.766, 0.03);
  EXPECT_TRUE(seat0->significant);
  EXPECT_GT(seat0->ci.lo, 0.0);
  EXPECT_STREQ(seat0->verdict(), "significant");
  const auto* seat1 = find(r.metrics, "seat:1");
  ASSERT_NE(seat1, nullptr);
  EXPECT_TRUE(seat1->significant);
  EXPECT_LT(seat1->ci.hi, 0.0);
  // Games get shorter.
  const auto* turns = find(r.metrics, "turns");
  ASSERT_NE(turns, nullptr);
  EXPECT_LT(turns->delta, 0.0);
  EXPECT_TRUE(turns->significant);
}

TEST(ComparisonRunner, ACompileErrorNamesTheSide) {
  auto registry = test::toyRegistry();
  auto a = test::toyDuelRuleset();
  auto b = a;
  b.engine = "nope";
  auto r = sim::ComparisonRunner(registry, a, b, runConfig()).run();
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.error.rfind("B: ", 0), 0u) << r.error;
}
