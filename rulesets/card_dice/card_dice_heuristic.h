// The card-dice heuristic: its terms, constants and per-thread tables. What each player can
// do in the coming turns, so that a one-ply greedy player (and the planner and MCTS, which
// judge positions with it) takes its draw, keeps and plays its damage, buys toward a deck it
// can use (and outbids for a card worth more to it than the next price), plays a buff only
// with the cards it multiplies this turn, and presses a won position.
//
// heuristic(p) = material(p) - material(opponent) - waste(p) [+ waste(opponent), see below]
// + press(p); at the end of the game 1 / 0.5 / 0.
// press(p) (the lead term, only in p's own judgement) = kPress h0 max(0, ln(E / (kLeadRatio E'))):
// E = p's effective health when its turn began (health + the damage its Paid Militia's gold
// blocks), E' = the opponent's now. A player with 1.5x the opponent's effective health leads,
// and each point of damage that reaches the opponent (or drains its Militia's gold) is worth
// kPress h0 / E' more to it: a leader presses (deals damage rather than heal or hold it). E is
// frozen for the turn so that no heal of p's counts as pressing, and press(opponent) is never
// subtracted so that the player behind does not heal all the more for it (both stalled games).
// waste(p) = kDiscardWaste (50) x action cards p discarded within its hand limit since its
// turn began + kBuffWaste (15) x buffs of p that ended a turn without an effect they grew
// + kBuffPending (5) x buffs of p without one so far this turn + kLeaderDamageWaste (15) x
// damage cards p discarded while leading (effective health >= kLeadRatio x the opponent's)
// part of whose damage the opponent's shields let through, in a turn without a damage play
// (counter leader_discards_damage): a leader at its hand limit lets any other card go first.
// These are what a held card's options and a buff's follow-up are worth beyond the
// terms below (whose look-ahead values, the buffed term above all, vanish when a turn ends
// and otherwise make dumping a card look better than ending the turn). It stays until p's
// next turn begins, so the planner, which judges a plan after the turn has passed, sees it.
// The opponent's waste counts for p too (+ waste(opponent)), except while p is the turn
// player and its turn has seen a move (turnActions() > 0). So where `lead` (own heuristic
// minus the opponent's: the planner, MCTS) reads the heuristic, the waste counts twice like
// the material does (lead = 2 (material - material') - 2 waste + waste' of the waiting
// player, a constant of the turn); with waste(p) alone, `lead` counted the material twice
// and the waste once, and a discard cost the planner half what it costs greedy. The
// exception keeps greedy's own turns as they were: it values the positions after its own
// moves, where the term is absent, or, after ending its turn, 0 (the opponent's waste
// resets when the opponent's turn begins); a term there would be a jump at the turn change
// (a jump makes greedy prefer any other move to ending its turn). As the waiting player
// (responses, raises) greedy counts the turn player's waste, which its answer seldom moves
// (greedy vs greedy, 200 games of seed 1: the same games, move for move).
// A card's value v (cardValueFrom) is in health points under the current dice, without
// this turn's buffs: damage to the opponent 1.5 per point (the health and the gold it
// pays), to both 1.0, heal 0.9, gold 0.5 (at most 40 counted), shields 2 per point, a
// buff 3 per extra factor, die changes 1 + reach, draws 1.5 per card, Veto 8, extra
// actions 3 each, Always Lucky 6 (table in cardValueFrom). material(p) adds up:
// | term     | value                                                                      |
// |----------|----------------------------------------------------------------------------|
// | health   | 2 sqrt(H0 h): a point per health point at full health, two at a quarter,   |
// |          | less above H0 (healing has no cap by default)                              |
// | gold     | 0.5 per gold up to kUsefulGold (what the shops take; + kMilitiaGold with   |
// |          | Paid Militia, which turns gold into blocked damage), nothing beyond        |
// | hand     | each card in hand: kReady x v + kHold; face down: kFaceDown x v + kHold.   |
// |          | Holding a card beats discarding it, drawing one beats not drawing. Damage  |
// |          | and heal cards count by what playing them now realizes: the marginal       |
// |          | health of the opponent (gold only, against Paid Militia), at most v, plus  |
// |          | the lead term's kPress h0 / E' a point when p leads (uncapped, and against |
// |          | a Militia whatever its gold: blocked damage drains E'), x the share of the |
// |          | damage the opponent's element and combo shields let through                |
// |          | (damageReach); heals by the player's own marginal health; a card that only |
// |          | gains gold by what its gold can still buy, (useful - gold) / kUsefulGold,  |
// |          | 0 once gold >= useful                                                      |
// | draws    | kDrawsAhead (30) x the mean v of all the player's cards (deck, discard,    |
// |          | hand, face down): the coming draws; buying a card below the mean loses     |
// |          | value. A card bought adds 30 (v - mean) / (n + 1): its worth to the buyer, |
// |          | weighed against the price (kGoldWeight a gold below the useful gold), so   |
// |          | an answer to a bid raises when the card is worth more to it than the next  |
// |          | price and the bidder matches likewise (the zero-sum view adds what the     |
// |          | other would gain)                                                          |
// | buffed   | on the player's turn: kBuffed x (buffed v - v) of the cards still playable |
// |          | this turn (the best actionsLeft actions in hand, the best face-down ones   |
// |          | the gold pays for together): a buff with nothing left to multiply is worth |
// |          | nothing                                                                    |
// | passives | v of each active passive                                                   |
// | waiting  | for the player waiting for its turn: + Always Lucky's coming draw, - the   |
// |          | free draw and gold it left unused (the top cards of its deck), so          |
// |          | the turn change is no jump that makes greedy end early or dump cards first |
// | unspent  | for the player waiting for its turn whose last turn ended with its bid     |
// |          | unused while its gold paid for a buff or damage card on display            |
// |          | (PlayerState::unspentFor): - (kUnspentBid + what buying the cheapest of    |
// |          | them costs here: its gold and the lower mean of the draws): gold is worth  |
// |          | what it buys, so a gold lead becomes damage or buffs instead of a pile     |
// |          | (the blunder counter turn_gold_unconverted counts them)                    |
// | stack    | kReady x v of the player's announced actions not yet resolved              |
// | spare    | on the player's turn, the extra actions blessings gave that are left      |
// |          | (always, not only with a buff): kSpare (1 - kReady) x the realized v of   |
// |          | the action cards in hand they would play (the ones after the cards the    |
// |          | turn's own actions play): what playing one more card realizes beyond      |
// |          | holding it, so a Multitasking blessing is played and its actions are used |
// | auction  | a running auction counts as won by the high bidder at the current bid     |
// |          | (the card in its deck or passives, the bid off its gold)                   |
//
// Files: card_dice_heuristic.cpp (heuristic(), the lead term, shields' reach, waste),
// card_dice_material.cpp (material(): the table above), card_dice_card_values.cpp (a card's
// value v, the per-thread value cache and per-card tables). Internal to the engine.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>

#include "rulesets/card_dice/card_dice_rules.h"
#include "rulesets/card_dice/card_dice_state.h"

namespace wb::rulesets::card_dice::heuristic_terms {

inline constexpr double kGoldWeight = 0.5;   // one gold is worth half a health point
inline constexpr double kUsefulGold = 40;    // gold the shops can take at once (an 18 card, outbid)
inline constexpr double kMilitiaGold = 60;   // more useful gold with Paid Militia (blocks damage)
inline constexpr double kExcessGold = 0;     // gold beyond that buys nothing more: a loop that
                                             // only makes gold (Truly Blessed cycling blessings)
                                             // is not worth continuing
inline constexpr double kDrawsAhead = 30;    // draws in the coming turns, x the mean card value: a
                                             // card bought is drawn again and again, so what it adds
                                             // to the deck is weighed against its price over 30
                                             // draws (over 10, a card was worth less than twice its
                                             // cost to nearly everyone: auctions were fixed prices)
inline constexpr double kReady = 0.6;        // a card in hand, x its value (playing it realizes all)
inline constexpr double kFaceDown = 0.55;    // a face-down card (paid to play), x its value
inline constexpr double kHold = 0.25;        // any card in hand or face down: options (less than
                                             // what playing Basic Income gains)
inline constexpr double kBuffed = 0.8;       // this turn's extra value of playable buffed cards
inline constexpr double kDiscardWaste = 50;  // an action card discarded within the hand limit: all its
                                             // options lost, and the rules give no reason to do it
inline constexpr double kBuffWaste = 15;     // a buff that ended a turn with nothing it grew
inline constexpr double kLeaderDamageWaste = 15;  // a leader's damage card, part of whose damage
                                                  // gets through, discarded in a turn without a
                                                  // damage play: the end not brought closer
inline constexpr double kUnspentBid = 15;    // a turn ended with the bid unused while the gold paid for
                                             // a buff or damage card on display, beyond what buying
                                             // it would have cost (as kBuffWaste: a waste)
inline constexpr double kLeadRatio = 1.5;    // a player leads with 1.5x the opponent's effective health
inline constexpr double kPress = 3;          // the lead term's weight, x the starting health (below)
inline constexpr double kSpare = 1 - kReady; // an action left beyond the next one: what playing one more
                                             // card realizes beyond holding it
inline constexpr double kBuffPending = 5;    // a buff with nothing it grew yet this turn (less, so
                                             // that greedy, one ply ahead, still plays a buff
                                             // before the card it grows)

// What material() reads of each card type, flat per card index (CardDef is large and
// scattered): rebuilt when the rules object changes (keyed by its uid), per thread.
enum Realize : std::uint8_t { kRealizeAll = 0, kRealizeDamage = 1, kRealizeHeal = 2, kRealizeGold = 3 };
struct CardTable {
  std::uint64_t rules = 0;  // 0 = empty
  std::array<std::uint8_t, 256> realize{};       // Realize: which factor a card in hand gets
  std::array<std::uint8_t, 256> readsPlayers{};  // CardDef::readsPlayers
  std::array<std::uint32_t, 256> ops{};          // bit op: the card has an effect with op
  // Bit d: an amount of the card reads die d's slot (its compiled program, so exactly what
  // its value without buffs depends on besides the rules' parameters and, for the cards
  // that read them, the players' gold and health).
  std::array<std::uint32_t, 256> readsDice{};
};
const CardTable& cardTable(const CardDiceRules& rules);

constexpr std::uint32_t opBit(Op op) { return 1u << static_cast<unsigned>(op); }
static_assert(kOpCount <= 32, "op masks are 32 bits");

// Card values (without buffs) cached per thread. The heuristic runs for every node of an
// MCTS search and every move greedy considers, and a card's value is a function of the
// dice (cards reading gold or health excepted), which change far less often than the
// heuristic is asked. A few entries, replaced round robin, keyed by the rules' uid (never
// reused, never 0) and the dice. known[c]: value[c] holds card c's value (never set for
// the cards that read gold or health).
struct CardValueCache {
  std::uint64_t rules = 0;  // 0 = empty
  std::array<std::int8_t, kMaxDice> dice{};
  std::array<std::uint8_t, 256> known{};
  std::array<double, 256> value{};
};
// This thread's entry for the rules and dice: the one found, or a new one that inherits the
// values of the cards that read none of the dice changed since the last entry.
CardValueCache& cardValueEntry(const CardDiceRules& rules, const std::array<std::int8_t, kMaxDice>& dice,
                               const CardTable& table);

// A buff differs from 1.0f exactly when its bits differ from 1.0f's (one representation,
// and a NaN is never 1.0f either): one memcmp instead of a compare per die.
inline constexpr std::array<float, kMaxDice> kNoBuffs = [] {
  std::array<float, kMaxDice> a{};
  for (float& b : a) b = 1.0f;
  return a;
}();
// Player s has a buff of this turn (any die's factor, or Purism's, differs from 1).
inline bool anyBuff(const PlayerState& s) {
  return s.nonComboBuff != 1.0f || std::memcmp(s.buff.data(), kNoBuffs.data(), sizeof kNoBuffs) != 0;
}

}  // namespace wb::rulesets::card_dice::heuristic_terms
