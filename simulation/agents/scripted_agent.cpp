#include "simulation/agents/scripted_agent.h"

#include "simulation/agents/scripted_players.h"

namespace wb::sim {

bool ScriptedAgent::knowsScript(const State& state) const {
  const auto* scripts = dynamic_cast<const ScriptedPlayers*>(&state);
  return scripts != nullptr && scripts->scriptIndex(m_name) >= 0;
}

Action ScriptedAgent::decide(const State& view, Rng& /*rng*/) {
  if (const auto* scripts = dynamic_cast<const ScriptedPlayers*>(&view)) {
    const Action a = scripts->scriptedAction(scripts->scriptIndex(m_name));
    if (a >= 0) return a;
  }
  std::vector<Action> legal;
  view.legalActions(legal);
  return legal.front();
}

}  // namespace wb::sim
