// Every command of `balance` on games written in the rules language, unchanged:
// a described game is one more engine, so validate, run (every kind of agent,
// setup conditions, replays with named actions), sweep, impact, compare, tune,
// ladder, assumptions, specialties and report answer on it as on the C++
// engines. Pig and Market Row are the shipped examples; Pig Houses
// (tests/data/described/pig_houses.yaml) declares factions and an assumed value.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "model/core/atomic_file.h"
#include "tests/cli/balance_cli.h"

namespace wb::app::testing {
namespace {

namespace fs = std::filesystem;

const std::string kSource = WB_SOURCE_DIR;
const std::string kPig = kSource + "/data/rulesets/pig/pig.yaml";
const std::string kMarket = kSource + "/data/rulesets/market-row/market-row.yaml";
const std::string kHouses = kSource + "/tests/data/described/pig_houses.yaml";
const std::string kHousesTune = kSource + "/tests/data/described/pig_houses_tune.yaml";

bool has(const CliRun& r, const std::string& text) { return r.out.find(text) != std::string::npos; }

fs::path scratch(const std::string& name) {
  return fs::temp_directory_path() / ("wb_described_tools_" + std::to_string(::getpid()) + "_" + name);
}

TEST(DescribedTools, ValidateAcceptsTheExamplesAndTheFactions) {
  for (const auto& file : {kPig, kMarket, kHouses}) {
    const CliRun r = balance({"validate", file});
    EXPECT_EQ(r.exit, 0) << file << "\n" << r.out << r.err;
  }
  EXPECT_TRUE(has(balance({"validate", kHouses}), "3 factions"));
}

// Random, greedy, MCTS and a scripted player each play a whole game of each
// example with no game-specific code (MCTS with few iterations: a test of play,
// not of strength).
TEST(DescribedTools, EveryKindOfAgentPlaysEveryExample) {
  for (const std::string agents : {"random,greedy", "mcts:iters=30,script:hold_at_20"}) {
    const CliRun r = balance({"run", kPig, "--games", "6", "--agents", agents, "--seed", "2", "--threads", "1"});
    EXPECT_EQ(r.exit, 0) << r.err;
    EXPECT_TRUE(has(r, "6 won by one player")) << agents << "\n" << r.out;
  }
  // Market Row: greedy and MCTS value a position by the game's `value:` and
  // finish their games; a scripted buyer beside any of them too.
  for (const std::string agents : {"greedy", "mcts:iters=20", "script:big_money,random", "script:big_money,greedy"}) {
    const CliRun r = balance({"run", kMarket, "--games", "4", "--agents", agents, "--seed", "1", "--threads", "1"});
    EXPECT_EQ(r.exit, 0) << r.err;
    EXPECT_TRUE(has(r, "market-row (engine described): 4 games")) << agents << "\n" << r.out;
    EXPECT_TRUE(has(r, "4 won by one player")) << agents << "\n" << r.out;
  }
  // Random players alone rarely buy the provinces that end it: capped games, with their cause.
  const CliRun capped = balance({"run", kMarket, "--games", "2", "--agents", "random", "--seed", "1"});
  EXPECT_EQ(capped.exit, 0) << capped.err;
  EXPECT_TRUE(has(capped, "capped games (replay with --replay INDEX)")) << capped.out;
}

TEST(DescribedTools, ReplayNamesTheActionsAndTheCards) {
  const CliRun r = balance({"run", kMarket, "--games", "3", "--replay", "1", "--agents", "script:big_money", "--seed", "1"});
  EXPECT_EQ(r.exit, 0) << r.err;
  EXPECT_TRUE(has(r, "game 1 of seed 1")) << r.out;
  // The card by its name, as the window's tables and the C++ engines name it.
  EXPECT_TRUE(has(r, "turn 1, Seat 1: play Copper;")) << r.out;
  EXPECT_TRUE(has(r, "to_market; buy ")) << r.out;
  EXPECT_TRUE(has(r, "cleanup")) << r.out;
  // The final state numbers its seats as the moves do ("Seat 2", not the engine's "player 2").
  EXPECT_TRUE(has(r, "final state:\nturn ")) << r.out;
  EXPECT_FALSE(has(r, ", player ")) << r.out;
  EXPECT_TRUE(has(r, ", Seat ")) << r.out;
}

TEST(DescribedTools, SweepAParameterAndACardCost) {
  const CliRun goal = balance({"sweep", kPig, "--param", "parameters.goal", "--values", "50,100", "--games", "20",
                               "--agents", "script:hold_at_20,random", "--seed", "1"});
  EXPECT_EQ(goal.exit, 0) << goal.err;
  EXPECT_TRUE(has(goal, "sweep of parameters.goal")) << goal.out;
  const CliRun cost = balance({"sweep", kMarket, "--param", "cards.province.cost", "--values", "7,9", "--games", "10",
                               "--agents", "script:big_money", "--seed", "1"});
  EXPECT_EQ(cost.exit, 0) << cost.err;
  EXPECT_TRUE(has(cost, "impact of province")) << cost.out;
}

TEST(DescribedTools, ImpactAndCompareOnTheDeclaredCards) {
  const CliRun impact = balance({"impact", kMarket, "--entities", "smithy,gold", "--games", "10", "--agents",
                                 "script:big_money", "--seed", "1"});
  EXPECT_EQ(impact.exit, 0) << impact.err;
  EXPECT_TRUE(has(impact, "impact of 2 entities")) << impact.out;
  EXPECT_TRUE(has(impact, "smithy ")) << impact.out;
  const CliRun compare = balance({"compare", kMarket, "--vs-set", "cards.gold.cost=5", "--games", "10", "--agents",
                                  "script:big_money", "--seed", "3"});
  EXPECT_EQ(compare.exit, 0) << compare.err;
  EXPECT_TRUE(has(compare, "cards.gold.cost: 6 -> 5")) << compare.out;
  EXPECT_TRUE(has(compare, "Gold played per game")) << compare.out;  // by name, as the window names it
}

TEST(DescribedTools, LadderRanksScriptedPlayersWithTheOthers) {
  const CliRun r = balance({"ladder", kPig, "--agents", "random,greedy,script:hold_at_20", "--games", "6",
                            "--self-games", "4", "--seed", "3"});
  EXPECT_EQ(r.exit, 0) << r.err;
  EXPECT_TRUE(has(r, "Skill ladder: pig (engine described)")) << r.out;
  EXPECT_TRUE(has(r, "script:hold_at_20")) << r.out;
}

// Factions declared in a described game: a faction row in every run, the
// specialties experiment, and a tune whose knob is a faction's property.
TEST(DescribedTools, FactionsOfADescribedGame) {
  const CliRun run = balance({"run", kHouses, "--games", "30", "--agents", "script:hold_at_15", "--seed", "1"});
  EXPECT_EQ(run.exit, 0) << run.err;
  EXPECT_TRUE(has(run, "balanced round robin of 3 factions")) << run.out;
  EXPECT_TRUE(has(run, "\nbanker ")) << run.out;
  const CliRun spec = balance({"specialties", kHouses, "--games", "40", "--matrix-games", "10", "--agents",
                               "script:hold_at_15", "--seed", "2"});
  EXPECT_EQ(spec.exit, 0) << spec.err;
  EXPECT_TRUE(has(spec, "each faction vs plain")) << spec.out;
  EXPECT_TRUE(has(spec, "early")) << spec.out;
  const CliRun tune = balance({"tune", kHouses, "--targets", kHousesTune, "--agents", "script:hold_at_15",
                               "--verify-agents", "script:hold_at_15", "--budget", "400", "--verify-games", "100",
                               "--seed", "3"});
  EXPECT_EQ(tune.exit, 0) << tune.err << tune.out;
  EXPECT_TRUE(has(tune, "faction:early")) << tune.out;
  EXPECT_TRUE(has(tune, "factions.early.properties.head_start")) << tune.out;
}

// A faction's properties change play: the Early house starts 8 points ahead.
TEST(DescribedTools, AFactionsPropertyIsReadByTheRules) {
  const CliRun r = balance({"specialties", kHouses, "--games", "300", "--matrix-games", "0", "--agents",
                            "script:hold_at_15", "--seed", "5"});
  EXPECT_EQ(r.exit, 0) << r.err;
  // 300 duels: Early against Plain wins clearly more than half (about 0.6).
  const auto at = r.out.find("early ");
  ASSERT_NE(at, std::string::npos) << r.out;
  EXPECT_NE(r.out.find("stronger", at), std::string::npos) << r.out;
}

TEST(DescribedTools, AssumptionsAndConditions) {
  const CliRun a = balance({"assumptions", kHouses, "--games", "40", "--agents", "script:hold_at_15", "--seed", "1"});
  EXPECT_EQ(a.exit, 0) << a.err;
  EXPECT_TRUE(has(a, "1 values marked assumed, 1 with alternatives")) << a.out;
  EXPECT_TRUE(has(a, "parameters.goal = 50")) << a.out;
  const CliRun c = balance({"run", kPig, "--games", "10", "--conditions", "--seed", "1"});
  EXPECT_EQ(c.exit, 0) << c.err;
  EXPECT_TRUE(has(c, "setup conditions")) << c.out;
  // Market Row's conditions: the dearest card of the row it opens with.
  const CliRun m = balance({"run", kMarket, "--games", "40", "--agents", "script:big_money", "--conditions", "--seed", "1"});
  EXPECT_EQ(m.exit, 0) << m.err;
  EXPECT_TRUE(has(m, "market: dearest card=")) << m.out;
}

TEST(DescribedTools, ReportOfADescribedGame) {
  const fs::path out = scratch("report.html");
  const CliRun r = balance({"report", kHouses, "--games", "20", "--agents", "script:hold_at_15", "--seed", "4",
                            "--sweep", "parameters.goal=30,60", "--ladder", "random,script:hold_at_15",
                            "--ladder-games", "4", "--assumptions", "--assumptions-games", "6", "--out", out.string()});
  EXPECT_EQ(r.exit, 0) << r.err;
  std::string html;
  ASSERT_TRUE(model::readFile(out.string(), html));
  fs::remove(out);
  EXPECT_NE(html.find("Pig Houses"), std::string::npos);
  EXPECT_NE(html.find("banker"), std::string::npos);
  EXPECT_NE(html.find("parameters.goal"), std::string::npos);
}

}  // namespace
}  // namespace wb::app::testing
