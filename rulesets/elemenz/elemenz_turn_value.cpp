#include "rulesets/elemenz/elemenz_turn_value.h"

#include <algorithm>
#include <cmath>

namespace wb::rulesets::elemenz {

namespace {

constexpr double kLastLock = 50.0;  // 2 players: the lock that energises the monolith wins
constexpr int kMaxPlans = 400;

bool inPlay(const TurnDie& d) { return !(d.flags & (kDieAside | kDieUnrolled | kDiePending)); }

// A symbol count as one number that orders as the array does (lexicographically).
std::uint32_t packed(const Counts& c) {
  std::uint32_t k = 0;
  for (std::uint8_t x : c) k = k << 8 | x;
  return k;
}

int total(const FaceCounts& c) {
  int n = 0;
  for (std::uint8_t x : c) n += x;
  return n;
}

double binomialAtLeast(int n, double p, int k) {
  if (k <= 0) return 1.0;
  if (k > n) return 0.0;
  double below = 0, term = std::pow(1 - p, n);  // P(X = 0)
  for (int i = 0; i < k; ++i) {
    below += term;
    term *= p / (1 - p) * (n - i) / (i + 1);
  }
  return std::max(0.0, 1.0 - below);
}

}  // namespace

double ValueWeights::tokenValue(const ElemenzRules& R, int type) const {
  switch (R.tokens[static_cast<std::size_t>(type)].op) {
    case TokenOp::Restore: return 0.8;        // a die back when one is lost
    case TokenOp::TotemicBuff: return 0.5;    // stops a surge
    case TokenOp::Element: return 0.4;        // a combo space (and anchors a Zee)
    case TokenOp::WindsOfChange: return 0.35;
    case TokenOp::WildPulse: return 0.3;
  }
  return kToken;
}

double ValueWeights::armedValue(const ElemenzState& s, int q, int combo) {
  const Combo& c = s.rules().combos[static_cast<std::size_t>(combo)];
  double v = 0;
  for (const ComboEffect& e : c.effects) {
    if (e.op == EffectOp::Ward) v += kWard;
    if (e.op != EffectOp::ForceReroll) continue;
    // Turns of others still to come before q's next turn (the active one's if its
    // reaction window has not passed q yet).
    const int n = s.numPlayers(), active = s.activePlayer();
    int chances = 0;
    if (active == q) {
      chances = s.opponentsAlive(q);
    } else {
      for (int k = 1; k < n; ++k) {
        const int r = (active + k) % n;
        if (r == q) break;
        chances += s.player(r).alive ? 1 : 0;
      }
      const bool windowAhead = s.rollingOpen() || s.stage() == Stage::RollPending || s.stage() == Stage::HealChoice ||
                               s.stage() == Stage::SurgeChoice || (s.stage() == Stage::React && s.reactor() >= 0);
      if (windowAhead) ++chances;
    }
    v += kForce * std::min(chances, 2);
  }
  return v;
}

TurnValue::TurnValue(const ElemenzState& s, int combo) : m_s(s), m_r(s.rules()) {
  if (s.isTerminal()) return;
  m_p = s.activePlayer();
  const PlayerState& ps = s.player(m_p);
  m_die = s.duel() ? kElements + ps.side : ps.shaman;
  m_wild = !s.duel() || m_r.duelVariant == DuelVariant::Easier;
  for (const TurnDie& d : s.dice()) {
    if (!inPlay(d)) continue;
    if (d.face < kElements) m_anchoredByDie[d.face] = true;
    if (!(d.flags & kDieUsed)) ++m_free[d.face];
  }
  if (!s.duel()) {
    for (std::uint8_t t : ps.totem) {
      const TokenType& tt = m_r.tokens[t];
      if (tt.op != TokenOp::Element) continue;
      ++m_tokens[static_cast<std::size_t>(tt.symbol)];
      m_anchoredByToken[static_cast<std::size_t>(tt.symbol)] = true;
      m_tokenCost[static_cast<std::size_t>(tt.symbol)] = m_w.tokenValue(m_r, t);
    }
  }
  sim::FixedVector<int, kMaxCombos> combos;
  m_aimOne = combo >= 0;
  if (combo >= 0) {
    combos.push_back(combo);
  } else if (s.duel()) {
    for (int c : m_r.sideBoard[static_cast<std::size_t>(ps.side)]) {
      const Combo& cb = m_r.combos[static_cast<std::size_t>(c)];
      if (s.comboDone(c) || (cb.kind == ComboKind::Monolith && ((ps.locked >> c) & 1U))) continue;
      combos.push_back(c);
    }
  } else {
    for (int c : m_r.shamans[static_cast<std::size_t>(ps.shaman)].board)
      if (!s.comboDone(c) && ps.blockedCombo != c) combos.push_back(c);
  }
  addPlans(combos);
  if (combo >= 0)
    for (Plan& p : m_plans) p.value = 1.0;  // aim at completing that combo only
}

double TurnValue::drainValue(int q, int dice) const {
  const PlayerState& qs = m_s.player(q);
  if (!qs.alive || dice <= 0) return 0.0;
  const int n = m_s.numPlayers();
  if (m_s.duel()) {
    const int left = std::max(0, qs.dice - dice), need = m_s.duelMinCombo(q);
    auto hand = [&](int h) {
      return h + 1.5 * std::min(h, 4) - (h < need ? ValueWeights::kStarved : h == need ? 0.25 * ValueWeights::kStarved : 0.0);
    };
    return hand(qs.dice) - hand(left);
  }
  const int d = std::min<int>(dice, qs.dice);
  double v = d;
  if (d >= qs.dice) v += ValueWeights::kAlive + qs.totem.count() * ValueWeights::kToken;  // eliminated
  return v / std::max(1, n - 1);
}

// What completing `combo` with `dice` spaces placed is worth to the active shaman now.
double TurnValue::comboValue(int combo, int dice) const {
  const Combo& c = m_r.combos[static_cast<std::size_t>(combo)];
  const PlayerState& ps = m_s.player(m_p);
  const int n = m_s.numPlayers();
  double v = 0;
  if (c.kind == ComboKind::Monolith) {
    int open = 0;
    for (int k : m_r.sideBoard[static_cast<std::size_t>(ps.side)])
      open += m_r.combos[static_cast<std::size_t>(k)].kind == ComboKind::Monolith && !((ps.locked >> k) & 1U);
    const int h = ps.dice;
    const double handLoss = 1.0 + (h <= 4 ? 1.5 : 0.0);
    v += open <= 1 ? kLastLock : ValueWeights::kLock - handLoss;
  }
  for (const ComboEffect& e : c.effects) {
    const int amount = e.fromDice ? dice : e.amount;
    auto overTargets = [&](auto&& valueOn) {
      double best = 0, sum = 0;
      for (int q = 0; q < n; ++q) {
        if (q == m_p || !m_s.player(q).alive) continue;
        const double x = valueOn(q);
        best = std::max(best, x);
        sum += x;
      }
      switch (e.target) {
        case TargetKind::One: return best;
        case TargetKind::EachOpponent: return sum;
        case TargetKind::Left: return valueOn(m_s.leftOf(m_p));
        case TargetKind::Right: return valueOn(m_s.rightOf(m_p));
      }
      return best;
    };
    switch (e.op) {
      case EffectOp::Strike:
        v += overTargets([&](int q) { return drainValue(q, std::max(0, amount - m_s.defence(q))); });
        break;
      case EffectOp::Lose:
        v += overTargets([&](int q) { return drainValue(q, amount); });
        break;
      case EffectOp::BurnPulse:
        v += overTargets([&](int q) {
          return !m_s.player(q).totem.empty() && m_s.burnsOn(q) < m_r.pulseBurnsPerTarget ? ValueWeights::kToken / std::max(1, n - 1) : 0.0;
        });
        break;
      case EffectOp::Shield: {
        int d = amount;
        if (d >= 1 && m_r.shamans[static_cast<std::size_t>(ps.shaman)].freeShieldDie) ++d;
        v += ValueWeights::kDefence * std::min(d, 3) * m_s.opponentsAlive(m_p) / 3.0;
        break;
      }
      case EffectOp::Heal:
        v += std::min<int>(amount, m_s.pool()[static_cast<std::size_t>(ps.shaman)]);
        break;
      case EffectOp::Energise:
        if (!ps.totemGone)
          v += std::min({amount, m_r.totemCapacity - ps.totem.count(), m_s.bagSize()}) * ValueWeights::kToken;
        break;
      case EffectOp::ForceReroll:
        v += ValueWeights::kForce * std::min(m_s.opponentsAlive(m_p), 2);
        break;
      case EffectOp::Ward:
        v += ValueWeights::kWard;
        break;
      case EffectOp::TakeDie:
        if (e.element >= 0 && m_s.pool()[static_cast<std::size_t>(e.element)] > 0) v += ps.dice < 4 ? 2.5 : 1.0;
        break;
    }
  }
  return v;
}

// Every set of open combos (one option each; STRIKE / SHIELD with each number of
// dice) that fits the dice and tokens; the best value per symbol multiset, in the
// order of the multisets. No allocation but m_plans (this runs for every position
// a look-ahead values).
void TurnValue::addPlans(const sim::FixedVector<int, kMaxCombos>& combos) {
  int capacity = 0;
  for (const TurnDie& d : m_s.dice())
    if (!(d.flags & (kDieAside | kDieUsed))) ++capacity;
  for (std::uint8_t t : m_tokens) capacity += t;
  struct Option {
    std::uint32_t need;  // packed() symbol counts
    int size;
    double value;
  };
  constexpr int kMaxOptions = 6;  // a combo has at most 6 spaces (elemenz_rules.cpp)
  std::array<std::array<Option, kMaxOptions>, kMaxCombos> options;
  std::array<int, kMaxCombos> optionCount;
  int combosWithOptions = 0;
  for (int c : combos) {
    const Combo& cb = m_r.combos[static_cast<std::size_t>(c)];
    auto& opts = options[static_cast<std::size_t>(combosWithOptions)];
    int count = 0;
    if (cb.partial) {
      int cap = cb.spaces;
      if (cb.isShield() && m_r.shamans[static_cast<std::size_t>(cb.shaman)].freeShieldDie) cap = std::max(1, cap - 1);
      cap = std::min(cap, kMaxOptions);
      int element = 0;
      for (int e = 0; e < kElements; ++e)
        if (cb.need[static_cast<std::size_t>(e)] > 0) element = e;
      for (int k = 1; k <= cap; ++k) {
        Counts need{};
        need[static_cast<std::size_t>(element)] = static_cast<std::uint8_t>(k);
        const Option o{packed(need), k, comboValue(c, k)};
        if (o.value > 0 || m_aimOne) opts[static_cast<std::size_t>(count++)] = o;
      }
    } else {
      Counts need{};
      int size = 0;
      for (int e = 0; e < kElements; ++e) {
        need[static_cast<std::size_t>(e)] = static_cast<std::uint8_t>(cb.need[static_cast<std::size_t>(e)] - cb.locked[static_cast<std::size_t>(e)]);
        size += need[static_cast<std::size_t>(e)];
      }
      const Option o{packed(need), size, comboValue(c, cb.spaces)};
      if (o.value > 0 || m_aimOne) opts[static_cast<std::size_t>(count++)] = o;
    }
    if (count > 0) optionCount[static_cast<std::size_t>(combosWithOptions++)] = count;
  }
  // Every combination, in the order of the recursion (the first kMaxPlans of them).
  // Adding packed counts adds each element's count in its own byte: a plan needs at
  // most `capacity` symbols (under 256), so no byte overflows.
  struct Candidate {
    std::uint32_t need;
    double value;
  };
  std::array<Candidate, kMaxPlans> found;
  int foundCount = 0;
  std::uint32_t need = 0;
  double value = 0;
  auto visit = [&](auto&& self, int i, int size) -> void {
    if (foundCount >= kMaxPlans) return;
    if (i == combosWithOptions) {
      if (size > 0) found[static_cast<std::size_t>(foundCount++)] = Candidate{need, value};
      return;
    }
    self(self, i + 1, size);
    const auto& opts = options[static_cast<std::size_t>(i)];
    for (int k = 0; k < optionCount[static_cast<std::size_t>(i)]; ++k) {
      const Option& o = opts[static_cast<std::size_t>(k)];
      if (size + o.size > capacity) continue;
      const std::uint32_t savedNeed = need;
      const double savedValue = value;
      need += o.need;
      value += o.value;
      self(self, i + 1, size + o.size);
      need = savedNeed;
      value = savedValue;
    }
  };
  visit(visit, 0, 0);
  // By need (the packed key orders as the counts do, lexicographically), the best
  // value first; then one plan per need.
  std::sort(found.begin(), found.begin() + foundCount, [](const Candidate& a, const Candidate& b) {
    if (a.need != b.need) return a.need < b.need;
    return a.value > b.value;
  });
  const auto last = std::unique(found.begin(), found.begin() + foundCount,
                                [](const Candidate& a, const Candidate& b) { return a.need == b.need; });
  m_plans.reserve(static_cast<std::size_t>(last - found.begin()));
  for (auto it = found.begin(); it != last; ++it) {
    Plan& p = m_plans.emplace_back();  // filled in place (a copy of the plan cost more than the rest)
    for (int e = kElements - 1, k = static_cast<int>(it->need); e >= 0; --e, k >>= 8)
      p.need[static_cast<std::size_t>(e)] = static_cast<std::uint8_t>(k & 0xFF);
    p.value = it->value;
    // The element tokens the plan would use where the dice fall short (expected()).
    p.afterTokens = p.need;
    for (int e = 0; e < kElements; ++e) {
      const int use = std::min(m_tokens[static_cast<std::size_t>(e)], p.afterTokens[static_cast<std::size_t>(e)]);
      if (use == 0) continue;
      p.tokens = true;
      p.afterTokens[static_cast<std::size_t>(e)] = static_cast<std::uint8_t>(p.afterTokens[static_cast<std::size_t>(e)] - use);
      p.tokenCost += use * m_tokenCost[static_cast<std::size_t>(e)];
    }
  }
}

// The best plan the free dice showing `free` complete (natural dice, then anchored
// Zee, then element tokens), less the tokens it spends.
double TurnValue::valueOf(const FaceCounts& free) const {
  std::array<bool, kElements> anchored{};
  for (int e = 0; e < kElements; ++e)
    anchored[static_cast<std::size_t>(e)] = m_anchoredByDie[static_cast<std::size_t>(e)] || free[static_cast<std::size_t>(e)] > 0 ||
                                            m_anchoredByToken[static_cast<std::size_t>(e)];
  double best = 0;
  for (const Plan& p : m_plans) {
    int anchoredShort = 0, tokensForAnchored = 0;
    double cost = 0;
    bool ok = true;
    for (int e = 0; e < kElements && ok; ++e) {
      const int shortfall = p.need[static_cast<std::size_t>(e)] - free[static_cast<std::size_t>(e)];
      if (shortfall <= 0) continue;
      const int tokens = m_tokens[static_cast<std::size_t>(e)];
      if (m_wild && anchored[static_cast<std::size_t>(e)]) {
        anchoredShort += shortfall;
        tokensForAnchored += std::min(shortfall, tokens);
      } else if (shortfall > tokens) {
        ok = false;
      } else {
        cost += shortfall * m_tokenCost[static_cast<std::size_t>(e)];
      }
    }
    const int zee = m_wild ? free[kZee] : 0;
    if (!ok || anchoredShort > zee + tokensForAnchored) continue;
    cost += std::max(0, anchoredShort - zee) * ValueWeights::kToken;
    best = std::max(best, p.value - cost);
  }
  return best;
}

double TurnValue::surgeChance(const FaceCounts& held, int rolled) const {
  if (m_s.duel() || rolled <= 0) return 0.0;
  const DieType& die = m_r.dice[static_cast<std::size_t>(m_s.player(m_p).shaman)];
  const double pz = die.p[kZee];
  const int n = total(held) + rolled;
  double p = binomialAtLeast(rolled, pz, m_s.surgeThreshold() - held[kZee]);
  const int opposing = m_r.shamans[static_cast<std::size_t>(m_s.player(m_p).shaman)].opposing;
  if (m_r.surgeOpposing && held[static_cast<std::size_t>(opposing)] == total(held))
    p += std::pow(die.p[static_cast<std::size_t>(opposing)], rolled);
  if (m_r.surgeFewDice && n <= 2 && held[kZee] == total(held) && n < m_s.surgeThreshold()) p += std::pow(pz, rolled);
  return std::min(1.0, p);
}

// Before roll `roll`: `held` kept, `rolled` dice rolled. max over plans of value x
// P(plan), the element tokens taken only where the dice fall short.
double TurnValue::expected(const FaceCounts& held, int rolled, int roll) const {
  const HoldTables& tables = *m_r.holdTables;
  const int n = std::min(total(held) + rolled, kPolicyMaxDice);
  FaceCounts h = held;
  if (total(h) > n) h[kZee] = static_cast<std::uint8_t>(std::max(0, n - (total(h) - h[kZee])));
  // HoldTables::probability(m_die, n, need, roll, h), its lookup cached per plan.
  const int r = HoldTables::rank(n, h);
  const int atRoll = std::clamp(roll, 1, tables.rolls());
  auto chance = [&](const HoldTables::Lookup& t) {
    if (t.values == nullptr) return t.constant;
    return r < 0 ? 0.0 : HoldTables::at(t, atRoll, r);
  };
  double best = 0;
  for (const Plan& p : m_plans) {
    if (p.value <= best) continue;
    if (p.tableDice != n) {
      p.all = tables.lookup(m_die, n, p.need);
      if (p.tokens) p.reduced = tables.lookup(m_die, n, p.afterTokens);
      p.tableDice = n;
    }
    const double pa = chance(p.all);
    double v = p.value * pa;
    if (p.tokens) {
      const double pb = chance(p.reduced);
      v += std::max(0.0, p.value - p.tokenCost) * std::max(0.0, pb - pa);
    }
    best = std::max(best, v);
  }
  return best * (1.0 - surgeChance(held, rolled));
}

double TurnValue::openingValue() const {
  if (m_s.isTerminal()) return 0.0;
  // Every die of the turn rolled the first time (a Zee set aside by that roll included).
  return expected(FaceCounts{}, m_s.dice().count(), 1);
}

double TurnValue::rerollValue(std::uint32_t mask) const {
  FaceCounts held = m_free;
  int rolled = 0;
  const auto& dice = m_s.dice();
  for (int i = 0; i < dice.count(); ++i) {
    const TurnDie& d = dice[static_cast<std::size_t>(i)];
    if ((d.flags & kDieUnrolled) && !(d.flags & kDieAside)) ++rolled;
    if (((mask >> i) & 1U) && inPlay(d) && !(d.flags & kDieUsed)) {
      --held[d.face];
      ++rolled;
    }
  }
  if (rolled == 0) return valueOf(m_free);
  return expected(held, rolled, m_s.rollsDone() + 1);
}

std::uint32_t TurnValue::bestReroll() const {
  // Every sub-multiset of the free dice by face (the first dice of each face).
  std::array<std::array<int, kMaxTurnDice>, kFaces> byFace{};
  FaceCounts count{};
  const auto& dice = m_s.dice();
  for (int i = 0; i < dice.count(); ++i) {
    const TurnDie& d = dice[static_cast<std::size_t>(i)];
    if (inPlay(d) && !(d.flags & kDieUsed)) byFace[d.face][count[d.face]++] = i;
  }
  double best = valueOf(m_free);
  std::uint32_t bestMask = 0;
  FaceCounts k{};
  while (true) {
    int f = 0;
    while (f < kFaces && k[static_cast<std::size_t>(f)] == count[static_cast<std::size_t>(f)]) k[static_cast<std::size_t>(f++)] = 0;
    if (f >= kFaces) break;
    ++k[static_cast<std::size_t>(f)];
    std::uint32_t mask = 0;
    for (int g = 0; g < kFaces; ++g)
      for (int j = 0; j < k[static_cast<std::size_t>(g)]; ++j) mask |= 1U << byFace[static_cast<std::size_t>(g)][static_cast<std::size_t>(j)];
    const double v = rerollValue(mask);
    if (v > best + 1e-12) {
      best = v;
      bestMask = mask;
    }
  }
  return bestMask;
}

double TurnValue::pendingValue() const {
  int rolled = 0;
  std::array<int, kFaces> pendingFaces{};
  for (const TurnDie& d : m_s.dice())
    if (d.flags & kDiePending) {
      ++rolled;
      ++pendingFaces[d.face];
    }
  if (m_s.pendingKind() == RollKind::Main) return expected(m_free, rolled, m_s.rollsDone() + 1);
  if (rolled != 1) return expected(m_free, rolled, m_r.rolls);
  // One die re-rolled outside the three rolls: every face it can show.
  const DieType& die = m_r.dice[static_cast<std::size_t>(m_s.player(m_p).shaman)];
  double v = 0;
  for (int f = 0; f < kFaces; ++f) {
    FaceCounts after = m_free;
    ++after[static_cast<std::size_t>(f)];
    const bool surge = !m_s.duel() && after[kZee] >= m_s.surgeThreshold();
    double x = 0;
    if (!surge) {
      if (m_s.rollingOpen()) {
        x = valueOf(after);
        // The best re-roll from there (by face counts).
        FaceCounts k{};
        while (true) {
          int g = 0;
          while (g < kFaces && k[static_cast<std::size_t>(g)] == after[static_cast<std::size_t>(g)]) k[static_cast<std::size_t>(g++)] = 0;
          if (g >= kFaces) break;
          ++k[static_cast<std::size_t>(g)];
          FaceCounts held = after;
          int r = 0;
          for (int h = 0; h < kFaces; ++h) {
            held[static_cast<std::size_t>(h)] = static_cast<std::uint8_t>(held[static_cast<std::size_t>(h)] - k[static_cast<std::size_t>(h)]);
            r += k[static_cast<std::size_t>(h)];
          }
          x = std::max(x, expected(held, r, m_s.rollsDone() + 1));
        }
      } else {
        x = valueOf(after);
      }
    }
    v += die.p[static_cast<std::size_t>(f)] * x;
  }
  return v;
}

double TurnValue::stopValue() const { return valueOf(m_free); }

double TurnValue::value() const {
  if (m_s.isTerminal()) return 0.0;
  switch (m_s.stage()) {
    case Stage::RollPending:
      return pendingValue();
    case Stage::Hold:
    case Stage::HealChoice:
    case Stage::TideChoice:
      if (m_s.rollingOpen()) return rerollValue(bestReroll());
      return valueOf(m_free);
    case Stage::SurgeChoice: {
      FaceCounts after = m_free;
      if (after[kZee] > 0) --after[kZee];
      return valueOf(after) * 0.5;
    }
    case Stage::React:
    case Stage::Assign:
    case Stage::Hit:
      return valueOf(m_free);
    case Stage::ColourChoice:
      return 0.0;
    case Stage::Over:
      return 0.0;
  }
  return 0.0;
}

}  // namespace wb::rulesets::elemenz
