// Factions of a described game (data/schema/game-description.md, "Factions"):
// the ruleset's `factions:` are the game's factions, each seat plays the one
// GameSetup gives it, and the rules read its numeric properties as faction_NAME
// (0 for a seat without a faction). Pig Houses: tests/data/described/pig_houses.yaml.
#include <gtest/gtest.h>

#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::described::testing {
namespace {

std::shared_ptr<const DescribedGame> houses() {
  std::string errors;
  auto g = compile(model::loadRuleset(std::string(WB_SOURCE_DIR) + "/tests/data/described/pig_houses.yaml", lookup()),
                   &errors);
  EXPECT_TRUE(g != nullptr) << errors;
  return g;
}

TEST(DescribedFactions, TheRulesetsFactionsAreTheGames) {
  auto g = houses();
  ASSERT_TRUE(g);
  EXPECT_EQ(g->factions(), (std::vector<std::string>{"plain", "early", "banker"}));
}

// Setup: "gain: {score: faction_head_start}" for every player.
TEST(DescribedFactions, SetupReadsEachSeatsOwnFaction) {
  auto g = houses();
  ASSERT_TRUE(g);
  const int score = counterIndex(*g, "score");
  sim::Rng rng(1);
  auto s = g->newInitialState(sim::GameSetup(2, {1, 0}), rng);
  const auto& state = static_cast<const DescribedState&>(*s);
  EXPECT_EQ(state.counter(score, 0), 8);
  EXPECT_EQ(state.counter(score, 1), 0);
  EXPECT_EQ(state.factionOf(0), 1);
  EXPECT_EQ(state.factionOf(1), 0);
  // No factions given: every faction_ name reads 0.
  auto none = g->newGame(2, rng);
  EXPECT_EQ(none->counter(score, 0), 0);
  EXPECT_EQ(none->factionOf(0), -1);
}

// Hold: "gain: {score: turn_total + faction_hold_bonus}": the Banker banks 2 more.
TEST(DescribedFactions, AnEffectReadsTheActingSeatsFaction) {
  auto g = houses();
  ASSERT_TRUE(g);
  const int score = counterIndex(*g, "score"), total = counterIndex(*g, "turn_total");
  sim::Rng rng(2);
  auto s = g->newGame(2, rng, {2, 0});
  s->setCounter(total, 0, 5);
  const sim::Action hold = actionNamed(*s, "hold");
  ASSERT_GE(hold, 0);
  s->applyAction(hold, rng);
  EXPECT_EQ(s->counter(score, 0), 7);
}

// The setup's conditions a run tabulates (--conditions): the counters the
// setup left apart per seat (here the head start), and the dearest card of a
// shared zone everyone sees (Market Row's opening row).
TEST(DescribedFactions, SetupFeaturesAreWhatTheDealLeftApartInSight) {
  auto g = houses();
  ASSERT_TRUE(g);
  sim::Rng rng(3);
  auto s = g->newInitialState(sim::GameSetup(2, {1, 0}), rng);
  std::vector<sim::SetupFeature> features;
  s->setupFeatures(features);
  EXPECT_EQ(features, (std::vector<sim::SetupFeature>{{"score of Seat 1", "8"}, {"score of Seat 2", "0"}}));
  // Without factions nothing is apart, and Pig Houses has no shared zone.
  g->newGame(2, rng)->setupFeatures(features);
  EXPECT_TRUE(features.empty());

  auto market = shippedGame("market-row");
  ASSERT_TRUE(market);
  auto m = market->newInitialState(sim::GameSetup(2), rng);
  m->setupFeatures(features);
  ASSERT_EQ(features.size(), 1u);
  EXPECT_EQ(features[0].name, "market: dearest card");
}

}  // namespace
}  // namespace wb::rulesets::described::testing
