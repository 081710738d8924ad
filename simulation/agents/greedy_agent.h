// GreedyAgent: one-ply look-ahead. On the state as its player knows it (a
// determinization, agent.h), applies each legal action once to a copy and
// keeps the action whose result has the best State::heuristic() for the acting
// player; ties are broken at random. An action need not end the turn, so the
// look-ahead is exactly one action deep.
#pragma once

#include <memory>
#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

class GreedyAgent : public Agent {
 public:
  std::string spec() const override { return "greedy"; }

  // The same choice on a search copy (MCTS greedy rollouts, the planner's
  // opponent model): `scratch` is reused for the legal actions and `copy` for
  // the look-ahead state, so repeated calls do not allocate.
  static Action choose(const State& state, Rng& rng, std::vector<Action>& scratch, std::unique_ptr<State>& copy);

 protected:
  Action decide(const State& view, Rng& rng) override { return choose(view, rng, m_actions, m_copy); }

 private:
  std::vector<Action> m_actions;
  std::unique_ptr<State> m_copy;
};

}  // namespace wb::sim
