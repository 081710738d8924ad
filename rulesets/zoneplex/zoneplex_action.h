// Zoneplex actions as integers: kind * kKindBase + payload. The payload of each
// kind is documented next to it; encode/decode keep the packing in one place.
#pragma once

#include <cstdint>

#include "simulation/core/state.h"

namespace wb::rulesets::zoneplex {

enum class ActionKind : int {
  Place = 1,        // (tileType * 64 + cell) * 4 + wallSide (3 = not a wall)
  Step = 2,         // target cell (the first step: a foundation cell)
  Teleport = 3,     // destination cell
  ChooseMode = 4,   // dislocate card: 1..3 = explore with that many steps; 100 + cell = dislocate that stone
  PlaceStone = 5,   // 0
  SkipStone = 6,    // 0
  SwapRelic = 7,    // relic slot to discard before drawing
  SkipRelic = 8,    // 0
  Offer = 9,        // helperMask * 8 + seat receiving the Fear
  Accept = 10,      // 0
  Decline = 11,     // 0
  Sacrifice = 12,   // cell of the own stone
  DeclareDone = 13, // 0
  Roll = 14,        // 0: roll the sacrifices and attacks
  UseRelic = 15,    // slot * 1000 + target (player * 64 + cell, a cell, or a player, per relic)
};

inline constexpr sim::Action kKindBase = 1000000;

inline sim::Action encode(ActionKind kind, int payload) {
  return static_cast<sim::Action>(kind) * kKindBase + payload;
}
inline ActionKind kindOf(sim::Action a) { return static_cast<ActionKind>(a / kKindBase); }
inline int payloadOf(sim::Action a) { return static_cast<int>(a % kKindBase); }

inline int placePayload(int tileType, int cell, int wallSide) { return (tileType * 64 + cell) * 4 + wallSide; }

}  // namespace wb::rulesets::zoneplex
