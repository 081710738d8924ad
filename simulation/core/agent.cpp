#include "simulation/core/agent.h"

namespace wb::sim {

Action Agent::chooseAction(const State& state, Rng& rng) {
  state.legalActions(m_legal);
  if (m_legal.empty()) return 0;
  // One legal action: nothing to decide, and nothing to see.
  if (m_legal.size() == 1) return m_legal.front();
  if (seesOnlyLegalActions()) return decideAmong(m_legal, rng);
  // Into the view of the previous decision: the same copy as determinize() gives
  // and the same numbers drawn (State::determinizeInto), without allocating a
  // state (and clearing its piles) for every decision.
  state.determinizeInto(state.currentPlayer(), rng, m_view);
  m_view->forgetRecords();
  return decide(*m_view, rng);
}

Action Agent::decideOn(Agent& agent, const State& view, Rng& rng) {
  view.legalActions(agent.m_legal);
  if (agent.m_legal.empty()) return 0;
  if (agent.m_legal.size() == 1) return agent.m_legal.front();
  if (agent.seesOnlyLegalActions()) return agent.decideAmong(agent.m_legal, rng);
  return agent.decide(view, rng);
}

Action Agent::decideAmong(const std::vector<Action>& legal, Rng& /*rng*/) { return legal.front(); }

}  // namespace wb::sim
