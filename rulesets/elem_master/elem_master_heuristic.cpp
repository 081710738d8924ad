// Elem Master position evaluation for the greedy agent and greedy rollouts:
// material by element and level (Earth is life, Fire the only attacker),
// Earth safety (own Earth next to enemy Fire), threats (own Fire next to enemy
// Earth or Air, own Water next to enemy Fire), and how close the Fire is to the
// enemy Earth (so a greedy player advances instead of waiting).
#include <algorithm>
#include <cstdlib>

#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

namespace {
constexpr double kValue[kElements] = {3.0, 2.0, 1.5, 1.2};  // per token: Earth, Fire, Water, Air
}

double ElemMasterState::heuristic(int player) const {
  if (m_terminal) {
    const double r = player >= 0 && player < m_players ? m_returns[static_cast<std::size_t>(player)] : 0.0;
    return (r * 2.0 - 1.0) * 1e9;
  }
  std::array<double, kMaxPlayers> score{};
  std::array<int, kMaxPlayers> earth{};
  std::array<int, kMaxPlayers> fireDist{};
  fireDist.fill(100);
  for (int c = 0; c < m_cells; ++c) {
    const Cell& cl = m_board[static_cast<std::size_t>(c)];
    if (cl.owner < 0) continue;
    const std::size_t o = static_cast<std::size_t>(cl.owner);
    score[o] += kValue[cl.element] * cl.level + (cl.level >= 2 ? 0.3 : 0.0);
    if (cl.element == kEarth) earth[o] += cl.level;
    const int r = c / m_side, col = c % m_side;
    for (int d = 0; d < 8; ++d) {
      const int nr = r + kDirRow[d], nc = col + kDirCol[d];
      if (!inBoard(nr, nc)) continue;
      const Cell& n = m_board[static_cast<std::size_t>(cellOf(nr, nc))];
      if (!isEnemy(cl.owner, n.owner)) continue;
      // Threats: this elemental can take levels from the neighbour (worth less than material).
      if ((cl.element == kFire && (n.element == kEarth || n.element == kAir)) ||
          (cl.element == kWater && n.element == kFire) || (cl.element == kEarth && n.element == kWater))
        score[o] += 0.35 * std::min<int>(n.level, 2) * kValue[n.element] / 2.0;
    }
    if (cl.element == kFire) {
      for (int e = 0; e < m_cells; ++e) {
        const Cell& t = m_board[static_cast<std::size_t>(e)];
        if (t.element != kEarth || !isEnemy(cl.owner, t.owner)) continue;
        const int dist = std::max(std::abs(e / m_side - r), std::abs(e % m_side - col));
        fireDist[o] = std::min(fireDist[o], dist);
      }
    }
  }
  // Earth safety: a single Earth token left is one attack from elimination.
  for (int p = 0; p < m_players; ++p) {
    if (m_p[static_cast<std::size_t>(p)].eliminated) continue;
    const std::size_t i = static_cast<std::size_t>(p);
    if (earth[i] <= 1) score[i] -= 6.0;
    else if (earth[i] <= 2) score[i] -= 2.0;
    if (fireDist[i] < 100) score[i] -= 0.15 * fireDist[i];
  }
  const bool teams = m_players == 4 && m_rules->teams;
  double mine = 0, best = -1e18, sumOther = 0;
  int others = 0;
  for (int p = 0; p < m_players; ++p) {
    const double s = m_p[static_cast<std::size_t>(p)].eliminated ? 0.0 : score[static_cast<std::size_t>(p)];
    if (p == player || (teams && p % 2 == player % 2)) {
      mine += s;
    } else {
      best = std::max(best, s);
      sumOther += s;
      ++others;
    }
  }
  if (others == 0) return mine;
  return teams ? mine - sumOther : mine - 0.5 * (best + sumOther / others);
}

}  // namespace wb::rulesets::elem_master
