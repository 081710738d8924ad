// Element: the sorcerer's movement (rules "PLAYING" and "WIND") and capture
// ("WINNING": a sorcerer that cannot move to an empty square).
#include <bit>

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
  while (x != kNoCell && r.jumpable[m_board[x] & kStoneMask]) {
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
// flight, all on the same turn"). Breadth first over one queue: layer k holds
// the squares first reached with k steps; within a layer, jumps are followed
// breadth first (fewest jumps). On the way it counts the escapes (escapesFrom)
// of every square it expands: those reached with fewer than `steps` steps.
void ElementState::reach(int p, int steps, Reach& out) const {
  const ElementRules& r = *m_rules;
  out.steps.fill(255);
  auto& q = out.cells;  // the queue; the start is removed at the end
  q.clear();
  const int start = m_sorcerer[p];
  q.push_back(static_cast<std::uint8_t>(start));
  out.steps[start] = 0;
  out.jumps[start] = 0;
  std::size_t layerBegin = 0;
  for (int k = 0;; ++k) {
    // Jump closure of this layer (the queue grows while it is read).
    for (std::size_t i = layerBegin; i < q.size(); ++i) {
      const int c = q[i];
      out.escapes[c] = 0;
      for (unsigned m = m_adjJump[c]; m != 0; m &= m - 1) {
        const int d = std::countr_zero(m);
        int jumped = 0;
        const int land = jumpLanding(c, d, p, &jumped);
        if (land == kNoCell) continue;
        ++out.escapes[c];
        if (out.steps[land] != 255) continue;
        out.steps[land] = static_cast<std::uint8_t>(k);
        out.jumps[land] = static_cast<std::uint8_t>(out.jumps[c] + jumped);
        q.push_back(static_cast<std::uint8_t>(land));
      }
    }
    if (k >= steps) break;
    const std::size_t layerEnd = q.size();
    for (std::size_t i = layerBegin; i < layerEnd; ++i) {
      const int c = q[i];
      const unsigned free = freeDirs(c, p) & r.stepDirs;
      out.escapes[c] = static_cast<std::uint8_t>(out.escapes[c] + std::popcount(free));
      for (unsigned m = free; m != 0; m &= m - 1) {
        const int n = r.neighbour[c][std::countr_zero(m)];
        if (out.steps[n] != 255) continue;
        out.steps[n] = static_cast<std::uint8_t>(k + 1);
        out.jumps[n] = out.jumps[c];
        q.push_back(static_cast<std::uint8_t>(n));
      }
    }
    if (q.size() == layerEnd) break;
    layerBegin = layerEnd;
  }
  q.erase(0);
}

// "You can choose to move your Sorcerer one space ... at any point during your
// turn": two moves in a row are one move. How often a turn may move (and whether
// a later move may be a flight of jumps alone) is the assumed `sorcerer_moves`.
bool ElementState::mayMove() const {
  if (m_lastWasMove) return false;
  return m_rules->moves != Moves::Once || m_movesMade == 0;
}

void ElementState::moveSorcerer(int cell) {
  Reach reachable;
  reach(m_player, m_steps, reachable);
  const int cost = reachable.steps[cell];
  const int jumps = reachable.jumps[cell];
  m_moveFrom = m_sorcerer[m_player];
  m_moveFromSteps = m_steps;
  m_steps = static_cast<std::uint8_t>(m_steps - cost);
  m_stepsUsed = static_cast<std::uint8_t>(m_stepsUsed + cost);
  m_sorcerer[m_player] = static_cast<std::uint8_t>(cell);
  m_lastWasMove = true;
  ++m_movesMade;
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
  int n = std::popcount(static_cast<unsigned>(freeDirs(at, p) & m_rules->stepDirs));
  for (unsigned m = m_adjJump[at]; m != 0; m &= m - 1)
    if (jumpLanding(at, std::countr_zero(m), p) != kNoCell) ++n;
  return n;
}

// "capture and surround the enemy Sorcerer, so that he/she is not able to move
// to an empty square on the board"; "If one of the stones surrounding the enemy
// Sorcerer was a Wind stone that leads to an open space, then he still gets
// another turn."
bool ElementState::trapped(int p) const {
  const int at = m_sorcerer[p];
  if (freeDirs(at, p) & m_rules->stepDirs) return false;
  for (unsigned m = m_adjJump[at]; m != 0; m &= m - 1)
    if (jumpLanding(at, std::countr_zero(m), p) != kNoCell) return false;
  return true;
}

}  // namespace wb::rulesets::element
