// Agent: chooses an action for the current player through the State interface
// only, so every agent plays every game.
#pragma once

#include <memory>
#include <string>

#include "simulation/core/state.h"

namespace wb::sim {

class Agent {
 public:
  virtual ~Agent() = default;
  // The spec it was made from, e.g. "mcts:iters=2000".
  virtual std::string spec() const = 0;
  // Called with state.currentPlayer() == the seat this agent plays.
  virtual Action chooseAction(const State& state, Rng& rng) = 0;
};

}  // namespace wb::sim
