#include "simulation/impact/restricted_agent.h"

#include <algorithm>
#include <memory>
#include <utility>

namespace wb::sim {

namespace {

// The acting player's view with the restricted list of legal actions, as a
// state of its own (it owns the view's copy): while no action has been applied
// (the decision itself) legalActions() is the allowed list, and so are those of
// its clones and re-determinizations (MCTS draws one per iteration); once an
// action is applied it is the engine's state, unrestricted.
class RestrictedState final : public State {
 public:
  RestrictedState(std::unique_ptr<State> inner, const std::vector<Action>& allowed)
      : m_inner(std::move(inner)), m_allowed(allowed) {}
  int numPlayers() const override { return m_inner->numPlayers(); }
  int currentPlayer() const override { return m_inner->currentPlayer(); }
  void legalActions(std::vector<Action>& out) const override {
    if (m_decided) {
      m_inner->legalActions(out);
    } else {
      out = m_allowed;
    }
  }
  bool isLegal(Action a) const override {
    return m_decided ? m_inner->isLegal(a) : std::find(m_allowed.begin(), m_allowed.end(), a) != m_allowed.end();
  }
  bool isTerminal() const override { return m_inner->isTerminal(); }
  std::vector<double> returns() const override { return m_inner->returns(); }
  int sideOf(int seat) const override { return m_inner->sideOf(seat); }
  bool adjudicated() const override { return m_inner->adjudicated(); }
  void actionEntities(Action a, std::vector<int>& out) const override { m_inner->actionEntities(a, out); }
  int turnCount() const override { return m_inner->turnCount(); }
  std::unique_ptr<State> clone() const override {
    if (m_decided) return m_inner->clone();
    return std::make_unique<RestrictedState>(m_inner->clone(), m_allowed);
  }
  std::unique_ptr<State> determinize(int observer, Rng& rng) const override {
    if (m_decided) return m_inner->determinize(observer, rng);
    return std::make_unique<RestrictedState>(m_inner->determinize(observer, rng), m_allowed);
  }
  double heuristic(int player) const override { return m_inner->heuristic(player); }
  void heuristics(std::vector<double>& out) const override { m_inner->heuristics(out); }
  std::string actionToString(Action a) const override { return m_inner->actionToString(a); }
  std::string toString() const override { return m_inner->toString(); }

 protected:
  void doApplyAction(Action a, Rng& rng) override {
    m_inner->applyLegalAction(a, rng);
    m_decided = true;
  }

 private:
  std::unique_ptr<State> m_inner;
  std::vector<Action> m_allowed;
  bool m_decided = false;
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

Action RestrictedAgent::decide(const State& view, Rng& rng) {
  if (!allowedActions(view, m_forbidden, m_allowed)) return decideOn(m_inner, view, rng);
  ++m_restricted;
  const RestrictedState restricted(view.clone(), m_allowed);
  const Action a = decideOn(m_inner, restricted, rng);
  if (std::find(m_allowed.begin(), m_allowed.end(), a) != m_allowed.end()) return a;
  ++m_fallbacks;
  return m_allowed[static_cast<std::size_t>(uniformInt(rng, static_cast<int>(m_allowed.size())))];
}

}  // namespace wb::sim
