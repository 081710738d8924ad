// RunStats: everything a Monte Carlo run measures, kept as mergeable integer
// sums (counts, sums, sums of squares, histograms) so that threads, batches,
// shards and MPI ranks reduce them the same way and the result never depends
// on the order: merge(a, b) == merge(b, a) == the stats of all games at once.
//
// Outcomes, from State::returns(), sideOf() and adjudicated() (classifyOutcome):
//   - a win for one side: the side (a seat, or a team the engine declares) with
//     the highest return, alone; every seat of it wins, the others lose;
//   - a draw between sides: several sides share the highest return (> 0);
//   - nobody wins: every return is 0 (e.g. Zoneplex's "the Zoneplex wins");
//   - adjudicated: the engine ended the game at a cap of its own and picked the
//     result; counted apart from the rules' wins, with the side it picked;
//   - timeout: stopped at the runner's turn cap; no result, but kept in the
//     length statistics as censored at the cap (with its replay index).
// Seat, side, agent and faction tallies all follow the side's outcome, so a
// team win is a win for every agent and faction of the team.
#pragma once

#include <cstdint>
#include <vector>

#include "simulation/core/counter_log.h"
#include "simulation/core/entity_log.h"
#include "simulation/stats/condition_tally.h"
#include "simulation/stats/statistics.h"
#include "simulation/stats/tallies.h"

namespace wb::sim {

// What the runner reports about one game.
struct GameRecord {
  std::uint64_t index = 0;
  std::uint64_t seed = 0;
  bool timedOut = false;       // stopped at the runner's turn cap
  bool adjudicated = false;    // State::adjudicated()
  int turns = 0;
  const std::vector<double>* returns = nullptr;     // per seat; null for a timeout
  const std::vector<int>* sideOfSeat = nullptr;     // State::sideOf per seat; null = one side per seat
  const std::vector<int>* agentOfSeat = nullptr;    // index into RunStats' agents
  const std::vector<int>* factionOfSeat = nullptr;  // may be empty
  const EntityLog* log = nullptr;                   // may be null or empty
  const CounterLog* counters = nullptr;             // may be null or empty
  const std::vector<int>* turnsOfSeat = nullptr;    // State::turnsOf per seat; null = not counted
  const std::vector<SetupFeature>* features = nullptr;  // setup conditions; null = not tabulated
};

// How one finished game ended, per side (index = side).
struct GameOutcome {
  enum class Kind { SideWin, Draw, NobodyWins };
  enum class Result : std::uint8_t { Loss = 0, Draw = 1, Win = 2 };
  Kind kind = Kind::NobodyWins;
  std::vector<Result> side;  // per side; all Loss when nobody wins
  int sides = 0;
};

// Classifies returns by side (sideOfSeat null or short: seat s is side s).
GameOutcome classifyOutcome(const std::vector<double>& returns, const std::vector<int>* sideOfSeat);

// The first-side test: does the side of seat 0 (the first to move) win more
// than 1/sides of the games that some side won by the rules? Draws, games
// nobody won, adjudicated games and timeouts are left out and counted.
struct FirstSideTest {
  int sides = 0;
  bool teams = false;             // sides are teams of several seats
  double fair = 0;                // 1 / sides
  std::uint64_t decided = 0;      // games one side won by the rules
  std::uint64_t wins = 0;         // of those, won by the side of seat 0
  std::uint64_t withoutWinner = 0;  // every other game (draws, nobody, adjudicated, timeouts)
  double rate() const { return decided ? static_cast<double>(wins) / static_cast<double>(decided) : 0.0; }
  Interval ci;
  double pValue = 1.0;
};

class RunStats {
 public:
  static constexpr std::size_t kMaxTimeoutRecords = 100;

  RunStats() = default;
  RunStats(int players, int agents, int factions, int entities, int counters = 0);

  void add(const GameRecord& game);
  // Adds other's sums; both must have the same shape.
  void merge(const RunStats& other);

  int players() const { return static_cast<int>(m_seats.size()); }
  std::uint64_t games() const { return m_finished + m_timeouts; }
  // Games that ended (by the rules or adjudicated by the engine), i.e. not timeouts.
  std::uint64_t finishedGames() const { return m_finished; }
  std::uint64_t sideWinGames() const { return m_sideWins; }     // one side won by the rules
  std::uint64_t drawnGames() const { return m_draws; }          // a draw between sides, by the rules
  std::uint64_t nobodyWinsGames() const { return m_nobody; }    // ended, every return 0
  std::uint64_t adjudicatedGames() const { return m_adjudicated; }
  std::uint64_t timeouts() const { return m_timeouts; }
  // The lowest-indexed capped games (at most kMaxTimeoutRecords), by index.
  const std::vector<TimeoutRecord>& timeoutRecords() const { return m_timeoutRecords; }

  const std::vector<OutcomeTally>& seats() const { return m_seats; }
  // One row per side (team). Without teams the sides are the seats.
  const std::vector<OutcomeTally>& sides() const { return m_sideTallies; }
  // Seats of each side as a bit mask (bit s = seat s).
  const std::vector<std::uint32_t>& sideSeats() const { return m_sideSeats; }
  // True when some side has more than one seat.
  bool hasTeams() const;
  const std::vector<OutcomeTally>& agents() const { return m_agents; }
  const std::vector<OutcomeTally>& factions() const { return m_factions; }
  const std::vector<EntityTally>& entities() const { return m_entities; }
  // Entity use by groups of games, for the intervals of use and diversity.
  const UseGroups& useGroups() const { return m_useGroups; }
  const CounterTally& counters() const { return m_counters; }
  const LengthTally& length() const { return m_length; }
  // Outcomes by setup condition (games recorded with features only).
  const ConditionTally& conditions() const { return m_conditions; }
  FirstSideTest firstSideTest() const;

  friend bool operator==(const RunStats&, const RunStats&) = default;
  friend struct RunStatsCodec;  // simulation/distributed: bytes for MPI ranks and checkpoints

 private:
  std::uint64_t m_finished = 0, m_sideWins = 0, m_draws = 0, m_nobody = 0, m_adjudicated = 0, m_timeouts = 0;
  std::uint64_t m_firstSideWins = 0;  // by the rules, the side of seat 0
  std::vector<TimeoutRecord> m_timeoutRecords;
  std::vector<OutcomeTally> m_seats, m_sideTallies, m_agents, m_factions;
  std::vector<std::uint32_t> m_sideSeats;
  std::vector<EntityTally> m_entities;
  UseGroups m_useGroups;
  CounterTally m_counters;
  LengthTally m_length;
  ConditionTally m_conditions;
};

}  // namespace wb::sim
