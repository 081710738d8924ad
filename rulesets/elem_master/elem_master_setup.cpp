// Elem Master: the setup choices that belong to the players ("Mise en place" and
// "Phase d'invocation"), played as actions before the first turn:
//   - the specialty draft (parameter specialty_choice: draft): "chaque joueur (en
//     commençant par le 1er joueur, puis en sens horaire) peut choisir une carte
//     Spécialité" -- one Draft action per seat, each card once, or none;
//   - the free start (parameter start: free): "une armée de 12 jetons de son choix
//     (dont au moins un de Terre), répartis sur les deux premières lignes" behind a
//     screen -- one Deploy action per token (square and element). The army stays
//     behind the seat's screen (m_screen, not on the board) until every seat is
//     done: "les écrans de confidentialité sont retirés simultanément".
#include <algorithm>
#include <cmath>

#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

int ElemMasterState::screenTokens(int p, int element) const {
  int n = 0;
  for (int i = 0; i < m_screenCount[static_cast<std::size_t>(p)]; ++i) {
    const ScreenStack& st = m_screen[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)];
    if (st.element == element) n += st.level;
  }
  return n;
}

int ElemMasterState::screenIndex(int p, int c) const {
  for (int i = 0; i < m_screenCount[static_cast<std::size_t>(p)]; ++i)
    if (m_screen[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)].cell == c) return i;
  return -1;
}

void ElemMasterState::addSetupActions(std::vector<sim::Action>& out) const {
  const ElemMasterRules& R = *m_rules;
  const int me = m_current;
  if (m_phase == Phase::Draft) {
    for (int i = 0; i < static_cast<int>(R.specialties.size()) && i < 32; ++i)
      if (!((m_drafted >> i) & 1u)) out.push_back(encodeAction(Kind::Draft, i));
    out.push_back(encodeAction(Kind::Draft, kNoSpecialty));  // "peut choisir": none is a choice
    return;
  }
  // Deploy: one token of the army on a home square (empty on the board, or the seat's
  // own stack of that element behind its screen below the level cap).
  const PlayerState& ps = m_p[static_cast<std::size_t>(me)];
  int placed = 0;
  for (int e = 0; e < kElements; ++e) placed += screenTokens(me, e);
  const bool earthMissing = screenTokens(me, kEarth) == 0;
  const bool lastToken = placed + 1 >= R.freeStartTokens;
  for (int c = 0; c < m_cells; ++c) {
    if (!usable(c) || m_board[static_cast<std::size_t>(c)].owner >= 0 || seatLocalRow(me, c) >= R.homeRows) continue;
    const int i = screenIndex(me, c);
    for (int e = 0; e < kElements; ++e) {
      if (ps.reserve[static_cast<std::size_t>(e)] - screenTokens(me, e) <= 0) continue;
      if (lastToken && earthMissing && e != kEarth) continue;  // "dont au moins un de Terre"
      if (i >= 0) {
        const ScreenStack& st = m_screen[static_cast<std::size_t>(me)][static_cast<std::size_t>(i)];
        if (st.element != e || st.level >= R.maxLevel) continue;
      } else if (m_screenCount[static_cast<std::size_t>(me)] >= kMaxScreen) {
        continue;
      }
      out.push_back(encodeAction(Kind::Deploy, c, 0, e));
    }
  }
}

void ElemMasterState::applySetup(Kind k, int a, int x) {
  const ElemMasterRules& R = *m_rules;
  const int me = m_current;
  if (k == Kind::Draft) {
    if (a != kNoSpecialty) {
      m_p[static_cast<std::size_t>(me)].specialty = static_cast<std::int8_t>(a);
      m_drafted |= 1u << a;
      log().add(me, a, sim::EntityUse::Acquired);
    }
    if (++m_current >= m_players) afterDraft();
    return;
  }
  // Deploy.
  auto& screen = m_screen[static_cast<std::size_t>(me)];
  auto& count = m_screenCount[static_cast<std::size_t>(me)];
  const int i = screenIndex(me, a);
  if (i >= 0) {
    screen[static_cast<std::size_t>(i)].level++;
  } else {
    screen[static_cast<std::size_t>(count)] = ScreenStack{static_cast<std::int8_t>(a), static_cast<std::uint8_t>(x), 1};
    ++count;
  }
  int placed = 0;
  for (int e = 0; e < kElements; ++e) placed += screenTokens(me, e);
  std::vector<sim::Action> more;
  if (placed < R.freeStartTokens) {
    addSetupActions(more);
    if (!more.empty()) return;  // this seat goes on (a full home area ends the army early)
  }
  if (++m_current < m_players) return;
  // "les écrans de confidentialité sont retirés simultanément"
  for (int p = 0; p < m_players; ++p)
    for (int j = 0; j < m_screenCount[static_cast<std::size_t>(p)]; ++j) {
      const ScreenStack& st = m_screen[static_cast<std::size_t>(p)][static_cast<std::size_t>(j)];
      if (m_board[static_cast<std::size_t>(st.cell)].owner < 0) putStack(st.cell, p, st.element, st.level);
    }
  m_screenCount.fill(0);
  startPlay();
}

// After "Mise en place" 5: the summoning phase, then the first turn.
void ElemMasterState::afterDraft() {
  m_current = 0;
  if (m_rules->freeStart) {
    m_phase = Phase::Deploy;
    return;
  }
  placeStart();
  startPlay();
}

void ElemMasterState::startPlay() {
  m_phase = Phase::Play;
  m_current = 0;
  m_turn = 0;
  beginTurn();
  checkEnd();
}

// Setup-phase evaluation (documented with the heuristic's terms in
// elem_master_heuristic.cpp): the draft has no term (a specialty's worth is what the
// simulations measure, so one-ply agents pick at random); the free start values only
// the seat's own screen (the others are hidden): token values with diminishing
// returns per element (a mixed army), a bonus for level-2 stacks, Earth on the back
// row, Fire and Water on the front row, and stacks on a terrain where they grow.
// Orage safety: with events on and an event that turns every level-1 Earth into
// Fire (Orage), an army without an Earth stack of level 2 or more is eliminated by
// that one card (no Earth left): -3 until the screen holds such a stack. Without
// it greedy spread its Earth as level-1 stacks and 21 of 100 greedy 2v2 games with
// the free start and events ended at turn 0 or 1 (Orage drawn first).
double ElemMasterState::setupHeuristic(int player) const {
  if (m_phase == Phase::Draft || player < 0 || player >= m_players) return 0.0;
  static constexpr double kToken[kElements] = {3.0, 2.0, 1.5, 1.2};
  static constexpr double kOrageRisk = 3.0;
  double v = 0.0;
  for (int e = 0; e < kElements; ++e) v += kToken[e] * 2.0 * std::sqrt(static_cast<double>(screenTokens(player, e)));
  bool earthAboveOne = false;
  for (int i = 0; i < m_screenCount[static_cast<std::size_t>(player)]; ++i) {
    const ScreenStack& st = m_screen[static_cast<std::size_t>(player)][static_cast<std::size_t>(i)];
    const int row = seatLocalRow(player, st.cell);
    if (st.level == 2) v += 0.3;
    if (st.element == kEarth && row == 0) v += 0.4;
    if ((st.element == kFire || st.element == kWater) && row > 0) v += 0.3;
    if ((m_rules->terrains[m_terrain[static_cast<std::size_t>(st.cell)]].growMask >> st.element) & 1u) v += 0.2;
    if (st.element == kEarth && st.level >= 2) earthAboveOne = true;
  }
  if (!earthAboveOne && m_rules->eventsEnabled) {
    for (const EventDef& ev : m_rules->events)
      if (ev.op == EventOp::ConvertAll && ev.element == kEarth && ev.level == 1) {
        v -= kOrageRisk;
        break;
      }
  }
  return v;
}

void ElemMasterState::setupFeatures(std::vector<sim::SetupFeature>& out) const {
  out.clear();
  const ElemMasterRules& r = *m_rules;
  if (m_arena >= 0 && m_arena < static_cast<int>(r.arenas.size()))
    out.push_back({"arena", r.arenas[static_cast<std::size_t>(m_arena)].id});
  for (int p = 0; p < m_players; ++p) {
    const int s = m_p[static_cast<std::size_t>(p)].specialty;
    std::string value = s >= 0 && s < static_cast<int>(r.specialties.size()) ? r.specialties[static_cast<std::size_t>(s)].id
                        : r.specialtiesEnabled && r.draftSpecialties ? "draft"
                                                                     : "none";
    out.push_back({"seat" + std::to_string(p) + "_specialty", std::move(value)});
  }
}

}  // namespace wb::rulesets::elem_master
