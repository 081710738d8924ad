// The ElemenZ heuristic (placeholder: material only; replaced by the hold policy).
#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

double ElemenzState::heuristic(int player) const {
  if (m_stage == Stage::Over) return m_winner == player ? 1000.0 : -1000.0;
  double mine = m_p[static_cast<std::size_t>(player)].dice, theirs = 0;
  for (int q = 0; q < m_players; ++q)
    if (q != player) theirs += m_p[static_cast<std::size_t>(q)].dice;
  return 10 * mine - 10 * theirs / std::max(1, m_players - 1);
}

}  // namespace wb::rulesets::elemenz
