// Elem Master: the 30 events ("Les évènements") driven by the ops the YAML gives
// them, and the choices an effect waits for (summon squares, targets, zones,
// directions). "Un joueur ne peut déclencher un évènement que si son effet a une
// incidence sur le plateau": eventApplicable() checks that first.
#include <algorithm>

#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

// ---------------------------------------------------------------- events

namespace {
bool canGainOne(const Cell& cl, const PlayerState& ps, int cap) {
  return cl.owner >= 0 && cl.level < cap && ps.reserve[cl.element] > 0;
}
}  // namespace

bool ElemMasterState::pendingTargetOk(int c) const {
  const Pending& p = m_pending;
  const Cell& cl = m_board[static_cast<std::size_t>(c)];
  auto gainable = [&](int cc, int cap) {
    const Cell& x = m_board[static_cast<std::size_t>(cc)];
    return x.owner >= 0 && canGainOne(x, m_p[static_cast<std::size_t>(x.owner)], cap);
  };
  switch (p.kind) {
    case PendingKind::PlaceSummon:
      return usable(c) && cl.owner < 0 && inRegion(c, p.region);
    case PendingKind::PlaceVoid: {
      if (!usable(c) || cl.owner >= 0) return false;
      // "sans que cela n'isole complètement un ou plusieurs élémentaires"
      for (int d = 0; d < 8; ++d) {
        const int nr = c / m_side + kDirRow[d], nc = c % m_side + kDirCol[d];
        if (!inBoard(nr, nc) || m_board[static_cast<std::size_t>(cellOf(nr, nc))].owner < 0) continue;
        const int n = cellOf(nr, nc);
        bool exit = false;
        for (int e = 0; e < 8 && !exit; ++e) {
          const int r2 = nr + kDirRow[e], c2 = nc + kDirCol[e];
          if (inBoard(r2, c2) && cellOf(r2, c2) != c && usable(cellOf(r2, c2))) exit = true;
        }
        if (!exit) return false;
        (void)n;
      }
      return true;
    }
    case PendingKind::PickLevelOne:
      if (cl.owner < 0 || cl.element != p.element) return false;
      return p.delta < 0 || gainable(c, p.cap);
    case PendingKind::PickArea: {
      const int r = c / m_side, col = c % m_side;
      if (r + p.count > m_side || col + p.count > m_side) return false;
      for (int i = 0; i < p.count; ++i)
        for (int j = 0; j < p.count; ++j) {
          const Cell& x = m_board[static_cast<std::size_t>(cellOf(r + i, col + j))];
          if (x.owner >= 0 && x.element == p.element) return true;
        }
      return false;
    }
    case PendingKind::PickAvalanche: {
      if (cl.owner < 0 || cl.element != p.element) return false;
      for (int d = 0; d < 8; ++d) {
        const int nr = c / m_side + kDirRow[d], nc = c % m_side + kDirCol[d];
        if (inBoard(nr, nc) && m_board[static_cast<std::size_t>(cellOf(nr, nc))].element == kWater && gainable(cellOf(nr, nc), m_rules->maxLevel))
          return true;
      }
      return false;
    }
    case PendingKind::PickAurora:
      return cl.owner >= 0 && !((p.usedMask >> cl.element) & 1u) && gainable(c, m_rules->maxLevel);
    case PendingKind::PickSome:
      // "Jusqu'à deux élémentaires de Feu de votre choix": two different elementals.
      return cl.owner >= 0 && cl.element == p.element && std::find(p.picked.begin(), p.picked.end(), c) == p.picked.end();
    case PendingKind::PickBreeze: {
      // "Un élémentaire d'Air de votre choix effectue un souffle": any Air with a neighbour.
      if (cl.owner < 0 || cl.element != kAir) return false;
      for (int d = 0; d < 8; ++d) {
        const int nr = c / m_side + kDirRow[d], nc = c % m_side + kDirCol[d];
        if (inBoard(nr, nc) && m_board[static_cast<std::size_t>(cellOf(nr, nc))].owner >= 0) return true;
      }
      return false;
    }
    case PendingKind::PickStar: {
      // "Un élémentaire de Feu de votre choix" (any Fire, as Averse's).
      if (cl.owner < 0 || cl.element != kFire) return false;
      for (int d = 0; d < 8; ++d) {
        const int nr = c / m_side + kDirRow[d], nc = c % m_side + kDirCol[d];
        if (inBoard(nr, nc) && usable(cellOf(nr, nc)) && m_board[static_cast<std::size_t>(cellOf(nr, nc))].owner < 0) return true;
      }
      return false;
    }
    default:
      return false;
  }
}

void ElemMasterState::addPendingActions(std::vector<sim::Action>& out) const {
  const Pending& p = m_pending;
  if (p.kind == PendingKind::PickBreezeBreath) {
    // "(limité par son niveau)": 1..level squares, tokens not consumed.
    const int c = p.extra;
    const int level = m_board[static_cast<std::size_t>(c)].level;
    for (int d = 0; d < 8; ++d) {
      const int nr = c / m_side + kDirRow[d], nc = c % m_side + kDirCol[d];
      if (!inBoard(nr, nc) || m_board[static_cast<std::size_t>(cellOf(nr, nc))].owner < 0) continue;
      for (int k = 1; k <= level; ++k) out.push_back(encodeAction(Kind::Breath, c, cellOf(nr, nc), k));
    }
  } else if (p.kind == PendingKind::PickStarDir) {
    // "jusqu'à 3 déplacements successifs dans une même direction": a direction and 1..3 steps.
    const int c = p.extra;
    for (int d = 0; d < 8; ++d) {
      int r = c / m_side, col = c % m_side;
      for (int step = 1; step <= p.count; ++step) {
        r += kDirRow[d];
        col += kDirCol[d];
        if (!inBoard(r, col) || !usable(cellOf(r, col)) || m_board[static_cast<std::size_t>(cellOf(r, col))].owner >= 0) break;
        out.push_back(encodeAction(Kind::Place, d, 0, step));
      }
    }
  } else if (p.kind == PendingKind::SetAside) {
    for (int k = 0; k <= p.count; ++k) out.push_back(encodeAction(Kind::Place, k));
  } else if (p.kind == PendingKind::PickTremor) {
    // "Remplacez jusqu'à deux cartes Evènement disponibles": which ones (visible, not reserved).
    for (int s = 0; s < kMaxEventSlots; ++s)
      if (m_slots[static_cast<std::size_t>(s)] >= 0 && m_slotOwner[static_cast<std::size_t>(s)] < 0 && !slotHidden(s))
        out.push_back(encodeAction(Kind::Place, s));
  } else if (p.kind == PendingKind::PickMoon) {
    for (int e = 0; e < static_cast<int>(m_rules->events.size()) && e < 64; ++e)
      if (((m_playedEvents >> e) & 1u) && m_rules->events[static_cast<std::size_t>(e)].op != EventOp::FullMoon && eventApplicable(e))
        out.push_back(encodeAction(Kind::Place, e));
  } else if (p.kind == PendingKind::PickEclipse) {
    for (int s = 0; s < kMaxEventSlots; ++s)
      if (m_slots[static_cast<std::size_t>(s)] >= 0 && m_slotOwner[static_cast<std::size_t>(s)] < 0 && !slotHidden(s))
        out.push_back(encodeAction(Kind::Place, s));
  } else if (p.kind == PendingKind::PickLevelOne) {
    // Averse "perd jusqu'à deux niveaux", Tornade "gagne jusqu'à trois niveaux": how many.
    for (int c = 0; c < m_cells; ++c)
      if (pendingTargetOk(c))
        for (int k = 1; k <= pendingAmountMax(c); ++k) out.push_back(encodeAction(Kind::Place, c, 0, k));
  } else {
    for (int c = 0; c < m_cells; ++c)
      if (pendingTargetOk(c)) out.push_back(encodeAction(Kind::Place, c));
  }
  if (p.optional && !out.empty()) out.push_back(encodeAction(Kind::Stop));
}

int ElemMasterState::pendingAmountMax(int c) const {
  const Cell& cl = m_board[static_cast<std::size_t>(c)];
  if (m_pending.delta < 0) return std::min<int>(-m_pending.delta, cl.level);
  const int reserve = m_p[static_cast<std::size_t>(cl.owner)].reserve[cl.element];
  return std::max(0, std::min({static_cast<int>(m_pending.delta), reserve, m_pending.cap - cl.level}));
}

void ElemMasterState::applyPending(int choice, int amount) {
  Pending& p = m_pending;
  const ElemMasterRules& R = *m_rules;
  const int me = m_current;
  PlayerState& ps = m_p[static_cast<std::size_t>(me)];
  bool done = false;
  switch (p.kind) {
    case PendingKind::PlaceSummon: {
      int lvl = std::min<int>(p.level, p.fromPool ? ps.pool : ps.reserve[static_cast<std::size_t>(p.element)]);
      if (lvl > 0) {
        if (p.fromPool) {
          ps.pool = static_cast<std::int8_t>(ps.pool - lvl);
          ps.reserve[static_cast<std::size_t>(p.element)] = static_cast<std::int8_t>(ps.reserve[static_cast<std::size_t>(p.element)] + lvl);
        }
        putStack(choice, me, p.element, lvl, p.mark ? kPlayed : 0);
        if (p.freeMoves > 0) setFreeMover(choice, -1, p.freeMoves, p.element);
      }
      done = --p.count <= 0 || (p.fromPool ? ps.pool : ps.reserve[static_cast<std::size_t>(p.element)]) <= 0;
      break;
    }
    case PendingKind::PlaceVoid:
      setVoid(choice, true);
      p.optional = true;  // "up to": Stop only after the first pick
      done = --p.count <= 0;
      break;
    case PendingKind::PickLevelOne: {
      const int k = std::clamp(amount, 1, std::max(1, pendingAmountMax(choice)));
      if (p.delta < 0) loseLevels(choice, k);
      else gainLevels(choice, k, p.cap);
      done = true;
      break;
    }
    case PendingKind::SetAside: {
      // Nécromancien: `choice` of the lost Earth tokens leave the reserve for the pool.
      const int k = std::clamp(choice, 0, static_cast<int>(p.count));
      ps.pool = static_cast<std::int8_t>(ps.pool + k);
      ps.reserve[kEarth] = static_cast<std::int8_t>(ps.reserve[kEarth] - k);
      counterLog().add(me, static_cast<int>(R.specialties.size()) + kCounterSetAside, static_cast<std::uint32_t>(k));
      done = true;
      break;
    }
    case PendingKind::PickTremor:
      // "par de nouveaux évènements faces cachées. Ils seront dévoilés ... au début de votre prochain tour."
      m_slots[static_cast<std::size_t>(choice)] = m_deck[static_cast<std::size_t>(--m_deckSize)];
      m_slotHidden[static_cast<std::size_t>(choice)] = static_cast<std::int8_t>(me);
      p.optional = true;
      done = --p.count <= 0 || m_deckSize <= 0;
      break;
    case PendingKind::PickArea: {
      const int r = choice / m_side, col = choice % m_side;
      for (int i = 0; i < p.count; ++i)
        for (int j = 0; j < p.count; ++j) {
          const int c = cellOf(r + i, col + j);
          if (m_board[static_cast<std::size_t>(c)].owner >= 0 && m_board[static_cast<std::size_t>(c)].element == p.element) loseLevels(c, -p.delta);
        }
      done = true;
      break;
    }
    case PendingKind::PickAvalanche:
      for (int d = 0; d < 8; ++d) {
        const int nr = choice / m_side + kDirRow[d], nc = choice % m_side + kDirCol[d];
        if (inBoard(nr, nc) && m_board[static_cast<std::size_t>(cellOf(nr, nc))].owner >= 0 &&
            m_board[static_cast<std::size_t>(cellOf(nr, nc))].element == kWater)
          gainLevels(cellOf(nr, nc), 1, R.maxLevel);
      }
      loseLevels(choice, 1);
      done = true;
      break;
    case PendingKind::PickAurora:
      p.usedMask = static_cast<std::uint8_t>(p.usedMask | (1u << m_board[static_cast<std::size_t>(choice)].element));
      gainLevels(choice, 1, R.maxLevel);
      p.optional = true;
      done = --p.count <= 0;
      break;
    case PendingKind::PickSome:
      for (auto& slot : p.picked)
        if (slot < 0) {
          slot = static_cast<std::int8_t>(choice);
          break;
        }
      loseLevels(choice, -p.delta);
      p.optional = true;
      done = --p.count <= 0;
      break;
    case PendingKind::PickBreeze: p.kind = PendingKind::PickBreezeBreath; p.extra = static_cast<std::int8_t>(choice); break;
    case PendingKind::PickStar: p.kind = PendingKind::PickStarDir; p.extra = static_cast<std::int8_t>(choice); break;
    case PendingKind::PickStarDir: {
      int pos = p.extra;
      for (int s = 0; s < std::clamp(amount, 1, static_cast<int>(p.count)); ++s) {
        const int nr = pos / m_side + kDirRow[choice], nc = pos % m_side + kDirCol[choice];
        if (!inBoard(nr, nc) || !usable(cellOf(nr, nc)) || m_board[static_cast<std::size_t>(cellOf(nr, nc))].owner >= 0) break;
        const int n = cellOf(nr, nc);
        m_board[static_cast<std::size_t>(n)] = m_board[static_cast<std::size_t>(pos)];
        Cell& old = m_board[static_cast<std::size_t>(pos)];
        old.owner = -1;
        old.level = 0;
        old.morph = -1;
        old.flags = static_cast<std::uint8_t>(old.flags & kVoid);
        pos = n;
      }
      done = true;
      break;
    }
    case PendingKind::PickMoon:
      m_pending = Pending{};
      triggerEvent(choice);
      return;
    case PendingKind::PickEclipse: m_slotOwner[static_cast<std::size_t>(choice)] = static_cast<std::int8_t>(me); done = true; break;
    default: done = true; break;
  }
  if (done) {
    m_pending = Pending{};
    return;
  }
  thread_local std::vector<sim::Action> scratch;
  scratch.clear();
  addPendingActions(scratch);
  if (scratch.empty()) m_pending = Pending{};
}

bool ElemMasterState::eventApplicable(int event) const {
  const EventDef& ev = m_rules->events[static_cast<std::size_t>(event)];
  const int me = m_current;
  const ElemMasterRules& R = *m_rules;
  auto anyCell = [&](auto pred) {
    for (int c = 0; c < m_cells; ++c)
      if (pred(c, m_board[static_cast<std::size_t>(c)])) return true;
    return false;
  };
  auto withPending = [&](Pending p) {
    ElemMasterState* self = const_cast<ElemMasterState*>(this);
    const Pending saved = self->m_pending;
    self->m_pending = p;
    bool ok = false;
    for (int c = 0; c < m_cells && !ok; ++c) ok = pendingTargetOk(c);
    self->m_pending = saved;
    return ok;
  };
  Pending p;
  p.element = static_cast<std::int8_t>(ev.element);
  p.delta = static_cast<std::int8_t>(ev.delta);
  p.cap = static_cast<std::int8_t>(ev.cap);
  p.count = static_cast<std::int8_t>(ev.count);
  p.region = ev.region;
  switch (ev.op) {
    case EventOp::LevelAll:
      return anyCell([&](int, const Cell& cl) {
        return cl.owner >= 0 && cl.element == ev.element &&
               (ev.delta < 0 || canGainOne(cl, m_p[static_cast<std::size_t>(cl.owner)], R.maxLevel));
      });
    case EventOp::Immobilize: {
      const int next = nextPlayer();
      return isEnemy(me, next) && anyCell([&](int, const Cell& cl) {
               return cl.owner == next && cl.element == ev.element && !(cl.flags & kPlayed);
             });
    }
    case EventOp::ConvertAll:
      return anyCell([&](int, const Cell& cl) { return cl.owner >= 0 && cl.element == ev.element && cl.level == ev.level; });
    case EventOp::NoFullMoves: case EventOp::ExtraAction: case EventOp::Mudslide:
      return true;
    case EventOp::BreathNoMark: case EventOp::AirMoves:
      return anyCell([&](int, const Cell& cl) { return cl.owner == me && cl.element == kAir; });
    case EventOp::WaterFlood:
      return anyCell([&](int, const Cell& cl) { return cl.owner == me && cl.element == kWater; });
    case EventOp::FireHeat:
      return anyCell([&](int, const Cell& cl) { return cl.owner == me && cl.element == kFire; });
    case EventOp::Drought:
      return anyCell([&](int, const Cell& cl) { return cl.owner >= 0 && cl.element == kWater; });
    case EventOp::Summon:
      return m_p[static_cast<std::size_t>(me)].reserve[static_cast<std::size_t>(std::max(0, ev.element))] > 0 && hasEmptyIn(ev.region);
    case EventOp::LevelOne: p.kind = PendingKind::PickLevelOne; return withPending(p);
    case EventOp::LevelArea: p.kind = PendingKind::PickArea; return withPending(p);
    case EventOp::Avalanche: p.kind = PendingKind::PickAvalanche; return withPending(p);
    case EventOp::Collapse: p.kind = PendingKind::PlaceVoid; return withPending(p);
    case EventOp::Aurora: p.kind = PendingKind::PickAurora; return withPending(p);
    case EventOp::LevelSome: p.kind = PendingKind::PickSome; return withPending(p);
    case EventOp::FreeBreath: p.kind = PendingKind::PickBreeze; return withPending(p);
    case EventOp::ShootingStar: p.kind = PendingKind::PickStar; return withPending(p);
    case EventOp::FullMoon:
      for (int e = 0; e < static_cast<int>(R.events.size()) && e < 64; ++e)
        if (((m_playedEvents >> e) & 1u) && R.events[static_cast<std::size_t>(e)].op != EventOp::FullMoon && eventApplicable(e)) return true;
      return false;
    case EventOp::Eclipse: case EventOp::Tremor: {
      int others = 0;
      for (int s = 0; s < kMaxEventSlots; ++s)
        if (m_slots[static_cast<std::size_t>(s)] >= 0 && m_slotOwner[static_cast<std::size_t>(s)] < 0 && !slotHidden(s)) ++others;
      return others >= 2 && (ev.op == EventOp::Eclipse || m_deckSize > 0);
    }
    default:
      return false;
  }
}

void ElemMasterState::addEventActions(std::vector<sim::Action>& out) const {
  const ElemMasterRules& R = *m_rules;
  const PlayerState& ps = m_p[static_cast<std::size_t>(m_current)];
  if (!R.eventsEnabled || m_ap < R.eventCost || ps.eventsUsed >= R.eventsPerPlayer) return;
  for (int s = 0; s < kMaxEventSlots; ++s) {
    const int ev = m_slots[static_cast<std::size_t>(s)];
    if (ev < 0 || slotHidden(s)) continue;
    const int owner = m_slotOwner[static_cast<std::size_t>(s)];
    if (owner >= 0 && owner != m_current) continue;
    // "un joueur ne peut déclencher un évènement que si son effet a une incidence sur le plateau"
    if (eventApplicable(ev)) out.push_back(encodeAction(Kind::Event, s));
  }
}

void ElemMasterState::triggerEvent(int event) {
  const EventDef& ev = m_rules->events[static_cast<std::size_t>(event)];
  const ElemMasterRules& R = *m_rules;
  const int me = m_current;
  PlayerState& ps = m_p[static_cast<std::size_t>(me)];
  log().add(me, R.eventEntityBase() + event, sim::EntityUse::Triggered);
  Pending p;
  p.element = static_cast<std::int8_t>(ev.element);
  p.delta = static_cast<std::int8_t>(ev.delta);
  p.cap = static_cast<std::int8_t>(ev.cap);
  p.count = static_cast<std::int8_t>(ev.count);
  p.level = static_cast<std::int8_t>(ev.level);
  p.region = ev.region;
  switch (ev.op) {
    case EventOp::LevelAll:
      for (int c = 0; c < m_cells; ++c) {
        const Cell& cl = m_board[static_cast<std::size_t>(c)];
        if (cl.owner < 0 || cl.element != ev.element) continue;
        if (ev.delta > 0) gainLevels(c, ev.delta, R.maxLevel);
        else loseLevels(c, -ev.delta);
      }
      return;
    case EventOp::Immobilize: {
      // "Les élémentaires de Feu adverses sont immobilisés au prochain tour": the next
      // turn is the next player's, so their elementals (marks last through that turn).
      const int next = nextPlayer();
      for (int c = 0; c < m_cells; ++c) {
        Cell& cl = m_board[static_cast<std::size_t>(c)];
        if (cl.owner == next && isEnemy(me, next) && cl.element == ev.element) cl.flags |= kPlayed;
      }
      return;
    }
    case EventOp::ConvertAll:
      for (int c = 0; c < m_cells; ++c) {
        const Cell cl = m_board[static_cast<std::size_t>(c)];
        if (cl.owner < 0 || cl.element != ev.element || cl.level != ev.level) continue;
        removeStack(c, true);
        const int lvl = std::min<int>(cl.level, m_p[static_cast<std::size_t>(cl.owner)].reserve[static_cast<std::size_t>(ev.toElement)]);
        if (lvl > 0) putStack(c, cl.owner, ev.toElement, lvl, static_cast<std::uint8_t>(cl.flags & (kPlayed | kFrozen)));
      }
      return;
    case EventOp::NoFullMoves: m_noFullMovesNext = true; return;
    case EventOp::BreathNoMark: m_breathNoMark = true; return;
    case EventOp::AirMoves: ps.nextOwn |= kOwnHurricane; return;
    case EventOp::WaterFlood: ps.nextOwn |= kOwnFlood; return;
    case EventOp::FireHeat: ps.nextOwn |= kOwnHeat; m_heatGain = ev.delta; return;
    // "les deux prochains tours couvrent un tour complet de chaque joueur (en excluant le tour en cours)".
    case EventOp::Drought: m_droughtFrom = m_turn + 1; m_droughtTo = m_turn + ev.turns * alivePlayers(); return;
    case EventOp::ExtraAction: ps.extraAp = static_cast<std::int8_t>(ps.extraAp + ev.count); return;
    case EventOp::Mudslide: m_nextApOverride = 1; m_ap += ev.count; return;
    case EventOp::Summon: p.kind = PendingKind::PlaceSummon; break;
    case EventOp::LevelOne: p.kind = PendingKind::PickLevelOne; break;
    case EventOp::LevelArea: p.kind = PendingKind::PickArea; break;
    case EventOp::Avalanche: p.kind = PendingKind::PickAvalanche; break;
    // "up to" lets the player stop after a pick, not before the first: an event "ne peut
    // [être] déclench[é] que si son effet a une incidence" (Stop becomes legal in applyPending).
    case EventOp::Collapse: p.kind = PendingKind::PlaceVoid; break;
    case EventOp::Aurora: p.kind = PendingKind::PickAurora; break;
    case EventOp::LevelSome: p.kind = PendingKind::PickSome; break;
    case EventOp::FreeBreath: p.kind = PendingKind::PickBreeze; break;
    case EventOp::ShootingStar: p.kind = PendingKind::PickStar; break;
    case EventOp::FullMoon: p.kind = PendingKind::PickMoon; break;
    case EventOp::Eclipse: p.kind = PendingKind::PickEclipse; break;
    case EventOp::Tremor: p.kind = PendingKind::PickTremor; break;
    default: return;
  }
  m_pending = p;
  thread_local std::vector<sim::Action> scratch;
  scratch.clear();
  addPendingActions(scratch);
  if (scratch.empty()) m_pending = Pending{};
}

}  // namespace wb::rulesets::elem_master
