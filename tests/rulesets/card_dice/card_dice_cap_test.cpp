// Why a game stops at the turn cap ("the rest explained per cause"): the
// counters cap_militia_rich, cap_health_above_start and cap_unexplained, one cause per
// game, counted when turn max_turns (the ruleset's cap, `max_turns`, assumed) ends with
// nobody dead.
// Rules: "Players start with 100 health" and "The player whose health reaches zero
// first loses" (seed file 004); Paid Militia: "Shield any amount of damage by paying
// one gold per unit of damage". Healing above the start needs `max_health: 0`
// (assumed: the rules give no cap).
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

class CapCauses : public CardDiceScript {
 protected:
  // The shipped ruleset with a cap of `turns` turns; player 0 plays turn 1.
  void withCap(int turns) { setUpWith(gameWith({{"parameters.max_turns", std::to_string(turns)}})); }
  std::uint64_t counted(int p, Counter c) const { return state->counters().count(p, static_cast<int>(c)); }
};

TEST_F(CapCauses, ARichMilitiaIsTheCauseBeforeHealthAboveTheStart) {
  withCap(1);
  state->setHealth(0, 150);  // healed beyond the starting 100
  state->setHealth(1, 80);
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 100);  // blocks a whole starting health
  act(ActionKind::EndTurn);
  EXPECT_EQ(counted(1, Counter::CapMilitiaRich), 1u);
  EXPECT_EQ(counted(0, Counter::CapMilitiaRich), 0u);
  // One cause per game: the Militia comes first.
  EXPECT_EQ(counted(0, Counter::CapHealthAboveStart) + counted(1, Counter::CapHealthAboveStart), 0u);
  EXPECT_EQ(counted(0, Counter::CapUnexplained) + counted(1, Counter::CapUnexplained), 0u);
}

TEST_F(CapCauses, HealthAboveTheStartWithoutARichMilitia) {
  withCap(1);
  state->setHealth(0, 150);
  state->setHealth(1, 101);
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 99);  // one short of a starting health
  act(ActionKind::EndTurn);
  EXPECT_EQ(counted(0, Counter::CapHealthAboveStart), 1u);
  EXPECT_EQ(counted(1, Counter::CapHealthAboveStart), 1u);
  EXPECT_EQ(counted(0, Counter::CapMilitiaRich) + counted(1, Counter::CapMilitiaRich), 0u);
  EXPECT_EQ(counted(0, Counter::CapUnexplained) + counted(1, Counter::CapUnexplained), 0u);
}

TEST_F(CapCauses, APoorMilitiaAndHealthAtTheStartAreUnexplained) {
  withCap(1);
  state->setHealth(0, 100);
  state->setHealth(1, 60);
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 99);  // one short of a starting health
  act(ActionKind::EndTurn);
  EXPECT_EQ(counted(0, Counter::CapHealthAboveStart) + counted(1, Counter::CapHealthAboveStart), 0u);
  EXPECT_EQ(counted(0, Counter::CapMilitiaRich) + counted(1, Counter::CapMilitiaRich), 0u);
  EXPECT_EQ(counted(0, Counter::CapUnexplained), 1u);  // the player whose turn ended
  EXPECT_EQ(counted(1, Counter::CapUnexplained), 0u);
}

TEST_F(CapCauses, ALeaderThatDiscardedDamageItCouldDealStoppedPressing) {
  // Besides the cause: player 0 leads (300 health against 100, at least 1.5 times) and
  // throws away an Earthquake the opponent has no shield against, in a turn without damage.
  withCap(1);
  state->setHealth(0, 300);
  state->setHealth(1, 100);
  state->giveCard(0, Zone::Hand, card("earthquake"));
  act(ActionKind::Discard, card("earthquake"));
  act(ActionKind::EndTurn);
  EXPECT_EQ(counted(0, Counter::CapLeaderDiscardsDamage), 1u);
  EXPECT_EQ(counted(1, Counter::CapLeaderDiscardsDamage), 0u);
  EXPECT_EQ(counted(0, Counter::CapHealthAboveStart), 1u);  // the cause is still named
}

TEST_F(CapCauses, ALeaderThatPressedOrIsNotLeadingIsNotCounted) {
  // The same discard after a damage card was played this turn: the leader pressed.
  withCap(1);
  state->setHealth(0, 300);
  state->setHealth(1, 100);
  playFromHand("tremor");
  while (state->currentPlayer() != 0) act(ActionKind::Pass);
  state->giveCard(0, Zone::Hand, card("earthquake"));
  act(ActionKind::Discard, card("earthquake"));
  act(ActionKind::EndTurn);
  EXPECT_EQ(counted(0, Counter::CapLeaderDiscardsDamage), 0u);
  // Not leading (120 against 100): the discard is a choice among equals, not a stall.
  withCap(1);
  state->setHealth(0, 120);
  state->setHealth(1, 100);
  state->giveCard(0, Zone::Hand, card("earthquake"));
  act(ActionKind::Discard, card("earthquake"));
  act(ActionKind::EndTurn);
  EXPECT_EQ(counted(0, Counter::CapLeaderDiscardsDamage), 0u);
}

TEST_F(CapCauses, NothingIsCountedBeforeTheCapOrAfterIt) {
  withCap(3);
  state->setHealth(0, 500);
  state->setHealth(1, 500);
  act(ActionKind::EndTurn);  // turn 1 of 3
  EXPECT_EQ(state->turnCount(), 2);
  for (int p = 0; p < 2; ++p)
    for (Counter c : {Counter::CapHealthAboveStart, Counter::CapMilitiaRich, Counter::CapUnexplained})
      EXPECT_EQ(counted(p, c), 0u);
}

TEST_F(CapCauses, TheRunnersCapMeetsTheCountersInAPlayout) {
  // A random playout of the shipped ruleset under a cap of 30 turns: a game that reaches the
  // end of turn 30 counts at least one cause, and only then.
  const auto capped = gameWith({{"parameters.max_turns", "30"}});
  int reached = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    sim::Rng r{seed};
    auto s = capped->newGame(r);
    std::vector<sim::Action> legal;
    while (!s->isTerminal() && s->turnCount() <= 30) {
      s->legalActions(legal);
      s->applyAction(legal[r() % legal.size()], r);
    }
    std::uint64_t causes = 0, games = 0;
    for (Counter c : {Counter::CapMilitiaRich, Counter::CapHealthAboveStart, Counter::CapUnexplained}) {
      const std::uint64_t n = s->counters().count(0, static_cast<int>(c)) + s->counters().count(1, static_cast<int>(c));
      causes += n;
      games += n > 0 ? 1 : 0;
    }
    if (s->isTerminal()) {
      EXPECT_EQ(causes, 0u) << "seed " << seed << ": ended at turn " << s->turnCount();
    } else {
      ++reached;
      EXPECT_EQ(games, 1u) << "seed " << seed << ": one cause per game";
    }
  }
  EXPECT_GT(reached, 0);  // random players rarely end a game in 30 turns
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
