// Agent: chooses an action for the player to act through the State interface
// only, so every agent plays every game, and sees only what that player knows.
//
// chooseAction() is the one way to ask any agent for a move, and it is not
// virtual: it hands the agent's decide() the state determinized for the player
// to act (State::determinize(currentPlayer, rng): everything that player cannot
// see re-sampled), as a private copy whose history and logs are dropped
// (State::forgetRecords(), so the agent's search copies are cheap). No agent can
// see the real state. An agent that looks only at the legal actions (random:
// what a player may do is public to that player) says so with
// seesOnlyLegalActions() and gets the list instead, without the copy.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "simulation/core/state.h"

namespace wb::sim {

class Agent {
 public:
  virtual ~Agent() = default;
  // The spec it was made from, e.g. "mcts:iters=2000".
  virtual std::string spec() const = 0;
  // Called with state.currentPlayer() == the seat this agent plays. Draws the
  // determinization from `rng` (the agent's stream), then asks decide().
  Action chooseAction(const State& state, Rng& rng);
  // Forgets whatever it kept from earlier decisions (a plan). The runner calls
  // it before every game, so that no game depends on the games played before
  // it on the same thread.
  virtual void reset() {}

 protected:
  // Agents that decide from the legal actions alone override this to return
  // true, and decideAmong() instead of decide().
  virtual bool seesOnlyLegalActions() const { return false; }
  // `view`: the state as the player to act knows it (a determinization, the
  // agent's to use; its currentPlayer() is the player to act).
  virtual Action decide(const State& view, Rng& rng) = 0;
  // `legal`: the legal actions (never empty). Default: the first.
  virtual Action decideAmong(const std::vector<Action>& legal, Rng& rng);
  // For wrappers (simulation/impact/restricted_agent.h): asks `agent` to decide
  // on `view`, which the wrapper got from its own decide() (so it is already
  // the acting player's view) or built from such a view.
  static Action decideOn(Agent& agent, const State& view, Rng& rng);

 private:
  std::vector<Action> m_legal;  // reused between calls
  std::unique_ptr<State> m_view;  // the view of the last decision (its memory reused)
};

}  // namespace wb::sim
