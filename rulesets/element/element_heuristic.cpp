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
//               Both sorcerers count where they stand, the one of the player to
//               act too: a plan is judged by where its sorcerer ends, not by the
//               best square it could still reach (that credit ranked the plans
//               that postpone the move above the one that makes it last).
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
//               kThreat x (C - E + 1), for the player to act, where C = S plus
//               the escapes a fire among those stones would close by spreading
//               (an escape at the far end of a fire line whose near end can take
//               a fire; at most one per fire-capable die: a fire face or a seal).
//               At the start of a turn (nothing placed or moved yet) it is the
//               expectation over that player's roll of the dice (each die a fire
//               face or seal, another stone, or steps, by the faces' weights),
//               not the one roll on the board: when p's turn has passed, the roll
//               q threatens p with is a sample the agent drew, and judged on one
//               sample an E of 4 looked safe half the time (audit element.md 4d:
//               19.4% of planner games were lost right after such an exposure).
//               Rivers are not modelled (they flow about one square, audit 4b).
//               At the start of a turn, + kCapture x the chance of such a roll.
//               In the middle of a turn the mover's own sorcerer also counts that
//               expectation, over the opponent's coming roll, where it stands:
//               plans are ranked by where the sorcerer would end the turn.
//               The attacking sorcerer closes one more escape when it can stand
//               on one ("Sorcerers can be used to block and trap each other"):
//               in the turn, within its steps left; over the roll, when the base
//               steps plus one per steps die reach it (a wind jump costs none).
//
// Terminal: a win is +1e6, a loss -1e6, a draw (turn limit) 0.
#include <algorithm>
#include <bit>
#include <cmath>

#include "rulesets/element/element_state.h"

namespace wb::rulesets::element {

namespace {

constexpr double kDanger[] = {100, 40, 22, 12, 6, 3, 1.5, 0.5, 0};
constexpr int kDangerSize = static_cast<int>(sizeof(kDanger) / sizeof(kDanger[0]));
constexpr double kMobility = 0.4;
constexpr double kWindLine = 0.5;
constexpr double kFortress = 2.0;
constexpr double kThreat = 30.0;
// At the start of a turn, the chance that the roll can close every escape, x
// kCapture on top of the expected threat: the sorcerer is then lost, not merely
// pressed (E = 4 was lost on the next turn in 52% of cases, audit element.md 4d).
constexpr double kCapture = 50.0;
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
    // One search per sorcerer gives its escapes, its mobility and its wind lines. Both
    // sorcerers are judged where they stand, the one of the player to act too, not by the
    // best square it could still reach: that credit ranked the plans that postpone the move
    // above the plan that makes it last, and the planner's beam dropped the latter.
    reach(x, kLookSteps, reachable);
    esc[x] = reachable.escapes[m_sorcerer[x]];
    int mobility = 0, windLines = 0;
    const int safety = esc[x];
    for (std::uint8_t c : reachable.cells) {
      if (reachable.steps[c] <= kLookSteps) {
        ++mobility;
        windLines += reachable.jumps[c] > 0 ? 1 : 0;
      }
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
  double threat = 0.0;
  if (atTurnStart()) {
    threat = expectedThreat(target, esc[target]);
  } else if (stones > 0) {
    int fireDice = m_seals;
    const int fire = r.stoneWith(Power::Spread);
    if (fire >= 0 && m_supply[fire] > 0) fireDice += m_need[fire];
    else fireDice = 0;
    // The sorcerer to act may still close one escape by standing on it.
    const int block = mayMove() && stepsToBlock(m_player, target, m_steps) <= m_steps ? 1 : 0;
    const int closures = stones + block + (fireDice > 0 ? std::min(fireDice, spreadClosable(target)) : 0);
    if (esc[target] <= closures) threat = kThreat * (closures - esc[target] + 1);
  }
  h += m_player == player ? threat : -threat;
  // In the middle of a turn the mover is judged where its sorcerer would end it: the
  // opponent's coming roll threatens it there, as it will once the turn has passed (a plan
  // that moves to safety last ranks with the plans that have not moved yet).
  if (m_stage == Stage::Play && !atTurnStart()) {
    const double exposure = expectedThreat(m_player, esc[m_player]);
    h += m_player == player ? -exposure : exposure;
  }
  return h;
}

bool ElementState::atTurnStart() const {
  if (m_stage != Stage::Play || m_stepsUsed != 0 || m_lastWasMove) return false;
  int stones = 0, left = m_seals;
  for (std::uint8_t f : m_roll) stones += m_rules->faces[f].kind == FaceKind::Steps ? 0 : 1;
  for (int s = 0; s < m_rules->stoneCount(); ++s) left += m_need[s];
  return left == stones;
}

// Escapes of `target` (free squares next to its sorcerer) that one fire placed
// by the player to act would fill by spreading: the escape lies just beyond the
// end of an orthogonal line of fire whose other end borders a square that can
// take a fire ("FIRE": the free fire goes at the far end of the line).
int ElementState::spreadClosable(int target) const {
  const ElementRules& r = *m_rules;
  const int fire = r.stoneWith(Power::Spread);
  if (fire < 0 || m_supply[fire] < 2) return 0;
  int count = 0;
  const int at = m_sorcerer[target];
  for (int d = 0; d < kDirs; ++d) {
    const int e = r.neighbour[at][d];
    if (e == kNoCell || !isFree(e, target)) continue;
    bool closable = false;
    for (int o = 0; o < kDirs && !closable; o += 2) {
      int x = r.neighbour[e][o];
      if (x == kNoCell || stoneAt(x) != fire) continue;
      while (r.neighbour[x][o] != kNoCell && stoneAt(r.neighbour[x][o]) == fire) x = r.neighbour[x][o];
      const int z = r.neighbour[x][o];
      closable = z != kNoCell && z != e && canPlace(fire, z);
    }
    count += closable ? 1 : 0;
  }
  return count;
}

// kThreat x (C - E + 1) over the roll of the player to act: each die shows a
// fire-capable face (fire, seal), another stone or steps, by the faces' weights.
double ElementState::expectedThreat(int target, int escapes) const {
  const ElementRules& r = *m_rules;
  const int fire = r.stoneWith(Power::Spread);
  bool anyInTray = false;
  for (int s = 0; s < r.stoneCount(); ++s) anyInTray = anyInTray || m_supply[s] > 0;
  if (!anyInTray || r.faceTotal <= 0) return 0.0;
  double weightFire = 0.0, weightStone = 0.0;
  for (std::size_t f = 0; f < r.faces.size(); ++f) {
    const FaceDef& face = r.faces[f];
    const double w = face.weight;
    if (face.kind == FaceKind::AnyStone || (face.kind == FaceKind::Stone && face.stone == fire)) weightFire += w;
    else if (face.kind == FaceKind::Stone) weightStone += w;
  }
  const double pf = weightFire / r.faceTotal, po = weightStone / r.faceTotal;
  const double ps = std::max(0.0, 1.0 - pf - po);
  const int bonus = spreadClosable(target);
  const int n = r.dicePerTurn;
  // The attacker's sorcerer closes one escape by standing on it when the roll's steps (the
  // base steps, and at least one per steps die) take it there; a wind jump costs none.
  const int toBlock = stepsToBlock(1 - target, target, r.baseSteps + n);
  // Multinomial over (fire-capable f, other stones o, steps n - f - o).
  std::array<double, kMaxDice + 1> fact{};
  fact[0] = 1.0;
  for (int k = 1; k <= kMaxDice; ++k) fact[k] = fact[k - 1] * k;
  double expected = 0.0;
  for (int f = 0; f <= n; ++f)
    for (int o = 0; f + o <= n; ++o) {
      const int closures = f + o + std::min(f, bonus) + (toBlock <= r.baseSteps + (n - f - o) ? 1 : 0);
      if (closures < escapes) continue;
      const double prob = fact[n] / (fact[f] * fact[o] * fact[n - f - o]) * std::pow(pf, f) * std::pow(po, o) *
                          std::pow(ps, n - f - o);
      expected += prob * (kThreat * (closures - escapes + 1) + kCapture);
    }
  return expected;
}

// At the end of the mover's turn: was its sorcerer left at E <= 4 while a
// square with E >= 6 was within reach: of a move still legal (after a
// placement), or of the turn's final move (from where it began)? The capture
// on the opponent's next turn is then counted as a loss after it.
void ElementState::noteExposure() {
  m_exposed[1 - m_player] = false;
  bool exposed = false;
  if (escapes(m_player) <= 4) {
    // A turn that ended with a move is judged by the squares that move could have reached
    // (from where it began, with the steps left then); otherwise by the squares a move
    // still could (it is legal after a placement).
    const std::uint8_t at = m_sorcerer[m_player];
    const int steps = m_lastWasMove ? m_moveFromSteps : m_steps;
    if (m_lastWasMove) m_sorcerer[m_player] = m_moveFrom;
    Reach reachable;
    reach(m_player, steps + 1, reachable);
    for (std::uint8_t c : reachable.cells)
      if (reachable.steps[c] <= steps && reachable.escapes[c] >= 6) {
        exposed = true;
        break;
      }
    m_sorcerer[m_player] = at;
  }
  m_exposed[m_player] = exposed;
  if (exposed) counterLog().add(m_player, kCounterExposedAvoidably);
}

}  // namespace wb::rulesets::element

namespace wb::rulesets::element {

int ElementState::stepsToBlock(int attacker, int target, int maxSteps) const {
  const ElementRules& r = *m_rules;
  const int at = m_sorcerer[target];
  Reach reachable;
  reach(attacker, maxSteps, reachable);
  int best = 255;
  auto consider = [&](int cell) {
    if (cell != kNoCell && reachable.steps[cell] != 255) best = std::min<int>(best, reachable.steps[cell]);
  };
  for (unsigned m = freeDirs(at, target) & r.stepDirs; m != 0; m &= m - 1) consider(r.neighbour[at][std::countr_zero(m)]);
  for (unsigned m = m_adjJump[at]; m != 0; m &= m - 1) consider(jumpLanding(at, std::countr_zero(m), target));
  return best;
}

}  // namespace wb::rulesets::element
