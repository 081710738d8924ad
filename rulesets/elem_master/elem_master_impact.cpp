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

}  // namespace wb::rulesets::elem_master
