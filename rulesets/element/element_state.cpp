// Element: setup, the turn (roll, placements, moves, end), legality and results.
#include "rulesets/element/element_state.h"

#include <algorithm>

namespace wb::rulesets::element {

ElementState::ElementState(std::shared_ptr<const ElementRules> rules) : m_rules(std::move(rules)) {
  for (int s = 0; s < m_rules->stoneCount(); ++s) m_supply[s] = static_cast<std::uint8_t>(m_rules->stonesPerElement);
  log().reset(kPlayers, static_cast<int>(m_rules->ids.size()));
  counterLog().reset(kPlayers, static_cast<int>(m_rules->counters.size()));
}

// ---------------------------------------------------------------- setup

void ElementState::setUp(sim::Rng& rng, const std::vector<sim::Grant>& grants) {
  const ElementRules& r = *m_rules;
  clearBoard();
  applyGrants(grants);
  // "STARTING": matching stones on the board's element icons (assumed squares),
  // each sorcerer on its starting point.
  for (int s = 0; s < r.stoneCount(); ++s)
    for (int c : r.stones[s].initial) putStone(s, c);
  for (int s = 0; s < r.stoneCount(); ++s)
    if (r.stones[s].power == Power::Fortress)
      for (int c : r.stones[s].initial) fortify(s, c);
  for (int p = 0; p < kPlayers; ++p) m_sorcerer[p] = static_cast<std::uint8_t>(r.start[p]);
  // The setup is nobody's play: the tallies start now.
  log().reset(kPlayers, static_cast<int>(r.ids.size()));
  counterLog().reset(kPlayers, static_cast<int>(r.counters.size()));
  m_turn = 0;
  startTurn(0, rng);  // assumed: seat 0 goes first ("Decide who goes first"; the runner rotates seats)
}

void ElementState::writeCell(int cell, std::uint8_t value) {
  const ElementRules& r = *m_rules;
  const std::uint8_t old = m_board[cell];
  m_board[cell] = value;
  const bool stone = (value & kStoneMask) != 0, jump = r.jumpable[value & kStoneMask];
  if (((old & kStoneMask) != 0) == stone && r.jumpable[old & kStoneMask] == jump) return;
  for (int d = 0; d < kDirs; ++d) {
    const int n = r.neighbour[cell][d];
    if (n == kNoCell) continue;
    const std::uint8_t bit = static_cast<std::uint8_t>(1u << opposite(d));
    m_adjStone[n] = static_cast<std::uint8_t>(stone ? m_adjStone[n] | bit : m_adjStone[n] & ~bit);
    m_adjJump[n] = static_cast<std::uint8_t>(jump ? m_adjJump[n] | bit : m_adjJump[n] & ~bit);
  }
}

void ElementState::clearBoard() {
  m_board.fill(0);
  m_adjStone.fill(0);
  m_adjJump.fill(0);
  for (int s = 0; s < m_rules->stoneCount(); ++s) m_supply[s] = static_cast<std::uint8_t>(m_rules->stonesPerElement);
}

void ElementState::setStone(int cell, int stone, bool fortify) {
  const int old = stoneAt(cell);
  if (old >= 0) ++m_supply[old];
  writeCell(cell, 0);
  if (stone < 0) return;
  if (m_supply[stone] > 0) --m_supply[stone];
  writeCell(cell, static_cast<std::uint8_t>((stone + 1) | (fortify ? kFortified : 0)));
}

void ElementState::setTurn(int p, const std::vector<std::string>& faces) {
  m_player = p;
  m_stage = Stage::Play;
  m_roll.clear();
  for (const std::string& f : faces)
    for (std::size_t i = 0; i < m_rules->faces.size(); ++i)
      if (m_rules->faces[i].symbol == f) {
        m_roll.push_back(static_cast<std::uint8_t>(i));
        break;
      }
  applyFaces();
}

// ---------------------------------------------------------------- the turn

void ElementState::startTurn(int p, sim::Rng& rng) {
  const ElementRules& r = *m_rules;
  m_player = p;
  noteTurnStarted(p);
  m_stage = Stage::Play;
  // "rolls the four dice": each face with its weight.
  m_roll.clear();
  for (int i = 0; i < r.dicePerTurn; ++i) {
    const double x = sim::uniformReal(rng) * r.faceTotal;
    int f = 0;
    while (f + 1 < static_cast<int>(r.faces.size()) && x >= r.faceCumulative[f]) ++f;
    m_roll.push_back(static_cast<std::uint8_t>(f));
  }
  // A granted face (element_impact.cpp) joins the seat's first roll.
  for (std::uint8_t f : m_granted[p])
    if (m_roll.count() < kMaxDice) m_roll.push_back(f);
  m_granted[p].clear();
  applyFaces();
}

void ElementState::applyFaces() {
  const ElementRules& r = *m_rules;
  m_need.fill(0);
  m_seals = 0;
  m_steps = static_cast<std::uint8_t>(r.baseSteps);
  m_stepsUsed = 0;
  m_lastWasMove = false;
  m_movesMade = 0;
  for (std::uint8_t f : m_roll) {
    const FaceDef& face = r.faces[f];
    log().add(m_player, face.entity, sim::EntityUse::Acquired);
    if (face.kind == FaceKind::Stone) ++m_need[face.stone];
    else if (face.kind == FaceKind::AnyStone) ++m_seals;
    else m_steps = static_cast<std::uint8_t>(m_steps + face.steps);
  }
}

void ElementState::endTurn(sim::Rng& rng) {
  const ElementRules& r = *m_rules;
  // "All stones earned on a roll must be played on that turn": the ones that
  // could not be (empty tray, no legal square) go back unplayed (assumed).
  int lost = m_seals;
  for (int s = 0; s < r.stoneCount(); ++s) lost += m_need[s];
  if (lost > 0) counterLog().add(m_player, kCounterLostStones, static_cast<std::uint32_t>(lost));
  if (r.logoEntity >= 0 && m_stepsUsed > r.baseSteps)
    log().add(m_player, r.logoEntity, sim::EntityUse::Played, static_cast<std::uint32_t>(m_stepsUsed - r.baseSteps));
  // Assumed (walled_in_self): a sorcerer that ends its own turn unable to move is
  // captured (with `at_once` that happened the instant it was walled in).
  if (trapped(m_player)) {
    finish(Outcome::SelfCapture, 1 - m_player, kClosedBySelf);
    return;
  }
  noteExposure();
  ++m_turn;
  if (m_turn >= r.turnLimit) {
    finish(Outcome::TurnLimit, -1, -1);
    return;
  }
  startTurn(1 - m_player, rng);
}

void ElementState::finish(Outcome o, int winner, int closer) {
  m_stage = Stage::Over;
  m_outcome = o;
  m_winner = winner;
  m_closer = closer;
  if (o == Outcome::TurnLimit) {
    counterLog().add(0, kCounterTurnLimit);
    return;
  }
  if (o == Outcome::Capture && m_exposed[1 - winner]) counterLog().add(1 - winner, kCounterLostAfterExposure);
  if (closer == kClosedBySelf) counterLog().add(winner, kCounterCaptureSelf);
  else if (closer == kClosedBySorcerer) counterLog().add(winner, kCounterCaptureBySorcerer);
  else if (closer >= 0) counterLog().add(winner, captureCounter(closer));
}

bool ElementState::checkCapture(int closer) {
  const ElementRules& r = *m_rules;
  // "The game is won the instant the enemy Sorcerer is surrounded."
  if (trapped(1 - m_player)) {
    // Assumed (both_walled_in): one stone that walls in both sorcerers wins for
    // the player to act, or (`draw`) ends the duel drawn.
    if (r.bothWalledDraw && trapped(m_player)) finish(Outcome::BothWalled, -1, closer);
    else finish(Outcome::Capture, m_player, closer);
    return true;
  }
  // Assumed (walled_in_self: at_once): walling in the own sorcerer loses at once.
  if (r.selfCaptureAtOnce && trapped(m_player)) {
    finish(Outcome::SelfCapture, 1 - m_player, kClosedBySelf);
    return true;
  }
  return false;
}

std::vector<double> ElementState::returns() const {
  std::vector<double> out(kPlayers, 0.0);
  if (m_stage != Stage::Over) return out;
  if (m_winner >= 0) out[m_winner] = 1.0;
  else if (m_outcome == Outcome::TurnLimit || m_outcome == Outcome::BothWalled) out.assign(kPlayers, 0.5);
  return out;
}

// ---------------------------------------------------------------- legality

bool ElementState::canPlace(int stone, int cell) const {
  if (cell < 0 || cell >= m_rules->cells) return false;
  if (m_sorcerer[0] == cell || m_sorcerer[1] == cell) return false;
  const std::uint8_t v = m_board[cell];
  if (v == 0) return true;
  if (v & kFortified) return false;  // "cannot be replaced ... for the remainder of the game"
  return (m_rules->stones[stone].beats >> ((v & kStoneMask) - 1)) & 1u;
}

bool ElementState::anyPlacement() const {
  const ElementRules& r = *m_rules;
  for (int s = 0; s < r.stoneCount(); ++s) {
    if ((m_need[s] == 0 && m_seals == 0) || m_supply[s] == 0) continue;
    for (int c = 0; c < r.cells; ++c)
      if (canPlace(s, c)) return true;
  }
  return false;
}

void ElementState::addPlacements(std::vector<sim::Action>& out) const {
  const ElementRules& r = *m_rules;
  for (int s = 0; s < r.stoneCount(); ++s) {
    if ((m_need[s] == 0 && m_seals == 0) || m_supply[s] == 0) continue;
    for (int c = 0; c < r.cells; ++c)
      if (canPlace(s, c)) out.push_back(placeAction(s, c));
  }
}

void ElementState::legalActions(std::vector<sim::Action>& out) const {
  out.clear();
  switch (m_stage) {
    case Stage::Over:
      return;
    case Stage::ChooseRiver:
      for (int k = 0; k < 4; ++k)
        if (m_river.walls & (1u << k)) out.push_back(riverAction(2 * k));
      if (m_rules->flowOptional) out.push_back(kRiverNone);
      return;
    case Stage::Steer: {
      std::array<int, 3> dirs{};
      riverOptions(dirs);
      for (int i = 0; i < 3; ++i)
        if (dirs[i] >= 0) out.push_back(steerAction(i));
      return;
    }
    case Stage::Play:
      break;
  }
  addPlacements(out);
  const bool placements = !out.empty();
  if (mayMove()) {
    Reach reachable;
    reach(m_player, m_steps, reachable);
    for (std::uint8_t c : reachable.cells)
      if (mayMoveSpending(reachable.steps[c])) out.push_back(moveAction(c));
  }
  if (!placements) out.push_back(kEndTurn);
}

bool ElementState::isLegal(sim::Action a) const {
  const Decoded d = decode(a);
  switch (m_stage) {
    case Stage::Over:
      return false;
    case Stage::ChooseRiver:
      if (d.kind == ActionKind::RiverNone) return m_rules->flowOptional;
      return d.kind == ActionKind::River && (m_river.walls & (1u << (d.arg / 2)));
    case Stage::Steer: {
      if (d.kind != ActionKind::Steer) return false;
      std::array<int, 3> dirs{};
      riverOptions(dirs);
      return dirs[d.arg] >= 0;
    }
    case Stage::Play:
      break;
  }
  switch (d.kind) {
    case ActionKind::Place:
      return d.stone < m_rules->stoneCount() && (m_need[d.stone] > 0 || m_seals > 0) && m_supply[d.stone] > 0 &&
             canPlace(d.stone, d.cell);
    case ActionKind::Move: {
      if (!mayMove() || d.cell >= m_rules->cells || d.cell == m_sorcerer[m_player]) return false;
      Reach reachable;
      reach(m_player, m_steps, reachable);
      return reachable.steps[d.cell] != 255 && mayMoveSpending(reachable.steps[d.cell]);
    }
    case ActionKind::EndTurn:
      return !anyPlacement();
    default:
      return false;
  }
}

// ---------------------------------------------------------------- applying

void ElementState::doApplyAction(sim::Action a, sim::Rng& rng) {
  const Decoded d = decode(a);
  switch (d.kind) {
    case ActionKind::Place:
      place(d.stone, d.cell);
      break;
    case ActionKind::Move:
      moveSorcerer(d.cell);
      break;
    case ActionKind::EndTurn:
      endTurn(rng);
      break;
    case ActionKind::River:
      startRiver(d.arg);
      break;
    case ActionKind::RiverNone:
      m_stage = Stage::Play;
      break;
    case ActionKind::Steer: {
      std::array<int, 3> dirs{};
      riverOptions(dirs);
      stepRiver(dirs[d.arg]);
      if (m_stage != Stage::Over) flowRiver();
      break;
    }
    case ActionKind::Invalid:
      break;
  }
}

}  // namespace wb::rulesets::element
