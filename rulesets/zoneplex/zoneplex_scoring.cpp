// Zoneplex: influence, the Fear classes, entering the Eye, the cataclysm with
// its tie-breakers, and the greedy heuristic.
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
  for (const HeldRelic& h : ps.relics)
    if (m_rules->relics[h.type].op == RelicOp::CanopicJar) ++wild;
  int missing = 0;
  for (int n : have) missing += n == 0 ? 1 : 0;
  return wild >= missing;
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
  for (int q = 0; q < m_players; ++q)
    for (const HeldRelic& h : m_p[static_cast<std::size_t>(q)].relics)
      if (isPassiveRelic(m_rules->relics[h.type].op)) log().add(q, m_rules->relics[h.type].entity, sim::EntityUse::Triggered);
}

void ZoneplexState::finishByEye(int p) {
  logHeldPassiveRelics();
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
    int strength = 0;
    for (std::uint8_t f : ps.fears) strength += R.actions[f].strength;
    for (const HeldRelic& h : ps.relics)
      if (R.relics[h.type].op == RelicOp::CanopicJar) strength += R.canopicJarStrength;
    key[static_cast<std::size_t>(p)] = {influence(p), ps.fears.count(), strength, ps.relics.count()};
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

// Steps over placed tiles (walls respected, no teleporting) to the Eye
// (target 0) or to the nearest free spirit chamber (target -1); 20 if none.
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

// Expected value of a pending battle for p: P(win) x (WMS, the Fear if it is
// promised to p, p's relic share) minus P(loss) x (the WMS lost).
double ZoneplexState::heuristicBattle(int p) const {
  if (m_stage != Stage::BattleAnswer && m_stage != Stage::BattleDeclare && m_stage != Stage::BattleRoll &&
      m_stage != Stage::BattleOffer)
    return 0.0;
  int set = m_participants;
  if (m_stage == Stage::BattleAnswer) set |= m_invited & ~m_answered;  // optimistic: the pending invitees join
  if (!((set >> p) & 1)) return 0.0;
  std::array<int, kMaxPlayers> wms{}, bonus{};
  int n = 0, rolls = 0;
  for (int q = 0; q < m_players; ++q) {
    if (!((set >> q) & 1)) continue;
    wms[static_cast<std::size_t>(n)] = m_p[static_cast<std::size_t>(q)].wms;
    bonus[static_cast<std::size_t>(n++)] = m_bonus[static_cast<std::size_t>(q)];
    rolls += m_sacrifices[static_cast<std::size_t>(q)] + m_weakenRolls[static_cast<std::size_t>(q)];
  }
  const double win = defeatChance(m_fearLeft, wms.data(), bonus.data(), n, rolls);
  const ActionCardType& card = m_rules->actions[static_cast<std::size_t>(m_card)];
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  double gain = ps.wms < m_rules->wmsMax ? 1.5 : 0.3;
  if (m_fearTo == p) {
    bool covered = false;
    if (card.fearClass != FearClass::Master)
      for (std::uint8_t f : ps.fears) covered |= m_rules->actions[f].fearClass == card.fearClass;
    gain += covered ? 1.0 : 4.5;
  }
  const int others = n - 1;
  double share = card.relics;
  if (n > 1) share = m_fearTo == p ? std::max(0, card.relics - others) / static_cast<double>(n)
                                   : 1.0 + std::max(0, card.relics - others) / static_cast<double>(n);
  gain += 0.6 * std::min(share, static_cast<double>(card.relics));
  const double loss = ps.wms > m_rules->wmsMin ? 1.5 : 0.2;
  return win * gain - (1.0 - win) * loss;
}

// Greedy evaluation: Fear classes, WMS, stones on chambers (own symbol best),
// relics, the influence lead in phase 2, the way to the Eye when worthy, the
// nearest free chamber while stones wait, and the value of a pending battle.
double ZoneplexState::heuristic(int p) const {
  if (m_stage == Stage::Over) return State::heuristic(p);
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  std::array<int, kFearClasses> have{};
  int wild = 0;
  for (std::uint8_t f : ps.fears) {
    const FearClass c = m_rules->actions[f].fearClass;
    if (c == FearClass::Master) ++wild;
    else ++have[static_cast<std::size_t>(c)];
  }
  double h = 0.0;
  int relicValue = 0;
  for (const HeldRelic& r : ps.relics) {
    const RelicType& t = m_rules->relics[r.type];
    if (t.op == RelicOp::CanopicJar) ++wild;
    else if (t.op == RelicOp::Influence) relicValue += 2 * t.amount;
    else relicValue += 1;
  }
  int distinct = 0;
  for (int n : have) distinct += n > 0 ? 1 : 0;
  h += 4.0 * std::min(3, distinct + wild) + 0.3 * ps.fears.count();
  h += 1.5 * ps.wms + 0.6 * relicValue + 0.5 * ps.stonesHome;
  for (int c = 1; c < m_rules->geometry.cells; ++c) {
    const Cell& cell = m_board[static_cast<std::size_t>(c)];
    if (cell.tile < 0) continue;
    const TileType& t = m_rules->tiles[static_cast<std::size_t>(cell.tile)];
    if (cell.stone == p) {
      // In phase 1 only one's own symbol is known: other sacred chambers are worth 1 or 2.
      const double v = m_phase2 || t.kind != TileKind::Sacred || t.symbol == ps.symbol ? stoneValue(p, c) : 1.5;
      h += 1.3 * v;
    }
    if (t.kind == TileKind::Sacred && t.symbol == ps.symbol && cell.stone < 0) h += 0.3;  // own chambers built
  }
  if (m_phase2) {
    int best = 0;
    for (int q = 0; q < m_players; ++q)
      if (q != p) best = std::max(best, influence(q));
    const int mine = influence(p);
    h += 0.8 * (mine - best);
    if (hasAllClasses(p)) {
      h += 2.0;
      if (mine + m_rules->eyeBonus > best) h += 4.0 - 0.5 * distanceTo(ps.pos, kEyeCell, false);
    }
  }
  if (ps.stonesHome > 0 && m_stage != Stage::StoneChoice) h -= 0.15 * distanceTo(ps.pos, -1, true);
  h += heuristicBattle(p);
  return h;
}

}  // namespace wb::rulesets::zoneplex
