// Reaching a target within R rolls with optimal holds between rolls
// (Yahtzee style): n identical dice are rolled; after each roll but the last
// the player keeps any of them and rerolls the rest. The target is one or more
// alternatives, each a multiset of faces ("fire:2,earth:2|fire:3"). An optional
// wild face counts as any face: freely, or (anchored, like ElemenZ's Zee) only
// for a face of which at least one natural die is in the final dice.
//
// Exact: a DP over multisets of held dice (memoized per roll), so 7-10 d6 with
// 3 rolls solve in milliseconds. Faces the target does not name are merged
// into one "(other)" category. The answer is the maximal success probability
// and the hold policy reaching it.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "simulation/dice/dice_notation.h"
#include "simulation/dice/dice_budget.h"
#include "simulation/dice/dice_pool.h"

namespace wb::sim::dice {

// One alternative: each face and how many are needed.
using TargetAlternative = std::vector<std::pair<std::string, int>>;

struct TargetSpec {
  std::vector<TargetAlternative> alternatives;
  int rolls = 1;
  std::string wild;       // "" = no wild face
  bool anchored = false;  // the wild needs a natural die of the face it stands for
};

// Parses "fire:2,earth:2|fire:3" ("fire" alone means fire:1).
std::optional<std::vector<TargetAlternative>> parseTarget(std::string_view text, NotationError* error = nullptr);
std::string formatTarget(const std::vector<TargetAlternative>& alternatives);

// The hold advice for one possible roll.
struct HoldAdvice {
  std::vector<std::string> showing;  // the dice rolled (categories, sorted)
  double probability = 0;            // chance of this roll
  std::vector<std::string> hold;     // the best dice to keep
  double success = 0;                // success chance after keeping them
};

inline constexpr int kMaxTargetDice = 15;
inline constexpr int kMaxTargetRolls = 10;

class TargetSolver {
 public:
  // Solves for `dice` copies of `die`; nullopt with `error` on bad input
  // (unknown faces, too many dice or categories).
  // `workLimit` bounds the solver's work (dice_budget.h units): about
  // rolls x C(dice + 2 categories - 1, 2 categories - 1) multiply-adds.
  static std::optional<TargetSolver> solve(const DieSpec& die, int dice, const TargetSpec& spec,
                                           std::string* error = nullptr, double workLimit = kExactWorkLimit);

  double probability() const { return m_probability; }
  int dice() const { return m_dice; }
  int rolls() const { return m_rolls; }
  // Common denominator of the answer (die weight^(dice * rolls)); 0 if too large.
  std::uint64_t denominator() const { return m_denominator; }

  // Categories: target faces, the wild, and "(other)" for all remaining faces.
  const std::vector<std::string>& categories() const { return m_categories; }
  int categoryOfFace(std::size_t faceIndex) const { return m_faceCategory[faceIndex]; }
  int categoryOf(std::string_view symbol) const;  // -1 if not a face of the die

  // counts[c] = dice showing category c.
  bool satisfied(const std::vector<int>& counts) const;
  // Best dice to keep after roll `roll` (1-based, < rolls) with all dice showing `counts`.
  std::vector<int> bestHold(int roll, const std::vector<int>& counts) const;
  // Success chance when holding `held` just before roll `roll` (1-based).
  double holdValue(int roll, const std::vector<int>& held) const;

  // Advice for every distinct first roll (most likely first); empty when rolls == 1.
  std::vector<HoldAdvice> firstRollPolicy() const;

 private:
  using Key = std::uint64_t;  // counts as digits base (dice + 1), category 0 lowest
  Key keyOf(const std::vector<int>& counts) const;
  std::vector<int> countsOf(Key key) const;
  std::vector<std::string> expand(Key key) const;
  bool satisfiedKey(Key key) const;
  void build(const TargetSpec& spec);

  std::vector<std::string> m_categories;
  std::vector<double> m_p;              // per category
  std::vector<int> m_faceCategory;      // per face of the die
  std::vector<std::vector<int>> m_alternatives;  // per alternative: count per category
  int m_wild = -1;
  bool m_anchored = false;
  int m_dice = 0;
  int m_rolls = 1;
  double m_probability = 0;
  std::uint64_t m_denominator = 0;

  std::vector<Key> m_keys;                       // every multiset of size <= dice
  std::vector<int> m_size;
  std::unordered_map<Key, int> m_index;
  std::vector<std::vector<std::pair<Key, double>>> m_rollsOfSize;  // outcomes of rolling s dice
  Key m_base = 1;      // dice + 1
  Key m_fullSpan = 1;  // base^(categories-1): full multisets are indexed by key % m_fullSpan
  std::vector<std::vector<double>> m_value;      // [roll-1][hold] success before that roll
  std::vector<std::vector<int>> m_bestHold;      // [roll-1][multiset] best hold after that roll
};

}  // namespace wb::sim::dice
