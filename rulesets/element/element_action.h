// Element's actions as integers. A turn is a sequence of decisions by the player
// whose turn it is, each resolved at once (the rules: "The effect of each stone
// played takes place individually"):
//
//   place(stone, cell)  put a taken stone (a named die, else a seal) on an empty
//                       square or on a stone it beats; its power resolves now
//                       (a spread is automatic; a river asks the two below)
//   river(k)            which wall flows (k: the heading N/E/S/W = 0..3), when
//                       the new stone touches several, or may be left
//   riverNone           leave the river (parameter flow_optional)
//   steer(0|1|2)        the river's head goes forward / left / right (asked
//                       only when at least two are open)
//   move(cell)          the sorcerer goes to a square it can reach now with its
//                       steps left and any wind jumps (the fewest steps are
//                       spent); not twice in a row: one move reaches anything
//                       two would, so search sees each destination once
//   endTurn             when no taken stone can be placed any more
//
// Numbering is fixed (independent of the board size) so that an action id
// means the same thing in every game of a run.
#pragma once

#include "rulesets/element/element_rules.h"
#include "simulation/core/action_history.h"

namespace wb::rulesets::element {

enum class ActionKind { Place, Move, EndTurn, River, RiverNone, Steer, Invalid };

inline constexpr sim::Action kPlaceBase = 0;
inline constexpr sim::Action kMoveBase = kPlaceBase + static_cast<sim::Action>(kMaxStones) * kMaxCells;
inline constexpr sim::Action kEndTurn = kMoveBase + kMaxCells;
inline constexpr sim::Action kRiverBase = kEndTurn + 1;
inline constexpr sim::Action kRiverNone = kRiverBase + 4;
inline constexpr sim::Action kSteerBase = kRiverNone + 1;
inline constexpr sim::Action kActionCount = kSteerBase + 3;

enum Steer : int { kForward = 0, kLeft = 1, kRight = 2 };

inline constexpr sim::Action placeAction(int stone, int cell) {
  return kPlaceBase + static_cast<sim::Action>(stone) * kMaxCells + cell;
}
inline constexpr sim::Action moveAction(int cell) { return kMoveBase + cell; }
inline constexpr sim::Action riverAction(int heading) { return kRiverBase + heading / 2; }  // heading: 0, 2, 4, 6
inline constexpr sim::Action steerAction(int steer) { return kSteerBase + steer; }

struct Decoded {
  ActionKind kind = ActionKind::Invalid;
  int stone = -1;  // Place
  int cell = -1;   // Place, Move
  int arg = -1;    // River: heading (0, 2, 4, 6); Steer: kForward / kLeft / kRight
};

inline Decoded decode(sim::Action a) {
  Decoded d;
  if (a < 0 || a >= kActionCount) return d;
  if (a < kMoveBase) {
    d.kind = ActionKind::Place;
    d.stone = static_cast<int>(a / kMaxCells);
    d.cell = static_cast<int>(a % kMaxCells);
  } else if (a < kEndTurn) {
    d.kind = ActionKind::Move;
    d.cell = static_cast<int>(a - kMoveBase);
  } else if (a == kEndTurn) {
    d.kind = ActionKind::EndTurn;
  } else if (a < kRiverNone) {
    d.kind = ActionKind::River;
    d.arg = static_cast<int>(a - kRiverBase) * 2;
  } else if (a == kRiverNone) {
    d.kind = ActionKind::RiverNone;
  } else {
    d.kind = ActionKind::Steer;
    d.arg = static_cast<int>(a - kSteerBase);
  }
  return d;
}

}  // namespace wb::rulesets::element
