// ElemenZ: setup, the turn structure, rolls, wild surges and heals, and applying
// actions. Combos and costs are in elemenz_assign.cpp, drains and reactions in
// elemenz_hits.cpp, legal actions in elemenz_moves.cpp, the 2-player game in
// elemenz_duel.cpp.
#include "rulesets/elemenz/elemenz_state.h"

#include <algorithm>

namespace wb::rulesets::elemenz {

ElemenzState::ElemenzState(std::shared_ptr<const ElemenzRules> rules, int players)
    : m_rules(std::move(rules)), m_players(std::clamp(players, 2, kMaxPlayers)), m_duel(m_players == 2) {
  log().reset(m_players, static_cast<int>(m_rules->ids.size()));
  counterLog().reset(m_players, static_cast<int>(m_rules->counterIds.size()));
}

int ElemenzState::bagSize() const {
  int n = 0;
  for (std::uint8_t c : m_bag) n += c;
  return n;
}

int ElemenzState::rollFace(int colour, sim::Rng& rng) {
  if (m_scriptNext < m_script.count()) return m_script[static_cast<std::size_t>(m_scriptNext++)];
  const DieType& d = m_rules->dice[static_cast<std::size_t>(colour)];
  const double x = sim::uniformReal(rng) * d.cumulative.back();
  for (std::size_t i = 0; i < d.cumulative.size(); ++i)
    if (x < d.cumulative[i]) return d.faces[i];
  return d.faces.back();
}

int ElemenzState::drawToken(sim::Rng& rng) {
  const int total = bagSize();
  if (total == 0) return -1;
  int x = sim::uniformInt(rng, total);
  for (int t = 0; t < static_cast<int>(m_rules->tokens.size()); ++t) {
    if (x < m_bag[static_cast<std::size_t>(t)]) {
      --m_bag[static_cast<std::size_t>(t)];
      return t;
    }
    x -= m_bag[static_cast<std::size_t>(t)];
  }
  return -1;
}

// Rule "Using Totems": at most four tokens; a totem left empty is gone for good.
void ElemenzState::fillTotem(int p, int n, sim::Rng& rng) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  for (int k = 0; k < n && !ps.totemGone && ps.totem.count() < m_rules->totemCapacity; ++k) {
    const int t = drawToken(rng);
    if (t < 0) break;
    ps.totem.push_back(static_cast<std::uint8_t>(t));
    log().add(p, m_rules->tokens[static_cast<std::size_t>(t)].entity, sim::EntityUse::Acquired);
  }
}

void ElemenzState::removeToken(int p, int slot) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  ps.totem.erase(static_cast<std::size_t>(slot));
  if (ps.totem.empty() && !ps.totemGone) {
    ps.totemGone = true;
    counterLog().add(p, kCounterTotemGone);
  }
}

// Rule "Using Totems": a wild surge recycles every token left on the totem.
void ElemenzState::recycleTotem(int p, sim::Rng& rng) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  const int n = ps.totem.count();
  for (std::uint8_t t : ps.totem) ++m_bag[t];
  ps.totem.clear();
  fillTotem(p, n, rng);
}

void ElemenzState::setUp(const std::vector<int>& factionOfSeat, const std::vector<sim::Grant>& grants, sim::Rng& rng) {
  const ElemenzRules& R = *m_rules;
  for (std::size_t t = 0; t < R.tokens.size(); ++t) m_bag[t] = static_cast<std::uint8_t>(R.tokens[t].count);
  if (m_duel) {
    setUpDuel(factionOfSeat, rng);
    return;
  }
  // Game setup (3-4 players): each seat its shaman (the runner's faction, else the
  // next free one in the list), its dice, 2 dice in SHIELD (Earth 1 + the free one).
  std::array<bool, kElements> taken{};
  for (int s = 0; s < m_players; ++s) {
    int f = s < static_cast<int>(factionOfSeat.size()) ? factionOfSeat[static_cast<std::size_t>(s)] : s;
    if (f < 0 || f >= static_cast<int>(R.factionElement.size()) || taken[static_cast<std::size_t>(R.factionElement[static_cast<std::size_t>(f)])]) {
      f = 0;
      while (taken[static_cast<std::size_t>(R.factionElement[static_cast<std::size_t>(f)])]) ++f;
    }
    const int e = R.factionElement[static_cast<std::size_t>(f)];
    taken[static_cast<std::size_t>(e)] = true;
    PlayerState& ps = m_p[static_cast<std::size_t>(s)];
    ps.shaman = static_cast<std::int8_t>(e);
    ps.dice = static_cast<std::int8_t>(R.dicePerShaman);
    const Shaman& sh = R.shamans[static_cast<std::size_t>(e)];
    if (sh.freeShieldDie && R.shieldStartDice > 0) {
      ps.shield = static_cast<std::int8_t>(std::max(1, R.shieldStartDice - 1));
      ps.shieldFree = true;
    } else {
      ps.shield = static_cast<std::int8_t>(R.shieldStartDice);
    }
    // "The 3rd and/or 4th player now places another dice in the 3/4 player starting bonus location."
    ps.bonus = static_cast<std::int8_t>(s >= 2 ? R.startingBonusDice : 0);
  }
  // Grants: a pulse token on the seat's totem or an avatar in its hand from the start.
  FixedVector<std::uint8_t, kMaxAvatarTypes> avatars;
  if (R.avatarsOn)
    for (int a = 0; a < static_cast<int>(R.avatars.size()); ++a) avatars.push_back(static_cast<std::uint8_t>(a));
  for (const sim::Grant& g : grants) {
    if (g.seat < 0 || g.seat >= m_players) continue;
    PlayerState& ps = m_p[static_cast<std::size_t>(g.seat)];
    for (int t = 0; t < static_cast<int>(R.tokens.size()); ++t)
      if (R.tokens[static_cast<std::size_t>(t)].entity == g.entity && m_bag[static_cast<std::size_t>(t)] > 0 &&
          ps.totem.count() < R.totemCapacity) {
        --m_bag[static_cast<std::size_t>(t)];
        ps.totem.push_back(static_cast<std::uint8_t>(t));
      }
    for (int a = 0; a < static_cast<int>(R.avatars.size()); ++a)
      if (R.avatars[static_cast<std::size_t>(a)].entity == g.entity && avatars.eraseValue(static_cast<std::uint8_t>(a)))
        ps.avatars.push_back(static_cast<std::uint8_t>(a));
  }
  // "Four pulse tokens are randomly drawn from the bag by each player."
  for (int s = 0; s < m_players; ++s)
    fillTotem(s, R.totemStartTokens - m_p[static_cast<std::size_t>(s)].totem.count(), rng);
  // Avatars: each player draws two at random; the rest lie face up in the pool.
  for (int i = avatars.count() - 1; i > 0; --i)
    std::swap(avatars[static_cast<std::size_t>(i)], avatars[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
  for (int s = 0; s < m_players; ++s) {
    PlayerState& ps = m_p[static_cast<std::size_t>(s)];
    while (ps.avatars.count() < R.avatarsDealt && !avatars.empty()) {
      ps.avatars.push_back(avatars.back());
      avatars.pop_back();
    }
    for (std::uint8_t a : ps.avatars) log().add(s, R.avatars[a].entity, sim::EntityUse::Acquired);
  }
  for (std::uint8_t a : avatars) m_avatarPool.push_back(a);
  startTurn(0, rng);
}

void ElemenzState::beginPending(std::uint32_t mask, RollKind kind) {
  for (int i = 0; i < m_dice.count(); ++i) {
    TurnDie& d = m_dice[static_cast<std::size_t>(i)];
    const bool unrolled = (d.flags & kDieUnrolled) != 0 && kind == RollKind::Main;
    if (((mask >> i) & 1U) || unrolled) d.flags |= kDiePending;
  }
  m_pendingKind = kind;
  m_stage = Stage::RollPending;
  m_actor = m_active;
}

// Rule "Gameplay": a turn starts by rolling every die in hand (SHIELD dice too).
void ElemenzState::startTurn(int p, sim::Rng& rng) {
  if (m_duel) {
    startDuelTurn(p, rng);
    return;
  }
  resetTurn(p);
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  for (int i = 0; i < ps.dice && !m_dice.full(); ++i)
    m_dice.push_back(TurnDie{static_cast<std::uint8_t>(ps.shaman), 0, kDieUnrolled});
  beginPending(0, RollKind::Main);
  rollPending(rng);
}

// The start of p's turn before the first roll: what lasts "until the player's next
// turn" ends (waiting combos, SHIELD, the starting bonus, blocks p placed).
void ElemenzState::resetTurn(int p) {
  const ElemenzRules& R = *m_rules;
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  m_active = m_actor = p;
  ++m_turn;
  noteTurnStarted(p);
  ++ps.turnsTaken;
  counterLog().add(p, kCounterTurns);
  if (!m_duel) {
    if (!ps.totemGone) counterLog().add(p, kCounterTotemTurns);
    ps.armed.clear();
    ps.shield = 0;
    ps.shieldFree = false;
    ps.bonus = 0;
    for (int q = 0; q < m_players; ++q) {
      PlayerState& qs = m_p[static_cast<std::size_t>(q)];
      if (qs.blockedBy == p) qs.blockedCombo = qs.blockedBy = -1;
    }
  }
  m_surgeWilds = ps.cursedSurgeTwo ? std::min(2, R.surgeWilds) : R.surgeWilds;
  m_noHeal = ps.cursedNoHeal;
  ps.cursedSurgeTwo = ps.cursedNoHeal = false;
  m_dice.clear();
  m_rollsDone = 0;
  m_stopped = false;
  m_reactDone = m_duel;
  m_windowRoll = 0;
  m_reactor = -1;
  m_tideDie = -1;
  m_healUsed = m_duel;
  m_freeRerollsLeft = m_duel ? 0 : R.shamans[static_cast<std::size_t>(ps.shaman)].freeRerolls;
  m_rerollOpposingUsed = false;
  m_doneCombos = 0;
  m_burns = {};
  m_recallReturn = 0;
  m_turnActions = 0;
  m_hits.clear();
  m_stage = Stage::Hold;
}

void ElemenzState::rollPending(sim::Rng& rng) {
  for (TurnDie& d : m_dice) {
    if (!(d.flags & kDiePending)) continue;
    d.face = static_cast<std::uint8_t>(rollFace(d.colour, rng));
    // A just-healed die set aside (healed after the rolls) that Air re-rolls is in play.
    const std::uint8_t aside = (d.flags & kDieHealed) ? kDieAside : 0;
    d.flags &= static_cast<std::uint8_t>(~(kDiePending | kDieUnrolled | kDieHealed | aside));
  }
  if (m_pendingKind == RollKind::Main) ++m_rollsDone;
  afterRoll(rng);
}

// Rule "Wild Surges": three Zee at any time, or every die on the opposing element;
// with one or two dice, all Zee (the variants turn the last two off).
bool ElemenzState::surgeNow() const {
  if (m_duel) return false;
  const int opposing = m_rules->shamans[static_cast<std::size_t>(m_p[static_cast<std::size_t>(m_active)].shaman)].opposing;
  int n = 0, z = 0, opp = 0;
  for (const TurnDie& d : m_dice) {
    if (d.flags & (kDieAside | kDieUnrolled | kDiePending)) continue;
    ++n;
    z += d.face == kZee;
    opp += d.face == opposing;
  }
  if (n == 0) return false;
  if (z >= m_surgeWilds) return true;
  if (m_rules->surgeOpposing && opp == n) return true;
  return m_rules->surgeFewDice && n <= 2 && z == n;
}

void ElemenzState::afterRoll(sim::Rng& rng) {
  if (m_duel) {
    afterDuelRoll();
    continueTurn(rng);
    return;
  }
  const PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  if (surgeNow()) {
    // Totemic Buff: "the only time a wild surge can be blocked".
    bool buff = false, zee = false;
    for (std::uint8_t t : ps.totem) buff |= m_rules->tokens[t].op == TokenOp::TotemicBuff;
    for (const TurnDie& d : m_dice) zee |= d.face == kZee && !(d.flags & (kDieAside | kDieUnrolled));
    if (buff && zee) {
      m_stage = Stage::SurgeChoice;
      m_actor = m_active;
      return;
    }
    wildSurge(rng);
    return;
  }
  // Rule "Heal Action": every die on the own symbol takes one die back from the pool, once a turn.
  if (!m_healUsed && !m_noHeal && m_rules->healDice > 0 && m_pool[static_cast<std::size_t>(ps.shaman)] > 0) {
    int n = 0;
    bool all = true;
    for (const TurnDie& d : m_dice) {
      if (d.flags & (kDieAside | kDieUnrolled)) continue;
      ++n;
      all &= d.face == ps.shaman;
    }
    if (n > 0 && all) {
      m_stage = Stage::HealChoice;
      m_actor = m_active;
      return;
    }
  }
  continueTurn(rng);
}

void ElemenzState::wildSurge(sim::Rng& rng) {
  counterLog().add(m_active, kCounterWildSurge);
  recycleTotem(m_active, rng);
  endTurn(rng);  // "an immediate end of turn ... no further action can be performed"
}

void ElemenzState::continueTurn(sim::Rng& rng) {
  if (m_stage == Stage::Over) return;
  if (!m_p[static_cast<std::size_t>(m_active)].alive) {
    endTurn(rng);
    return;
  }
  m_actor = m_active;
  if (windowPending()) {
    if (m_reactor < 0) beginReactions(rng);
    else if (hasReaction(m_reactor)) {
      m_stage = Stage::React;
      m_actor = m_reactor;
    } else {
      nextReactor(rng);
    }
  } else if (rollingOpen()) {
    m_stage = Stage::Hold;
  } else {
    m_stage = Stage::Assign;
  }
}

// The reaction window (assumed `reaction_window`): after the last roll, before
// the dice are assigned, and with after_each_roll also after each earlier roll.
bool ElemenzState::windowPending() const {
  if (m_duel) return false;
  if (!rollingOpen()) return !m_reactDone;
  return m_rules->reactAfterEachRoll && m_windowRoll < m_rollsDone;
}

void ElemenzState::closeWindow() {
  if (rollingOpen()) m_windowRoll = m_rollsDone;
  else m_reactDone = true;
}

void ElemenzState::eliminate(int p) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  if (!ps.alive) return;
  ps.alive = false;
  ps.dice = 0;
  ps.shield = ps.bonus = 0;
  ps.armed.clear();
  counterLog().add(p, kCounterEliminated);
  int alive = 0, last = -1;
  for (int q = 0; q < m_players; ++q)
    if (m_p[static_cast<std::size_t>(q)].alive) {
      ++alive;
      last = q;
    }
  if (alive <= 1) finish(last);
}

void ElemenzState::finish(int winner) {
  m_winner = winner;
  m_stage = Stage::Over;
  m_actor = sim::kTerminalPlayer;
  m_hits.clear();
  if (m_duel && winner >= 0) {
    const PlayerState& ws = m_p[static_cast<std::size_t>(winner)];
    if (ws.side >= 0) counterLog().add(winner, m_rules->sideWinCounter[static_cast<std::size_t>(ws.side)]);
  }
}

void ElemenzState::endTurn(sim::Rng& rng) {
  if (m_stage == Stage::Over) return;
  if (m_duel) {
    endDuelTurn();
    if (m_stage == Stage::Over) return;
    startTurn(1 - m_active, rng);
    return;
  }
  PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  // Borrowed dice go back to the pool; Recall returns more than it drew.
  for (const TurnDie& d : m_dice)
    if (d.flags & kDieBorrowed) ++m_pool[d.colour];
  for (int k = 0; k < m_recallReturn && ps.alive; ++k) {
    --ps.dice;
    ++m_pool[static_cast<std::size_t>(ps.shaman)];
    counterLog().add(m_active, kCounterDiceLost);
    if (ps.dice <= 0) eliminate(m_active);
  }
  m_recallReturn = 0;
  m_dice.clear();
  m_hits.clear();
  m_reactor = -1;
  if (m_stage == Stage::Over) return;
  startTurn(leftOf(m_active), rng);
}

int ElemenzState::leftOf(int p) const {
  for (int k = 1; k <= m_players; ++k) {
    const int q = (p + k) % m_players;
    if (m_p[static_cast<std::size_t>(q)].alive) return q;
  }
  return p;
}

int ElemenzState::rightOf(int p) const {
  for (int k = 1; k <= m_players; ++k) {
    const int q = (p - k + m_players) % m_players;
    if (m_p[static_cast<std::size_t>(q)].alive) return q;
  }
  return p;
}

int ElemenzState::opponentsAlive(int p) const {
  int n = 0;
  for (int q = 0; q < m_players; ++q) n += q != p && m_p[static_cast<std::size_t>(q)].alive;
  return n;
}

int ElemenzState::factionOf(int seat) const {
  if (seat < 0 || seat >= m_players) return -1;
  return m_rules->shamans[static_cast<std::size_t>(m_p[static_cast<std::size_t>(seat)].shaman)].faction;
}

std::vector<double> ElemenzState::returns() const {
  std::vector<double> r(static_cast<std::size_t>(m_players), 0.0);
  if (m_stage == Stage::Over && m_winner >= 0) r[static_cast<std::size_t>(m_winner)] = 1.0;
  return r;
}

std::unique_ptr<sim::State> ElemenzState::clone() const { return std::make_unique<ElemenzState>(*this); }

void ElemenzState::doApplyAction(sim::Action a, sim::Rng& rng) {
  const std::int64_t payload = payloadOf(a);
  switch (kindOf(a)) {
    case ActionKind::Reroll:
      beginPending(static_cast<std::uint32_t>(payload), RollKind::Main);
      break;
    case ActionKind::Stop:
      m_stopped = true;
      for (TurnDie& d : m_dice)
        if (d.flags & kDieUnrolled) d.flags = static_cast<std::uint8_t>((d.flags & ~kDieUnrolled) | kDieAside);
      continueTurn(rng);
      break;
    case ActionKind::Roll:
      rollPending(rng);
      break;
    case ActionKind::FreeReroll: {
      --m_freeRerollsLeft;
      const Shaman& sh = m_rules->shamans[static_cast<std::size_t>(m_p[static_cast<std::size_t>(m_active)].shaman)];
      if (!sh.abilityEntities.empty()) log().add(m_active, sh.abilityEntities.front(), sim::EntityUse::Triggered);
      beginPending(1U << payload, RollKind::Free);
      break;
    }
    case ActionKind::UseToken:
      useToken(static_cast<int>(payload / 32), static_cast<int>(payload % 32), rng);
      break;
    case ActionKind::Heal:
      m_healUsed = true;
      counterLog().add(m_active, kCounterHeal);
      heal(m_active, m_rules->healDice, rollingOpen(), HealSource::Action);
      if (m_tideDie >= 0) {
        beginTide(Stage::Hold);
        break;
      }
      if (surgeNow()) afterRoll(rng);
      else continueTurn(rng);
      break;
    case ActionKind::TideReroll:
    case ActionKind::TideKeep:
      resolveTide(kindOf(a) == ActionKind::TideReroll, rng);
      break;
    case ActionKind::ChooseColour:
      chooseColour(static_cast<int>(payload), rng);
      break;
    case ActionKind::SkipHeal:
      continueTurn(rng);
      break;
    case ActionKind::AcceptSurge:
      wildSurge(rng);
      break;
    case ActionKind::Complete: {
      const int combo = static_cast<int>(payload / 1000);
      const int dice = static_cast<int>(payload / 10 % 100);
      const int target = static_cast<int>(payload % 10);
      if (m_duel) completeDuel(combo, target, rng);
      else complete(combo, dice, target, rng);
      break;
    }
    case ActionKind::BuyPulse: buyPulse(rng); break;
    case ActionKind::BurnPulse: burnPulse(static_cast<int>(payload), rng); break;
    case ActionKind::BuyAvatar: {
      const int av = static_cast<int>(payload);
      for (int i = 0; i < m_rules->avatarBuyDice; ++i) payDice(m_p[static_cast<std::size_t>(m_active)].shaman, 1, true);
      m_avatarPool.eraseValue(static_cast<std::uint8_t>(av));
      m_p[static_cast<std::size_t>(m_active)].avatars.push_back(static_cast<std::uint8_t>(av));
      log().add(m_active, m_rules->avatars[static_cast<std::size_t>(av)].entity, sim::EntityUse::Acquired);
      break;
    }
    case ActionKind::BurnAvatar: {
      // "a pair of dice of any matching symbol": the player names the symbol.
      payDice(static_cast<int>(payload / 10), m_rules->avatarBurnDice, true);
      PlayerState& ts = m_p[static_cast<std::size_t>(payload % 10)];
      if (!ts.avatars.empty()) {
        const int slot = sim::uniformInt(rng, ts.avatars.count());  // face down: a random one
        m_avatarPool.push_back(ts.avatars[static_cast<std::size_t>(slot)]);
        ts.avatars.erase(static_cast<std::size_t>(slot));
      }
      break;
    }
    case ActionKind::UseAvatar:
      useAvatar(static_cast<int>(payload / 1'000'000), payload % 1'000'000, rng);
      break;
    case ActionKind::EndTurn:
      endTurn(rng);
      break;
    case ActionKind::React:
      react(payload, rng);
      break;
    case ActionKind::Pass:
      nextReactor(rng);
      break;
    default:
      applyHitAction(a, rng);
      break;
  }
  // Every turn ends: past the bound the engine ends it.
  if (m_stage != Stage::Over && ++m_turnActions >= m_rules->maxActionsPerTurn) {
    m_hits.clear();
    m_reactor = -1;
    endTurn(rng);
  }
}

void ElemenzState::scriptRolls(const std::vector<int>& faces) {
  m_script.clear();
  m_scriptNext = 0;
  for (int f : faces) m_script.push_back(static_cast<std::uint8_t>(f));
}

void ElemenzState::setTurnDice(const std::vector<int>& faces, int rollsDone, const std::vector<int>& colours) {
  m_dice.clear();
  for (std::size_t i = 0; i < faces.size(); ++i) {
    const int colour = i < colours.size() ? colours[i] : m_p[static_cast<std::size_t>(m_active)].shaman;
    m_dice.push_back(TurnDie{static_cast<std::uint8_t>(colour), static_cast<std::uint8_t>(faces[i]), 0});
  }
  m_rollsDone = rollsDone;
  m_stopped = rollsDone >= m_rules->rolls;
  m_reactDone = m_stopped || m_duel;  // a position set at the last roll skips the reaction window
  m_windowRoll = rollsDone;           // and so does one set after an earlier roll
  m_reactor = -1;
  m_stage = rollingOpen() ? Stage::Hold : Stage::Assign;
  m_actor = m_active;
}

void ElemenzState::setTotem(int p, const std::vector<int>& tokenTypes) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  for (std::uint8_t t : ps.totem) ++m_bag[t];
  ps.totem.clear();
  ps.totemGone = false;
  for (int t : tokenTypes) {
    if (m_bag[static_cast<std::size_t>(t)] > 0) --m_bag[static_cast<std::size_t>(t)];
    ps.totem.push_back(static_cast<std::uint8_t>(t));
  }
}

void ElemenzState::setShield(int p, int shield, bool free, int bonus) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  ps.shield = static_cast<std::int8_t>(shield);
  ps.shieldFree = free;
  ps.bonus = static_cast<std::int8_t>(bonus);
}

void ElemenzState::setHand(int p, int colour, int n) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  ps.hand[static_cast<std::size_t>(colour)] = static_cast<std::uint8_t>(n);
  int total = 0;
  for (std::uint8_t c : ps.hand) total += c;
  ps.dice = static_cast<std::int8_t>(total);
}

void ElemenzState::setAvatars(int p, const std::vector<int>& avatars) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  ps.avatars.clear();
  for (int a : avatars) ps.avatars.push_back(static_cast<std::uint8_t>(a));
}

void ElemenzState::giveAvatar(int p, int avatar) {
  m_avatarPool.eraseValue(static_cast<std::uint8_t>(avatar));
  m_p[static_cast<std::size_t>(p)].avatars.push_back(static_cast<std::uint8_t>(avatar));
}

}  // namespace wb::rulesets::elemenz
