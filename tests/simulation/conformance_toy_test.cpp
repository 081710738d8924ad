// The shared conformance suite (conformance.h) run on the toy games, which
// also proves the suite itself works.
#include "tests/simulation/conformance.h"
#include "tests/simulation/toy/dice_race_game.h"
#include "tests/simulation/toy/nim_game.h"

namespace {
using wb::sim::GameSetup;
using wb::sim::toy::DiceRaceGame;
using wb::sim::toy::NimGame;
}  // namespace

WB_CONFORMANCE_TESTS(NimConformance, std::make_unique<NimGame>(21), (GameSetup{2, {}}));
WB_CONFORMANCE_TESTS(NimThreePlayerConformance, std::make_unique<NimGame>(30), (GameSetup{3, {}}));
WB_CONFORMANCE_TESTS(DiceRaceConformance, std::make_unique<DiceRaceGame>(30), (GameSetup{2, {}}));
WB_CONFORMANCE_TESTS(DiceRaceFactionConformance, std::make_unique<DiceRaceGame>(30, true), (GameSetup{2, {1, 0}}));

TEST(StateDefaults, ApplyActionRecordsHistoryAndRefusesIllegal) {
  NimGame game(5);
  wb::sim::Rng rng(1);
  auto s = game.newInitialState(GameSetup{2, {}}, rng);
  EXPECT_EQ(s->legalActions(), (std::vector<wb::sim::Action>{1, 2, 3}));
  EXPECT_FALSE(s->applyAction(4, rng));
  EXPECT_TRUE(s->history().empty());
  EXPECT_TRUE(s->applyAction(3, rng));
  EXPECT_TRUE(s->applyAction(2, rng));
  EXPECT_EQ(s->history(), (std::vector<wb::sim::Action>{3, 2}));
  EXPECT_TRUE(s->isTerminal());
  EXPECT_FALSE(s->applyAction(1, rng));
  EXPECT_EQ(s->returns(), (std::vector<double>{0.0, 1.0}));
  EXPECT_EQ(s->entityLog().count(0, 2, wb::sim::EntityUse::Played), 1u);
  EXPECT_EQ(s->entityLog().count(1, 3, wb::sim::EntityUse::Triggered), 1u);
}

TEST(StateDefaults, DeterminizeDefaultsToCloneAndHeuristicToReturns) {
  // The dice race overrides neither actionToString's default for the base
  // class test; use a minimal state through Nim for the defaults it keeps.
  NimGame game(2);
  wb::sim::Rng rng(1);
  auto s = game.newInitialState(GameSetup{2, {}}, rng);
  auto d = s->determinize(0, rng);
  EXPECT_EQ(d->toString(), s->toString());
  EXPECT_EQ(s->actionToString(2), "take 2");
}
