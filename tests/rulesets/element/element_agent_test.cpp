// The agents on Element: no other player decides inside a turn (so
// greedy's answers change nothing here); the danger to a sorcerer at the start
// of the opponent's turn is the expectation over the opponent's roll, fire
// spreads included; and the blunder counters (a turn ended capturable with a
// safer square reachable, and the capture that follows). Rule "WINNING" and
// "Element properties" (FIRE) of seed file 001.
#include "tests/rulesets/element/element_fixture.h"
#include "tests/simulation/pending_answer.h"

namespace wb::rulesets::element::test {
namespace {

TEST(ElementAgents, NoPlayerAnswersInsideAnotherPlayersTurn) {
  auto game = shippedGame();
  sim::test::expectNoAnswersInsideATurn(
      [&](sim::Rng& rng) { return game->newInitialState(sim::GameSetup{}, rng); }, 20, 31);
}

TEST(ElementHeuristic, DangerIsTheExpectationOverTheOpponentsRoll) {
  // Player 0 at A1 (a corner: E = 3) after its turn; player 1 to act. Judged on
  // one roll, four logos made that safe and four stones deadly; judged on the
  // roll's distribution, both are the same position.
  Position calm, deadly;
  for (Position* p : {&calm, &deadly}) p->sorcerers("A1", "I9");
  calm.turn(1, {"logo", "logo", "logo", "logo"});
  deadly.turn(1, {"earth", "earth", "earth", "water"});
  EXPECT_NEAR(calm.state->heuristic(0), deadly.state->heuristic(0), 1e-9);
  // And more dangerous than the open square B2 (E = 8) next to it.
  Position open;
  open.sorcerers("B2", "I9");
  open.turn(1, {"logo", "logo", "logo", "logo"});
  EXPECT_GT(open.state->heuristic(0), calm.state->heuristic(0) + 20.0);
}

TEST(ElementHeuristic, AFireLineThatCanSpreadOntoAnEscapeAddsDanger) {
  // Player 0 at C3 with E = 4 (the other four neighbours walled by water); a
  // fire line D5-E5... no: a fire at C5 whose far side C6 is open, so a fire
  // placed at C6 spreads onto C4, one of player 0's escapes.
  Position plain, spread;
  for (Position* p : {&plain, &spread}) {
    p->sorcerers("C3", "I9");
    p->put("earth", {"B2", "C2", "D2", "B3"});  // E = 4: D3, B4, C4, D4
  }
  spread.put("fire", {"C5"});
  for (Position* p : {&plain, &spread}) p->turn(1, {"logo", "logo", "logo", "logo"});
  ASSERT_EQ(plain.state->escapes(0), spread.state->escapes(0));
  EXPECT_LT(spread.state->heuristic(0), plain.state->heuristic(0) - 5.0);
}

TEST(ElementMetrics, AnAvoidableExposureAndTheLossAfterItAreCounted) {
  Position pos;
  pos.sorcerers("A1", "I9");  // A1: E = 3; B2, one step away: E = 8
  pos.turn(0, {"logo", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(kEndTurn));
  EXPECT_EQ(pos.state->counters().count(0, kCounterExposedAvoidably), 1u);
  pos.turn(1, {"earth", "earth", "earth", "logo"});
  ASSERT_TRUE(pos.play(pos.place("earth", "A2")));
  ASSERT_TRUE(pos.play(pos.place("earth", "B1")));
  ASSERT_TRUE(pos.play(pos.place("earth", "B2")));
  ASSERT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->winner(), 1);
  EXPECT_EQ(pos.state->counters().count(0, kCounterLostAfterExposure), 1u);
}

TEST(ElementMetrics, AnExposureWithNoSaferSquareInReachIsNotCounted) {
  Position pos;
  pos.sorcerers("A1", "I9");
  pos.put("earth", {"A3", "B3", "C3", "C2", "C1"});  // B2 now has E = 3 too
  pos.turn(0, {"logo", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(kEndTurn));
  EXPECT_EQ(pos.state->counters().count(0, kCounterExposedAvoidably), 0u);
}

TEST(ElementMetrics, ATurnThatEndsWithAnExposingMoveIsCounted) {
  // The final move counts too: from B2 (E = 8) the sorcerer steps into the corner A1
  // (E = 3) and the turn ends there, B2 having been in reach of that very move.
  Position pos;
  pos.sorcerers("B2", "I9");
  pos.turn(0, {"logo", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.move("A1")));
  ASSERT_TRUE(pos.play(kEndTurn));
  EXPECT_EQ(pos.state->counters().count(0, kCounterExposedAvoidably), 1u);
}

TEST(ElementHeuristic, InTheMiddleOfATurnTheSorcererCountsWhereItStands) {
  // A plan is judged by where its sorcerer would end the turn: after a placement, the
  // sorcerer still in the corner A1 (E = 3) is worth far less than the one that moved to
  // B2 (E = 8), not the same for the squares it could still reach.
  Position stay, fled;
  for (Position* p : {&stay, &fled}) {
    p->sorcerers("A1", "I9");
    p->turn(0, {"earth", "logo", "logo", "logo"});
    ASSERT_TRUE(p->play(p->place("earth", "F5")));
  }
  ASSERT_TRUE(fled.play(fled.move("B2")));
  EXPECT_GT(fled.state->heuristic(0), stay.state->heuristic(0) + 20.0);
}

TEST(ElementHeuristic, AnEnemySorcererThatCanStandOnAnEscapeIsAThreat) {
  // Player 0 at C3 with E = 4; the enemy sorcerer next to one of those escapes (D4) can
  // close it by standing on it, one stone fewer to capture.
  Position far, near;
  for (Position* p : {&far, &near}) p->put("earth", {"B2", "C2", "D2", "B3"});  // E = 4: D3, B4, C4, D4
  far.sorcerers("C3", "I9");
  near.sorcerers("C3", "E5");
  for (Position* p : {&far, &near}) p->turn(1, {"logo", "logo", "logo", "logo"});
  ASSERT_EQ(far.state->escapes(0), near.state->escapes(0));
  EXPECT_LT(near.state->heuristic(0), far.state->heuristic(0) - 5.0);
}

}  // namespace
}  // namespace wb::rulesets::element::test
