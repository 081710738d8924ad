// Rule tests from scripted positions: damage, self damage, heal, gold, shields,
// buffs, rounding and the end of the game, on both engines (card_dice_table.h).
// Each test quotes the rule of seed file 004 (or the recovered card data of
// shared/seeds/README.md) it checks.
#include <algorithm>

#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceCombat : public BothEngines {
 protected:
  // Gives player 0 the card in hand and plays it: an action executed, a blessing played.
  void play(const std::string& card) {
    t->giveHand(0, card);
    ASSERT_TRUE(t->act(Move::Execute, card) || t->act(Move::Blessing, card)) << "illegal: " << card;
  }
  // Player 0's next turn: both players end theirs.
  void nextTurn() {
    ASSERT_TRUE(t->act(Move::EndTurn));
    ASSERT_TRUE(t->act(Move::EndTurn));
    ASSERT_EQ(t->toAct(), 0);
  }
};

TEST_P(CardDiceCombat, StartingPosition) {
  // "Players start with 100 health, 6 gold, 5 Basic Income cards in their deck and no cards
  // in their hand." "Four cards are dealt from each deck" (cheap 3/7, expensive 12/18).
  t->dealNewGame();
  for (int p = 0; p < 2; ++p) {
    EXPECT_EQ(t->health(p), 100);
    EXPECT_EQ(t->gold(p), 6);
    const auto deck = t->deckTopFirst(p);
    EXPECT_EQ(deck.size(), 5u);
    EXPECT_EQ(std::count(deck.begin(), deck.end(), "basic_income"), 5);
    EXPECT_EQ(t->handSize(p), 0);
  }
  ASSERT_EQ(t->shop(0).size(), 4u);
  ASSERT_EQ(t->shop(1).size(), 4u);
  for (const auto& c : t->shop(0)) EXPECT_LE(t->cost(c), 7) << c;
  for (const auto& c : t->shop(1)) EXPECT_GE(t->cost(c), 12) << c;
  // 78 copies - 10 Basic Income - 8 on display.
  EXPECT_EQ(t->shopDeckSize(0) + t->shopDeckSize(1), 60);
  // "Seven dice are rolled at the start of the game."
  for (const char* d : {"fire", "earth", "water", "nature", "magic", "gold", "utility"}) {
    EXPECT_GE(t->die(d), 1) << d;
    EXPECT_LE(t->die(d), 6) << d;
  }
}

TEST_P(CardDiceCombat, DamageEarnsGoldEqualToDamageDealt) {
  // Fire = fire damage; "A player dealing damage ... receives gold equal to the damage dealt."
  t->setDie("fire", 4);
  play("fire");
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->gold(0), 54);
  EXPECT_EQ(t->inPlayCount(0, "fire"), 1);
}

TEST_P(CardDiceCombat, ComboDamageMultipliesTwoDice) {
  // Meteor Strike = earth x magic.
  t->setDie("earth", 3);
  t->setDie("magic", 5);
  play("meteor_strike");
  EXPECT_EQ(t->health(1), 85);
  EXPECT_EQ(t->gold(0), 65);
}

TEST_P(CardDiceCombat, HeavyRainDamagesBothAndPaysForBoth) {
  // Heavy Rain = water to both; gold for damage "to their opponent or themselves".
  t->setDie("water", 4);
  play("heavy_rain");
  EXPECT_EQ(t->health(0), 96);
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->gold(0), 58);
}

TEST_P(CardDiceCombat, HealAndGold) {
  // Reforestation = 2 x nature; Gold Mine = earth x gold; Free Market doubles your gold.
  // Assumed (max_health): healing restores lost health only.
  t->setDie("nature", 5);
  t->setHealth(0, 80);
  play("reforestation");
  EXPECT_EQ(t->health(0), 90);
  nextTurn();
  play("reforestation");
  EXPECT_EQ(t->health(0), 100);
  nextTurn();
  t->setDie("earth", 2);
  t->setDie("gold", 6);
  play("gold_mine");
  EXPECT_EQ(t->gold(0), 62);
  nextTurn();
  play("free_market");
  EXPECT_EQ(t->gold(0), 124);
}

TEST_P(CardDiceCombat, ElementShieldSubtractsFromMatchingDamageNotBelowZero) {
  // Water Reservoirs: shield water against fire damage (assumed: per instance, never below 0).
  t->givePassive(1, "water_reservoirs");
  t->setDie("water", 3);
  t->setDie("fire", 5);
  play("fire");
  EXPECT_EQ(t->health(1), 98);
  EXPECT_EQ(t->gold(0), 52);  // gold equal to the damage dealt after the shield
  nextTurn();
  t->setDie("fire", 2);
  play("fire");
  EXPECT_EQ(t->health(1), 98);
  nextTurn();
  t->setDie("earth", 4);
  play("tremor");  // earth damage: not stopped by a fire shield
  EXPECT_EQ(t->health(1), 94);
}

TEST_P(CardDiceCombat, MagicalBarrierStopsOnlyComboDamage) {
  // Magical Barrier: magic x magic against combo damage; 2 x fire is not a combo.
  t->givePassive(1, "magical_barrier");
  t->setDie("magic", 2);
  t->setDie("earth", 5);
  t->setDie("fire", 3);
  play("meteor_strike");  // 10 - 4
  EXPECT_EQ(t->health(1), 94);
  nextTurn();
  play("blazing_fire");  // 6, untouched
  EXPECT_EQ(t->health(1), 88);
  nextTurn();
  play("magical_firestorm");  // fire x magic is a combo too: 6 - 4
  EXPECT_EQ(t->health(1), 86);
}

TEST_P(CardDiceCombat, PaidMilitiaBlocksWithGold) {
  // Paid Militia: "Shield any amount of damage by paying one gold per unit of damage."
  // Assumed (both engines): the victim chooses how much of each damage instance, any
  // amount their gold pays for -- one move per amount, 0 included.
  t->givePassive(1, "paid_militia");
  t->setGold(1, 3);
  t->setDie("fire", 5);
  play("fire");
  ASSERT_EQ(t->toAct(), 1) << "the victim chooses how much to block";
  EXPECT_EQ(t->legalMoveCount(), 4) << "block 0, 1, 2 or 3: the gold pays for 3 of the 5";
  EXPECT_FALSE(t->act(Move::Block, "4"));
  ASSERT_TRUE(t->act(Move::Block, "3"));  // all it can pay: 3 of 5
  EXPECT_EQ(t->gold(1), 0);
  EXPECT_EQ(t->health(1), 98);
  EXPECT_EQ(t->gold(0), 52);
  EXPECT_EQ(t->toAct(), 0) << "the damage resolved: its owner's turn goes on";
  // Any amount: part of what the gold pays for.
  nextTurn();
  t->setGold(1, 3);
  play("fire");
  ASSERT_EQ(t->toAct(), 1);
  ASSERT_TRUE(t->act(Move::Block, "2"));
  EXPECT_EQ(t->health(1), 95);
  EXPECT_EQ(t->gold(1), 1);
  EXPECT_EQ(t->toAct(), 0);
}

TEST_P(CardDiceCombat, PaidMilitiaOnHeavyRainAndDeclining) {
  // Heavy Rain hits both players; each instance may be blocked; declining costs nothing.
  t->givePassive(1, "paid_militia");
  t->setGold(1, 10);
  t->setDie("water", 4);
  play("heavy_rain");
  ASSERT_EQ(t->toAct(), 1) << "the victim chooses for its instance";
  ASSERT_TRUE(t->act(Move::Block, "0"));
  EXPECT_EQ(t->health(0), 96);
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->gold(1), 10);
  EXPECT_EQ(t->gold(0), 58);
}

TEST_P(CardDiceCombat, PaidMilitiaJustEnoughToSurvive) {
  t->givePassive(1, "paid_militia");
  t->setGold(1, 10);
  t->setHealth(1, 3);
  t->setDie("fire", 6);
  play("fire");
  ASSERT_TRUE(t->act(Move::Block, "4"));  // blocks 4, takes 2
  EXPECT_EQ(t->health(1), 1);
  EXPECT_EQ(t->gold(1), 6);
  EXPECT_NE(t->toAct(), -1) << "the game goes on";
}

TEST_P(CardDiceCombat, ElementBuffTriplesAndMultitaskingGivesActions) {
  // Prometheus's Gift: "Triple the strength of all your fire effects for the rest of this
  // turn"; Multitasking God: gain utility actions.
  t->setDie("utility", 2);
  play("multitasking_god");
  EXPECT_EQ(t->actionsLeft(0), 3);
  t->setDie("fire", 4);
  play("prometheuss_gift");
  play("fire");
  EXPECT_EQ(t->health(1), 88);
  // "for the rest of this turn": gone on the next turn.
  nextTurn();
  play("fire");
  EXPECT_EQ(t->health(1), 84);
}

TEST_P(CardDiceCombat, ElementBuffDoublesCombosUsingThatDie) {
  // Gaia's Protection doubles all your earth effects, Meteor Strike (earth x magic) included.
  t->setDie("utility", 6);
  play("multitasking_god");
  t->setDie("earth", 2);
  t->setDie("magic", 3);
  play("gaias_protection");
  play("meteor_strike");
  EXPECT_EQ(t->health(1), 88);
}

TEST_P(CardDiceCombat, PurismDoublesOnlyNonComboEffects) {
  // Purism: "Double the strength of all your non-combo effects for the rest of this turn."
  t->setDie("utility", 6);
  play("multitasking_god");
  t->setDie("fire", 3);
  t->setDie("earth", 2);
  t->setDie("magic", 2);
  play("purism");
  play("fire");  // 3 x 2
  EXPECT_EQ(t->health(1), 94);
  play("meteor_strike");  // combo: 4
  EXPECT_EQ(t->health(1), 90);
}

TEST_P(CardDiceCombat, FractionsAreRoundedUp) {
  // "All fractional number amounts are always rounded up before execution."
  t->setDie("utility", 4);
  play("multitasking_novice");  // 4 / 3 -> 2
  EXPECT_EQ(t->actionsLeft(0), 3);
  for (int k = 0; k < 5; ++k) t->giveDeck(0, "basic_income");
  t->setDie("utility", 3);
  play("exploration_master");  // 3 / 2 -> 2
  EXPECT_EQ(t->handSize(0), 2);
}

TEST_P(CardDiceCombat, ZeroHealthLosesAndAMutualKillLosesTheCaster) {
  // "The player whose health reaches zero first loses and the other wins."
  t->setHealth(1, 3);
  t->setDie("fire", 3);
  play("fire");
  EXPECT_EQ(t->toAct(), -1) << "the game is over";
  EXPECT_EQ(t->winner(), 0);

  t = makeTable(GetParam());
  t->setHealth(0, 2);
  t->setHealth(1, 2);
  t->setDie("water", 2);
  play("heavy_rain");  // hits its caster first: the caster reaches zero first
  EXPECT_EQ(t->toAct(), -1);
  EXPECT_EQ(t->winner(), 1);
  EXPECT_EQ(t->health(1), 2) << "the caster fell first; the opponent is not hit";
}

BOTH_ENGINES(CardDiceCombat);

// One engine's only: the card_dice engine records a passive that acted on a
// damage instance as triggered (sim::EntityUse::Triggered, the report's
// per-card "triggered" figure); the described game records the cards a
// player acquires and plays (`count_as`), not a passive's triggers. The rules
// these positions check run on both engines above.
using Script = card_dice::testing::CardDiceScript;

TEST_F(Script, AShieldAndPaidMilitiaThatActAreRecordedAsTriggered) {
  using card_dice::ActionKind;
  state->addPassive(1, card("water_reservoirs"));
  setDie("water", 3);
  setDie("fire", 5);
  playFromHand("fire");
  EXPECT_EQ(state->entityLog().count(1, card("water_reservoirs"), sim::EntityUse::Triggered), 1u);
  SetUp();
  state->addPassive(1, card("paid_militia"));
  state->setGold(1, 3);
  setDie("fire", 5);
  playFromHand("fire");
  ASSERT_EQ(state->phase(), card_dice::Phase::MilitiaChoice);
  act(ActionKind::Block, 3);
  EXPECT_EQ(state->entityLog().count(1, card("paid_militia"), sim::EntityUse::Triggered), 1u);
}

}  // namespace
}  // namespace wb::rulesets::testing
