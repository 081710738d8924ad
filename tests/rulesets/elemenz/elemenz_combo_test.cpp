// Combos and their effects: STRIKE against SHIELD, "lose" combos, the target's
// choice of dice, the totem's substitution, Earth's brittle SHIELD, pulse tokens
// bought and burnt, waiting combos. Each test cites the rule of seed file 000.
#include "tests/rulesets/elemenz/elemenz_fixture.h"

namespace wb::rulesets::elemenz::test {
namespace {

constexpr int A = kAir, E = kEarth, F = kFire, W = kWater, Z = kZee;

std::unique_ptr<ElemenzState> fourPlayers(const ElemenzGame& game) {
  auto s = newGame(game, {kFireFaction, kWaterFaction, kEarthFaction, kAirFaction});
  const int air = token(game, "pulse_air");
  for (int p = 0; p < 4; ++p) s->setTotem(p, {air, air, air, air});
  return s;
}

sim::Action complete(const ElemenzGame& g, const char* id, int dice, int target) {
  return encode(ActionKind::Complete, completePayload(combo(g, id), dice, target));
}
sim::Action lose(int location) { return encode(ActionKind::HitLose, location); }

// Rule "STRIKE": attack dice minus the target's SHIELD dice; the target chooses
// which dice it loses (rule "Attack and Damage").
TEST(ElemenzCombos, StrikeIsAttackMinusShield) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setTotem(1, {});
  s->setShield(1, 2, false);
  s->setActive(0);
  s->setTurnDice({F, F, F, A, W, W, E}, 3);
  sim::Rng rng(1);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_strike", 3, 1), rng));
  ASSERT_EQ(s->stage(), Stage::Hit);
  EXPECT_EQ(s->currentPlayer(), 1) << "the target chooses";
  EXPECT_TRUE(hasAction(*s, lose(kLoseOther)));
  EXPECT_TRUE(hasAction(*s, lose(kLoseShield)));
  ASSERT_TRUE(s->applyAction(lose(kLoseOther), rng));
  EXPECT_EQ(s->player(1).dice, 6);
  EXPECT_EQ(s->player(1).shield, 2);
  EXPECT_EQ(s->pool()[kWater], 1) << "drained dice go to the pool";
  EXPECT_EQ(s->stage(), Stage::Assign);
  EXPECT_EQ(s->currentPlayer(), 0);
  EXPECT_EQ(s->counters().count(0, kCounterDiceDrained), 1u);
}

TEST(ElemenzCombos, StrikeNoStrongerThanTheShieldDrainsNothing) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setShield(1, 2, false);
  s->setActive(0);
  s->setTurnDice({F, F, A, A, W, W, E}, 3);
  sim::Rng rng(2);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_strike", 2, 1), rng));
  EXPECT_EQ(s->player(1).dice, 7);
  EXPECT_EQ(s->stage(), Stage::Assign);
}

// Rule "STRIKE versus LOSE combos": "lose" ignores any defence dice.
TEST(ElemenzCombos, LoseIgnoresTheShield) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setTotem(1, {});
  s->setShield(1, 2, false);
  s->setActive(0);
  s->setTurnDice({F, F, A, E, W, W, E}, 3);  // INFERNO: 3 Fire (one locked in) + Air
  sim::Rng rng(3);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_inferno", 4, 1), rng));
  ASSERT_EQ(s->stage(), Stage::Hit);
  ASSERT_TRUE(s->applyAction(lose(kLoseShield), rng));
  EXPECT_EQ(s->player(1).dice, 6);
  EXPECT_EQ(s->player(1).shield, 1);
  EXPECT_EQ(s->defence(1), 1);
}

// Rule "Using Totems": discard 2 pulse tokens instead of losing 1 die, once per drain.
TEST(ElemenzCombos, TotemTradesTwoTokensForOneDieOncePerDrain) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setShield(1, 1, false);
  s->setActive(0);
  s->setTurnDice({F, F, F, A, W, W, E}, 3);
  sim::Rng rng(4);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_strike", 3, 1), rng));  // 3 - 1 = 2 dice
  ASSERT_EQ(s->stage(), Stage::Hit);
  ASSERT_EQ(countKind(*s, ActionKind::HitTotem), 1) << "four Air tokens: one kind of choice";
  sim::Action trade = 0;
  for (sim::Action a : s->legalActions())
    if (kindOf(a) == ActionKind::HitTotem) trade = a;
  ASSERT_TRUE(s->applyAction(trade, rng));
  EXPECT_EQ(s->player(1).totem.count(), 2);
  EXPECT_EQ(s->player(1).dice, 7);
  ASSERT_EQ(s->stage(), Stage::Hit) << "the second die of the same drain";
  EXPECT_EQ(countKind(*s, ActionKind::HitTotem), 0) << "'This effect cannot be multiplied'";
  ASSERT_TRUE(s->applyAction(lose(kLoseOther), rng));
  EXPECT_EQ(s->player(1).dice, 6);
  EXPECT_EQ(s->counters().count(1, kCounterTotemTrade), 1u);
}

// Earth: the free 2nd SHIELD die; "If forced to lose the 1 dice, the Earth Shaman
// loses all of their SHIELD."
TEST(ElemenzCombos, EarthShieldIsCheapAndBrittle) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setActive(2);
  s->setTurnDice({E, A, A, F, W, W, Z}, 3);
  EXPECT_FALSE(hasAction(*s, complete(*game, "earth_shield", 2, 2))) << "the second space is free";
  sim::Rng rng(5);
  ASSERT_TRUE(s->applyAction(complete(*game, "earth_shield", 1, 2), rng));
  EXPECT_EQ(s->defence(2), 2);
  // Fire strikes Earth with 3; Earth loses its one SHIELD die: the whole SHIELD goes.
  s->setTotem(2, {});
  s->setActive(0);
  s->setShield(2, 1, true);
  s->setTurnDice({F, F, F, A, W, W, E}, 3);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_strike", 3, 2), rng));
  ASSERT_EQ(s->stage(), Stage::Hit);
  ASSERT_TRUE(s->applyAction(lose(kLoseShield), rng));
  EXPECT_EQ(s->defence(2), 0);
  EXPECT_EQ(s->player(2).dice, 6);
}

// Game setup: 2 dice in SHIELD (Earth 1 + its free die); the 3rd and 4th player's
// starting bonus die (assumed: defence until their first turn).
TEST(ElemenzCombos, SetupShieldsAndStartingBonus) {
  auto game = shippedGame();
  auto s = newGame(*game, {kFireFaction, kWaterFaction, kEarthFaction, kAirFaction});
  EXPECT_EQ(s->player(1).shield, 2);
  EXPECT_EQ(s->defence(1), 2);
  EXPECT_EQ(s->player(2).shield, 1);
  EXPECT_TRUE(s->player(2).shieldFree);
  EXPECT_EQ(s->defence(2), 3);  // 1 + free + bonus
  EXPECT_EQ(s->defence(3), 3);
  for (int p = 0; p < 4; ++p) EXPECT_EQ(s->player(p).totem.count(), 4) << "four pulse tokens drawn";
}

// Rule "Using Pulse": re-energise with dice of the totem's symbol; burn another's
// token with dice (at most 1 per target per turn, FAQ).
TEST(ElemenzCombos, PulseTokensAreBoughtAndBurnt) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  const int air = token(*game, "pulse_air");
  s->setTotem(0, {air, air, air});
  s->setActive(0);
  s->setTurnDice({F, A, W, W, W, W, E}, 3);
  sim::Rng rng(6);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::BuyPulse, 0), rng));
  EXPECT_EQ(s->player(0).totem.count(), 4);
  EXPECT_EQ(s->showing(kFire), 0) << "the Fire die paid for it";
  EXPECT_FALSE(hasAction(*s, encode(ActionKind::BuyPulse, 0))) << "totem full";
  // Burn a Water token: two dice showing Water.
  ASSERT_TRUE(hasAction(*s, encode(ActionKind::BurnPulse, 1)));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::BurnPulse, 1), rng));
  EXPECT_EQ(s->player(1).totem.count(), 3);
  EXPECT_EQ(s->showing(kWater), 2);
  EXPECT_FALSE(hasAction(*s, encode(ActionKind::BurnPulse, 1))) << "one token per target per turn";
  EXPECT_FALSE(hasAction(*s, encode(ActionKind::BurnPulse, 2))) << "Earth's token needs two Earth dice";
}

// "Pulse tokens ... can be used in combos instead of using a dice"; a used token leaves the game.
TEST(ElemenzCombos, ElementTokenFillsAComboSpace) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  const int earth = token(*game, "pulse_earth");
  s->setTotem(0, {earth});
  s->setActive(0);
  s->setTurnDice({F, E, A, A, W, W, W}, 3);
  sim::Rng rng(7);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_firestorm", 4, 0), rng));
  EXPECT_TRUE(s->player(0).totem.empty());
  EXPECT_TRUE(s->player(0).totemGone) << "'When they are all gone, the Totem disappears for good'";
  EXPECT_FALSE(hasAction(*s, encode(ActionKind::BuyPulse, 0)));
}

// Rule "Combos": waiting combos are activated on the owner's turn and triggered
// later in the round; SEAFOG forces a re-roll (FAQ) after the active shaman's last
// roll; unused, it expires at the owner's next turn.
TEST(ElemenzCombos, WaitingComboTriggersLaterAndExpires) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  const int seafog = combo(*game, "water_seafog");
  s->setActive(1);
  s->setTurnDice({W, W, A, F, F, E, E}, 3);
  sim::Rng rng(8);
  ASSERT_TRUE(s->applyAction(complete(*game, "water_seafog", 3, 1), rng));
  EXPECT_TRUE(s->player(1).armed.contains(static_cast<std::uint8_t>(seafog)));
  // Earth's turn: after its last roll Water may force a re-roll.
  s->setActive(2);
  s->setTurnDice({E, E, E, A, F, W, Z}, 2);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Stop, 0), rng));
  ASSERT_EQ(s->stage(), Stage::React);
  ASSERT_EQ(s->currentPlayer(), 1);
  const sim::Action force = encode(ActionKind::React, reactPayload(kReactCombo, seafog, 0, 0));
  ASSERT_TRUE(hasAction(*s, force));
  s->scriptRolls({A});
  ASSERT_TRUE(s->applyAction(force, rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->dice()[0].face, A);
  EXPECT_EQ(s->stage(), Stage::Assign);
  EXPECT_EQ(s->currentPlayer(), 2);
  EXPECT_EQ(s->counters().count(2, kCounterForcedReroll), 1u);
  EXPECT_FALSE(s->player(1).armed.contains(static_cast<std::uint8_t>(seafog)));
  // Armed again, then the owner's next turn starts: expired.
  s->arm(1, seafog);
  s->setActive(1);
  EXPECT_TRUE(s->player(1).armed.empty());
}

// BULWARK (waiting ward): cancels dice the owner would lose to one drain.
TEST(ElemenzCombos, WardCancelsADrain) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  const int bulwark = combo(*game, "earth_bulwark");
  s->setTotem(2, {});
  s->arm(2, bulwark);
  s->setActive(0);
  s->setTurnDice({F, F, A, E, W, W, E}, 3);
  sim::Rng rng(9);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_inferno", 4, 2), rng));
  ASSERT_EQ(s->stage(), Stage::Hit);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::HitWard, bulwark), rng));
  EXPECT_EQ(s->player(2).dice, 7);
  EXPECT_EQ(s->stage(), Stage::Assign);
}

// Rule "Combos": a combo is completed once a turn; FIRESTORM hits every other shaman.
TEST(ElemenzCombos, FirestormStrikesEveryOpponent) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  for (int p = 1; p < 4; ++p) {
    s->setTotem(p, {});
    s->setShield(p, 0, false);
  }
  s->setActive(0);
  s->setTurnDice({F, E, E, A, W, W, W}, 3);
  sim::Rng rng(10);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_firestorm", 4, 0), rng));
  // Each target with only "other" dice loses 2 without a choice.
  for (int p = 1; p < 4; ++p) EXPECT_EQ(s->player(p).dice, 5) << p;
  EXPECT_FALSE(hasAction(*s, complete(*game, "fire_firestorm", 4, 0)));
}

// Elimination and the win: "Play continues until only 1 player remains with energy dice."
TEST(ElemenzCombos, LastShamanWithDiceWins) {
  auto game = shippedGame();
  auto s = newGame(*game, {kFireFaction, kWaterFaction, kEarthFaction});
  const int air = token(*game, "pulse_air");
  for (int p = 0; p < 3; ++p) s->setTotem(p, {air});
  s->setDice(1, 1);
  s->setDice(2, 1);
  for (int p = 1; p < 3; ++p) s->setShield(p, 0, false, 0);
  s->setActive(0);
  s->setTurnDice({F, E, E, A, W, W, W}, 3);
  sim::Rng rng(11);
  ASSERT_TRUE(s->applyAction(complete(*game, "fire_firestorm", 4, 0), rng));
  EXPECT_TRUE(s->isTerminal());
  EXPECT_EQ(s->winner(), 0);
  EXPECT_EQ(s->returns(), (std::vector<double>{1, 0, 0}));
  EXPECT_EQ(s->counters().count(1, kCounterEliminated), 1u);
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
