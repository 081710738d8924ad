// Element: placing a stone and its power (rules "Element properties" and
// "ELEMENT PROPERTIES": fire spreads, earth fortresses, water rivers).
#include "rulesets/element/element_state.h"

namespace wb::rulesets::element {

void ElementState::putStone(int stone, int cell) {
  // "If you replace Elements on the board during your turn, they are returned to the Element trays."
  const int old = stoneAt(cell);
  if (old >= 0) ++m_supply[old];
  --m_supply[stone];
  writeCell(cell, static_cast<std::uint8_t>(stone + 1));
}

void ElementState::place(int stone, int cell) {
  const ElementRules& r = *m_rules;
  // A named die's stone first; otherwise the stone comes from a seal ("you can
  // choose which Element stone you want for that dice").
  if (m_need[stone] > 0) {
    --m_need[stone];
  } else {
    --m_seals;
    counterLog().add(m_player, kCounterSealStones);
    if (r.sealEntity >= 0) log().add(m_player, r.sealEntity, sim::EntityUse::Played);
  }
  if (stoneAt(cell) >= 0) counterLog().add(m_player, kCounterReplaced);
  putStone(stone, cell);
  m_lastWasMove = false;
  counterLog().add(m_player, placedCounter(stone));
  log().add(m_player, stone, sim::EntityUse::Played);
  switch (r.stones[stone].power) {
    case Power::Spread:
      spread(stone, cell);
      break;
    case Power::Fortress:
      fortify(stone, cell);
      break;
    default:
      break;
  }
  if (checkCapture(stone)) return;
  if (r.stones[stone].power == Power::Flow) offerRiver(stone, cell);
}

// "FIRE": placed directly (orthogonally) next to a line of fire, a free fire goes
// on the other side of it, at the far end of each line the new stone touches; it
// may replace what fire beats there (a wind); a free fire earns nothing more.
void ElementState::spread(int stone, int cell) {
  const ElementRules& r = *m_rules;
  bool spreadAny = false;
  for (int d = 0; d < kDirs; d += 2) {
    int x = r.neighbour[cell][d];
    if (x == kNoCell || stoneAt(x) != stone) continue;
    while (r.neighbour[x][d] != kNoCell && stoneAt(r.neighbour[x][d]) == stone) x = r.neighbour[x][d];
    const int end = r.neighbour[x][d];
    if (end == kNoCell || m_supply[stone] == 0 || !canPlace(stone, end)) continue;  // "as long as there is an open space"
    if (stoneAt(end) >= 0) counterLog().add(m_player, kCounterReplaced);
    putStone(stone, end);
    counterLog().add(m_player, kCounterSpreads);
    spreadAny = true;
  }
  if (spreadAny) log().add(m_player, stone, sim::EntityUse::Triggered);
}

// "EARTH": three or more orthogonally connected stones become a fortress for the
// rest of the game; a diagonal neighbour is not part of it.
void ElementState::fortify(int stone, int cell) {
  const ElementRules& r = *m_rules;
  FixedVector<std::uint8_t, kMaxCells> group;
  std::array<bool, kMaxCells> seen{};
  group.push_back(static_cast<std::uint8_t>(cell));
  seen[cell] = true;
  for (std::size_t i = 0; i < group.size(); ++i)
    for (int d = 0; d < kDirs; d += 2) {
      const int n = r.neighbour[group[i]][d];
      if (n != kNoCell && !seen[n] && stoneAt(n) == stone) {
        seen[n] = true;
        group.push_back(static_cast<std::uint8_t>(n));
      }
    }
  if (group.count() < r.fortressSize) return;
  bool grew = false;
  for (std::uint8_t c : group) {
    grew = grew || !(m_board[c] & kFortified);
    m_board[c] |= kFortified;  // neither occupancy nor jumpability changes: no writeCell
  }
  if (grew && m_stage != Stage::Over) {
    counterLog().add(m_player, kCounterFortresses);
    log().add(m_player, stone, sim::EntityUse::Triggered);
  }
}

// "WATER": the new stone placed orthogonally next to water makes each straight
// wall behind it (in line) a river heading away from the wall; with two walls
// the player picks one ("you chose to flow river 1 but you could also have
// chosen to flow river 2"); with an L or T only the stones directly behind flow.
void ElementState::offerRiver(int stone, int cell) {
  const ElementRules& r = *m_rules;
  std::uint8_t walls = 0;
  for (int k = 0; k < 4; ++k) {
    const int behind = r.neighbour[cell][opposite(2 * k)];
    if (behind != kNoCell && stoneAt(behind) == stone) walls = static_cast<std::uint8_t>(walls | (1u << k));
  }
  if (walls == 0) return;
  m_river = River{};
  m_river.placed = static_cast<std::uint8_t>(cell);
  m_river.walls = walls;
  m_river.stone = static_cast<std::uint8_t>(stone);
  const bool single = (walls & (walls - 1)) == 0;
  if (single && !r.flowOptional) {
    int k = 0;
    while (!(walls & (1u << k))) ++k;
    startRiver(2 * k);
    return;
  }
  m_stage = Stage::ChooseRiver;
}

// The river flows "by the same number of spaces that the wall on the board was,
// before you placed the new Water stone", head first, like a snake.
void ElementState::startRiver(int heading) {
  const ElementRules& r = *m_rules;
  const int stone = m_river.stone;
  m_river.body.clear();
  m_river.body.push_back(m_river.placed);
  const int back = opposite(heading);
  for (int x = r.neighbour[m_river.placed][back]; x != kNoCell && stoneAt(x) == stone && !m_river.body.full();
       x = r.neighbour[x][back])
    m_river.body.push_back(static_cast<std::uint8_t>(x));
  m_river.heading = static_cast<std::int8_t>(heading);
  m_river.left = static_cast<std::uint8_t>(m_river.body.count() - 1);
  counterLog().add(m_player, kCounterFlows);
  log().add(m_player, stone, sim::EntityUse::Triggered);
  m_stage = Stage::Play;
  flowRiver();
}

// Where the head may go: forward, left, right ("It cannot flow backwards"), onto
// an empty square or a stone the river's element beats ("If the river encounters
// one or more Fire stones in its path, they are replaced"), never onto a
// sorcerer, a fortress, the board's edge or the river itself.
int ElementState::riverOptions(std::array<int, 3>& dirs) const {
  const ElementRules& r = *m_rules;
  const int head = m_river.body[0];
  const int h = m_river.heading;
  const int candidates[3] = {h, leftOf(h), rightOf(h)};
  int open = 0;
  for (int i = 0; i < 3; ++i) {
    dirs[i] = -1;
    const int t = r.neighbour[head][candidates[i]];
    if (t == kNoCell || m_river.body.contains(static_cast<std::uint8_t>(t))) continue;
    if (!canPlace(m_river.stone, t)) continue;
    dirs[i] = candidates[i];
    ++open;
  }
  return open;
}

void ElementState::flowRiver() {
  std::array<int, 3> dirs{};
  while (m_river.left > 0) {
    const int open = riverOptions(dirs);
    if (open == 0) break;  // "If the river is unable to flow ... it will just stop."
    if (open >= 2) {
      m_stage = Stage::Steer;  // "either by your choice or if it runs into an obstacle"
      return;
    }
    stepRiver(dirs[0] >= 0 ? dirs[0] : dirs[1] >= 0 ? dirs[1] : dirs[2]);
    if (m_stage == Stage::Over) return;
  }
  m_river.left = 0;
  m_stage = Stage::Play;
  // Assumed (river_capture: after_flow): a capture counts once the river has flowed.
  if (m_rules->captureAfterFlow) checkCapture(m_river.stone);
}

void ElementState::stepRiver(int dir) {
  const ElementRules& r = *m_rules;
  const int target = r.neighbour[m_river.body[0]][dir];
  const int old = stoneAt(target);
  if (old >= 0) {
    ++m_supply[old];
    counterLog().add(m_player, kCounterFlowReplaced);
  }
  // The head enters the target; every stone follows the one before it; the tail square empties.
  const int tail = m_river.body.back();
  writeCell(tail, 0);
  writeCell(target, static_cast<std::uint8_t>(m_river.stone + 1));
  for (int i = m_river.body.count() - 1; i > 0; --i) m_river.body[i] = m_river.body[i - 1];
  m_river.body[0] = static_cast<std::uint8_t>(target);
  m_river.heading = static_cast<std::int8_t>(dir);
  --m_river.left;
  m_stage = Stage::Play;
  counterLog().add(m_player, kCounterFlowSteps);
  // Assumed (river_capture: each_square): the instant a square closes the ring.
  if (!m_rules->captureAfterFlow) checkCapture(m_river.stone);
}

}  // namespace wb::rulesets::element
