// State: one position of a game, the only thing agents and the runner see
// (OpenSpiel-style: one small interface every algorithm uses, no game bypasses).
//
// Actions are integers whose meaning the engine defines (actionToString names
// them). Chance is drawn from the Rng passed to applyAction, so a game is a pure
// function of its seed and the agents' choices. Hidden information: determinize()
// returns a copy in which everything `observer` cannot see is re-sampled
// consistently with what they can see (MCTS plays on such copies).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "simulation/core/action_history.h"
#include "simulation/core/entity_log.h"
#include "simulation/core/rng.h"

namespace wb::sim {

inline constexpr int kTerminalPlayer = -1;

class State {
 public:
  virtual ~State() = default;

  virtual int numPlayers() const = 0;
  // The player to act; kTerminalPlayer when isTerminal().
  virtual int currentPlayer() const = 0;
  // Fills `out` (cleared first) with the legal actions; never empty before the end.
  virtual void legalActions(std::vector<Action>& out) const = 0;
  std::vector<Action> legalActions() const;
  // True if `a` is legal now. Default: searches legalActions(); engines may override.
  virtual bool isLegal(Action a) const;

  // Non-virtual: checks legality (returns false and changes nothing if illegal),
  // records the action in history(), then calls doApplyAction().
  bool applyAction(Action a, Rng& rng);

  virtual bool isTerminal() const = 0;
  // Per player, in [0, 1]: a sole winner gets 1 and the others 0; a k-way tie
  // for first gives 1/k to each tied player; a game nobody wins gives all 0.
  // Only meaningful when isTerminal() (or when the runner stops at the turn cap).
  virtual std::vector<double> returns() const = 0;
  // Turns played so far (the unit of the turn cap and of game length).
  virtual int turnCount() const = 0;

  virtual std::unique_ptr<State> clone() const = 0;
  // Default: clone() (perfect information).
  virtual std::unique_ptr<State> determinize(int observer, Rng& rng) const;

  // Evaluation of the position for `player` (higher is better), used by the
  // greedy agent and greedy rollouts. Any scale; terminal wins should dominate.
  virtual double heuristic(int player) const;

  virtual std::string actionToString(Action a) const;
  virtual std::string toString() const = 0;

  // The actions applied so far, in order (a copy: not for hot loops).
  std::vector<Action> history() const { return m_history.toVector(); }
  std::size_t historySize() const { return m_history.size(); }
  // Per-entity tallies (acquired / played / triggered per player), if the engine keeps them.
  const EntityLog& entityLog() const { return m_log; }

 protected:
  virtual void doApplyAction(Action a, Rng& rng) = 0;
  EntityLog& log() { return m_log; }

 private:
  ActionHistory m_history;  // shared with clones, copy-on-write
  EntityLog m_log;
};

}  // namespace wb::sim
