// `balance run --replay`: each turn's line is headed by the seat whose turn it is, moves of
// another seat inside it say "Seat Q reacts:" (seats counted from 1, as every display writes them), a turn that began and ended with no decision
// (an ElemenZ wild surge on the first roll) keeps its line, and the surge is named as a
// chance event. ElemenZ, 4 random players, game 1 of seed 1 (it has such turns).
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;

TEST(ReplayHeading, TurnsAreNumberedWithoutGapsAndHeadedByTheirSeat) {
  const std::string elemenz = std::string(WB_SOURCE_DIR) + "/data/rulesets/elemenz";
  auto r = balance({"run", elemenz, "--players", "4", "--agents", "random", "--games", "10", "--seed", "1",
                    "--threads", "1", "--replay", "1"});
  ASSERT_EQ(r.exit, 0) << r.err;
  const std::regex heading(R"(\n  turn (\d+), Seat (\d+):)");
  int expected = 1, lines = 0;
  for (auto it = std::sregex_iterator(r.out.begin(), r.out.end(), heading); it != std::sregex_iterator(); ++it) {
    EXPECT_EQ(std::stoi((*it)[1]), expected) << "turn numbers skip or repeat\n" << r.out;
    if (std::stoi((*it)[1]) != expected) break;
    ++expected;
    ++lines;
  }
  EXPECT_GT(lines, 10);
  EXPECT_NE(r.out.find(": no decision; chance: wild_surge"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(" reacts: "), std::string::npos) << r.out;
  // The first seat to act in turn 1 may be a reactor, but the turn is Seat 1's.
  EXPECT_NE(r.out.find("moves:\n  turn 1, Seat 1:"), std::string::npos) << r.out;
}

}  // namespace
