// Dice lab entry point: requests, dice questions from a
// ruleset, and the errors a designer can make.
#include <cmath>

#include <gtest/gtest.h>

#include "model/core/dice_question.h"
#include "model/core/ruleset.h"
#include "simulation/core/json_writer.h"
#include "simulation/dice/dice_lab.h"
#include "simulation/dice/dice_report.h"

namespace wb::sim::dice {
namespace {

DiceResult run(const DiceRequest& rq, const model::Ruleset* r = nullptr) {
  DiceResult res;
  DiceError err;
  EXPECT_TRUE(evaluateDice(rq, r, res, err)) << err.format();
  return res;
}

model::DiceQuestion question(std::string query, std::vector<model::Field> args) {
  model::DiceQuestion q;
  q.id = "q";
  q.name = "a question";
  q.query = std::move(query);
  q.args = std::move(args);
  return q;
}

model::Field field(std::string key, std::string text) { return model::Field{std::move(key), std::move(text), {}, false}; }
model::Field list(std::string key, std::vector<std::string> items) { return model::Field{std::move(key), "", std::move(items), true}; }

TEST(DiceLab, EveryQueryKind) {
  DiceRequest sum;
  sum.pool = "3d6";
  sum.atLeast = 10;
  auto r = run(sum);
  EXPECT_DOUBLE_EQ(r.pmf.probability(10), 0.125);
  EXPECT_NEAR(*r.probability, 0.625, 1e-15);
  EXPECT_EQ(r.probabilityFraction, "135/216");
  EXPECT_EQ(r.probabilityLabel, "P(sum >= 10)");
  EXPECT_TRUE(r.exact);

  DiceRequest count;
  count.query = DiceQuery::Count;
  count.pool = "4d{fire:2,earth,water,air,Z}";
  count.faces = {"fire", "Z"};
  EXPECT_NEAR(run(count).pmf.probability(4), 1.0 / 16, 1e-15);

  DiceRequest vs;
  vs.query = DiceQuery::Vs;
  vs.pool = "3d6";
  vs.vs = "2d6";
  EXPECT_NEAR(*run(vs).probability, 2890.0 / 7776, 1e-15);

  DiceRequest target;
  target.query = DiceQuery::Target;
  target.pool = "3d6";
  target.target = "6:3";
  target.rolls = 1;
  auto t = run(target);
  EXPECT_NEAR(*t.probability, 1.0 / 216, 1e-15);
  EXPECT_EQ(t.probabilityFraction, "1/216");
  EXPECT_TRUE(t.policy.empty());
  target.rolls = 2;
  EXPECT_FALSE(run(target).policy.empty());

  DiceRequest expr;
  expr.query = DiceQuery::Expression;
  expr.expression = "d6 * d6";
  expr.atLeast = 36;
  EXPECT_NEAR(*run(expr).probability, 1.0 / 6, 1e-15);  // a name is one die: d6 * d6 is a square
}

TEST(DiceLab, ErrorsNameTheFieldAndColumn) {
  DiceResult res;
  DiceError err;
  DiceRequest rq;
  rq.pool = "3d6+";
  EXPECT_FALSE(evaluateDice(rq, nullptr, res, err));
  EXPECT_EQ(err.format(), "error at column 5: expected a term after the sign");
  rq.pool = "3d6";
  rq.query = DiceQuery::Vs;
  rq.vs = "2dx";
  EXPECT_FALSE(evaluateDice(rq, nullptr, res, err));
  EXPECT_EQ(err.field, "vs");
  EXPECT_EQ(err.column, 3);
  rq.query = DiceQuery::Target;
  rq.pool = "3d6+1d8";
  rq.target = "6:2";
  EXPECT_FALSE(evaluateDice(rq, nullptr, res, err));
  EXPECT_EQ(err.field, "pool");
  rq.query = DiceQuery::Count;
  rq.pool = "3d6";
  rq.faces = {"fire"};
  EXPECT_FALSE(evaluateDice(rq, nullptr, res, err));
  EXPECT_NE(err.message.find("fire"), std::string::npos);
}

TEST(DiceLab, TooBigForExactAsksForMonteCarlo) {
  DiceResult res;
  DiceError err;
  DiceRequest rq;
  rq.pool = "1000d1000";
  EXPECT_FALSE(evaluateDice(rq, nullptr, res, err));
  EXPECT_NE(err.message.find("--monte-carlo"), std::string::npos);
  rq.pool = "300d20kh150";  // about 11 s of work: over the exact bound
  EXPECT_FALSE(evaluateDice(rq, nullptr, res, err));
  rq.query = DiceQuery::Vs;
  rq.pool = "20d6+20d8";
  rq.vs = "40d6";
  EXPECT_FALSE(evaluateDice(rq, nullptr, res, err));
  rq.monteCarlo = 200;
  EXPECT_TRUE(evaluateDice(rq, nullptr, res, err)) << err.format();
  rq.pool = "100d6";  // big but exact is fine
  rq.query = DiceQuery::Sum;
  rq.monteCarlo = 0;
  EXPECT_TRUE(evaluateDice(rq, nullptr, res, err)) << err.format();
}

TEST(DiceLab, QuestionsBecomeRequests) {
  std::string error;
  auto r = requestFromQuestion(question("expression", {field("expression", "earth * magic"), field("at_least", "12")}), &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->query, DiceQuery::Expression);
  EXPECT_EQ(r->expression, "earth * magic");
  EXPECT_EQ(*r->atLeast, 12);

  r = requestFromQuestion(question("target", {field("pool", "7d[fire_shaman]"), list("target", {"fire:3", "earth:2,water:2"}),
                                              field("rolls", "3"), field("wild", "Z"), field("anchored", "true")}), &error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->target, "fire:3|earth:2,water:2");
  EXPECT_EQ(r->rolls, 3);
  EXPECT_TRUE(r->anchored);

  r = requestFromQuestion(question("at_least", {field("pool", "2d6"), field("at_least", "9")}), &error);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->query, DiceQuery::Sum);
  r = requestFromQuestion(question("count", {field("pool", "4d6"), list("faces", {"5", "6"})}), &error);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->faces, (std::vector<std::string>{"5", "6"}));

  EXPECT_FALSE(requestFromQuestion(question("median", {field("pool", "2d6")}), &error));
  EXPECT_NE(error.find("median"), std::string::npos);
  EXPECT_FALSE(requestFromQuestion(question("sum", {field("pool", "2d6"), field("expresion", "x")}), &error));
  EXPECT_NE(error.find("expresion"), std::string::npos);
  EXPECT_FALSE(requestFromQuestion(question("at_least", {field("pool", "2d6")}), &error));
  EXPECT_FALSE(requestFromQuestion(question("vs", {field("pool", "2d6")}), &error));
  EXPECT_FALSE(requestFromQuestion(question("target", {field("pool", "2d6"), field("target", "6:2"), field("rolls", "zero")}), &error));
}

TEST(DiceLab, JsonHasTheDocumentedKeys) {
  DiceRequest rq;
  rq.pool = "2d6";
  rq.atLeast = 7;
  auto r = run(rq);
  JsonWriter json(false);
  writeDiceJson(json, r);
  const std::string& s = json.str();
  for (const char* key : {"\"query\":\"sum\"", "\"pmf\":{", "\"7\":0.1666666666666666", "\"outcome\":10,", "\"mean\":7", "\"sd\":",
                          "\"probability\":0.58333333333333", "\"probability_fraction\":\"21/36\"", "\"exact\":true",
                          "\"elapsed_ms\":", "\"table\":[", "\"at_least\":"})
    EXPECT_NE(s.find(key), std::string::npos) << key << " in " << s;
  std::string csv = formatDiceCsv(r);
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "outcome,probability,at_least,at_most,fraction");
  EXPECT_NE(csv.find("\n2,0.027777777777777776,1,0.027777777777777776,1/36\n"), std::string::npos) << csv;
  std::string text = formatDiceText(r);
  EXPECT_NE(text.find("P(sum >= 7) = 0.583333333 (21/36)"), std::string::npos) << text;
}

// Opposed sums ("3d6 vs 2d8" as totals): 1d6 against 1d6
// differs by -5..5 with mean 0, P(A > B) = 15/36; with a Monte Carlo sample
// the estimate is within 5 sigma of it (fixed seed).
TEST(DiceLab, OpposedSumsAreTheDifferenceOfTheTotals) {
  DiceRequest r;
  r.query = DiceQuery::Vs;
  r.pool = "1d6";
  r.vs = "1d6";
  r.vsSums = true;
  DiceResult res;
  DiceError err;
  ASSERT_TRUE(evaluateDice(r, nullptr, res, err)) << err.message;
  EXPECT_DOUBLE_EQ(res.pmf.min(), -5.0);
  EXPECT_DOUBLE_EQ(res.pmf.max(), 5.0);
  EXPECT_NEAR(res.mean, 0.0, 1e-12);
  ASSERT_TRUE(res.probability.has_value());
  EXPECT_NEAR(*res.probability, 15.0 / 36.0, 1e-12);
  EXPECT_NEAR(res.pmf.probability(0), 6.0 / 36.0, 1e-12);
  r.atLeast = 2;  // P(A - B >= 2) = 10/36
  ASSERT_TRUE(evaluateDice(r, nullptr, res, err)) << err.message;
  EXPECT_NEAR(*res.probability, 10.0 / 36.0, 1e-12);
  r.atLeast.reset();
  r.monteCarlo = 20000;
  r.seed = 3;
  ASSERT_TRUE(evaluateDice(r, nullptr, res, err)) << err.message;
  const double p = 15.0 / 36.0, sigma = std::sqrt(p * (1 - p) / 20000.0);
  EXPECT_NEAR(*res.probability, p, 5 * sigma);
}

}  // namespace
}  // namespace wb::sim::dice
