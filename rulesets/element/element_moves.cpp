// Element: the sorcerer's movement (rules "PLAYING" and "WIND") and capture
// ("WINNING": a sorcerer that cannot move to an empty square).
#include "rulesets/element/element_state.h"

namespace wb::rulesets::element {

// "the Sorcerer may jump that stone and land directly on the other side of it,
// if that space is empty ... several Wind stones that are lined up in a row, as
// long as that row is straight - vertically, horizontally or diagonally. The
// Sorcerer must exit the jump in the same direction as it was begun."
// Returns the landing cell of a jump from `from` in `dir`, or kNoCell.
int ElementState::jumpLanding(int from, int dir, int mover, int* jumped) const {
  const ElementRules& r = *m_rules;
  int x = r.neighbour[from][dir];
  int n = 0;
  while (x != kNoCell) {
    const int s = stoneAt(x);
    if (s < 0 || r.stones[s].power != Power::Jump) break;
    ++n;
    x = r.neighbour[x][dir];
  }
  if (n == 0 || x == kNoCell || !isFree(x, mover)) return kNoCell;
  if (jumped) *jumped = n;
  return x;
}

// Every square the sorcerer of `p` can reach with at most `steps` steps (one
// square in any direction, or orthogonally with diagonal_steps off) and any
// number of jumps, which cost nothing ("jump one or more wind stones, then move
// one space in any direction, then catch one or more Wind stones for further
// flight, all on the same turn"). Layer k holds the squares first reached with
// k steps; within a layer, jumps are followed breadth first (fewest jumps).
void ElementState::reach(int p, int steps, Reach& out) const {
  const ElementRules& r = *m_rules;
  out.steps.fill(255);
  out.jumps.fill(0);
  out.cells.clear();
  const int start = m_sorcerer[p];
  const int stepDir = r.diagonalSteps ? 1 : 2;
  FixedVector<std::uint8_t, kMaxCells> layer;
  layer.push_back(static_cast<std::uint8_t>(start));
  out.steps[start] = 0;
  for (int k = 0;; ++k) {
    // Jump closure of this layer.
    for (std::size_t i = 0; i < layer.size(); ++i) {
      const int c = layer[i];
      for (int d = 0; d < kDirs; ++d) {
        int jumped = 0;
        const int land = jumpLanding(c, d, p, &jumped);
        if (land == kNoCell || out.steps[land] != 255) continue;
        out.steps[land] = static_cast<std::uint8_t>(k);
        out.jumps[land] = static_cast<std::uint8_t>(out.jumps[c] + jumped);
        layer.push_back(static_cast<std::uint8_t>(land));
      }
    }
    for (std::uint8_t c : layer)
      if (c != start) out.cells.push_back(c);
    if (k >= steps) break;
    FixedVector<std::uint8_t, kMaxCells> next;
    for (std::uint8_t c : layer)
      for (int d = 0; d < kDirs; d += stepDir) {
        const int n = r.neighbour[c][d];
        if (n == kNoCell || out.steps[n] != 255 || !isFree(n, p)) continue;
        out.steps[n] = static_cast<std::uint8_t>(k + 1);
        out.jumps[n] = out.jumps[c];
        next.push_back(static_cast<std::uint8_t>(n));
      }
    if (next.empty()) break;
    layer = next;
  }
}

void ElementState::moveSorcerer(int cell) {
  Reach reachable;
  reach(m_player, m_steps, reachable);
  const int cost = reachable.steps[cell];
  const int jumps = reachable.jumps[cell];
  m_steps = static_cast<std::uint8_t>(m_steps - cost);
  m_stepsUsed = static_cast<std::uint8_t>(m_stepsUsed + cost);
  m_sorcerer[m_player] = static_cast<std::uint8_t>(cell);
  m_lastWasMove = true;
  if (cost > 0) counterLog().add(m_player, kCounterSteps, static_cast<std::uint32_t>(cost));
  if (jumps > 0) {
    counterLog().add(m_player, kCounterJumps, static_cast<std::uint32_t>(jumps));
    const int wind = m_rules->stoneWith(Power::Jump);
    if (wind >= 0) log().add(m_player, wind, sim::EntityUse::Triggered);
  }
  // "Sorcerers can be used to block and trap each other."
  checkCapture(kClosedBySorcerer);
}

int ElementState::escapes(int p) const { return escapesFrom(p, m_sorcerer[p]); }

int ElementState::escapesFrom(int p, int at) const {
  const ElementRules& r = *m_rules;
  const int stepDir = r.diagonalSteps ? 1 : 2;
  int n = 0;
  for (int d = 0; d < kDirs; d += stepDir) {
    const int c = r.neighbour[at][d];
    if (c != kNoCell && isFree(c, p)) ++n;
  }
  for (int d = 0; d < kDirs; ++d)
    if (jumpLanding(at, d, p) != kNoCell) ++n;
  return n;
}

// "capture and surround the enemy Sorcerer, so that he/she is not able to move
// to an empty square on the board"; "If one of the stones surrounding the enemy
// Sorcerer was a Wind stone that leads to an open space, then he still gets
// another turn."
bool ElementState::trapped(int p) const {
  const ElementRules& r = *m_rules;
  const int at = m_sorcerer[p];
  const int stepDir = r.diagonalSteps ? 1 : 2;
  for (int d = 0; d < kDirs; d += stepDir) {
    const int c = r.neighbour[at][d];
    if (c != kNoCell && isFree(c, p)) return false;
  }
  for (int d = 0; d < kDirs; ++d)
    if (jumpLanding(at, d, p) != kNoCell) return false;
  return true;
}

}  // namespace wb::rulesets::element
