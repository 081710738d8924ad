// Rule tests from scripted positions: responses (Veto), auctions, passives on
// purchase, shop aging and reshuffle, hidden information and the heuristic.
// Each test quotes the rule of seed file 004 it checks.
#include <algorithm>

#include "simulation/agents/greedy_agent.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

TEST_F(Script, VetoIsAResponseThatCancelsTheAction) {
  // "A player may respond to their opponent's action ...; the response is executed before the
  // action that triggered it. This requires paying the cost of the action". Veto: "Cancel an
  // action of your opponent."
  state->giveCard(1, Zone::Hand, card("veto"));
  state->setGold(1, 20);
  setDie("fire", 5);
  playFromHand("fire");
  ASSERT_EQ(state->phase(), Phase::Response);
  EXPECT_EQ(state->currentPlayer(), 1);
  EXPECT_TRUE(legal(ActionKind::Pass));
  act(ActionKind::RespondHand, card("veto"));
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(state->currentPlayer(), 0);
  EXPECT_EQ(p1().health, 100);
  EXPECT_EQ(p1().gold, 2);
  EXPECT_EQ(p0().gold, 50);
  EXPECT_EQ(p0().inPlay.countOf(static_cast<std::uint8_t>(card("fire"))), 1u);
  EXPECT_EQ(state->entityLog().count(1, card("veto"), sim::EntityUse::Played), 1u);
}

TEST_F(Script, VetoCannotBePlayedWithoutAnActionToCancel) {
  state->giveCard(0, Zone::Hand, card("veto"));
  EXPECT_FALSE(legal(ActionKind::ExecuteAction, card("veto")));
  EXPECT_TRUE(legal(ActionKind::PlaceFaceDown, card("veto")));
}

TEST_F(Script, PassingLetsTheActionResolve) {
  state->giveCard(1, Zone::Hand, card("veto"));
  state->setGold(1, 20);
  setDie("fire", 5);
  playFromHand("fire");
  act(ActionKind::Pass);
  EXPECT_EQ(p1().health, 95);
  EXPECT_EQ(p1().gold, 20);
}

TEST_F(Script, DieChangeResponseResolvesFirstAndCanBeAnswered) {
  // The response "is executed before the action that triggered it"; "In the case of actions,
  // the player may respond to them as well."
  state->giveCard(1, Zone::FaceDown, card("cheap_trick"));
  state->setGold(1, 3);
  state->giveCard(0, Zone::Hand, card("veto"));
  setDie("fire", 5);
  playFromHand("fire");
  ASSERT_EQ(state->currentPlayer(), 1);
  act(ActionKind::RespondFaceDown, card("cheap_trick"), die("fire"), -1);
  // Player 0 may veto the response.
  ASSERT_EQ(state->phase(), Phase::Response);
  EXPECT_EQ(state->currentPlayer(), 0);
  act(ActionKind::Pass);
  EXPECT_EQ(state->die(die("fire")), 4);
  EXPECT_EQ(p1().health, 96);
  EXPECT_EQ(p1().gold, 0 + 0);  // paid 3 for the face-down response
  EXPECT_EQ(p0().gold, 54);
}

TEST_F(Script, AuctionOutbidInMultiplesOfTheCost) {
  // "their opponent may outbid them to two times that. The player may then match their
  // opponent's bid. This bidding in multiples of the stated cost continues until either the
  // opponent doesn't outbid or the player doesn't match."
  state->setShopDisplay(0, {card("fire"), card("tremor"), card("ecology"), card("gambling")});
  state->setGold(0, 14);
  state->setGold(1, 20);
  act(ActionKind::Bid, 0, 0);
  ASSERT_EQ(state->phase(), Phase::Auction);
  EXPECT_EQ(state->currentPlayer(), 1);
  act(ActionKind::Raise);  // 2 x 7
  EXPECT_EQ(state->currentPlayer(), 0);
  act(ActionKind::Raise);  // matches 14; the opponent cannot pay 21: the player wins
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(p0().gold, 0);
  EXPECT_EQ(p1().gold, 20);
  EXPECT_EQ(p0().discard.countOf(static_cast<std::uint8_t>(card("fire"))), 1u);
  EXPECT_EQ(state->shop(0).display.size(), 3u);
  EXPECT_EQ(state->entityLog().count(0, card("fire"), sim::EntityUse::Acquired), 1u);
}

TEST_F(Script, AuctionWonByTheOpponentWhenThePlayerDoesNotMatch) {
  state->setShopDisplay(0, {card("fire"), card("tremor"), card("ecology"), card("gambling")});
  state->setGold(1, 20);
  act(ActionKind::Bid, 0, 0);
  act(ActionKind::Raise);
  act(ActionKind::Yield);
  EXPECT_EQ(p1().gold, 6);
  EXPECT_EQ(p0().gold, 50);
  EXPECT_EQ(p1().discard.countOf(static_cast<std::uint8_t>(card("fire"))), 1u);
  EXPECT_FALSE(legal(ActionKind::Bid, 0, 0));  // "bid for one card" per turn
}

TEST_F(Script, PassiveIsActiveAtOnceWhenBought) {
  // "If it is a passive card, it is immediately activated for the rest of the game."
  state->setShopDisplay(0, {card("water_reservoirs"), card("tremor"), card("ecology"), card("gambling")});
  act(ActionKind::Bid, 0, 0);
  ASSERT_EQ(p0().passives.size(), 1u);
  EXPECT_TRUE(state->hasPassive(0, Op::Shield));
  EXPECT_TRUE(p0().discard.empty());
}

TEST_F(Script, ShopAgingRefillAndReshuffle) {
  // "At the end of a player's turn, the oldest card in each of the two card shops is removed.
  // Then both shops are refilled back to four cards ... The removed cards are set aside. When a
  // shop's deck is empty but a card must be drawn from it, the pile of removed cards is
  // shuffled and added to the shop's deck."
  state->setShopDisplay(0, {card("fire"), card("tremor"), card("ecology"), card("gambling")});
  state->clearShopDeck(0);
  state->giveShopDeck(0, card("purism"));
  act(ActionKind::EndTurn);
  const auto& cheap = state->shop(0);
  ASSERT_EQ(cheap.display.size(), 4u);
  EXPECT_EQ(cheap.display[0], card("tremor"));
  EXPECT_EQ(cheap.display[3], card("purism"));
  EXPECT_EQ(cheap.setAside.size(), 1u);
  EXPECT_EQ(cheap.setAside[0], card("fire"));
  // The deck is now empty: the next refill reshuffles the set-aside pile (fire, tremor).
  act(ActionKind::EndTurn);
  ASSERT_EQ(cheap.display.size(), 4u);
  EXPECT_EQ(cheap.display[0], card("ecology"));
  EXPECT_TRUE(cheap.display[3] == card("fire") || cheap.display[3] == card("tremor"));
  EXPECT_EQ(cheap.setAside.size(), 0u);
  EXPECT_EQ(cheap.deck.size(), 1u);
}

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
