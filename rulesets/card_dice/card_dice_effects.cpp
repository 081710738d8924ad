// Card effects of the card-dice engine: amounts (dice, buffs, rounding), dice rolls, the end
// of the game, buff bookkeeping, every op of the schema (applyEffect) and damage with
// shields and Paid Militia. The moves and the response stack are in card_dice_moves.cpp.
// Rules quoted from seed file 004; interpretations are marked "Assumed".
#include <algorithm>
#include <cmath>
#include <cstring>

#include "rulesets/card_dice/card_dice_state.h"

namespace wb::rulesets::card_dice {

void CardDiceState::fillVars(int p, double* vars) const {
  std::copy(m_rules->baseVars.begin(), m_rules->baseVars.end(), vars);
  for (int d = 0; d < m_rules->numDice(); ++d) vars[d] = m_dice[d];
  vars[kSlotMyGold] = m_players[p].gold;
  vars[kSlotMyHealth] = m_players[p].health;
  vars[kSlotOpponentGold] = m_players[1 - p].gold;
  vars[kSlotOpponentHealth] = m_players[1 - p].health;
}

namespace {
// effectAmount()'s vars, per thread: the parameters (CardDiceRules::baseVars) stay from the
// last call with the same rules (keyed by uid, never 0), only the dice and the players'
// slots are written per call. The same values as fillVars() gives, without copying all
// kMaxSlots each time (legal moves and every card effect ask).
struct EffectVars {
  std::uint64_t rules = 0;
  std::array<double, kMaxSlots> vars{};
};
thread_local EffectVars t_effectVars;
}  // namespace

int CardDiceState::effectAmount(int p, const EffectDef& e) const {
  if (!e.hasAmount) return 0;
  EffectVars& ev = t_effectVars;
  if (ev.rules != m_rules->uid) {
    ev.vars = m_rules->baseVars;
    ev.rules = m_rules->uid;
  }
  double* vars = ev.vars.data();
  for (int d = 0; d < m_rules->numDice(); ++d) vars[d] = m_dice[d];
  vars[kSlotMyGold] = m_players[p].gold;
  vars[kSlotMyHealth] = m_players[p].health;
  vars[kSlotOpponentGold] = m_players[1 - p].gold;
  vars[kSlotOpponentHealth] = m_players[1 - p].health;
  return amountFrom(p, e, vars);
}

int CardDiceState::amountFrom(int p, const EffectDef& e, const double* vars, bool buffed) const {
  if (!e.hasAmount) return 0;
  double v = e.amount.evaluate(vars);
  if (!buffed) {
    const double up = std::ceil(v - 1e-9);
    return up > 0 ? static_cast<int>(std::min(up, static_cast<double>(kMaxAmount))) : 0;
  }
  // Buffs: "Double the strength of all your <element> effects for the rest of this turn";
  // Purism: "... all your non-combo effects". Assumed: buffs multiply, and non-combo
  // means an amount using dice without multiplying two different ones.
  const PlayerState& s = m_players[p];
  for (int d = 0; d < m_rules->numDice(); ++d)
    if (e.diceMask & (1u << d)) v *= s.buff[d];
  if (e.diceMask != 0 && !e.combo) v *= s.nonComboBuff;
  // Rule: "All fractional number amounts are always rounded up before execution."
  const double up = std::ceil(v - 1e-9);
  return up > 0 ? static_cast<int>(std::min(up, static_cast<double>(kMaxAmount))) : 0;
}

void CardDiceState::rollDie(int d, sim::Rng& rng) {
  const DieDef& die = m_rules->dice[d];
  const double r = sim::uniformReal(rng) * die.cumulative.back();
  std::size_t k = 0;
  while (k + 1 < die.values.size() && die.cumulative[k] <= r) ++k;
  m_dice[d] = static_cast<std::int8_t>(die.values[k]);
}

void CardDiceState::checkEnd() {
  // Rule: "The player whose health reaches zero first loses and the other wins."
  if (m_players[0].health <= 0 || m_players[1].health <= 0) {
    m_phase = Phase::Over;
    settleBuffs();
  }
}

void CardDiceState::noteAmountUsed(int p, const EffectDef& e) {
  if (!e.hasAmount || e.diceMask == 0) return;
  PlayerState& s = m_players[p];
  for (int d = 0; d < m_rules->numDice(); ++d)
    if (e.diceMask & (1u << d)) s.unmatchedBuffs[static_cast<std::size_t>(d)] = 0;
  if (!e.combo) s.unmatchedBuffs[kMaxDice] = 0;
}

void CardDiceState::settleBuffs() {
  for (int p = 0; p < 2; ++p) {
    // Usually none: two words and a byte say so (every turn's end runs this).
    const auto& pending = m_players[p].unmatchedBuffs;
    static_assert(sizeof pending == 17, "two words and a byte");
    std::uint64_t w0, w1;
    std::memcpy(&w0, pending.data(), 8);
    std::memcpy(&w1, pending.data() + 8, 8);
    if ((w0 | w1 | pending[16]) == 0) continue;
    for (std::uint8_t& n : m_players[p].unmatchedBuffs) {
      if (n > 0) {
        counterLog().add(p, static_cast<int>(Counter::BuffUnmatched), n);
        m_players[p].buffsWasted += n;
      }
      n = 0;
    }
  }
}

bool CardDiceState::applyEffect(int owner, int card, int index, int die, int arg, sim::Rng& rng) {
  const EffectDef& e = m_rules->cards[card].effects[index];
  const int opp = 1 - owner;
  PlayerState& me = m_players[owner];
  const int n = effectAmount(owner, e);
  noteAmountUsed(owner, e);
  switch (e.op) {
    case Op::Damage:
      // Heavy Rain etc. hurt their owner first; the end is checked once both are hit, so both
      // reaching 0 together is a draw.
      if (!(e.target == Target::Opponent ? dealDamage(owner, opp, n, e, false)
                                         : dealDamage(owner, owner, n, e, e.target == Target::Both)))
        return false;
      checkEnd();
      return true;
    case Op::Heal:
      // Assumed: healing stops at max_health (the rules are silent; 0 = no limit).
      me.health = std::min(me.health + n, m_rules->maxHealth > 0 ? std::max(me.health, m_rules->maxHealth) : kMaxAmount);
      return true;
    case Op::GainGold: me.gold = std::min(me.gold + n, kMaxAmount); return true;
    case Op::Buff:
      me.buff[e.die] = std::min(me.buff[e.die] * static_cast<float>(n), static_cast<float>(kMaxAmount));
      count(owner, Counter::BuffPlayed);
      if (me.unmatchedBuffs[static_cast<std::size_t>(e.die)] < 255) ++me.unmatchedBuffs[static_cast<std::size_t>(e.die)];
      return true;
    case Op::BuffNonCombo:
      me.nonComboBuff = std::min(me.nonComboBuff * static_cast<float>(n), static_cast<float>(kMaxAmount));
      count(owner, Counter::BuffPlayed);
      if (me.unmatchedBuffs[kMaxDice] < 255) ++me.unmatchedBuffs[kMaxDice];
      return true;
    case Op::RerollDie:
      rollDie(die, rng);
      if (n > 1) {  // "Reroll a die up to k times": the owner may roll again
        m_phase = Phase::RerollChoice;
        m_actor = owner;
        m_choiceLeft = n - 1;
        m_choiceDie = die;
        return false;
      }
      return true;
    case Op::ChangeDie: {
      const DieDef& dd = m_rules->dice[die];
      m_dice[die] = static_cast<std::int8_t>(std::clamp(m_dice[die] + arg, dd.min, dd.max));
      return true;
    }
    case Op::FlipDie: {
      // Perspective Shift: "Flip a die over" -- a d6 shows 7 minus its value.
      const DieDef& dd = m_rules->dice[die];
      m_dice[die] = static_cast<std::int8_t>(dd.min + dd.max - m_dice[die]);
      return true;
    }
    case Op::SwapDice: std::swap(m_dice[die], m_dice[arg]); return true;
    case Op::Draw:
      // Truly Blessed: "you may no longer draw cards from active effects" (Assumed: actions).
      if (m_rules->cards[card].kind == CardKind::Action && hasPassive(owner, Op::BlockEffectDraws)) return true;
      for (int k = 0; k < n && drawCard(owner, rng); ++k) {}
      return true;
    case Op::Look:
      // The information blessings: what they show, the player knows (determinize keeps it).
      switch (e.lookAt) {
        case LookAt::OpponentHand:
          me.knownOppHand.clear();
          for (std::uint8_t c : m_players[opp].hand)
            if (!me.knownOppHand.full()) me.knownOppHand.push_back(c);
          break;
        case LookAt::OpponentFaceDown:
          me.knownOppFaceDown.clear();
          for (std::uint8_t c : m_players[opp].faceDown)
            if (!me.knownOppFaceDown.full()) me.knownOppFaceDown.push_back(c);
          break;
        case LookAt::OwnDeck:
          me.knownOwnTop = std::max(me.knownOwnTop, std::min(n, static_cast<int>(me.deck.size())));
          break;
        case LookAt::OpponentDeck:
          me.knownOppTop = std::max(me.knownOppTop, std::min(n, static_cast<int>(m_players[opp].deck.size())));
          break;
      }
      return true;
    case Op::ReorderDeck: {
      // Impatience / Sabotage: "Look at and reorder the top k cards" -- the player sees them
      // and chooses the order (OrderChoice), one card at a time from the top.
      const int whose = e.target == Target::Self ? owner : opp;
      Pile& deck = m_players[whose].deck;
      const int k = std::min(n, static_cast<int>(deck.size()));
      m_orderOwner = whose;
      m_ordering.clear();
      m_ordered.clear();
      for (int i = 0; i < k; ++i) {
        m_ordering.push_back(deck.back());  // top first
        deck.pop_back();
      }
      if (m_ordering.size() <= 1) {
        finishOrdering();
        return true;
      }
      m_phase = Phase::OrderChoice;
      m_actor = owner;
      return false;
    }
    case Op::Tutor:
      if (me.deck.empty()) return true;
      m_phase = Phase::TutorChoice;
      m_actor = owner;
      return false;
    case Op::TakeBought:
      // Express Shipping: "Move a card you just bought to your hand."
      if (me.lastBought >= 0 && me.discard.eraseValue(static_cast<std::uint8_t>(me.lastBought))) {
        me.hand.push_back(static_cast<std::uint8_t>(me.lastBought));
        me.lastBought = -1;
      }
      return true;
    case Op::DiscardOpponentHand: return forcedDiscard(opp, false, n);
    case Op::DiscardOpponentFaceDown: return forcedDiscard(opp, true, n);
    case Op::Veto:
      // Veto: "Cancel an action of your opponent." -- the action it responded to.
      if (!m_stack.empty()) m_stack.back().cancelled = true;
      return true;
    case Op::ExtraActions:
      me.actionsLeft += n;
      me.actionsGranted += n;
      return true;
    case Op::Recycle:
      if (n <= 0 || me.hand.empty()) return true;
      m_phase = Phase::RecycleChoice;
      m_actor = owner;
      m_choiceLeft = n;
      return false;
    default: return true;  // passive ops act elsewhere
  }
}

bool CardDiceState::dealDamage(int dealer, int victim, int amount, const EffectDef& e, bool thenOpponent) {
  PlayerState& v = m_players[victim];
  int remaining = amount;
  // Shields (passive): "Shield <amount> against <element> damage"; Magical Barrier: "against
  // combo damage". Assumed: each subtracts from each matching instance, never below 0.
  for (std::uint8_t c : v.passives)
    for (const EffectDef& f : m_rules->cards[c].effects) {
      const bool matches = (f.op == Op::Shield && (f.againstMask & e.diceMask)) ||
                           (f.op == Op::ComboShield && e.combo);
      if (!matches || remaining <= 0) continue;
      const int s = effectAmount(victim, f);
      noteAmountUsed(victim, f);
      if (s <= 0) continue;
      remaining = std::max(0, remaining - s);
      log().add(victim, c, sim::EntityUse::Triggered);
    }
  m_pendingDealer = dealer;
  m_pendingVictim = victim;
  m_pendingDamage = remaining;
  m_pendingFollowUp = thenOpponent ? amount : -1;
  // Paid Militia: "Shield any amount of damage by paying one gold per unit of damage." The
  // victim decides how much (a choice, after the other shields).
  if (remaining > 0)
    for (std::uint8_t c : v.passives)
      for (const EffectDef& f : m_rules->cards[c].effects) {
        if (f.op != Op::PaidShield) continue;
        const int per = std::max(1, effectAmount(victim, f));
        if (v.gold < per) continue;
        m_pendingPer = per;
        m_pendingMilitia = c;
        m_phase = Phase::MilitiaChoice;
        m_actor = victim;
        return false;
      }
  finishMilitia(0);
  // Rule: "The player whose health reaches zero first loses": a caster at 0 from its own
  // Heavy Rain has lost before the opponent is hit.
  return m_pendingFollowUp < 0 || m_firstDead >= 0 || dealDamage(dealer, 1 - dealer, m_pendingFollowUp, e, false);
}

void CardDiceState::finishMilitia(int blocked) {
  PlayerState& v = m_players[m_pendingVictim];
  if (blocked > 0) {
    v.gold -= blocked * m_pendingPer;
    log().add(m_pendingVictim, m_pendingMilitia, sim::EntityUse::Triggered);
  }
  const int dealt = m_pendingDamage - blocked;
  v.health -= dealt;
  if (v.health <= 0 && m_firstDead < 0) m_firstDead = m_pendingVictim;
  // Rule: "A player dealing damage (to their opponent or themselves) receives gold equal to
  // the damage dealt."
  m_players[m_pendingDealer].gold = std::min(m_players[m_pendingDealer].gold + dealt, kMaxAmount);
}

}  // namespace wb::rulesets::card_dice
