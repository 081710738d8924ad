// The built-in engines' default agents (defaults that mean
// something): the fastest agent whose conclusions agree with
// the strongest agent's in `balance ladder`'s check and that plays 2,000 games of
// the engine's shipped ruleset within two minutes on two cores. The planner on
// Zoneplex, Elem Master and element; greedy:answers=off on card-dice (data/docs/agents.md,
// "The default agent"; the 2,000-game table: data/docs/performance.md); on ElemenZ it depends on the player count
// (data/rulesets/elemenz/README.md, "The default agent by player count").
// Every default must be an agent that exists.
#include <gtest/gtest.h>

#include <string>

#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"

namespace wb::rulesets {
namespace {

TEST(EngineCatalog, EachEngineDefaultsToTheStrongestAgentThatMeetsTheSpeedBar) {
  for (int players = 2; players <= 5; ++players) {
    EXPECT_EQ(defaultAgent("zoneplex", players), "planner");
    EXPECT_EQ(defaultAgent("element", players), "planner");
  }
  EXPECT_EQ(defaultAgent("elem_master", 2), "planner");
  EXPECT_EQ(defaultAgent("card_dice", 2), "greedy:answers=off");
  // An unknown engine (its ruleset will not compile) gets the global default.
  EXPECT_EQ(defaultAgent("no_such_engine", 2), sim::kDefaultAgent);
}

// ElemenZ: greedy's conclusions agree with the planner's at 3 players (even the
// point orders); at 2 and 4 only through ties (2: greedy's first player below
// fair; 4: another weakest faction), and the planner plays 2,000 games within
// the bar at every count (data/rulesets/elemenz/README.md). Failed before:
// greedy at every count.
TEST(EngineCatalog, ElemenzDefaultsToThePlannerExceptAtThreePlayers) {
  EXPECT_EQ(defaultAgent("elemenz", 2), "planner");
  EXPECT_EQ(defaultAgent("elemenz", 3), "greedy");
  EXPECT_EQ(defaultAgent("elemenz", 4), "planner");
}

// The selection itself: an entry for the player count wins, any other count
// takes the engine's default, and an engine without one the global default.
TEST(EngineCatalog, APlayerCountDefaultTakesThePlaceOfTheEngineDefault) {
  sim::EngineInfo info;
  EXPECT_EQ(info.defaultAgentFor(3), "");
  info.defaultAgent = "planner";
  info.defaultAgentByPlayers = {{3, "greedy"}, {5, "mcts:iters=10"}};
  EXPECT_EQ(info.defaultAgentFor(2), "planner");
  EXPECT_EQ(info.defaultAgentFor(3), "greedy");
  EXPECT_EQ(info.defaultAgentFor(4), "planner");
  EXPECT_EQ(info.defaultAgentFor(5), "mcts:iters=10");
}

TEST(EngineCatalog, EveryDefaultAgentIsAValidAgent) {
  for (const auto& name : builtinEngines().names()) {
    const sim::EngineInfo* info = builtinEngines().find(name);
    ASSERT_NE(info, nullptr);
    for (int players = 1; players <= 8; ++players) {
      std::string error;
      EXPECT_TRUE(sim::isValidAgentSpec(defaultAgent(name, players), error)) << name << " " << players << ": " << error;
    }
    for (const auto& d : info->defaultAgentByPlayers) {
      std::string error;
      EXPECT_TRUE(sim::isValidAgentSpec(d.agent, error)) << name << " " << d.players << ": " << error;
    }
  }
}

}  // namespace
}  // namespace wb::rulesets
