// Zoneplex: influence, the Fear classes, entering the Eye, the cataclysm with
// its tie-breakers. The heuristic is in zoneplex_heuristic.cpp.
#include <algorithm>

#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

// Rule "Influence Points": per stone, by the chamber's symbol and who holds it.
int ZoneplexState::stoneValue(int owner, int c) const {
  const int t = m_board[static_cast<std::size_t>(c)].tile;
  if (t < 0) return 0;
  const TileType& tile = m_rules->tiles[static_cast<std::size_t>(t)];
  if (tile.kind == TileKind::Neutral) return m_rules->influenceNeutral;
  if (tile.kind != TileKind::Sacred) return 0;
  if (tile.symbol == m_p[static_cast<std::size_t>(owner)].symbol) return m_rules->influenceOwn;
  for (int q = 0; q < m_players; ++q)
    if (m_p[static_cast<std::size_t>(q)].symbol == tile.symbol) return m_rules->influenceOther;
  return m_rules->influenceUnclaimed;
}

// WMS + stones + influential relics.
int ZoneplexState::influence(int p) const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  int total = ps.wms;
  for (int c = 1; c < m_rules->geometry.cells; ++c)
    if (m_board[static_cast<std::size_t>(c)].stone == p) total += stoneValue(p, c);
  for (const HeldRelic& h : ps.relics) {
    const RelicType& r = m_rules->relics[h.type];
    if (r.op == RelicOp::Influence) total += r.amount;
  }
  return total;
}

// Rule "A Word on Fears": Master Fears (and the Canopic Jar) count as any class.
bool ZoneplexState::hasAllClasses(int p) const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  std::array<int, kFearClasses> have{};
  int wild = 0;
  for (std::uint8_t f : ps.fears) {
    const FearClass c = m_rules->actions[f].fearClass;
    if (c == FearClass::Master) ++wild;
    else ++have[static_cast<std::size_t>(c)];
  }
  // Rule "Relic Cards": the Canopic Jar "acts as a captured Fear"; its class is a reading
  // (canopic_jar_class: any class, or none, when it counts only among the Fears held).
  if (m_rules->canopicJarAnyClass) wild += ps.jars;
  int missing = 0;
  for (int n : have) missing += n == 0 ? 1 : 0;
  return wild >= missing;
}

// Captured Fears in total (tie-break 1), the Canopic Jars among them.
int ZoneplexState::fearsHeld(int p) const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  return ps.fears.count() + ps.jars;
}

// Rule "Endgame: Entering The Eye": phase 2, all three classes, and the bonus
// must give a decisive lead (a tie is not enough).
bool ZoneplexState::canEnterEye(int p) const {
  if (!m_phase2 || !hasAllClasses(p)) return false;
  const int mine = influence(p) + m_rules->eyeBonus;
  for (int q = 0; q < m_players; ++q)
    if (q != p && influence(q) >= mine) return false;
  return true;
}

// Passive relics (influential, Canopic Jar) are never played: the metrics count
// them as triggered by whoever holds them when the game ends.
void ZoneplexState::logHeldPassiveRelics() {
  for (int q = 0; q < m_players; ++q) {
    for (const HeldRelic& h : m_p[static_cast<std::size_t>(q)].relics)
      if (isPassiveRelic(m_rules->relics[h.type].op)) log().add(q, m_rules->relics[h.type].entity, sim::EntityUse::Triggered);
    for (std::size_t r = 0; r < m_rules->relics.size(); ++r)
      if (m_rules->relics[r].op == RelicOp::CanopicJar)
        for (int j = 0; j < m_p[static_cast<std::size_t>(q)].jars; ++j)
          log().add(q, m_rules->relics[r].entity, sim::EntityUse::Triggered);
  }
}

// Counters of the final position: each player's WMS.
void ZoneplexState::countEndOfGame() {
  for (int q = 0; q < m_players; ++q) {
    const int w = m_p[static_cast<std::size_t>(q)].wms;
    if (w >= 0 && w < static_cast<int>(m_rules->counter.wmsEnd.size()))
      counterLog().add(q, m_rules->counter.wmsEnd[static_cast<std::size_t>(w)]);
  }
}

void ZoneplexState::finishByEye(int p) {
  logHeldPassiveRelics();
  countEndOfGame();
  m_returns.fill(0.0);
  m_returns[static_cast<std::size_t>(p)] = 1.0;
  m_end = EndReason::Eye;
  m_stage = Stage::Over;
  m_stepsLeft = 0;
  log().add(p, m_rules->metricEye, sim::EntityUse::Triggered);
}

// Rule "Cataclysm of the Zoneplex" and "The Judgement of the Zoneplex".
void ZoneplexState::finishByCataclysm() {
  const ZoneplexRules& R = *m_rules;
  logHeldPassiveRelics();
  countEndOfGame();
  m_phase2 = true;  // the symbols are revealed for the judgement
  m_returns.fill(0.0);
  m_stage = Stage::Over;
  m_end = EndReason::Cataclysm;
  log().add(0, R.metricCataclysm, sim::EntityUse::Triggered);
  // Judgement key: influence, then Fears in total, then their strength, then relics.
  std::array<std::array<int, 4>, kMaxPlayers> key{};
  std::array<bool, kMaxPlayers> worthy{};
  bool any = false;
  for (int p = 0; p < m_players; ++p) {
    const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
    worthy[static_cast<std::size_t>(p)] = hasAllClasses(p);  // the others are obliterated
    any |= worthy[static_cast<std::size_t>(p)];
    int strength = ps.jars * R.canopicJarStrength;
    for (std::uint8_t f : ps.fears) strength += R.actions[f].strength;
    key[static_cast<std::size_t>(p)] = {influence(p), fearsHeld(p), strength, ps.relics.count()};
  }
  if (!any) {
    // "If all of the players are obliterated, the Zoneplex itself wins!"
    m_end = EndReason::ZoneplexWins;
    log().add(0, R.metricZoneplexWins, sim::EntityUse::Triggered);
    return;
  }
  std::array<int, 4> best{};
  bool first = true;
  for (int p = 0; p < m_players; ++p) {
    if (!worthy[static_cast<std::size_t>(p)]) continue;
    if (first || key[static_cast<std::size_t>(p)] > best) best = key[static_cast<std::size_t>(p)];
    first = false;
  }
  // Still tied after the relics: the Council of the Zoneplex cannot be simulated; a shared win (assumed).
  int tied = 0;
  for (int p = 0; p < m_players; ++p) tied += worthy[static_cast<std::size_t>(p)] && key[static_cast<std::size_t>(p)] == best;
  for (int p = 0; p < m_players; ++p)
    if (worthy[static_cast<std::size_t>(p)] && key[static_cast<std::size_t>(p)] == best)
      m_returns[static_cast<std::size_t>(p)] = 1.0 / tied;
}

std::vector<double> ZoneplexState::returns() const {
  std::vector<double> r(static_cast<std::size_t>(m_players), 0.0);
  if (m_stage == Stage::Over)
    for (int p = 0; p < m_players; ++p) r[static_cast<std::size_t>(p)] = m_returns[static_cast<std::size_t>(p)];
  return r;
}

int ZoneplexState::distanceTo(int from, int target, bool anyChamber) const {
  const Geometry& g = m_rules->geometry;
  if (from < 0) return anyChamber ? 6 : 12;
  std::array<std::int8_t, kMaxCells> dist;
  dist.fill(-1);
  std::array<std::int8_t, kMaxCells> queue{};
  int head = 0, tail = 0;
  dist[static_cast<std::size_t>(from)] = 0;
  queue[static_cast<std::size_t>(tail++)] = static_cast<std::int8_t>(from);
  while (head < tail) {
    const int c = queue[static_cast<std::size_t>(head++)];
    const Cell& cell = m_board[static_cast<std::size_t>(c)];
    if (anyChamber) {
      if (c != from && cell.tile >= 0 && cell.stone < 0 && m_rules->tiles[static_cast<std::size_t>(cell.tile)].isChamber())
        return dist[static_cast<std::size_t>(c)];
    } else if (c == target) {
      return dist[static_cast<std::size_t>(c)];
    }
    for (int s = 0; s < 3; ++s) {
      const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(s)];
      if (nb < 0 || dist[static_cast<std::size_t>(nb)] >= 0 || stepBlocked(c, nb)) continue;
      if (nb != kEyeCell && m_board[static_cast<std::size_t>(nb)].tile < 0) continue;
      dist[static_cast<std::size_t>(nb)] = static_cast<std::int8_t>(dist[static_cast<std::size_t>(c)] + 1);
      queue[static_cast<std::size_t>(tail++)] = static_cast<std::int8_t>(nb);
    }
  }
  return 20;
}

}  // namespace wb::rulesets::zoneplex
