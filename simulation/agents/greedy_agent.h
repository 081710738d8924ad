// GreedyAgent: one-ply look-ahead. Clones the state, applies each legal action
// once and keeps the action whose result has the best State::heuristic() for
// the acting player; ties are broken at random. An action need not end the
// turn, so the look-ahead is exactly one action deep.
#pragma once

#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

class GreedyAgent : public Agent {
 public:
  std::string spec() const override { return "greedy"; }
  Action chooseAction(const State& state, Rng& rng) override;

  // The same choice, usable without an agent object (MCTS greedy rollouts).
  // `scratch` is reused for the legal actions.
  static Action choose(const State& state, Rng& rng, std::vector<Action>& scratch);

 private:
  std::vector<Action> m_actions;
};

}  // namespace wb::sim
