// `balance ladder`: usage errors exit 2 with a message; a
// small card-dice ladder prints the matrix, the ratings, each agent's
// conclusions and the list of conclusions that change with skill, and the JSON
// names the same agents. (The flip of a conclusion itself is checked on a toy
// game in tests/simulation/ladder/ladder_test.cpp.)
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";

#define REQUIRE_CARD_DICE()                                                   \
  if (!std::filesystem::exists(kCardDice)) GTEST_SKIP() << "no " << kCardDice

}  // namespace

TEST(LadderCommand, UsageErrorsExitTwo) {
  REQUIRE_CARD_DICE();
  struct Case {
    std::vector<std::string> args;
    std::string message;
  };
  const std::vector<Case> cases = {
      {{"ladder"}, "give one ruleset FILE"},
      {{"ladder", kCardDice}, "give the rungs with --agents"},
      {{"ladder", kCardDice, "--agents", "random"}, "balance ladder: "},
      {{"ladder", kCardDice, "--agents", "random,random"}, "twice"},
      {{"ladder", kCardDice, "--agents", "random,wizard"}, "unknown agent 'wizard'"},
      {{"ladder", kCardDice, "--agents", "random,greedy", "--top", "101"}, "--top must be between 0 and 100"},
  };
  for (const auto& c : cases) {
    auto r = balance(c.args);
    EXPECT_EQ(r.exit, 2) << c.message << "\n" << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << "expected '" << c.message << "' in:\n" << r.err;
  }
}

TEST(LadderCommand, PrintsTheMatrixRatingsAndChanges) {
  REQUIRE_CARD_DICE();
  auto r = balance({"ladder", kCardDice, "--agents", "random,greedy", "--games", "12", "--self-games", "8",
                    "--max-turns", "150", "--seed", "2", "--threads", "2"});
  ASSERT_EQ(r.exit, 0) << r.err;
  for (const char* text : {"Skill ladder", "random", "greedy", "12 games per pairing", "8 per agent alone"})
    EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
  auto j = balance({"ladder", kCardDice, "--agents", "random,greedy", "--games", "12", "--self-games", "8",
                    "--max-turns", "150", "--seed", "2", "--threads", "1", "--json", "-"});
  ASSERT_EQ(j.exit, 0) << j.err;
  EXPECT_NE(j.out.find("\"greedy\""), std::string::npos) << j.out.substr(0, 800);
  EXPECT_NE(j.out.find("\"changes\""), std::string::npos) << j.out.substr(0, 800);
}
