#include "simulation/core/state.h"

#include <algorithm>

namespace wb::sim {

std::vector<Action> State::legalActions() const {
  std::vector<Action> out;
  legalActions(out);
  return out;
}

bool State::isLegal(Action a) const {
  // One scratch vector per thread keeps the hot loop free of allocations.
  thread_local std::vector<Action> scratch;
  legalActions(scratch);
  return std::find(scratch.begin(), scratch.end(), a) != scratch.end();
}

bool State::applyAction(Action a, Rng& rng) {
  if (isTerminal() || !isLegal(a)) return false;
  m_history.push(a);
  doApplyAction(a, rng);
  return true;
}

std::unique_ptr<State> State::determinize(int /*observer*/, Rng& /*rng*/) const { return clone(); }

double State::heuristic(int player) const {
  if (!isTerminal()) return 0.0;
  std::vector<double> r = returns();
  if (player < 0 || player >= static_cast<int>(r.size())) return 0.0;
  // Terminal outcomes dominate any engine-scale evaluation.
  return (r[static_cast<std::size_t>(player)] * 2.0 - 1.0) * 1e9;
}

std::string State::actionToString(Action a) const { return std::to_string(a); }

void State::actionEntities(Action /*a*/, std::vector<int>& out) const { out.clear(); }

}  // namespace wb::sim
