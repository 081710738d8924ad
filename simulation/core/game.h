// Game: a ruleset compiled by its engine into fast structures, once per run.
// Immutable and shared by all threads of a run; newInitialState() starts games.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "simulation/core/state.h"

namespace wb::sim {

// An entity given to one seat from the start (a card in its starting deck or
// hand, a passive active from the start, a relic in hand): the "grant" causal
// measure compares a seat with it against the same game without it.
struct Grant {
  int seat = 0;
  int entity = 0;  // index into Game::entityIds()
  friend bool operator==(const Grant&, const Grant&) = default;
};

// What varies between games of one run: the player count, where the game has
// factions which faction sits in each seat (indices into factions()), and any
// grants (only entities for which Game::canGrant() is true).
struct GameSetup {
  GameSetup(int players_ = 2, std::vector<int> factionOfSeat_ = {}, std::vector<Grant> grants_ = {})
      : players(players_), factionOfSeat(std::move(factionOfSeat_)), grants(std::move(grants_)) {}
  int players = 2;
  std::vector<int> factionOfSeat;  // empty = engine default
  std::vector<Grant> grants;       // empty = none
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string engine() const = 0;
  // Faction ids (empty when the game has none).
  virtual std::vector<std::string> factions() const { return {}; }
  // What the faction rows of a run with `players` players stand for, one label per
  // faction (the runner's result shows these): the ids by default; an engine whose
  // factions play as parts of a side at some player count says so there.
  virtual std::vector<std::string> factionLabels(int /*players*/) const { return factions(); }
  // Ids of the entities the EntityLog indexes, in index order.
  virtual const std::vector<std::string>& entityIds() const = 0;
  // Ids of the engine's named event counters (State::counters()), in index
  // order, e.g. "wild_surge", "turn_draw_skipped"; empty when it keeps none.
  virtual const std::vector<std::string>& counterIds() const;
  // Indices of the counters that mark a chance event a replay should name as such
  // (ElemenZ: a wild surge, which may end a turn before its player decides anything).
  virtual std::vector<int> chanceEventCounters() const { return {}; }
  // A fresh game (setup shuffles and rolls use rng).
  virtual std::unique_ptr<State> newInitialState(const GameSetup& setup, Rng& rng) const = 0;
  // A sensible turn cap for this game (the runner's default).
  virtual int defaultMaxTurns() const { return 1000; }
  // Every game ends: the most actions one turn may take (a turn that goes on
  // longer is a loop, and the game a timeout), and the most actions of a whole
  // game (0 = kActionsPerTurnOfCap per turn of the turn cap, at least kMinMaxActions).
  virtual int defaultMaxActionsPerTurn() const { return 1000; }
  virtual long long defaultMaxActions() const { return 0; }
  static constexpr long long kActionsPerTurnOfCap = 100;
  static constexpr long long kMinMaxActions = 100000;
  // The bound on a game's actions for a turn cap: defaultMaxActions(), or the derived one.
  long long maxActionsFor(int maxTurns) const;
  // True if newInitialState() can give `entity` to a seat from the start
  // (GameSetup::grants); entities it cannot grant are reported as such.
  virtual bool canGrant(int /*entity*/) const { return false; }
};

}  // namespace wb::sim
