// ElemenZ: placing dice on combos (rule "Combos", "Using Zee"), what the combos
// do, and what a shaman buys or plays on its own turn: pulse tokens (rule "Using
// Pulse"), avatars (rule "Using Avatars") and the race abilities.
#include <algorithm>

#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

namespace {
bool inPlay(const TurnDie& d) { return !(d.flags & (kDieAside | kDieUnrolled | kDiePending)); }
bool isFree(const TurnDie& d) { return inPlay(d) && !(d.flags & kDieUsed); }
}  // namespace

// Rule "STRIKE": defence = the dice in SHIELD (Earth's free die while its one die
// stays), plus the assumed starting bonus.
int ElemenzState::defence(int p) const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  return ps.shield + (ps.shieldFree && ps.shield >= 1 ? 1 : 0) + ps.bonus;
}

// Rule "Using Zee": a wild mimics a symbol only when another rolled die shows it
// (used dice still show it); "Wild dice can be anchored to these energy tokens":
// with token_anchor on_totem (assumed) an element token on the totem anchors too,
// with in_combo only a token played in the same combo (planFill).
bool ElemenzState::anchored(int element) const {
  for (const TurnDie& d : m_dice)
    if (inPlay(d) && d.face == element) return true;
  if (m_duel || !m_rules->tokenAnchorsOnTotem) return false;
  for (std::uint8_t t : m_p[static_cast<std::size_t>(m_active)].totem) {
    const TokenType& tt = m_rules->tokens[t];
    if (tt.op == TokenOp::Element && tt.symbol == element) return true;
  }
  return false;
}

int ElemenzState::showing(int element) const {
  int natural = 0, zee = 0;
  for (const TurnDie& d : m_dice) {
    if (!isFree(d)) continue;
    natural += d.face == element;
    zee += d.face == kZee;
  }
  const bool wild = !m_duel || m_rules->duelVariant == DuelVariant::Easier;
  return natural + (wild && anchored(element) ? zee : 0);
}

// Dice for a cost of n symbols `element`: natural dice first, then anchored Zee.
bool ElemenzState::payDice(int element, int n, bool apply) {
  if (showing(element) < n) return false;
  if (!apply) return true;
  for (int pass = 0; pass < 2 && n > 0; ++pass)
    for (TurnDie& d : m_dice)
      if (n > 0 && isFree(d) && d.face == (pass == 0 ? element : kZee)) {
        d.flags |= kDieUsed;
        --n;
      }
  return true;
}

// The dice (and element tokens) a combo takes: natural dice first; what they
// cannot cover must come from tokens where no die anchors a Zee, and from
// anchored Zee (then tokens) elsewhere. `dice` is the spaces filled of a partial combo.
bool ElemenzState::planFill(int combo, int dice, FillPlan& plan) const {
  const Combo& c = m_rules->combos[static_cast<std::size_t>(combo)];
  const PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  plan.dice.clear();
  plan.slots.clear();
  Counts need{};
  for (int e = 0; e < kElements; ++e) {
    const int n = c.partial ? (c.need[static_cast<std::size_t>(e)] > 0 ? dice : 0)
                            : c.need[static_cast<std::size_t>(e)] - c.locked[static_cast<std::size_t>(e)];
    need[static_cast<std::size_t>(e)] = static_cast<std::uint8_t>(std::max(0, n));
  }
  std::array<bool, kMaxTurnDice> taken{};
  std::array<bool, 4> slotTaken{};
  std::array<int, kElements> shortfall{};
  for (int e = 0; e < kElements; ++e) {
    int n = need[static_cast<std::size_t>(e)];
    for (int i = 0; i < m_dice.count() && n > 0; ++i) {
      const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
      if (isFree(d) && d.face == e && !taken[static_cast<std::size_t>(i)]) {
        taken[static_cast<std::size_t>(i)] = true;
        plan.dice.push_back(static_cast<std::uint8_t>(i));
        --n;
      }
    }
    shortfall[static_cast<std::size_t>(e)] = n;
  }
  auto takeToken = [&](int e) {
    for (int s = 0; s < ps.totem.count(); ++s) {
      const TokenType& t = m_rules->tokens[ps.totem[static_cast<std::size_t>(s)]];
      if (!slotTaken[static_cast<std::size_t>(s)] && t.op == TokenOp::Element && t.symbol == e) {
        slotTaken[static_cast<std::size_t>(s)] = true;
        plan.slots.push_back(static_cast<std::uint8_t>(s));
        return true;
      }
    }
    return false;
  };
  auto takeZees = [&](int& n) {
    for (int i = 0; i < m_dice.count() && n > 0; ++i) {
      const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
      if (isFree(d) && d.face == kZee && !taken[static_cast<std::size_t>(i)]) {
        taken[static_cast<std::size_t>(i)] = true;
        plan.dice.push_back(static_cast<std::uint8_t>(i));
        --n;
      }
    }
  };
  const bool wild = !m_duel || m_rules->duelVariant == DuelVariant::Easier;
  for (int pass = 0; pass < 2; ++pass) {
    for (int e = 0; e < kElements; ++e) {
      int& n = shortfall[static_cast<std::size_t>(e)];
      if (n == 0) continue;
      const bool anchor = wild && anchored(e);
      if (pass == 0 && anchor) continue;  // unanchored shortfalls take tokens first
      if (anchor) takeZees(n);
      int tokens = 0;
      while (n > 0 && !m_duel && takeToken(e)) {
        --n;
        ++tokens;
      }
      // token_anchor in_combo (assumed): a Zee anchors to a token played in this combo.
      if (n > 0 && wild && !anchor && tokens > 0) takeZees(n);
      if (n > 0) return false;
    }
  }
  return true;
}

bool ElemenzState::canComplete(int combo, int dice) const {
  FillPlan plan;
  return planFill(combo, dice, plan);
}

int ElemenzState::maxPartial(int combo) const {
  const Combo& c = m_rules->combos[static_cast<std::size_t>(combo)];
  int cap = c.spaces;
  // Block: "block an opponents board space": one space of this combo is closed.
  if (m_p[static_cast<std::size_t>(m_active)].blockedCombo == combo) --cap;
  if (cap <= 0) return 0;
  if (c.isShield() && m_rules->shamans[static_cast<std::size_t>(c.shaman)].freeShieldDie) cap = std::max(1, cap - 1);
  for (int k = cap; k >= 1; --k)
    if (canComplete(combo, k)) return k;
  return 0;
}

void ElemenzState::applyFill(const FillPlan& plan, bool shield) {
  for (std::uint8_t i : plan.dice) m_dice[i].flags |= static_cast<std::uint8_t>(kDieUsed | (shield ? kDieShield : 0));
  // Remove token slots from the highest index down so the others keep their place.
  for (int s = 3; s >= 0; --s) {
    if (!plan.slots.contains(static_cast<std::uint8_t>(s))) continue;
    const int type = m_p[static_cast<std::size_t>(m_active)].totem[s];
    counterLog().add(m_active, kCounterPulseUsed);
    log().add(m_active, m_rules->tokens[static_cast<std::size_t>(type)].entity, sim::EntityUse::Played);
    removeToken(m_active, s);
  }
}

// Rule "Combos": a complete combo is activated at once; STRIKE and SHIELD may be partial.
void ElemenzState::complete(int combo, int dice, int target, sim::Rng& rng) {
  const ElemenzRules& R = *m_rules;
  const Combo& c = R.combos[static_cast<std::size_t>(combo)];
  PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  FillPlan plan;
  if (!planFill(combo, c.partial ? dice : c.spaces, plan)) return;
  applyFill(plan, c.isShield());
  m_doneCombos |= std::uint64_t{1} << combo;
  counterLog().add(m_active, c.counter);
  log().add(m_active, c.entity, sim::EntityUse::Played);
  // Fire's race ability: the free dice locked into this combo did their work.
  if (c.lockedBy >= 0) log().add(m_active, c.lockedBy, sim::EntityUse::Triggered);
  for (const ComboEffect& e : c.effects) {
    const int amount = e.fromDice ? dice : e.amount;
    auto hitTargets = [&](EffectOp op) {
      switch (e.target) {
        case TargetKind::One: pushHit(m_active, target, op, amount, combo); break;
        case TargetKind::Left: pushHit(m_active, leftOf(m_active), op, amount, combo); break;
        case TargetKind::Right: pushHit(m_active, rightOf(m_active), op, amount, combo); break;
        case TargetKind::EachOpponent:
          for (int k = 1; k < m_players; ++k) {
            const int q = (m_active + k) % m_players;
            if (m_p[static_cast<std::size_t>(q)].alive) pushHit(m_active, q, op, amount, combo);
          }
          break;
      }
    };
    switch (e.op) {
      case EffectOp::Strike:
      case EffectOp::Lose:
      case EffectOp::BurnPulse:
        hitTargets(e.op);
        break;
      case EffectOp::Shield: {
        const Shaman& sh = R.shamans[static_cast<std::size_t>(ps.shaman)];
        ps.shield = static_cast<std::int8_t>(amount);
        ps.shieldFree = sh.freeShieldDie && amount >= 1;
        if (ps.shieldFree && !sh.abilityEntities.empty()) log().add(m_active, sh.abilityEntities.front(), sim::EntityUse::Triggered);
        break;
      }
      case EffectOp::Heal:
        heal(m_active, amount, false, HealSource::Combo);
        break;
      case EffectOp::Energise:
        fillTotem(m_active, amount, rng);
        break;
      case EffectOp::ForceReroll:
      case EffectOp::Ward:
        for (int k = 0; k < std::max(1, e.op == EffectOp::ForceReroll ? amount : 1) && !ps.armed.full(); ++k)
          ps.armed.push_back(static_cast<std::uint8_t>(combo));
        break;
      case EffectOp::TakeDie:
        break;
    }
  }
  if (m_tideDie >= 0) {
    beginTide(Stage::Assign);  // processHits follows the tide choice
    return;
  }
  if (!m_hits.empty()) processHits(rng);
}

// Rule "Using Pulse": re-energise a token with dice of the totem's symbol.
void ElemenzState::buyPulse(sim::Rng& rng) {
  payDice(m_p[static_cast<std::size_t>(m_active)].shaman, m_rules->pulseBuyDice, true);
  counterLog().add(m_active, kCounterPulseBought);
  fillTotem(m_active, 1, rng);
}

// Burn a token of the target's totem with dice of its symbol; face down, so a random one.
void ElemenzState::burnPulse(int target, sim::Rng& rng) {
  PlayerState& ts = m_p[static_cast<std::size_t>(target)];
  payDice(ts.shaman, m_rules->pulseBurnDice, true);
  ++m_burns[static_cast<std::size_t>(target)];
  if (ts.totem.empty()) return;
  counterLog().add(m_active, kCounterPulseBurnt);
  removeToken(target, sim::uniformInt(rng, ts.totem.count()));
}

void ElemenzState::useToken(int type, int die, sim::Rng& rng) {
  PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  const TokenType& t = m_rules->tokens[static_cast<std::size_t>(type)];
  const int slot = [&] {
    for (int s = 0; s < ps.totem.count(); ++s)
      if (ps.totem[static_cast<std::size_t>(s)] == type) return s;
    return -1;
  }();
  if (slot < 0) return;
  const bool surgeChoice = m_stage == Stage::SurgeChoice;
  removeToken(m_active, slot);
  counterLog().add(m_active, kCounterPulseUsed);
  log().add(m_active, t.entity, sim::EntityUse::Played);
  switch (t.op) {
    case TokenOp::Restore:
      heal(m_active, t.amount, rollingOpen(), HealSource::Token);
      if (m_tideDie >= 0) {
        beginTide(m_stage);
        break;
      }
      if (surgeNow()) afterRoll(rng);
      break;
    case TokenOp::WindsOfChange:
    case TokenOp::WildPulse:
      beginPending(1U << die, RollKind::Free);
      break;
    case TokenOp::TotemicBuff:
      m_dice[static_cast<std::size_t>(die)].flags |= kDieAside;  // "removing the dice temporarily until the next turn"
      if (surgeChoice) {
        counterLog().add(m_active, kCounterSurgeStopped);
        afterRoll(rng);
      }
      break;
    case TokenOp::Element:
      break;
  }
}

void ElemenzState::dropAvatar(int p, int avatar) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  if (!ps.avatars.eraseValue(static_cast<std::uint8_t>(avatar))) return;
  m_avatarPool.push_back(static_cast<std::uint8_t>(avatar));  // "back to the central pool ... face up"
  counterLog().add(p, kCounterAvatarUsed);
  log().add(p, m_rules->avatars[static_cast<std::size_t>(avatar)].entity, sim::EntityUse::Played);
}

// Own-turn avatars (rule "Avatar Abilities"); the reactive ones are in elemenz_hits.cpp.
void ElemenzState::useAvatar(int avatar, std::int64_t arg, sim::Rng& rng) {
  const AvatarType& a = m_rules->avatars[static_cast<std::size_t>(avatar)];
  PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  dropAvatar(m_active, avatar);
  auto takeFromPool = [&](int n, bool ownOnly) {
    int taken = 0;
    for (int k = 0; k < n && !m_dice.full(); ++k) {
      int colour = ps.shaman;
      if (m_pool[static_cast<std::size_t>(colour)] == 0) {
        if (ownOnly) break;
        colour = static_cast<int>(std::max_element(m_pool.begin(), m_pool.end()) - m_pool.begin());
        if (m_pool[static_cast<std::size_t>(colour)] == 0) break;
      }
      --m_pool[static_cast<std::size_t>(colour)];
      m_dice.push_back(TurnDie{static_cast<std::uint8_t>(colour), 0, static_cast<std::uint8_t>(kDieUnrolled | kDieBorrowed)});
      ++taken;
    }
    return taken;
  };
  switch (a.op) {
    case AvatarOp::FlipOwn:
      m_dice[static_cast<std::size_t>(arg / 10)].face = static_cast<std::uint8_t>(arg % 10);
      break;
    case AvatarOp::RecyclePulse:
      recycleTotem(m_active, rng);
      break;
    case AvatarOp::BorrowDie:
      takeFromPool(a.amount, false);
      break;
    case AvatarOp::RecallDice: {
      const int drawn = takeFromPool(a.amount, true);
      m_recallReturn += std::max(0, a.amount2 - drawn);
      break;
    }
    case AvatarOp::RerollOpposing: {
      m_rerollOpposingUsed = true;
      const int opposing = m_rules->shamans[static_cast<std::size_t>(ps.shaman)].opposing;
      std::uint32_t mask = 0;
      for (int i = 0; i < m_dice.count(); ++i)
        if (isFree(m_dice[static_cast<std::size_t>(i)]) && m_dice[static_cast<std::size_t>(i)].face == opposing) mask |= 1U << i;
      beginPending(mask, RollKind::Free);
      break;
    }
    case AvatarOp::SurgeTwo:
      m_p[static_cast<std::size_t>(arg)].cursedSurgeTwo = true;
      break;
    case AvatarOp::NoHeal:
      m_p[static_cast<std::size_t>(arg)].cursedNoHeal = true;
      break;
    case AvatarOp::BlockSpace: {
      m_dice[static_cast<std::size_t>(arg / 10000)].flags |= kDieUsed;
      PlayerState& ts = m_p[static_cast<std::size_t>(arg / 100 % 100)];
      ts.blockedCombo = static_cast<std::int8_t>(arg % 100);
      ts.blockedBy = static_cast<std::int8_t>(m_active);
      break;
    }
    default:
      break;
  }
}

}  // namespace wb::rulesets::elemenz
