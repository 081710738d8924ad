// RestrictedAgent: restricted play (Jaffe et al., "Evaluating Competitive Game
// Balance with Restricted Play", AIIDE 2012) as a generic agent wrapper. The
// wrapped agent decides as usual, on the player's determinized view (agent.h),
// but one whose legal actions leave out every action that acquires, plays or
// uses one of the forbidden entities (State::actionEntities) -- as long as
// another legal action remains (a forced move stays allowed). The restriction
// holds for the current decision only (also in the view's clones and
// re-determinizations, so MCTS searches the allowed moves); agents that look
// ahead (greedy, planner, MCTS) see the unrestricted game beyond it. Should the
// wrapped agent still return a forbidden action, an allowed one is drawn
// uniformly instead (counted in fallbacks()).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

class RestrictedAgent : public Agent {
 public:
  // `inner` must outlive this agent; `forbidden` are entity indices (Game::entityIds()).
  RestrictedAgent(Agent& inner, std::vector<int> forbidden);

  std::string spec() const override;
  void reset() override { m_inner.reset(); }

  // Decisions at which at least one legal action was removed.
  std::uint64_t restrictedDecisions() const { return m_restricted; }
  std::uint64_t fallbacks() const { return m_fallbacks; }
  void resetCounts() { m_restricted = m_fallbacks = 0; }

  // The legal actions of `state` that use none of `forbidden` (all of them when
  // every legal action uses one); true when something was removed.
  static bool allowedActions(const State& state, const std::vector<int>& forbidden, std::vector<Action>& out);

 protected:
  Action decide(const State& view, Rng& rng) override;

 private:
  Agent& m_inner;
  std::vector<int> m_forbidden;
  std::uint64_t m_restricted = 0;
  std::uint64_t m_fallbacks = 0;
  std::vector<Action> m_allowed;
};

}  // namespace wb::sim
