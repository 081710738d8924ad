// Rules of the Elemental Card-Dice Game (seed file 004) checked through play
// on both engines (card_dice_table.h) that no topic file of this folder holds:
// choices inside effects, rerolls, die changes and their answers, and Paid
// Militia's block. Each test quotes the rule it checks.
#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceBothEngines : public BothEngines {};

// A victim holding no more cards than it must discard has nothing to choose.
TEST_P(CardDiceBothEngines, WeakHandsTakesEveryCardWithoutAChoiceWhenItMust) {
  t->setDie("utility", 3);
  t->giveHand(0, "weak_hands");
  for (const char* c : {"fire", "tremor"}) t->giveHand(1, c);
  ASSERT_TRUE(t->act(Move::Blessing, "weak_hands"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->discardCount(1, "fire") + t->discardCount(1, "tremor"), 2);
}

// Express Shipping: "Move a card you just bought to your hand" (assumed: bought this
// turn): nothing when the player bought nothing this turn.
TEST_P(CardDiceBothEngines, ExpressShippingWithoutABuyTakesNothing) {
  t->giveHand(0, "express_shipping");
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Discard, "fire"));
  ASSERT_TRUE(t->act(Move::Execute, "express_shipping"));
  EXPECT_EQ(t->handCount(0, "fire"), 0);
  EXPECT_EQ(t->discardCount(0, "fire"), 1);
}

// "Up to": the player may stop early.
TEST_P(CardDiceBothEngines, RecyclingMayStopEarly) {
  t->setDie("utility", 6);
  for (const char* c : {"recycling_novice", "fire", "tremor"}) t->giveHand(0, c);
  ASSERT_TRUE(t->act(Move::Execute, "recycling_novice"));
  ASSERT_TRUE(t->act(Move::Pick, "fire"));
  ASSERT_TRUE(t->act(Move::PickDone));
  EXPECT_EQ(t->handCount(0, "tremor"), 1);
  EXPECT_EQ(t->handCount(0, "fire"), 0);
  EXPECT_EQ(t->toAct(), 0);
}

// "In the case of actions, the player may respond to them as well": a response
// may be answered. The heal vetoed, the damage resolves in full.
TEST_P(CardDiceBothEngines, AnAnswerCanItselfBeAnswered) {
  t->setDie("fire", 4);
  t->setGold(1, 3);
  t->giveHand(0, "fire");
  t->giveHand(0, "veto");
  t->giveHand(1, "ecology");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_TRUE(t->act(Move::Answer, "ecology"));
  ASSERT_EQ(t->toAct(), 0) << "the damage's owner may answer the heal";
  ASSERT_TRUE(t->act(Move::Answer, "veto"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->gold(0), 50 - 18 + 4);
}

// Gambling: "Roll one die again" -- once, no follow-up; the other dice stay.
TEST_P(CardDiceBothEngines, GamblingRerollsTheNamedDieOnce) {
  t->giveHand(0, "gambling");
  ASSERT_TRUE(t->actDie(Move::Execute, "gambling", "fire"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_FALSE(t->act(Move::RerollAgain)) << "one roll only";
  EXPECT_GE(t->die("fire"), 1);
  EXPECT_LE(t->die("fire"), 6);
  for (const char* d : {"earth", "water", "nature", "magic", "gold", "utility"}) EXPECT_EQ(t->die(d), 3) << d;
  EXPECT_TRUE(t->act(Move::EndTurn)) << "the turn goes on";
}

// Second Chance: "Roll one die again, and a second time if you wish": the
// player may roll once more, or keep the value.
TEST_P(CardDiceBothEngines, SecondChanceOffersOneMoreRoll) {
  t->giveHand(0, "second_chance");
  ASSERT_TRUE(t->actDie(Move::Execute, "second_chance", "water"));
  ASSERT_EQ(t->toAct(), 0) << "the player decides whether to roll again";
  EXPECT_FALSE(t->act(Move::EndTurn)) << "the choice comes first";
  ASSERT_TRUE(t->act(Move::RerollAgain));
  EXPECT_FALSE(t->act(Move::RerollAgain)) << "two rolls in all";
  EXPECT_FALSE(t->act(Move::KeepDie));
  EXPECT_TRUE(t->act(Move::EndTurn));
}

// ... and keeping the first roll ends the choice.
TEST_P(CardDiceBothEngines, SecondChanceMayKeepTheFirstRoll) {
  t->giveHand(0, "second_chance");
  ASSERT_TRUE(t->actDie(Move::Execute, "second_chance", "water"));
  const int first = t->die("water");
  ASSERT_TRUE(t->act(Move::KeepDie));
  EXPECT_EQ(t->die("water"), first);
  EXPECT_FALSE(t->act(Move::RerollAgain));
  EXPECT_TRUE(t->act(Move::EndTurn));
}

// Calculated Risk: "Roll one die again, up to four times in all."
TEST_P(CardDiceBothEngines, CalculatedRiskRollsUpToFourTimes) {
  t->giveHand(0, "calculated_risk");
  ASSERT_TRUE(t->actDie(Move::Execute, "calculated_risk", "magic"));
  std::vector<int> rolls{t->die("magic")};
  for (int k = 0; k < 3; ++k) {
    ASSERT_TRUE(t->act(Move::RerollAgain)) << "roll " << k + 2;
    rolls.push_back(t->die("magic"));
  }
  EXPECT_FALSE(t->act(Move::RerollAgain)) << "four rolls in all";
  EXPECT_NE(rolls, std::vector<int>(4, 3)) << "the die is rolled (seed 7 gives some value other than 3)";
  for (int r : rolls) EXPECT_TRUE(r >= 1 && r <= 6) << r;
}

// Sleight of Hand: "Raise or lower one die by one or two"; assumed (both
// engines): the die stays within its faces 1..6, and a change is never 0.
TEST_P(CardDiceBothEngines, AChangeIsUpToNWithinTheFaces) {
  t->setDie("fire", 5);
  t->giveHand(0, "sleight_of_hand");
  EXPECT_FALSE(t->actDie(Move::Execute, "sleight_of_hand", "fire", 2)) << "7 is no face";
  EXPECT_FALSE(t->actDie(Move::Execute, "sleight_of_hand", "fire", -3)) << "by two at most";
  EXPECT_FALSE(t->actDie(Move::Execute, "sleight_of_hand", "fire", 0)) << "a change changes";
  ASSERT_TRUE(t->actDie(Move::Execute, "sleight_of_hand", "fire", -2));
  EXPECT_EQ(t->die("fire"), 3);
  EXPECT_EQ(t->toAct(), 0);
}

// Cheap Trick: "Raise or lower one die by one", then a damage card reads the new value.
TEST_P(CardDiceBothEngines, AChangedDieChangesTheDamageThatReadsIt) {
  t->setDie("earth", 6);
  t->giveHand(0, "cheap_trick");
  t->giveHand(0, "multitasking_novice");  // a third of utility 3: one more action
  t->giveHand(0, "tremor");
  ASSERT_TRUE(t->act(Move::Blessing, "multitasking_novice"));
  ASSERT_TRUE(t->actDie(Move::Execute, "cheap_trick", "earth", -1));
  EXPECT_EQ(t->die("earth"), 5);
  ASSERT_TRUE(t->act(Move::Execute, "tremor"));
  EXPECT_EQ(t->health(1), 95);
}

// "A player may respond to their opponent's action by playing an action which
// affects (or may affect) its result ...; the response is executed before the
// action that triggered it": a die change answers damage that reads the die,
// and the damage reads the changed value.
TEST_P(CardDiceBothEngines, ADieChangeAnswersAnActionThatReadsTheDie) {
  t->setDie("fire", 4);
  t->setGold(1, 10);
  t->giveHand(0, "fire");
  t->giveHand(1, "cheap_trick");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the opponent may answer";
  EXPECT_FALSE(t->actDie(Move::Answer, "cheap_trick", "water", -1)) << "the fire damage does not read water";
  ASSERT_TRUE(t->actDie(Move::Answer, "cheap_trick", "fire", -1));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->die("fire"), 3);
  EXPECT_EQ(t->health(1), 97) << "the change resolved first";
  EXPECT_EQ(t->gold(1), 7);
}

// A die change answers a die change of the same die (the die it changes is one
// its result depends on), not one of another die.
TEST_P(CardDiceBothEngines, ADieChangeAnswersAChangeOfTheSameDie) {
  t->setGold(1, 10);
  t->giveHand(0, "perspective_shift");
  t->giveHand(1, "cheap_trick");
  t->setDie("utility", 2);
  ASSERT_TRUE(t->actDie(Move::Execute, "perspective_shift", "utility"));
  ASSERT_EQ(t->toAct(), 1);
  EXPECT_FALSE(t->actDie(Move::Answer, "cheap_trick", "gold", 1));
  ASSERT_TRUE(t->actDie(Move::Answer, "cheap_trick", "utility", 1));
  EXPECT_EQ(t->die("utility"), 4) << "raised to 3 first, then turned over";
}

// The same assumed reading, "after the other shields": Water Reservoirs takes
// its 3 from the fire's 5 first, so 2 are left to block; "a player dealing
// damage ... receives gold equal to the damage dealt": what reached health,
// after the shields and the Militia (assumed, both engines).
TEST_P(CardDiceBothEngines, PaidMilitiaBlocksAfterTheOtherShieldsAndTheDealerEarnsWhatIsLeft) {
  t->setDie("fire", 5);
  t->setDie("water", 3);
  t->setGold(1, 10);
  t->givePassive(1, "water_reservoirs");
  t->givePassive(1, "paid_militia");
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1);
  EXPECT_EQ(t->legalMoveCount(), 3) << "block 0, 1 or 2";
  ASSERT_TRUE(t->act(Move::Block, "1"));
  EXPECT_EQ(t->health(1), 99);
  EXPECT_EQ(t->gold(1), 9);
  EXPECT_EQ(t->gold(0), 51) << "one point reached health: one gold";
}

// A Militia with no gold to pay, or with nothing left after the shields, has
// nothing to choose: the damage resolves at once.
TEST_P(CardDiceBothEngines, PaidMilitiaAsksNothingWithoutGoldOrDamageLeft) {
  t->setDie("fire", 5);
  t->setGold(1, 0);
  t->givePassive(1, "paid_militia");
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->health(1), 95);
  EXPECT_EQ(t->gold(0), 55);
}

TEST_P(CardDiceBothEngines, PaidMilitiaAsksNothingWhenTheShieldsStopTheDamage) {
  t->setDie("fire", 3);
  t->setDie("water", 4);
  t->setGold(1, 10);
  t->givePassive(1, "water_reservoirs");
  t->givePassive(1, "paid_militia");
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->health(1), 100);
  EXPECT_EQ(t->gold(1), 10);
  EXPECT_EQ(t->gold(0), 50);
}

// Heavy Rain hurts its caster first: the caster's own Militia blocks that
// instance (the caster chooses), then the opponent takes theirs.
TEST_P(CardDiceBothEngines, PaidMilitiaBlocksTheCastersOwnDamageFirst) {
  t->setDie("water", 4);
  t->givePassive(0, "paid_militia");
  t->giveHand(0, "heavy_rain");
  ASSERT_TRUE(t->act(Move::Execute, "heavy_rain"));
  ASSERT_EQ(t->toAct(), 0) << "the caster chooses for its own damage";
  EXPECT_EQ(t->legalMoveCount(), 5);
  ASSERT_TRUE(t->act(Move::Block, "4"));
  EXPECT_EQ(t->health(0), 100);
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->gold(0), 50 - 4 + 4);
}

// Above 255 blockable points the card_dice engine offers a grid (every
// step-th amount from the most, nothing, and the amount that just survives);
// the described game's `choose_amount` offers the same. Two Prometheus's
// Gifts make the fire nine times as strong: 6 x 6 x 9 = 324 points.
TEST_P(CardDiceBothEngines, PaidMilitiaOffersTheSameGridAboveTwoHundredAndFiftyFivePoints) {
  t->setDie("fire", 6);
  t->setDie("magic", 6);
  t->setGold(1, 400);
  t->setHealth(1, 200);
  t->givePassive(1, "paid_militia");
  for (const char* c : {"multitasking_god", "prometheuss_gift", "prometheuss_gift", "magical_firestorm"})
    t->giveHand(0, c);
  ASSERT_TRUE(t->act(Move::Blessing, "multitasking_god"));
  ASSERT_TRUE(t->act(Move::Execute, "prometheuss_gift"));
  ASSERT_TRUE(t->act(Move::Execute, "prometheuss_gift"));
  ASSERT_TRUE(t->act(Move::Execute, "magical_firestorm"));
  ASSERT_EQ(t->toAct(), 1);
  // Step ceil(324 / 255) = 2: 324, 322, ..., 2 (162 moves), 0, and 125 (324 - 200 + 1) to just survive.
  EXPECT_EQ(t->legalMoveCount(), 164);
  EXPECT_FALSE(t->act(Move::Block, "323"));
  ASSERT_TRUE(t->act(Move::Block, "125"));
  EXPECT_EQ(t->health(1), 1);
  EXPECT_EQ(t->gold(1), 400 - 125);
}


BOTH_ENGINES(CardDiceBothEngines);

}  // namespace
}  // namespace wb::rulesets::testing
