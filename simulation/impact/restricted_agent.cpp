#include "simulation/impact/restricted_agent.h"

#include <algorithm>

namespace wb::sim {

namespace {

// The state as the restricted player sees its options: everything is the
// wrapped state's, except legalActions(), which is the allowed list. Agents
// only read the state they are given (they clone or determinize it to look
// ahead, which gives the engine's own, unrestricted state).
class RestrictedView final : public State {
 public:
  RestrictedView(const State& inner, const std::vector<Action>& allowed) : m_inner(inner), m_allowed(allowed) {}
  int numPlayers() const override { return m_inner.numPlayers(); }
  int currentPlayer() const override { return m_inner.currentPlayer(); }
  void legalActions(std::vector<Action>& out) const override { out = m_allowed; }
  bool isLegal(Action a) const override { return std::find(m_allowed.begin(), m_allowed.end(), a) != m_allowed.end(); }
  bool isTerminal() const override { return m_inner.isTerminal(); }
  std::vector<double> returns() const override { return m_inner.returns(); }
  int sideOf(int seat) const override { return m_inner.sideOf(seat); }
  bool adjudicated() const override { return m_inner.adjudicated(); }
  void actionEntities(Action a, std::vector<int>& out) const override { m_inner.actionEntities(a, out); }
  int turnCount() const override { return m_inner.turnCount(); }
  std::unique_ptr<State> clone() const override { return m_inner.clone(); }
  std::unique_ptr<State> determinize(int observer, Rng& rng) const override { return m_inner.determinize(observer, rng); }
  double heuristic(int player) const override { return m_inner.heuristic(player); }
  std::string actionToString(Action a) const override { return m_inner.actionToString(a); }
  std::string toString() const override { return m_inner.toString(); }

 protected:
  void doApplyAction(Action /*a*/, Rng& /*rng*/) override {}  // never applied: agents get a const view

 private:
  const State& m_inner;
  const std::vector<Action>& m_allowed;
};

}  // namespace

RestrictedAgent::RestrictedAgent(Agent& inner, std::vector<int> forbidden)
    : m_inner(inner), m_forbidden(std::move(forbidden)) {}

std::string RestrictedAgent::spec() const { return m_inner.spec() + " (restricted)"; }

bool RestrictedAgent::allowedActions(const State& state, const std::vector<int>& forbidden, std::vector<Action>& out) {
  thread_local std::vector<Action> legal;
  thread_local std::vector<int> used;
  state.legalActions(legal);
  out.clear();
  for (Action a : legal) {
    state.actionEntities(a, used);
    bool uses = false;
    for (int e : used) uses = uses || std::find(forbidden.begin(), forbidden.end(), e) != forbidden.end();
    if (!uses) out.push_back(a);
  }
  if (out.empty() || out.size() == legal.size()) {
    out = legal;
    return false;
  }
  return true;
}

Action RestrictedAgent::chooseAction(const State& state, Rng& rng) {
  if (!allowedActions(state, m_forbidden, m_allowed)) return m_inner.chooseAction(state, rng);
  ++m_restricted;
  const RestrictedView view(state, m_allowed);
  const Action a = m_inner.chooseAction(view, rng);
  if (std::find(m_allowed.begin(), m_allowed.end(), a) != m_allowed.end()) return a;
  ++m_fallbacks;
  return m_allowed[static_cast<std::size_t>(uniformInt(rng, static_cast<int>(m_allowed.size())))];
}

}  // namespace wb::sim
