// Gold that buys nothing. The rule, on both engines (card_dice_table.h): "On each turn a
// player may ... bid for one card" (seed file 004): a bid is the player's choice, so a turn
// may end with the bid unused and the gold kept.
//
// Then one engine's only: the card_dice engine's blunder counter turn_gold_unconverted (a
// turn that ends with its bid unused while the player's gold pays for a buff or damage card
// on display) and its heuristic's "unspent" term (card_dice_heuristic.h), which makes greedy
// and the planner turn a gold lead into such a card. The counter and the term are the
// agents', not the rules': the described game keeps no such counter, and its agents value a
// position by its declared victory.
#include "simulation/agents/greedy_agent.h"
#include "simulation/agents/planner_agent.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/rulesets/card_dice/card_dice_table.h"

namespace wb::rulesets::testing {
namespace {

class CardDiceGold : public BothEngines {};

// "On each turn a player may ... bid for one card": may, not must. Fire (7 gold) on display,
// 7 gold: the turn ends without a bid, the gold kept; after a bid, the turn ends too.
TEST_P(CardDiceGold, ATurnMayEndWithTheBidUnusedAndTheGoldKept) {
  t->setShop(0, {"fire"}, {});
  t->setShop(1, {}, {});
  t->setGold(0, 7);
  ASSERT_TRUE(t->act(Move::EndTurn));
  EXPECT_EQ(t->toAct(), 1);
  EXPECT_EQ(t->gold(0), 7);
  t = makeTable(GetParam());
  t->setShop(0, {"fire", "tremor"}, {});
  t->setShop(1, {}, {});
  ASSERT_TRUE(t->act(Move::Bid, "fire", 0));  // the opponent, with no gold, cannot raise: bought
  EXPECT_EQ(t->gold(0), 43);
  ASSERT_TRUE(t->act(Move::EndTurn));
  EXPECT_EQ(t->toAct(), 1);
}

BOTH_ENGINES(CardDiceGold);

}  // namespace
}  // namespace wb::rulesets::testing

namespace wb::rulesets::card_dice::testing {
namespace {

using Gold = CardDiceScript;

std::uint64_t unconverted(const CardDiceState& s, int p) {
  return s.counters().count(p, static_cast<int>(Counter::TurnGoldUnconverted));
}

TEST_F(Gold, ATurnEndedWithTheBidUnusedAndGoldForADamageCardIsCounted) {
  state->setShopDisplay(0, {card("fire")});  // 7 gold
  state->setShopDisplay(1, {});
  state->setGold(0, 7);
  act(ActionKind::EndTurn);
  EXPECT_EQ(unconverted(*state, 0), 1u);
  EXPECT_FALSE(p0().unspentFor.empty());
}

TEST_F(Gold, NotCountedWithoutTheGoldOrWithoutABuffOrDamageCardOrAfterABid) {
  // One gold short of Fire.
  state->setShopDisplay(0, {card("fire")});
  state->setShopDisplay(1, {});
  state->setGold(0, 6);
  act(ActionKind::EndTurn);
  EXPECT_EQ(unconverted(*state, 0), 0u);
  EXPECT_TRUE(p0().unspentFor.empty());
  // Only a heal on display (Hot Springs: neither a buff nor damage).
  SetUp();
  state->setShopDisplay(0, {});
  state->setShopDisplay(1, {card("hot_springs")});
  state->setGold(0, 50);
  act(ActionKind::EndTurn);
  EXPECT_EQ(unconverted(*state, 0), 0u);
  // The bid was used (the opponent, with no gold, cannot raise: the card is bought).
  SetUp();
  state->setShopDisplay(0, {card("fire"), card("tremor")});
  state->setShopDisplay(1, {});
  state->setGold(0, 50);
  act(ActionKind::Bid, 0, 0);
  while (state->currentPlayer() == 1) act(ActionKind::Yield);
  act(ActionKind::EndTurn);
  EXPECT_EQ(unconverted(*state, 0), 0u);
}

// Player 0's turn by `agent` until it ends; the opponent (no gold) passes and yields.
std::vector<std::string> playTurn(CardDiceState& state, sim::Rng& rng, sim::Agent& agent) {
  std::vector<std::string> moves;
  for (int guard = 0; guard < 100 && !state.isTerminal() && state.turnPlayer() == 0; ++guard) {
    if (state.currentPlayer() != 0) {
      std::vector<sim::Action> legal;
      state.legalActions(legal);
      state.applyAction(legal.front(), rng);
      continue;
    }
    const sim::Action a = agent.chooseAction(state, rng);
    moves.push_back(state.actionToString(a));
    state.applyAction(a, rng);
  }
  return moves;
}

TEST_F(Gold, ARichPlayerTurnsItsGoldIntoABuff) {
  // The game that showed it: a player with thousands of gold never bought Prometheus's Gift or any
  // buff while the opponent healed more than it dealt. Here its deck is six heals worth far
  // more than a buff's own value, so a bought buff lowers the mean of its coming draws: the
  // old heuristic, which valued gold beyond 40 at nothing and the deck by that mean, never
  // bought it. Gold is worth what it buys: with 500 gold, the turn ends with a purchase.
  sim::GreedyAgent greedy;
  sim::GreedyAgent greedyNoAnswers(sim::GreedyOptions{1, false});
  sim::PlannerAgent planner;
  for (sim::Agent* agent : std::initializer_list<sim::Agent*>{&greedy, &greedyNoAnswers, &planner})
    for (int seed = 1; seed <= 5; ++seed) {
      SetUp();
      setDie("water", 6);
      setDie("nature", 6);
      for (int k = 0; k < 6; ++k) state->giveCard(0, Zone::Deck, card("hot_springs"));
      state->setShopDisplay(0, {});
      state->setShopDisplay(1, {card("prometheuss_gift")});
      state->clearShopDeck(0);
      state->clearShopDeck(1);
      state->setGold(0, 500);
      sim::Rng r(static_cast<std::uint64_t>(seed));
      const auto moves = playTurn(*state, r, *agent);
      EXPECT_NE(std::find(moves.begin(), moves.end(), "bid for Prometheus's Gift"), moves.end())
          << agent->spec() << ", seed " << seed << ": " << ::testing::PrintToString(moves);
      EXPECT_EQ(unconverted(*state, 0), 0u) << agent->spec() << ", seed " << seed;
    }
}

TEST_F(Gold, TheUnspentBidCostsTheWaitingPlayer) {
  // The heuristic's "unspent" term: ending the turn with the bid unused while the gold paid
  // for a damage card is worth less than ending it after buying that card, even where the
  // card lowers the mean of the coming draws (a deck of strong heals).
  setDie("water", 6);
  setDie("nature", 6);
  for (int k = 0; k < 6; ++k) state->giveCard(0, Zone::Deck, card("hot_springs"));
  state->setShopDisplay(0, {card("fire")});
  state->setShopDisplay(1, {});
  state->clearShopDeck(0);
  state->clearShopDeck(1);
  state->setGold(0, 30);
  auto bought = state->clone();
  act(ActionKind::EndTurn);
  const double unspent = state->heuristic(0);
  auto& b = static_cast<CardDiceState&>(*bought);
  ASSERT_TRUE(b.applyAction(encodeAction(ActionKind::Bid, 0, 0), rng));
  while (b.currentPlayer() == 1) ASSERT_TRUE(b.applyAction(encodeAction(ActionKind::Yield), rng));
  ASSERT_TRUE(b.applyAction(encodeAction(ActionKind::EndTurn), rng));
  EXPECT_GT(b.heuristic(0), unspent);
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
