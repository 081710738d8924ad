// Element: the position's value for a player (greedy look-ahead, the whole-turn
// planner's judgement once the turn has passed, MCTS rollouts).
//
// Terms, for player p against opponent q (each computed for both sorcerers and
// taken as p's minus q's):
//
//   danger(E)   E = escape squares of a sorcerer: empty squares it can step to
//               plus landings of wind jumps from where it stands (the rule's
//               capture test counts exactly these). A sorcerer is captured when
//               E reaches 0, and one turn's four stones (plus a spread or a
//               river) can fill about four to six, so the value is steep for
//               small E: kDanger[E] (100, 40, 22, 12, 6, 3, 1.5, 0.5, 0).
//               Tempo: the sorcerer of the player to act may still move before
//               the other attacks, so for it E is the best E over the squares
//               it can reach now (its steps left and jumps); the other one is
//               attacked where it stands.
//   mobility    squares the sorcerer can reach with two steps and any jumps,
//               x kMobility: room to flee next turn ("move to more open battle
//               space to avoid capture").
//   wind lines  of those, the squares reached only by jumping, x kWindLine:
//               wind next to a sorcerer is its way out of a closing ring.
//   fortress    fortified stones next to a sorcerer, x kFortress: a permanent
//               wall (nothing may replace it) that no stone can reopen.
//   threat      the player to act holds S stones still to place (named dice
//               and seals with stones in the tray); if the other sorcerer has
//               E <= S escapes it can be closed in this turn:
//               kThreat x (S - E + 1), for the player to act. When p's turn has
//               passed this is q's threat against p with q's actual roll.
//
// Terminal: a win is +1e6, a loss -1e6, a draw (turn limit) 0.
#include <algorithm>

#include "rulesets/element/element_state.h"

namespace wb::rulesets::element {

namespace {

constexpr double kDanger[] = {100, 40, 22, 12, 6, 3, 1.5, 0.5, 0};
constexpr int kDangerSize = static_cast<int>(sizeof(kDanger) / sizeof(kDanger[0]));
constexpr double kMobility = 0.4;
constexpr double kWindLine = 0.5;
constexpr double kFortress = 2.0;
constexpr double kThreat = 30.0;
constexpr int kLookSteps = 2;

double danger(int escapes) { return kDanger[escapes < kDangerSize ? escapes : kDangerSize - 1]; }

}  // namespace

double ElementState::heuristic(int player) const {
  if (m_stage == Stage::Over) {
    if (m_winner < 0) return 0.0;
    return m_winner == player ? 1e6 : -1e6;
  }
  const ElementRules& r = *m_rules;
  std::array<double, kPlayers> value{};
  std::array<int, kPlayers> esc{};
  Reach reachable;
  for (int x = 0; x < kPlayers; ++x) {
    // One search per sorcerer gives its escapes (at the start and at every
    // square within tempo steps), its mobility and its wind lines.
    const int tempo = x == m_player && mayMove() ? m_steps : -1;
    reach(x, std::max(kLookSteps, tempo + 1), reachable);
    esc[x] = reachable.escapes[m_sorcerer[x]];
    int mobility = 0, windLines = 0, safety = esc[x];
    for (std::uint8_t c : reachable.cells) {
      if (reachable.steps[c] <= kLookSteps) {
        ++mobility;
        windLines += reachable.jumps[c] > 0 ? 1 : 0;
      }
      if (reachable.steps[c] <= tempo) safety = std::max<int>(safety, reachable.escapes[c]);
    }
    int fortress = 0;
    for (int d = 0; d < kDirs; ++d) {
      const int n = r.neighbour[m_sorcerer[x]][d];
      if (n != kNoCell && fortified(n)) ++fortress;
    }
    value[x] = -danger(safety) + kMobility * mobility + kWindLine * windLines - kFortress * fortress;
  }
  double h = value[player] - value[1 - player];
  int stones = m_seals;
  bool anyInTray = false;
  for (int s = 0; s < r.stoneCount(); ++s) {
    anyInTray = anyInTray || m_supply[s] > 0;
    stones += m_supply[s] > 0 ? m_need[s] : 0;
  }
  if (!anyInTray) stones = 0;
  const int target = 1 - m_player;
  if (esc[target] <= stones) {
    const double threat = kThreat * (stones - esc[target] + 1);
    h += m_player == player ? threat : -threat;
  }
  return h;
}

}  // namespace wb::rulesets::element
