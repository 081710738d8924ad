// What a described game counts shows where the C++ engines' counts show: its
// per-player counters marked `tally: true` are the engine's counters of
// `balance run`'s table, each read when the game stops (element-described's
// spreads); values (Pig's score, card-dice's health and coins) are not;
// and `balance specialties` writes no power count for a game that keeps no
// "power_*" counter, rather than 0 powers per game.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "tests/cli/balance_cli.h"

namespace wb::app::testing {
namespace {

const std::string kSource = WB_SOURCE_DIR;

// The engine-counters block of a run's table, "" when it has none.
std::string countersBlock(const std::string& out) {
  const auto from = out.find("\nengine counters");
  if (from == std::string::npos) return {};
  return out.substr(from, out.find("(first game:", from) - from);
}

TEST(DescribedCounters, RunTabulatesTheCountersAGameKeepsPerPlayer) {
  const CliRun element = balance({"run", kSource + "/data/rulesets/element-described", "--games", "20", "--seed", "1",
                                  "--agents", "random", "--threads", "1"});
  ASSERT_EQ(element.exit, 0) << element.err;
  const std::string block = countersBlock(element.out);
  ASSERT_FALSE(block.empty()) << element.out;
  // The counts data/rulesets/element-described/README.md says it keeps per player.
  for (const char* id : {"spreads", "fortresses", "wind_jumps", "steps_taken", "seal_stones", "lost_stones"})
    EXPECT_TRUE(std::regex_search(block, std::regex(std::string("\n") + id + " +[0-9]"))) << id << "\n" << block;
  // Counters reset every turn hold no count of the game.
  EXPECT_EQ(block.find("\nneed_fire "), std::string::npos) << block;
  EXPECT_EQ(block.find("\nsteps "), std::string::npos) << block;
  // Sorcerers take steps in every game: a count, never an empty column.
  EXPECT_TRUE(std::regex_search(block, std::regex("\nsteps_taken +[1-9][0-9]* +[0-9.]+ +100.0%"))) << block;

  // A value is not a count: Pig's score and card-dice's health and coins, summed over
  // games, would read as events (the description marks none of them `tally`).
  const CliRun pig = balance({"run", kSource + "/data/rulesets/pig", "--games", "30", "--seed", "2", "--threads", "1"});
  ASSERT_EQ(pig.exit, 0) << pig.err;
  EXPECT_EQ(countersBlock(pig.out).find("\nscore "), std::string::npos) << pig.out;
  const CliRun dice = balance({"run", kSource + "/data/rulesets/card-dice-described", "--games", "10", "--seed", "1",
                               "--agents", "random", "--threads", "1"});
  ASSERT_EQ(dice.exit, 0) << dice.err;
  const std::string diceBlock = countersBlock(dice.out);
  for (const char* id : {"health", "coins", "bf_fire", "pur"})
    EXPECT_EQ(diceBlock.find(std::string("\n") + id + " "), std::string::npos) << id << "\n" << diceBlock;
}

TEST(DescribedCounters, SpecialtiesWriteNoPowerCountForAGameThatKeepsNone) {
  const CliRun r = balance({"specialties", kSource + "/tests/data/described/pig_houses.yaml", "--games", "6",
                            "--seed", "1", "--threads", "1"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("powers/game: - (the game counts no power uses"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find(" 0.00 "), std::string::npos) << r.out;
}

}  // namespace
}  // namespace wb::app::testing
