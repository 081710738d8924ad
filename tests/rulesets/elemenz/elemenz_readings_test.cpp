// ElemenZ (seed file 000): the rules the engine once narrowed, the choices it once
// made for the player (now actions the players choose), and the readings where the
// text is silent (parameters marked `assumed`, with their alternatives). The
// audit: shared/audits/elemenz.md, sections 1-3. Each test cites the sentence.
#include <algorithm>

#include "simulation/core/entity_log.h"
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

const model::Parameter* shippedParameter(const char* id) {
  static const model::LoadResult r = loadShipped();
  return r.ruleset.parameter(id);
}

// Totemic Buff "negates the effect of a single wild 'Z' rolled by a Shaman by
// removing the dice temporarily until the next turn" - no moment is named, so it
// may be played while placing dice on combos too.
TEST(ElemenzReadings, TotemicBuffMayBeUsedWhilePlacingDice) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  const int buff = token(*game, "pulse_totemic_buff");
  s->setTotem(0, {buff});
  s->setActive(0);
  s->setTurnDice({F, F, Z, A, W, E, E}, 3);
  ASSERT_EQ(s->stage(), Stage::Assign);
  const sim::Action use = encode(ActionKind::UseToken, buff * 32 + 2);
  ASSERT_TRUE(hasAction(*s, use));
  sim::Rng rng(1);
  ASSERT_TRUE(s->applyAction(use, rng));
  EXPECT_TRUE(s->dice()[2].flags & kDieAside);
  EXPECT_EQ(s->stage(), Stage::Assign);
}

// AIR: "one FREE re-roll of 1 dice at any time during their turn. This even
// includes rolling a regained heal dice." FAQ: "Can AIR's ability to re-roll 1
// dice be used on a just healed dice? Yes."
TEST(ElemenzReadings, AirMayReRollAJustHealedDie) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setDice(3, 5);
  s->setPool(kAir, 2);
  s->setActive(3);
  s->setTurnDice({A, A, A, A, F}, 1);
  s->scriptRolls({A});
  sim::Rng rng(2);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Reroll, 1 << 4), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  ASSERT_EQ(s->stage(), Stage::HealChoice);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Heal, 0), rng));
  ASSERT_EQ(s->dice().count(), 6);
  ASSERT_TRUE(s->dice()[5].flags & kDieUnrolled);
  const sim::Action reroll = encode(ActionKind::FreeReroll, 5);
  ASSERT_TRUE(hasAction(*s, reroll)) << "the just-healed die";
  EXPECT_EQ(s->actionToString(reroll), "free re-roll of the just-healed air die");
  s->scriptRolls({E});
  ASSERT_TRUE(s->applyAction(reroll, rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->dice()[5].face, E);
  EXPECT_EQ(s->dice()[5].flags & (kDieUnrolled | kDieAside | kDieHealed), 0) << "rolled: in play";
  EXPECT_EQ(s->rollsDone(), 2);
}

// The same after the last roll: a die healed then waits aside for the next turn,
// and Air's free re-roll brings it into play.
TEST(ElemenzReadings, AirMayReRollADieHealedAfterTheRolls) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  const int restore = token(*game, "pulse_restore");
  s->setTotem(3, {restore});
  s->setDice(3, 6);
  s->setPool(kAir, 1);
  s->setActive(3);
  s->setTurnDice({A, E, E, F, W, W}, 3);
  sim::Rng rng(3);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::UseToken, restore * 32), rng));
  ASSERT_EQ(s->dice().count(), 7);
  ASSERT_TRUE(s->dice()[6].flags & kDieAside);
  ASSERT_TRUE(hasAction(*s, encode(ActionKind::FreeReroll, 6)));
  s->scriptRolls({A});
  ASSERT_TRUE(s->applyAction(encode(ActionKind::FreeReroll, 6), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  EXPECT_EQ(s->dice()[6].face, A);
  EXPECT_FALSE(s->dice()[6].flags & kDieAside);
  EXPECT_EQ(s->showing(A), 2);
}

// WATER: "When the Water Shaman heals a dice, the Water player *can* immediately
// re-roll this dice": the player decides, and may keep the die unrolled.
TEST(ElemenzReadings, WaterChoosesWhetherToReRollTheHealedDie) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setDice(1, 5);
  s->setPool(kWater, 2);
  s->setActive(1);
  s->setTurnDice({W, W, W, W, F}, 1);
  s->scriptRolls({W});
  sim::Rng rng(4);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Reroll, 1 << 4), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Heal, 0), rng));
  ASSERT_EQ(s->stage(), Stage::TideChoice);
  EXPECT_EQ(s->currentPlayer(), 1);
  EXPECT_TRUE(hasAction(*s, encode(ActionKind::TideReroll, 0)));
  const sim::Action keep = encode(ActionKind::TideKeep, 0);
  ASSERT_TRUE(hasAction(*s, keep));
  EXPECT_EQ(s->actionToString(keep), "water tide: keep the healed die unrolled");
  ASSERT_TRUE(s->applyAction(keep, rng));
  EXPECT_EQ(s->player(1).dice, 6);
  EXPECT_EQ(s->pool()[kWater], 1);
  EXPECT_TRUE(s->dice()[5].flags & kDieUnrolled) << "rolls with the next roll";
  EXPECT_EQ(s->stage(), Stage::Hold);
}

// Whether the tide follows a Restore token and HIGH TIDE too is the assumed
// `water_tide` (every_heal); heal_action keeps it to the heal action.
TEST(ElemenzReadings, WaterTideFollowsWhichHealsIsAnAssumedParameter) {
  const model::Parameter* p = shippedParameter("water_tide");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(model::toString(p->value), "every_heal");
  EXPECT_FALSE(p->assumed.empty());
  EXPECT_EQ(p->alternatives, (std::vector<std::string>{"heal_action"}));
  for (const bool every : {true, false}) {
    auto game = every ? shippedGame() : gameWith({{"water_tide", "heal_action"}});
    auto s = fourPlayers(*game);
    const int restore = token(*game, "pulse_restore");
    s->setTotem(1, {restore});
    s->setDice(1, 6);
    s->setPool(kWater, 1);
    s->setActive(1);
    s->setTurnDice({W, E, E, F, A, A}, 3);
    sim::Rng rng(5);
    ASSERT_TRUE(s->applyAction(encode(ActionKind::UseToken, restore * 32), rng));
    EXPECT_EQ(s->stage(), every ? Stage::TideChoice : Stage::Assign);
  }
}

// The FAQ: a forced re-roll "is separate and happens immediately"; Winds of Change
// "forces a target Shaman to re-roll a single dice" with no moment named. With the
// assumed reaction_window after_each_roll the others may force one after each roll.
TEST(ElemenzReadings, OthersMayForceAReRollAfterAnyRoll) {
  const model::Parameter* p = shippedParameter("reaction_window");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(model::toString(p->value), "after_each_roll");
  EXPECT_FALSE(p->assumed.empty());
  EXPECT_EQ(p->alternatives, (std::vector<std::string>{"after_last_roll"}));
  for (const bool each : {true, false}) {
    auto game = each ? shippedGame() : gameWith({{"reaction_window", "after_last_roll"}});
    auto s = fourPlayers(*game);
    const int winds = token(*game, "pulse_winds_of_change");
    s->setTotem(2, {winds});
    s->setActive(0);
    s->setTurnDice({F, F, F, A, W, E, E}, 1);
    s->scriptRolls({F});
    sim::Rng rng(6);
    ASSERT_TRUE(s->applyAction(encode(ActionKind::Reroll, 1 << 3), rng));
    ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
    ASSERT_EQ(s->rollsDone(), 2);
    if (!each) {
      EXPECT_EQ(s->stage(), Stage::Hold);
      continue;
    }
    ASSERT_EQ(s->stage(), Stage::React) << "a window after the second roll";
    EXPECT_EQ(s->currentPlayer(), 2);
    const sim::Action force = encode(ActionKind::React, reactPayload(kReactToken, winds, 0, 0));
    ASSERT_TRUE(hasAction(*s, force));
    s->scriptRolls({Z});
    ASSERT_TRUE(s->applyAction(force, rng));
    ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
    EXPECT_EQ(s->dice()[0].face, Z);
    EXPECT_EQ(s->rollsDone(), 2) << "outside the three rolls";
    EXPECT_EQ(s->stage(), Stage::Hold) << "the window closed, the active shaman rolls on";
    EXPECT_EQ(s->currentPlayer(), 0);
  }
}

// Avatar "Use 1 of your dice to block an opponents board space": the player picks
// the die (any of its free dice), not the engine.
TEST(ElemenzReadings, BlockAvatarSpendsTheDieThePlayerChooses) {
  auto game = avatarGame();
  auto s = fourPlayers(*game);
  const int block = avatar(*game, "avatar_block");
  s->setAvatars(0, {block});
  s->setActive(0);
  s->setTurnDice({F, A, W, E, E, Z, F}, 3);
  std::vector<int> dice;
  for (sim::Action a : s->legalActions())
    if (kindOf(a) == ActionKind::UseAvatar && payloadOf(a) / 1'000'000 == block) {
      const int die = static_cast<int>(payloadOf(a) % 1'000'000 / 10000);
      if (std::find(dice.begin(), dice.end(), die) == dice.end()) dice.push_back(die);
    }
  EXPECT_EQ(dice.size(), 5u) << "one choice per distinct free die (fire, air, water, earth, Zee)";
  const int target = combo(*game, "water_strike");
  const sim::Action a = encode(ActionKind::UseAvatar, avatarPayload(block, 5 * 10000 + 1 * 100 + target));
  ASSERT_TRUE(hasAction(*s, a));
  sim::Rng rng(7);
  ASSERT_TRUE(s->applyAction(a, rng));
  EXPECT_TRUE(s->dice()[5].flags & kDieUsed) << "the Zee the player chose";
  EXPECT_FALSE(s->dice()[0].flags & kDieUsed);
}

// Block: "Use 1 of your dice to block an opponents board space until the start of your
// next turn": one space of the combo is closed, so a blocked STRIKE (1-3 dice) still takes
// 2 dice; it is not the whole combo that is closed.
TEST(ElemenzReadings, BlockClosesOneBoardSpaceNotTheWholeCombo) {
  auto game = avatarGame();
  auto s = fourPlayers(*game);
  const int block = avatar(*game, "avatar_block");
  const int strike = combo(*game, "water_strike");
  s->setAvatars(0, {block});
  s->setActive(0);
  s->setTurnDice({F, A, W, E, E, Z, F}, 3);
  sim::Rng rng(7);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::UseAvatar, avatarPayload(block, 0 * 10000 + 1 * 100 + strike)), rng));
  s->setActive(1);  // seat 1's turn; the block lasts until the start of seat 0's next turn
  ASSERT_EQ(s->player(1).blockedCombo, strike);
  s->setTurnDice({W, W, W, A, F, E, E}, 3);
  EXPECT_TRUE(hasAction(*s, complete(*game, "water_strike", 2, 0)));
  EXPECT_TRUE(hasAction(*s, complete(*game, "water_strike", 1, 0)));
  EXPECT_FALSE(hasAction(*s, complete(*game, "water_strike", 3, 0))) << "the blocked space takes no die";
}

// Twist: "Flip 1 target's dice to another side (not 'Z') after their 3rd roll (but before
// they assign dice to combos)": not in the reaction windows after the first two rolls.
TEST(ElemenzReadings, TwistOnlyAfterTheLastRoll) {
  auto game = avatarGame();
  auto s = fourPlayers(*game);
  const int twist = avatar(*game, "avatar_flip_target");
  s->setAvatars(1, {twist});
  s->setActive(0);
  s->setTurnDice({F, F, E, E, W, A, A}, 1);
  sim::Rng rng(3);
  s->scriptRolls({E, E});
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Reroll, (1 << 4) | (1 << 5)), rng));
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  ASSERT_EQ(s->rollsDone(), 2);
  EXPECT_EQ(s->stage(), Stage::Hold) << "no Twist after the 2nd roll";
  EXPECT_EQ(s->currentPlayer(), 0);
  s->scriptRolls({W, W});
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Reroll, (1 << 0) | (1 << 1)), rng));  // kept dice re-rolled
  ASSERT_TRUE(s->applyAction(encode(ActionKind::Roll, 0), rng));
  ASSERT_EQ(s->rollsDone(), 3);
  ASSERT_EQ(s->stage(), Stage::React);
  EXPECT_EQ(s->currentPlayer(), 1);
  EXPECT_TRUE(hasAction(*s, encode(ActionKind::React, reactPayload(kReactAvatar, twist, 0, F))));
}

// Burning an avatar costs "a pair of dice of any matching symbol": the player
// names the pair.
TEST(ElemenzReadings, BurningAnAvatarUsesThePairThePlayerNames) {
  auto game = avatarGame();
  auto s = fourPlayers(*game);
  s->setAvatars(1, {avatar(*game, "avatar_cancel")});
  s->setActive(0);
  s->setTurnDice({F, F, F, E, E, A, W}, 3);
  const sim::Action byEarth = encode(ActionKind::BurnAvatar, E * 10 + 1);
  ASSERT_TRUE(hasAction(*s, encode(ActionKind::BurnAvatar, F * 10 + 1)));
  ASSERT_TRUE(hasAction(*s, byEarth));
  EXPECT_FALSE(hasAction(*s, encode(ActionKind::BurnAvatar, A * 10 + 1)));
  EXPECT_EQ(s->actionToString(byEarth), "burn an avatar of Seat 2 with a pair of earth");
  sim::Rng rng(8);
  ASSERT_TRUE(s->applyAction(byEarth, rng));
  EXPECT_TRUE(s->player(1).avatars.empty());
  EXPECT_EQ(s->showing(F), 3) << "the fire dice stay free";
  EXPECT_EQ(s->showing(E), 0);
}

// 2 players, harder game: "players start the game with only 4 dice of one of their
// colours" - each player's choice.
TEST(ElemenzReadings, HarderDuelPlayersChooseTheirColour) {
  auto game = gameWith({{"duel_variant", "harder"}});
  auto s = newGame(*game, {kFireFaction, kWaterFaction});
  ASSERT_EQ(s->stage(), Stage::ColourChoice);
  EXPECT_EQ(s->currentPlayer(), 0);
  EXPECT_EQ(s->turnCount(), 1);
  const sim::Action earth = encode(ActionKind::ChooseColour, E);
  ASSERT_TRUE(hasAction(*s, earth)) << "Fire's side is Fire+Earth";
  ASSERT_TRUE(hasAction(*s, encode(ActionKind::ChooseColour, F)));
  EXPECT_FALSE(hasAction(*s, encode(ActionKind::ChooseColour, W)));
  sim::Rng rng(9);
  ASSERT_TRUE(s->applyAction(earth, rng));
  EXPECT_EQ(s->currentPlayer(), 1);
  ASSERT_TRUE(s->applyAction(encode(ActionKind::ChooseColour, A), rng));
  EXPECT_EQ(s->player(0).hand[E], 4);
  EXPECT_EQ(s->player(0).hand[F], 0);
  EXPECT_EQ(s->player(1).hand[A], 4);
  EXPECT_EQ(s->currentPlayer(), 0);
  EXPECT_NE(s->stage(), Stage::ColourChoice);
}

// "Wild dice can be anchored to these energy tokens": whether an unspent token on
// the totem anchors a Zee, or only one played in the combo, is the assumed
// `token_anchor`.
TEST(ElemenzReadings, ZeeAnchoringToATokenIsAnAssumedParameter) {
  const model::Parameter* p = shippedParameter("token_anchor");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(model::toString(p->value), "on_totem");
  EXPECT_FALSE(p->assumed.empty());
  for (const bool onTotem : {true, false}) {
    auto game = onTotem ? shippedGame() : gameWith({{"token_anchor", "in_combo"}});
    auto s = fourPlayers(*game);
    s->setTotem(0, {token(*game, "pulse_earth")});
    s->setActive(0);
    // No die shows Earth: the Zee can pay a burn of Earth's token only if the
    // token on the totem anchors it.
    s->setTurnDice({F, F, Z, Z, A, W, W}, 3);
    EXPECT_EQ(s->showing(E), onTotem ? 2 : 0);
    // In a combo both readings let the token anchor: FIRESTORM (F F + E E, one
    // Fire locked) takes the Earth token and a Zee anchored to it.
    EXPECT_TRUE(s->canComplete(combo(*game, "fire_firestorm"), 4)) << (onTotem ? "on_totem" : "in_combo");
  }
}

// FIRE: "Fire gets FREE dice already locked in to two combo choices" - the ability
// is logged when it works, so the entity table and `balance impact` can test it.
TEST(ElemenzReadings, FiresLockedDiceAreLoggedAndRestrictable) {
  auto game = shippedGame();
  auto s = fourPlayers(*game);
  s->setActive(0);
  s->setTurnDice({F, E, E, A, W, W, A}, 3);
  const int ability = static_cast<int>(std::find(game->rules().ids.begin(), game->rules().ids.end(), "fire_locked_dice") -
                                       game->rules().ids.begin());
  ASSERT_LT(ability, static_cast<int>(game->rules().ids.size()));
  const sim::Action firestorm = complete(*game, "fire_firestorm", 4, 0);  // every opponent: no target named
  ASSERT_TRUE(hasAction(*s, firestorm));
  std::vector<int> used;
  s->actionEntities(firestorm, used);
  EXPECT_NE(std::find(used.begin(), used.end(), ability), used.end());
  sim::Rng rng(10);
  ASSERT_TRUE(s->applyAction(firestorm, rng));
  EXPECT_EQ(s->entityLog().count(0, ability, sim::EntityUse::Triggered), 1u);
}

// 2 players: "the Shaman player will show their ability at controlling two
// complimentary elements (AIR with WATER, FIRE with EARTH)": a faction row of a
// 2-player run is a side.
TEST(ElemenzReadings, TwoPlayerFactionRowsAreLabelledAsSides) {
  auto game = shippedGame();
  const std::vector<std::string> two = game->factionLabels(2);
  ASSERT_EQ(two.size(), 4u);
  EXPECT_EQ(two[0], "side fire+earth (as fire)");
  EXPECT_EQ(two[1], "side air+water (as water)");  // the side's name as in its counters duel_win:air+water
  EXPECT_EQ(game->factionLabels(4), game->factions());
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
