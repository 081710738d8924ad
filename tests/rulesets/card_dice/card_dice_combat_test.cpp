// Rule tests from scripted positions: damage, self damage, heal, gold, shields,
// buffs, rounding and the end of the game. Each test quotes the rule of seed
// file 004 (or the recovered card data of shared/seeds/README.md) it checks.
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

TEST_F(Script, StartingPosition) {
  // "Players start with 100 health, 6 gold, 5 Basic Income cards in their deck and no cards
  // in their hand." "Four cards are dealt from each deck" (cheap 3/7, expensive 12/18).
  sim::Rng r(7);
  auto fresh = game->newGame(r);
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(fresh->player(p).health, 100);
    EXPECT_EQ(fresh->player(p).gold, 6);
    EXPECT_EQ(fresh->player(p).deck.size(), 5u);
    EXPECT_EQ(fresh->player(p).deck.countOf(static_cast<std::uint8_t>(card("basic_income"))), 5u);
    EXPECT_TRUE(fresh->player(p).hand.empty());
  }
  ASSERT_EQ(fresh->shop(0).display.size(), 4u);
  ASSERT_EQ(fresh->shop(1).display.size(), 4u);
  for (std::uint8_t c : fresh->shop(0).display) EXPECT_LE(game->rules().cards[c].cost, 7);
  for (std::uint8_t c : fresh->shop(1).display) EXPECT_GE(game->rules().cards[c].cost, 12);
  // 78 copies - 10 Basic Income - 8 on display.
  EXPECT_EQ(fresh->shop(0).deck.size() + fresh->shop(1).deck.size(), 60u);
  // "Seven dice are rolled at the start of the game."
  for (int d = 0; d < 7; ++d) {
    EXPECT_GE(fresh->die(d), 1);
    EXPECT_LE(fresh->die(d), 6);
  }
}

TEST_F(Script, DamageEarnsGoldEqualToDamageDealt) {
  // Fire = fire damage; "A player dealing damage ... receives gold equal to the damage dealt."
  setDie("fire", 4);
  playFromHand("fire");
  EXPECT_EQ(p1().health, 96);
  EXPECT_EQ(p0().gold, 54);
  EXPECT_EQ(p0().inPlay.countOf(static_cast<std::uint8_t>(card("fire"))), 1u);
}

TEST_F(Script, ComboDamageMultipliesTwoDice) {
  // Meteor Strike = earth x magic.
  setDie("earth", 3);
  setDie("magic", 5);
  playFromHand("meteor_strike");
  EXPECT_EQ(p1().health, 85);
  EXPECT_EQ(p0().gold, 65);
}

TEST_F(Script, HeavyRainDamagesBothAndPaysForBoth) {
  // Heavy Rain = water to both; gold for damage "to their opponent or themselves".
  setDie("water", 4);
  playFromHand("heavy_rain");
  EXPECT_EQ(p0().health, 96);
  EXPECT_EQ(p1().health, 96);
  EXPECT_EQ(p0().gold, 58);
}

TEST_F(Script, HealAndGold) {
  // Reforestation = 2 x nature; Gold Mine = earth x gold; Free Market doubles your gold.
  // Assumed (max_health): healing restores lost health only.
  setDie("nature", 5);
  state->setHealth(0, 80);
  playFromHand("reforestation");
  EXPECT_EQ(p0().health, 90);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  playFromHand("reforestation");
  EXPECT_EQ(p0().health, 100);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  setDie("earth", 2);
  setDie("gold", 6);
  playFromHand("gold_mine");
  EXPECT_EQ(p0().gold, 62);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  playFromHand("free_market");
  EXPECT_EQ(p0().gold, 124);
}

TEST_F(Script, ElementShieldSubtractsFromMatchingDamageNotBelowZero) {
  // Water Reservoirs: shield water against fire damage (assumed: per instance, never below 0).
  state->addPassive(1, card("water_reservoirs"));
  setDie("water", 3);
  setDie("fire", 5);
  playFromHand("fire");
  EXPECT_EQ(p1().health, 98);
  EXPECT_EQ(p0().gold, 52);  // gold equal to the damage dealt after the shield
  EXPECT_EQ(state->entityLog().count(1, card("water_reservoirs"), sim::EntityUse::Triggered), 1u);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  setDie("fire", 2);
  playFromHand("fire");
  EXPECT_EQ(p1().health, 98);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  setDie("earth", 4);
  playFromHand("tremor");  // earth damage: not stopped by a fire shield
  EXPECT_EQ(p1().health, 94);
}

TEST_F(Script, MagicalBarrierStopsOnlyComboDamage) {
  // Magical Barrier: magic x magic against combo damage; 2 x fire is not a combo.
  state->addPassive(1, card("magical_barrier"));
  setDie("magic", 2);
  setDie("earth", 5);
  setDie("fire", 3);
  playFromHand("meteor_strike");  // 10 - 4
  EXPECT_EQ(p1().health, 94);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  playFromHand("blazing_fire");  // 6, untouched
  EXPECT_EQ(p1().health, 88);
}

TEST_F(Script, PaidMilitiaBlocksWithGold) {
  // Paid Militia: "Shield any amount of damage by paying one gold per unit of damage."
  // The victim chooses how much to block.
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 3);
  setDie("fire", 5);
  playFromHand("fire");
  ASSERT_EQ(state->phase(), Phase::MilitiaChoice);
  EXPECT_EQ(state->currentPlayer(), 1);
  act(ActionKind::Block, 3);  // all it can pay: 3 of 5
  EXPECT_EQ(p1().gold, 0);
  EXPECT_EQ(p1().health, 98);
  EXPECT_EQ(p0().gold, 52);
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(state->currentPlayer(), 0);
  EXPECT_EQ(state->entityLog().count(1, card("paid_militia"), sim::EntityUse::Triggered), 1u);
}

TEST_F(Script, PaidMilitiaOnHeavyRainAndDeclining) {
  // Heavy Rain hits both players; each instance may be blocked; declining costs nothing.
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 10);
  setDie("water", 4);
  playFromHand("heavy_rain");
  ASSERT_EQ(state->phase(), Phase::MilitiaChoice);
  act(ActionKind::Block, 0);
  EXPECT_EQ(p0().health, 96);
  EXPECT_EQ(p1().health, 96);
  EXPECT_EQ(p1().gold, 10);
  EXPECT_EQ(p0().gold, 58);
}

TEST_F(Script, PaidMilitiaJustEnoughToSurvive) {
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 10);
  state->setHealth(1, 3);
  setDie("fire", 6);
  playFromHand("fire");
  ASSERT_TRUE(legal(ActionKind::Block, 4));
  act(ActionKind::Block, 4);  // blocks 4, takes 2
  EXPECT_EQ(p1().health, 1);
  EXPECT_EQ(p1().gold, 6);
  EXPECT_FALSE(state->isTerminal());
}

TEST_F(Script, ElementBuffTriplesAndMultitaskingGivesActions) {
  // Prometheus's Gift: "Triple the strength of all your fire effects for the rest of this
  // turn"; Multitasking God: gain utility actions.
  setDie("utility", 2);
  playFromHand("multitasking_god");
  EXPECT_EQ(p0().actionsLeft, 3);
  setDie("fire", 4);
  playFromHand("prometheuss_gift");
  playFromHand("fire");
  EXPECT_EQ(p1().health, 88);
  // "for the rest of this turn": gone on the next turn.
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  playFromHand("fire");
  EXPECT_EQ(p1().health, 84);
}

TEST_F(Script, ElementBuffDoublesCombosUsingThatDie) {
  // Gaia's Protection doubles all your earth effects, Meteor Strike (earth x magic) included.
  setDie("utility", 6);
  playFromHand("multitasking_god");
  setDie("earth", 2);
  setDie("magic", 3);
  playFromHand("gaias_protection");
  playFromHand("meteor_strike");
  EXPECT_EQ(p1().health, 88);
}

TEST_F(Script, PurismDoublesOnlyNonComboEffects) {
  // Purism: "Double the strength of all your non-combo effects for the rest of this turn."
  setDie("utility", 6);
  playFromHand("multitasking_god");
  setDie("fire", 3);
  setDie("earth", 2);
  setDie("magic", 2);
  playFromHand("purism");
  playFromHand("fire");  // 3 x 2
  EXPECT_EQ(p1().health, 94);
  playFromHand("meteor_strike");  // combo: 4
  EXPECT_EQ(p1().health, 90);
}

TEST_F(Script, FractionsAreRoundedUp) {
  // "All fractional number amounts are always rounded up before execution."
  setDie("utility", 4);
  playFromHand("multitasking_novice");  // 4 / 3 -> 2
  EXPECT_EQ(p0().actionsLeft, 3);
  for (int k = 0; k < 5; ++k) state->giveCard(0, Zone::Deck, card("basic_income"));
  setDie("utility", 3);
  playFromHand("exploration_master");  // 3 / 2 -> 2
  EXPECT_EQ(p0().hand.size(), 2u);
}

TEST_F(Script, ZeroHealthLosesAndAMutualKillLosesTheCaster) {
  // "The player whose health reaches zero first loses and the other wins."
  state->setHealth(1, 3);
  setDie("fire", 3);
  playFromHand("fire");
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{1.0, 0.0}));
  EXPECT_EQ(state->currentPlayer(), sim::kTerminalPlayer);

  SetUp();
  state->setHealth(0, 2);
  state->setHealth(1, 2);
  setDie("water", 2);
  playFromHand("heavy_rain");  // hits its caster first: the caster reaches zero first
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->returns(), (std::vector<double>{0.0, 1.0}));
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
