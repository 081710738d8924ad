// The 2-player game (seed file 000, "Game Setup (2 player)" to "Winning the
// Game") with scripted dice: sides, Zee leaving the hand, pair combos, drains,
// the monolith lock-in and both ways to win.
#include "tests/rulesets/elemenz/elemenz_fixture.h"

namespace wb::rulesets::elemenz::test {
namespace {

constexpr int A = kAir, E = kEarth, F = kFire, W = kWater, Z = kZee;

std::unique_ptr<ElemenzState> duel(const ElemenzGame& game) { return newGame(game, {kFireFaction, kWaterFaction}); }

sim::Action complete(const ElemenzGame& g, const char* id) {
  return encode(ActionKind::Complete, completePayload(combo(g, id), 0, 1));
}

// "each player draws 3 dice of each of their corresponding colours"; Fire pairs with Earth.
TEST(ElemenzDuel, SidesAndStartingDice) {
  auto game = shippedGame();
  auto s = duel(*game);
  EXPECT_EQ(s->player(0).hand[kFire], 3);
  EXPECT_EQ(s->player(0).hand[kEarth], 3);
  EXPECT_EQ(s->player(1).hand[kWater], 3);
  EXPECT_EQ(s->player(1).hand[kAir], 3);
  EXPECT_EQ(s->pool()[kFire], 4);
  EXPECT_EQ(s->pool()[kAir], 4);
  EXPECT_EQ(s->counters().count(0, game->rules().sideCounter[0]), 1u);
  // Both seats dealt one side: the second plays the other side.
  auto t = newGame(*game, {kFireFaction, kEarthFaction});
  EXPECT_NE(t->player(0).side, t->player(1).side);
  // Harder variant: "only 4 dice of one of their colours" (each player's choice,
  // elemenz_readings_test.cpp): seat 0 takes Fire.
  auto hard = gameWith({{"duel_variant", "harder"}});
  auto h = duel(*hard);
  sim::Rng rng(1);
  ASSERT_TRUE(h->applyAction(encode(ActionKind::ChooseColour, kFire), rng));
  EXPECT_EQ(h->player(0).hand[kFire], 4);
  EXPECT_EQ(h->player(0).hand[kEarth], 0);
}

// "When rolled, any dice that show wild symbols are temporarily removed from the
// Shaman player's hand of dice (for this turn only)!"
TEST(ElemenzDuel, RolledZeeLeavesTheHandForTheTurn) {
  auto game = shippedGame();
  auto s = duel(*game);
  s->setActive(0);
  s->setTurnDice({F, F, E, E, W, A}, 1, {F, F, F, E, E, E});
  s->scriptRolls({Z});
  sim::Rng rng(1);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Reroll, 1 << 4), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_TRUE(s->dice()[4].flags & kDieAside);
  EXPECT_EQ(s->player(0).hand[kEarth], 3) << "back next turn";
}

// "the Pair dice combo allows the player to take a dice from the pool of the
// correct colour ... this new dice can be used immediately" (after the 1st or 2nd roll).
TEST(ElemenzDuel, PairComboTakesADieUsableThisTurn) {
  auto game = shippedGame();
  auto s = duel(*game);
  s->setActive(0);
  s->setTurnDice({F, F, E, W, A, A}, 1, {F, F, F, E, E, E});
  sim::Rng rng(2);
  ASSERT_TRUE(hasAction(*s, complete(*game, "duel_fire_pair")));
  ASSERT_TRUE(s->applyAction(complete(*game, "duel_fire_pair"), rng));
  EXPECT_EQ(s->player(0).hand[kFire], 4);
  EXPECT_EQ(s->pool()[kFire], 3);
  ASSERT_EQ(s->dice().count(), 7);
  EXPECT_TRUE(s->dice()[6].flags & kDieUnrolled) << "rolls with the next roll";
  EXPECT_FALSE(hasAction(*s, complete(*game, "duel_fire_pair"))) << "once a turn";
}

// A drain: the opponent returns a die to the pool, choosing its colour.
TEST(ElemenzDuel, DrainSendsAnOpponentDieBack) {
  auto game = shippedGame();
  auto s = duel(*game);
  s->setActive(0);
  s->setTurnDice({F, W, E, E, A, A}, 3, {F, F, F, E, E, E});
  sim::Rng rng(3);
  ASSERT_TRUE(s->applyAction(complete(*game, "duel_fire_scorch"), rng));
  ASSERT_EQ(s->stage(), Stage::Hit);
  EXPECT_EQ(s->currentPlayer(), 1);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::HitLose, kLoseColour + kAir), rng));
  EXPECT_EQ(s->player(1).hand[kAir], 2);
  EXPECT_EQ(s->pool()[kAir], 5);
}

// "has to roll the correct symbol on the correct coloured dice (e.g. fire symbol
// on a fire dice) to be able to lock in that dice."
TEST(ElemenzDuel, LockInNeedsTheRightSymbolOnTheRightColour) {
  auto game = shippedGame();
  auto s = duel(*game);
  s->setActive(0);
  // Fire symbols only on Earth dice: EMBER SEAL (two Fire, lock a Fire die) is not possible.
  s->setTurnDice({E, E, A, F, F, W}, 3, {F, F, F, E, E, E});
  EXPECT_FALSE(hasAction(*s, complete(*game, "monolith_fire_small")));
  s->setTurnDice({F, E, A, F, W, W}, 3, {F, F, F, E, E, E});
  ASSERT_TRUE(hasAction(*s, complete(*game, "monolith_fire_small")));
  sim::Rng rng(4);
  ASSERT_TRUE(s->applyAction(complete(*game, "monolith_fire_small"), rng));
  EXPECT_EQ(s->player(0).hand[kFire], 2) << "the locked die stays on the monolith";
  EXPECT_TRUE((s->player(0).locked >> combo(*game, "monolith_fire_small")) & 1U);
  EXPECT_EQ(s->counters().count(0, kCounterDiceLocked), 1u);
  EXPECT_FALSE(s->isTerminal());
}

// Easier variant: the wild is a joker again, "however they cannot be used as
// 'lock in' dice".
TEST(ElemenzDuel, EasierVariantZeeIsAJokerButNeverLocked) {
  auto game = gameWith({{"duel_variant", "easier"}});
  auto s = duel(*game);
  s->setActive(0);
  s->setTurnDice({F, Z, A, A, W, W}, 3, {F, F, F, E, E, E});
  EXPECT_TRUE(hasAction(*s, complete(*game, "monolith_fire_small"))) << "Zee anchored to the Fire die";
  s->setTurnDice({Z, F, A, A, W, W}, 3, {F, E, F, E, E, E});
  EXPECT_FALSE(hasAction(*s, complete(*game, "monolith_fire_small"))) << "no Fire die shows Fire";
}

// "The winner ... is the first Shaman to energise the monolith by locking in all required dice".
TEST(ElemenzDuel, FillingTheMonolithWins) {
  auto game = shippedGame();
  auto s = duel(*game);
  std::uint64_t all = 0;
  for (int c : game->rules().sideBoard[static_cast<std::size_t>(s->player(0).side)])
    if (game->rules().combos[static_cast<std::size_t>(c)].kind == ComboKind::Monolith && c != combo(*game, "monolith_fire_small"))
      all |= std::uint64_t{1} << c;
  s->setLocked(0, all);
  s->setActive(0);
  s->setTurnDice({F, E, A, F, W, W}, 3, {F, F, F, E, E, E});
  sim::Rng rng(5);
  ASSERT_TRUE(s->applyAction(complete(*game, "monolith_fire_small"), rng));
  ASSERT_TRUE(s->isTerminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->counters().count(0, kCounterDuelWinMonolith), 1u);
  EXPECT_EQ(s->counters().count(0, game->rules().sideWinCounter[0]), 1u);
}

// "... or the opponent does not have enough energy dice to complete further combos."
TEST(ElemenzDuel, OpponentWithTooFewDiceLoses) {
  auto game = shippedGame();
  auto s = duel(*game);
  s->setHand(1, kWater, 1);
  s->setHand(1, kAir, 0);
  s->setActive(0);
  s->setTurnDice({F, E, A, A, W, W}, 3, {F, F, F, E, E, E});
  sim::Rng rng(6);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::EndTurn, 0), rng));
  ASSERT_TRUE(s->isTerminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->counters().count(0, kCounterDuelWinStarved), 1u);
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
