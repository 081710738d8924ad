// Element: text of states and actions (replays, tests, `balance show`).
#include <sstream>

#include "rulesets/element/element_state.h"

namespace wb::rulesets::element {

namespace {

const char* const kDirNames[kDirs] = {"N", "NE", "E", "SE", "S", "SW", "W", "NW"};
const char* const kSteerNames[3] = {"forward", "left", "right"};

const char* stageName(Stage s) {
  switch (s) {
    case Stage::Play: return "play";
    case Stage::ChooseRiver: return "choose river";
    case Stage::Steer: return "steer river";
    case Stage::Over: return "over";
  }
  return "?";
}

}  // namespace

std::string ElementState::actionToString(sim::Action a) const {
  const ElementRules& r = *m_rules;
  const Decoded d = decode(a);
  switch (d.kind) {
    case ActionKind::Place: {
      if (d.stone >= r.stoneCount()) break;
      std::string s = r.stones[d.stone].id + "@" + r.squareName(d.cell);
      if (m_stage == Stage::Play && m_need[d.stone] == 0 && m_seals > 0) s += " (seal)";
      return s;
    }
    case ActionKind::Move:
      return "move " + r.squareName(d.cell);
    case ActionKind::EndTurn:
      return "end turn";
    case ActionKind::River:
      return std::string("river ") + kDirNames[d.arg];
    case ActionKind::RiverNone:
      return "river: leave it";
    case ActionKind::Steer:
      return std::string("steer ") + kSteerNames[d.arg];
    case ActionKind::Invalid:
      break;
  }
  return "invalid " + std::to_string(a);
}

std::string ElementState::toString() const {
  const ElementRules& r = *m_rules;
  std::ostringstream o;
  o << "turn " << turnCount() << ", " << stageName(m_stage);
  if (m_stage == Stage::Over) {
    if (m_winner >= 0) {
      o << ", Seat " << m_winner + 1 << " wins";
      if (m_closer == kClosedBySelf) o << " (the loser ended its turn unable to move)";
      else if (m_closer == kClosedBySorcerer) o << " (closed by a sorcerer's move)";
      else if (m_closer >= 0) o << " (closed by " << r.stones[m_closer].id << ")";
    } else {
      o << ", draw at the turn limit";
    }
  } else {
    o << ", Seat " << m_player + 1 << " to act; roll:";
    for (std::uint8_t f : m_roll) o << " " << r.faces[f].symbol;
    o << "; to place:";
    for (int s = 0; s < r.stoneCount(); ++s)
      if (m_need[s] > 0) o << " " << int(m_need[s]) << " " << r.stones[s].id;
    if (m_seals > 0) o << " " << int(m_seals) << " any";
    o << "; steps " << int(m_steps);
    if (m_stage == Stage::Steer || m_stage == Stage::ChooseRiver)
      o << "; river at " << r.squareName(m_river.body.empty() ? m_river.placed : m_river.body[0]) << ", "
        << int(m_river.left) << " to flow";
  }
  o << "\ntrays:";
  for (int s = 0; s < r.stoneCount(); ++s) o << " " << r.stones[s].id << " " << int(m_supply[s]);
  o << "\n";
  for (int y = r.side - 1; y >= 0; --y) {
    o << (y + 1 < 10 ? " " : "") << y + 1 << " ";
    for (int x = 0; x < r.side; ++x) {
      const int c = y * r.side + x;
      char a = '.', b = ' ';
      if (m_sorcerer[0] == c) a = '1';
      else if (m_sorcerer[1] == c) a = '2';
      else if (stoneAt(c) >= 0) a = r.stones[stoneAt(c)].letter;
      if (fortified(c)) b = '#';
      o << a << b;
    }
    o << "\n";
  }
  o << "   ";
  for (int x = 0; x < r.side; ++x) o << static_cast<char>('A' + x) << ' ';
  o << "\n";
  return o.str();
}

void ElementState::setupFeatures(std::vector<sim::SetupFeature>& out) const {
  out.clear();
  const ElementRules& r = *m_rules;
  for (std::size_t f = 0; f < r.faces.size(); ++f) {
    const std::string name = "opening_" + r.faces[f].symbol;
    bool seen = false;  // faces that share a symbol count together
    for (const auto& x : out) seen = seen || x.name == name;
    if (seen) continue;
    int n = 0;
    for (std::uint8_t x : m_roll) n += r.faces[x].symbol == r.faces[f].symbol ? 1 : 0;
    out.push_back({name, std::to_string(n)});
  }
}

}  // namespace wb::rulesets::element
