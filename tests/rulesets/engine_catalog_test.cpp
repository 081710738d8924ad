// The built-in engines' default agents (issue 13, "Defaults that mean
// something"): the strongest agent that plays 2,000 games of the engine's
// shipped ruleset within two minutes on two cores. The planner meets that bar on
// Zoneplex, Elem Master and element; card-dice and ElemenZ keep greedy (README,
// "Agents", the 2,000-game table). Every default must be an agent that exists.
#include <gtest/gtest.h>

#include <string>

#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"

namespace wb::rulesets {
namespace {

TEST(EngineCatalog, EachEngineDefaultsToTheStrongestAgentThatMeetsTheSpeedBar) {
  EXPECT_EQ(defaultAgent("zoneplex"), "planner");
  EXPECT_EQ(defaultAgent("elem_master"), "planner");
  EXPECT_EQ(defaultAgent("element"), "planner");
  EXPECT_EQ(defaultAgent("card_dice"), "greedy:answers=off");
  EXPECT_EQ(defaultAgent("elemenz"), "greedy");
  // An unknown engine (its ruleset will not compile) gets the global default.
  EXPECT_EQ(defaultAgent("no_such_engine"), sim::kDefaultAgent);
}

TEST(EngineCatalog, EveryDefaultAgentIsAValidAgent) {
  for (const auto& name : builtinEngines().names()) {
    std::string error;
    EXPECT_TRUE(sim::isValidAgentSpec(defaultAgent(name), error)) << name << ": " << error;
  }
}

}  // namespace
}  // namespace wb::rulesets
