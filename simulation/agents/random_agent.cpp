#include "simulation/agents/random_agent.h"

namespace wb::sim {

Action RandomAgent::chooseAction(const State& state, Rng& rng) {
  state.legalActions(m_actions);
  if (m_actions.empty()) return 0;
  if (m_actions.size() == 1) return m_actions.front();
  return m_actions[static_cast<std::size_t>(uniformInt(rng, static_cast<int>(m_actions.size())))];
}

}  // namespace wb::sim
