// Agent tests of the heuristic's pressing terms (card_dice_heuristic.cpp): a leader spends
// its action on damage rather than on a heal, a rich player keeps the damage it can deal and
// lets a gold card go at the hand limit, and extra actions are used on the damage in hand.
// Rules (seed file 004): "The player whose health reaches zero first loses"; "The player
// must end their turn with at most 5 cards in their hand"; Multitasking: "Play extra actions
// this turn". The run-wide measure is the counter cap_leader_discards_damage.
#include "simulation/agents/greedy_agent.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"

namespace wb::rulesets::card_dice::testing {
namespace {

class Press : public CardDiceScript {
 protected:
  // Plays player 0's turn with greedy until it ends (empty shops: no purchases); the opponent
  // passes every answer. Returns the moves by name.
  std::vector<std::string> greedyTurn(std::uint64_t seed) {
    state->setShopDisplay(0, {});
    state->setShopDisplay(1, {});
    sim::GreedyAgent greedy;
    sim::Rng r(seed);
    std::vector<std::string> moves;
    for (int guard = 0; guard < 100 && !state->isTerminal() && state->turnPlayer() == 0; ++guard) {
      std::vector<sim::Action> legal;
      state->legalActions(legal);
      if (state->currentPlayer() != 0) {
        state->applyAction(legal.front(), r);
        continue;
      }
      const sim::Action a = greedy.chooseAction(*state, r);
      moves.push_back(state->actionToString(a));
      state->applyAction(a, r);
    }
    return moves;
  }
  static bool has(const std::vector<std::string>& moves, const std::string& m) {
    return std::find(moves.begin(), moves.end(), m) != moves.end();
  }
  static std::string joined(const std::vector<std::string>& moves) {
    std::string s;
    for (const std::string& m : moves) s += m + "; ";
    return s;
  }
};

TEST_F(Press, ALeaderDealsDamageRatherThanHealing) {
  // Player 0 has 300 health against 100 (three times the opponent's): one action, a heal or
  // an unshielded Earthquake (2 x earth = 8). The damage brings the end closer; the heal at
  // 300 health does not.
  for (int seed = 1; seed <= 10; ++seed) {
    SetUp();
    state->setHealth(0, 300);
    state->setHealth(1, 100);
    state->setGold(0, 60);
    setDie("earth", 4);
    state->giveCard(0, Zone::Hand, card("hot_springs"));
    state->giveCard(0, Zone::Hand, card("earthquake"));
    const auto moves = greedyTurn(static_cast<std::uint64_t>(seed));
    EXPECT_TRUE(has(moves, "play Earthquake")) << joined(moves);
    EXPECT_FALSE(has(moves, "play Hot Springs")) << joined(moves);
  }
}

TEST_F(Press, ARichLeaderKeepsItsDamageAndLetsAGoldCardGoAtTheHandLimit) {
  // Seven cards at the end of the turn, five may stay: with 500 gold a gold card buys nothing
  // more, a damage card the opponent's shields let through still kills.
  for (int seed = 1; seed <= 10; ++seed) {
    SetUp();
    state->setHealth(0, 400);
    state->setHealth(1, 120);
    state->setGold(0, 500);
    state->refreshLeadBases();
    for (const char* id : {"gold_mine", "free_market", "earthquake", "blazing_fire", "volcanic_eruption",
                           "tremor", "gold_panning"})
      state->giveCard(0, Zone::Hand, card(id));
    const auto moves = greedyTurn(static_cast<std::uint64_t>(seed));
    for (const char* damage : {"Earthquake", "Blazing Fire", "Volcanic Eruption", "Tremor"})
      EXPECT_FALSE(has(moves, std::string("discard ") + damage)) << joined(moves);
  }
}

TEST_F(Press, ExtraActionsAreUsedOnTheDamageInHand) {
  // Multitasking Novice with utility 3: one more action this turn; two damage cards in hand.
  for (int seed = 1; seed <= 10; ++seed) {
    SetUp();
    setDie("utility", 3);
    setDie("earth", 4);
    setDie("fire", 4);
    for (const char* id : {"multitasking_novice", "earthquake", "blazing_fire"}) state->giveCard(0, Zone::Hand, card(id));
    const auto moves = greedyTurn(static_cast<std::uint64_t>(seed));
    EXPECT_TRUE(has(moves, "bless Multitasking Novice")) << joined(moves);
    EXPECT_TRUE(has(moves, "play Earthquake")) << joined(moves);
    EXPECT_TRUE(has(moves, "play Blazing Fire")) << joined(moves);
  }
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
