// The specialties experiment: the faction (specialty) balance question for a
// two-player game with factions (Elem Master's 16 specialties), shared by
// `balance specialties` and the workbench's Specialties tab. Every faction
// plays the baseline faction for `games` games, seats alternating; then, with
// matrixGames > 0, every pair of non-baseline factions meets in a round robin.
// One game is a faction duel (faction_duel.h). Game g of pairing k is seeded
// from deriveSeed(seed ^ salt, k * 1000003 + g, 0) (salt 0 against the
// baseline, 0x5151 in the round robin), never from the thread that plays it,
// so the tallies are the same for any thread count. Tallies are sums of halves
// and whole numbers (exact in a double), so memory does not grow with games.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "simulation/core/game.h"
#include "simulation/stats/statistics.h"

namespace wb::sim {

struct SpecialtyTally {
  std::uint64_t games = 0;
  double score = 0.0;             // wins + draws / 2 of the first faction
  std::uint64_t adjudicated = 0;  // ended by the engine's own cap or rule
  std::uint64_t capped = 0;       // not ended within the turn cap (a draw here)
  double powerUses = 0.0;         // the first faction's "power_*" counters, summed
  double turns = 0.0;

  double rate() const { return games ? score / static_cast<double>(games) : 0.0; }
  // 95% Wilson interval of rate() (a draw counts half, rounded to a whole win).
  Interval interval() const;
  void add(const SpecialtyTally& o);
};

struct SpecialtyPairing {
  int a = 0, b = 0;  // faction indices (Game::factions()); the tally is a's
  SpecialtyTally tally;
};

struct SpecialtiesConfig {
  std::uint64_t games = 500;        // per faction against the baseline
  std::uint64_t matrixGames = 0;    // per pair in the round robin (0: skip it)
  std::vector<std::string> agents;  // seat s plays agents[s % size]
  std::uint64_t seed = 1;
  int baseline = 0;                 // faction index
  int maxTurns = 0;                 // 0: the game's default cap
  int threads = 1;
};

struct SpecialtiesProgress {
  int stage = 0;  // 0 against the baseline, 1 the round robin
  std::uint64_t gamesDone = 0, gamesTotal = 0;  // of the whole experiment
};

struct SpecialtiesResult {
  SpecialtiesConfig config;          // effective: the turn cap resolved
  std::vector<std::string> factions; // Game::factions()
  // The game names "power_*" counters (Game::counterIds()): false, it counts no
  // power uses (a described game without such a counter), and no power count is
  // shown rather than a count of 0.
  bool powersCounted = true;
  // Each non-baseline faction against the baseline, strongest first.
  std::vector<SpecialtyPairing> vsBaseline;
  // Every pair of non-baseline factions (a < b), in index order; empty without a round robin.
  std::vector<SpecialtyPairing> roundRobin;
  bool cancelled = false;
  double elapsedSeconds = 0.0;
  std::string error;  // "" when it ran

  bool ok() const { return error.empty(); }
  std::uint64_t gamesPlayed() const;
  // The round robin: faction f's total score (wins + draws / 2) and games.
  SpecialtyTally roundRobinOf(int f) const;
  // The non-baseline factions with round-robin games, best round-robin score first.
  std::vector<int> roundRobinOrder() const;
  // Row faction's score against the column faction in the round robin, -1 when unplayed.
  double matrixScore(int row, int col) const;
  // The pairing of a and b (either order) in the round robin, nullptr if none.
  const SpecialtyPairing* roundRobinPairing(int a, int b) const;
};

// Runs the experiment; `cancel` (polled between games) stops it with the
// games finished so far (result.cancelled). `progress` may be called from any
// worker thread, at most ~200 times per stage.
SpecialtiesResult runSpecialties(const Game& game, const SpecialtiesConfig& config, const std::atomic<bool>& cancel,
                                 const std::function<void(const SpecialtiesProgress&)>& progress = {});

}  // namespace wb::sim
