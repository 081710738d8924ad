// Agent tests of the card-dice heuristic (card_dice_heuristic.h) from scripted positions:
// greedy takes its free draw even when the card on top is a blessing, does not discard an
// action card while its hand is within the limit, and plays a buff only when a card it
// multiplies can still be played this turn. The run-wide rates are the engine counters
// (turn_draw_skipped, action_discarded_under_limit, buff_unmatched) of `balance run`.
#include "simulation/agents/greedy_agent.h"
#include "simulation/agents/planner_agent.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

using Script = CardDiceScript;

// Plays player 0's turn with `agent` (greedy by default) until it ends (with empty shops: no
// purchases); the opponent passes every response. Returns the moves by name.
std::vector<std::string> agentTurn(CardDiceState& state, sim::Rng& rng, sim::Agent& agent) {
  state.setShopDisplay(0, {});
  state.setShopDisplay(1, {});
  std::vector<std::string> moves;
  for (int guard = 0; guard < 100 && !state.isTerminal() && state.turnPlayer() == 0; ++guard) {
    if (state.currentPlayer() != 0) {  // the opponent passes any response window
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

std::vector<std::string> greedyTurn(CardDiceState& state, sim::Rng& rng) {
  sim::GreedyAgent greedy;
  return agentTurn(state, rng, greedy);
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

namespace wb::rulesets::card_dice::testing {
namespace {

// "On each turn a player may ... discard any number of cards ... The player must end their
// turn with at most 5 cards in their hand" (seed 004): a discard within the limit is legal but
// gives the player nothing, so a competent player keeps its action cards. The position is
// the one of planner game 26 (seed 1), turn 598: a Meteor Strike kills this turn, every
// other action would spend the last action the kill needs, and the discards were the
// partial plans the planner's beam kept; it then drew among plans that all win (a plan
// ending in a win is valued by the win alone) and discarded five action cards first.
// Charged once in `lead` (own heuristic minus the opponent's) against material counted
// twice, a discard cost the planner 50 where the cards it kept cost 100; now 100.
class CardDiceLethalTurn : public CardDiceScript {
 protected:
  void setUpLethalTurn() {
    SetUp();
    for (const auto& [die, value] : std::vector<std::pair<const char*, int>>{
             {"fire", 1}, {"earth", 6}, {"water", 6}, {"nature", 1}, {"magic", 5}, {"gold", 6}, {"utility", 6}})
      setDie(die, value);
    state->setHealth(0, 678);
    state->setGold(0, 333);
    state->setHealth(1, 45);
    state->setGold(1, 4);
    for (const char* id : {"water_reservoirs", "always_lucky", "big_handed", "magical_barrier", "cheapskate"})
      state->addPassive(0, card(id));
    for (const char* id : {"solid_infrastructure", "natural_forests", "paid_militia"}) state->addPassive(1, card(id));
    state->giveCard(1, Zone::Hand, card("multitasking_god"));
    for (int k = 0; k < 8; ++k) state->giveCard(1, Zone::Deck, card("basic_income"));
    for (int k = 0; k < 6; ++k) state->giveCard(0, Zone::Discard, card("basic_income"));
    // This turn so far: four actions (Multitasking Master: 1/2 x utility 6 = 3 more), of which
    // Ancient Grimoire (magic x2), Midas Touch and a face-down Ancient Alchemy took three.
    playFromHand("multitasking_master");
    playFromHand("ancient_grimoire");
    playFromHand("midas_touch");
    state->giveCard(0, Zone::Hand, card("ancient_alchemy"));
    act(ActionKind::PlaceFaceDown, card("ancient_alchemy"));
    act(ActionKind::DrawCard);
    act(ActionKind::GainGold);
    for (const char* id : {"gold_panning", "heavy_rain", "purism", "nymphs_grace", "express_shipping",
                           "reforestation", "gold_mine", "meteor_strike"})
      state->giveCard(0, Zone::Hand, card(id));
    ASSERT_EQ(state->player(0).actionsLeft, 1);
    ASSERT_LE(static_cast<int>(state->player(0).hand.size()), state->handLimit(0));
  }
};

TEST_F(CardDiceLethalTurn, PlannerAndGreedyKeepTheirActionCardsWithinTheLimit) {
  for (int seed = 1; seed <= 12; ++seed) {
    for (const bool planner : {true, false}) {
      setUpLethalTurn();
      sim::PlannerAgent plannerAgent;
      sim::GreedyAgent greedyAgent;
      sim::Rng r(static_cast<std::uint64_t>(seed));
      const auto moves = agentTurn(*state, r, planner ? static_cast<sim::Agent&>(plannerAgent) : greedyAgent);
      const std::string who = std::string(planner ? "planner" : "greedy") + ", seed " + std::to_string(seed) + ": " +
                              ::testing::PrintToString(moves);
      // The engine's counter (what `balance run` sums): action cards discarded within the limit.
      // (A Basic Income drawn this turn is a blessing: discarding it is not counted.)
      EXPECT_EQ(state->counters().count(0, static_cast<int>(Counter::ActionDiscardedUnderLimit)), 0u) << who;
      EXPECT_TRUE(contains(moves, "play Meteor Strike")) << who;
      EXPECT_TRUE(state->isTerminal()) << who;
    }
  }
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
