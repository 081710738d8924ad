// `balance dice`: notation, every query flag, JSON,
// exit codes with the error column, and a ruleset's dice questions.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;
using Run = wb::app::testing::CliRun;

const std::string kDice = std::string(WB_SOURCE_DIR) + "/tests/data/dice/card_dice_dice.yaml";

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(BalanceDice, ThreeD6SumAsJson) {
  auto r = balance({"dice", "3d6", "--sum", "--json", "-"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_TRUE(has(r.out, "\"10\": 0.125,")) << r.out;  // 27/216
  EXPECT_TRUE(has(r.out, "\"10\": \"27/216\"")) << r.out;
  EXPECT_TRUE(has(r.out, "\"query\": \"sum\""));
  EXPECT_TRUE(has(r.out, "\"mean\": 10.5"));
  EXPECT_TRUE(has(r.out, "\"sd\": "));
  EXPECT_TRUE(has(r.out, "\"exact\": true"));
  EXPECT_TRUE(has(r.out, "\"elapsed_ms\": "));
  EXPECT_FALSE(has(r.out, "outcome  probability"));  // JSON only on stdout
}

TEST(BalanceDice, ReadableTable) {
  auto r = balance({"dice", "2d6+1d8+2", "--at-least", "12"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_TRUE(has(r.out, "outcome  probability  at least    at most     fraction"));
  EXPECT_TRUE(has(r.out, "mean 13.5"));
  EXPECT_TRUE(has(r.out, "P(sum >= 12) = 0.715277778 (206/288)")) << r.out;
}

TEST(BalanceDice, QueryFlags) {
  auto count = balance({"dice", "4d{fire:2,earth,water,air,Z}", "--count", "fire,Z", "--at-least", "3"});
  ASSERT_EQ(count.exit, 0) << count.err;
  EXPECT_TRUE(has(count.out, "P(count >= 3) = 0.312500000 (405/1296)")) << count.out;

  auto vs = balance({"dice", "3d6", "--vs", "2d6"});
  ASSERT_EQ(vs.exit, 0) << vs.err;
  EXPECT_TRUE(has(vs.out, "P(A wins more pairs) = 0.371656379 (2890/7776)")) << vs.out;

  auto kh = balance({"dice", "6d10!4kh3", "--json", "-"});
  ASSERT_EQ(kh.exit, 0) << kh.err;
  EXPECT_TRUE(has(kh.out, "\"pool\": \"6d10!4kh3\""));

  auto target = balance({"dice", "3d6", "--target", "6:3", "--rolls", "2", "--json", "-"});
  ASSERT_EQ(target.exit, 0) << target.err;
  EXPECT_TRUE(has(target.out, "\"policy\": [")) << target.out;
  EXPECT_TRUE(has(target.out, "\"probability_label\": \"P(target reached)\""));

  auto expr = balance({"dice", "--expression", "d6 * d8", "--at-least", "40"});
  ASSERT_EQ(expr.exit, 0) << expr.err;
  EXPECT_TRUE(has(expr.out, "(3/48)")) << expr.out;  // 5*8, 6*7, 6*8
}

TEST(BalanceDice, AnchoredWildTargetFromARulesetDie) {
  auto r = balance({"dice", "7d[fire_shaman]", "--ruleset", kDice, "--target", "fire:2,earth:2|water:3", "--rolls", "3",
                    "--wild", "Z", "--anchored", "--json", "-"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_TRUE(has(r.out, "\"anchored\": true"));
  EXPECT_TRUE(has(r.out, "\"probability\": 0.")) << r.out;
}

TEST(BalanceDice, MonteCarloWithSeed) {
  auto a = balance({"dice", "3d6", "--at-least", "10", "--monte-carlo", "5000", "--seed", "4", "--json", "-"});
  auto b = balance({"dice", "3d6", "--at-least", "10", "--monte-carlo", "5000", "--seed", "4", "--json", "-"});
  ASSERT_EQ(a.exit, 0) << a.err;
  EXPECT_TRUE(has(a.out, "\"exact\": false"));
  EXPECT_TRUE(has(a.out, "\"samples\": 5000"));
  EXPECT_TRUE(has(a.out, "\"probability_interval\": ["));
  auto strip = [](std::string s) { return s.substr(0, s.find("\"elapsed_ms\"")); };
  EXPECT_EQ(strip(a.out), strip(b.out));
}

TEST(BalanceDice, MalformedNotationExitsTwoWithTheColumn) {
  auto r = balance({"dice", "3d6+2x"});
  EXPECT_EQ(r.exit, 2);
  EXPECT_TRUE(has(r.err, "balance dice: error at column 6: unexpected 'x'")) << r.err;
  EXPECT_TRUE(has(r.err, "     ^")) << r.err;
  auto vs = balance({"dice", "3d6", "--vs", "2d{a,"});
  EXPECT_EQ(vs.exit, 2);
  EXPECT_TRUE(has(vs.err, "error at column 6 of --vs:")) << vs.err;
  auto target = balance({"dice", "3d6", "--target", "6:3,,", "--rolls", "2"});
  EXPECT_EQ(target.exit, 2);
  EXPECT_TRUE(has(target.err, "error at column 5 of --target:")) << target.err;
}

TEST(BalanceDice, UsageErrors) {
  EXPECT_EQ(balance({"dice"}).exit, 2);
  EXPECT_EQ(balance({"dice", "3d6", "4d6"}).exit, 2);
  EXPECT_EQ(balance({"dice", "3d6", "--count", "6", "--vs", "2d6"}).exit, 2);
  EXPECT_EQ(balance({"dice", "3d6", "--rolls", "3"}).exit, 2);
  EXPECT_EQ(balance({"dice", "3d6", "--monte-carlo", "x"}).exit, 2);
  EXPECT_EQ(balance({"dice", "3d6", "--bogus"}).exit, 2);
  EXPECT_EQ(balance({"dice", "7d[fire_shaman]"}).exit, 2);  // needs --ruleset
  EXPECT_EQ(balance({"dice", "--question", "x"}).exit, 2);
  EXPECT_EQ(balance({"dice", "--ruleset", kDice, "--question", "no_such"}).exit, 2);
  auto help = balance({"dice", "--help"});
  EXPECT_EQ(help.exit, 0);
  EXPECT_TRUE(has(help.out, "6d10!4kh3"));
}

TEST(BalanceDice, RulesetQuestionsEvaluate) {
  auto all = balance({"dice", "--ruleset", kDice});
  ASSERT_EQ(all.exit, 0) << all.err;
  EXPECT_TRUE(has(all.out, "question meteor_strike_damage:"));
  EXPECT_TRUE(has(all.out, "P(earth * magic >= 18) = 0.277777778 (10/36)")) << all.out;
  EXPECT_TRUE(has(all.out, "P(water - fire >= 0) = 0.583333333 (21/36)"));
  EXPECT_TRUE(has(all.out, "P(3 * fire * magic - starting_health >= 0) = 0.027777778 (1/36)"));

  auto one = balance({"dice", "--ruleset", kDice, "--question", "multitasking_lord_actions", "--json", "-"});
  ASSERT_EQ(one.exit, 0) << one.err;
  EXPECT_TRUE(has(one.out, "\"id\": \"multitasking_lord_actions\""));
  EXPECT_TRUE(has(one.out, "\"2\": \"2/6\"")) << one.out;  // ceil(2u/3) is 2 for u = 2, 3
  EXPECT_FALSE(has(one.out, "meteor_strike_damage"));
}

}  // namespace
