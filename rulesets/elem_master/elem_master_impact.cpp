// Elem Master's hooks for the outcome statistics (sim::State contract):
//   - sideOf: in 2v2 ("four_player_mode: teams", 4 seats) the allies facing each
//     other are one side: seats 0+2 are side 0, seats 1+3 side 1 ("Partie a 4
//     joueurs": allies sit opposite). Otherwise every seat is its own side.
//   - returns: every seat of the winning side gets 1 (a team's partners share the
//     win, eliminated or not); a draw between k sides gives 1/k to every seat of
//     those sides. The engine keeps its own shares in m_returns (1/winners); they
//     are turned into side returns here.
//   - adjudicated: the rules have no turn limit and no repetition rule; a game the
//     engine ends at its assumed turn_limit or at a repeated position
//     (repetition_limit, elem_master_repetition.cpp) is decided by the no-Fire count
//     (finishByCount), which the statistics report as adjudicated, apart from wins
//     by the rules.
//   - actionEntities: drafting a specialty acquires it; a specialty power
//     (Sacrifice .. Reanimate) uses the player's specialty; playing an event uses that event. The choices that
//     follow (Place, Stop) and the passive specialties (Druid, Priest, Sage,
//     Healer, Shaman's second growth) name none: restricting a passive
//     specialty changes nothing, which the impact report says.
//   - grants: a specialty the runner assigns is granted by assigning it to the
//     seat (its faction); drafted specialties and events (drawn face up for
//     everyone) cannot be granted.
#include "rulesets/elem_master/elem_master_game.h"
#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

int ElemMasterState::sideOf(int seat) const {
  if (m_players == 4 && m_rules->teams) return seat % 2;
  return seat;
}

bool ElemMasterState::adjudicated() const { return m_terminal && m_adjudicated; }

std::vector<double> ElemMasterState::returns() const {
  std::vector<double> r(static_cast<std::size_t>(m_players), 0.0);
  if (!m_terminal) return r;
  std::array<bool, kMaxPlayers> sideWon{};
  int sides = 0;
  for (int p = 0; p < m_players; ++p) {
    const auto s = static_cast<std::size_t>(sideOf(p));
    if (m_returns[static_cast<std::size_t>(p)] > 0.0 && !sideWon[s]) {
      sideWon[s] = true;
      ++sides;
    }
  }
  if (sides == 0) return r;
  for (int p = 0; p < m_players; ++p)
    if (sideWon[static_cast<std::size_t>(sideOf(p))]) r[static_cast<std::size_t>(p)] = 1.0 / sides;
  return r;
}

void ElemMasterState::actionEntities(sim::Action act, std::vector<int>& out) const {
  out.clear();
  if (m_terminal) return;
  const Kind k = actionKind(act);
  if (k == Kind::Draft) {  // drafting a specialty acquires it
    const int spec = actionA(act);
    if (spec >= 0 && spec < m_rules->eventEntityBase()) out.push_back(spec);
    return;
  }
  if (k == Kind::Event) {
    const int slot = actionA(act);
    if (slot >= 0 && slot < kMaxEventSlots && m_slots[static_cast<std::size_t>(slot)] >= 0)
      out.push_back(m_rules->eventEntityBase() + m_slots[static_cast<std::size_t>(slot)]);
    return;
  }
  if (static_cast<int>(k) >= static_cast<int>(Kind::Sacrifice) && static_cast<int>(k) <= static_cast<int>(Kind::Reanimate)) {
    const int spec = m_p[static_cast<std::size_t>(m_current)].specialty;
    if (spec >= 0) out.push_back(spec);
  }
}

bool ElemMasterGame::canGrant(int entity) const {
  // Drafted specialties are the players' choice (restricted play measures them); assigned ones can be granted.
  if (!m_rules->specialtiesEnabled || m_rules->draftSpecialties || entity < 0 || entity >= m_rules->eventEntityBase())
    return false;
  for (int s : m_rules->factionSpecialty)
    if (s == entity) return true;
  return false;
}

std::vector<int> ElemMasterGame::factionsWithGrants(const sim::GameSetup& setup) const {
  std::vector<int> factions = setup.factionOfSeat;
  for (const sim::Grant& g : setup.grants) {
    if (!canGrant(g.entity) || g.seat < 0 || g.seat >= kMaxPlayers) continue;
    if (static_cast<int>(factions.size()) <= g.seat) factions.resize(static_cast<std::size_t>(g.seat) + 1, -1);
    for (std::size_t f = 0; f < m_rules->factionSpecialty.size(); ++f)
      if (m_rules->factionSpecialty[f] == g.entity) factions[static_cast<std::size_t>(g.seat)] = static_cast<int>(f);
  }
  return factions;
}

}  // namespace wb::rulesets::elem_master
