// The integer encoding of Elem Master actions: a kind in the low 5 bits, then
// three 7-bit fields (a: usually the source square, b: the target square or a
// direction, x: a count, a second square or an element). Squares are r * side + c.
// Wave: x = axis | members << 1 (bit 0 of members: the Water on the lower side of
// the axis joins, bit 1: the one on the upper side). Place: a = the choice, x = an
// amount where the effect says "jusqu'à" (Averse, Tornade, Etoile filante).
#pragma once

#include <cstdint>

#include "simulation/core/state.h"

namespace wb::rulesets::elem_master {

enum class Kind : std::uint8_t {
  EndTurn, Grow, Move, Attack, Underground, Blaze, Wave, Breath,   // standard and special actions
  Place, Stop,                                                     // choices of a pending effect
  Sacrifice, Summon, Destroy, OracleMove, OracleAttack, Transmute,  // specialties
  RuneMark, EnchantAttack, Morph, Reanimate,
  Event,                                                           // a = event slot
  Draft,   // setup: take specialty a (kNoSpecialty = none)
  Deploy,  // setup, free start: one token of element x on square a
};
inline constexpr int kKindCount = static_cast<int>(Kind::Deploy) + 1;
inline constexpr int kNoSpecialty = 127;

inline sim::Action encodeAction(Kind k, int a = 0, int b = 0, int x = 0) {
  return static_cast<sim::Action>(static_cast<int>(k) | (a << 5) | (b << 12) | (x << 19));
}
inline Kind actionKind(sim::Action act) { return static_cast<Kind>(act & 31); }
inline int actionA(sim::Action act) { return static_cast<int>((act >> 5) & 127); }
inline int actionB(sim::Action act) { return static_cast<int>((act >> 12) & 127); }
inline int actionX(sim::Action act) { return static_cast<int>((act >> 19) & 127); }

// The eight directions (adjacency includes the diagonals): N, NE, E, SE, S, SW, W, NW.
inline constexpr int kDirRow[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
inline constexpr int kDirCol[8] = {0, 1, 1, 1, 0, -1, -1, -1};

}  // namespace wb::rulesets::elem_master
