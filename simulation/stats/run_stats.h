// RunStats: everything a Monte Carlo run measures, kept as mergeable integer
// sums (counts, sums, sums of squares, histograms) so that threads, batches,
// shards and MPI ranks reduce them the same way and the result never depends
// on the order: merge(a, b) == merge(b, a) == the stats of all games at once.
//
// Outcomes of a finished game: the players with the highest return win when
// there is exactly one of them (a win for it, a loss for the others); a tie for
// first is a draw for the tied players and a loss for the rest; a game where
// every return is 0 is a draw for all. Games stopped at the turn cap are
// timeouts: counted apart, never as wins, draws or losses, and left out of the
// length and entity statistics.
#pragma once

#include <cstdint>
#include <vector>

#include "simulation/core/entity_log.h"

namespace wb::sim {

struct OutcomeTally {
  std::uint64_t games = 0, wins = 0, draws = 0, losses = 0;
  double winRate() const { return games ? static_cast<double>(wins) / static_cast<double>(games) : 0.0; }
  void merge(const OutcomeTally& o) { games += o.games; wins += o.wins; draws += o.draws; losses += o.losses; }
  friend bool operator==(const OutcomeTally&, const OutcomeTally&) = default;
};

// Game length in turns.
struct LengthTally {
  std::uint64_t games = 0;
  std::uint64_t sum = 0;
  std::uint64_t sumSquares = 0;
  std::vector<std::uint64_t> histogram;  // index = turns
  void add(int turns);
  void merge(const LengthTally& o);
  double mean() const;
  double sd() const;
  friend bool operator==(const LengthTally&, const LengthTally&) = default;
};

// One entity (card, tile, event, ability) over all finished games. "Used" means
// played or triggered at least once by that player in that game.
struct EntityTally {
  std::uint64_t acquired = 0, played = 0, triggered = 0;      // summed over players and games
  std::uint64_t usedPlayers = 0, usedWins = 0;                // player-games that used it
  std::uint64_t unusedPlayers = 0, unusedWins = 0;            // player-games that did not
  void merge(const EntityTally& o);
  friend bool operator==(const EntityTally&, const EntityTally&) = default;
};

struct TimeoutRecord {
  std::uint64_t index = 0;  // game index in the run
  std::uint64_t seed = 0;   // its chance seed, deriveSeed(runSeed, index, 0)
  friend bool operator==(const TimeoutRecord&, const TimeoutRecord&) = default;
};

// What the runner reports about one game.
struct GameRecord {
  std::uint64_t index = 0;
  std::uint64_t seed = 0;
  bool timedOut = false;
  int turns = 0;
  const std::vector<double>* returns = nullptr;   // per seat
  const std::vector<int>* agentOfSeat = nullptr;  // index into RunStats' agents
  const std::vector<int>* factionOfSeat = nullptr;  // may be empty
  const EntityLog* log = nullptr;                 // may be null or empty
};

class RunStats {
 public:
  static constexpr std::size_t kMaxTimeoutRecords = 100;

  RunStats() = default;
  RunStats(int players, int agents, int factions, int entities);

  void add(const GameRecord& game);
  // Adds other's sums; both must have the same shape.
  void merge(const RunStats& other);

  int players() const { return static_cast<int>(m_seats.size()); }
  std::uint64_t games() const { return m_finished + m_timeouts; }
  std::uint64_t finishedGames() const { return m_finished; }
  std::uint64_t drawnGames() const { return m_draws; }          // games without a sole winner
  std::uint64_t timeouts() const { return m_timeouts; }
  // The lowest-indexed capped games (at most kMaxTimeoutRecords), by index.
  const std::vector<TimeoutRecord>& timeoutRecords() const { return m_timeoutRecords; }

  const std::vector<OutcomeTally>& seats() const { return m_seats; }
  const std::vector<OutcomeTally>& agents() const { return m_agents; }
  const std::vector<OutcomeTally>& factions() const { return m_factions; }
  const std::vector<EntityTally>& entities() const { return m_entities; }
  const LengthTally& length() const { return m_length; }

  friend bool operator==(const RunStats&, const RunStats&) = default;

 private:
  std::uint64_t m_finished = 0, m_draws = 0, m_timeouts = 0;
  std::vector<TimeoutRecord> m_timeoutRecords;
  std::vector<OutcomeTally> m_seats, m_agents, m_factions;
  std::vector<EntityTally> m_entities;
  LengthTally m_length;
};

}  // namespace wb::sim
