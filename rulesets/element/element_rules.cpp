#include "rulesets/element/element_rules.h"

#include <algorithm>
#include <cmath>
#include <variant>

namespace wb::rulesets::element {

namespace {

const char* const kFixedCounters[kCounterFixed] = {
    "spreads", "river_flows", "river_steps", "river_replaced", "replaced", "fortresses", "wind_jumps",
    "steps", "seal_stones", "lost_stones", "capture_by_sorcerer", "capture_self", "turn_limit",
    "exposed_avoidably", "lost_after_avoidable_exposure"};

int intParam(const model::Ruleset& rs, const char* id, int fallback) {
  return static_cast<int>(std::lround(rs.number(id, fallback)));
}

bool boolParam(const model::Ruleset& rs, const char* id, bool fallback) {
  return rs.number(id, fallback ? 1 : 0) != 0;
}

// An enum parameter's value (the model checks it against its choices).
std::string enumParam(const model::Ruleset& rs, const char* id, const char* fallback) {
  const model::Parameter* p = rs.parameter(id);
  if (!p) return fallback;
  if (const auto* s = std::get_if<std::string>(&p->value)) return *s;
  return fallback;
}

Power powerFromName(const std::string& w) {
  if (w == "spread") return Power::Spread;
  if (w == "jump") return Power::Jump;
  if (w == "fortress") return Power::Fortress;
  if (w == "flow") return Power::Flow;
  return Power::None;
}

std::string joined(const std::vector<StoneDef>& stones) {
  std::string s;
  for (const StoneDef& st : stones) s += (s.empty() ? "" : ", ") + st.id;
  return s;
}

void buildGeometry(ElementRules& r) {
  for (auto& row : r.neighbour) row.fill(static_cast<std::uint8_t>(kNoCell));
  for (int y = 0; y < r.side; ++y)
    for (int x = 0; x < r.side; ++x)
      for (int d = 0; d < kDirs; ++d) {
        const int nx = x + kDx[d], ny = y + kDy[d];
        if (nx >= 0 && ny >= 0 && nx < r.side && ny < r.side) {
          r.neighbour[y * r.side + x][d] = static_cast<std::uint8_t>(ny * r.side + nx);
          r.onBoard[y * r.side + x] = static_cast<std::uint8_t>(r.onBoard[y * r.side + x] | (1u << d));
        }
      }
}

void compileStones(const model::Ruleset& rs, ElementRules& r, model::Diagnostics& out) {
  const auto& tiles = rs.entities(model::Section::Tiles);
  for (const model::Entity& t : tiles) {
    if (t.kind != "stone") continue;
    if (static_cast<int>(r.stones.size()) == kMaxStones) {
      out.error(t.origin.at("id"), "element supports at most " + std::to_string(kMaxStones) + " stones");
      continue;
    }
    StoneDef s;
    s.id = t.id;
    if (const model::Field* p = t.property("power")) s.power = powerFromName(p->text);
    r.stones.push_back(std::move(s));
  }
  if (r.stones.empty()) out.error(rs.origin.at("tiles"), "element needs at least one tile of kind 'stone'");
  std::string used = ".12";
  for (StoneDef& s : r.stones) {
    s.letter = '?';
    for (char c : s.id) {
      const char u = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
      if (used.find(u) == std::string::npos) {
        s.letter = u;
        break;
      }
    }
    used += s.letter;
  }
  // The replacement cycle ("Element properties"): beats names other stones.
  int index = 0;
  for (const model::Entity& t : tiles) {
    if (t.kind != "stone" || index >= static_cast<int>(r.stones.size())) continue;
    StoneDef& s = r.stones[index++];
    const model::Field* beats = t.property("beats");
    if (!beats) continue;
    const std::vector<std::string> items = beats->isList ? beats->items : std::vector<std::string>{beats->text};
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string key = "properties.beats" + (beats->isList ? "." + std::to_string(i) : std::string());
      const model::SourceLocation where = t.origin.at(t.origin.keys.count(key) ? key : "properties.beats");
      const int target = r.stoneOf(items[i]);
      if (target < 0) {
        out.error(where, "'" + s.id + "' beats unknown stone '" + items[i] + "' (stones: " + joined(r.stones) + ")");
      } else if (r.stones[target].id == s.id) {
        out.error(where, "stone '" + s.id + "' cannot beat itself");
      } else if (s.beats & (1u << target)) {
        out.error(where, "'" + s.id + "' beats '" + items[i] + "' twice");
      } else {
        s.beats = static_cast<std::uint8_t>(s.beats | (1u << target));
      }
    }
  }
  for (int a = 0; a < r.stoneCount(); ++a) {
    bool beaten = false;
    for (int b = 0; b < r.stoneCount(); ++b) beaten = beaten || (r.stones[b].beats & (1u << a));
    if (!beaten && r.stoneCount() > 1) {
      const model::Entity* e = rs.entity(model::Section::Tiles, r.stones[a].id);
      out.warning(e ? e->origin.at("id") : rs.origin.loc,
                  "no stone beats '" + r.stones[a].id + "': once placed it stays for the rest of the game");
    }
  }
}

void compileBoardPieces(const model::Ruleset& rs, ElementRules& r, model::Diagnostics& out) {
  std::vector<int> owner(static_cast<std::size_t>(r.cells), -1);  // what sits on each cell at the start
  auto squareAt = [&](const model::Entity& t, const std::string& key, const std::string& text) {
    const int c = r.parseSquare(text);
    if (c < 0)
      out.error(t.origin.at(key), "'" + text + "' is not a square of the " + std::to_string(r.side) + "x" +
                                      std::to_string(r.side) + " board (columns A.." +
                                      std::string(1, static_cast<char>('A' + r.side - 1)) + ", rows 1.." +
                                      std::to_string(r.side) + ")");
    return c;
  };
  std::array<bool, kPlayers> seen{};
  for (const model::Entity& t : rs.entities(model::Section::Tiles)) {
    if (t.kind != "sorcerer") continue;
    const model::Field* seat = t.property("seat");
    const auto s = seat ? seat->asInt() : std::nullopt;
    if (!s || *s < 0 || *s >= kPlayers) {
      out.error(t.origin.at(seat ? "properties.seat" : "properties"), "sorcerer '" + t.id + "' needs seat 0 or 1");
      continue;
    }
    if (seen[*s]) out.error(t.origin.at("properties.seat"), "two sorcerers for seat " + std::to_string(*s));
    seen[*s] = true;
    const model::Field* start = t.property("start");
    if (!start) {
      out.error(t.origin.at("properties"), "sorcerer '" + t.id + "' needs a start square");
      continue;
    }
    const int c = squareAt(t, "properties.start", start->text);
    if (c < 0) continue;
    if (owner[c] >= 0) out.error(t.origin.at("properties.start"), "both sorcerers start on " + start->text);
    owner[c] = 100;
    r.start[*s] = c;
  }
  for (int s = 0; s < kPlayers; ++s)
    if (!seen[s]) out.error(rs.origin.at("tiles"), "element needs a tile of kind 'sorcerer' with seat " + std::to_string(s));
  // initial_stones (assumed): the listed squares, the same mirrored left to right (another
  // half-turn-symmetric pattern), or none, so `balance assumptions` can play the readings.
  const std::string pattern = enumParam(rs, "initial_stones", "as_listed");
  int index = 0;
  for (const model::Entity& t : rs.entities(model::Section::Tiles)) {
    if (t.kind != "stone" || index >= static_cast<int>(r.stones.size())) continue;
    StoneDef& s = r.stones[index++];
    const model::Field* initial = t.property("initial");
    if (!initial || pattern == "none") continue;
    const std::vector<std::string> items = initial->isList ? initial->items : std::vector<std::string>{initial->text};
    for (std::size_t i = 0; i < items.size(); ++i) {
      const std::string key = "properties.initial" + (initial->isList ? "." + std::to_string(i) : std::string());
      const std::string at = t.origin.keys.count(key) ? key : "properties.initial";
      int c = squareAt(t, at, items[i]);
      if (c < 0) continue;
      if (pattern == "mirrored") c = (c / r.side) * r.side + (r.side - 1 - c % r.side);
      if (owner[c] >= 0) {
        out.error(t.origin.at(at), std::string("square ") + items[i] + " is already taken by " +
                                       (owner[c] == 100 ? std::string("a sorcerer") : "'" + r.stones[owner[c]].id + "'"));
        continue;
      }
      owner[c] = index - 1;
      s.initial.push_back(c);
    }
    if (static_cast<int>(s.initial.size()) > r.stonesPerElement)
      out.error(t.origin.at("properties.initial"), "more initial '" + s.id + "' stones than stones_per_element");
  }
}

void compileDie(const model::Ruleset& rs, ElementRules& r, model::Diagnostics& out) {
  if (rs.dice.empty()) {
    out.error(rs.origin.at("dice"), "element needs one die (rolled dice_per_turn times)");
    return;
  }
  for (std::size_t i = 1; i < rs.dice.size(); ++i)
    out.error(rs.dice[i].origin.at("id"), "element rolls one kind of die (dice_per_turn times); '" + rs.dice[i].id +
                                              "' is a second one");
  const model::Die& die = rs.dice.front();
  if (die.faces.size() > r.faceCumulative.size())
    out.error(die.origin.at("faces"), "the element die has at most " + std::to_string(r.faceCumulative.size()) + " faces");
  std::string known;
  for (const StoneDef& s : r.stones) known += (known.empty() ? "" : ", ") + s.id;
  for (const model::Entity& t : rs.entities(model::Section::Tiles))
    if (t.kind == "face") known += ", " + t.id;
  for (std::size_t i = 0; i < die.faces.size() && i < r.faceCumulative.size(); ++i) {
    const model::DieFace& f = die.faces[i];
    FaceDef d;
    d.symbol = f.symbol;
    d.weight = f.weight;
    const model::SourceLocation where = die.origin.at("faces." + std::to_string(i));
    const int stone = r.stoneOf(f.symbol);
    const model::Entity* e = rs.entity(model::Section::Tiles, f.symbol);
    if (stone >= 0) {
      d.kind = FaceKind::Stone;
      d.stone = stone;
      d.entity = stone;
    } else if (e && e->kind == "face") {
      const model::Field* gives = e->property("gives");
      d.kind = gives && gives->text == "step" ? FaceKind::Steps : FaceKind::AnyStone;
      const model::Field* steps = e->property("steps");
      d.steps = d.kind == FaceKind::Steps ? static_cast<int>(steps && steps->asInt() ? *steps->asInt() : 1) : 0;
      if (d.steps < 0 || d.steps > 8) out.error(e->origin.at("properties.steps"), "a face gives 0 to 8 steps");
      auto it = std::find(r.ids.begin(), r.ids.end(), f.symbol);
      if (it == r.ids.end()) {
        r.ids.push_back(f.symbol);
        it = r.ids.end() - 1;
      }
      d.entity = static_cast<int>(it - r.ids.begin());
      if (d.kind == FaceKind::AnyStone && r.sealEntity < 0) r.sealEntity = d.entity;
      if (d.kind == FaceKind::Steps && r.logoEntity < 0) r.logoEntity = d.entity;
    } else {
      out.error(where, "die face '" + f.symbol + "' is neither a stone nor a tile of kind 'face' (known: " + known + ")");
      continue;
    }
    r.faceTotal += d.weight;
    r.faceCumulative[r.faces.size()] = r.faceTotal;
    r.faces.push_back(d);
  }
}

}  // namespace

int ElementRules::stoneOf(const std::string& id) const {
  for (int i = 0; i < stoneCount(); ++i)
    if (stones[i].id == id) return i;
  return -1;
}

int ElementRules::stoneWith(Power p) const {
  for (int i = 0; i < stoneCount(); ++i)
    if (stones[i].power == p) return i;
  return -1;
}

std::string ElementRules::squareName(int cell) const {
  if (cell < 0 || cell >= cells) return "--";
  return std::string(1, static_cast<char>('A' + cell % side)) + std::to_string(cell / side + 1);
}

int ElementRules::parseSquare(const std::string& name) const {
  if (name.size() < 2 || name.size() > 3) return -1;
  const char col = static_cast<char>(name[0] >= 'a' && name[0] <= 'z' ? name[0] - 'a' + 'A' : name[0]);
  if (col < 'A' || col >= 'A' + side) return -1;
  int row = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    row = row * 10 + (name[i] - '0');
  }
  if (row < 1 || row > side) return -1;
  return (row - 1) * side + (col - 'A');
}

std::shared_ptr<const ElementRules> compileRules(const model::Ruleset& rs, model::Diagnostics& out) {
  auto r = std::make_shared<ElementRules>();
  const std::size_t errorsBefore = out.size();
  r->side = intParam(rs, "board_size", 11);
  if (r->side < 3 || r->side > kMaxSide) {
    out.error(rs.parameter("board_size") ? rs.parameter("board_size")->origin.at("default") : rs.origin.loc,
              "board_size must be 3.." + std::to_string(kMaxSide));
    r->side = std::clamp(r->side, 3, kMaxSide);
  }
  r->cells = r->side * r->side;
  r->stonesPerElement = std::clamp(intParam(rs, "stones_per_element", 30), 0, 250);
  r->dicePerTurn = std::clamp(intParam(rs, "dice_per_turn", 4), 0, kMaxDice);
  r->baseSteps = std::clamp(intParam(rs, "base_steps", 1), 0, 8);
  r->fortressSize = std::max(1, intParam(rs, "fortress_size", 3));
  r->diagonalSteps = boolParam(rs, "diagonal_steps", true);
  r->stepDirs = r->diagonalSteps ? 0xff : 0x55;
  r->flowOptional = boolParam(rs, "flow_optional", true);
  r->turnLimit = std::max(1, intParam(rs, "turn_limit", 200));
  const std::string moves = enumParam(rs, "sorcerer_moves", "any_time");
  r->moves = moves == "once" ? Moves::Once : moves == "stepping" ? Moves::Stepping : Moves::AnyTime;
  r->selfCaptureAtOnce = enumParam(rs, "walled_in_self", "at_turn_end") == "at_once";
  r->bothWalledDraw = enumParam(rs, "both_walled_in", "mover_wins") == "draw";
  r->captureAfterFlow = enumParam(rs, "river_capture", "each_square") == "after_flow";
  buildGeometry(*r);
  compileStones(rs, *r, out);
  for (const StoneDef& s : r->stones) r->ids.push_back(s.id);
  compileBoardPieces(rs, *r, out);
  compileDie(rs, *r, out);
  for (int s = 0; s < r->stoneCount(); ++s) r->jumpable[s + 1] = r->stones[s].power == Power::Jump;
  for (const char* c : kFixedCounters) r->counters.emplace_back(c);
  for (const StoneDef& s : r->stones) {
    r->counters.push_back("placed_" + s.id);
    r->counters.push_back("capture_by_" + s.id);
  }
  bool failed = false;
  for (std::size_t i = errorsBefore; i < out.size(); ++i)
    failed = failed || out.items()[i].severity == model::Severity::Error;
  if (failed) return nullptr;
  return r;
}

}  // namespace wb::rulesets::element
