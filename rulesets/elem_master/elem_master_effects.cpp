// Elem Master: the specialties ("Les spécialités") and the action dispatch
// (legalActions / doApplyAction); specialties are driven by the ops the
// YAML gives each ability. Events: elem_master_events.cpp.
#include <algorithm>

#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

bool ElemMasterState::inRegion(int c, Region region) const {
  if (region == Region::Anywhere) return true;
  const int row = seatLocalRow(m_current, c);
  // "les deux premières lignes auxquelles vous faites face" / "la moitié du plateau à laquelle vous faites face"
  return region == Region::Home ? row < m_rules->homeRows : row < m_side / 2;
}

bool ElemMasterState::hasEmptyIn(Region region) const {
  for (int c = 0; c < m_cells; ++c)
    if (usable(c) && m_board[static_cast<std::size_t>(c)].owner < 0 && inRegion(c, region)) return true;
  return false;
}

void ElemMasterState::addSpecialtyActions(std::vector<sim::Action>& out) const {
  const SpecialtyDef* sp = mySpecialty();
  if (!sp || m_ap < sp->cost) return;
  const int me = m_current;
  const PlayerState& ps = m_p[static_cast<std::size_t>(me)];
  switch (sp->op) {
    case SpecOp::SacrificeSummon:  // Démoniste
      for (int c = 0; c < m_cells; ++c) {
        const Cell& cl = m_board[static_cast<std::size_t>(c)];
        if (cl.owner != me || (cl.element == sp->element && cl.level <= sp->level)) continue;
        const int avail = ps.reserve[static_cast<std::size_t>(sp->element)] + (cl.element == sp->element ? cl.level : 0);
        if (avail >= sp->level) out.push_back(encodeAction(Kind::Sacrifice, c));
      }
      break;
    case SpecOp::Summon:  // Cultiste, Constellationiste, Illusioniste
      if (ps.reserve[static_cast<std::size_t>(sp->element)] >= 1 && hasEmptyIn(sp->region))
        out.push_back(encodeAction(Kind::Summon));
      break;
    case SpecOp::Reanimate:  // Nécromancien
      if (ps.pool > 0 && hasEmptyIn(Region::Home)) out.push_back(encodeAction(Kind::Reanimate));
      break;
    case SpecOp::Destroy:  // Génie
      if (sp->uses > 0 && ps.specUses >= sp->uses) break;
      for (int c = 0; c < m_cells; ++c)
        if (m_board[static_cast<std::size_t>(c)].owner >= 0 && m_board[static_cast<std::size_t>(c)].level == sp->level)
          out.push_back(encodeAction(Kind::Destroy, c));
      break;
    case SpecOp::ControlEnemy:  // Oracle
      for (int c = 0; c < m_cells; ++c) {
        if (!isEnemy(me, m_board[static_cast<std::size_t>(c)].owner)) continue;
        addMovesFrom(c, true, out);
        for (int d = 0; d < 8; ++d) {
          const int nr = c / m_side + kDirRow[d], nc = c % m_side + kDirCol[d];
          if (inBoard(nr, nc) && canInteract(c, cellOf(nr, nc))) out.push_back(encodeAction(Kind::OracleAttack, c, cellOf(nr, nc)));
        }
      }
      break;
    case SpecOp::Transmute:  // Alchimiste
      for (int c = 0; c < m_cells; ++c) {
        const Cell& cl = m_board[static_cast<std::size_t>(c)];
        if (cl.owner < 0 || cl.level < 2) continue;
        const int level = std::min<int>(cl.level - 1, m_rules->maxLevel);
        for (int x = 0; x < kElements; ++x)
          if (x != cl.element && m_p[static_cast<std::size_t>(cl.owner)].reserve[static_cast<std::size_t>(x)] >= level)
            out.push_back(encodeAction(Kind::Transmute, c, 0, x));
      }
      break;
    case SpecOp::Mark:  // Runiste
      for (int c = 0; c < m_cells; ++c) {
        const Cell& cl = m_board[static_cast<std::size_t>(c)];
        if (isEnemy(me, cl.owner) && !(cl.flags & kPlayed)) out.push_back(encodeAction(Kind::RuneMark, c));
      }
      break;
    case SpecOp::ActAs:  // Métamorphe
      for (int c = 0; c < m_cells; ++c) {
        const Cell& cl = m_board[static_cast<std::size_t>(c)];
        if (cl.owner != me || (cl.flags & kPlayed)) continue;
        for (int x = 0; x < kElements; ++x)
          if (x != effElement(c)) out.push_back(encodeAction(Kind::Morph, c, 0, x));
      }
      break;
    default:
      break;  // passive ones act inside the standard actions
  }
}

void ElemMasterState::applySpecialty(Kind k, int a, int b, int x) {
  const SpecialtyDef* sp = mySpecialty();
  if (!sp) return;
  const int me = m_current;
  PlayerState& ps = m_p[static_cast<std::size_t>(me)];
  m_ap -= sp->cost;
  log().add(me, ps.specialty, sim::EntityUse::Played);
  counterLog().add(me, ps.specialty);  // power_<specialty>: an active power used
  switch (k) {
    case Kind::Sacrifice: {
      removeStack(a, true);
      const int lvl = std::min<int>(sp->level, ps.reserve[static_cast<std::size_t>(sp->element)]);
      // "invoquer à sa place un élémentaire de Feu de niveau 1": a new elemental, not marked.
      if (lvl > 0) putStack(a, me, sp->element, lvl);
      break;
    }
    case Kind::Summon:
      ps.specUses++;
      m_pending = Pending{};
      m_pending.kind = PendingKind::PlaceSummon;
      m_pending.element = static_cast<std::int8_t>(sp->element);
      m_pending.level = static_cast<std::int8_t>(sp->level);
      m_pending.count = static_cast<std::int8_t>(sp->count);
      m_pending.region = sp->region;
      m_pending.mark = sp->markPlaced;
      m_pending.freeMoves = static_cast<std::uint8_t>(std::max(0, sp->moves));
      break;
    case Kind::Reanimate:
      m_pending = Pending{};
      m_pending.kind = PendingKind::PlaceSummon;
      m_pending.element = kEarth;
      m_pending.level = 1;
      m_pending.count = ps.pool;
      m_pending.region = Region::Home;
      m_pending.fromPool = true;
      break;
    case Kind::Destroy:
      ps.specUses++;
      removeStack(a, true);
      break;
    case Kind::OracleMove: doMove(a, b, x, true); break;
    case Kind::OracleAttack: interact(a, b, 1); break;
    case Kind::Transmute: {
      const Cell old = m_board[static_cast<std::size_t>(a)];
      removeStack(a, true);
      // "Un élémentaire ne peut pas excéder le niveau 3 ... tout jeton excédant est aussitôt
      // retiré": a Tornado stack above 3 comes out at the cap, the excess stays in the reserve.
      putStack(a, old.owner, x, std::min<int>(old.level - 1, m_rules->maxLevel),
               static_cast<std::uint8_t>(old.flags & (kPlayed | kFrozen)));
      break;
    }
    case Kind::RuneMark: m_board[static_cast<std::size_t>(a)].flags |= kPlayed; break;
    case Kind::EnchantAttack:
      interact(a, b, 2);
      if (m_lastSource >= 0) m_board[static_cast<std::size_t>(m_lastSource)].flags |= kPlayed;
      break;
    case Kind::Morph: m_board[static_cast<std::size_t>(a)].morph = static_cast<std::int8_t>(x); break;
    default: break;
  }
}

// ---------------------------------------------------------------- dispatch

void ElemMasterState::legalActions(std::vector<sim::Action>& out) const {
  out.clear();
  if (m_terminal) return;
  if (m_phase != Phase::Play) {
    addSetupActions(out);
    return;
  }
  if (m_pending.kind != PendingKind::None) {
    addPendingActions(out);
    if (out.empty()) out.push_back(encodeAction(Kind::Stop));
    return;
  }
  out.push_back(encodeAction(Kind::EndTurn));
  addStandardActions(out);
  addSpecialtyActions(out);
  addEventActions(out);
}

void ElemMasterState::doApplyAction(sim::Action act, sim::Rng& /*rng*/) {
  const Kind k = actionKind(act);
  const int a = actionA(act), b = actionB(act), x = actionX(act);
  if (m_phase != Phase::Play) {
    applySetup(k, a, x);
    return;
  }
  m_repeats = 0;  // a new position (endTurn() sets it again for the next turn start)
  const bool freeMove = k == Kind::Move && m_freeMoves > 0 && (a == m_freeCells[0] || a == m_freeCells[1]) &&
                        effElement(a) == m_freeElement;
  if (!freeMove && k != Kind::Place && k != Kind::Stop) {
    m_freeMoves = 0;
    m_freeCells = {-1, -1};
  }
  const int growCell = m_growCell;
  if (k != Kind::Place && k != Kind::Stop) m_growCell = -1;
  switch (k) {
    case Kind::EndTurn: endTurn(); break;
    case Kind::Grow: {
      // "La croissance": +1 level (Innondation: Water x2 on its terrains), marked except Air.
      m_ap -= 1;
      const TerrainDef& t = m_rules->terrains[m_terrain[static_cast<std::size_t>(a)]];
      const int e = effElement(a);
      const int n = ((m_own & kOwnFlood) && e == kWater && ((t.growMask >> kWater) & 1u)) ? 2 : 1;
      gainLevels(a, n, m_rules->maxLevel);
      Cell& cl = m_board[static_cast<std::size_t>(a)];
      if (e != kAir) cl.flags |= kPlayed;
      if (t.effect == TerrainEffect::Jungle) cl.flags |= kPlayed | kFrozen;  // "Jungle": immobilised next turn
      const SpecialtyDef* sp = mySpecialty();
      if (sp && sp->op == SpecOp::DoubleGrowth) {
        if (growCell != a) {
          m_growCell = a;  // Shaman: a second growth may follow
        } else {
          log().add(m_current, m_p[static_cast<std::size_t>(m_current)].specialty, sim::EntityUse::Triggered);
          counterLog().add(m_current, m_p[static_cast<std::size_t>(m_current)].specialty);
        }
      }
      break;
    }
    case Kind::Move: doMove(a, b, x, false); break;
    case Kind::Attack:
      m_ap -= 1;
      interact(a, b, 1);
      if (m_lastSource >= 0) m_board[static_cast<std::size_t>(m_lastSource)].flags |= kPlayed;
      break;
    case Kind::Underground: {
      m_ap -= 1;
      Cell& s = m_board[static_cast<std::size_t>(a)];
      Cell& d = m_board[static_cast<std::size_t>(b)];
      const int total = d.level + x;
      const int excess = std::max(0, total - m_rules->maxLevel);
      d.level = static_cast<std::uint8_t>(total - excess);
      m_p[static_cast<std::size_t>(d.owner)].reserve[d.element] += static_cast<std::int8_t>(excess);
      s.level = static_cast<std::uint8_t>(s.level - x);
      if (s.level == 0) removeStack(a, false);
      else s.flags |= kPlayed;
      break;
    }
    case Kind::Blaze: doBlaze(a, b, x); break;
    case Kind::Wave: doWave(a, b, x); break;
    case Kind::Breath:
      if (m_pending.kind == PendingKind::PickBreezeBreath) {
        m_pending = Pending{};
        doBreath(a, b, x, true);  // Brise
      } else {
        doBreath(a, b, x);
      }
      break;
    case Kind::Place: applyPending(a, x); break;
    case Kind::Stop: m_pending = Pending{}; break;
    case Kind::Event: {
      const int ev = m_slots[static_cast<std::size_t>(a)];
      PlayerState& ps = m_p[static_cast<std::size_t>(m_current)];
      m_ap -= m_rules->eventCost;
      ps.eventsUsed++;
      if (ev < 64) m_playedEvents |= 1ULL << ev;
      m_slots[static_cast<std::size_t>(a)] = -1;
      m_slotOwner[static_cast<std::size_t>(a)] = -1;
      log().add(m_current, m_rules->eventEntityBase() + ev, sim::EntityUse::Played);
      triggerEvent(ev);
      break;
    }
    default: applySpecialty(k, a, b, x); break;
  }
  checkEnd();
  // "Lorsqu'un joueur est éliminé, tous ses jetons sont retirés du jeu": an eliminated player
  // stops acting at once (its turn ends; its partner plays on in a team game).
  if (!m_terminal && k != Kind::EndTurn && m_p[static_cast<std::size_t>(m_current)].eliminated) {
    endTurn();
    return;
  }
  if (!m_terminal && k != Kind::EndTurn && m_pending.kind == PendingKind::None && m_ap <= 0) {
    // Nothing left but ending the turn: end it (saves agents a forced move).
    thread_local std::vector<sim::Action> scratch;
    legalActions(scratch);
    if (scratch.size() <= 1) endTurn();
  }
}

}  // namespace wb::rulesets::elem_master
