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
  ChooseMode = 4,   // dislocate card: 0 = explore (tiles, then 1-3 steps); 100 + cell = dislocate that stone
  PlaceStone = 5,   // 0
  SkipStone = 6,    // 0
  SwapRelic = 7,    // relic slot to discard before drawing (at the relic limit)
  SkipRelic = 8,    // 0: leave the reliquary without drawing
  Offer = 9,        // offerPayload(): invited seats, who gets the Fear, relic shares
  Accept = 10,      // 0
  Decline = 11,     // 0
  Sacrifice = 12,   // cell of the own stone
  DeclareDone = 13, // 0
  Roll = 14,        // 0: roll the sacrifices and attacks
  UseRelic = 15,    // slot * 1000 + target (player * 64 + cell, a cell, or a player, per relic)
  ChooseSteps = 16, // dislocate card, after the tiles are placed: 1..3 steps
  DrawRelic = 17,   // 0: draw from a reliquary below the relic limit
  EndTurn = 18,     // 0: the turn player is done (offered only while a relic could still be used)
  Gift = 19,        // drawer: relic slot * 8 + invited seat (handed over if that seat joins)
  GiftsDone = 20,   // 0
  AskToJoin = 21,   // uninvited player: promised sacrifices * 100 + item (joinItem*)
  StayOut = 22,     // 0: an uninvited player does not ask to join
  Admit = 23,       // 0: the drawer lets the asking player join on the offered terms
  Refuse = 24,      // 0
};

inline constexpr sim::Action kKindBase = 1 << 30;

inline sim::Action encode(ActionKind kind, int payload) {
  return static_cast<sim::Action>(kind) * kKindBase + payload;
}
inline ActionKind kindOf(sim::Action a) { return static_cast<ActionKind>(a / kKindBase); }
inline int payloadOf(sim::Action a) { return static_cast<int>(a % kKindBase); }

inline int placePayload(int tileType, int cell, int wallSide) { return (tileType * 64 + cell) * 4 + wallSide; }

// Offer: bits 0-2 the seat receiving the Fear, bits 3-7 the invited seats, then
// 4 bits per seat (seat 0 first) for the number of the Fear's relics that seat draws.
inline int offerPayload(int invitedMask, int fearTo, const int* shares, int seats) {
  int payload = fearTo | invitedMask << 3;
  for (int q = 0; q < seats; ++q) payload |= (shares[q] & 15) << (8 + 4 * q);
  return payload;
}
inline int offerFearTo(int payload) { return payload & 7; }
inline int offerInvited(int payload) { return (payload >> 3) & 31; }
inline int offerShare(int payload, int seat) { return (payload >> (8 + 4 * seat)) & 15; }

// AskToJoin item: what the asking player hands the drawer when admitted.
inline constexpr int kJoinItemNone = 0;
inline constexpr int kJoinItemRelic = 1;  // + relic slot (1..16)
inline constexpr int kJoinItemFear = 20;  // + captured Fear index (20..59)
inline int joinPayload(int promised, int item) { return promised * 100 + item; }
inline int joinPromised(int payload) { return payload / 100; }
inline int joinItem(int payload) { return payload % 100; }

}  // namespace wb::rulesets::zoneplex
