// ImpactRunner and RestrictedAgent: restricted play and grant as paired
// experiments on common random numbers (toy card race, fixed seeds). A
// deliberately overpowered card gets a significant positive lift; a card with
// no effect gets a lift whose interval contains 0.
#include <gtest/gtest.h>

#include <cmath>

#include "simulation/agents/random_agent.h"
#include "simulation/impact/impact_runner.h"
#include "simulation/impact/restricted_agent.h"
#include "tests/simulation/toy/card_race_game.h"

using namespace wb::sim;

namespace {

ImpactConfig config(std::vector<int> entities, std::uint64_t pairs, int threads, std::vector<std::string> agents = {"random"}) {
  ImpactConfig c;
  c.entities = std::move(entities);
  c.run.games = pairs;
  c.run.threads = threads;
  c.run.seed = 11;
  c.run.players = 2;
  c.run.agents = std::move(agents);
  return c;
}

}  // namespace

TEST(RestrictedAgent, NeverTakesAForbiddenActionWhileAnotherExists) {
  toy::CardRaceGame game;
  Rng rng(1);
  auto state = game.newInitialState(GameSetup{2}, rng);
  RandomAgent inner;
  RestrictedAgent restricted(inner, {0});
  for (int i = 0; i < 200; ++i) EXPECT_NE(restricted.chooseAction(*state, rng), 1);
  EXPECT_EQ(restricted.restrictedDecisions(), 200u);
  EXPECT_EQ(restricted.fallbacks(), 0u);
  std::vector<Action> allowed;
  EXPECT_TRUE(RestrictedAgent::allowedActions(*state, {0, 1}, allowed));
  EXPECT_EQ(allowed, (std::vector<Action>{0}));
}

TEST(ImpactRunner, OverpoweredCardHasASignificantLiftAndADudContainsZero) {
  toy::CardRaceGame game;
  // Greedy always plays the power card when it may, and is indifferent between a
  // step and the dud (same move): restricting the dud changes no game.
  const ImpactResult r = ImpactRunner(game, config({0, 1, 2, 3}, 400, 2, {"greedy"})).run();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.entities.size(), 4u);
  const EntityImpact& power = r.entities[0];
  const EntityImpact& dud = r.entities[1];
  const EntityImpact& charm = r.entities[2];
  const EntityImpact& dudCharm = r.entities[3];
  // Restricted play: denying the power card costs the seat many wins.
  ASSERT_TRUE(power.restricted.measured);
  EXPECT_EQ(power.restricted.lift.pairs, 400u);
  EXPECT_GT(power.restricted.lift.interval().lo, 0.1) << power.restricted.lift.mean();
  EXPECT_LT(power.restricted.lift.pValue(), 1e-6);
  EXPECT_EQ(power.restricted.restrictedGames, 400u);
  // The dud changes nothing: its interval contains 0, although it was restricted.
  EXPECT_EQ(dud.restricted.restrictedGames, 400u);
  const Interval d = dud.restricted.lift.interval();
  EXPECT_LE(d.lo, 0.0);
  EXPECT_GE(d.hi, 0.0);
  EXPECT_GT(dud.restricted.lift.pValue(), 0.05);
  // Cards cannot be granted here: listed as such, not measured.
  EXPECT_FALSE(power.canGrant);
  EXPECT_FALSE(power.granted.measured);
  EXPECT_EQ(power.granted.note, "the engine cannot grant it");
  // Grant: the charm helps; the dud charm gives exactly the same games (common random numbers).
  ASSERT_TRUE(charm.granted.measured);
  EXPECT_GT(charm.granted.lift.interval().lo, 0.0);
  EXPECT_LT(charm.granted.lift.pValue(), 0.01);
  EXPECT_EQ(dudCharm.granted.lift.better + dudCharm.granted.lift.worse, 0u);
  EXPECT_EQ(dudCharm.granted.lift.mean(), 0.0);
  // Restriction of an entity no action uses is reported, not silently 0.
  EXPECT_EQ(charm.restricted.restrictedGames, 0u);
  EXPECT_NE(charm.restricted.note.find("changed nothing"), std::string::npos);
  // The baseline games carry the association numbers of the same seeds.
  EXPECT_EQ(r.baseline.games(), 400u);
  EXPECT_GT(r.baseline.entities()[0].played, 0u);
}

// With random agents the dud's restriction changes real games (the dud's roll
// shifts the chance stream, the agent's draws shift), yet not the odds: the lift
// is noise around 0, and its 95% interval contains 0. The power card's does not.
TEST(ImpactRunner, WithRandomAgentsTheDudsLiftIsNoiseAroundZero) {
  toy::CardRaceGame game;
  const ImpactResult r = ImpactRunner(game, config({0, 1}, 600, 2, {"random"})).run();
  ASSERT_TRUE(r.ok()) << r.error;
  const PairedDifference& power = r.entities[0].restricted.lift;
  const PairedDifference& dud = r.entities[1].restricted.lift;
  EXPECT_GT(power.interval().lo, 0.0) << power.mean();
  EXPECT_LT(power.pValue(), 0.001);
  // Not a degenerate zero: many pairs changed, in both directions.
  EXPECT_GT(dud.better, 50u);
  EXPECT_GT(dud.worse, 50u);
  EXPECT_LE(dud.interval().lo, 0.0) << dud.mean();
  EXPECT_GE(dud.interval().hi, 0.0) << dud.mean();
  // The interval is a real one, about +-2 se wide (se = sd / sqrt(600)).
  EXPECT_NEAR(dud.interval().hi - dud.mean(), kZ95 * dud.sd() / std::sqrt(600.0), 1e-12);
}

TEST(ImpactRunner, ResultsDoNotDependOnTheThreadCount) {
  toy::CardRaceGame game;
  const ImpactResult a = ImpactRunner(game, config({0, 2}, 120, 1, {"greedy", "random"})).run();
  const ImpactResult b = ImpactRunner(game, config({0, 2}, 120, 3, {"greedy", "random"})).run();
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.baseline, b.baseline);
  for (std::size_t i = 0; i < a.entities.size(); ++i) {
    EXPECT_EQ(a.entities[i].restricted.lift.sum, b.entities[i].restricted.lift.sum);
    EXPECT_EQ(a.entities[i].granted.lift.sum, b.entities[i].granted.lift.sum);
    EXPECT_EQ(a.entities[i].restricted.lift.pairs, 120u);
  }
}

TEST(ImpactRunner, BadConfigurationsAreErrors) {
  toy::CardRaceGame game;
  std::string error;
  EXPECT_FALSE(ImpactRunner(game, config({}, 10, 1)).validate(error));
  EXPECT_FALSE(ImpactRunner(game, config({9}, 10, 1)).validate(error));
  EXPECT_FALSE(ImpactRunner(game, config({0}, 0, 1)).validate(error));
  EXPECT_FALSE(ImpactRunner(game, config({0}, 10, 1, {"wizard"})).validate(error));
  const ImpactResult r = ImpactRunner(game, config({9}, 10, 1)).run();
  EXPECT_FALSE(r.ok());
}
