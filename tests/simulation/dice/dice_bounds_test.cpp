// The dice lab's cost bounds: every input that once crashed, hung or ate the
// machine gives the right answer or a clear refusal with a suggestion, long
// work can be cancelled and reports progress, and the budget truly stops work
// that an estimate let through.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <string>
#include <thread>
#include <vector>

#include "model/expression/expression.h"
#include "simulation/dice/dice_lab.h"
#include "simulation/dice/dice_notation.h"
#include "simulation/dice/expression_distribution.h"
#include "simulation/dice/pool_engine.h"

namespace wb::sim::dice {
namespace {

DiceRequest sumOf(const std::string& pool) {
  DiceRequest r;
  r.pool = pool;
  return r;
}

DiceRequest expressionOf(const std::string& text) {
  DiceRequest r;
  r.query = DiceQuery::Expression;
  r.expression = text;
  return r;
}

double binomial(int n, int k, double p) {
  return std::exp(std::lgamma(n + 1.0) - std::lgamma(k + 1.0) - std::lgamma(n - k + 1.0)) * std::pow(p, k) *
         std::pow(1 - p, n - k);
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// `max(100, 0 x 255) + d6` printed 1..6 (the arity wrapped to 0).
TEST(DiceBounds, MaxOfManyArgumentsIsRight) {
  std::string text = "max(100";
  for (int i = 0; i < 255; ++i) text += ",0";
  DiceResult res;
  DiceError err;
  ASSERT_TRUE(evaluateDice(expressionOf(text + ")+d6"), nullptr, res, err)) << err.format();
  ASSERT_EQ(res.pmf.size(), 6u);
  for (int v = 101; v <= 106; ++v) EXPECT_NEAR(res.pmf.probability(v), 1.0 / 6, 1e-12) << v;
}

// Hostile expressions are errors with a column.
TEST(DiceBounds, HostileExpressionsAreErrors) {
  DiceResult res;
  DiceError err;
  EXPECT_FALSE(evaluateDice(expressionOf(std::string(9000, '+') + "d6"), nullptr, res, err));
  EXPECT_EQ(err.field, "expression");
  EXPECT_TRUE(contains(err.message, "nested too deeply")) << err.message;
  std::string chain = "d6";
  for (int i = 0; i < 51000; ++i) chain += "+d6";
  EXPECT_FALSE(evaluateDice(expressionOf(chain), nullptr, res, err));
  EXPECT_TRUE(contains(err.message, "expression too long")) << err.message;
}

// A die whose top value is on several faces grew as faces^explosions
// (1d{a,b,c,d}!20: 4^20 paths, "15 hours"). Every named face has value 0, so
// every roll explodes: 21 rolls, and the count of `a` is Binomial(21, 1/4).
TEST(DiceBounds, ExplodingDieWithSharedTopIsExactAndQuick) {
  DiceRequest rq = sumOf("1d{a,b,c,d}!20");
  rq.query = DiceQuery::Count;
  rq.faces = {"a"};
  DiceResult res;
  DiceError err;
  const auto start = std::chrono::steady_clock::now();
  ASSERT_TRUE(evaluateDice(rq, nullptr, res, err)) << err.format();
  for (int k : {0, 5, 10, 21}) EXPECT_NEAR(res.pmf.probability(k), binomial(21, k, 0.25), 1e-12) << k;
  EXPECT_NEAR(res.mean, 21 * 0.25, 1e-9);

  // 4d{fire:2,earth,water,air,Z}!12 took 10.7 s: 4 dice x 13 rolls, fire 2/6 each.
  rq.pool = "4d{fire:2,earth,water,air,Z}!12";
  rq.faces = {"fire"};
  ASSERT_TRUE(evaluateDice(rq, nullptr, res, err)) << err.format();
  EXPECT_NEAR(res.mean, 52.0 / 3, 1e-9);
  EXPECT_NEAR(res.pmf.probability(20), binomial(52, 20, 1.0 / 3), 1e-12);
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 5.0);
}

// 10d{-9999999,9999999} allocated 2.9 GB of dense array for 11 outcomes.
TEST(DiceBounds, WideSpreadUsesSparseTables) {
  DiceResult res;
  DiceError err;
  ASSERT_TRUE(evaluateDice(sumOf("10d{-9999999,9999999}"), nullptr, res, err)) << err.format();
  ASSERT_EQ(res.pmf.size(), 11u);
  for (int k = 0; k <= 10; ++k)
    EXPECT_NEAR(res.pmf.probability((2.0 * k - 10) * 9999999), binomial(10, k, 0.5), 1e-12) << k;
}

// Requests beyond the bounds are refused at once, saying how long they
// would take and what to do instead.
TEST(DiceBounds, OverBoundRequestsAreRefusedWithASuggestion) {
  DiceResult res;
  DiceError err;
  // Monte Carlo 1e9 samples of 1000d1000 (it once took about 17 days).
  DiceRequest mc = sumOf("1000d1000");
  mc.monteCarlo = 1'000'000'000;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(evaluateDice(mc, nullptr, res, err));
  EXPECT_TRUE(contains(err.message, "1000000000 Monte Carlo samples are about")) << err.message;
  EXPECT_TRUE(contains(err.message, "use at most")) << err.message;
  // Exact sums too big, two big terms (the convolution between terms counts), a
  // table beyond the memory bound, and an expression beyond the work limit.
  for (const char* pool : {"1000d1000", "40d1000+40d1000"}) {
    EXPECT_FALSE(evaluateDice(sumOf(pool), nullptr, res, err)) << pool;
    EXPECT_TRUE(contains(err.message, "too large to enumerate exactly")) << err.message;
    EXPECT_TRUE(contains(err.message, "use Monte Carlo: --monte-carlo")) << err.message;
  }
  DiceRequest vs = sumOf("500d6");
  vs.query = DiceQuery::Vs;
  vs.vs = "500d6";
  EXPECT_FALSE(evaluateDice(vs, nullptr, res, err));
  EXPECT_TRUE(contains(err.message, "distinct outcomes")) << err.message;
  DiceControl small;
  small.exactLimit = 1e8;
  EXPECT_FALSE(evaluateDice(expressionOf("d1000*d999*d20"), nullptr, res, err, small));
  EXPECT_TRUE(contains(err.message, "too large to enumerate exactly")) << err.message;
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 2.0);
}

// The budget is the guarantee: work an estimate let through still stops at the limit.
TEST(DiceBounds, TheBudgetStopsWorkAtItsLimit) {
  auto expr = model::Expression::parse("d100*d99*d98");
  ASSERT_TRUE(expr);
  auto binding = bindExpression(*expr, nullptr);
  ASSERT_TRUE(binding);
  DiceBudget budget(1e6);
  std::string why;
  EXPECT_FALSE(expressionDistribution(*expr, *binding, &why, &budget));  // refused up front
  EXPECT_TRUE(contains(why, "too large to enumerate exactly")) << why;

  auto pool = parsePool("60d20kh30", nullptr);
  ASSERT_TRUE(pool);
  DiceBudget tight(1e6);
  const Pmf p = sumDistribution(*pool, &tight);  // called directly: no estimate first
  EXPECT_TRUE(tight.stopped());
  EXPECT_EQ(tight.stop(), DiceBudget::Stop::Work);
  EXPECT_TRUE(p.empty());
  EXPECT_LT(tight.spent(), 1e6 + 1e8);  // stopped within one check interval of the work
}

// fuzz_dice (corpus/dice/finding-01-*): an expression whose joint outcomes
// are nearly all distinct took 15 times its estimate (1.4 s under ASan for a
// 0.04 s estimate): a new outcome costs a hashed node, a place in the sorted
// table and a row. Each one is spent on the budget now (kOutcomeUnits), exact
// and sampled, so such work stops at the limit; few distinct outcomes still answer.
TEST(DiceBounds, DistinctOutcomesAreSpentOnTheBudget) {
  auto expr = model::Expression::parse("d1000*1000+d20*20+d19");  // 380000 outcomes, all distinct
  ASSERT_TRUE(expr);
  auto binding = bindExpression(*expr, nullptr);
  ASSERT_TRUE(binding);
  ASSERT_LT(expressionCost(*binding, 9), 1e8);  // the up-front estimate lets it through
  DiceBudget budget(1e8);
  std::string why;
  EXPECT_FALSE(expressionDistribution(*expr, *binding, &why, &budget));
  EXPECT_EQ(budget.stop(), DiceBudget::Stop::Work) << why;
  EXPECT_LT(budget.spent(), 1e8 + 5e6);  // within one check interval (2^22 units) of the limit

  DiceControl small;
  small.exactLimit = 1e8;
  small.monteCarloLimit = 1e8;
  DiceResult res;
  DiceError err;
  EXPECT_FALSE(evaluateDice(expressionOf("d1000*1000+d20*20+d19"), nullptr, res, err, small));
  EXPECT_FALSE(err.message.empty());
  DiceRequest mc = expressionOf("d1000*1000+d20*20+d19");
  mc.monteCarlo = 500'000;  // about 8e7 units of draws: accepted, then the new outcomes stop it
  EXPECT_FALSE(evaluateDice(mc, nullptr, res, err, small));
  EXPECT_FALSE(err.message.empty());
  EXPECT_FALSE(err.cancelled);

  ASSERT_TRUE(evaluateDice(expressionOf("d100*d99"), nullptr, res, err, small)) << err.message;
  EXPECT_NEAR(res.pmf.total(), 1.0, 1e-9);
  EXPECT_NEAR(res.mean, 50.5 * 50, 1e-6);
}

// Long work can be cancelled (the CLI's Ctrl-C, the Dice Lab's Cancel) and
// reports its progress on the way.
TEST(DiceBounds, LongWorkReportsProgressAndCanBeCancelled) {
  DiceRequest rq = sumOf("200d6");
  rq.monteCarlo = 10'000'000;  // within the bound (about 45 s), far longer than this test
  std::atomic<bool> cancel{false};
  std::vector<double> seen;
  DiceControl control;
  control.cancel = &cancel;
  control.progress = [&](double f) {
    seen.push_back(f);
    if (f > 0) cancel.store(true);  // the first report: cancel
  };
  DiceResult res;
  DiceError err;
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(evaluateDice(rq, nullptr, res, err, control));
  EXPECT_TRUE(err.cancelled);
  EXPECT_EQ(err.message, "cancelled");
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 10.0);
  ASSERT_FALSE(seen.empty());
  for (std::size_t i = 1; i < seen.size(); ++i) EXPECT_GE(seen[i], seen[i - 1]);
  EXPECT_LT(seen.back(), 1.0);
}

TEST(DiceBounds, EstimatesFollowTheRequest) {
  EXPECT_GT(estimateDiceWork(sumOf("1000d1000"), nullptr), kExactWorkLimit);
  EXPECT_LT(estimateDiceWork(sumOf("3d6"), nullptr), 1e6);
  DiceRequest mc = sumOf("3d6");
  mc.monteCarlo = 1000;
  EXPECT_LT(estimateDiceWork(mc, nullptr), 1e6);
  EXPECT_EQ(estimateDiceWork(sumOf("3x6"), nullptr), 0.0);  // does not parse
  EXPECT_EQ(aboutSeconds(3e9), "about 3 s");
  EXPECT_EQ(aboutSeconds(1.5e15), "about 17 days");
}

}  // namespace
}  // namespace wb::sim::dice

namespace wb::sim::dice {
namespace {

// NaN has no place in an ordered table: outcomes that are not a number
// (inf - inf) are kept apart and the lab says so, exact or sampled.
TEST(DiceBounds, OutcomesThatAreNotANumberAreAnError) {
  Pmf p;
  p.add(1, 0.5);
  p.add(std::nan(""), 0.25);
  p.add(std::nan(""), 0.25);
  EXPECT_EQ(p.size(), 1u);
  EXPECT_DOUBLE_EQ(p.undefined(), 0.5);
  for (long long mc : {0LL, 1000LL}) {
    DiceRequest rq;
    rq.query = DiceQuery::Expression;
    rq.expression = "1e308 * d6 * 10 - 1e308 * d6 * 10";
    rq.monteCarlo = mc;
    DiceResult res;
    DiceError err;
    EXPECT_FALSE(evaluateDice(rq, nullptr, res, err)) << mc;
    EXPECT_NE(err.message.find("not a number"), std::string::npos) << err.message;
  }
}

}  // namespace
}  // namespace wb::sim::dice
