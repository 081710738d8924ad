// The mergeable tallies RunStats is made of: outcomes of a seat / side /
// agent / faction, game length (with the games censored at the runner's turn
// cap), per-entity use and the engines' named event counters. Every field is an
// integer sum, so merging in any order gives the same result.
#pragma once

#include <cstdint>
#include <vector>

namespace wb::sim {

// What happened to one seat (or side, agent, faction) over its games. Every
// game lands in exactly one field besides `games`:
//   wins / draws / losses   decided by the rules (a draw only where the
//                           returns make one between sides)
//   nobody                  the game ended by the rules and nobody won
//   adjudicated*            the engine stopped the game at a cap of its own and
//                           picked the result (kept apart from the rules' wins)
//   timeouts                stopped at the runner's turn cap, no result
// so games == wins + draws + losses + nobody + adjudicated() + timeouts.
struct OutcomeTally {
  std::uint64_t games = 0;
  std::uint64_t wins = 0, draws = 0, losses = 0;
  std::uint64_t nobody = 0;
  std::uint64_t adjudicatedWins = 0, adjudicatedDraws = 0, adjudicatedLosses = 0;
  std::uint64_t timeouts = 0;

  std::uint64_t adjudicated() const { return adjudicatedWins + adjudicatedDraws + adjudicatedLosses; }
  // Wins by the rules over every game played (timeouts and adjudicated games included).
  double winRate() const { return rate(wins); }
  double rate(std::uint64_t count) const {
    return games ? static_cast<double>(count) / static_cast<double>(games) : 0.0;
  }
  void merge(const OutcomeTally& o);
  friend bool operator==(const OutcomeTally&, const OutcomeTally&) = default;
};

// Game length in turns over every game; games stopped at the runner's cap are
// counted at the cap and marked censored (their true length is longer, so the
// mean over all games is a lower bound when censored > 0).
struct LengthTally {
  std::uint64_t games = 0;
  std::uint64_t sum = 0;
  std::uint64_t sumSquares = 0;
  std::uint64_t censored = 0;       // games stopped at the runner's turn cap
  std::uint64_t censoredSum = 0;    // their turns (the cap)
  std::vector<std::uint64_t> histogram;  // index = turns, every game
  // Turns started per seat (State::turnsOf), over the games that ended and whose
  // engine counts them: the sums, and the games in which the seats' counts differ.
  std::vector<std::uint64_t> seatTurns;
  std::uint64_t seatTurnGames = 0;
  std::uint64_t unequalTurnGames = 0;
  void add(int turns, bool isCensored = false);
  void addSeatTurns(const std::vector<int>& turnsOfSeat);
  // Mean turns started by `seat` per counted game (0 when none were counted).
  double meanSeatTurns(int seat) const;
  void merge(const LengthTally& o);
  double mean() const;
  double sd() const;
  // Mean over the games that ended (not censored).
  double meanUncensored() const;
  friend bool operator==(const LengthTally&, const LengthTally&) = default;
};

// One entity (card, tile, event, ability) over every game. "Used" means played
// or triggered at least once by that player in that game; "wins" are wins by
// the rules (a team win counts for every seat of the team). These numbers are
// an ASSOCIATION (players who are winning buy and play more), not a cause:
// simulation/impact measures the cause.
struct EntityTally {
  std::uint64_t acquired = 0, played = 0, triggered = 0;      // summed over players and games
  std::uint64_t usedPlayers = 0, usedWins = 0;                // player-games that used it
  std::uint64_t unusedPlayers = 0, unusedWins = 0;            // player-games that did not
  // Games in which some player acquired / played / triggered it (index = EntityUse).
  std::uint64_t gamesWith[3] = {0, 0, 0};
  std::uint64_t use(int kind) const { return kind == 0 ? acquired : kind == 1 ? played : triggered; }
  void merge(const EntityTally& o);
  friend bool operator==(const EntityTally&, const EntityTally&) = default;
};

// Sums of the engine's named event counters (Game::counterIds(), State::counters()).
// Rows are seats, agents or factions; index = row * counters + counter.
struct CounterTally {
  int counters = 0;
  std::vector<std::uint64_t> total;      // per counter, over every game and player
  std::vector<std::uint64_t> gamesWith;  // per counter: games in which it happened at least once
  // Per counter: the lowest game index (GameRecord::index) in which it happened, kNever if
  // none; `balance run --replay` replays that game. Merged by minimum, so it does not
  // depend on the threads, the batches or the MPI ranks.
  static constexpr std::uint64_t kNever = ~std::uint64_t{0};
  std::vector<std::uint64_t> firstGame;
  std::vector<std::uint64_t> bySeat, byAgent, byFaction;
  std::uint64_t at(const std::vector<std::uint64_t>& rows, int row, int counter) const;
  void merge(const CounterTally& o);
  friend bool operator==(const CounterTally&, const CounterTally&) = default;
};

// Use of every entity summed over groups of games (game index mod kGroups):
// the groups are independent replicates of the run, so the spread of their
// sums gives the per-game use and the diversity of use an interval
// (simulation/stats/use_estimate.h) without keeping any single game.
// Merged by adding group by group, so the sums do not depend on the threads,
// the batches or the MPI ranks.
struct UseGroups {
  static constexpr int kGroups = 32;
  int entities = 0;
  std::vector<std::uint64_t> games;  // per group
  std::vector<std::uint64_t> use;    // index = (group * entities + entity) * 3 + EntityUse
  void reset(int entityCount);
  std::uint64_t at(int group, int entity, int kind) const {
    return use[(static_cast<std::size_t>(group) * static_cast<std::size_t>(entities) + static_cast<std::size_t>(entity)) * 3 +
               static_cast<std::size_t>(kind)];
  }
  void merge(const UseGroups& o);
  friend bool operator==(const UseGroups&, const UseGroups&) = default;
};

struct TimeoutRecord {
  std::uint64_t index = 0;  // game index in the run
  std::uint64_t seed = 0;   // its chance seed, deriveSeed(runSeed, index, 0)
  friend bool operator==(const TimeoutRecord&, const TimeoutRecord&) = default;
};

}  // namespace wb::sim
