// Game: a ruleset compiled by its engine into fast structures, once per run.
// Immutable and shared by all threads of a run; newInitialState() starts games.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "simulation/core/state.h"

namespace wb::sim {

// What varies between games of one run: the player count and, where the game
// has factions, which faction sits in each seat (indices into factions()).
struct GameSetup {
  int players = 2;
  std::vector<int> factionOfSeat;  // empty = engine default
};

class Game {
 public:
  virtual ~Game() = default;
  virtual std::string engine() const = 0;
  // Faction ids (empty when the game has none).
  virtual std::vector<std::string> factions() const { return {}; }
  // Ids of the entities the EntityLog indexes, in index order.
  virtual const std::vector<std::string>& entityIds() const = 0;
  // A fresh game (setup shuffles and rolls use rng).
  virtual std::unique_ptr<State> newInitialState(const GameSetup& setup, Rng& rng) const = 0;
  // A sensible turn cap for this game (the runner's default).
  virtual int defaultMaxTurns() const { return 1000; }
};

}  // namespace wb::sim
