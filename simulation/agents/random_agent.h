// RandomAgent: picks a uniformly random legal action. The baseline every other
// agent should beat, and the agent of the conformance playouts.
#pragma once

#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

class RandomAgent : public Agent {
 public:
  std::string spec() const override { return "random"; }
  Action chooseAction(const State& state, Rng& rng) override;

 private:
  std::vector<Action> m_actions;  // reused between calls
};

}  // namespace wb::sim
