// `balance compare` with fixed seeds: a ruleset against itself
// reports no significant difference; a clearly stronger card (Fire dealing 1000
// instead of the fire die) reports significant ones.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;
using Run = wb::app::testing::CliRun;

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";

}  // namespace

TEST(CompareCommand, UsageErrors) {
  auto help = balance({"compare", "--help"});
  EXPECT_EQ(help.exit, 0);
  EXPECT_NE(help.out.find("--vs-set"), std::string::npos);
  EXPECT_EQ(balance({"compare"}).exit, 2);
  EXPECT_EQ(balance({"compare", kCardDice}).exit, 2);  // one file and no --vs-set
  EXPECT_EQ(balance({"compare", kCardDice, "--vs-set", "cards.nope.cost=3"}).exit, 2);
  EXPECT_EQ(balance({"compare", kCardDice, "--vs-set", "parameters.starting_health=abc"}).exit, 2);
}

TEST(CompareCommand, ARulesetAgainstItselfIsNotSignificant) {
  auto r = balance({"compare", kCardDice, kCardDice, "--games", "60", "--agents", "greedy,random", "--set",
                    "parameters.starting_health=3", "--seed", "5"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("changes (A -> B): 0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n0 of "), std::string::npos) << r.out;
  std::istringstream lines(r.out);
  int verdicts = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.size() < 11 || line.compare(line.size() - 11, 11, "significant") != 0) continue;
    ++verdicts;
    EXPECT_NE(line.find("not significant"), std::string::npos) << line;
  }
  EXPECT_GE(verdicts, 5);
  EXPECT_NE(r.out.find("agent greedy win rate"), std::string::npos) << r.out;
}

TEST(CompareCommand, AClearlyStrongerCardIsSignificant) {
  auto r = balance({"compare", kCardDice, "--vs-set", "cards.fire.effects.0.amount=1000", "--games", "60", "--agents",
                    "greedy", "--set", "parameters.starting_health=10", "--seed", "5", "--json", "-"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("\"path\": \"cards.fire.effects.0.amount\""), std::string::npos) << r.out.substr(0, 600);
  EXPECT_NE(r.out.find("\"verdict\": \"significant\""), std::string::npos) << r.out.substr(0, 4000);
  // Games end much sooner when Fire kills outright.
  auto turns = r.out.find("\"metric\": \"turns\"");
  ASSERT_NE(turns, std::string::npos);
  auto sig = r.out.find("\"significant\": ", turns);
  EXPECT_EQ(r.out.substr(sig, 20), "\"significant\": true,") << r.out.substr(turns, 600);
}

// The rows name factions and entities as the window's Compare tab does (the
// ruleset's names, not ids), every win rate says its denominator alike, and
// the agents are said as `balance run` and the window say them ("random
// (every seat)", "greedy, random (rotating over the seats)").
TEST(CompareCommand, RowsNameEntitiesAsTheWindowDoesAndSayTheirDenominator) {
  const std::string elemMaster = std::string(WB_SOURCE_DIR) + "/data/rulesets/elem-master/elem-master.yaml";
  auto r = balance({"compare", elemMaster, elemMaster, "--games", "16", "--agents", "random,random", "--seed", "3",
                    "--threads", "2", "--max-turns", "40"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("faction Druid win rate (of all games)"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("mage_druid"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("Seat 1 win rate (of all games)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("agents random (every seat), 2 players"), std::string::npos) << r.out;

  auto cards = balance({"compare", kCardDice, "--vs-set", "cards.meteor_strike.cost=10", "--games", "40", "--agents",
                        "greedy,random", "--set", "parameters.starting_health=10", "--seed", "5"});
  ASSERT_EQ(cards.exit, 0) << cards.err;
  EXPECT_NE(cards.out.find("agent greedy win rate (of all games)"), std::string::npos) << cards.out;
  EXPECT_NE(cards.out.find("agents greedy, random (rotating over the seats)"), std::string::npos) << cards.out;
  EXPECT_NE(cards.out.find("Meteor Strike "), std::string::npos) << cards.out;
  // The id stays in the change list (a path), never in a metric's row.
  std::istringstream lines(cards.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.find("per game") != std::string::npos) {
      EXPECT_EQ(line.find("meteor_strike"), std::string::npos) << line;
    }
  }
}
