// How a move of a described game carries the die it names (an action's
// `die:`, model/describe/die_compiler.cpp): DiePick, and its field above bit
// kDieShift of the move. The moves themselves are listed and taken in
// described_dice.cpp.
#pragma once

#include <cstdint>

#include "rulesets/described/described_board.h"
#include "simulation/core/state.h"

namespace wb::rulesets::described {

// The die a move names (an action's `die:`, described_dice.cpp): indices into
// Program::dice (-1 none), and the change it names. A move carries it above
// bit kDieShift (1 + die + 16 * (second + 1) + 272 * (delta + 100)); the
// action waiting on the stack keeps it, and its effects read it.
struct DiePick {
  std::int8_t die = -1, second = -1;
  std::int16_t delta = 0;
  bool operator==(const DiePick&) const = default;
};
// 23 bits leave the actions and choices 8,192 strides of kActionStride, and
// keep the widest field (16 dice, changes of up to kMaxDieSpan) below bit 39,
// where the amount moves begin (described_dice.cpp checks it).
inline constexpr int kDieShift = 23;
inline constexpr sim::Action kDieMask = (sim::Action{1} << kDieShift) - 1;
inline sim::Action withoutDie(sim::Action a) { return a < kBoardActionBase ? (a & kDieMask) : a; }
DiePick decodeDie(sim::Action a);

}  // namespace wb::rulesets::described
