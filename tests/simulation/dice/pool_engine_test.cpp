// Dice lab exact engine: every query kind against literal
// brute-force enumeration on small pools, to 1e-12.
#include <gtest/gtest.h>

#include <cmath>

#include "simulation/dice/dice_notation.h"
#include "simulation/dice/pool_engine.h"
#include "tests/simulation/dice/brute_force.h"

namespace wb::sim::dice {
namespace {

Pool pool(const std::string& text) {
  NotationError e;
  auto p = parsePool(text, nullptr, &e);
  EXPECT_TRUE(p) << text << ": column " << e.column << ": " << e.message;
  return p ? *p : Pool{};
}

void expectSame(const Pmf& got, const std::map<double, double>& want, const std::string& what) {
  double total = 0;
  for (const auto& [x, p] : want) {
    EXPECT_NEAR(got.probability(x), p, 1e-12) << what << " outcome " << x;
    total += p;
  }
  for (const auto& [x, p] : got.map()) EXPECT_TRUE(want.count(x) || p < 1e-15) << what << " extra outcome " << x;
  EXPECT_NEAR(got.total(), 1.0, 1e-12) << what;
  EXPECT_NEAR(total, 1.0, 1e-12) << what;
}

const FaceScore kValue = [](const Face& f) { return f.value; };

TEST(DicePoolEngine, ThreeD6SumIsTheClassicTable) {
  Pmf p = sumDistribution(pool("3d6"));
  EXPECT_DOUBLE_EQ(p.probability(10), 27.0 / 216);
  EXPECT_DOUBLE_EQ(p.probability(3), 1.0 / 216);
  EXPECT_EQ(p.fraction(p.probability(10)), "27/216");
  EXPECT_EQ(p.fraction(p.atLeast(10)), "135/216");
  EXPECT_NEAR(p.mean(), 10.5, 1e-12);
  EXPECT_NEAR(p.sd(), std::sqrt(3 * 35.0 / 12), 1e-12);
}

TEST(DicePoolEngine, SumsMatchBruteForce) {
  for (const char* text : {"3d6", "2d6+1d8+2", "2d6-1d4", "d20-2", "3dF+1", "4d6kh3", "4d6dl1", "3d6kl2", "5d4dh2",
                           "3d6!2", "2d6!", "3d6!2kh2", "4d{1,1,2,3}kh2", "2d4!3kl1+1d6", "3d{0.5,1.5:2}", "1d4-3d4kh2"}) {
    Pool p = pool(text);
    expectSame(sumDistribution(p), test::bruteScore(p, kValue, true), text);
  }
}

TEST(DicePoolEngine, DropLowestEqualsKeepHighest) {
  Pmf a = sumDistribution(pool("4d6dl1")), b = sumDistribution(pool("4d6kh3"));
  for (const auto& [x, p] : b.map()) EXPECT_NEAR(a.probability(x), p, 1e-15);
  EXPECT_NEAR(b.probability(18), 21.0 / 1296, 1e-15);  // 6,6,6 plus any, counted by hand: 1 + 4*5
}

TEST(DicePoolEngine, ExplodingDieIsAChainOfRolls) {
  Pmf p = sumDistribution(pool("1d6!2"));
  EXPECT_NEAR(p.probability(5), 1.0 / 6, 1e-15);
  EXPECT_NEAR(p.probability(6), 0.0, 1e-15);           // a 6 always rolls again
  EXPECT_NEAR(p.probability(8), 1.0 / 36, 1e-15);      // 6 then 2
  EXPECT_NEAR(p.probability(18), 1.0 / 216, 1e-15);    // 6, 6, then 6: no more explosions
  EXPECT_EQ(p.denominator(), 216u);
}

TEST(DicePoolEngine, CountsMatchBruteForce) {
  struct Case {
    const char* pool;
    std::vector<std::string> faces;
  };
  for (const Case& c : {Case{"4d{fire:2,earth,water,air,Z}", {"fire", "Z"}}, Case{"3d6", {"6"}},
                        Case{"3d6kh2", {"1", "6"}}, Case{"2d{a,b,c}+2d{a:3,d}", {"a"}},
                        Case{"3d{x,y,Z}kh2", {"Z"}}, Case{"2d6!2", {"6"}}}) {
    Pool p = pool(c.pool);
    const auto& faces = c.faces;
    FaceScore hit = [&](const Face& f) { return std::find(faces.begin(), faces.end(), f.symbol) != faces.end() ? 1.0 : 0.0; };
    expectSame(countDistribution(p, c.faces), test::bruteScore(p, hit, false), c.pool);
  }
}

TEST(DicePoolEngine, CountOfOneFaceIsBinomial) {
  Pmf p = countDistribution(pool("4d{fire:2,earth,water,air,Z}"), {"fire"});
  EXPECT_NEAR(p.probability(0), std::pow(2.0 / 3, 4), 1e-15);
  EXPECT_NEAR(p.probability(4), std::pow(1.0 / 3, 4), 1e-15);
  EXPECT_EQ(p.denominator(), 1296u);
}

TEST(DicePoolEngine, NumericFunctionOfFacesMatchesBruteForce) {
  Pool p = pool("3d6kh2+1d4");
  FaceScore even = [](const Face& f) { return static_cast<int>(f.value) % 2 == 0 ? 2.0 : -1.0; };
  expectSame(scoreDistribution(p, even, false), test::bruteScore(p, even, false), "even/odd score");
}

TEST(DicePoolEngine, OpposedMatchesBruteForce) {
  struct Case {
    const char* a;
    const char* b;
  };
  for (const Case& c : {Case{"3d6", "2d6"}, Case{"2d4", "3d4"}, Case{"1d8+1d6", "2d6"}, Case{"2d6!1", "2d6"},
                        Case{"3d{1,2,2,3}", "3d3"}, Case{"1d6", "1d6"},
                        Case{"4d{1,3:2,6}", "3d4!2"}, Case{"2d4", "2d4+1d2"}, Case{"1d4", "4d3"}}) {
    Pool a = pool(c.a), b = pool(c.b);
    expectSame(opposedDistribution(a, b), test::bruteOpposed(a, b), std::string(c.a) + " vs " + c.b);
  }
}

TEST(DicePoolEngine, RiskThreeAgainstTwo) {
  // Classic RISK odds, 3 attacking dice vs 2 defending: defender loses 2 with
  // 2890/7776, each loses 1 with 2611/7776, attacker loses 2 with 2275/7776.
  Pmf p = opposedDistribution(pool("3d6"), pool("2d6"));
  EXPECT_NEAR(p.probability(2), 2890.0 / 7776, 1e-15);
  EXPECT_NEAR(p.probability(0), 2611.0 / 7776, 1e-15);
  EXPECT_NEAR(p.probability(-2), 2275.0 / 7776, 1e-15);
  EXPECT_EQ(p.fraction(p.probability(2)), "2890/7776");
}

TEST(DicePoolEngine, OpposedLevelsAgreeWithPairEnumeration) {
  // One term per pool takes the level DP; the same dice split into two terms
  // take the multiset path.
  Pmf fast = opposedDistribution(pool("5d6"), pool("4d6"));
  Pmf slow = opposedDistribution(pool("3d6+2d6"), pool("2d6+2d6"));
  for (const auto& [x, p] : slow.map()) EXPECT_NEAR(fast.probability(x), p, 1e-12) << x;
  EXPECT_EQ(fast.denominator(), slow.denominator());
}

TEST(DicePoolEngine, OpposedRejectsKeepAndConstants) {
  EXPECT_FALSE(opposedProblem(pool("3d6kh2")).empty());
  EXPECT_FALSE(opposedProblem(pool("3d6+1")).empty());
  EXPECT_FALSE(opposedProblem(pool("3d6-1d6")).empty());
  EXPECT_TRUE(opposedProblem(pool("3d6+1d8")).empty());
}

TEST(DicePoolEngine, BigPoolsStayNormalised) {
  Pmf p = sumDistribution(pool("100d6"));
  EXPECT_NEAR(p.total(), 1.0, 1e-9);
  EXPECT_NEAR(p.mean(), 350.0, 1e-9);
  EXPECT_NEAR(p.sd(), std::sqrt(100 * 35.0 / 12), 1e-9);
  Pmf k = sumDistribution(pool("20d6kh10"));
  EXPECT_NEAR(k.total(), 1.0, 1e-9);
  EXPECT_EQ(k.max(), 60);
}

}  // namespace
}  // namespace wb::sim::dice
