// Auctions. The rules, on both engines (card_dice_table.h): "Bidding for a card consists of
// a player announcing their interest in buying a card from one of the shops for its stated
// cost. Then their opponent may outbid them to two times that. The player may then match
// their opponent's bid." (seed file 004).
//
// Then the card_dice engine's agent tests of auctions (card_dice_heuristic.h, the draws
// term): the answer to a bid raises when the card is worth more to the answering player than
// the next price and it can pay, and the bidder matches likewise; with the card worth nothing
// more to it, the player stops. A card's worth to a player is what it adds to the player's
// coming draws (kDrawsAhead draws of the deck's mean), the price what the gold paid was worth
// (kGoldWeight a gold below the gold the shops can take). The run-wide measure is the
// counters bid_contested and bid_raised. These are one engine's only: the heuristic and the
// counters are the card_dice engine's (the described game's agents value a position by its
// declared victory, and it keeps no auction counters).
#include "simulation/agents/greedy_agent.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceBids : public BothEngines {};

// An opponent who cannot pay twice the cost cannot outbid: the bidder buys at the cost,
// in either shop.
TEST_P(CardDiceBids, ABidNobodyCanOutbidBuysAtTheCost) {
  t->setShop(0, {"fire", "tremor", "heavy_rain", "treasury"}, {});
  ASSERT_TRUE(t->act(Move::Bid, "fire", 0));
  EXPECT_EQ(t->gold(0), 43);
  EXPECT_EQ(t->discardCount(0, "fire"), 1);
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->shop(0), (std::vector<std::string>{"tremor", "heavy_rain", "treasury"}));
  // The expensive shop: Blazing Fire at 12.
  t = makeTable(GetParam());
  t->setShop(1, {"blazing_fire"}, {});
  ASSERT_TRUE(t->act(Move::Bid, "blazing_fire", 1));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->gold(0), 38);
  EXPECT_EQ(t->discardCount(0, "blazing_fire"), 1);
  EXPECT_TRUE(t->shop(1).empty());
}

// "Then their opponent may outbid them to two times that": asked only when it can pay twice
// the cost (24 for Blazing Fire); a gold short, the bidder buys at once.
TEST_P(CardDiceBids, TheOpponentIsAskedOnlyWhenItCanPayTwiceTheCost) {
  t->setShop(1, {"blazing_fire"}, {});
  t->setGold(1, 23);
  ASSERT_TRUE(t->act(Move::Bid, "blazing_fire", 1));
  EXPECT_EQ(t->toAct(), 0);
  EXPECT_EQ(t->discardCount(0, "blazing_fire"), 1);
  EXPECT_EQ(t->gold(1), 23);
  t = makeTable(GetParam());
  t->setShop(1, {"blazing_fire"}, {});
  t->setGold(1, 24);
  ASSERT_TRUE(t->act(Move::Bid, "blazing_fire", 1));
  EXPECT_EQ(t->toAct(), 1) << "the opponent answers the bid";
  EXPECT_EQ(t->discardCount(0, "blazing_fire"), 0);
  ASSERT_TRUE(t->act(Move::Raise));
  EXPECT_EQ(t->toAct(), 0) << "the bidder may match";
}

BOTH_ENGINES(CardDiceBids);

}  // namespace
}  // namespace wb::rulesets::testing

namespace wb::rulesets::card_dice::testing {
namespace {

class Bids : public CardDiceScript {
 protected:
  // Blazing Fire (cost 12, 2 x fire 4 = 8 damage: worth 12 a play) alone on display; player
  // `p`'s deck: ten cards of `filler`.
  void setUpAuction(const char* filler0, const char* filler1) {
    SetUp();
    setDie("fire", 4);
    state->setShopDisplay(0, {});
    state->setShopDisplay(1, {card("blazing_fire")});
    for (int k = 0; k < 10; ++k) {
      state->giveCard(0, Zone::Deck, card(filler0));
      state->giveCard(1, Zone::Deck, card(filler1));
    }
  }
  // The default agent's choice (greedy:answers=off) for the player to act.
  std::string greedyChoice(std::uint64_t seed) {
    sim::GreedyAgent greedy(sim::GreedyOptions{.samples = 1, .answers = false});
    sim::Rng r(seed);
    return state->actionToString(greedy.chooseAction(*state, r));
  }
  std::uint64_t raises(int p) const { return state->counters().count(p, static_cast<int>(Counter::BidRaised)); }
};

TEST_F(Bids, TheAnswerRaisesForACardWorthMoreToItThanTheNextPrice) {
  // Player 1's deck is ten Basic Income: Blazing Fire lifts the mean of its draws by
  // (12 - 0.5) / 11, over kDrawsAhead draws more than the 24 gold of the next price (12 health
  // points with 24 gold). Player 0's deck is ten Blazing Fires: the card adds nothing to it.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    setUpAuction("blazing_fire", "basic_income");
    state->setGold(1, 24);
    act(ActionKind::Bid, 0, 1);
    ASSERT_EQ(state->phase(), Phase::Auction);
    ASSERT_EQ(state->currentPlayer(), 1);
    const std::string choice = greedyChoice(seed);
    EXPECT_EQ(choice, "raise") << "seed " << seed;
    if (choice == "raise") {
      act(ActionKind::Raise);
      EXPECT_EQ(raises(1), 1u);
    }
  }
}

TEST_F(Bids, TheAnswerStopsForACardWorthNothingMoreToIt) {
  // The same auction, player 1's deck ten Blazing Fires: the card does not lift its draws.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    setUpAuction("blazing_fire", "blazing_fire");
    state->setGold(1, 24);
    act(ActionKind::Bid, 0, 1);
    ASSERT_EQ(state->currentPlayer(), 1);
    EXPECT_EQ(greedyChoice(seed), "stop bidding") << "seed " << seed;
  }
}

TEST_F(Bids, TheBidderMatchesForACardWorthMoreToItThanTheNextPrice) {
  // Player 0 (the bidder, 30 gold, ten Basic Income) is outbid to 24 gold; the card lifts its
  // draws by more than 12 health points. Player 1 (ten Blazing Fires, 100 gold) does not care.
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    setUpAuction("basic_income", "blazing_fire");
    state->setGold(0, 30);
    state->setGold(1, 100);
    act(ActionKind::Bid, 0, 1);
    act(ActionKind::Raise);  // player 1 outbids
    ASSERT_EQ(state->currentPlayer(), 0);
    const std::string choice = greedyChoice(seed);
    EXPECT_EQ(choice, "raise") << "seed " << seed;  // "raise" names the bidder's match too
    if (choice == "raise") {
      act(ActionKind::Raise);
      EXPECT_EQ(raises(0), 1u);
    }
  }
}

TEST_F(Bids, TheBidderLetsACardWorthNothingMoreToItGo) {
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    setUpAuction("blazing_fire", "blazing_fire");
    state->setGold(0, 30);
    state->setGold(1, 100);
    act(ActionKind::Bid, 0, 1);
    act(ActionKind::Raise);
    ASSERT_EQ(state->currentPlayer(), 0);
    EXPECT_EQ(greedyChoice(seed), "stop bidding") << "seed " << seed;
  }
}

TEST_F(Bids, TheCountersCountBidsContestedBidsAndRaises) {
  setUpAuction("basic_income", "basic_income");
  state->setGold(1, 0);  // cannot pay the next level: the bidder buys at the stated cost
  act(ActionKind::Bid, 0, 1);
  EXPECT_EQ(state->phase(), Phase::Main);
  EXPECT_EQ(state->counters().count(0, static_cast<int>(Counter::BidOpened)), 1u);
  EXPECT_EQ(state->counters().count(0, static_cast<int>(Counter::BidContested)), 0u);
  EXPECT_EQ(raises(0) + raises(1), 0u);
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
