// Dice lab Monte Carlo mode: with fixed seeds every sampled
// query agrees with the exact engine within its interval. Intervals use
// z = 3.29 (99.9%) so that the many checks here are not a coin toss; the
// sample size sets their width.
#include <gtest/gtest.h>

#include <cmath>

#include "model/core/ruleset.h"
#include "model/expression/expression.h"
#include "simulation/dice/dice_lab.h"
#include "simulation/dice/dice_notation.h"
#include "simulation/dice/dice_sampler.h"
#include "simulation/dice/expression_distribution.h"
#include "simulation/dice/pool_engine.h"
#include "simulation/dice/target_solver.h"

namespace wb::sim::dice {
namespace {

constexpr long long kSamples = 40000;
constexpr double kZ = 3.29;

// Every outcome expected at least 10 times has its frequency inside its
// Wilson interval, and the mean is inside its interval.
void expectAgrees(const Pmf& exact, const Pmf& sampled, const std::string& what) {
  for (const auto& [x, p] : exact.map()) {
    if (p * kSamples < 10) continue;
    Interval i = wilsonInterval(std::round(sampled.probability(x) * kSamples), kSamples, kZ);
    EXPECT_LE(i.low, p) << what << " outcome " << x;
    EXPECT_GE(i.high, p) << what << " outcome " << x;
  }
  Interval m = meanInterval(sampled, kSamples, kZ);
  EXPECT_LE(m.low, exact.mean()) << what;
  EXPECT_GE(m.high, exact.mean()) << what;
}

Pool pool(const char* text) { return *parsePool(text, nullptr); }

TEST(DiceSampler, PoolQueriesAgreeWithExact) {
  DiceSampler s(11);
  auto byValue = [](const Face& f) { return f.value; };
  for (const char* text : {"3d6", "4d6kh3", "6d10!4kh3", "2d6-1d4+1", "3d6kl2"})
    expectAgrees(sumDistribution(pool(text)), s.pool(pool(text), byValue, true, kSamples), text);
  Pool named = pool("4d{fire:2,earth,water,air,Z}");
  std::vector<std::string> faces{"fire", "Z"};
  auto hit = [&](const Face& f) { return f.symbol == "fire" || f.symbol == "Z" ? 1.0 : 0.0; };
  expectAgrees(countDistribution(named, faces), s.pool(named, hit, false, kSamples), "count");
  expectAgrees(opposedDistribution(pool("3d6"), pool("2d6")), s.opposed(pool("3d6"), pool("2d6"), kSamples), "vs");
}

TEST(DiceSampler, TargetPlayedWithTheOptimalPolicyAgrees) {
  DieSpec d = pool("1d{fire:2,earth,water,air,Z}").terms[0].die;
  auto alts = parseTarget("fire:2,earth:2|water:3");
  auto solver = TargetSolver::solve(d, 7, TargetSpec{*alts, 3, "Z", true});
  ASSERT_TRUE(solver);
  DiceSampler s(5);
  Pmf sampled = s.target(d, *solver, kSamples);
  Interval i = wilsonInterval(std::round(sampled.probability(1) * kSamples), kSamples, kZ);
  EXPECT_LE(i.low, solver->probability());
  EXPECT_GE(i.high, solver->probability());
}

TEST(DiceSampler, ExpressionAgrees) {
  model::Ruleset r;
  for (const char* id : {"earth", "magic"}) {
    model::Die d;
    d.id = id;
    for (int i = 1; i <= 6; ++i) d.faces.push_back(model::DieFace{std::to_string(i), static_cast<double>(i), 1});
    r.dice.push_back(d);
  }
  auto expr = model::Expression::parse("earth * magic");
  ASSERT_TRUE(expr);
  auto binding = bindExpression(*expr, &r);
  ASSERT_TRUE(binding);
  DiceSampler s(3);
  auto sampled = s.expression(*expr, *binding, kSamples);
  ASSERT_TRUE(sampled);
  expectAgrees(*expressionDistribution(*expr, *binding), *sampled, "earth * magic");
}

TEST(DiceSampler, SameSeedSameNumbers) {
  auto byValue = [](const Face& f) { return f.value; };
  DiceSampler a(42), b(42), c(43);
  Pmf pa = a.pool(pool("3d6"), byValue, true, 1000), pb = b.pool(pool("3d6"), byValue, true, 1000),
      pc = c.pool(pool("3d6"), byValue, true, 1000);
  EXPECT_EQ(pa.map(), pb.map());
  EXPECT_NE(pa.map(), pc.map());
}

TEST(DiceSampler, LabReportsIntervalsForMonteCarlo) {
  DiceRequest rq;
  rq.pool = "3d6";
  rq.atLeast = 10;
  rq.monteCarlo = 20000;
  rq.seed = 9;
  DiceResult res;
  DiceError err;
  ASSERT_TRUE(evaluateDice(rq, nullptr, res, err)) << err.format();
  EXPECT_FALSE(res.exact);
  EXPECT_EQ(res.samples, 20000);
  ASSERT_TRUE(res.probabilityInterval && res.meanInterval);
  EXPECT_LE(res.probabilityInterval->low, 0.625);
  EXPECT_GE(res.probabilityInterval->high, 0.625);
  EXPECT_LE(res.meanInterval->low, 10.5);
  EXPECT_GE(res.meanInterval->high, 10.5);
}

}  // namespace
}  // namespace wb::sim::dice
