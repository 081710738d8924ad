// Conformance-style check of "answers before scores": an
// action that leaves a decision to another player inside the mover's turn (a
// target absorbing a hit, a response window, a helper's answer) is valued by
// greedy after that player's own one-ply answer. Per engine, a test builds a
// position with such an action and compares:
//   pending    greedy's value of the action (the answer made by the answerer);
//   favour     the same action answered as the mover would like best (each
//              answer chosen to maximise the mover's heuristic);
//   unanswered greedy's value with answers=off (the position while the answer
//              is still pending, as greedy used to judge it).
// All three use the same random numbers, so they differ only by the answers.
#pragma once

#include <gtest/gtest.h>

#include <limits>
#include <memory>
#include <vector>

#include "simulation/agents/greedy_agent.h"
#include "simulation/core/state.h"

namespace wb::sim::test {

struct AnswerValues {
  double pending = 0.0, favour = 0.0, unanswered = 0.0;
  int answers = 0;  // decisions of other players made after the action (favour line)
};

inline AnswerValues answerValues(const State& view, Action action, std::uint64_t seed = 7) {
  AnswerValues out;
  const int me = view.currentPlayer();
  const int turn = view.turnCount();
  {
    GreedyAgent greedy(GreedyOptions{1, true});
    Rng rng(seed);
    out.pending = greedy.valueOf(view, action, rng);
  }
  {
    GreedyAgent greedy(GreedyOptions{1, false});
    Rng rng(seed);
    out.unanswered = greedy.valueOf(view, action, rng);
  }
  // The same generator state greedy's one sample starts from.
  Rng seeds(seed);
  Rng chance(seeds());
  std::unique_ptr<State> s = view.clone();
  s->applyLegalAction(action, chance);
  std::vector<Action> legal;
  for (int guard = 0; guard < 64; ++guard) {
    if (s->isTerminal() || s->turnCount() != turn || s->currentPlayer() == me) break;
    s->legalActions(legal);
    if (legal.empty()) break;
    double best = -std::numeric_limits<double>::infinity();
    Action pick = legal.front();
    for (Action a : legal) {
      std::unique_ptr<State> c = s->clone();
      Rng copy = chance;
      c->applyLegalAction(a, copy);
      const double v = c->heuristic(me);
      if (v > best) {
        best = v;
        pick = a;
      }
    }
    s->applyLegalAction(pick, chance);
    ++out.answers;
  }
  out.favour = s->heuristic(me);
  return out;
}

// No engine decision of another player inside a turn: over `games` random
// playouts, whenever the player to act changes, the turn has changed too (or
// the game ended). Then greedy's answers change nothing in this engine.
template <typename NewGame>
void expectNoAnswersInsideATurn(NewGame newGame, int games, std::uint64_t seed) {
  std::vector<Action> legal;
  for (int g = 0; g < games; ++g) {
    Rng rng(seed + static_cast<std::uint64_t>(g));
    std::unique_ptr<State> s = newGame(rng);
    for (int step = 0; step < 5000 && !s->isTerminal(); ++step) {
      const int player = s->currentPlayer(), turn = s->turnCount();
      s->legalActions(legal);
      ASSERT_FALSE(legal.empty());
      s->applyLegalAction(legal[static_cast<std::size_t>(uniformInt(rng, static_cast<int>(legal.size())))], rng);
      if (!s->isTerminal() && s->currentPlayer() != player) {
        ASSERT_NE(s->turnCount(), turn) << "game " << g << ", step " << step << ": another player decides inside a turn";
      }
    }
  }
}

}  // namespace wb::sim::test
