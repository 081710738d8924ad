// State: one position of a game, the only thing agents and the runner see
// (OpenSpiel-style: one small interface every algorithm uses, no game bypasses).
//
// Actions are integers whose meaning the engine defines (actionToString names
// them). Chance is drawn from the Rng passed to applyAction, so a game is a pure
// function of its seed and the agents' choices. Hidden information: determinize()
// returns a copy in which everything `observer` cannot see is re-sampled
// consistently with what they can see (MCTS plays on such copies).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <typeinfo>
#include <vector>

#include "simulation/core/action_history.h"
#include "simulation/core/counter_log.h"
#include "simulation/core/entity_log.h"
#include "simulation/core/rng.h"

namespace wb::sim {

inline constexpr int kTerminalPlayer = -1;

// One condition of a game's setup (State::setupFeatures): "fire" = "2".
struct SetupFeature {
  std::string name;
  std::string value;
  friend bool operator==(const SetupFeature&, const SetupFeature&) = default;
};

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
  // For agents' search on their own copies: `a` must be one of this state's
  // legalActions() (the caller just listed them), so the legality check, which
  // lists the legal actions again, is skipped. Records the action like applyAction().
  void applyLegalAction(Action a, Rng& rng);

  virtual bool isTerminal() const = 0;
  // Per player, in [0, 1]: every seat of the winning side gets 1 and the others
  // 0; a draw between k sides (the rules make one) gives 1/k to every seat of
  // those sides; a game nobody wins gives all 0. Seats of one side always have
  // equal returns. Only meaningful when isTerminal().
  virtual std::vector<double> returns() const = 0;

  // Sides (teams): seats with the same side win, draw and lose together. The
  // default is one side per seat (free-for-all); an engine with teams returns
  // the team index (0-based, dense) of each seat. Fixed for the whole game.
  virtual int sideOf(int seat) const { return seat; }
  // The faction (index into Game::factions()) that `seat` really plays, when the
  // engine had to change what GameSetup::factionOfSeat asked for (ElemenZ: two
  // seats of a 2-player game dealt shamans of one side); -1 = as dealt. The
  // runner records this one, so faction rows count what was played.
  virtual int factionOf(int /*seat*/) const { return -1; }
  // True when the game did not end by the rules but the engine decided it at a
  // cap of its own (e.g. an assumed turn limit settled by counting material).
  // The statistics report such games as "adjudicated", apart from wins.
  virtual bool adjudicated() const { return false; }
  // True when a legal move may leave no trace in the position (ElemenZ: a STRIKE
  // into a SHIELD that covers it, dice that need not be placed). The planner then
  // never chooses a plan that ends where a shorter plan of the same value ends
  // (planner_agent.h, "Moves that change nothing"). Default off: the other
  // engines' planner games stay as they were measured.
  virtual bool movesMayChangeNothing() const { return false; }

  // The entities (indices into Game::entityIds()) that taking action `a` now
  // would acquire, play or use for the current player; `out` is cleared first.
  // Restricted play (a seat that may not use entity E) filters actions with it;
  // an engine that leaves this empty cannot be measured by restriction.
  virtual void actionEntities(Action a, std::vector<int>& out) const;
  // The conditions of this game's setup that a designer controls or chance
  // fixes before play (card-dice: the seven die values; Elem Master: the arena),
  // as name/value pairs, `out` cleared first. Asked once, on the state
  // newInitialState() returned, when a run tabulates outcomes by condition
  // (`balance run --conditions`). Keep features few and each with few values
  // (every pair of features is tallied too). Default: none.
  virtual void setupFeatures(std::vector<SetupFeature>& out) const { out.clear(); }
  // Turns started so far, the current one included: 1 while the first turn is
  // played, and at the end the number of turns the game took, the last (winning)
  // turn included (DESIGN.md: "Length means turns started"). A turn that has ended
  // with no next one begun (a turn limit, a cataclysm between turns) is not
  // followed by a count for the next. It is the unit of the turn cap (a cap of N
  // lets N turns be played) and of game length; the conformance suite checks it.
  virtual int turnCount() const = 0;
  // The seat whose turn it is (the one that started the current turn), which may
  // differ from currentPlayer() while another seat answers (a reaction, a bid, a
  // battle choice). Replays head each turn with it. Default: currentPlayer().
  virtual int turnPlayer() const { return currentPlayer(); }
  // Turns started so far by `seat` (engines count them with noteTurnStarted; the
  // counts add up to turnCount()). -1 when the engine does not count them.
  int turnsOf(int seat) const {
    if (!m_turnsCounted || seat < 0 || seat >= static_cast<int>(m_turnsOfSeat.size())) return -1;
    return m_turnsOfSeat[static_cast<std::size_t>(seat)];
  }

  virtual std::unique_ptr<State> clone() const = 0;
  // Copies this state into `slot`, reusing the memory of the state already in
  // it when that is of the same class (agents' search loops copy without
  // allocating). Default: slot = clone(); engines override it with one line:
  //   void cloneInto(std::unique_ptr<sim::State>& slot) const override { sim::assignInto(*this, slot); }
  virtual void cloneInto(std::unique_ptr<State>& slot) const;
  // A copy in which everything `observer` cannot see is re-sampled consistently
  // with what they can see. Default: clone() (perfect information). Agents only
  // ever decide on such a copy (agent.h). It must be canonical: the result may
  // depend on what the observer sees and on `rng`, never on the hidden values
  // themselves (re-deal hidden cards from a sorted pool, not from the real
  // order), so that two states that differ only in what the observer cannot see
  // give the same copy for the same rng (tests/simulation/no_peeking.h checks it).
  virtual std::unique_ptr<State> determinize(int observer, Rng& rng) const;
  // determinize() into `slot`, reusing the memory of the state already in it when
  // that is of the same class (MCTS draws a determinization every iteration). It
  // must give exactly what determinize(observer, rng) gives and draw the same
  // numbers from rng (the conformance suite checks it). Default:
  // slot = determinize(observer, rng); engines with hidden information override it.
  virtual void determinizeInto(int observer, Rng& rng, std::unique_ptr<State>& slot) const;

  // Drops the action history (historySize() keeps counting) and the entity and
  // counter logs of this copy: agents call it on their private view, so that
  // their search copies carry no records and copy without allocating.
  void forgetRecords();

  // Evaluation of the position for `player` (higher is better), used by the
  // greedy agent and greedy rollouts. Any scale; terminal wins should dominate.
  virtual double heuristic(int player) const;
  // heuristic(p) of every player p, into `out` (resized to numPlayers()).
  // Default: one heuristic() call per player; an engine whose players' values
  // share work (both sides' material) may compute them at once. MCTS and the
  // planner's `lead` evaluation call this.
  virtual void heuristics(std::vector<double>& out) const;

  virtual std::string actionToString(Action a) const;
  virtual std::string toString() const = 0;

  // The actions applied so far, in order (a copy: not for hot loops).
  std::vector<Action> history() const { return m_history.toVector(); }
  std::size_t historySize() const { return m_history.size(); }
  // Per-entity tallies (acquired / played / triggered per player), if the engine keeps them.
  const EntityLog& entityLog() const { return m_log; }
  // Per-player counts of the engine's named events (Game::counterIds()), if kept.
  const CounterLog& counters() const { return m_counters; }

 protected:
  virtual void doApplyAction(Action a, Rng& rng) = 0;
  EntityLog& log() { return m_log; }
  CounterLog& counterLog() { return m_counters; }
  // Every engine calls it where a seat's turn starts (turnsOf: seats may get unequal turns).
  void noteTurnStarted(int seat) {
    m_turnsCounted = true;
    if (seat >= 0 && seat < static_cast<int>(m_turnsOfSeat.size())) ++m_turnsOfSeat[static_cast<std::size_t>(seat)];
  }
  // Engines that re-deal a position (setup re-run, scripted tests) start the counts again.
  void resetTurnCounts() { m_turnsOfSeat.fill(0); }

 private:
  ActionHistory m_history;  // shared with clones, copy-on-write
  EntityLog m_log;
  CounterLog m_counters;
  std::array<std::int32_t, 8> m_turnsOfSeat{};
  bool m_turnsCounted = false;
};

// cloneInto() for an engine's state class T (copy-assigns into a T in `slot`).
template <typename T>
void assignInto(const T& self, std::unique_ptr<State>& slot) {
  if (slot && typeid(*slot) == typeid(T)) {
    static_cast<T&>(*slot) = self;
  } else {
    slot = std::make_unique<T>(self);
  }
}

}  // namespace wb::sim
