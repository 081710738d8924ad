// TurnValue: what the rest of the active shaman's turn is worth, and the hold
// policy built on it. The heuristic (elemenz_heuristic.cpp) adds it to the active
// shaman's position, so every agent's look-ahead values holds, stops and forced
// re-rolls by it.
//
// A plan is a set of the shaman's combos still open this turn (STRIKE and SHIELD
// with a number of dice), valued against the position now (the dice each strike
// drains through the targets' SHIELDs, the value of a heal, a SHIELD, tokens...).
// With the dice showing, the value is that of the best plan they complete
// (anchored Zee and element tokens included). Before a roll, the value of holding
// H is max over plans of value x P(plan | H), where P is the dice lab's exact
// optimal-hold probability (HoldTables), times the chance that the roll does not
// cause a wild surge: the holds aim at the combos that are worth most.
#pragma once

#include <cstdint>
#include <vector>

#include "rulesets/elemenz/elemenz_hold_tables.h"
#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

// Values of the heuristic's terms (in energy dice); elemenz_heuristic.cpp documents them.
struct ValueWeights {
  static constexpr double kAlive = 2.0;         // a shaman still in the game (elimination is worth more than a die)
  static constexpr double kToken = 0.4;         // an unknown pulse token (2 of them stop a drain; element tokens fill combos)
  static constexpr double kTotem = 0.3;         // a totem still standing (can be re-energised)
  static constexpr double kDefence = 0.45;      // per defence die (up to 3) against a full table of opponents
  static constexpr double kWard = 0.4;          // a waiting ward ready for the next drain
  static constexpr double kForce = 0.1;         // a waiting forced re-roll, per turn left to use it (at most 2)
  static constexpr double kAvatar = 0.4;        // an avatar in hand
  static constexpr double kLock = 3.0;          // 2 players: a lock-in combo filled
  static constexpr double kStarved = 6.0;       // 2 players: too few dice for any combo
  double tokenValue(const ElemenzRules& R, int type) const;
  // A waiting combo of q: a ward, or a forced re-roll worth its chances to be used
  // before q's next turn (none left: nothing).
  static double armedValue(const ElemenzState& s, int q, int combo);
};

class TurnValue {
 public:
  // For the active shaman of `s`; with combo >= 0 only that combo is aimed at
  // (the single-combo roll-and-hold the tests compare with the dice lab).
  explicit TurnValue(const ElemenzState& s, int combo = -1);

  // The value of the rest of the turn in the state's stage: the dice showing
  // (Assign), the pending roll's expectation (RollPending), the best of stopping
  // and every re-roll (Hold); 0 when no turn is in progress.
  double value() const;
  // Best plan the dice showing now complete.
  double stopValue() const;
  // The turn's value before its first roll (every die in the shaman's hand
  // rolls, all rolls to come): how another shaman judges a turn that has just
  // begun, whatever its first roll happens to show in a sample.
  double openingValue() const;
  // Expected value of re-rolling `mask` (turn die indices) at the next roll.
  double rerollValue(std::uint32_t mask) const;
  // The hold policy: the re-roll mask with the best expected value, 0 = stop.
  std::uint32_t bestReroll() const;
  int plans() const { return static_cast<int>(m_plans.size()); }

 private:
  struct Plan {
    Counts need{};       // symbols the plan asks of dice and element tokens
    double value = 0;
    // The element tokens the plan can use: `need` less them, and what they cost.
    Counts afterTokens{};
    double tokenCost = 0;
    bool tokens = false;
    // expected(): the hold tables of `need` and `afterTokens` for `tableDice` dice.
    mutable int tableDice = -1;
    mutable HoldTables::Lookup all, reduced;
  };
  void addPlans(const sim::FixedVector<int, kMaxCombos>& combos);
  double comboValue(int combo, int dice) const;
  double drainValue(int q, int dice) const;
  double valueOf(const FaceCounts& free) const;                       // dice showing
  double expected(const FaceCounts& held, int rolled, int roll) const;  // before a roll
  double surgeChance(const FaceCounts& held, int rolled) const;
  double pendingValue() const;

  const ElemenzState& m_s;
  const ElemenzRules& m_r;
  int m_p = 0;
  int m_die = 0;                 // HoldTables die of the active shaman
  std::vector<Plan> m_plans;
  FaceCounts m_free{};           // free dice showing each face
  Counts m_tokens{};             // element tokens on the totem
  std::array<double, kElements> m_tokenCost{};
  std::array<bool, kElements> m_anchoredByDie{};  // shown by a rolled die (used or not)
  std::array<bool, kElements> m_anchoredByToken{};
  bool m_wild = true;
  bool m_aimOne = false;
  ValueWeights m_w;
};

}  // namespace wb::rulesets::elemenz
