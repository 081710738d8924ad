// ElemenZ: the legal actions of each stage. Identical dice (same colour and
// face) are interchangeable, so each group is offered once, by its first die.
#include <algorithm>

#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

namespace {
bool rolled(const TurnDie& d) { return !(d.flags & (kDieAside | kDieUnrolled | kDiePending)); }
bool isFree(const TurnDie& d) { return rolled(d) && !(d.flags & kDieUsed); }
}  // namespace

int ElemenzState::groupLeader(int die) const {
  const TurnDie& d = m_dice[static_cast<std::size_t>(die)];
  for (int i = 0; i < die; ++i) {
    const TurnDie& o = m_dice[static_cast<std::size_t>(i)];
    if (isFree(o) == isFree(d) && o.colour == d.colour && o.face == d.face && (o.flags & kDieBorrowed) == (d.flags & kDieBorrowed))
      return i;
  }
  return die;
}

void ElemenzState::legalActions(std::vector<sim::Action>& out) const {
  out.clear();
  switch (m_stage) {
    case Stage::Over:
      return;
    case Stage::Hold:
      addHold(out);
      if (!m_duel) addOwnTurnExtras(out);
      return;
    case Stage::RollPending:
      out.push_back(encode(ActionKind::Roll, 0));
      return;
    case Stage::SurgeChoice: {
      out.push_back(encode(ActionKind::AcceptSurge, 0));
      const PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
      for (int t = 0; t < static_cast<int>(m_rules->tokens.size()); ++t) {
        if (m_rules->tokens[static_cast<std::size_t>(t)].op != TokenOp::TotemicBuff || !ps.totem.contains(static_cast<std::uint8_t>(t))) continue;
        for (int i = 0; i < m_dice.count(); ++i)
          if (rolled(m_dice[static_cast<std::size_t>(i)]) && m_dice[static_cast<std::size_t>(i)].face == kZee && groupLeader(i) == i)
            out.push_back(encode(ActionKind::UseToken, t * 32 + i));
      }
      return;
    }
    case Stage::HealChoice:
      out.push_back(encode(ActionKind::Heal, 0));
      out.push_back(encode(ActionKind::SkipHeal, 0));
      return;
    case Stage::TideChoice:
      // WATER: "the Water player can immediately re-roll this dice" (a choice).
      out.push_back(encode(ActionKind::TideReroll, 0));
      out.push_back(encode(ActionKind::TideKeep, 0));
      return;
    case Stage::ColourChoice: {
      // Harder game: "only 4 dice of one of their colours" (each player's choice).
      const PlayerState& ps = m_p[static_cast<std::size_t>(m_actor)];
      for (int c : m_rules->sideElements[static_cast<std::size_t>(ps.side)]) out.push_back(encode(ActionKind::ChooseColour, c));
      return;
    }
    case Stage::React:
      addReact(out);
      return;
    case Stage::Assign:
      addAssign(out);
      return;
    case Stage::Hit:
      addHit(out);
      return;
  }
}

// Rule "Gameplay": re-roll any or all dice (kept ones too) while rolls remain; a
// healed die always rolls with the next roll. Reroll(mask) names the dice rolled.
void ElemenzState::addHold(std::vector<sim::Action>& out) const {
  std::array<int, kMaxTurnDice> groupOf{};
  std::array<int, kMaxTurnDice> groupSize{};
  std::array<std::array<int, kMaxTurnDice>, kMaxTurnDice> members{};
  int groups = 0;
  bool unrolled = false;
  for (int i = 0; i < m_dice.count(); ++i) {
    const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
    unrolled |= (d.flags & kDieUnrolled) != 0 && !(d.flags & kDieAside);
    if (!isFree(d)) continue;
    const int leader = groupLeader(i);
    int g = -1;
    for (int k = 0; k < groups; ++k)
      if (members[static_cast<std::size_t>(k)][0] == leader) g = k;
    if (g < 0) g = groups++;
    groupOf[static_cast<std::size_t>(i)] = g;
    members[static_cast<std::size_t>(g)][static_cast<std::size_t>(groupSize[static_cast<std::size_t>(g)]++)] = i;
  }
  // Every choice of how many dice of each group to re-roll (the first ones of the group).
  std::array<int, kMaxTurnDice> k{};
  while (true) {
    std::uint32_t mask = 0;
    for (int g = 0; g < groups; ++g)
      for (int j = 0; j < k[static_cast<std::size_t>(g)]; ++j) mask |= 1U << members[static_cast<std::size_t>(g)][static_cast<std::size_t>(j)];
    if (mask != 0 || unrolled) out.push_back(encode(ActionKind::Reroll, mask));
    int g = 0;
    while (g < groups && k[static_cast<std::size_t>(g)] == groupSize[static_cast<std::size_t>(g)]) k[static_cast<std::size_t>(g++)] = 0;
    if (g >= groups) break;
    ++k[static_cast<std::size_t>(g)];
  }
  out.push_back(encode(ActionKind::Stop, 0));
  if (m_duel) {
    // 2 players: "A Shaman can activate completed combos immediately" (after any roll).
    const PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
    for (int c : m_rules->sideBoard[static_cast<std::size_t>(ps.side)]) {
      if (comboDone(c)) continue;
      const Combo& cb = m_rules->combos[static_cast<std::size_t>(c)];
      if (cb.kind == ComboKind::Monolith && ((ps.locked >> c) & 1U)) continue;
      if (fillDuelCheck(c)) out.push_back(encode(ActionKind::Complete, completePayload(c, 0, 1 - m_active)));
    }
  }
}

// Pulse tokens, the Air ability and own-turn avatars, in Hold and Assign.
void ElemenzState::addOwnTurnExtras(std::vector<sim::Action>& out) const {
  const ElemenzRules& R = *m_rules;
  const PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  const bool hold = m_stage == Stage::Hold;
  const int opposing = R.shamans[static_cast<std::size_t>(ps.shaman)].opposing;
  FixedVector<std::uint8_t, kMaxTurnDice> leaders, zees;
  bool opposingShown = false;
  for (int i = 0; i < m_dice.count(); ++i) {
    const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
    if (!isFree(d)) continue;
    opposingShown |= d.face == opposing;
    if (groupLeader(i) != i) continue;
    leaders.push_back(static_cast<std::uint8_t>(i));
    if (d.face == kZee) zees.push_back(static_cast<std::uint8_t>(i));
  }
  if (m_freeRerollsLeft > 0) {
    for (std::uint8_t i : leaders) out.push_back(encode(ActionKind::FreeReroll, i));
    // AIR: "This even includes rolling a regained heal dice" (FAQ: a just-healed die, yes).
    for (int i = 0; i < m_dice.count(); ++i)
      if ((m_dice[static_cast<std::size_t>(i)].flags & kDieHealed) && !(m_dice[static_cast<std::size_t>(i)].flags & kDiePending)) {
        out.push_back(encode(ActionKind::FreeReroll, i));
        break;  // healed dice are alike
      }
  }
  for (int t = 0; t < static_cast<int>(R.tokens.size()); ++t) {
    if (!ps.totem.contains(static_cast<std::uint8_t>(t))) continue;
    switch (R.tokens[static_cast<std::size_t>(t)].op) {
      case TokenOp::Restore:
        if (m_pool[static_cast<std::size_t>(ps.shaman)] > 0) out.push_back(encode(ActionKind::UseToken, t * 32));
        break;
      case TokenOp::WindsOfChange:
        for (std::uint8_t i : leaders) out.push_back(encode(ActionKind::UseToken, t * 32 + i));
        break;
      case TokenOp::WildPulse:
        for (std::uint8_t i : zees) out.push_back(encode(ActionKind::UseToken, t * 32 + i));
        break;
      case TokenOp::TotemicBuff:
        // "negates the effect of a single wild 'Z' rolled by a Shaman": while rolling
        // and while placing dice alike (the text gives no moment).
        for (std::uint8_t i : zees) out.push_back(encode(ActionKind::UseToken, t * 32 + i));
        break;
      case TokenOp::Element:
        break;
    }
  }
  FixedVector<std::uint8_t, 8> seen;
  for (std::uint8_t a : ps.avatars) {
    if (seen.contains(a)) continue;
    seen.push_back(a);
    switch (R.avatars[a].op) {
      case AvatarOp::FlipOwn:
        if (hold)
          for (std::uint8_t i : leaders)
            for (int f = 0; f < kFaces; ++f)
              if (f != m_dice[i].face) out.push_back(encode(ActionKind::UseAvatar, avatarPayload(a, i * 10 + f)));
        break;
      case AvatarOp::RecyclePulse:
        if (!ps.totem.empty()) out.push_back(encode(ActionKind::UseAvatar, avatarPayload(a, 0)));
        break;
      case AvatarOp::BorrowDie: {
        int pooled = 0;
        for (std::uint8_t n : m_pool) pooled += n;
        if (hold && pooled > 0 && !m_dice.full()) out.push_back(encode(ActionKind::UseAvatar, avatarPayload(a, 0)));
        break;
      }
      case AvatarOp::RecallDice:
        if (hold && m_pool[static_cast<std::size_t>(ps.shaman)] > 0 && !m_dice.full())
          out.push_back(encode(ActionKind::UseAvatar, avatarPayload(a, 0)));
        break;
      case AvatarOp::RerollOpposing:
        if (!m_rerollOpposingUsed && opposingShown) out.push_back(encode(ActionKind::UseAvatar, avatarPayload(a, 0)));
        break;
      case AvatarOp::SurgeTwo:
      case AvatarOp::NoHeal:
        if (!hold)
          for (int q = 0; q < m_players; ++q)
            if (q != m_active && m_p[static_cast<std::size_t>(q)].alive) out.push_back(encode(ActionKind::UseAvatar, avatarPayload(a, q)));
        break;
      case AvatarOp::BlockSpace:
        // "Use 1 of your dice to block an opponents board space": the player picks the die.
        if (!hold)
          for (std::uint8_t i : leaders)
            for (int q = 0; q < m_players; ++q) {
              const PlayerState& qs = m_p[static_cast<std::size_t>(q)];
              if (q == m_active || !qs.alive || qs.blockedCombo >= 0) continue;
              for (int c : R.shamans[static_cast<std::size_t>(qs.shaman)].board)
                out.push_back(encode(ActionKind::UseAvatar, avatarPayload(a, i * 10000 + q * 100 + c)));
            }
        break;
      default:
        break;
    }
  }
}

void ElemenzState::addAssign(std::vector<sim::Action>& out) const {
  if (m_duel) {
    addHold(out);  // the same combos; no more rolls
    out.erase(std::remove_if(out.begin(), out.end(),
                             [](sim::Action a) { return kindOf(a) == ActionKind::Reroll || kindOf(a) == ActionKind::Stop; }),
              out.end());
    out.push_back(encode(ActionKind::EndTurn, 0));
    return;
  }
  const ElemenzRules& R = *m_rules;
  const PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  for (int c : R.shamans[static_cast<std::size_t>(ps.shaman)].board) {
    if (comboDone(c)) continue;
    const Combo& cb = R.combos[static_cast<std::size_t>(c)];
    // Block closes one board space: a combo that needs every space cannot be completed, a
    // partial one fills one space fewer (maxPartial).
    if (ps.blockedCombo == c && !cb.partial) continue;
    const int top = cb.partial ? maxPartial(c) : (canComplete(c, cb.spaces) ? cb.spaces : 0);
    for (int k = cb.partial ? 1 : top; k >= 1 && k <= top; ++k) {
      if (cb.targeted()) {
        for (int q = 0; q < m_players; ++q)
          if (q != m_active && m_p[static_cast<std::size_t>(q)].alive) out.push_back(encode(ActionKind::Complete, completePayload(c, k, q)));
      } else {
        out.push_back(encode(ActionKind::Complete, completePayload(c, k, m_active)));
      }
    }
  }
  if (!ps.totemGone && ps.totem.count() < R.totemCapacity && bagSize() > 0 && showing(ps.shaman) >= R.pulseBuyDice)
    out.push_back(encode(ActionKind::BuyPulse, 0));
  for (int q = 0; q < m_players; ++q) {
    const PlayerState& qs = m_p[static_cast<std::size_t>(q)];
    if (q == m_active || !qs.alive) continue;
    if (!qs.totem.empty() && m_burns[static_cast<std::size_t>(q)] < R.pulseBurnsPerTarget && showing(qs.shaman) >= R.pulseBurnDice)
      out.push_back(encode(ActionKind::BurnPulse, q));
  }
  if (R.avatarsOn) {
    if (showing(ps.shaman) >= R.avatarBuyDice && !ps.avatars.full())
      for (std::uint8_t a : m_avatarPool) out.push_back(encode(ActionKind::BuyAvatar, a));
    // "a pair of dice of any matching symbol": one choice per symbol the player can pair.
    for (int e = 0; e < kElements; ++e) {
      if (showing(e) < R.avatarBurnDice) continue;
      for (int q = 0; q < m_players; ++q)
        if (q != m_active && m_p[static_cast<std::size_t>(q)].alive && !m_p[static_cast<std::size_t>(q)].avatars.empty())
          out.push_back(encode(ActionKind::BurnAvatar, e * 10 + q));
    }
  }
  addOwnTurnExtras(out);
  out.push_back(encode(ActionKind::EndTurn, 0));
}

void ElemenzState::addReact(std::vector<sim::Action>& out) const {
  const int q = m_reactor;
  const PlayerState& qs = m_p[static_cast<std::size_t>(q)];
  FixedVector<std::uint8_t, kMaxTurnDice> leaders, zees;
  for (int i = 0; i < m_dice.count(); ++i) {
    if (!rolled(m_dice[static_cast<std::size_t>(i)]) || groupLeader(i) != i) continue;
    leaders.push_back(static_cast<std::uint8_t>(i));
    if (m_dice[static_cast<std::size_t>(i)].face == kZee) zees.push_back(static_cast<std::uint8_t>(i));
  }
  FixedVector<std::uint8_t, 8> seen;
  for (std::uint8_t c : qs.armed) {
    if (seen.contains(c)) continue;
    seen.push_back(c);
    for (const ComboEffect& e : m_rules->combos[c].effects)
      if (e.op == EffectOp::ForceReroll)
        for (std::uint8_t i : leaders) out.push_back(encode(ActionKind::React, reactPayload(kReactCombo, c, i, 0)));
  }
  for (int t = 0; t < static_cast<int>(m_rules->tokens.size()); ++t) {
    if (!qs.totem.contains(static_cast<std::uint8_t>(t))) continue;
    const TokenOp op = m_rules->tokens[static_cast<std::size_t>(t)].op;
    if (op == TokenOp::WindsOfChange)
      for (std::uint8_t i : leaders) out.push_back(encode(ActionKind::React, reactPayload(kReactToken, t, i, 0)));
    if (op == TokenOp::WildPulse)
      for (std::uint8_t i : zees) out.push_back(encode(ActionKind::React, reactPayload(kReactToken, t, i, 0)));
  }
  seen.clear();
  // Twist: "after their 3rd roll (but before they assign dice to combos)": the last window only.
  for (std::uint8_t a : qs.avatars) {
    if (rollingOpen()) break;
    if (seen.contains(a) || m_rules->avatars[a].op != AvatarOp::FlipTarget) continue;
    seen.push_back(a);
    for (std::uint8_t i : leaders)
      for (int f = 0; f < kElements; ++f)
        if (f != m_dice[i].face) out.push_back(encode(ActionKind::React, reactPayload(kReactAvatar, a, i, f)));
  }
  out.push_back(encode(ActionKind::Pass, 0));
}

void ElemenzState::addLoseLocations(std::vector<sim::Action>& out, int target) const {
  const PlayerState& ts = m_p[static_cast<std::size_t>(target)];
  if (m_duel) {
    for (int c = 0; c < kElements; ++c)
      if (ts.hand[static_cast<std::size_t>(c)] > 0) out.push_back(encode(ActionKind::HitLose, kLoseColour + c));
    return;
  }
  if (target == m_active) {
    bool used = false, shield = false, other = false;
    std::array<bool, kFaces> face{};
    for (const TurnDie& d : m_dice) {
      if (d.flags & kDieBorrowed) continue;
      if (!rolled(d)) other = true;
      else if (d.flags & kDieShield) shield = true;
      else if (d.flags & kDieUsed) used = true;
      else face[d.face] = true;
    }
    if (used) out.push_back(encode(ActionKind::HitLose, kLoseUsed));
    if (shield) out.push_back(encode(ActionKind::HitLose, kLoseShield));
    if (other) out.push_back(encode(ActionKind::HitLose, kLoseOther));
    for (int f = 0; f < kFaces; ++f)
      if (face[static_cast<std::size_t>(f)]) out.push_back(encode(ActionKind::HitLose, kLoseFace + f));
    return;
  }
  if (ts.dice - ts.shield - ts.bonus > 0) out.push_back(encode(ActionKind::HitLose, kLoseOther));
  if (ts.shield > 0) out.push_back(encode(ActionKind::HitLose, kLoseShield));
  if (ts.bonus > 0) out.push_back(encode(ActionKind::HitLose, kLoseBonus));
}

void ElemenzState::addHit(std::vector<sim::Action>& out) const {
  if (m_hits.empty()) return;
  const Hit& h = m_hits[0];
  const PlayerState& ts = m_p[static_cast<std::size_t>(h.target)];
  FixedVector<std::uint8_t, 8> seen;
  if (!h.redirectDone) {
    out.push_back(encode(ActionKind::HitAccept, 0));
    for (std::uint8_t a : ts.avatars) {
      if (seen.contains(a)) continue;
      seen.push_back(a);
      const AvatarOp op = m_rules->avatars[a].op;
      if (op == AvatarOp::DeflectAdjacent) {
        const int l = leftOf(h.target), r = rightOf(h.target);
        if (l != h.target) out.push_back(encode(ActionKind::HitRedirect, a * 10 + l));
        if (r != h.target && r != l) out.push_back(encode(ActionKind::HitRedirect, a * 10 + r));
      } else if (op == AvatarOp::Reflect) {
        if (h.attacker != h.target && m_p[static_cast<std::size_t>(h.attacker)].alive)
          out.push_back(encode(ActionKind::HitRedirect, a * 10 + h.attacker));
      } else if (op == AvatarOp::Mirror) {
        for (int q = 0; q < m_players; ++q)
          if (q != h.target && m_p[static_cast<std::size_t>(q)].alive) out.push_back(encode(ActionKind::HitRedirect, a * 10 + q));
      }
    }
    return;
  }
  for (std::uint8_t c : ts.armed) {
    if (seen.contains(c)) continue;
    seen.push_back(c);
    for (const ComboEffect& e : m_rules->combos[c].effects)
      if (e.op == EffectOp::Ward) out.push_back(encode(ActionKind::HitWard, c));
  }
  seen.clear();
  for (std::uint8_t a : ts.avatars)
    if (!seen.contains(a) && m_rules->avatars[a].op == AvatarOp::CancelLoss) {
      seen.push_back(a);
      out.push_back(encode(ActionKind::HitCancel, a));
    }
  const int trade = m_rules->totemTradeTokens;
  if (!m_duel && !h.totemUsed && ts.totem.count() >= trade) {
    // One choice per distinct set of token kinds discarded (slot masks of `trade` tokens).
    FixedVector<std::uint32_t, 16> kinds;
    for (int mask = 1; mask < (1 << ts.totem.count()); ++mask) {
      if (__builtin_popcount(static_cast<unsigned>(mask)) != trade) continue;
      std::array<std::uint8_t, 4> types{};
      int n = 0;
      for (int s = 0; s < ts.totem.count(); ++s)
        if ((mask >> s) & 1) types[static_cast<std::size_t>(n++)] = ts.totem[static_cast<std::size_t>(s)];
      for (int x = 1; x < n; ++x)  // tiny insertion sort (std::sort trips -Warray-bounds here)
        for (int y = x; y > 0 && types[static_cast<std::size_t>(y - 1)] > types[static_cast<std::size_t>(y)]; --y)
          std::swap(types[static_cast<std::size_t>(y - 1)], types[static_cast<std::size_t>(y)]);
      std::uint32_t key = 0;
      for (int j = 0; j < n; ++j) key = key * 17 + types[static_cast<std::size_t>(j)] + 1;
      if (kinds.contains(key)) continue;
      kinds.push_back(key);
      out.push_back(encode(ActionKind::HitTotem, mask));
    }
  }
  addLoseLocations(out, h.target);
}

}  // namespace wb::rulesets::elemenz
