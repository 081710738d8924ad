// Zoneplex: Fear battles (rules "Battle", "Attack", "Sacrificing Spirit
// Stones", "Warrior Monk Strength", "Group Combat/Negotiation", "Battle: Turn
// Order"), and the exact chance to defeat a Fear used by the heuristic.
#include <algorithm>

#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

// Battle step 1: the drawer rolls the Fear's total strength (card + die; the Eye adds 0).
void ZoneplexState::beginBattle(sim::Rng& rng) {
  const ActionCardType& card = m_rules->actions[static_cast<std::size_t>(m_card)];
  const int face = rollDie(rng);
  m_fearLeft = card.strength + m_rules->dieValues[static_cast<std::size_t>(face)];
  m_invited = 0;
  m_answered = 0;
  m_participants = 1 << m_turnPlayer;
  m_fearTo = m_turnPlayer;
  m_sacrifices.fill(0);
  m_bonus.fill(0);
  m_weakenRolls.fill(0);
  m_stage = Stage::BattleOffer;
  m_actor = m_turnPlayer;
}

// Battle step 2: the drawer invites helpers and fixes, before any roll, who gets
// the Fear; the relics are then dealt by a fixed rule (see resolveBattle).
void ZoneplexState::addOffers(std::vector<sim::Action>& out) const {
  const int drawer = m_turnPlayer;
  for (int mask = 0; mask < (1 << m_players); ++mask) {
    if ((mask >> drawer) & 1) continue;
    out.push_back(encode(ActionKind::Offer, mask * 8 + drawer));
    for (int q = 0; q < m_players; ++q)
      if ((mask >> q) & 1) out.push_back(encode(ActionKind::Offer, mask * 8 + q));
  }
}

void ZoneplexState::applyOffer(int mask, int fearTo) {
  m_invited = mask;
  m_fearTo = fearTo;
  m_participants = 1 << m_turnPlayer;
  m_answered = 0;
  nextAnswer();
}

// Invited players answer clockwise from the drawer.
void ZoneplexState::nextAnswer() {
  for (int k = 1; k < m_players; ++k) {
    const int q = (m_turnPlayer + k) % m_players;
    if ((m_invited >> q) & 1 && !((m_answered >> q) & 1)) {
      m_stage = Stage::BattleAnswer;
      m_actor = q;
      return;
    }
  }
  // Step 3: sacrifices are declared by each participant, the drawer first.
  m_stage = Stage::BattleDeclare;
  m_actor = m_turnPlayer;
}

void ZoneplexState::nextDeclarer() {
  const int offset = (m_actor - m_turnPlayer + m_players) % m_players;
  for (int k = offset + 1; k < m_players; ++k) {
    const int q = (m_turnPlayer + k) % m_players;
    if ((m_participants >> q) & 1) {
      m_actor = q;
      return;
    }
  }
  m_stage = Stage::BattleRoll;
  m_actor = m_turnPlayer;
}

// Steps 3-6: sacrifice rolls weaken the Fear; then each participant attacks
// clockwise from the drawer (die + WMS; the Eye is a critical miss worth 0);
// an attack at least the remaining strength defeats it. All involved gain or
// lose 1 WMS; the Fear and relics go as fixed before the battle.
void ZoneplexState::resolveBattle(sim::Rng& rng) {
  const ZoneplexRules& R = *m_rules;
  const int drawer = m_turnPlayer;
  const ActionCardType& card = R.actions[static_cast<std::size_t>(m_card)];
  for (int k = 0; k < m_players; ++k) {
    const int q = (drawer + k) % m_players;
    if (!((m_participants >> q) & 1)) continue;
    const int rolls = m_sacrifices[static_cast<std::size_t>(q)] + m_weakenRolls[static_cast<std::size_t>(q)];
    for (int r = 0; r < rolls; ++r) m_fearLeft -= R.dieValues[static_cast<std::size_t>(rollDie(rng))];
  }
  bool defeated = m_fearLeft <= 0;
  for (int k = 0; k < m_players && !defeated; ++k) {
    const int q = (drawer + k) % m_players;
    if (!((m_participants >> q) & 1)) continue;
    const int face = rollDie(rng);
    const int attack = R.dieEye[static_cast<std::size_t>(face)]
                           ? 0
                           : R.dieValues[static_cast<std::size_t>(face)] + m_p[static_cast<std::size_t>(q)].wms +
                                 m_bonus[static_cast<std::size_t>(q)];
    if (attack >= m_fearLeft) defeated = true;
    else m_fearLeft -= attack;
  }
  const bool group = (m_participants & ~(1 << drawer)) != 0;
  const int metric = group ? R.metricGroup : R.metricSolo;
  const int byStrength = (group ? R.metricGroupByStrength : R.metricSoloByStrength)[static_cast<std::size_t>(card.strength)];
  log().add(drawer, metric, sim::EntityUse::Played);
  log().add(drawer, byStrength, sim::EntityUse::Played);
  if (defeated) {
    log().add(drawer, metric, sim::EntityUse::Triggered);
    log().add(drawer, byStrength, sim::EntityUse::Triggered);
    log().add(drawer, card.entity, sim::EntityUse::Triggered);
  }
  for (int q = 0; q < m_players; ++q) {
    if (!((m_participants >> q) & 1)) continue;
    PlayerState& ps = m_p[static_cast<std::size_t>(q)];
    ps.wms = static_cast<std::int8_t>(std::clamp(ps.wms + (defeated ? 1 : -1), R.wmsMin, R.wmsMax));
  }
  if (defeated) {
    m_p[static_cast<std::size_t>(m_fearTo)].fears.push_back(static_cast<std::uint8_t>(m_card));
    log().add(m_fearTo, card.entity, sim::EntityUse::Acquired);
    // Relics (assumed split rule): one each to the participants who do not take
    // the Fear, clockwise from the drawer, then round the participants from the
    // drawer. A player at the relic limit draws nothing ("may only draw 1").
    int left = card.relics;
    for (int k = 0; k < m_players && left > 0; ++k) {
      const int q = (drawer + k) % m_players;
      if ((m_participants >> q) & 1 && q != m_fearTo) {
        drawRelic(q, rng);
        --left;
      }
    }
    for (int guard = 0; left > 0 && guard < 64; ++guard) {
      const int q = (drawer + guard) % m_players;
      if ((m_participants >> q) & 1) {
        drawRelic(q, rng);
        --left;
      }
    }
  }
  m_participants = 0;
  m_invited = 0;
  endTurn(rng);
}

// P(sum of sacrifice rolls and attacks >= strength): a convolution over the
// pyramid die, capped at `strength` (allocation-free).
double ZoneplexState::defeatChance(int strength, const int* wms, const int* bonus, int attackers,
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
