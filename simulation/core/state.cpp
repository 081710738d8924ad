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

void State::applyLegalAction(Action a, Rng& rng) {
  m_history.push(a);
  doApplyAction(a, rng);
}

void State::cloneInto(std::unique_ptr<State>& slot) const { slot = clone(); }

void State::forgetRecords() {
  m_history.forget();
  m_log.forget();
  m_counters.forget();
}

std::unique_ptr<State> State::determinize(int /*observer*/, Rng& /*rng*/) const { return clone(); }

void State::determinizeInto(int observer, Rng& rng, std::unique_ptr<State>& slot) const {
  slot = determinize(observer, rng);
}

double State::heuristic(int player) const {
  if (!isTerminal()) return 0.0;
  std::vector<double> r = returns();
  if (player < 0 || player >= static_cast<int>(r.size())) return 0.0;
  // Terminal outcomes dominate any engine-scale evaluation.
  return (r[static_cast<std::size_t>(player)] * 2.0 - 1.0) * 1e9;
}

void State::heuristics(std::vector<double>& out) const {
  const int n = numPlayers();
  out.resize(static_cast<std::size_t>(n > 0 ? n : 0));
  for (int p = 0; p < n; ++p) out[static_cast<std::size_t>(p)] = heuristic(p);
}

std::string State::actionToString(Action a) const { return std::to_string(a); }

void State::actionEntities(Action /*a*/, std::vector<int>& out) const { out.clear(); }

}  // namespace wb::sim
