// Rule tests through play on both engines (card_dice_table.h): which actions may respond
// (heals, buffs of a shield, gold for Paid Militia, die changes only against dice), the window
// the original player gets after a response, and actions and bid steps during auctions. Each
// test quotes the rule of seed file 004 it checks.
#include <string>

#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceResponses : public BothEngines {};

// "A player may respond to their opponent's action by playing an action which affects (or may
// affect) its result; the response is executed before the action that triggered it. This
// requires paying the cost of the action": a heal before lethal damage.
TEST_P(CardDiceResponses, HealRespondsToDamageAndResolvesFirst) {
  t->setHealth(1, 5);
  t->setGold(1, 3);
  t->giveHand(1, "ecology");
  t->setDie("nature", 4);
  t->setDie("fire", 6);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the opponent may answer the damage";
  ASSERT_TRUE(t->act(Move::Answer, "ecology"));
  EXPECT_EQ(t->toAct(), 0) << "the game goes on: healed to 9 first, the 6 damage does not kill";
  EXPECT_EQ(t->health(1), 5 + 4 - 6);
  EXPECT_EQ(t->gold(1), 0);
  EXPECT_EQ(t->gold(0), 56);
}

// The same rule: an action that does not damage the opponent is not one a heal "affects".
TEST_P(CardDiceResponses, HealDoesNotRespondToAnActionWithoutDamage) {
  t->setGold(1, 3);
  t->giveHand(1, "ecology");
  t->giveHand(0, "treasury");
  ASSERT_TRUE(t->act(Move::Execute, "treasury"));
  EXPECT_EQ(t->toAct(), 0) << "no answer was offered: nothing a heal changes";
  EXPECT_FALSE(t->windowOpen());
  EXPECT_TRUE(t->legal(Move::EndTurn));
  EXPECT_EQ(t->gold(0), 53);
  EXPECT_EQ(t->handCount(1, "ecology"), 1);
}

// A die change "affects its result" only when the action's amounts read a die: Free Market
// doubles gold (no die), Fire reads the fire die.
TEST_P(CardDiceResponses, DieChangesRespondOnlyToActionsThatReadADie) {
  t->giveFaceDown(1, "cheap_trick");
  t->giveHand(1, "cheap_trick");
  t->setGold(1, 3);
  t->giveHand(0, "free_market");
  ASSERT_TRUE(t->act(Move::Execute, "free_market"));
  EXPECT_EQ(t->toAct(), 0) << "no answer was offered";
  EXPECT_EQ(t->gold(0), 100);
  EXPECT_EQ(t->faceDownCount(1, "cheap_trick"), 1);
  EXPECT_EQ(t->handCount(1, "cheap_trick"), 1);
  ASSERT_TRUE(t->act(Move::EndTurn));
  ASSERT_TRUE(t->act(Move::EndTurn));
  ASSERT_EQ(t->toAct(), 0);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the fire reads a die: the opponent may answer";
  EXPECT_TRUE(t->legalDie(Move::AnswerFaceDown, "cheap_trick", "fire", -1));
  EXPECT_TRUE(t->legalDie(Move::Answer, "cheap_trick", "fire", -1));
}

// "A player may respond to their opponent's action by playing an action which affects (or
// may affect) its result": against Fire (fire damage) a die change may move the fire die, or
// the water die of the victim's Water Reservoirs ("Shield water against fire damage"), but
// not the gold or magic die, which change nothing in that result.
TEST_P(CardDiceResponses, DieChangeResponseMovesOnlyADieTheActionReads) {
  t->givePassive(1, "water_reservoirs");
  t->giveFaceDown(1, "cheap_trick");
  t->giveFaceDown(1, "gambling");
  t->setGold(1, 20);
  t->setDie("fire", 4);
  t->setDie("water", 3);
  t->setDie("gold", 3);
  t->setDie("magic", 3);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1);
  EXPECT_TRUE(t->legalDie(Move::AnswerFaceDown, "cheap_trick", "fire", 1));
  EXPECT_TRUE(t->legalDie(Move::AnswerFaceDown, "cheap_trick", "water", 1));
  EXPECT_FALSE(t->legalDie(Move::AnswerFaceDown, "cheap_trick", "gold", 1));
  EXPECT_FALSE(t->legalDie(Move::AnswerFaceDown, "cheap_trick", "earth", 1)) << "no shield of earth";
  EXPECT_FALSE(t->legalDie(Move::AnswerFaceDown, "cheap_trick", "magic", -1));
  EXPECT_TRUE(t->legalDie(Move::AnswerFaceDown, "gambling", "fire"));
  EXPECT_FALSE(t->legalDie(Move::AnswerFaceDown, "gambling", "gold"));
  // Through the shield: the water die raised, the reservoirs stop all of the fire.
  ASSERT_TRUE(t->actDie(Move::AnswerFaceDown, "cheap_trick", "water", 1));
  EXPECT_EQ(t->die("water"), 4);
  ASSERT_EQ(t->toAct(), 1) << "the answerer may answer again (Gambling)";
  ASSERT_TRUE(t->act(Move::Pass));
  EXPECT_EQ(t->health(1), 100) << "4 fire less 4 water";
  EXPECT_EQ(t->gold(1), 17);
  EXPECT_EQ(t->gold(0), 50);
}

// Exploration Novice draws a third of the utility die: a die change answering it may move the
// utility die only (the audited replay answered it with "Gambling on gold").
TEST_P(CardDiceResponses, DieChangeResponseToExplorationMovesOnlyTheUtilityDie) {
  t->giveFaceDown(1, "gambling");
  t->setGold(1, 20);
  t->giveHand(0, "exploration_novice");
  ASSERT_TRUE(t->act(Move::Execute, "exploration_novice"));
  ASSERT_EQ(t->toAct(), 1);
  EXPECT_TRUE(t->legalDie(Move::AnswerFaceDown, "gambling", "utility"));
  EXPECT_FALSE(t->legalDie(Move::AnswerFaceDown, "gambling", "gold"));
  EXPECT_FALSE(t->legalDie(Move::AnswerFaceDown, "gambling", "fire"));
}

// Gaia's Protection doubles "all your earth effects for the rest of this turn": Solid
// Infrastructure (earth against earth and water damage) blocks twice as much. Poseidon's
// Trident grows no shield of the victim: not a response.
TEST_P(CardDiceResponses, BuffRespondsWhenItGrowsAShieldAgainstTheDamage) {
  t->givePassive(1, "solid_infrastructure");
  t->giveHand(1, "gaias_protection");
  t->giveHand(1, "poseidons_trident");
  t->setGold(1, 30);
  t->setDie("earth", 3);
  t->giveHand(0, "earthquake");
  ASSERT_TRUE(t->act(Move::Execute, "earthquake"));  // 2 x earth = 6
  ASSERT_EQ(t->toAct(), 1);
  EXPECT_FALSE(t->legal(Move::Answer, "poseidons_trident"));
  ASSERT_TRUE(t->act(Move::Answer, "gaias_protection"));
  EXPECT_EQ(t->health(1), 100);  // shield 3 x 2 = 6
  EXPECT_EQ(t->gold(1), 18);
  EXPECT_EQ(t->toAct(), 0);
}

// Gold for Paid Militia ("Shield any amount of damage by paying one gold per unit"); assumed
// (both engines): a gold gain may affect damage dealt to a player holding Paid Militia (the
// gold may block it), so Treasury answers the fire, and resolves first.
TEST_P(CardDiceResponses, GoldRespondsWhenTheVictimHoldsPaidMilitia) {
  t->givePassive(1, "paid_militia");
  t->giveHand(1, "treasury");
  t->setGold(1, 3);
  t->setDie("gold", 5);
  t->setDie("fire", 6);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the victim may answer with gold";
  EXPECT_EQ(t->legalMoveCount(), 2) << "pass or Treasury";
  ASSERT_TRUE(t->act(Move::Answer, "treasury"));
  EXPECT_EQ(t->gold(1), 3 - 3 + 5);
  ASSERT_EQ(t->toAct(), 1) << "the fire resolves: the victim chooses the block";
  EXPECT_EQ(t->legalMoveCount(), 6) << "block 0 ... 5";
  ASSERT_TRUE(t->act(Move::Block, "5"));
  EXPECT_EQ(t->health(1), 99);
  EXPECT_EQ(t->gold(1), 0);
  EXPECT_EQ(t->gold(0), 51) << "one point reached health: one gold";
}

// ... and not without the Militia: gold does not affect the damage then.
TEST_P(CardDiceResponses, GoldIsNoResponseWithoutPaidMilitia) {
  t->giveHand(1, "treasury");
  t->setGold(1, 3);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  EXPECT_EQ(t->toAct(), 0) << "no answer was offered";
  EXPECT_EQ(t->handCount(1, "treasury"), 1);
  EXPECT_EQ(t->health(1), 97);
}

// ... nor, with it, an action that deals no damage.
TEST_P(CardDiceResponses, GoldIsNoResponseToAnActionWithoutDamage) {
  t->setGold(1, 10);
  t->givePassive(1, "paid_militia");
  t->giveHand(0, "gold_refinery");
  t->giveHand(1, "treasury");
  ASSERT_TRUE(t->act(Move::Execute, "gold_refinery"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->handCount(1, "treasury"), 1);
  EXPECT_EQ(t->gold(0), 56);
}

// "The opponent is then allowed to play further actions and/or blessings before executing the
// original action that triggered the response": after the die change, the fire's owner pays a
// face-down action and plays a blessing first; the window closed (nothing left to play), the
// answerer may answer again.
TEST_P(CardDiceResponses, AfterAResponseTheOriginalPlayerMayPlayFurtherActionsAndBlessings) {
  t->giveFaceDown(1, "cheap_trick");
  t->giveHand(1, "reforestation");
  t->setGold(1, 10);
  t->giveFaceDown(0, "prometheuss_gift");
  t->giveHand(0, "basic_income");
  t->setDie("fire", 5);
  t->setDie("nature", 2);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_TRUE(t->actDie(Move::AnswerFaceDown, "cheap_trick", "fire", -1));
  ASSERT_TRUE(t->windowOpen());
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_TRUE(t->legal(Move::Blessing, "basic_income"));
  EXPECT_TRUE(t->legal(Move::Pass));
  ASSERT_TRUE(t->act(Move::PlayFaceDown, "prometheuss_gift"));  // pays 12: fire x3 this turn
  ASSERT_TRUE(t->windowOpen()) << "still before the fire";
  ASSERT_TRUE(t->act(Move::Blessing, "basic_income"));
  EXPECT_EQ(t->gold(0), 50 - 12 + 1);
  EXPECT_FALSE(t->windowOpen());
  ASSERT_EQ(t->toAct(), 1) << "the window closed: the answerer may answer again";
  ASSERT_TRUE(t->act(Move::Answer, "reforestation"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->health(1), 100 + 2 * 2 - 3 * 4);
  EXPECT_EQ(t->gold(1), 10 - 3 - 7);
  EXPECT_EQ(t->gold(0), 50 - 12 + 1 + 12);
}

// "The player is allowed to play actions during the auction."
TEST_P(CardDiceResponses, ActionsDuringAnAuction) {
  t->setShop(0, {"fire", "tremor", "ecology", "gambling"}, {});
  t->setGold(0, 7);
  t->setGold(1, 20);
  t->giveHand(0, "gold_refinery");
  t->setDie("gold", 6);
  ASSERT_TRUE(t->act(Move::Bid, "fire", 0));
  EXPECT_EQ(t->toAct(), 1) << "the opponent answers the bid";
  ASSERT_TRUE(t->act(Move::Raise));  // the opponent: 14
  ASSERT_EQ(t->toAct(), 0);
  EXPECT_FALSE(t->legal(Move::Raise)) << "7 gold cannot match 14";
  ASSERT_TRUE(t->act(Move::Execute, "gold_refinery"));
  EXPECT_EQ(t->gold(0), 19);
  ASSERT_EQ(t->toAct(), 0);
  ASSERT_TRUE(t->act(Move::Raise));  // matches 14; 21 is beyond the opponent
  EXPECT_EQ(t->gold(0), 5);
  EXPECT_EQ(t->gold(1), 20);
  EXPECT_EQ(t->discardCount(0, "fire"), 1);
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_TRUE(t->legal(Move::EndTurn)) << "the auction is over: the turn goes on";
}

// "their opponent may outbid them to two times that ... This bidding in multiples of the
// stated cost continues": assumed bid_steps linear (7, 14, 21) or doubling (7, 14, 28).
TEST_P(CardDiceResponses, BidStepsLinearAndDoubling) {
  for (const char* steps : {"linear", "doubling"}) {
    SCOPED_TRACE(steps);
    t = makeTable(GetParam(), {{"parameters.bid_steps", steps}});
    t->setShop(0, {"fire", "tremor", "ecology", "gambling"}, {});
    t->setGold(0, 30);
    t->setGold(1, 25);
    ASSERT_TRUE(t->act(Move::Bid, "fire", 0));
    ASSERT_TRUE(t->act(Move::Raise));  // 14
    ASSERT_TRUE(t->act(Move::Raise));  // matched at 14
    if (std::string(steps) == "linear") {
      ASSERT_EQ(t->toAct(), 1) << "the opponent can outbid to 21";
      ASSERT_TRUE(t->act(Move::Raise));
      ASSERT_TRUE(t->act(Move::Yield));
      EXPECT_EQ(t->gold(1), 25 - 21);
      EXPECT_EQ(t->discardCount(1, "fire"), 1);
    } else {
      EXPECT_EQ(t->toAct(), 0) << "28 is beyond the opponent's 25";
      EXPECT_EQ(t->gold(0), 30 - 14);
      EXPECT_EQ(t->discardCount(0, "fire"), 1);
    }
  }
}

BOTH_ENGINES(CardDiceResponses);

}  // namespace
}  // namespace wb::rulesets::testing
