// RandomAgent: picks a uniformly random legal action. The baseline every other
// agent should beat, and the agent of the conformance playouts.
#pragma once

#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

class RandomAgent : public Agent {
 public:
  std::string spec() const override { return "random"; }

 protected:
  // The legal actions are all it looks at (no determinized copy needed).
  bool seesOnlyLegalActions() const override { return true; }
  Action decide(const State& view, Rng& rng) override;
  Action decideAmong(const std::vector<Action>& legal, Rng& rng) override;

 private:
  std::vector<Action> m_actions;  // reused between calls
};

}  // namespace wb::sim
