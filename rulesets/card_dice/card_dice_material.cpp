// material(p): what player p can do in the coming turns, in health points (the terms' table
// is in card_dice_heuristic.h): health, gold, the hand and face-down cards by what playing
// them realizes, the coming draws, this turn's buffs and extra actions, passives, the
// waiting player's unused draw and gold, a running auction.
#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <limits>
#include <utility>

#include "rulesets/card_dice/card_dice_heuristic.h"

namespace wb::rulesets::card_dice {

using namespace heuristic_terms;


double CardDiceState::material(int p) const {
  // Hot: every MCTS leaf and prior, every greedy candidate. The sums below add the same
  // terms in the same order as ever (floating point), only with less work around them:
  // flat per-card tables, vars filled only when a value must be computed, one pass per pile.
  const PlayerState& s = m_players[p];
  const CardTable& table = cardTable(*m_rules);
  double gold = s.gold;
  double sum = 0, hand = 0, passive = 0;
  int n = 0;
  double vars[kMaxSlots];
  bool varsFilled = false;
  auto filledVars = [&]() -> const double* {
    if (!varsFilled) {
      fillVars(p, vars);
      varsFilled = true;
    }
    return vars;
  };
  CardValueCache* entry = &cardValueEntry(*m_rules, m_dice, table);
  // Player p's base values (without buffs); the cards reading gold or health afresh per call.
  // The cache holds values for p = 0 and p = 1 alike: without buffs and player reads they
  // depend on the dice only.
  std::array<std::uint64_t, 4> fresh{};
  std::array<double, 256> freshValue;
  auto computeValue = [&](int c) {
    if (table.readsPlayers[static_cast<std::size_t>(c)]) {
      const std::uint64_t bit = 1ULL << (c & 63);
      if (!(fresh[static_cast<std::size_t>(c >> 6)] & bit)) {
        fresh[static_cast<std::size_t>(c >> 6)] |= bit;
        freshValue[static_cast<std::size_t>(c)] = cardValueFrom(p, c, filledVars(), false);
      }
      return freshValue[static_cast<std::size_t>(c)];
    }
    entry->known[static_cast<std::size_t>(c)] = 1;
    return entry->value[static_cast<std::size_t>(c)] = cardValueFrom(p, c, filledVars(), false);
  };
  const std::uint8_t* known = entry->known.data();
  const double* cached = entry->value.data();
  auto cardValue = [&](int c) { return known[c] ? cached[c] : computeValue(c); };
  // Card values count damage at 1.5 a point and heals at 0.9, right at full health. Cards
  // in hand are worth what playing them now would realize: damage by the opponent's
  // marginal health (less when high; only gold, kGoldWeight a point, while the opponent
  // blocks with Paid Militia) plus the gold it pays, heals by the player's own marginal
  // health. Otherwise a card worth more held than played is kept forever.
  const double h0 = std::max(1, m_rules->startingHealth);
  const PlayerState& o = m_players[1 - p];
  std::uint32_t ownOps = 0, oppOps = 0;  // ops of the players' passives (hasPassive)
  for (std::uint8_t c : s.passives) ownOps |= table.ops[c];
  for (std::uint8_t c : o.passives) oppOps |= table.ops[c];
  // Damage blocked by Paid Militia costs the opponent gold, worth something only below what
  // the opponent can use, and pays the dealer no gold.
  const bool blocked = o.gold >= 10 && (oppOps & opBit(Op::PaidShield));
  const double oppUseful = kUsefulGold + kMilitiaGold;
  // The lead term (press, below): a leader's damage is worth kPress h0 / E' a point more,
  // E' the opponent's effective health, on top of the rest and without its cap of 1 (a
  // leader keeps a damage card its shields let through over any card that does not bring
  // the end closer); blocked damage too, whatever the Militia's gold: it drains E'.
  const double oppE = effectiveHealth(1 - p);
  const double lead = s.leadBase > 0 ? std::max(0.0, std::log(s.leadBase / oppE) - std::log(kLeadRatio)) : 0.0;
  const double pressPerPoint = lead > 0 ? kPress * h0 / oppE : 0.0;
  const double oppMargin = blocked ? (o.gold < oppUseful ? kGoldWeight : 0.0) : std::sqrt(h0 / std::max(1, o.health));
  const double damageFactor =
      std::min(1.0, (oppMargin + (!blocked && gold < kUsefulGold ? kGoldWeight : 0)) / (1 + kGoldWeight)) +
      pressPerPoint / (1 + kGoldWeight);
  const double healFactor = std::min(1.0, std::sqrt(h0 / std::max(1, s.health)) / 0.9);
  // Gold is worth what it can buy (or, with Paid Militia, block); beyond that nothing.
  const double useful = kUsefulGold + ((ownOps & opBit(Op::PaidShield)) ? kMilitiaGold : 0);
  // A gold card is worth what its gold can still buy: nothing once the player holds `useful`.
  const double goldFactor = std::clamp((useful - gold) / kUsefulGold, 0.0, 1.0);
  const double factor[4] = {1.0, damageFactor, healFactor, goldFactor};  // by Realize
  auto realized = [&](int c) { return factor[table.realize[static_cast<std::size_t>(c)]]; };
  // Cards in hand and face down: damage counts only by the share the opponent's shields let
  // through (a damage card the shields stop is the first to go at the hand limit).
  auto realizedHeld = [&](int c) {
    const double f = realized(c);
    return table.realize[static_cast<std::size_t>(c)] == kRealizeDamage && f > 0 ? f * damageReach(p, c) : f;
  };
  // The deck, the discard pile and the cards in play count toward the mean card value; the
  // discard pile's realized mean stands in for the draws after a reshuffle (below).
  for (std::uint8_t c : s.deck) sum += cardValue(c);
  double discardMean = 0;
  for (std::uint8_t c : s.discard) {
    const double v = cardValue(c);
    sum += v;
    discardMean += realized(c) * v;
  }
  for (std::uint8_t c : s.inPlay) sum += cardValue(c);
  n = s.deck.count() + s.discard.count() + s.inPlay.count();
  // What a buff adds to a card this turn, realized only if playing it would: gold beyond
  // `useful` is worth nothing, so a buffed gold card of a rich player adds nothing (else
  // that value, never to be realized, kept the turn going and cards were discarded instead).
  const bool drawsBlocked = ownOps & opBit(Op::BlockEffectDraws);
  auto buffGain = [&](int c) {
    const CardDef& def = m_rules->cards[static_cast<std::size_t>(c)];
    if (def.gainsGold && s.gold >= useful) return 0.0;
    // Truly Blessed: "you may no longer draw cards from active effects": a buffed Exploration
    // draws nothing either.
    if (drawsBlocked && def.kind == CardKind::Action)
      for (const EffectDef& e : def.effects)
        if (e.op == Op::Draw) return 0.0;
    return realized(c) * (cardValueFrom(p, c, filledVars(), true) - cardValue(c));
  };
  auto held = [&](int c, double weight) {
    const double v = cardValue(c);
    sum += v;
    return weight * realizedHeld(c) * v + kHold;
  };
  for (std::uint8_t c : s.hand) hand += held(c, kReady);
  for (std::uint8_t c : s.faceDown) hand += held(c, kFaceDown);
  n += s.hand.count() + s.faceDown.count();
  // The next draws are the top cards of the deck (then, after a reshuffle, a card of the
  // discard pile's mean value): what they add to the hand, valued as a card in hand is
  // (realized), so that the draw itself -- the turn's free draw, or Always Lucky's at the
  // start of the turn -- is no jump in value.
  discardMean = s.discard.empty() ? 0 : discardMean / static_cast<double>(s.discard.size());
  auto nextDraws = [&](int count) {
    double v = 0;
    for (int k = 0; k < count; ++k) {
      if (static_cast<std::size_t>(k) < s.deck.size()) {
        const int c = s.deck[s.deck.size() - 1 - static_cast<std::size_t>(k)];
        v += kReady * realized(c) * cardValue(c) + kHold;
      } else if (!s.discard.empty()) {
        v += kReady * discardMean + kHold;
      }
    }
    return v;
  };
  for (std::uint8_t c : s.passives) {
    passive += cardValue(c);
    // Always Lucky draws at the start of each own turn: the player waiting for its turn
    // counts that draw now, so the turn change is no jump in value (a jump made greedy
    // dump cards before ending its turn: anything cheaper than the jump looked better).
    if (p != m_turnPlayer && (table.ops[c] & opBit(Op::ExtraDraw)))
      for (const EffectDef& e : m_rules->cards[c].effects)
        if (e.op == Op::ExtraDraw) hand += nextDraws(effectAmount(p, e));
  }
  // The player waiting for its turn pays for the free draw and gold it left unused in
  // its last turn: ending a turn without them is no better than taking them first.
  if (p != m_turnPlayer && m_phase != Phase::Over) {
    if (!s.usedDraw && m_rules->freeDrawsPerTurn > 0 && (!s.deck.empty() || !s.discard.empty()))
      hand -= nextDraws(m_rules->freeDrawsPerTurn);
    if (!s.usedGold && gold < kUsefulGold) gold -= m_rules->freeGoldPerTurn;
  }
  // This turn's buffs count only through the cards still playable this turn.
  double buffed = 0;
  if (p == m_turnPlayer && m_phase != Phase::Over && anyBuff(s)) {
    std::array<double, 16> gains{};
    std::size_t kept = 0;
    const std::size_t slots = static_cast<std::size_t>(std::clamp(s.actionsLeft, 0, 16));
    for (std::uint8_t c : s.hand) {
      if (slots == 0 || m_rules->cards[c].kind != CardKind::Action) continue;
      const double g = buffGain(c);
      if (g <= 0) continue;
      // Keep the best `slots` gains (a small insertion into a sorted array).
      if (kept < slots) gains[kept++] = g;
      else if (g > gains[kept - 1]) gains[kept - 1] = g;
      else continue;
      std::sort(gains.begin(), gains.begin() + static_cast<std::ptrdiff_t>(kept), std::greater<>());
    }
    for (std::size_t k = 0; k < kept; ++k) buffed += gains[k];
    // Face-down cards are paid: the best gains the player's gold pays for, together.
    std::array<std::pair<double, int>, 32> down{};
    std::size_t nd = 0;
    for (std::uint8_t c : s.faceDown)
      if (nd < down.size() && faceDownPlayable(p, c) && s.gold >= responseCost(p, c, true)) {
        const double g = buffGain(c);
        if (g > 0) down[nd++] = {g, responseCost(p, c, true)};
      }
    std::sort(down.begin(), down.begin() + static_cast<std::ptrdiff_t>(nd), std::greater<>());
    int purse = s.gold;
    for (std::size_t k = 0; k < nd; ++k)
      if (down[k].second <= purse) {
        buffed += down[k].first;
        purse -= down[k].second;
      }
    buffed *= kBuffed;
  }
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
    if (item.owner == p && !item.cancelled) hand += kReady * cardValue(item.card);
  const double draws = n > 0 ? kDrawsAhead * sum / n : 0;
  // Gold is worth what it buys: a turn ended with the bid unused while the gold paid for a
  // buff or damage card costs the player more than buying the cheapest of them would have
  // (its gold, and what it lowers the mean of the draws by).
  if (!s.unspentFor.empty() && p != m_turnPlayer && m_phase != Phase::Over) {
    double cheapest = std::numeric_limits<double>::infinity();
    for (std::uint8_t c : s.unspentFor) {
      const double cost = m_rules->cards[c].cost;
      const double goldCost = kGoldWeight * std::max(0.0, std::min(gold, useful) - std::min(gold - cost, useful));
      const double dilution = kDrawsAhead * std::max(0.0, sum / std::max(1, n) - cardValue(c)) / (n + 1);
      cheapest = std::min(cheapest, goldCost + dilution);
    }
    hand -= kUnspentBid + cheapest;
  }
  // Extra actions count always, not only with a buff: on the player's turn, each action left
  // that a blessing gave (at most actionsGranted of those left, the last ones) is worth what
  // playing one more card realizes beyond holding it (kSpare x the realized value of the
  // card it would play: the 2nd best with the turn's own action still unused, else the best),
  // so a Multitasking blessing is played, before or after the turn's action, and its actions
  // are used on the cards in hand. Turns without a blessing's actions are as they were.
  double spare = 0;
  const int extraLeft = std::min(s.actionsLeft, s.actionsGranted);
  if (p == m_turnPlayer && m_phase != Phase::Over && extraLeft > 0) {
    std::array<double, 32> values{};
    std::size_t nv = 0;
    for (std::uint8_t c : s.hand)
      if (nv < values.size() && m_rules->cards[c].kind == CardKind::Action)
        values[nv++] = realizedHeld(c) * cardValue(c);
    std::sort(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(nv), std::greater<>());
    const std::size_t used = std::min(nv, static_cast<std::size_t>(s.actionsLeft));
    for (std::size_t k = static_cast<std::size_t>(s.actionsLeft - extraLeft); k < used; ++k)
      spare += std::max(0.0, values[k]);
    spare *= kSpare;
  }
  const double goldValue = gold <= useful ? gold : useful + kExcessGold * (gold - useful);
  // Health is worth more the less is left: 2 sqrt(H0 h) is worth one point per
  // health point at full health, two at a quarter, so a player ahead presses
  // for the kill and a player behind heals, instead of both trading evenly forever.
  const double health = s.health > 0 ? 2 * std::sqrt(h0 * s.health) : 0;
  return health + kGoldWeight * goldValue + draws + hand + buffed + passive + spare;
}

}  // namespace wb::rulesets::card_dice
