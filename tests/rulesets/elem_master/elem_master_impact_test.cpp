// Elem Master's outcome hooks (rulesets/elem_master/elem_master_impact.cpp):
// 2v2 teams are sides, a game stopped at the assumed turn_limit is adjudicated.
#include "tests/rulesets/elem_master/elem_master_fixture.h"

namespace wb::rulesets::elem_master::testing {

// "Partie a 4 joueurs ... en equipe": allies face each other, seats 0+2 against 1+3.
TEST(ElemMasterSides, TeamsAreSidesOnlyInTwoVersusTwo) {
  sim::Rng rng(3);
  auto teams = makeGame({{"four_player_mode", "teams"}});
  ASSERT_TRUE(teams);
  auto s4 = teams->newGame(sim::GameSetup{4, {}}, rng);
  EXPECT_EQ(s4->sideOf(0), 0);
  EXPECT_EQ(s4->sideOf(1), 1);
  EXPECT_EQ(s4->sideOf(2), 0);
  EXPECT_EQ(s4->sideOf(3), 1);
  auto ffa = sharedGame()->newGame(sim::GameSetup{4, {}}, rng);
  for (int p = 0; p < 4; ++p) EXPECT_EQ(ffa->sideOf(p), p);
}

// The rules have no turn limit (turn_limit is assumed): reaching it is an
// adjudication by the no-Fire count, not a win by the rules.
TEST(ElemMasterSides, TheTurnLimitIsAdjudicated) {
  auto game = makeGame({{"turn_limit", "6"}, {"repetition_limit", "0"}});  // no repetition end here
  ASSERT_TRUE(game);
  sim::Rng rng(5);
  auto state = game->newGame(sim::GameSetup{2, {}}, rng);
  const sim::Action endTurn = encodeAction(Kind::EndTurn);
  for (int i = 0; i < 10 && !state->isTerminal(); ++i) {
    EXPECT_FALSE(state->adjudicated());
    ASSERT_TRUE(state->applyAction(endTurn, rng));
  }
  ASSERT_TRUE(state->isTerminal());
  EXPECT_EQ(state->turnCount(), 6);
  EXPECT_TRUE(state->adjudicated());
  // The symmetric predefined start, untouched: equal counts, a draw between the two sides.
  EXPECT_EQ(state->returns(), (std::vector<double>{0.5, 0.5}));
}

}  // namespace wb::rulesets::elem_master::testing

namespace wb::rulesets::elem_master::testing {

// "Les spécialités": a specialty is granted by assigning it to the seat; its
// powers (here the Oracle's) name it; events cannot be granted.
TEST(ElemMasterImpact, SpecialtiesAreGrantedAndTheirPowersNameThem) {
  auto game = sharedGame();
  const ElemMasterRules& r = game->rules();
  int oracle = -1;
  for (std::size_t i = 0; i < r.specialties.size(); ++i)
    if (r.specialties[i].id == "oracle") oracle = static_cast<int>(i);
  ASSERT_GE(oracle, 0);
  EXPECT_TRUE(game->canGrant(oracle));
  EXPECT_FALSE(game->canGrant(r.eventEntityBase()));
  sim::Rng rng(2);
  auto state = game->newGame(sim::GameSetup{2, {0, 0}, {{1, oracle}}}, rng);
  EXPECT_EQ(state->player(1).specialty, oracle);
  EXPECT_EQ(state->player(0).specialty, r.factionSpecialty[0]);
  std::vector<int> used;
  state->setSpecialty(0, oracle);
  state->actionEntities(encodeAction(Kind::OracleMove, 1, 2), used);
  EXPECT_EQ(used, (std::vector<int>{oracle}));
  state->actionEntities(encodeAction(Kind::Grow, 1), used);
  EXPECT_TRUE(used.empty());
}

}  // namespace wb::rulesets::elem_master::testing
