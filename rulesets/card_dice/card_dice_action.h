// Action encoding of the card-dice engine: one 64-bit integer per move,
// kind | card << 8 | die << 16 | (arg + 128) << 24. `card` is a card index (or a
// shop slot for Bid, with `die` = the shop: 0 cheap, 1 expensive); `die` and
// `arg` carry the die choice of die-changing cards (ChangeDie: the delta; SwapDice:
// the second die). Encoding by card index, not hand position, keeps identical
// copies from multiplying the moves.
#pragma once

#include <cstdint>

#include "simulation/core/state.h"

namespace wb::rulesets::card_dice {

enum class ActionKind : std::uint8_t {
  EndTurn = 1,
  GainGold,        // once per turn: gain a gold
  DrawCard,        // once per turn: draw a card
  Discard,         // discard one card from hand
  ExecuteAction,   // play an action from hand and execute it (uses an action)
  PlaceFaceDown,   // play an action from hand face down (uses an action)
  PlayFaceDown,    // execute a face-down action, paying its cost
  PlayBlessing,    // play a blessing from hand
  Bid,             // open an auction for a shop card
  Raise,           // auction: outbid (opponent) or match (bidder)
  Yield,           // auction: stop bidding
  RespondHand,     // response window: play a response from hand, paying its cost
  RespondFaceDown, // response window: play a face-down response, paying its cost
  Pass,            // response window: no (further) response
  RerollAgain,     // reroll choice: roll the die once more
  KeepDie,         // reroll choice: keep the value
  Recycle,         // recycle choice: return a card from hand to the shop
  RecycleDone,     // recycle choice: stop
  Tutor,           // tutor choice: take this card from the deck
  Block,           // Paid Militia choice: block card + 256 x die points of the damage (any amount)
  ChooseDiscard,   // forced discard choice (Weak Hands, Faulty Table): the victim gives up this card
  PutNext,         // reorder choice (Impatience, Sabotage): this card goes next from the top
};

struct DecodedAction {
  ActionKind kind = ActionKind::EndTurn;
  int card = 0;
  int die = 0;
  int arg = 0;
};

constexpr sim::Action encodeAction(ActionKind kind, int card = 0, int die = 0, int arg = 0) {
  return static_cast<sim::Action>(static_cast<std::uint64_t>(kind) |
                                  (static_cast<std::uint64_t>(card & 0xFF) << 8) |
                                  (static_cast<std::uint64_t>(die & 0xFF) << 16) |
                                  (static_cast<std::uint64_t>((arg + 128) & 0xFF) << 24));
}

constexpr DecodedAction decodeAction(sim::Action a) {
  const auto u = static_cast<std::uint64_t>(a);
  return DecodedAction{static_cast<ActionKind>(u & 0xFF), static_cast<int>((u >> 8) & 0xFF),
                       static_cast<int>((u >> 16) & 0xFF), static_cast<int>((u >> 24) & 0xFF) - 128};
}

}  // namespace wb::rulesets::card_dice
