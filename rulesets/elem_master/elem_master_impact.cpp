// Elem Master's hooks for the outcome statistics (sim::State contract):
//   - sideOf: in 2v2 ("four_player_mode: teams", 4 seats) the allies facing each
//     other are one side: seats 0+2 are side 0, seats 1+3 side 1 ("Règles à 4
//     joueurs": allies sit opposite). Otherwise every seat is its own side.
//   - adjudicated: the rules have no turn limit and no repetition rule; a game the
//     engine ends at its assumed turn_limit or at a repeated position
//     (repetition_limit) is decided by the no-Fire count (finishByCount), and the
//     statistics report it as adjudicated, apart from wins by the rules.
#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

int ElemMasterState::sideOf(int seat) const {
  if (m_players == 4 && m_rules->teams) return seat % 2;
  return seat;
}

bool ElemMasterState::adjudicated() const { return m_terminal && m_adjudicated; }

}  // namespace wb::rulesets::elem_master
