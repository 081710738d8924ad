// A card's value v to a player under the current dice (the heuristic's scale: health
// points; the table of values in card_dice_heuristic.h), and the per-thread caches that
// spare material() recomputing it: card values per dice, and flat per-card tables.
#include <algorithm>
#include <array>
#include <cstring>

#include "rulesets/card_dice/card_dice_heuristic.h"

namespace wb::rulesets::card_dice {

using namespace heuristic_terms;

double CardDiceState::cardValue(int p, int card) const {
  double vars[kMaxSlots];
  fillVars(p, vars);
  return cardValueFrom(p, card, vars, false);
}

double CardDiceState::cardValueFrom(int p, int card, const double* vars, bool buffed) const {
  double value = 0;
  for (const EffectDef& e : m_rules->cards[card].effects) {
    const double a = amountFrom(p, e, vars, buffed);
    switch (e.op) {
      case Op::Damage:
        value += e.target == Target::Opponent ? a * (1 + kGoldWeight)
                 : e.target == Target::Both   ? 2 * a * kGoldWeight
                                              : a * (kGoldWeight - 1);
        break;
      case Op::Heal: value += 0.9 * a; break;
      case Op::GainGold: value += kGoldWeight * std::min(a, kUsefulGold); break;
      case Op::Shield: value += 2 * a; break;
      case Op::ComboShield: value += a; break;
      case Op::PaidShield: value += 5; break;
      case Op::Buff: case Op::BuffNonCombo: value += 3 * (a - 1); break;
      case Op::RerollDie: value += 1 + 0.5 * a; break;
      case Op::ChangeDie: value += 1 + a; break;
      case Op::FlipDie: value += 2; break;
      case Op::SwapDice: value += 3; break;
      case Op::Draw: value += 1.5 * a; break;
      case Op::Look: value += 0.1; break;
      case Op::ReorderDeck: value += 0.3 * a; break;
      case Op::Tutor: value += 3; break;
      case Op::TakeBought: value += 2; break;
      case Op::DiscardOpponentHand: case Op::DiscardOpponentFaceDown: value += 1.5 * a; break;
      case Op::Veto: value += 8; break;
      case Op::ExtraActions: value += 3 * a; break;
      case Op::Recycle: value += 0.5 * a; break;
      case Op::HandLimit: value += 0.5 * a; break;
      case Op::FreeFaceDown: case Op::DrawOnBlessing: value += 3; break;
      case Op::BlockEffectDraws: value -= 1; break;
      case Op::ExtraDraw: value += 6 * a; break;
    }
  }
  return value;
}

namespace heuristic_terms {

namespace {
constexpr int kCacheEntries = 16;
thread_local std::array<CardValueCache, kCacheEntries> t_cache;
thread_local int t_nextEntry = 0;  // replaced next
thread_local int t_lastEntry = 0;  // found last
thread_local CardTable t_table;

// Two dice arrays are equal (16 bytes compared as two words, no memcmp call).
bool sameDice(const std::array<std::int8_t, kMaxDice>& a, const std::array<std::int8_t, kMaxDice>& b) {
  static_assert(sizeof a == 16, "two words");
  std::uint64_t a0, a1, b0, b1;
  std::memcpy(&a0, a.data(), 8);
  std::memcpy(&a1, a.data() + 8, 8);
  std::memcpy(&b0, b.data(), 8);
  std::memcpy(&b1, b.data() + 8, 8);
  return ((a0 ^ b0) | (a1 ^ b1)) == 0;
}
}  // namespace

const CardTable& cardTable(const CardDiceRules& rules) {
  CardTable& t = t_table;
  if (t.rules == rules.uid) return t;
  t.rules = rules.uid;
  t.realize.fill(kRealizeAll);
  t.readsPlayers.fill(0);
  t.ops.fill(0);
  t.readsDice.fill(0);
  for (std::size_t c = 0; c < rules.cards.size() && c < 256; ++c) {
    const CardDef& def = rules.cards[c];
    // A card that only gains gold is worth what its gold can still buy (kRealizeGold).
    bool goldOnly = !def.effects.empty();
    for (const EffectDef& e : def.effects) goldOnly = goldOnly && e.op == Op::GainGold;
    t.realize[c] = def.dealsDamage ? kRealizeDamage : def.heals ? kRealizeHeal : goldOnly ? kRealizeGold : kRealizeAll;
    t.readsPlayers[c] = def.readsPlayers ? 1 : 0;
    for (const EffectDef& e : def.effects) {
      t.ops[c] |= opBit(e.op);
      if (e.hasAmount)
        for (int d = 0; d < rules.numDice() && d < kMaxDice; ++d)
          if (e.amount.readsSlotIn(d, d + 1)) t.readsDice[c] |= 1u << d;
    }
  }
  return t;
}

CardValueCache& cardValueEntry(const CardDiceRules& rules, const std::array<std::int8_t, kMaxDice>& dice,
                               const CardTable& table) {
  // The entry of the last call first (the dice change seldom between calls).
  CardValueCache* entry = &t_cache[static_cast<std::size_t>(t_lastEntry)];
  if (!(entry->rules == rules.uid && sameDice(entry->dice, dice))) {
    entry = nullptr;
    for (int k = 0; k < kCacheEntries; ++k) {
      CardValueCache& e = t_cache[static_cast<std::size_t>(k)];
      if (e.rules == rules.uid && sameDice(e.dice, dice)) {
        entry = &e;
        t_lastEntry = k;
        break;
      }
    }
  }
  if (!entry) {
    // New dice, most often the last call's with one die changed (greedy values every die
    // change a card offers): the values of the cards that read none of the changed dice
    // are the last entry's (the same program on the same slots: the same bits).
    const CardValueCache& last = t_cache[static_cast<std::size_t>(t_lastEntry)];
    const bool inherit = t_lastEntry != t_nextEntry && last.rules == rules.uid;
    t_lastEntry = t_nextEntry;
    entry = &t_cache[static_cast<std::size_t>(t_nextEntry)];
    t_nextEntry = (t_nextEntry + 1) % kCacheEntries;
    entry->rules = rules.uid;
    entry->dice = dice;
    entry->known.fill(0);
    if (inherit) {
      std::uint32_t changed = 0;
      for (int d = 0; d < kMaxDice; ++d)
        if (last.dice[static_cast<std::size_t>(d)] != dice[static_cast<std::size_t>(d)]) changed |= 1u << d;
      const std::size_t cards = std::min<std::size_t>(rules.cards.size(), 256);
      for (std::size_t c = 0; c < cards; ++c)
        if (last.known[c] && !(table.readsDice[c] & changed)) {
          entry->known[c] = 1;
          entry->value[c] = last.value[c];
        }
    }
  }
  return *entry;
}

}  // namespace heuristic_terms

}  // namespace wb::rulesets::card_dice
