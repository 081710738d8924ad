// The agents on Elem Master ("answers before scores"): no player
// decides inside another player's turn here (events and powers resolve on the
// mover's choices), so greedy's answers change nothing in this engine; the
// check keeps that true if a rule ever adds such an answer.
#include "simulation/agents/agent_factory.h"
#include "tests/rulesets/elem_master/elem_master_fixture.h"
#include "tests/simulation/pending_answer.h"

namespace wb::rulesets::elem_master::testing {
namespace {

TEST(ElemMasterAgents, NoPlayerAnswersInsideAnotherPlayersTurn) {
  auto game = sharedGame();
  for (int players : {2, 4}) {
    sim::test::expectNoAnswersInsideATurn(
        [&](sim::Rng& rng) { return game->newInitialState(sim::GameSetup{players, {}}, rng); }, 6,
        31 + static_cast<std::uint64_t>(players));
  }
}

// Repeated positions (the repetition term of elem_master_heuristic.cpp;
// the repetition end of elem_master_repetition.cpp). Player 0's Fire walks
// X -> Y -> X while player 1 passes; the Fire may now go back to Y (one square
// nearer player 1's Earth, the best turn by every other term) or to Z (one square
// farther), or stay. Y and staying both recreate a turn-start position already seen
// once: the step toward a repetition end. The Earths are walled in by void squares
// (no moves, none underground), at the maximum level on forest (no growth, and no
// Fire growth).
class ElemMasterRepetitionAgent : public ElemMasterScript {
 protected:
  void SetUp() override {
    ElemMasterScript::SetUp();
    for (int c = 0; c < 36; ++c) state->setTerrain(c, terrain("forest"));
    put(5, 0, 0, kEarth, 3);
    put(0, 5, 1, kEarth, 3);
    for (auto [r, c] : {std::pair{4, 0}, {4, 1}, {5, 1}, {3, 0}, {3, 1}, {5, 2}, {0, 4}, {1, 4}, {1, 5}, {2, 2}, {2, 4}, {3, 2},
                        {3, 4}, {4, 2}, {4, 4}})
      state->setVoid(sq(r, c), true);
    put(3, 3, 0, kFire, 1);  // X; Y = (2,3), Z = (4,3)
    state->checkEnd();
    play(A(Kind::Move, sq(3, 3), sq(2, 3), 1));
    endTurn();  // turn-start position "Fire on Y, player 1 to play", first time
    firstTime = state->heuristic(0);
    endTurn();
    play(A(Kind::Move, sq(2, 3), sq(3, 3), 1));
    endTurn();  // "Fire on X, player 1 to play", first time
    EXPECT_EQ(state->turnStartRepeats(), 0);
    endTurn();
    ASSERT_EQ(state->currentPlayer(), 0);
  }
  // Plays player 0's turn with `spec`.
  void playTurn(const std::string& spec) {
    std::string error;
    auto agent = sim::makeAgent(spec, error);
    ASSERT_TRUE(agent) << error;
    sim::Rng agentRng(5);
    for (int guard = 0; guard < 20 && !state->isTerminal() && state->currentPlayer() == 0; ++guard)
      play(agent->chooseAction(*state, agentRng));
    ASSERT_EQ(state->currentPlayer(), 1);
  }
  double firstTime = 0.0;  // player 0's heuristic at "Fire on Y, player 1 to play", first time
};

TEST_F(ElemMasterRepetitionAgent, PlannerDoesNotRecreateAPositionWhenAnotherTurnExists) {
  playTurn("planner");
  EXPECT_EQ(state->turnStartRepeats(), 0) << state->toString();  // before the term: Fire back on Y, seen before
  EXPECT_EQ(at(4, 3).element, kFire);
  EXPECT_EQ(at(4, 3).owner, 0);
}

TEST_F(ElemMasterRepetitionAgent, ARecurringPositionIsCountedForTheSeatWhoseTurnEnded) {
  const int recurred = static_cast<int>(game->rules().specialties.size()) + kCounterRecurred;
  EXPECT_EQ(state->counters().count(0, recurred), 0u);
  play(A(Kind::Move, sq(3, 3), sq(2, 3), 1));
  endTurn();
  EXPECT_EQ(state->turnStartRepeats(), 1);
  EXPECT_EQ(state->counters().count(0, recurred), 1u);
  EXPECT_EQ(state->counters().count(1, recurred), 0u);
  // The heuristic's repetition term: the same position, seen once before, is 4 points worse for player 0.
  EXPECT_NEAR(state->heuristic(0), firstTime - 4.0, 1e-9);
  endTurn();  // player 1's turn ends on "Fire on Y, player 0 to play", seen once before too
  EXPECT_EQ(state->counters().count(1, recurred), 1u);
  EXPECT_FALSE(state->isTerminal());
}

}  // namespace
}  // namespace wb::rulesets::elem_master::testing
