// The greedy agent on Zoneplex: its heuristic places stones, asks for help
// against a strong Fear, joins a battle worth joining and declines one that
// completes the leader's set, enters the Eye, and beats random players (fixed
// seeds; 60% is far below what it wins).
#include "simulation/agents/greedy_agent.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/rulesets/zoneplex/zoneplex_position.h"

namespace wb::rulesets::zoneplex::test {
namespace {

sim::Action greedyChoice(Position& pos) {
  sim::GreedyAgent agent;
  sim::Rng rng(3);
  return agent.chooseAction(*pos.state, rng);
}

TEST(ZoneplexGreedy, PlacesAStoneOnAFreeChamber) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  pos.state->setTile(36, pos.tile("chamber_ankh"));  // p0's symbol
  pos.state->setTile(37, neutral);
  pos.state->setPosition(0, 37);
  pos.turn(0, "step_1", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(36)));
  ASSERT_EQ(pos.state->stage(), Stage::StoneChoice);
  EXPECT_EQ(greedyChoice(pos), encode(ActionKind::PlaceStone, 0));
}

TEST(ZoneplexGreedy, AsksForHelpAgainstAMasterFear) {
  Position pos(3);
  pos.turn(0, "fear_master_1", {pos.card("step_1")});
  ASSERT_EQ(pos.state->stage(), Stage::BattleOffer);
  const sim::Action a = greedyChoice(pos);
  ASSERT_EQ(kindOf(a), ActionKind::Offer);
  EXPECT_NE(payloadOf(a) / 8, 0) << pos.state->actionToString(a);
}

TEST(ZoneplexGreedy, JoinsABattleThatOffersTheFear) {
  Position pos(3);
  pos.state->setWms(1, 3);
  pos.turn(0, "fear_blue_5", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(pos.offer(0b010, 1, {0, 1, 0})));  // p1 takes the Fear and its relic
  ASSERT_EQ(pos.state->currentPlayer(), 1);
  EXPECT_EQ(greedyChoice(pos), encode(ActionKind::Accept, 0));
}

// The relative heuristic (zoneplex_heuristic.cpp): joining is not free when it
// hands the leader the Fear that completes their set...
TEST(ZoneplexGreedy, DeclinesToCompleteTheLeadersSet) {
  Position pos(3, gameWithDie("3", 3));
  pos.state->setPhase2(true);
  const int ankh = pos.tile("chamber_ankh");
  for (int c : {36, 38}) {
    pos.state->setTile(c, ankh);  // p0's symbol
    pos.state->setStone(c, 0);
  }
  pos.state->setStonesHome(0, 2);
  pos.state->setWms(0, 4);
  pos.state->giveFear(0, pos.card("fear_blue_5"));
  pos.state->giveFear(0, pos.card("fear_green_5"));
  pos.state->setWms(1, 2);
  pos.state->setWms(2, 2);
  pos.turn(0, "fear_magenta_7", {pos.card("step_1"), pos.card("step_1"), pos.card("step_1")});
  // 10: p0 alone attacks 7 and loses; with p1 (5) the Fear is certain, and it completes p0's set.
  ASSERT_TRUE(pos.apply(pos.offer(0b010, 0, {1, 0, 0})));
  ASSERT_EQ(pos.state->currentPlayer(), 1);
  EXPECT_EQ(greedyChoice(pos), encode(ActionKind::Decline, 0));
}

// ... while helping a trailing drawer against the leader pays (WMS and a relic).
TEST(ZoneplexGreedy, HelpsATrailingDrawer) {
  Position pos(3, gameWithDie("3", 3));
  pos.state->setPhase2(true);
  const int spiral = pos.tile("chamber_spiral");
  for (int c : {36, 38}) {
    pos.state->setTile(c, spiral);  // p2's symbol
    pos.state->setStone(c, 2);
  }
  pos.state->setStonesHome(2, 2);
  pos.state->setWms(2, 4);
  pos.state->giveFear(2, pos.card("fear_blue_5"));
  pos.state->giveFear(2, pos.card("fear_green_5"));
  pos.state->giveFear(2, pos.card("fear_magenta_5"));
  pos.state->setWms(1, 2);
  pos.turn(0, "fear_magenta_6", {pos.card("step_1"), pos.card("step_1"), pos.card("step_1")});
  // 9: p0 (WMS 1) attacks 4, p1 5: certain together.
  ASSERT_TRUE(pos.apply(pos.offer(0b010, 0, {0, 1, 0})));
  ASSERT_EQ(pos.state->currentPlayer(), 1);
  EXPECT_EQ(greedyChoice(pos), encode(ActionKind::Accept, 0));
}

TEST(ZoneplexGreedy, EntersTheEyeWhenWorthy) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  for (int c : {1, 2, 3}) pos.state->setTile(c, neutral);
  pos.state->setPhase2(true);
  pos.state->giveFear(0, pos.card("fear_blue_5"));
  pos.state->giveFear(0, pos.card("fear_green_5"));
  pos.state->giveFear(0, pos.card("fear_magenta_5"));
  pos.state->setPosition(0, 2);
  pos.turn(0, "step_2", {pos.card("step_1")});
  EXPECT_EQ(greedyChoice(pos), step(0));
}

TEST(ZoneplexGreedy, BeatsRandomPlayers) {
  sim::RunConfig config;
  config.games = 100;
  config.players = 4;
  config.threads = 1;
  config.seed = 2024;
  config.agents = {"greedy", "random", "random", "random"};
  sim::MonteCarloRunner runner(*shippedGame(), config);
  const sim::RunResult result = runner.run();
  ASSERT_TRUE(result.ok()) << result.error;
  ASSERT_EQ(result.agents.size(), 2u);
  const sim::OutcomeTally& greedy = result.stats.agents()[0];
  EXPECT_EQ(result.agents[0], "greedy");
  EXPECT_EQ(greedy.games, 100u);
  EXPECT_GT(greedy.winRate(), 0.6);
  EXPECT_EQ(result.stats.timeouts(), 0u);
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
