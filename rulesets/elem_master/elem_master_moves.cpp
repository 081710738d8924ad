// Elem Master: the standard actions (growth, move / split / merge, attack) and
// the four special actions (underground, blaze, wave, breath), with the terrain
// effects. Rule sections are cited in French as in the rulebook.
#include <algorithm>
#include <cstdlib>

#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

namespace {
// "Le Feu brûle la Terre et consume l'Air. L'Eau éteint le Feu. La Terre absorbe l'Eau."
// beats(a, b): an interaction of a with b makes b lose a level and a gain one.
bool beats(int a, int b) {
  return (a == kFire && (b == kEarth || b == kAir)) || (a == kWater && b == kFire) || (a == kEarth && b == kWater);
}
}  // namespace

int ElemMasterState::effElement(int c) const {
  const Cell& cl = m_board[static_cast<std::size_t>(c)];
  return cl.morph >= 0 ? cl.morph : cl.element;
}

bool ElemMasterState::adjacent(int a, int b) const {
  // "la notion de case adjacente inclut les diagonales"
  const int dr = std::abs(a / m_side - b / m_side), dc = std::abs(a % m_side - b % m_side);
  return a != b && dr <= 1 && dc <= 1;
}

int ElemMasterState::terrainIndexForGrowth(int c) const { return m_terrain[static_cast<std::size_t>(c)]; }

const SpecialtyDef* ElemMasterState::mySpecialty() const {
  const int s = m_p[static_cast<std::size_t>(m_current)].specialty;
  return s >= 0 ? &m_rules->specialties[static_cast<std::size_t>(s)] : nullptr;
}

bool ElemMasterState::canInteract(int src, int tgt) const {
  if (src == tgt || !adjacent(src, tgt)) return false;
  const Cell& a = m_board[static_cast<std::size_t>(src)];
  const Cell& b = m_board[static_cast<std::size_t>(tgt)];
  if (a.owner < 0 || b.owner < 0) return false;
  // "la Terre et l'Eau ne peuvent pas attaquer (ni être attaquées par) l'Air": no relation.
  const int ea = effElement(src), eb = effElement(tgt);
  return beats(ea, eb) || beats(eb, ea);
}

// "Le déplacement": to an adjacent empty square, or onto an allied elemental of
// the same element (merge). Brouillard forbids whole moves.
bool ElemMasterState::canMoveTo(int from, int to, int count) const {
  if (!usable(to) || !adjacent(from, to)) return false;
  const Cell& s = m_board[static_cast<std::size_t>(from)];
  const Cell& d = m_board[static_cast<std::size_t>(to)];
  if (count < 1 || count > s.level) return false;
  if (m_noFullMoves && count == s.level) return false;
  if (d.owner < 0) return true;
  return d.owner == s.owner && d.element == s.element && d.level < m_rules->maxLevel;
}

void ElemMasterState::addMovesFrom(int c, bool asOracle, std::vector<sim::Action>& out) const {
  const int r = c / m_side, col = c % m_side;
  const int level = m_board[static_cast<std::size_t>(c)].level;
  for (int d = 0; d < 8; ++d) {
    const int nr = r + kDirRow[d], nc = col + kDirCol[d];
    if (!inBoard(nr, nc)) continue;
    const int to = cellOf(nr, nc);
    for (int k = 1; k <= level; ++k)
      if (canMoveTo(c, to, k)) out.push_back(encodeAction(asOracle ? Kind::OracleMove : Kind::Move, c, to, k));
  }
}

// "La vague": the source and the Water elementals of lower or equal level next to
// it on one axis move or attack together, in a direction off that axis. "il peut
// entraîner": the player picks which of the (at most two) eligible Waters join
// (members: bit 0 the lower side of the axis, bit 1 the upper side).
bool ElemMasterState::canWave(int c, int dir, int axis, int members) const {
  if (axis == 0 && (dir == 2 || dir == 6)) return false;
  if (axis == 1 && (dir == 0 || dir == 4)) return false;
  if (members < 1 || members > 3) return false;
  const Cell& s = m_board[static_cast<std::size_t>(c)];
  const int r = c / m_side, col = c % m_side;
  for (int side = 0; side < 2; ++side) {
    if (!((members >> side) & 1)) continue;
    const int sgn = side == 0 ? -1 : 1;
    const int nr = axis == 0 ? r : r + sgn, nc = axis == 0 ? col + sgn : col;
    if (!inBoard(nr, nc)) return false;
    const int m = cellOf(nr, nc);
    const Cell& mc = m_board[static_cast<std::size_t>(m)];
    if (!(mc.owner == s.owner && effElement(m) == kWater && mc.level <= s.level)) return false;
  }
  const int tr = r + kDirRow[dir], tc = col + kDirCol[dir];
  if (!inBoard(tr, tc) || !usable(cellOf(tr, tc))) return false;
  const int t = cellOf(tr, tc);
  if (m_board[static_cast<std::size_t>(t)].owner < 0) return !m_noFullMoves;
  return canInteract(c, t);
}

void ElemMasterState::addStandardActions(std::vector<sim::Action>& out) const {
  const ElemMasterRules& R = *m_rules;
  const int me = m_current;
  const SpecialtyDef* sp = mySpecialty();
  const bool flood = m_own & kOwnFlood;
  for (int c = 0; c < m_cells; ++c) {
    const Cell& cl = m_board[static_cast<std::size_t>(c)];
    if (cl.owner != me) continue;
    const int e = effElement(c);
    const TerrainDef& terr = R.terrains[m_terrain[static_cast<std::size_t>(c)]];
    const bool canyon = terr.effect == TerrainEffect::Canyon;
    const bool free = m_freeMoves > 0 && (c == m_freeCells[0] || c == m_freeCells[1]) && e == m_freeElement &&
                      !(e == kAir && canyon);
    const bool played = cl.flags & kPlayed;
    if ((!played && m_ap >= 1) || free) addMovesFrom(c, false, out);
    // "La croissance": on the element's terrain, below level 3, with a token in reserve.
    const bool growOk = cl.level < R.maxLevel && m_p[static_cast<std::size_t>(me)].reserve[cl.element] > 0 &&
                        ((terr.growMask >> e) & 1u || (flood && e == kWater));
    if (growOk && m_ap >= 1 && (!played || (c == m_growCell && sp && sp->op == SpecOp::DoubleGrowth)))
      out.push_back(encodeAction(Kind::Grow, c));
    if (played) continue;
    const int r = c / m_side, col = c % m_side;
    // "L'attaque": 1 PA, with an adjacent elemental (opponent's or allied).
    if (m_ap >= 1) {
      for (int d = 0; d < 8; ++d) {
        const int nr = r + kDirRow[d], nc = col + kDirCol[d];
        if (inBoard(nr, nc) && canInteract(c, cellOf(nr, nc))) {
          out.push_back(encodeAction(Kind::Attack, c, cellOf(nr, nc)));
          if (sp && sp->op == SpecOp::DoubleDamage && m_ap >= sp->cost)
            out.push_back(encodeAction(Kind::EnchantAttack, c, cellOf(nr, nc)));
        }
      }
    }
    // "Le sous-terrain": Earth to an allied Earth two squares away, ignoring obstacles.
    if (e == kEarth && m_ap >= 1) {
      const int dist = R.undergroundDistance;
      for (int dr = -dist; dr <= dist; ++dr)
        for (int dc = -dist; dc <= dist; ++dc) {
          if (std::max(std::abs(dr), std::abs(dc)) != dist || !inBoard(r + dr, col + dc)) continue;
          const int t = cellOf(r + dr, col + dc);
          const Cell& tc = m_board[static_cast<std::size_t>(t)];
          if (tc.owner != me || tc.element != cl.element || tc.level >= R.maxLevel) continue;
          for (int k = 1; k <= cl.level; ++k)
            if (!(m_noFullMoves && k == cl.level)) out.push_back(encodeAction(Kind::Underground, c, t, k));
        }
    }
    // "Le brasier": a level-3 Fire splits in three onto two adjacent squares.
    if (e == kFire && cl.level >= R.blazeLevel && m_ap >= 1) {
      for (int d1 = 0; d1 < 8; ++d1) {
        const int r1 = r + kDirRow[d1], c1 = col + kDirCol[d1];
        if (!inBoard(r1, c1) || !usable(cellOf(r1, c1)) || m_board[static_cast<std::size_t>(cellOf(r1, c1))].owner >= 0) continue;
        for (int d2 = d1 + 1; d2 < 8; ++d2) {
          const int r2 = r + kDirRow[d2], c2 = col + kDirCol[d2];
          if (!inBoard(r2, c2) || !usable(cellOf(r2, c2)) || m_board[static_cast<std::size_t>(cellOf(r2, c2))].owner >= 0) continue;
          const int t1 = cellOf(r1, c1), t2 = cellOf(r2, c2);
          out.push_back(encodeAction(Kind::Blaze, c, std::min(t1, t2), std::max(t1, t2)));
        }
      }
    }
    if (e == kWater && m_ap >= 1)
      for (int axis = 0; axis < 2; ++axis)
        for (int members = 1; members <= 3; ++members)
          for (int d = 0; d < 8; ++d)
            if (canWave(c, d, axis, members)) out.push_back(encodeAction(Kind::Wave, c, d, axis | members << 1));
    // "Le souffle": no PA (1 PA from a canyon), 1-3 Air tokens push an adjacent elemental.
    if (e == kAir && m_ap >= (canyon ? 1 : 0)) {
      const int kmax = std::min<int>(cl.level, R.breathMax);
      for (int d = 0; d < 8; ++d) {
        const int nr = r + kDirRow[d], nc = col + kDirCol[d];
        if (!inBoard(nr, nc) || m_board[static_cast<std::size_t>(cellOf(nr, nc))].owner < 0) continue;
        for (int k = 1; k <= kmax; ++k) out.push_back(encodeAction(Kind::Breath, c, cellOf(nr, nc), k));
      }
    }
  }
}

void ElemMasterState::setFreeMover(int c1, int c2, int moves, int element) {
  m_freeCells = {static_cast<std::int8_t>(c1), static_cast<std::int8_t>(c2)};
  m_freeMoves = std::max(0, moves);
  m_freeElement = element;
}

void ElemMasterState::doMove(int from, int to, int count, bool oracle) {
  const ElemMasterRules& R = *m_rules;
  Cell& s = m_board[static_cast<std::size_t>(from)];
  Cell& d = m_board[static_cast<std::size_t>(to)];
  const int e = effElement(from);
  const bool full = count == s.level;
  const bool intoEmpty = d.owner < 0;
  const bool wasFree = !oracle && m_freeMoves > 0 && (from == m_freeCells[0] || from == m_freeCells[1]) && e == m_freeElement;
  if (wasFree) {
    --m_freeMoves;
    const SpecialtyDef* sp = mySpecialty();
    if (sp && sp->op == SpecOp::MultiMove && sp->element == e && e != kAir)  // Druide: the free move used
      counterLog().add(m_current, m_p[static_cast<std::size_t>(m_current)].specialty);
  } else if (!oracle) {
    m_ap -= 1;
  }
  const bool marks = !oracle && e != kAir;  // "Un élémentaire d'Air n'est pas marqué comme joué après un déplacement"
  if (d.owner < 0) {
    d.owner = s.owner;
    d.element = s.element;
    d.level = static_cast<std::uint8_t>(count);
    d.morph = s.morph;
    d.flags = static_cast<std::uint8_t>(d.flags & kVoid);
    if (full) {
      d.flags = static_cast<std::uint8_t>(d.flags | (s.flags & (kPlayed | kFrozen)));
      if (marks) d.flags |= kPlayed;  // whole move: marked
      s.owner = -1;
      s.level = 0;
      s.morph = -1;
      s.flags = static_cast<std::uint8_t>(s.flags & kVoid);
    } else {
      s.level = static_cast<std::uint8_t>(s.level - count);
      if (marks) s.flags |= kPlayed;  // split: only the part left behind is marked
    }
  } else {
    // Merge: "tout jeton excédant le niveau 3 est retiré" (back to the reserve). A Water
    // merging into a desert square loses its level on entry, before the merge.
    const int drain = drainsOnEntry(from, to, s.element) ? std::min(count, R.desertWaterLoss) : 0;
    m_p[static_cast<std::size_t>(d.owner)].reserve[d.element] += static_cast<std::int8_t>(drain);
    s.level = static_cast<std::uint8_t>(s.level - drain);
    count -= drain;
    const int total = d.level + count;
    const int excess = std::max(0, total - R.maxLevel);
    d.level = static_cast<std::uint8_t>(total - excess);
    m_p[static_cast<std::size_t>(d.owner)].reserve[d.element] += static_cast<std::int8_t>(excess);
    s.level = static_cast<std::uint8_t>(s.level - count);
    if (s.level == 0) {
      s.owner = -1;
      s.morph = -1;
      s.flags = static_cast<std::uint8_t>(s.flags & kVoid);
    } else if (marks) {
      s.flags |= kPlayed;
    }
  }
  if (intoEmpty) enterSquare(from, to);
  if (oracle) return;
  const int remain = m_board[static_cast<std::size_t>(from)].owner >= 0 ? from : -1;
  const int moved = m_board[static_cast<std::size_t>(to)].owner >= 0 ? to : -1;
  if (wasFree) {
    if (m_freeMoves > 0) setFreeMover(moved, m_freeCells[0] == from ? remain : m_freeCells[0], m_freeMoves, e);
    return;
  }
  // "Un élémentaire d'Air peut effectuer deux déplacements successifs en ne consommant qu'un seul PA"
  // (not from a canyon: "l'Air ne se déplace que d'une case par action"); Druide and Ouragan likewise.
  const SpecialtyDef* sp = mySpecialty();
  const bool canyon = R.terrains[m_terrain[static_cast<std::size_t>(from)]].effect == TerrainEffect::Canyon;
  if (e == kAir && !canyon) setFreeMover(moved, remain, ((m_own & kOwnHurricane) ? 4 : R.airMoves) - 1, kAir);
  else if (sp && sp->op == SpecOp::MultiMove && sp->element == e) setFreeMover(moved, remain, sp->moves - 1, e);
}

// "L'attaque": the loser loses `damage` levels; the winner gains one if it is below
// level 3 and its owner has a token in reserve. Returns where the source ends (-1: gone).
void ElemMasterState::interact(int src, int tgt, int damage) {
  const ElemMasterRules& R = *m_rules;
  const int es = effElement(src), et = effElement(tgt);
  const bool srcWins = beats(es, et);
  const int win = srcWins ? src : tgt, lose = srcWins ? tgt : src;
  const int ew = effElement(win), el = effElement(lose);
  int gain = 1;
  if ((m_own & kOwnHeat) && ew == kFire && (el == kEarth || el == kAir))  // Canicule
    gain = m_heatGain;
  const SpecialtyDef* sp = mySpecialty();
  const int so = m_board[static_cast<std::size_t>(src)].owner, to = m_board[static_cast<std::size_t>(tgt)].owner;
  if (sp && sp->op == SpecOp::InteractionGain && so == m_current && es == sp->source && et == sp->target &&
      (sp->targetEnemy ? isEnemy(so, to) : so == to)) {
    gain = sp->gain;  // Prêtre, Guérisseur
    counterLog().add(m_current, m_p[static_cast<std::size_t>(m_current)].specialty);
  }
  if (R.terrains[m_terrain[static_cast<std::size_t>(win)]].effect == TerrainEffect::Tundra) gain = 0;  // Toundra
  if (m_turn >= m_droughtFrom && m_turn <= m_droughtTo && ew == kWater && el == kFire) gain = 0;      // Sécheresse
  const bool canGain = m_board[static_cast<std::size_t>(win)].level < R.maxLevel;  // "niveau 1 ou 2"
  loseLevels(lose, damage);
  if (canGain) gainLevels(win, gain, R.maxLevel);
  // "Quand un élémentaire est la source d'une attaque qui fait disparaître l'élémentaire ciblé, il prend sa place."
  m_lastSource = src;
  if (srcWins && m_board[static_cast<std::size_t>(tgt)].owner < 0 && m_board[static_cast<std::size_t>(src)].owner >= 0) {
    Cell& s = m_board[static_cast<std::size_t>(src)];
    Cell& d = m_board[static_cast<std::size_t>(tgt)];
    const std::uint8_t v = d.flags & kVoid;
    d = s;
    d.flags = static_cast<std::uint8_t>((d.flags & ~kVoid) | v);
    s.owner = -1;
    s.level = 0;
    s.morph = -1;
    s.flags = static_cast<std::uint8_t>(s.flags & kVoid);
    enterSquare(src, tgt);
    m_lastSource = tgt;
  }
  if (m_board[static_cast<std::size_t>(m_lastSource)].owner < 0) m_lastSource = -1;
}

void ElemMasterState::doWave(int c, int dir, int x) {
  const int axis = x & 1, chosen = x >> 1;
  m_ap -= 1;
  const int lvl = m_board[static_cast<std::size_t>(c)].level;
  const int owner = m_board[static_cast<std::size_t>(c)].owner;
  std::array<int, 3> members{{c, -1, -1}};
  const int r = c / m_side, col = c % m_side;
  int n = 1;
  for (int side = 0; side < 2; ++side) {
    if (!((chosen >> side) & 1)) continue;
    const int sgn = side == 0 ? -1 : 1;
    const int nr = axis == 0 ? r : r + sgn, nc = axis == 0 ? col + sgn : col;
    if (!inBoard(nr, nc)) continue;
    const int m = cellOf(nr, nc);
    const Cell& mc = m_board[static_cast<std::size_t>(m)];
    if (mc.owner == owner && effElement(m) == kWater && mc.level <= lvl) members[static_cast<std::size_t>(n++)] = m;
  }
  int sourceEnd = c;
  for (int i = 0; i < n; ++i) {
    const int m = members[static_cast<std::size_t>(i)];
    if (m_board[static_cast<std::size_t>(m)].owner != owner) continue;
    const int tr = m / m_side + kDirRow[dir], tc = m % m_side + kDirCol[dir];
    if (!inBoard(tr, tc) || !usable(cellOf(tr, tc))) continue;
    const int t = cellOf(tr, tc);
    int end = m;
    if (m_board[static_cast<std::size_t>(t)].owner < 0) {
      if (m_noFullMoves) continue;
      const std::uint8_t v = m_board[static_cast<std::size_t>(t)].flags & kVoid;
      m_board[static_cast<std::size_t>(t)] = m_board[static_cast<std::size_t>(m)];
      m_board[static_cast<std::size_t>(t)].flags = static_cast<std::uint8_t>((m_board[static_cast<std::size_t>(t)].flags & ~kVoid) | v);
      Cell& old = m_board[static_cast<std::size_t>(m)];
      old.owner = -1;
      old.level = 0;
      old.morph = -1;
      old.flags = static_cast<std::uint8_t>(old.flags & kVoid);
      enterSquare(m, t);
      end = m_board[static_cast<std::size_t>(t)].owner >= 0 ? t : -1;
    } else if (canInteract(m, t)) {
      interact(m, t, 1);
      end = m_lastSource;
    }
    if (i == 0) sourceEnd = end;
  }
  // "Seul l'élémentaire qui a initié l'action est considéré comme joué" (Sage: none).
  const SpecialtyDef* sp = mySpecialty();
  if (sp && sp->op == SpecOp::WaveNoMark) counterLog().add(m_current, m_p[static_cast<std::size_t>(m_current)].specialty);
  else if (sourceEnd >= 0) m_board[static_cast<std::size_t>(sourceEnd)].flags |= kPlayed;
}

// "Le souffle". fromEvent (Brise): "sans consommer de jeton", paid by the event, and the
// Air is not marked ("Les élémentaires affectés par l'effet immédiat d'un évènement ... ne
// sont pas marqués").
void ElemMasterState::doBreath(int air, int target, int k, bool fromEvent) {
  const ElemMasterRules& R = *m_rules;
  const int dr = target / m_side - air / m_side, dc = target % m_side - air % m_side;
  if (!fromEvent) {
    if (R.terrains[m_terrain[static_cast<std::size_t>(air)]].effect == TerrainEffect::Canyon) m_ap -= 1;
    loseLevels(air, k);
    if (m_board[static_cast<std::size_t>(air)].owner >= 0 && !m_breathNoMark) m_board[static_cast<std::size_t>(air)].flags |= kPlayed;
  }
  int pos = target;
  for (int step = 0; step < k; ++step) {
    const int nr = pos / m_side + dr, nc = pos % m_side + dc;
    if (!inBoard(nr, nc) || !usable(cellOf(nr, nc))) break;
    const int n = cellOf(nr, nc);
    Cell& t = m_board[static_cast<std::size_t>(pos)];
    Cell& o = m_board[static_cast<std::size_t>(n)];
    if (o.owner < 0) {
      const std::uint8_t v = o.flags & kVoid;
      o = t;
      o.flags = static_cast<std::uint8_t>((o.flags & ~kVoid) | v);
      t.owner = -1;
      t.level = 0;
      t.morph = -1;
      t.flags = static_cast<std::uint8_t>(t.flags & kVoid);
      enterSquare(pos, n);
      if (o.owner < 0) break;
      pos = n;
      continue;
    }
    // "Si un autre élémentaire fait obstacle ... le souffle peut ainsi provoquer une attaque ou une fusion."
    if (o.owner == t.owner && o.element == t.element) {
      const int total = o.level + t.level;
      const int excess = std::max(0, total - R.maxLevel);
      o.level = static_cast<std::uint8_t>(total - excess);
      m_p[static_cast<std::size_t>(o.owner)].reserve[o.element] += static_cast<std::int8_t>(excess);
      t.owner = -1;
      t.level = 0;
      t.morph = -1;
      t.flags = static_cast<std::uint8_t>(t.flags & kVoid);
    } else if (canInteract(pos, n)) {
      interact(pos, n, 1);
    }
    break;
  }
}

void ElemMasterState::doBlaze(int c, int to1, int to2) {
  m_ap -= 1;
  Cell& s = m_board[static_cast<std::size_t>(c)];
  for (int t : {to1, to2}) {
    Cell& d = m_board[static_cast<std::size_t>(t)];
    d.owner = s.owner;
    d.element = s.element;
    d.level = 1;
    d.morph = s.morph;
    d.flags = static_cast<std::uint8_t>(d.flags & kVoid);
  }
  s.level = static_cast<std::uint8_t>(s.level - 2);
  s.flags |= kPlayed;
}

}  // namespace wb::rulesets::elem_master
