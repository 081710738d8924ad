// Agent tests of the card-dice heuristic (card_dice_heuristic.cpp) from scripted positions:
// greedy takes its free draw even when the card on top is a blessing, does not discard an
// action card while its hand is within the limit, and plays a buff only when a card it
// multiplies can still be played this turn. The run-wide rates are the engine counters
// (turn_draw_skipped, action_discarded_under_limit, buff_unmatched) of `balance run`.
#include "simulation/agents/greedy_agent.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

// Plays player 0's turn with greedy until it ends (with empty shops: no purchases); returns
// the moves by name.
std::vector<std::string> greedyTurn(CardDiceState& state, sim::Rng& rng) {
  state.setShopDisplay(0, {});
  state.setShopDisplay(1, {});
  sim::GreedyAgent greedy;
  std::vector<std::string> moves;
  for (int guard = 0; guard < 100 && !state.isTerminal() && state.turnPlayer() == 0; ++guard) {
    if (state.currentPlayer() != 0) {  // the opponent passes any response window
      std::vector<sim::Action> legal;
      state.legalActions(legal);
      state.applyAction(legal.front(), rng);
      continue;
    }
    const sim::Action a = greedy.chooseAction(state, rng);
    moves.push_back(state.actionToString(a));
    state.applyAction(a, rng);
  }
  return moves;
}

bool contains(const std::vector<std::string>& moves, const std::string& m) {
  return std::find(moves.begin(), moves.end(), m) != moves.end();
}

TEST_F(Script, GreedyDrawsEvenABlessing) {
  // "On each turn a player may ... draw one card": a blessing on top is still worth drawing.
  for (int seed = 1; seed <= 20; ++seed) {
    SetUp();
    state->giveCard(0, Zone::Deck, card("basic_income"));
    state->giveCard(0, Zone::Hand, card("fire"));
    sim::Rng r(static_cast<std::uint64_t>(seed));
    const auto moves = greedyTurn(*state, r);
    EXPECT_TRUE(contains(moves, "draw a card")) << "seed " << seed;
  }
}

TEST_F(Script, GreedyKeepsItsActionCardsWithinTheHandLimit) {
  // Ending the turn with cards in hand is legal up to the limit: greedy does not throw
  // away action cards it cannot play this turn.
  for (int seed = 1; seed <= 20; ++seed) {
    SetUp();
    for (const char* id : {"fire", "tremor", "ecology", "gambling"}) state->giveCard(0, Zone::Hand, card(id));
    state->giveCard(0, Zone::Deck, card("basic_income"));
    sim::Rng r(static_cast<std::uint64_t>(seed));
    const auto moves = greedyTurn(*state, r);
    for (const std::string& m : moves) EXPECT_NE(m.rfind("discard", 0), 0u) << m << ", seed " << seed;
  }
}

TEST_F(Script, GreedyPlaysABuffOnlyWithSomethingToBuff) {
  // Prometheus's Gift triples "your fire effects for the rest of this turn": with one action
  // and only a fire card in hand, the buff would take the action the fire card needs.
  for (int seed = 1; seed <= 10; ++seed) {
    SetUp();
    setDie("fire", 4);
    state->giveCard(0, Zone::Hand, card("prometheuss_gift"));
    state->giveCard(0, Zone::Hand, card("fire"));
    sim::Rng r(static_cast<std::uint64_t>(seed));
    const auto moves = greedyTurn(*state, r);
    EXPECT_FALSE(contains(moves, "play Prometheus's Gift")) << "seed " << seed;
    EXPECT_TRUE(contains(moves, "play Fire")) << "seed " << seed << ": " << ::testing::PrintToString(moves);
  }
  // With the fire card face down since an earlier turn (playable for its cost), the buff
  // is worth its action, and the fire card follows it in the same turn.
  for (int seed = 1; seed <= 10; ++seed) {
    SetUp();
    setDie("fire", 4);
    state->giveCard(0, Zone::Hand, card("prometheuss_gift"));
    state->giveCard(0, Zone::FaceDown, card("blazing_fire"));
    sim::Rng r(static_cast<std::uint64_t>(seed));
    const auto moves = greedyTurn(*state, r);
    const auto buff = std::find(moves.begin(), moves.end(), "play Prometheus's Gift");
    ASSERT_NE(buff, moves.end()) << "seed " << seed;
    EXPECT_NE(std::find(buff, moves.end(), "play face-down Blazing Fire"), moves.end()) << "seed " << seed;
  }
}

TEST_F(Script, GreedyDoesNotDumpCardsToKeepABuffItCannotUse) {
  // Truly Blessed: "you may no longer draw cards from active effects": a Purism doubling the
  // face-down Exploration cards adds nothing, and the face-down cards are paid ("Executing it
  // later ... requires paying its cost"): the buff's value must not keep the turn going with
  // discards of the cards in hand.
  for (int seed = 1; seed <= 10; ++seed) {
    SetUp();
    setDie("utility", 6);
    state->addPassive(0, card("truly_blessed"));
    for (const char* id : {"exploration_master", "exploration_god", "exploration_lord"}) state->giveCard(0, Zone::FaceDown, card(id));
    for (const char* id : {"gold_panning", "gambling", "purism", "tremor"}) state->giveCard(0, Zone::Hand, card(id));
    state->setGold(0, 30);
    act(ActionKind::ExecuteAction, card("purism"));
    sim::Rng r(static_cast<std::uint64_t>(seed));
    const auto moves = greedyTurn(*state, r);
    for (const std::string& m : moves) EXPECT_NE(m.rfind("discard", 0), 0u) << m << ", seed " << seed;
  }
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
