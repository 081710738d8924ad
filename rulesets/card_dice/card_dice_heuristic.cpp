// The card-dice heuristic: health difference, gold, and the quality of each
// player's cards under the current dice, so that a one-ply greedy player buys
// the most valuable affordable cards, plays strong cards, and bends the dice
// toward its own cards and away from the opponent's.
#include <algorithm>
#include <array>
#include <cmath>

#include "rulesets/card_dice/card_dice_state.h"

namespace wb::rulesets::card_dice {

namespace {
constexpr double kGoldWeight = 0.5;     // one gold is worth half a health point
constexpr double kQualityWeight = 10;   // mean card value x this: the deck's future
constexpr double kReadyWeight = 0.3;    // cards in hand or face down are ready to play
constexpr double kUsefulGold = 40;      // more gold at once buys nothing more (Free Market)
constexpr double kPendingWeight = 0.5;  // an unused action this turn, per best action in hand
}  // namespace

double CardDiceState::cardValue(int p, int card) const {
  double vars[kMaxSlots];
  fillVars(p, vars);
  return cardValueFrom(p, card, vars);
}

double CardDiceState::cardValueFrom(int p, int card, const double* vars) const {
  double value = 0;
  for (const EffectDef& e : m_rules->cards[card].effects) {
    const double a = amountFrom(p, e, vars);
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

namespace {
// Card values cached per thread. The heuristic runs for every node of an MCTS
// search and every move greedy considers, and a card's value is a function of
// the dice and its owner's buffs (cards reading gold or health excepted), which
// change far less often than the heuristic is asked. A few entries, replaced
// round robin, keyed by the rules' uid (never reused), the dice and the buffs.
struct CardValueCache {
  std::uint64_t rules = 0;  // 0 = empty
  std::array<std::int8_t, kMaxDice> dice{};
  std::array<float, kMaxDice> buff{};
  float nonComboBuff = 1;
  std::array<std::uint64_t, 4> known{};
  std::array<double, 256> value{};
};
constexpr int kCacheEntries = 4;
thread_local std::array<CardValueCache, kCacheEntries> t_cache;
thread_local int t_nextEntry = 0;
}  // namespace

double CardDiceState::material(int p) const {
  const PlayerState& s = m_players[p];
  double gold = s.gold;
  double sum = 0, ready = 0, passive = 0, bestAction = 0;
  int n = 0, actionsInHand = 0;
  double vars[kMaxSlots];
  fillVars(p, vars);
  CardValueCache* entry = nullptr;
  for (CardValueCache& e : t_cache)
    if (e.rules == m_rules->uid && e.dice == m_dice && e.buff == s.buff && e.nonComboBuff == s.nonComboBuff) {
      entry = &e;
      break;
    }
  if (!entry) {
    entry = &t_cache[static_cast<std::size_t>(t_nextEntry)];
    t_nextEntry = (t_nextEntry + 1) % kCacheEntries;
    entry->rules = m_rules->uid;
    entry->dice = m_dice;
    entry->buff = s.buff;
    entry->nonComboBuff = s.nonComboBuff;
    entry->known = {};
  }
  // Cards reading gold or health are valued afresh, once per call (piles repeat cards).
  std::array<std::uint64_t, 4> fresh{};
  std::array<double, 256> freshValue;
  auto cardValue = [&](int c) {
    const std::uint64_t bit = 1ULL << (c & 63);
    if (m_rules->cards[static_cast<std::size_t>(c)].readsPlayers) {
      if (!(fresh[c >> 6] & bit)) {
        fresh[c >> 6] |= bit;
        freshValue[c] = cardValueFrom(p, c, vars);
      }
      return freshValue[c];
    }
    if (!(entry->known[c >> 6] & bit)) {
      entry->known[c >> 6] |= bit;
      entry->value[c] = cardValueFrom(p, c, vars);
    }
    return entry->value[c];
  };
  for (const Pile* pile : {&s.deck, &s.hand, &s.discard, &s.faceDown})
    for (std::uint8_t c : *pile) {
      const double v = cardValue(c);
      sum += v;
      ++n;
      // Blessings are free to play, so holding one is worth nothing: greedy plays them.
      const bool action = m_rules->cards[c].kind == CardKind::Action;
      if (action && (pile == &s.hand || pile == &s.faceDown)) ready += v;
      if (action && pile == &s.hand) {
        ++actionsInHand;
        bestAction = std::max(bestAction, v);
      }
    }
  for (std::uint8_t c : s.passives) passive += cardValue(c);
  if (m_phase == Phase::Auction) {
    // A running auction counts as won by the current high bidder at the current price.
    const int high = m_auctionHighIsBidder ? m_turnPlayer : 1 - m_turnPlayer;
    if (high == p) {
      const int card = m_shops[m_auctionShop].display[m_auctionSlot];
      const double v = cardValue(card);
      if (m_rules->cards[card].kind == CardKind::Passive) passive += v;
      else { sum += v; ++n; }
      gold -= m_auctionLevel * m_rules->cards[card].cost;
    }
  }
  for (const StackItem& item : m_stack)
    if (item.owner == p && !item.cancelled) ready += cardValue(item.card);
  // Actions still to play this turn are worth the best action in hand (extra actions).
  const double pendingActions =
      p == m_turnPlayer ? std::min(s.actionsLeft, actionsInHand) * kPendingWeight * bestAction : 0;
  const double quality = n > 0 ? sum / n : 0;
  // Gold beyond what the shops can take is worth little (Free Market doubling).
  const double goldValue = gold <= kUsefulGold ? gold : kUsefulGold + 0.1 * (gold - kUsefulGold);
  // Health is worth more the less is left: 2 sqrt(H0 h) is worth one point per
  // health point at full health, two at a quarter, so a player ahead presses
  // for the kill and a player behind heals, instead of both trading evenly forever.
  const double h0 = std::max(1, m_rules->startingHealth);
  const double health = s.health > 0 ? 2 * std::sqrt(h0 * s.health) : 0;
  return health + kGoldWeight * goldValue + kQualityWeight * quality + kReadyWeight * ready +
         pendingActions + passive;
}

double CardDiceState::heuristic(int player) const {
  if (isTerminal()) return State::heuristic(player);
  if (m_phase == Phase::Response || m_phase == Phase::RerollChoice ||
      m_phase == Phase::RecycleChoice || m_phase == Phase::TutorChoice ||
      m_phase == Phase::MilitiaChoice || m_phase == Phase::Window || m_phase == Phase::DiscardChoice ||
      m_phase == Phase::OrderChoice) {
    // Judge a pending stack by its outcome: resolve a copy with every player passing.
    CardDiceState copy(*this);
    sim::Rng rng(0x5eedULL + static_cast<std::uint64_t>(historySize()));
    std::vector<sim::Action> moves;
    for (int guard = 0; guard < 64 && copy.m_phase != Phase::Main && !copy.isTerminal(); ++guard) {
      if (copy.m_phase == Phase::Auction) break;
      copy.legalActions(moves);
      copy.doApplyAction(moves.front(), rng);  // Pass / KeepDie / RecycleDone / first Tutor / Block all / first card
    }
    if (copy.isTerminal()) return copy.State::heuristic(player);
    return copy.material(player) - copy.material(1 - player);
  }
  return material(player) - material(1 - player);
}

}  // namespace wb::rulesets::card_dice
