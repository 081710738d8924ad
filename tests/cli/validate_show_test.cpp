// `balance validate` and `balance show`: exit codes, every
// diagnostic at once with file:line:column, and printing values by path.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;
using Run = wb::app::testing::CliRun;

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";
const std::string kBroken = std::string(WB_SOURCE_DIR) + "/tests/data/cli/broken.yaml";

}  // namespace

TEST(BalanceCli, HelpAndVersion) {
  auto help = balance({"--help"});
  EXPECT_EQ(help.exit, 0);
  EXPECT_NE(help.out.find("validate"), std::string::npos);
  EXPECT_NE(help.out.find("show"), std::string::npos);
  auto version = balance({"--version"});
  EXPECT_EQ(version.exit, 0);
  EXPECT_EQ(version.out.rfind("balance ", 0), 0u);
  for (const char* cmd : {"validate", "show"}) {
    auto sub = balance({cmd, "--help"});
    EXPECT_EQ(sub.exit, 0) << cmd;
    EXPECT_EQ(sub.out.rfind("usage: balance ", 0), 0u) << cmd;
  }
}

TEST(BalanceCli, UsageErrorsExitTwo) {
  EXPECT_EQ(balance({}).exit, 2);
  EXPECT_EQ(balance({"frobnicate"}).exit, 2);
  EXPECT_EQ(balance({"validate"}).exit, 2);
  EXPECT_EQ(balance({"validate", "--bogus", kCardDice}).exit, 2);
  EXPECT_EQ(balance({"show"}).exit, 2);
  auto unknownPath = balance({"show", kCardDice, "cards.no_such_card.cost"});
  EXPECT_EQ(unknownPath.exit, 2);
  EXPECT_NE(unknownPath.err.find("unknown card 'no_such_card'"), std::string::npos) << unknownPath.err;
}

TEST(BalanceCli, ValidatesTheShippedCardDiceRuleset) {
  auto r = balance({"validate", kCardDice});
  EXPECT_EQ(r.exit, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find(": ok: Elemental Card-Dice Game"), std::string::npos) << r.out;
}

TEST(BalanceCli, ReportsEveryProblemAtOnceWithPositions) {
  auto r = balance({"validate", kBroken});
  EXPECT_EQ(r.exit, 1);
  // Out-of-range default, unknown key and unknown name inside an expression, all at once.
  EXPECT_NE(r.err.find(kBroken + ":7:"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(kBroken + ":15:5: error: unknown key 'cots'"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(kBroken + ":19:21: error: unknown name 'fier'"), std::string::npos) << r.err;
}

TEST(BalanceCli, MissingFileIsADiagnostic) {
  auto r = balance({"validate", "/no/such/file.yaml"});
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.err.find("/no/such/file.yaml"), std::string::npos) << r.err;
}

TEST(BalanceCli, ShowsACardsCostAndEffectExpression) {
  auto card = balance({"show", kCardDice, "cards.meteor_strike"});
  EXPECT_EQ(card.exit, 0) << card.err;
  EXPECT_NE(card.out.find("cost:  18"), std::string::npos) << card.out;
  EXPECT_NE(card.out.find("earth * magic"), std::string::npos) << card.out;
  auto cost = balance({"show", kCardDice, "cards.meteor_strike.cost"});
  EXPECT_EQ(cost.exit, 0);
  EXPECT_EQ(cost.out, "18\n");
  auto health = balance({"show", kCardDice, "parameters.starting_health"});
  EXPECT_EQ(health.out, "100\n");
  auto summary = balance({"show", kCardDice});
  EXPECT_NE(summary.out.find("engine:  card_dice"), std::string::npos) << summary.out;
}

// `balance run DIR` takes a ruleset folder; `validate` and `show` take it too
// (the folder's root file, DIR/DIR.yaml), and a folder without one is an error.
TEST(BalanceCli, ValidateAndShowTakeARulesetFolder) {
  for (const char* game : {"card-dice", "elem-master", "zoneplex", "element", "elemenz"}) {
    const std::string dir = std::string(WB_SOURCE_DIR) + "/data/rulesets/" + game;
    auto v = balance({"validate", dir});
    EXPECT_EQ(v.exit, 0) << game << ": " << v.err;
    EXPECT_NE(v.out.find(": ok: "), std::string::npos) << game;
  }
  auto s = balance({"show", std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice", "cards.fire.cost"});
  EXPECT_EQ(s.exit, 0) << s.err;
  EXPECT_FALSE(s.out.empty());
  auto noRoot = balance({"validate", std::string(WB_SOURCE_DIR) + "/tests/data"});
  EXPECT_EQ(noRoot.exit, 1);
  EXPECT_NE(noRoot.err.find("is a folder without"), std::string::npos) << noRoot.err;
}
