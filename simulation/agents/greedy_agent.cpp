#include "simulation/agents/greedy_agent.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace wb::sim {

Action GreedyAgent::choose(const State& state, Rng& rng, std::vector<Action>& scratch, std::unique_ptr<State>& copy) {
  state.legalActions(scratch);
  if (scratch.empty()) return 0;
  if (scratch.size() == 1) return scratch.front();
  const int me = state.currentPlayer();
  double best = -std::numeric_limits<double>::infinity();
  Action chosen = scratch.front();
  int ties = 0;
  for (Action a : scratch) {
    state.cloneInto(copy);
    // Chance in the look-ahead comes from the agent's own stream.
    copy->applyLegalAction(a, rng);
    double value = copy->heuristic(me);
    if (std::isnan(value)) value = -std::numeric_limits<double>::infinity();
    const double tolerance = ties == 0 ? 0.0 : 1e-9 * std::max(1.0, std::fabs(best));
    if (ties == 0 || value > best + tolerance) {
      best = value;
      chosen = a;
      ties = 1;
    } else if (std::fabs(value - best) <= tolerance) {
      // Reservoir sampling: each tied action is kept with equal probability.
      ++ties;
      if (uniformInt(rng, ties) == 0) chosen = a;
    }
  }
  return chosen;
}

}  // namespace wb::sim
