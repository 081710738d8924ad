// `balance sweep`: the table and balance point line, the JSON
// with every point, and exit 2 for unknown paths and non-numeric values.
// Uses the card-dice ruleset with 3 starting health (short games) and few games.
#include <gtest/gtest.h>

#include <sstream>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;
using Run = wb::app::testing::CliRun;

const std::string kCardDice = std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml";

std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

}  // namespace

TEST(SweepCommand, HelpDocumentsTheDefaultMetric) {
  auto r = balance({"sweep", "--help"});
  EXPECT_EQ(r.exit, 0);
  EXPECT_EQ(r.out.rfind("usage: balance sweep", 0), 0u);
  EXPECT_NE(r.out.find("first_player"), std::string::npos);
  EXPECT_NE(r.out.find("SAME game seeds"), std::string::npos) << r.out;
}

TEST(SweepCommand, BadInputExitsTwo) {
  EXPECT_EQ(balance({"sweep", kCardDice, "--values", "1,2"}).exit, 2);  // no --param
  auto unknown = balance({"sweep", kCardDice, "--param", "cards.no_such_card.cost", "--values", "1,2"});
  EXPECT_EQ(unknown.exit, 2);
  EXPECT_NE(unknown.err.find("unknown card 'no_such_card'"), std::string::npos) << unknown.err;
  auto notNumber = balance({"sweep", kCardDice, "--param", "cards.fire.cost", "--values", "3,seven"});
  EXPECT_EQ(notNumber.exit, 2);
  EXPECT_NE(notNumber.err.find("'seven'"), std::string::npos) << notNumber.err;
  auto text = balance({"sweep", kCardDice, "--param", "cards.fire.name", "--values", "1,2"});
  EXPECT_EQ(text.exit, 2);
  EXPECT_NE(text.err.find("not a numeric"), std::string::npos) << text.err;
  EXPECT_EQ(balance({"sweep", kCardDice, "--param", "cards.fire.cost", "--range", "9:3:1"}).exit, 2);
  EXPECT_EQ(balance({"sweep", kCardDice, "--param", "cards.fire.cost", "--values", "1", "--range", "1:2:1"}).exit, 2);
  EXPECT_EQ(balance({"sweep", kCardDice, "--param", "parameters.starting_health", "--values", "0,5"}).exit, 2);  // below min
  EXPECT_EQ(balance({"sweep", kCardDice, "--param", "cards.fire.cost", "--values", "3", "--metric", "bogus"}).exit, 2);
  EXPECT_EQ(balance({"sweep", kCardDice, "--param", "cards.fire.cost", "--values", "3", "--agents", "greedy,random",
                     "--metric", "agent:mcts"}).exit, 2);
}

TEST(SweepCommand, PrintsTheTableAndTheBalancePoint) {
  auto r = balance({"sweep", kCardDice, "--param", "parameters.starting_health", "--values", "2,3,5", "--games", "40",
                    "--agents", "greedy", "--seed", "3", "--threads", "2"});
  ASSERT_EQ(r.exit, 0) << r.err;
  // A global parameter is judged by the first-side share.
  EXPECT_NE(r.out.find("metric: first-side win share (of games with a winner) (first_side), target 50.0%"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("same seeds at every point"), std::string::npos);
  EXPECT_EQ(count(r.out, "\n                         2  "), 1u) << r.out;
  EXPECT_NE(r.out.find("balance point: "), std::string::npos) << r.out;
}

TEST(SweepCommand, JsonHoldsEveryPointAndIsThreadIndependent) {
  std::vector<std::string> args = {"sweep", kCardDice, "--param", "cards.fire.cost", "--values", "3,7", "--games", "30",
                                   "--agents", "greedy,random", "--set", "parameters.starting_health=3", "--json", "-"};
  auto one = args, two = args;
  one.insert(one.end(), {"--threads", "1"});
  two.insert(two.end(), {"--threads", "2"});
  auto a = balance(one), b = balance(two);
  ASSERT_EQ(a.exit, 0) << a.err;
  ASSERT_EQ(b.exit, 0) << b.err;
  EXPECT_EQ(count(a.out, "\"cards.fire.cost\": "), 2u) << a.out.substr(0, 800);
  // A card's value is judged by that card's causal impact (restricted-play lift).
  EXPECT_NE(a.out.find("\"metric\": \"impact:fire\""), std::string::npos) << a.out.substr(0, 1200);
  EXPECT_NE(a.out.find("\"lift\": "), std::string::npos);
  EXPECT_NE(a.out.find("\"games_for_2_points\": "), std::string::npos);
  EXPECT_NE(a.out.find("\"balance_points\""), std::string::npos);
  EXPECT_NE(a.out.find("\"run\": {"), std::string::npos);
  // Everything but timings and threads is the same for 1 and 2 threads.
  auto strip = [](std::string s) {
    std::string out;
    std::istringstream in(s);
    for (std::string line; std::getline(in, line);)
      if (line.find("elapsed_s") == std::string::npos && line.find("games_per_s") == std::string::npos &&
          line.find("\"threads\"") == std::string::npos)
        out += line + "\n";
    return out;
  };
  EXPECT_EQ(strip(a.out), strip(b.out));
}

TEST(SweepCommand, UseAndDiversityMetricsWithIntervals) {
  auto r = balance({"sweep", kCardDice, "--param", "cards.meteor_strike.cost", "--values", "3,18", "--metric",
                    "use:meteor_strike:acquired", "--games", "16", "--seed", "1", "--threads", "2", "--max-turns", "150"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("meteor_strike acquired per game"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("value  95% CI"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("target none (give --target)"), std::string::npos) << r.out;
  auto bad = balance({"sweep", kCardDice, "--param", "cards.meteor_strike.cost", "--values", "3,18", "--metric",
                      "use:meteor_strik", "--games", "4"});
  EXPECT_NE(bad.exit, 0);
  EXPECT_NE(bad.err.find("did you mean 'meteor_strike'"), std::string::npos) << bad.err;
  auto div = balance({"sweep", kCardDice, "--param", "cards.meteor_strike.cost", "--values", "3,18", "--metric",
                      "diversity:cards", "--games", "16", "--seed", "1", "--threads", "2", "--max-turns", "150"});
  ASSERT_EQ(div.exit, 0) << div.err;
  EXPECT_NE(div.out.find("diversity of cards"), std::string::npos) << div.out;
}
