// Rule tests from scripted positions: responses (Veto), auctions, passives on
// purchase, shop aging and reshuffle, on both engines (card_dice_table.h); and
// the card_dice engine's own hidden information and heuristic. Each test
// quotes the rule of seed file 004 it checks.
#include <algorithm>

#include "simulation/agents/greedy_agent.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceTurn : public BothEngines {};

TEST_P(CardDiceTurn, VetoIsAResponseThatCancelsTheAction) {
  // "A player may respond to their opponent's action ...; the response is executed before the
  // action that triggered it. This requires paying the cost of the action". Veto: "Cancel an
  // action of your opponent."
  t->giveHand(1, "veto");
  t->setGold(1, 20);
  t->setDie("fire", 5);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1) << "the opponent may answer";
  EXPECT_TRUE(t->legal(Move::Pass));
  ASSERT_TRUE(t->act(Move::Answer, "veto"));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_TRUE(t->legal(Move::EndTurn)) << "the turn goes on";
  EXPECT_EQ(t->health(1), 100);
  EXPECT_EQ(t->gold(1), 2);
  EXPECT_EQ(t->gold(0), 50) << "no damage, no gold";
  EXPECT_EQ(t->inPlayCount(0, "fire"), 1);
  EXPECT_EQ(t->played(1, "veto"), 1);
}

TEST_P(CardDiceTurn, VetoCannotBePlayedWithoutAnActionToCancel) {
  t->giveHand(0, "veto");
  EXPECT_FALSE(t->legal(Move::Execute, "veto"));
  EXPECT_TRUE(t->legal(Move::PlaceFaceDown, "veto"));
}

TEST_P(CardDiceTurn, PassingLetsTheActionResolve) {
  t->giveHand(1, "veto");
  t->setGold(1, 20);
  t->setDie("fire", 5);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_TRUE(t->act(Move::Pass));
  EXPECT_EQ(t->health(1), 95);
  EXPECT_EQ(t->gold(1), 20);
}

TEST_P(CardDiceTurn, DieChangeResponseResolvesFirstAndCanBeAnswered) {
  // The response "is executed before the action that triggered it"; "In the case of actions,
  // the player may respond to them as well."
  t->giveFaceDown(1, "cheap_trick");
  t->setGold(1, 3);
  t->giveHand(0, "veto");
  t->setDie("fire", 5);
  t->giveHand(0, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  ASSERT_EQ(t->toAct(), 1);
  ASSERT_TRUE(t->actDie(Move::AnswerFaceDown, "cheap_trick", "fire", -1));
  // Player 0 may veto the response.
  ASSERT_EQ(t->toAct(), 0);
  EXPECT_TRUE(t->legal(Move::Answer, "veto"));
  ASSERT_TRUE(t->act(Move::Pass));
  EXPECT_EQ(t->die("fire"), 4);
  EXPECT_EQ(t->health(1), 96);
  EXPECT_EQ(t->gold(1), 0 + 0);  // paid 3 for the face-down response
  EXPECT_EQ(t->gold(0), 54);
}

TEST_P(CardDiceTurn, AuctionOutbidInMultiplesOfTheCost) {
  // "their opponent may outbid them to two times that. The player may then match their
  // opponent's bid. This bidding in multiples of the stated cost continues until either the
  // opponent doesn't outbid or the player doesn't match."
  t->setShop(0, {"fire", "tremor", "ecology", "gambling"}, {});
  t->setGold(0, 14);
  t->setGold(1, 20);
  ASSERT_TRUE(t->act(Move::Bid, "fire", 0));
  ASSERT_EQ(t->toAct(), 1) << "the opponent answers the bid";
  ASSERT_TRUE(t->act(Move::Raise));  // 2 x 7
  EXPECT_EQ(t->toAct(), 0);
  ASSERT_TRUE(t->act(Move::Raise));  // matches 14; the opponent cannot pay 21: the player wins
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_TRUE(t->legal(Move::EndTurn)) << "the auction is over";
  EXPECT_EQ(t->gold(0), 0);
  EXPECT_EQ(t->gold(1), 20);
  EXPECT_EQ(t->discardCount(0, "fire"), 1);
  EXPECT_EQ(t->shop(0).size(), 3u);
  EXPECT_EQ(t->acquired(0, "fire"), 1);
}

TEST_P(CardDiceTurn, AuctionWonByTheOpponentWhenThePlayerDoesNotMatch) {
  // "Then their opponent may outbid them to two times that. The player may then match ...
  // Its winner gets the card."
  t->setShop(0, {"fire", "tremor", "ecology", "gambling"}, {});
  t->setGold(1, 20);
  ASSERT_TRUE(t->act(Move::Bid, "fire", 0));
  EXPECT_EQ(t->toAct(), 1) << "the opponent answers the bid";
  ASSERT_TRUE(t->act(Move::Raise));
  EXPECT_EQ(t->toAct(), 0);
  ASSERT_TRUE(t->act(Move::Yield));
  EXPECT_EQ(t->gold(1), 6);
  EXPECT_EQ(t->gold(0), 50);
  EXPECT_EQ(t->discardCount(1, "fire"), 1);
  EXPECT_EQ(t->acquired(1, "fire"), 1);
  EXPECT_EQ(t->toAct(), 0) << "the bidder's turn goes on";
  EXPECT_FALSE(t->legal(Move::Bid, "tremor", 0)) << "\"bid for one card\" per turn";
}

TEST_P(CardDiceTurn, PassiveIsActiveAtOnceWhenBought) {
  // "If it is a passive card, it is immediately activated for the rest of the game."
  // Water Reservoirs: "Shield [water] against [fire] damage."
  t->setShop(0, {"water_reservoirs", "tremor", "ecology", "gambling"}, {});
  ASSERT_TRUE(t->act(Move::Bid, "water_reservoirs", 0));
  EXPECT_EQ(t->passiveCount(0, "water_reservoirs"), 1);
  EXPECT_EQ(t->discardSize(0), 0);
  ASSERT_TRUE(t->act(Move::EndTurn));
  t->setDie("fire", 5);
  t->setDie("water", 3);
  t->giveHand(1, "fire");
  ASSERT_TRUE(t->act(Move::Execute, "fire"));
  EXPECT_EQ(t->health(0), 98) << "the shield took its 3";
}

TEST_P(CardDiceTurn, ShopAgingRefillAndReshuffle) {
  // "At the end of a player's turn, the oldest card in each of the two card shops is removed.
  // Then both shops are refilled back to four cards ... The removed cards are set aside. When a
  // shop's deck is empty but a card must be drawn from it, the pile of removed cards is
  // shuffled and added to the shop's deck."
  t->setShop(0, {"fire", "tremor", "ecology", "gambling"}, {"purism"});
  t->setShop(1, {"gold_mine", "earthquake", "free_market", "cheapskate"}, {"rainstorm"});
  ASSERT_TRUE(t->act(Move::EndTurn));
  EXPECT_EQ(t->shop(0), (std::vector<std::string>{"tremor", "ecology", "gambling", "purism"}));
  EXPECT_EQ(t->shop(1), (std::vector<std::string>{"earthquake", "free_market", "cheapskate", "rainstorm"}));
  EXPECT_EQ(t->shopRemoved(0), std::vector<std::string>{"fire"});
  // The deck is now empty: the next refill reshuffles the set-aside pile (fire, tremor).
  ASSERT_TRUE(t->act(Move::EndTurn));
  const std::vector<std::string> cheap = t->shop(0);
  ASSERT_EQ(cheap.size(), 4u);
  EXPECT_EQ(cheap[0], "ecology");
  EXPECT_TRUE(cheap[3] == "fire" || cheap[3] == "tremor") << cheap[3];
  EXPECT_TRUE(t->shopRemoved(0).empty());
  EXPECT_EQ(t->shopDeckSize(0), 1);
}

BOTH_ENGINES(CardDiceTurn);

}  // namespace
}  // namespace wb::rulesets::testing

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

// One engine's only: what the card_dice engine's determinize() hides is its own
// code (the described game's is checked in tests/rulesets/described); no rule of
// play is checked here.
TEST_F(Script, DeterminizeHidesOnlyWhatTheObserverCannotSee) {
  for (const char* id : {"fire", "tremor", "ecology"}) state->giveCard(1, Zone::Hand, card(id));
  for (const char* id : {"meteor_strike", "basic_income"}) state->giveCard(1, Zone::Deck, card(id));
  state->giveCard(1, Zone::FaceDown, card("veto"));
  state->giveCard(0, Zone::Hand, card("purism"));
  sim::Rng r(3);
  for (int k = 0; k < 20; ++k) {
    auto d = state->determinize(0, r);
    const auto& s = static_cast<CardDiceState&>(*d);
    EXPECT_EQ(s.player(1).hand.size(), 3u);
    EXPECT_EQ(s.player(1).deck.size(), 2u);
    ASSERT_EQ(s.player(1).faceDown.size(), 1u);
    EXPECT_EQ(game->rules().cards[s.player(1).faceDown[0]].kind, CardKind::Action);
    EXPECT_EQ(s.player(0).hand.size(), 1u);
    EXPECT_EQ(s.player(0).hand[0], card("purism"));
  }
}

// One engine's only: the greedy agent plays by the card_dice engine's own
// heuristic (the described game's agents value a position by its declared victory).
TEST_F(Script, GreedyPlaysDamageAndBuysStrongCards) {
  // The heuristic makes greedy play a damage card rather than end the turn, and buy the most
  // valuable card it can afford under the current dice.
  for (int d = 0; d < 7; ++d) state->setDie(d, 5);
  state->giveCard(0, Zone::Hand, card("fire"));
  state->setGold(0, 2);
  sim::GreedyAgent greedy;
  sim::Rng r(1);
  const sim::Action first = greedy.chooseAction(*state, r);
  EXPECT_EQ(decodeAction(first).kind, ActionKind::ExecuteAction) << state->actionToString(first);
  state->clearZone(0, Zone::Hand);
  state->setShopDisplay(0, {card("ecology"), card("gambling"), card("mirror_wall"), card("fire")});
  state->setShopDisplay(1, {card("veto"), card("cheapskate"), card("meteor_strike"), card("exploration_novice")});
  state->setGold(0, 18);
  state->setGold(1, 0);
  const sim::Action buy = greedy.chooseAction(*state, r);
  EXPECT_EQ(state->actionToString(buy), "bid for Meteor Strike");
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
