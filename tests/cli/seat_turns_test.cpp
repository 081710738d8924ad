// `balance run` says when seats get unequal numbers of turns: Zoneplex at 5 players
// deals 72 action cards, one a turn, so Seats 1 and 2 start a 15th turn (72 = 5 x 14 + 2).
// A 2-player duel whose last turn is the winner's shows the counts but no note.
#include <gtest/gtest.h>

#include <string>

#include "tests/cli/balance_cli.h"

namespace {

using wb::app::testing::balance;

TEST(SeatTurns, ZoneplexAtFivePlayersGivesSeatsZeroAndOneAnExtraTurn) {
  auto r = balance({"run", std::string(WB_SOURCE_DIR) + "/data/rulesets/zoneplex", "--players", "5", "--agents",
                    "random", "--games", "40", "--seed", "1", "--threads", "1"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("turns per seat: mean 14.9"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note: seats get unequal numbers of turns: the last turn is Seat 2's"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("so Seats 1, 2 start one turn more than the others"), std::string::npos) << r.out;
}

TEST(SeatTurns, ADuelEndingOnEitherSeatsTurnIsNotFlagged) {
  auto r = balance({"run", std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice", "--agents", "random", "--games",
                    "60", "--seed", "1", "--threads", "1"});
  ASSERT_EQ(r.exit, 0) << r.err;
  EXPECT_NE(r.out.find("turns per seat: mean "), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("note: seats get unequal numbers of turns"), std::string::npos) << r.out;
}

}  // namespace
