// ElemenZ actions as integers: kind * kKindBase + payload. The payload of each
// kind is documented next to it; encode/decode keep the packing in one place.
// Dice are named by their index in the turn's dice (the engine lists one index
// per group of identical dice: same colour and face), targets by seat.
#pragma once

#include <cstdint>

#include "simulation/core/state.h"

namespace wb::rulesets::elemenz {

enum class ActionKind : int {
  Reroll = 1,       // bit mask of the dice to re-roll (held dice are the others; unrolled dice always roll)
  Stop = 2,         // 0: no more rolls this turn
  Roll = 3,         // 0: the pending roll happens (chance)
  FreeReroll = 4,   // die: Air's free re-roll of one die
  UseToken = 5,     // token type * 32 + die (restore: 0; winds of change / wild pulse: the die; totemic buff: the Zee die)
  Heal = 6,         // 0: take a die back (all dice show the own symbol)
  SkipHeal = 7,     // 0
  AcceptSurge = 8,  // 0: let the wild surge end the turn (instead of a totemic buff)
  Complete = 9,     // combo * 1000 + dice placed * 10 + target seat (partial combos: dice placed; 2p too)
  BuyPulse = 10,    // 0: draw a pulse token onto the own totem
  BurnPulse = 11,   // target seat
  BuyAvatar = 12,   // avatar type
  BurnAvatar = 13,  // symbol of the pair paid * 10 + target seat
  UseAvatar = 14,   // avatar type * 1'000'000 + argument (see avatarArg*)
  EndTurn = 15,     // 0
  React = 16,       // source * 100'000 + index * 1000 + die * 10 + face (source: 0 waiting combo, 1 token, 2 avatar)
  Pass = 17,        // 0: no (more) reaction in this window
  HitAccept = 18,   // 0: take the effect (no redirecting avatar)
  HitRedirect = 19, // avatar type * 10 + new target seat (deflect, reflect, mirror)
  HitWard = 20,     // waiting ward combo
  HitCancel = 21,   // avatar type (cancel_loss)
  HitTotem = 22,    // token type a * 32 + token type b: discarded instead of one die
  HitLose = 23,     // location: 0 other dice, 1 SHIELD, 2 starting bonus, 3 used die (own turn),
                    // 10 + face: an unused die showing it (own turn), 20 + colour (2 players)
  TideReroll = 24,  // 0: Water re-rolls the die it just healed (a second die if it shows water)
  TideKeep = 25,    // 0: Water keeps the healed die unrolled
  ChooseColour = 26,  // colour: 2 players, harder variant, the colour of the player's dice
};

inline constexpr sim::Action kKindBase = 1'000'000'000;

inline sim::Action encode(ActionKind kind, std::int64_t payload) {
  return static_cast<sim::Action>(kind) * kKindBase + payload;
}
inline ActionKind kindOf(sim::Action a) { return static_cast<ActionKind>(a / kKindBase); }
inline std::int64_t payloadOf(sim::Action a) { return a % kKindBase; }

inline constexpr int kLoseOther = 0, kLoseShield = 1, kLoseBonus = 2, kLoseUsed = 3, kLoseFace = 10, kLoseColour = 20;
inline constexpr int kReactCombo = 0, kReactToken = 1, kReactAvatar = 2;

inline std::int64_t completePayload(int combo, int dice, int target) { return combo * 1000 + dice * 10 + target; }
inline std::int64_t reactPayload(int source, int index, int die, int face) {
  return source * 100'000 + index * 1000 + die * 10 + face;
}
// UseAvatar arguments: a die and a face (flip_own), a seat (surge_two, no_heal),
// die * 10000 + seat * 100 + combo (block_space), 0 otherwise.
inline std::int64_t avatarPayload(int avatar, std::int64_t arg) { return avatar * 1'000'000 + arg; }

}  // namespace wb::rulesets::elemenz
