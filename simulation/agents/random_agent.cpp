#include "simulation/agents/random_agent.h"

namespace wb::sim {

Action RandomAgent::decide(const State& view, Rng& rng) {
  view.legalActions(m_actions);
  if (m_actions.empty()) return 0;
  return decideAmong(m_actions, rng);
}

Action RandomAgent::decideAmong(const std::vector<Action>& legal, Rng& rng) {
  if (legal.size() == 1) return legal.front();
  return legal[static_cast<std::size_t>(uniformInt(rng, static_cast<int>(legal.size())))];
}

}  // namespace wb::sim
