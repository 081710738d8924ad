// Rules of the Elemental Card-Dice Game (seed file 004) checked through play
// on both engines (card_dice_table.h): damage and gold, shields, the hand
// limit, bids, face-down actions, the shops, choices inside effects, answers,
// die changes and Paid Militia. Each test quotes the rule it checks.
#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceBothEngines : public BothEngines {};

// "A player dealing damage ... receives gold equal to the damage dealt."
TEST_P(CardDiceBothEngines, DealingDamageEarnsItsAmountInGold) {
  t->setDie("fire", 4);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->gold(0), 54);
}

// Water Reservoirs: "Shield [water] against [fire] damage."
TEST_P(CardDiceBothEngines, AShieldTakesItsDieFromMatchingDamage) {
  t->setDie("fire", 5);
  t->setDie("water", 3);
  t->givePassive(1, "water_reservoirs");
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  EXPECT_EQ(t->health(1), 98);
  EXPECT_EQ(t->gold(0), 52);
}

// Magical Barrier: "Shield [magic] x [magic] against combo damage" (fire x magic is a combo).
TEST_P(CardDiceBothEngines, MagicalBarrierStopsComboDamage) {
  t->setDie("fire", 4);
  t->setDie("magic", 2);
  t->givePassive(1, "magical_barrier");
  t->giveHand(0, "magical_firestorm");
  ASSERT_TRUE(t->act(Move::Execute, "magical_firestorm"));
  EXPECT_EQ(t->health(1), 96);
}

// Heavy Rain hurts both; "The player whose health reaches zero first loses."
TEST_P(CardDiceBothEngines, DamageToBothHitsTheCasterFirst) {
  t->setDie("water", 4);
  t->setHealth(0, 3);
  t->giveHand(0, "heavy_rain");
  ASSERT_TRUE(t->act(Move::Execute, "heavy_rain"));
  EXPECT_EQ(t->toAct(), -1);
  EXPECT_EQ(t->winner(), 1);
  EXPECT_EQ(t->health(1), 100) << "the caster fell first; the opponent is not hit";
}

// An opponent who cannot pay twice the cost cannot outbid: the bidder buys at the cost.
TEST_P(CardDiceBothEngines, ABidNobodyCanOutbidBuysAtTheCost) {
  t->setShop(0, {"fire", "tremor", "heavy_rain", "treasury"}, {});
  ASSERT_TRUE(t->act(Move::Bid, "fire", 0));
  EXPECT_EQ(t->gold(0), 43);
  EXPECT_EQ(t->discardCount(0, "fire"), 1);
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->shop(0), (std::vector<std::string>{"tremor", "heavy_rain", "treasury"}));
}

// "The player is allowed to play actions during the auction."
TEST_P(CardDiceBothEngines, TheBidderMayPlayAnActionBeforeMatching) {
  t->setShop(1, {"gold_mine", "earthquake", "free_market", "cheapskate"}, {});
  t->setGold(0, 12);
  t->setGold(1, 24);
  t->setDie("gold", 6);
  t->giveHand(0, "treasury");
  ASSERT_TRUE(t->act(Move::Bid, "gold_mine", 1));
  ASSERT_TRUE(t->act(Move::Raise));           // the opponent bids 24
  EXPECT_FALSE(t->act(Move::Raise));          // 12 gold cannot match 24
  ASSERT_TRUE(t->act(Move::Execute, "treasury"));  // +6
  EXPECT_FALSE(t->act(Move::Raise));
  EXPECT_EQ(t->gold(0), 18);
  ASSERT_TRUE(t->act(Move::Yield));
  EXPECT_EQ(t->gold(1), 0);
}

// Weak Hands: "Your opponent must discard [utility] cards from their hand";
// assumed (both engines): the victim picks them.
TEST_P(CardDiceBothEngines, WeakHandsLetsTheVictimPickItsDiscards) {
  t->setDie("utility", 2);
  t->giveHand(0, "weak_hands");
  for (const char* c : {"fire", "tremor", "treasury"}) t->giveHand(1, c);
  ASSERT_TRUE(t->act(Move::Blessing, "weak_hands"));
  EXPECT_EQ(t->toAct(), 1) << "the victim picks";
  ASSERT_TRUE(t->act(Move::Pick, "tremor"));
  EXPECT_EQ(t->toAct(), 1);
  ASSERT_TRUE(t->act(Move::Pick, "treasury"));
  EXPECT_EQ(t->toAct(), 0) << "the player's turn goes on";
  EXPECT_EQ(t->handCount(1, "fire"), 1);
  EXPECT_EQ(t->discardCount(1, "tremor"), 1);
  EXPECT_EQ(t->discardCount(1, "treasury"), 1);
}

// A victim holding no more cards than it must discard has nothing to choose.
TEST_P(CardDiceBothEngines, WeakHandsTakesEveryCardWithoutAChoiceWhenItMust) {
  t->setDie("utility", 3);
  t->giveHand(0, "weak_hands");
  for (const char* c : {"fire", "tremor"}) t->giveHand(1, c);
  ASSERT_TRUE(t->act(Move::Blessing, "weak_hands"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->discardCount(1, "fire") + t->discardCount(1, "tremor"), 2);
}

// Faulty Table: "Your opponent must discard [utility] face down actions."
TEST_P(CardDiceBothEngines, FaultyTableLetsTheVictimPickItsFaceDownDiscards) {
  t->setDie("utility", 1);
  t->giveHand(0, "faulty_table");
  t->giveFaceDown(1, "fire");
  t->giveFaceDown(1, "tremor");
  ASSERT_TRUE(t->act(Move::Blessing, "faulty_table"));
  EXPECT_EQ(t->toAct(), 1);
  ASSERT_TRUE(t->act(Move::Pick, "tremor"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->faceDownCount(1, "fire"), 1);
  EXPECT_EQ(t->discardCount(1, "tremor"), 1);
}

// Impatience: "Look at and reorder the top [utility] cards of your deck":
// the card picked first goes on top.
TEST_P(CardDiceBothEngines, ImpatiencePutsTheTopCardsBackInTheChosenOrder) {
  t->setDie("utility", 3);
  for (const char* c : {"gold_mine", "fire", "tremor", "treasury"}) t->giveDeck(0, c);  // treasury on top
  t->giveHand(0, "impatience");
  ASSERT_TRUE(t->act(Move::Execute, "impatience"));
  EXPECT_EQ(t->toAct(), 0);
  ASSERT_TRUE(t->act(Move::Pick, "fire"));
  ASSERT_TRUE(t->act(Move::Pick, "tremor"));
  EXPECT_EQ(t->deckTopFirst(0), (std::vector<std::string>{"fire", "tremor", "treasury", "gold_mine"}));
}

// Sabotage: "Look at and reorder the top [utility] cards of your opponent's
// deck": the player who plays it orders them.
TEST_P(CardDiceBothEngines, SabotageReordersTheOpponentsDeck) {
  t->setDie("utility", 2);
  for (const char* c : {"gold_mine", "fire", "tremor"}) t->giveDeck(1, c);
  t->giveHand(0, "sabotage");
  ASSERT_TRUE(t->act(Move::Execute, "sabotage"));
  EXPECT_EQ(t->toAct(), 0) << "the saboteur orders";
  ASSERT_TRUE(t->act(Move::Pick, "fire"));
  EXPECT_EQ(t->deckTopFirst(1), (std::vector<std::string>{"fire", "tremor", "gold_mine"}));
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

// "A player may respond to their opponent's action by playing an action which
// affects (or may affect) its result ...; the response is executed before the
// action that triggered it" -- a heal answers damage; responding "requires
// paying the cost of the action".
TEST_P(CardDiceBothEngines, AHealAnswersDamageAndResolvesFirst) {
  t->setDie("fire", 4);
  t->setDie("nature", 5);
  t->setHealth(1, 2);
  t->setGold(1, 10);
  t->giveHand(0, "fire");
  t->giveHand(1, "ecology");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the opponent may answer the damage";
  ASSERT_TRUE(t->act(Move::Answer, "ecology"));
  EXPECT_EQ(t->toAct(), 0) << "the fire resolved after the heal: its turn goes on";
  EXPECT_EQ(t->health(1), 2 + 5 - 4) << "healed to 7 first, so the 4 damage does not kill";
  EXPECT_EQ(t->gold(1), 10 - 3);
  EXPECT_EQ(t->gold(0), 54);
}

// The same rule: an action that does not damage the opponent is not one a heal "affects".
TEST_P(CardDiceBothEngines, AHealDoesNotAnswerAnActionWithoutDamage) {
  t->setGold(1, 10);
  t->giveHand(0, "treasury");
  t->giveHand(1, "ecology");
  ASSERT_TRUE(t->act(Move::Execute, "treasury"));
  EXPECT_EQ(t->toAct(), 0) << "no answer was offered";
  EXPECT_EQ(t->gold(0), 53);
  EXPECT_EQ(t->handCount(1, "ecology"), 1);
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

// "The opponent is then allowed to play further actions and/or blessings before
// executing the original action that triggered the response": after the heal,
// the damage's owner plays a blessing first; then the answerer may answer again.
TEST_P(CardDiceBothEngines, AfterAnAnswerTheAnsweredPlayerGetsAWindow) {
  t->setDie("fire", 4);
  t->setDie("nature", 2);
  t->setGold(1, 20);
  t->giveHand(0, "fire");
  t->giveHand(0, "basic_income");
  t->giveHand(1, "ecology");
  t->giveHand(1, "reforestation");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_TRUE(t->act(Move::Answer, "ecology"));
  ASSERT_EQ(t->toAct(), 0) << "the window: the damage's owner holds a blessing";
  ASSERT_TRUE(t->act(Move::Blessing, "basic_income"));
  EXPECT_EQ(t->gold(0), 51);
  ASSERT_EQ(t->toAct(), 1) << "the window closed (nothing left to play): the answerer may answer again";
  ASSERT_TRUE(t->act(Move::Answer, "reforestation"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->health(1), 100 + 2 + 4 - 4);
  EXPECT_EQ(t->gold(1), 20 - 3 - 7);
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

// The same rule: a shield's die "may affect" the damage it reduces (Water
// Reservoirs: water against fire damage), so the victim may change it.
TEST_P(CardDiceBothEngines, ADieChangeAnswersThroughTheVictimsShield) {
  t->setDie("fire", 5);
  t->setDie("water", 3);
  t->setGold(1, 10);
  t->givePassive(1, "water_reservoirs");
  t->giveHand(0, "fire");
  t->giveHand(1, "cheap_trick");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1);
  EXPECT_FALSE(t->actDie(Move::Answer, "cheap_trick", "earth", 1)) << "no shield of earth";
  ASSERT_TRUE(t->actDie(Move::Answer, "cheap_trick", "water", 1));
  EXPECT_EQ(t->health(1), 99) << "5 fire less 4 water";
}

// ... and an action whose result reads no die (Free Market doubles gold) is
// not one a die change affects: no answer is offered.
TEST_P(CardDiceBothEngines, ADieChangeDoesNotAnswerAnActionThatReadsNoDie) {
  t->setGold(0, 20);
  t->setGold(1, 10);
  t->giveHand(0, "free_market");
  t->giveHand(1, "cheap_trick");
  ASSERT_TRUE(t->act(Move::Execute, "free_market"));
  EXPECT_EQ(t->toAct(), 0) << "no answer was offered";
  EXPECT_EQ(t->gold(0), 40);
  EXPECT_EQ(t->handCount(1, "cheap_trick"), 1);
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

// Paid Militia: "Block damage you take at one gold per point blocked"; assumed
// (both engines): the owner chooses how much of each damage instance, any
// amount their gold pays for -- one move per amount, 0 included.
TEST_P(CardDiceBothEngines, PaidMilitiaBlocksAnyAmountTheGoldPaysFor) {
  t->setDie("fire", 5);
  t->setGold(1, 3);
  t->givePassive(1, "paid_militia");
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the victim chooses how much to block";
  EXPECT_EQ(t->legalMoveCount(), 4) << "block 0, 1, 2 or 3: the gold pays for 3 of the 5";
  EXPECT_FALSE(t->act(Move::Block, "4"));
  ASSERT_TRUE(t->act(Move::Block, "2"));
  EXPECT_EQ(t->toAct(), 0) << "the damage resolved: its owner's turn goes on";
  EXPECT_EQ(t->health(1), 97);
  EXPECT_EQ(t->gold(1), 1);
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

// "A player may respond to their opponent's action by playing an action which
// affects (or may affect) its result"; assumed (both engines): a gold gain
// may affect damage dealt to a player holding Paid Militia (the gold may
// block it), so Treasury answers the fire, and resolves first.
TEST_P(CardDiceBothEngines, AGoldCardAnswersDamageWhenTheAnswererHoldsPaidMilitia) {
  t->setGold(1, 10);
  t->givePassive(1, "paid_militia");
  t->giveHand(0, "fire");
  t->giveHand(1, "treasury");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the victim may answer with gold";
  EXPECT_EQ(t->legalMoveCount(), 2) << "pass or Treasury";
  ASSERT_TRUE(t->act(Move::Answer, "treasury"));
  EXPECT_EQ(t->gold(1), 10 - 3 + 3);
  ASSERT_EQ(t->toAct(), 1) << "the fire resolves: the victim chooses the block";
  EXPECT_EQ(t->legalMoveCount(), 4);
  ASSERT_TRUE(t->act(Move::Block, "3"));
  EXPECT_EQ(t->health(1), 100);
  EXPECT_EQ(t->gold(1), 7);
  EXPECT_EQ(t->gold(0), 50);
}

// ... and not without the Militia: gold does not affect the damage then.
TEST_P(CardDiceBothEngines, AGoldCardDoesNotAnswerDamageWithoutPaidMilitia) {
  t->setGold(1, 10);
  t->giveHand(0, "fire");
  t->giveHand(1, "treasury");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  EXPECT_EQ(t->toAct(), 0) << "no answer was offered";
  EXPECT_EQ(t->handCount(1, "treasury"), 1);
  EXPECT_EQ(t->health(1), 97);
}

// ... nor, with it, an action that deals no damage.
TEST_P(CardDiceBothEngines, AGoldCardDoesNotAnswerAnActionWithoutDamage) {
  t->setGold(1, 10);
  t->givePassive(1, "paid_militia");
  t->giveHand(0, "gold_refinery");
  t->giveHand(1, "treasury");
  ASSERT_TRUE(t->act(Move::Execute, "gold_refinery"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->handCount(1, "treasury"), 1);
  EXPECT_EQ(t->gold(0), 56);
}


BOTH_ENGINES(CardDiceBothEngines);

}  // namespace
}  // namespace wb::rulesets::testing
