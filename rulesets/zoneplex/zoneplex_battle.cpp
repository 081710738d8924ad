// Zoneplex: Fear battles (rules "Battle", "Attack", "Sacrificing Spirit
// Stones", "Warrior Monk Strength", "Group Combat/Negotiation", "Battle: Turn
// Order"), and the exact chance to defeat a Fear used by the heuristic.
#include <algorithm>
#include <array>

#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

// Battle step 1: the drawer rolls the Fear's total strength (card + die; the
// Eye adds 0). Step 2, the bargain, is in zoneplex_bargain.cpp.
void ZoneplexState::beginBattle(sim::Rng& rng) {
  const ActionCardType& card = m_rules->actions[static_cast<std::size_t>(m_card)];
  const int face = rollDie(rng);
  m_battle = Battle{};
  m_battle.fearLeft = card.strength + m_rules->dieValues[static_cast<std::size_t>(face)];
  m_battle.participants = 1 << m_turnPlayer;
  m_battle.fearTo = m_turnPlayer;
  m_battle.shares[static_cast<std::size_t>(m_turnPlayer)] = static_cast<std::int8_t>(std::min(card.relics, relicRoom(m_turnPlayer)));
  m_stage = Stage::BattleOffer;
  m_actor = m_turnPlayer;
}

int ZoneplexState::fearsInDeck() const {
  int n = 0;
  for (std::uint8_t c : m_actionDeck) n += m_rules->actions[c].kind == CardKind::Fear ? 1 : 0;
  return n;
}

// Step 3: sacrifices are declared by each participant in turn, clockwise from the drawer.
void ZoneplexState::nextDeclarer() {
  const int offset = (m_actor - m_turnPlayer + m_players) % m_players;
  for (int k = offset + 1; k < m_players; ++k) {
    const int q = (m_turnPlayer + k) % m_players;
    if ((m_battle.participants >> q) & 1) {
      m_actor = q;
      return;
    }
  }
  m_stage = Stage::BattleRoll;
  m_actor = m_turnPlayer;
}

// Steps 3-6: sacrifice rolls weaken the Fear; then each participant attacks
// clockwise from the drawer (die + WMS; the Eye face being a critical miss worth
// 0); an attack at least the remaining strength defeats it. All involved gain
// or lose 1 WMS; the Fear and relics go as agreed before the battle.
void ZoneplexState::resolveBattle(sim::Rng& rng) {
  const ZoneplexRules& R = *m_rules;
  Battle& b = m_battle;
  const int drawer = m_turnPlayer;
  const ActionCardType& card = R.actions[static_cast<std::size_t>(m_card)];
  for (int k = 0; k < m_players; ++k) {
    const int q = (drawer + k) % m_players;
    if (!((b.participants >> q) & 1)) continue;
    const int rolls = b.sacrifices[static_cast<std::size_t>(q)] + b.weakenRolls[static_cast<std::size_t>(q)];
    for (int r = 0; r < rolls; ++r) b.fearLeft -= R.dieValues[static_cast<std::size_t>(rollDie(rng))];
  }
  bool defeated = b.fearLeft <= 0;
  for (int k = 0; k < m_players && !defeated; ++k) {
    const int q = (drawer + k) % m_players;
    if (!((b.participants >> q) & 1)) continue;
    const int face = rollDie(rng);
    const int attack = R.dieEye[static_cast<std::size_t>(face)]
                           ? 0
                           : R.dieValues[static_cast<std::size_t>(face)] + m_p[static_cast<std::size_t>(q)].wms +
                                 b.bonus[static_cast<std::size_t>(q)];
    if (attack >= b.fearLeft) defeated = true;
    else b.fearLeft -= attack;
  }
  const bool group = (b.participants & ~(1 << drawer)) != 0;
  const int metric = group ? R.metricGroup : R.metricSolo;
  const int byStrength = (group ? R.metricGroupByStrength : R.metricSoloByStrength)[static_cast<std::size_t>(card.strength)];
  log().add(drawer, metric, sim::EntityUse::Played);
  log().add(drawer, byStrength, sim::EntityUse::Played);
  counterLog().add(drawer, group ? R.counter.battleGroup : R.counter.battleSolo);
  if (defeated) {
    log().add(drawer, metric, sim::EntityUse::Triggered);
    log().add(drawer, byStrength, sim::EntityUse::Triggered);
    log().add(drawer, card.entity, sim::EntityUse::Triggered);
    counterLog().add(drawer, group ? R.counter.battleGroupWon : R.counter.battleSoloWon);
  }
  for (int q = 0; q < m_players; ++q) {
    if (!((b.participants >> q) & 1)) continue;
    PlayerState& ps = m_p[static_cast<std::size_t>(q)];
    ps.wms = static_cast<std::int8_t>(std::clamp(ps.wms + (defeated ? 1 : -1), R.wmsMin, R.wmsMax));
  }
  if (defeated) {
    m_p[static_cast<std::size_t>(b.fearTo)].fears.push_back(static_cast<std::uint8_t>(m_card));
    log().add(b.fearTo, card.entity, sim::EntityUse::Acquired);
    dealFearRelics(rng);
  }
  b.participants = 0;
  b.invited = 0;
  finishTurn(rng);
}

// Step 5: "divide the Relic Card(s) ... as previously agreed upon", drawn face
// down from the top of the deck, clockwise from the drawer. A share a player
// has no room for any more (rule "Max 4 Relics") passes on clockwise to a
// participant with room (assumed); only what nobody in the battle can take
// stays on the deck (counted as relic_share_undrawn).
void ZoneplexState::dealFearRelics(sim::Rng& rng) {
  const Battle& b = m_battle;
  const int drawer = m_turnPlayer;
  int surplus = 0;
  for (int k = 0; k < m_players; ++k) {
    const int q = (drawer + k) % m_players;
    if (!((b.participants >> q) & 1)) continue;
    for (int i = 0; i < b.shares[static_cast<std::size_t>(q)]; ++i)
      if (!drawRelic(q, rng)) ++surplus;
  }
  for (int k = 0; k < m_players && surplus > 0; ++k) {
    const int q = (drawer + k) % m_players;
    if (!((b.participants >> q) & 1)) continue;
    while (surplus > 0 && drawRelic(q, rng)) --surplus;
  }
  if (surplus > 0) counterLog().add(drawer, m_rules->counter.relicShareUndrawn, static_cast<std::uint32_t>(surplus));
}

namespace {
// defeatChance() results per thread: the heuristic asks the same battle again for
// every position of a search (the battle is public, so every determinization has
// it). Direct-mapped, keyed by everything the chance depends on.
struct DefeatKey {
  std::uint64_t rules = 0;  // ZoneplexRules::uid (the die); 0 = empty
  int strength = 0, attackers = 0, sacrifices = 0;
  std::array<int, kMaxPlayers> attack{};  // WMS + bonus of each attacker
  friend bool operator==(const DefeatKey&, const DefeatKey&) = default;
};
struct DefeatEntry {
  DefeatKey key;
  double chance = 0.0;
};
thread_local std::array<DefeatEntry, 64> t_defeatCache;
}  // namespace

// P(sum of sacrifice rolls and attacks >= strength): a convolution over the
// pyramid die, capped at `strength` (allocation-free; cached per thread).
double ZoneplexState::defeatChance(int strength, const int* wms, const int* bonus, int attackers,
                                   int sacrifices) const {
  if (strength <= 0) return 1.0;
  if (m_rules->uid == 0 || attackers < 0 || attackers > kMaxPlayers) return computeDefeatChance(strength, wms, bonus, attackers, sacrifices);
  DefeatKey key;
  key.rules = m_rules->uid;
  key.strength = strength;
  key.attackers = attackers;
  key.sacrifices = sacrifices;
  std::uint64_t h = sim::mix64(m_rules->uid ^ (static_cast<std::uint64_t>(strength) << 8) ^
                               (static_cast<std::uint64_t>(attackers) << 24) ^ (static_cast<std::uint64_t>(sacrifices) << 32));
  for (int a = 0; a < attackers; ++a) {
    key.attack[static_cast<std::size_t>(a)] = wms[a] + (bonus ? bonus[a] : 0);
    h = sim::mix64(h ^ static_cast<std::uint64_t>(static_cast<std::uint32_t>(key.attack[static_cast<std::size_t>(a)])));
  }
  DefeatEntry& e = t_defeatCache[static_cast<std::size_t>(h & 63)];
  if (!(e.key == key)) {
    e.key = key;
    e.chance = computeDefeatChance(strength, wms, bonus, attackers, sacrifices);
  }
  return e.chance;
}

double ZoneplexState::computeDefeatChance(int strength, const int* wms, const int* bonus, int attackers,
                                          int sacrifices) const {
  if (strength <= 0) return 1.0;
  constexpr int kCap = 64;
  const int cap = std::min(strength, kCap - 1);
  std::array<double, kCap> dist{}, next{};
  dist[0] = 1.0;
  const ZoneplexRules& R = *m_rules;
  const int faces = static_cast<int>(R.dieValues.size());
  auto convolve = [&](int add, bool attack) {
    next.fill(0.0);
    for (int v = 0; v <= cap; ++v) {
      if (dist[static_cast<std::size_t>(v)] == 0.0) continue;
      for (int f = 0; f < faces; ++f) {
        int gain = R.dieValues[static_cast<std::size_t>(f)];
        if (attack) gain = R.dieEye[static_cast<std::size_t>(f)] ? 0 : gain + add;
        const int to = std::clamp(v + std::max(0, gain), 0, cap);
        next[static_cast<std::size_t>(to)] += dist[static_cast<std::size_t>(v)] * R.dieProb[static_cast<std::size_t>(f)];
      }
    }
    dist = next;
  };
  for (int k = 0; k < sacrifices; ++k) convolve(0, false);
  for (int a = 0; a < attackers; ++a) convolve(wms[a] + (bonus ? bonus[a] : 0), true);
  return dist[static_cast<std::size_t>(cap)];
}

}  // namespace wb::rulesets::zoneplex
