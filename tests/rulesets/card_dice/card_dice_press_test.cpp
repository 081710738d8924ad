// Agent tests of the heuristic's pressing terms (card_dice_heuristic.h): a leader spends
// its action on damage rather than on a heal, a rich player keeps the damage it can deal and
// lets a gold card go at the hand limit, and extra actions are used on the damage in hand.
// Rules (seed file 004): "The player whose health reaches zero first loses"; "The player
// must end their turn with at most 5 cards in their hand"; Multitasking: "Play extra actions
// this turn". The run-wide measures are the counters leader_discards_damage and
// cap_leader_discards_damage. Two positions are taken from replays of
// `balance run data/rulesets/card-dice --games 2000 --seed 1 --replay N` where the leader threw
// away damage that got through: game 560 with the heuristic before its leader terms, game 5
// with the uncapped lead term but before the leader's discard counted as waste.
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

TEST_F(Press, ALeaderAtItsHandLimitKeepsTheDamageThatGetsThroughReplay5) {
  // Game 5, turn 247: Seat 1 (player 0) leads, 329 health against 150 and a Militia with 14
  // gold, and has spent its action on a heal. Earthquake (2 x earth 1) loses 1 point to Solid
  // Infrastructure; 1 gets through. It discarded the Earthquake and kept four buffs and a tutor.
  for (int seed = 1; seed <= 10; ++seed) {
    SetUp();
    for (const auto& [die, value] : std::vector<std::pair<const char*, int>>{
             {"fire", 1}, {"earth", 1}, {"water", 2}, {"nature", 5}, {"magic", 1}, {"gold", 6}, {"utility", 5}})
      setDie(die, value);
    state->setHealth(0, 329);
    state->setGold(0, 17);
    state->setHealth(1, 150);
    state->setGold(1, 14);
    for (const char* id : {"water_reservoirs", "magical_barrier", "cheapskate", "always_lucky"})
      state->addPassive(0, card(id));
    for (const char* id : {"big_handed", "solid_infrastructure", "natural_forests", "paid_militia"})
      state->addPassive(1, card(id));
    for (const char* id : {"prometheuss_gift", "midas_touch", "ancient_grimoire", "nymphs_grace", "earthquake"})
      state->giveCard(0, Zone::Hand, card(id));
    state->giveCard(0, Zone::FaceDown, card("poseidons_trident"));
    state->giveCard(0, Zone::Deck, card("magnetic_hands"));  // the turn's draw
    state->refreshLeadBases();
    ASSERT_TRUE(state->leads(0));
    ASSERT_GT(state->damageReach(0, card("earthquake")), 0.0);
    playFromHand("mystical_restoration");
    const auto moves = greedyTurn(static_cast<std::uint64_t>(seed));
    EXPECT_FALSE(has(moves, "discard Earthquake")) << joined(moves);
    EXPECT_EQ(state->counters().count(0, static_cast<int>(Counter::LeaderDiscardsDamage)), 0u) << joined(moves);
  }
}

TEST_F(Press, ALeaderAtItsHandLimitKeepsTheDamageThatGetsThroughReplay560) {
  // Game 560, turn 1933: Seat 1 (player 0), 989 health and 20,967,467 gold against 77 health
  // and a Militia with 23 gold, low dice behind Magical Barrier (magic 2: 4 off every combo)
  // and Natural Forests. Exploration Lord drew Volcanic Eruption (fire x earth = 6, 2 get
  // through), Meteor Strike (earth x magic = 6, 1 gets through) and Magical Firestorm (fire x
  // magic = 4, stopped). It discarded all three and kept buffs, a tutor and Purism.
  for (int seed = 1; seed <= 10; ++seed) {
    SetUp();
    for (const auto& [die, value] : std::vector<std::pair<const char*, int>>{
             {"fire", 2}, {"earth", 3}, {"water", 1}, {"nature", 1}, {"magic", 2}, {"gold", 1}, {"utility", 5}})
      setDie(die, value);
    state->setHealth(0, 989);
    state->setGold(0, 20967467);
    state->setHealth(1, 77);
    state->setGold(1, 23);
    for (const char* id : {"solid_infrastructure", "water_reservoirs", "cheapskate", "always_lucky"})
      state->addPassive(0, card(id));
    for (const char* id : {"natural_forests", "big_handed", "paid_militia", "magical_barrier", "truly_blessed"})
      state->addPassive(1, card(id));
    for (const char* id : {"prometheuss_gift", "gaias_protection", "magnetic_hands", "purism", "mystical_restoration"})
      state->giveCard(0, Zone::Hand, card(id));
    state->giveCard(0, Zone::FaceDown, card("midas_touch"));
    // Exploration Lord draws ceil(2/3 x utility 5) = 4; the turn's draw is the Meteor Strike.
    for (const char* id :
         {"meteor_strike", "magical_firestorm", "volcanic_eruption", "poseidons_trident", "basic_income"})
      state->giveCard(0, Zone::Deck, card(id));
    state->refreshLeadBases();
    playFromHand("exploration_lord");
    ASSERT_TRUE(state->leads(0));
    ASSERT_GT(state->damageReach(0, card("meteor_strike")), 0.0);
    ASSERT_EQ(state->damageReach(0, card("magical_firestorm")), 0.0);
    const auto moves = greedyTurn(static_cast<std::uint64_t>(seed));
    EXPECT_FALSE(has(moves, "discard Volcanic Eruption")) << joined(moves);
    EXPECT_FALSE(has(moves, "discard Meteor Strike")) << joined(moves);
    EXPECT_EQ(state->counters().count(0, static_cast<int>(Counter::LeaderDiscardsDamage)), 0u) << joined(moves);
  }
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
