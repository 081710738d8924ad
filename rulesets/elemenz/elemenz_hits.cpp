// ElemenZ: combo effects reaching a target (rule "Attack and Damage", "STRIKE
// versus LOSE combos", "Using Totems") with the target's answers (avatars that
// redirect, a waiting ward, the totem's two tokens instead of one die, which die
// to lose), and the reaction window after the active shaman's last roll where the
// others may force re-rolls (waiting combos such as DEEFOG/SEAFOG, Winds of
// Change, Wild Pulse) or flip a die (avatar).
#include <algorithm>

#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

namespace {
bool rolled(const TurnDie& d) { return !(d.flags & (kDieAside | kDieUnrolled | kDiePending)); }

bool isRedirect(AvatarOp op) {
  return op == AvatarOp::DeflectAdjacent || op == AvatarOp::Reflect || op == AvatarOp::Mirror;
}
}  // namespace

void ElemenzState::pushHit(int attacker, int target, EffectOp op, int amount, int combo) {
  if (m_hits.full()) return;
  Hit h;
  h.attacker = static_cast<std::int8_t>(attacker);
  h.target = static_cast<std::int8_t>(target);
  h.op = op;
  h.amount = static_cast<std::int8_t>(amount);
  h.combo = static_cast<std::int8_t>(combo);
  m_hits.push_back(h);
}

bool ElemenzState::hasRedirect(int p) const {
  for (std::uint8_t a : m_p[static_cast<std::size_t>(p)].avatars)
    if (isRedirect(m_rules->avatars[a].op)) return true;
  return false;
}

// Resolves the queued effects one target at a time; stops where a target decides.
void ElemenzState::processHits(sim::Rng& rng) {
  const ElemenzRules& R = *m_rules;
  while (!m_hits.empty() && m_stage != Stage::Over) {
    Hit& h = m_hits[0];
    PlayerState& ts = m_p[static_cast<std::size_t>(h.target)];
    if (!ts.alive) {
      m_hits.erase(0);
      continue;
    }
    if (!h.redirectDone) {
      if (hasRedirect(h.target)) {
        m_stage = Stage::Hit;
        m_actor = h.target;
        return;
      }
      h.redirectDone = true;
    }
    if (h.op == EffectOp::BurnPulse) {
      // FAQ: at most one token burnt from a target's totem per turn.
      if (m_burns[static_cast<std::size_t>(h.target)] < R.pulseBurnsPerTarget && !ts.totem.empty()) {
        ++m_burns[static_cast<std::size_t>(h.target)];
        counterLog().add(h.attacker, kCounterPulseBurnt);
        removeToken(h.target, sim::uniformInt(rng, ts.totem.count()));
      }
      m_hits.erase(0);
      continue;
    }
    // "STRIKE ... attack dice minus defense dice"; "lose" combos ignore defence.
    if (h.loss < 0)
      h.loss = static_cast<std::int8_t>(h.op == EffectOp::Strike ? std::max(0, h.amount - defence(h.target)) : h.amount);
    if (h.loss <= 0 || ts.dice <= 0) {
      if (h.op == EffectOp::Strike) {
        counterLog().add(h.attacker, kCounterStrikeHits);
        if (h.taken == 0) counterLog().add(h.attacker, kCounterStrikeDrainsNothing);
      }
      m_hits.erase(0);
      continue;
    }
    std::vector<sim::Action> options;
    addHit(options);
    if (options.size() == 1) {
      applyHitAction(options.front(), rng);
      return;
    }
    m_stage = Stage::Hit;
    m_actor = h.target;
    return;
  }
  if (m_stage == Stage::Over) return;
  continueTurn(rng);
}

// One die drained from `p` at `location` (the target's choice) goes to the pool.
void ElemenzState::loseDie(int p, int location) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  if (ps.dice <= 0) return;
  if (m_duel) {
    const int colour = location - kLoseColour;
    if (colour < 0 || colour >= kElements || ps.hand[static_cast<std::size_t>(colour)] == 0) return;
    --ps.hand[static_cast<std::size_t>(colour)];
    ++m_pool[static_cast<std::size_t>(colour)];
  } else {
    if (p == m_active) {
      // Own turn (a reflected effect): the die leaves the turn's dice.
      int pick = -1;
      for (int i = 0; i < m_dice.count() && pick < 0; ++i) {
        const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
        if (d.flags & kDieBorrowed) continue;
        const bool used = (d.flags & kDieUsed) != 0, shield = (d.flags & kDieShield) != 0;
        if ((location == kLoseShield && shield) || (location == kLoseUsed && used && !shield) ||
            (location >= kLoseFace && !used && rolled(d) && d.face == location - kLoseFace) ||
            (location == kLoseOther && !rolled(d)))
          pick = i;
      }
      if (pick < 0) return;
      m_dice.erase(static_cast<std::size_t>(pick));
    }
    if (location == kLoseShield && ps.shield > 0) {
      // Earth: "If forced to lose the 1 dice, the Earth Shaman loses all of their SHIELD."
      --ps.shield;
      if (ps.shield == 0) ps.shieldFree = false;
    } else if (location == kLoseBonus && ps.bonus > 0) {
      --ps.bonus;
    }
    ++m_pool[static_cast<std::size_t>(ps.shaman)];
  }
  --ps.dice;
  counterLog().add(p, kCounterDiceLost);
  if (!m_hits.empty()) counterLog().add(m_hits[0].attacker, kCounterDiceDrained);
  if (ps.dice <= 0) {
    if (m_duel) ps.dice = 0;
    else eliminate(p);
  }
}

void ElemenzState::applyHitAction(sim::Action a, sim::Rng& rng) {
  if (m_hits.empty()) return;
  const std::int64_t payload = payloadOf(a);
  Hit& h = m_hits[0];
  const int t = h.target;
  PlayerState& ts = m_p[static_cast<std::size_t>(t)];
  switch (kindOf(a)) {
    case ActionKind::HitAccept:
      h.redirectDone = true;
      break;
    case ActionKind::HitRedirect: {
      const int avatar = static_cast<int>(payload / 10);
      const int q = static_cast<int>(payload % 10);
      dropAvatar(t, avatar);
      if (m_rules->avatars[static_cast<std::size_t>(avatar)].op == AvatarOp::Mirror) {
        h.redirectDone = true;
        Hit copy = h;
        copy.target = static_cast<std::int8_t>(q);
        copy.redirectDone = false;
        copy.loss = -1;
        if (!m_hits.full()) m_hits.push_back(copy);
      } else {
        h.target = static_cast<std::int8_t>(q);
        h.redirectDone = false;
        h.loss = -1;
      }
      break;
    }
    case ActionKind::HitWard: {
      const int combo = static_cast<int>(payload);
      ts.armed.eraseValue(static_cast<std::uint8_t>(combo));
      counterLog().add(t, kCounterWaitingTriggered);
      for (const ComboEffect& e : m_rules->combos[static_cast<std::size_t>(combo)].effects)
        if (e.op == EffectOp::Ward) h.loss = static_cast<std::int8_t>(std::max(0, h.loss - e.amount));
      break;
    }
    case ActionKind::HitCancel: {
      const int avatar = static_cast<int>(payload);
      dropAvatar(t, avatar);
      h.loss = static_cast<std::int8_t>(std::max(0, h.loss - m_rules->avatars[static_cast<std::size_t>(avatar)].amount));
      break;
    }
    case ActionKind::HitTotem: {
      // "A Totem allows that player to discard 2 pulse tokens instead of losing 1 dice" (once per drain).
      for (int s = 3; s >= 0; --s)
        if ((payload >> s) & 1) removeToken(t, s);
      h.totemUsed = true;
      ++h.taken;
      --h.loss;
      counterLog().add(t, kCounterTotemTrade);
      break;
    }
    case ActionKind::HitLose:
      loseDie(t, static_cast<int>(payload));
      if (!m_hits.empty()) {
        --m_hits[0].loss;
        ++m_hits[0].taken;
      }
      break;
    default:
      return;
  }
  processHits(rng);
}

// The reaction window (assumed timing `reaction_window`, from the FAQ on
// DEEFOG/SEAFOG: "a forced re-roll ... is separate and happens immediately";
// Winds of Change "forces a target Shaman to re-roll a single dice"): after the
// active shaman's last roll and before it assigns dice, and with after_each_roll
// after each earlier roll too, each other shaman in clockwise order may force
// re-rolls of the active shaman's dice (the one shaman with rolled dice) or flip
// a die, then passes.
bool ElemenzState::hasReaction(int q) const {
  const PlayerState& qs = m_p[static_cast<std::size_t>(q)];
  if (!qs.alive || q == m_active) return false;
  bool anyDie = false, zee = false;
  for (const TurnDie& d : m_dice)
    if (rolled(d)) {
      anyDie = true;
      zee |= d.face == kZee;
    }
  if (!anyDie) return false;
  for (std::uint8_t c : qs.armed)
    for (const ComboEffect& e : m_rules->combos[c].effects)
      if (e.op == EffectOp::ForceReroll) return true;
  for (std::uint8_t t : qs.totem) {
    const TokenOp op = m_rules->tokens[t].op;
    if (op == TokenOp::WindsOfChange || (op == TokenOp::WildPulse && zee)) return true;
  }
  // Twist: "after their 3rd roll (but before they assign dice to combos)", so only in the
  // window after the last roll.
  if (!rollingOpen())
    for (std::uint8_t a : qs.avatars)
      if (m_rules->avatars[a].op == AvatarOp::FlipTarget) return true;
  return false;
}

void ElemenzState::beginReactions(sim::Rng& rng) {
  m_reactor = m_active;
  nextReactor(rng);
}

void ElemenzState::nextReactor(sim::Rng& rng) {
  int q = m_reactor < 0 ? m_active : m_reactor;
  for (int k = 1; k < m_players; ++k) {
    q = (q + 1) % m_players;
    if (q == m_active) break;
    if (hasReaction(q)) {
      m_reactor = q;
      m_stage = Stage::React;
      m_actor = q;
      return;
    }
  }
  m_reactor = -1;
  closeWindow();
  continueTurn(rng);
}

void ElemenzState::react(std::int64_t payload, sim::Rng& rng) {
  const int source = static_cast<int>(payload / 100'000);
  const int index = static_cast<int>(payload / 1000 % 100);
  const int die = static_cast<int>(payload / 10 % 100);
  const int face = static_cast<int>(payload % 10);
  const int q = m_reactor;
  PlayerState& qs = m_p[static_cast<std::size_t>(q)];
  if (source == kReactAvatar) {
    dropAvatar(q, index);
    m_dice[static_cast<std::size_t>(die)].face = static_cast<std::uint8_t>(face);
    continueTurn(rng);
    return;
  }
  if (source == kReactCombo) {
    qs.armed.eraseValue(static_cast<std::uint8_t>(index));
    counterLog().add(q, kCounterWaitingTriggered);
  } else {
    for (int s = 0; s < qs.totem.count(); ++s)
      if (qs.totem[static_cast<std::size_t>(s)] == index) {
        removeToken(q, s);
        break;
      }
    counterLog().add(q, kCounterPulseUsed);
    log().add(q, m_rules->tokens[static_cast<std::size_t>(index)].entity, sim::EntityUse::Played);
  }
  counterLog().add(m_active, kCounterForcedReroll);
  // FAQ: a forced re-roll is separate from the 3 roll limit and happens at once.
  beginPending(1U << die, RollKind::Forced);
}

}  // namespace wb::rulesets::elemenz
