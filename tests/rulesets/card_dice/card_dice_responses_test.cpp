// Rule tests from scripted positions: which actions may respond (heals, buffs of a shield,
// gold for Paid Militia, die changes only against dice), the window the original player
// gets after a response, and actions and bid steps during auctions. Each test quotes the
// rule of seed file 004 it checks.
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

TEST_F(Script, HealRespondsToDamageAndResolvesFirst) {
  // "A player may respond to their opponent's action by playing an action which affects (or
  // may affect) its result; the response is executed before the action that triggered it.
  // This requires paying the cost of the action": a heal before lethal damage.
  state->setHealth(1, 5);
  state->setGold(1, 3);
  state->giveCard(1, Zone::Hand, card("ecology"));
  setDie("nature", 4);
  setDie("fire", 6);
  playFromHand("fire");
  ASSERT_EQ(state->phase(), Phase::Response);
  ASSERT_TRUE(legal(ActionKind::RespondHand, card("ecology")));
  act(ActionKind::RespondHand, card("ecology"));
  EXPECT_FALSE(state->isTerminal());
  EXPECT_EQ(p1().health, 5 + 4 - 6);
  EXPECT_EQ(p1().gold, 0);
}

TEST_F(Script, HealDoesNotRespondToAnActionWithoutDamage) {
  state->setGold(1, 3);
  state->giveCard(1, Zone::Hand, card("ecology"));
  playFromHand("treasury");
  EXPECT_EQ(state->phase(), Phase::Main);  // no response window: nothing a heal changes
}

TEST_F(Script, DieChangesRespondOnlyToActionsThatReadADie) {
  // A die change "affects its result" only when the action's amounts read a die: Free Market
  // doubles gold (no die), Fire reads the fire die.
  state->giveCard(1, Zone::FaceDown, card("cheap_trick"));
  state->setGold(1, 3);
  playFromHand("free_market");
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(p0().gold, 100);
  act(ActionKind::EndTurn);
  act(ActionKind::EndTurn);
  playFromHand("fire");
  ASSERT_EQ(state->phase(), Phase::Response);
  EXPECT_TRUE(legal(ActionKind::RespondFaceDown, card("cheap_trick"), die("fire"), -1));
}

TEST_F(Script, DieChangeResponseMovesOnlyADieTheActionReads) {
  // "A player may respond to their opponent's action by playing an action which affects (or
  // may affect) its result": against Fire (fire damage) a die change may move the fire die, or
  // the water die of the victim's Water Reservoirs ("Shield water against fire damage"), but
  // not the gold or magic die, which change nothing in that result.
  state->addPassive(1, card("water_reservoirs"));
  state->giveCard(1, Zone::FaceDown, card("cheap_trick"));
  state->giveCard(1, Zone::FaceDown, card("gambling"));
  state->setGold(1, 20);
  setDie("fire", 4);
  setDie("water", 3);
  setDie("gold", 3);
  setDie("magic", 3);
  playFromHand("fire");
  ASSERT_EQ(state->phase(), Phase::Response);
  EXPECT_TRUE(legal(ActionKind::RespondFaceDown, card("cheap_trick"), die("fire"), 1));
  EXPECT_TRUE(legal(ActionKind::RespondFaceDown, card("cheap_trick"), die("water"), 1));
  EXPECT_FALSE(legal(ActionKind::RespondFaceDown, card("cheap_trick"), die("gold"), 1));
  EXPECT_FALSE(legal(ActionKind::RespondFaceDown, card("cheap_trick"), die("magic"), -1));
  EXPECT_TRUE(legal(ActionKind::RespondFaceDown, card("gambling"), die("fire")));
  EXPECT_FALSE(legal(ActionKind::RespondFaceDown, card("gambling"), die("gold")));
}

TEST_F(Script, DieChangeResponseToExplorationMovesOnlyTheUtilityDie) {
  // Exploration Novice draws a third of the utility die: a die change answering it may move the
  // utility die only (the audited replay answered it with "Gambling on gold").
  state->giveCard(1, Zone::FaceDown, card("gambling"));
  state->setGold(1, 20);
  playFromHand("exploration_novice");
  ASSERT_EQ(state->phase(), Phase::Response);
  EXPECT_TRUE(legal(ActionKind::RespondFaceDown, card("gambling"), die("utility")));
  EXPECT_FALSE(legal(ActionKind::RespondFaceDown, card("gambling"), die("gold")));
  EXPECT_FALSE(legal(ActionKind::RespondFaceDown, card("gambling"), die("fire")));
}

TEST_F(Script, BuffRespondsWhenItGrowsAShieldAgainstTheDamage) {
  // Gaia's Protection doubles "all your earth effects for the rest of this turn": Solid
  // Infrastructure (earth against earth and water damage) blocks twice as much. Poseidon's
  // Trident grows no shield of the victim: not a response.
  state->addPassive(1, card("solid_infrastructure"));
  state->giveCard(1, Zone::Hand, card("gaias_protection"));
  state->giveCard(1, Zone::Hand, card("poseidons_trident"));
  state->setGold(1, 30);
  setDie("earth", 3);
  playFromHand("earthquake");  // 2 x earth = 6
  ASSERT_EQ(state->phase(), Phase::Response);
  EXPECT_FALSE(legal(ActionKind::RespondHand, card("poseidons_trident")));
  act(ActionKind::RespondHand, card("gaias_protection"));
  EXPECT_EQ(p1().health, 100);  // shield 3 x 2 = 6
  EXPECT_EQ(p1().gold, 18);
}

TEST_F(Script, GoldRespondsWhenTheVictimHoldsPaidMilitia) {
  // Gold for Paid Militia ("Shield any amount of damage by paying one gold per unit").
  state->addPassive(1, card("paid_militia"));
  state->giveCard(1, Zone::Hand, card("treasury"));
  state->setGold(1, 3);
  setDie("gold", 5);
  setDie("fire", 6);
  playFromHand("fire");
  ASSERT_EQ(state->phase(), Phase::Response);
  act(ActionKind::RespondHand, card("treasury"));
  ASSERT_EQ(state->phase(), Phase::MilitiaChoice);
  act(ActionKind::Block, 5);
  EXPECT_EQ(p1().health, 99);
  EXPECT_EQ(p1().gold, 0);
}

TEST_F(Script, GoldIsNoResponseWithoutPaidMilitia) {
  state->giveCard(1, Zone::Hand, card("treasury"));
  state->setGold(1, 3);
  playFromHand("fire");
  EXPECT_EQ(state->phase(), Phase::Main);
}

TEST_F(Script, AfterAResponseTheOriginalPlayerMayPlayFurtherActionsAndBlessings) {
  // "The opponent is then allowed to play further actions and/or blessings before executing
  // the original action that triggered the response."
  state->giveCard(1, Zone::FaceDown, card("cheap_trick"));
  state->setGold(1, 3);
  state->giveCard(0, Zone::FaceDown, card("prometheuss_gift"));
  state->giveCard(0, Zone::Hand, card("basic_income"));
  setDie("fire", 5);
  playFromHand("fire");
  act(ActionKind::RespondFaceDown, card("cheap_trick"), die("fire"), -1);
  ASSERT_EQ(state->phase(), Phase::Window);
  EXPECT_EQ(state->currentPlayer(), 0);
  EXPECT_TRUE(legal(ActionKind::PlayBlessing, card("basic_income")));
  EXPECT_TRUE(legal(ActionKind::Pass));
  act(ActionKind::PlayFaceDown, card("prometheuss_gift"));  // pays 12: fire x3 this turn
  ASSERT_EQ(state->phase(), Phase::Window);                  // still before the Fire
  act(ActionKind::PlayBlessing, card("basic_income"));  // nothing left to play: the Fire resolves
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(p1().health, 100 - 3 * 4);
  EXPECT_EQ(p0().gold, 50 - 12 + 1 + 12);
}

TEST_F(Script, ActionsDuringAnAuction) {
  // "The player is allowed to play actions during the auction."
  state->setShopDisplay(0, {card("fire"), card("tremor"), card("ecology"), card("gambling")});
  state->setGold(0, 7);
  state->setGold(1, 20);
  state->giveCard(0, Zone::Hand, card("gold_refinery"));
  setDie("gold", 6);
  act(ActionKind::Bid, 0, 0);
  act(ActionKind::Raise);  // the opponent: 14
  ASSERT_EQ(state->phase(), Phase::Auction);
  EXPECT_EQ(state->currentPlayer(), 0);
  EXPECT_FALSE(legal(ActionKind::Raise));  // 7 gold cannot match 14
  act(ActionKind::ExecuteAction, card("gold_refinery"));
  ASSERT_EQ(state->phase(), Phase::Auction);
  EXPECT_EQ(p0().gold, 19);
  act(ActionKind::Raise);  // matches 14; 21 is beyond the opponent
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(p0().gold, 5);
  EXPECT_EQ(p0().discard.countOf(static_cast<std::uint8_t>(card("fire"))), 1u);
}

TEST_F(Script, BidStepsLinearAndDoubling) {
  // "their opponent may outbid them to two times that ... This bidding in multiples of the
  // stated cost continues": assumed bid_steps linear (7, 14, 21) or doubling (7, 14, 28).
  for (const char* steps : {"linear", "doubling"}) {
    setUpWith(gameWith({{"parameters.bid_steps", steps}}));
    state->setShopDisplay(0, {card("fire"), card("tremor"), card("ecology"), card("gambling")});
    state->setGold(0, 30);
    state->setGold(1, 25);
    act(ActionKind::Bid, 0, 0);
    act(ActionKind::Raise);  // 14
    act(ActionKind::Raise);  // matched at 14
    if (std::string(steps) == "linear") {
      ASSERT_EQ(state->phase(), Phase::Auction);  // the opponent can outbid to 21
      act(ActionKind::Raise);
      act(ActionKind::Yield);
      EXPECT_EQ(p1().gold, 25 - 21);
    } else {
      EXPECT_EQ(state->phase(), Phase::Main);  // 28 is beyond the opponent's 25
      EXPECT_EQ(p0().gold, 30 - 14);
    }
  }
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
