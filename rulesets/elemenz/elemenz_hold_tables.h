// HoldTables: the dice lab's exact target solver (simulation/dice/target_solver.h)
// turned into lookup tables for the ElemenZ hold policy. For one die, a number of
// dice and the symbols a plan of combos needs (per element; the Zee is an anchored
// wild), a table gives the chance of showing those symbols after the last roll
// when holding a given multiset of faces before roll r and holding optimally after
// it: exactly `balance dice "7d[fire_die]" --target fire:1,earth:2 --rolls 3
// --wild Z --anchored`, for every hold.
//
// Tables are built on first use and shared by every game and thread of a run
// (a lock-free open-addressed cache of immutable entries).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <vector>

#include "rulesets/elemenz/elemenz_rules.h"
#include "simulation/dice/dice_pool.h"

namespace wb::rulesets::elemenz {

using FaceCounts = std::array<std::uint8_t, kFaces>;  // dice per face (elements, then Zee)

inline constexpr int kPolicyMaxDice = 10;  // more dice are looked up as this many
inline constexpr int kHoldDice = 6;        // 4 colours + the two 2-player side mixtures

class HoldTables {
 public:
  // dice[k]: die k (0-3 the colours, 4-5 the 2-player sides as mixtures of their
  // two colours); wild[k]: whether its Zee is an anchored wild.
  HoldTables(std::array<sim::dice::DieSpec, kHoldDice> dice, std::array<bool, kHoldDice> wild, int rolls);
  ~HoldTables();
  HoldTables(const HoldTables&) = delete;
  HoldTables& operator=(const HoldTables&) = delete;

  int rolls() const { return m_rolls; }
  // Chance to show `need` after the last roll with `dice` dice of die `die`, when
  // `held` (a sub-multiset of the dice) is kept just before roll `roll` (1-based;
  // roll 1 = nothing held yet). 1 when `need` is empty, 0 when it asks for more dice.
  double probability(int die, int dice, const Counts& need, int roll, const FaceCounts& held) const;
  // The table behind probability(die, dice, need, ., .), for callers that ask it
  // for many holds (the hold policy caches one per plan): at() gives the same
  // numbers as probability() without the lookup. `dice` is capped as there.
  struct Lookup {
    const float* values = nullptr;  // [roll - 1][rank]; nullptr: the answer is `constant`
    double constant = 0.0;
    int ranks = 0;
  };
  Lookup lookup(int die, int dice, const Counts& need) const;
  // Chance before roll `roll` (already clamped to 1..rolls()) holding the multiset
  // of rank `rank` (rank(dice, held) >= 0, `dice` capped as in lookup()).
  static double at(const Lookup& table, int roll, int rank) {
    return table.values ? table.values[static_cast<std::size_t>((roll - 1) * table.ranks + rank)] : table.constant;
  }
  // Number of tables built so far (for tests and benchmarks).
  int tablesBuilt() const { return m_built.load(std::memory_order_relaxed); }

  // Rank of a face multiset among all multisets of at most n dice (dense index).
  static int rank(int n, const FaceCounts& counts);
  static int multisets(int n);

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::vector<float> values;  // [roll - 1][rank]
  };
  const Entry* find(std::uint64_t key, int die, int dice, const Counts& need) const;
  Entry* build(std::uint64_t key, int die, int dice, const Counts& need) const;

  static constexpr std::size_t kSlots = 1u << 15;
  std::array<sim::dice::DieSpec, kHoldDice> m_dice;
  std::array<bool, kHoldDice> m_wild{};
  int m_rolls = 3;
  std::unique_ptr<std::atomic<Entry*>[]> m_slots;
  mutable std::atomic<int> m_built{0};
};

}  // namespace wb::rulesets::elemenz
