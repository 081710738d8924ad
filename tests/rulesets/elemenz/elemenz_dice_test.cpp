// Rolls, anchoring, wild surges and the heal action with scripted rolls. Each
// test cites the rule of seed file 000 it checks.
#include "tests/rulesets/elemenz/elemenz_fixture.h"

namespace wb::rulesets::elemenz::test {
namespace {

constexpr int A = kAir, E = kEarth, F = kFire, W = kWater, Z = kZee;

// Seat 0 Fire, 1 Water, 2 Earth, 3 Air; every totem holds four Air tokens
// (no token that rerolls or stops a surge) unless a test says otherwise.
std::unique_ptr<ElemenzState> fourPlayers(const ElemenzGame& game) {
  auto s = newGame(game, {kFireFaction, kWaterFaction, kEarthFaction, kAirFaction});
  const int air = token(game, "pulse_air");
  for (int p = 0; p < 4; ++p) s->setTotem(p, {air, air, air, air});
  return s;
}

sim::Action complete(const ElemenzGame& g, const char* id, int dice, int target) {
  return encode(ActionKind::Complete, completePayload(combo(g, id), dice, target));
}

// "The wild side ... can mimic an element type but only when the chosen element is
// shown on another rolled dice result" (Using Zee): Z anchored to an Earth die
// completes FIRESTORM (the text's own example, with Fire's locked-in die).
TEST(ElemenzDice, ZeeAnchoredToAnotherDieCompletesACombo) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setActive(0);
  s->setTurnDice({F, E, Z, W, W, A, A}, 3);
  const sim::Action firestorm = complete(*game, "fire_firestorm", 4, 0);
  ASSERT_TRUE(hasAction(*s, firestorm)) << s->toString();
  sim::Rng rng(1);
  ASSERT_TRUE(s->applyAction(firestorm, rng));
  int used = 0;
  for (const TurnDie& d : s->dice()) used += (d.flags & kDieUsed) != 0;
  EXPECT_EQ(used, 3);  // Fire + Earth + the Zee; the second Fire space is the free locked die
}

// "Incorrect use of a wild dice: the wild dice is not anchored to another."
TEST(ElemenzDice, UnanchoredZeeCannotStandForASymbol) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setActive(0);
  s->setTurnDice({F, Z, Z, W, W, A, A}, 3);  // no Earth showing
  EXPECT_FALSE(s->canComplete(combo(*game, "fire_firestorm"), 4));
  EXPECT_FALSE(hasAction(*s, complete(*game, "fire_firestorm", 4, 0)));
  // "Wild dice can be anchored to these energy tokens": an Earth pulse token anchors.
  s->setTotem(0, {token(*game, "pulse_earth")});
  EXPECT_TRUE(s->canComplete(combo(*game, "fire_firestorm"), 4));
}

// "Multiple wild dice can be anchored to a single other dice."
TEST(ElemenzDice, SeveralZeeAnchorToOneDie) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setActive(1);  // Water: TSUNAMI is three Water and one Fire
  s->setTurnDice({W, Z, Z, F, A, A, E}, 3);
  EXPECT_TRUE(s->canComplete(combo(*game, "water_tsunami"), 4));
  s->setTurnDice({W, Z, Z, Z, A, A, E}, 3);  // no Fire showing: the third Zee has no anchor
  EXPECT_FALSE(s->canComplete(combo(*game, "water_tsunami"), 4));
}

// Rule "Gameplay": three rolls in all; kept dice may be re-rolled later.
TEST(ElemenzDice, ThreeRollsThenAssign) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setActive(0);
  s->setTurnDice({F, F, E, E, W, A, A}, 1);
  sim::Rng rng(3);
  EXPECT_EQ(s->stage(), Stage::Hold);
  s->scriptRolls({E, E});
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Reroll, (1 << 4) | (1 << 5)), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->rollsDone(), 2);
  EXPECT_EQ(s->stage(), Stage::Hold);
  s->scriptRolls({F, F});
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Reroll, (1 << 0) | (1 << 1)), rng));  // kept dice re-rolled
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->rollsDone(), 3);
  EXPECT_EQ(s->stage(), Stage::Assign);
  EXPECT_EQ(countKind(*s, ActionKind::Reroll), 0);
}

sim::Action rerollDie(int die) { return encode(ActionKind::Reroll, 1 << die); }

// Rule "Wild Surges": rolling three wild symbols ends the turn at once, and the
// totem recycles its tokens (rule "Using Totems").
TEST(ElemenzDice, ThreeZeeIsAWildSurge) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setActive(0);
  s->setTurnDice({Z, Z, F, F, E, A, W}, 1);
  s->scriptRolls({Z, A, E, F, W, A, E, W});  // the re-roll, then seat 1's first roll (no surge)
  sim::Rng rng(4);
  ASSERT_TRUE(s->applyAction(rerollDie(2), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->counters().count(0, kCounterWildSurge), 1u);
  EXPECT_EQ(s->activePlayer(), 1) << "the surge ends the turn";
  EXPECT_EQ(s->player(0).totem.count(), 4) << "recycled: as many tokens drawn as returned";
  EXPECT_EQ(s->player(0).shield, 0) << "no SHIELD placed on a surge turn";
}

// "... or if all dice rolled show the opposing element"; the easier variant ignores it.
TEST(ElemenzDice, AllOpposingIsAWildSurgeUnlessTheVariantIsOff) {
  for (bool on : {true, false}) {
    auto game = on ? shippedGame() : gameWith({{"surge_opposing", "false"}});
    auto s = fourPlayers(*game);
    s->setActive(0);  // Fire; its opposing element is Water
    s->setTurnDice({W, W, W, W, W, W, F}, 1);
    s->scriptRolls({W, A, E, F, W, A, E, W});
    sim::Rng rng(5);
    ASSERT_TRUE(s->applyAction(rerollDie(6), rng));
    ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
    EXPECT_EQ(s->counters().count(0, kCounterWildSurge), on ? 1u : 0u);
    EXPECT_EQ(s->activePlayer(), on ? 1 : 0);
  }
}

// "If a player has only 1 or 2 dice remaining in hand, rolling all wild symbols
// ... still triggers the wild surge"; the easier variant ignores it.
TEST(ElemenzDice, TwoDiceBothZeeIsAWildSurgeUnlessTheVariantIsOff) {
  for (bool on : {true, false}) {
    auto game = on ? shippedGame() : gameWith({{"surge_few_dice", "false"}});
    auto s = fourPlayers(*game);
    s->setDice(0, 2);
    s->setActive(0);
    s->setTurnDice({Z, F}, 1);
    s->scriptRolls({Z});
    sim::Rng rng(6);
    ASSERT_TRUE(s->applyAction(rerollDie(1), rng));
    ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
    EXPECT_EQ(s->counters().count(0, kCounterWildSurge), on ? 1u : 0u);
  }
}

// Totemic Buff: "It can be used to prevent a wild surge by negating a single Z."
TEST(ElemenzDice, TotemicBuffStopsAWildSurge) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  const int buff = token(*game, "pulse_totemic_buff");
  s->setTotem(0, {buff, token(*game, "pulse_air")});
  s->setActive(0);
  s->setTurnDice({Z, Z, F, F, E, A, W}, 1);
  s->scriptRolls({Z});
  sim::Rng rng(7);
  ASSERT_TRUE(s->applyAction(rerollDie(2), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  ASSERT_EQ(s->stage(), Stage::SurgeChoice);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::UseToken, buff * 32 + 0), rng));
  EXPECT_EQ(s->counters().count(0, kCounterWildSurge), 0u);
  EXPECT_EQ(s->counters().count(0, kCounterSurgeStopped), 1u);
  EXPECT_EQ(s->activePlayer(), 0);
  EXPECT_EQ(s->stage(), Stage::Hold);
  EXPECT_TRUE(s->dice()[0].flags & kDieAside) << "the negated Zee waits until the next turn";
  EXPECT_EQ(s->player(0).totem.count(), 1);
}

// Avatar "For this turn, only 2 dice cause a Wild Surge" (played on the shaman's coming turn).
TEST(ElemenzDice, VolatilityMakesTwoZeeASurge) {
  auto game = avatarGame();
  auto s = fourPlayers(*game);
  const int vol = avatar(*game, "avatar_surge_two");
  s->giveAvatar(3, vol);
  s->setActive(3);
  s->setTurnDice({A, A, E, E, F, W, W}, 3);
  sim::Rng rng(8);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::UseAvatar, avatarPayload(vol, 0)), rng));
  s->setActive(0);
  s->setTurnDice({Z, F, F, F, E, A, W}, 1);
  s->scriptRolls({Z});
  ASSERT_TRUE(s->applyAction(rerollDie(6), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->counters().count(0, kCounterWildSurge), 1u);
}

// Rule "Heal Action": all dice on the own symbol take one die back from the pool,
// once per turn; the healed die rolls with the next roll while rolls remain.
TEST(ElemenzDice, HealTakesADieBackOncePerTurn) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setDice(0, 5);
  s->setPool(kFire, 2);
  s->setActive(0);
  s->setTurnDice({F, F, F, F, W}, 1);
  s->scriptRolls({F});
  sim::Rng rng(9);
  ASSERT_TRUE(s->applyAction(rerollDie(4), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  ASSERT_EQ(s->stage(), Stage::HealChoice);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Heal, 0), rng));
  EXPECT_EQ(s->player(0).dice, 6);
  EXPECT_EQ(s->pool()[kFire], 1);
  ASSERT_EQ(s->dice().count(), 6);
  EXPECT_TRUE(s->dice()[5].flags & kDieUnrolled);
  EXPECT_EQ(s->stage(), Stage::Hold);
  // The healed die rolls with the next roll; all Fire again: no second heal.
  s->scriptRolls({F, F});
  ASSERT_TRUE(s->applyAction(rerollDie(0), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->stage(), Stage::Assign);
  EXPECT_EQ(s->player(0).dice, 6);
}

// Water: "When the Water Shaman heals a dice, the Water player can immediately
// re-roll this dice. If this dice shows [water] ... a second water dice." (The
// re-roll is the player's choice: elemenz_readings_test.cpp.)
TEST(ElemenzDice, WaterHealingTideTakesASecondDie) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setDice(1, 5);
  s->setPool(kWater, 2);
  s->setActive(1);
  s->setTurnDice({W, W, W, W, F}, 1);
  s->scriptRolls({W, W});  // the re-roll, then the healed die's tide roll
  sim::Rng rng(10);
  ASSERT_TRUE(s->applyAction(rerollDie(4), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  ASSERT_EQ(s->stage(), Stage::HealChoice);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Heal, 0), rng));
  ASSERT_EQ(s->stage(), Stage::TideChoice);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::TideReroll, 0), rng));
  EXPECT_EQ(s->player(1).dice, 7);
  EXPECT_EQ(s->pool()[kWater], 0);
}

// Air: "one FREE re-roll of 1 dice at any time during their turn" (once).
TEST(ElemenzDice, AirHasOneFreeReroll) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setActive(3);
  s->setTurnDice({A, A, E, F, W, W, Z}, 3);
  ASSERT_GT(countKind(*s, ActionKind::FreeReroll), 0);
  sim::Rng rng(11);
  s->scriptRolls({A});
  ASSERT_TRUE(s->applyAction(encode(ActionKind::FreeReroll, 4), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->dice()[4].face, A);
  EXPECT_EQ(s->rollsDone(), 3) << "not one of the three rolls";
  EXPECT_EQ(countKind(*s, ActionKind::FreeReroll), 0);
  // Other shamans have none.
  s->setActive(0);
  s->setTurnDice({F, F, E, A, W, W, Z}, 3);
  EXPECT_EQ(countKind(*s, ActionKind::FreeReroll), 0);
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
