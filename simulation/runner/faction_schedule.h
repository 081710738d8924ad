// FactionSchedule: which faction sits in which seat in each game of a run, as
// a balanced round robin, so that every faction meets every other faction from
// every seat equally often (the run's faction rates are then comparable with
// `balance specialties`).
//
// The schedule is a cycle of entries; entry e is a "round" vector v (v[0] = 0)
// and a shift a = e mod F, and seat s gets faction (a + v[s]) mod F. Each block
// of F entries (one round) puts every faction in every seat exactly once. The
// rounds:
//   - 2 players, or F prime with F >= players: v = (0, m, 2m, ...) mod F for
//     m = 1..F-1: over the cycle of F(F-1) entries every ordered pair of
//     different factions meets exactly once in every ordered pair of seats;
//   - otherwise (F >= players): every ordered tuple of distinct non-zero
//     offsets (the same pairwise balance, over F!/(F-P)! entries), or, when
//     that cycle would exceed kMaxCycle, only the rounds of the first case that
//     keep factions distinct (seats balanced, pairs not: pairwiseBalanced() false);
//   - F < players: factions repeat in a game, v = (0, 1, 2, ...) (seats
//     balanced, pairs not).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace wb::sim {

class FactionSchedule {
 public:
  static constexpr std::uint64_t kMaxCycle = 200000;

  FactionSchedule() = default;
  FactionSchedule(int players, int factions);

  // Faction of `seat` in schedule entry `entry`; -1 when the game has no factions.
  int factionOf(std::uint64_t entry, int seat) const;
  // Entries in one full cycle (0 without factions).
  std::uint64_t cycle() const { return static_cast<std::uint64_t>(m_rounds.size()) * static_cast<std::uint64_t>(m_factions); }
  // True when a full cycle meets every ordered pair of different factions in
  // every ordered pair of seats equally often.
  bool pairwiseBalanced() const { return m_pairwise; }
  int factions() const { return m_factions; }
  // One line for tables and reports, e.g. "balanced round robin of 17 factions:
  // every pair meets from every seat once per 272 games".
  std::string describe(std::uint64_t gamesPerEntry = 1) const;

 private:
  int m_players = 0;
  int m_factions = 0;
  bool m_pairwise = false;
  std::vector<std::vector<int>> m_rounds;  // per round: offset of each seat
};

}  // namespace wb::sim
