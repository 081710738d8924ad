#include "rulesets/elem_master/elem_master_rules.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "model/core/scalar.h"

namespace wb::rulesets::elem_master {

namespace {

const char* const kElementNames[kElements] = {"earth", "fire", "water", "air"};
const char* const kSetNames[3] = {"standard", "advantageous", "difficult"};

int setFromName(const std::string& s) {
  for (int i = 0; i < 3; ++i)
    if (s == kSetNames[i]) return i;
  return -1;
}

std::vector<int> splitInts(const std::string& text, std::vector<std::string>* words) {
  std::vector<int> out;
  std::stringstream ss(text);
  std::string part;
  while (std::getline(ss, part, ',')) {
    part.erase(0, part.find_first_not_of(" \t"));
    part.erase(part.find_last_not_of(" \t") + 1);
    char* end = nullptr;
    const long v = std::strtol(part.c_str(), &end, 10);
    if (!part.empty() && end && *end == '\0') {
      out.push_back(static_cast<int>(v));
    } else {
      out.push_back(-1);
      if (words) words->push_back(part);
    }
  }
  return out;
}

// Reads a numeric effect argument: an expression over the parameters.
int numArg(const model::Ruleset& rs, const model::Effect& e, const char* key, int fallback) {
  const model::Field* f = e.arg(key);
  if (!f) return fallback;
  auto expr = model::Expression::parse(f->text);
  if (!expr) return fallback;
  const double v = expr->evaluate([&](std::string_view name) { return rs.number(name, 0); });
  // Parameters are within kMaxEngineInteger, but an expression of them need not be: never wrap.
  if (!std::isfinite(v)) return fallback;
  return static_cast<int>(std::lround(std::clamp(v, -model::kMaxEngineInteger, model::kMaxEngineInteger)));
}

int elementArg(const model::Effect& e, const char* key) {
  const model::Field* f = e.arg(key);
  return f ? elementFromName(f->text) : -1;
}

Region regionArg(const model::Effect& e) {
  const model::Field* f = e.arg("region");
  if (!f || f->text == "anywhere") return Region::Anywhere;
  if (f->text == "home") return Region::Home;
  return Region::Half;
}

std::string enumParam(const model::Ruleset& rs, const char* id, const char* fallback) {
  const model::Parameter* p = rs.parameter(id);
  if (!p) return fallback;
  if (const auto* s = std::get_if<std::string>(&p->value)) return *s;
  return fallback;
}

bool boolParam(const model::Ruleset& rs, const char* id, bool fallback) {
  const model::Parameter* p = rs.parameter(id);
  if (!p) return fallback;
  if (const auto* b = std::get_if<bool>(&p->value)) return *b;
  return model::toNumber(p->value).value_or(fallback ? 1 : 0) != 0;
}

void compileTiles(const model::Ruleset& rs, ElemMasterRules& r, model::Diagnostics& out) {
  const auto& tiles = rs.entities(model::Section::Tiles);
  for (const model::Entity& t : tiles) {
    if (t.kind != "terrain") continue;
    TerrainDef d;
    d.id = t.id;
    if (const model::Field* g = t.property("grows")) {
      for (const std::string& w : g->items) {
        const int e = elementFromName(w);
        if (e < 0) out.error(t.origin.at("properties"), "unknown element '" + w + "' in grows");
        else d.growMask |= static_cast<std::uint8_t>(1u << e);
      }
    }
    if (const model::Field* f = t.property("effect")) {
      const std::string& w = f->text;
      if (w == "desert") d.effect = TerrainEffect::Desert;
      else if (w == "canyon") d.effect = TerrainEffect::Canyon;
      else if (w == "jungle") d.effect = TerrainEffect::Jungle;
      else if (w == "tundra") d.effect = TerrainEffect::Tundra;
      else if (w != "none") out.error(t.origin.at("properties"), "unknown terrain effect '" + w + "'");
    }
    if (const model::Field* f = t.property("set")) d.set = std::max(0, setFromName(f->text));
    r.terrains.push_back(d);
  }
  auto terrainIndex = [&](const std::string& id) {
    for (std::size_t i = 0; i < r.terrains.size(); ++i)
      if (r.terrains[i].id == id) return static_cast<int>(i);
    return -1;
  };
  for (const model::Entity& t : tiles) {
    if (t.kind == "block") {
      BlockDef b;
      b.id = t.id;
      const model::Field* size = t.property("size");
      b.size = size && size->asInt() ? static_cast<int>(*size->asInt()) : 3;
      if (b.size != 3 && b.size != 5) {
        out.error(t.origin.at("properties"), "block size must be 3 or 5");
        continue;
      }
      if (const model::Field* layout = t.property("layout"); layout && layout->isList) {
        for (const std::string& w : layout->items) b.cells.push_back(static_cast<std::uint8_t>(std::max(0, terrainIndex(w))));
        if (static_cast<int>(b.cells.size()) != b.size * b.size) {
          out.error(t.origin.at("properties"), "block layout needs size x size terrains");
          continue;
        }
      } else {
        const model::Field* terr = t.property("terrain");
        const int ti = terr ? terrainIndex(terr->text) : -1;
        if (ti < 0) {
          out.error(t.origin.at("properties"), "block '" + t.id + "' needs a known terrain");
          continue;
        }
        b.cells.assign(static_cast<std::size_t>(b.size * b.size), static_cast<std::uint8_t>(ti));
      }
      b.set = r.terrains[b.cells[0]].set;
      if (const model::Field* f = t.property("set")) b.set = std::max(0, setFromName(f->text));
      r.blocks.push_back(std::move(b));
    } else if (t.kind == "arena") {
      ArenaDef a;
      a.id = t.id;
      const model::Field* pl = t.property("players");
      a.players = pl && pl->asInt() ? static_cast<int>(*pl->asInt()) : 2;
      const int side = a.players == 4 ? 10 : 6;
      if (const model::Field* v = t.property("void")) {
        for (const std::string& item : v->items) {
          std::vector<int> rc = splitInts(item, nullptr);
          if (rc.size() != 2 || rc[0] < 0 || rc[1] < 0 || rc[0] >= side || rc[1] >= side) {
            out.error(t.origin.at("properties"), "bad void cell '" + item + "' in arena '" + t.id + "'");
            continue;
          }
          a.voidCells.push_back(rc[0] * side + rc[1]);
        }
      }
      if (const model::Field* s = t.property("start")) {
        for (const std::string& item : s->items) {
          std::vector<std::string> words;
          std::vector<int> v = splitInts(item, &words);
          const int e = words.size() == 1 ? elementFromName(words[0]) : -1;
          if (v.size() != 4 || e < 0 || v[0] < 0 || v[1] < 0 || v[0] >= side || v[1] >= side || v[3] < 1) {
            out.error(t.origin.at("properties"), "bad start token '" + item + "' (row,col,element,level)");
            continue;
          }
          a.start.push_back(StartToken{v[0], v[1], e, v[3]});
        }
      }
      r.arenas.push_back(std::move(a));
    }
  }
  if (r.terrains.empty()) out.error(rs.origin.loc, "elem_master needs terrain tiles");
}

SpecialtyDef compileSpecialty(const model::Ruleset& rs, const model::Entity& a, model::Diagnostics& out) {
  SpecialtyDef d;
  d.id = a.id;
  if (a.effects.empty()) return d;
  const model::Effect& e = a.effects.front();
  d.cost = numArg(rs, e, "cost", 0);
  d.element = elementArg(e, "element");
  d.level = numArg(rs, e, "level", 1);
  d.count = numArg(rs, e, "count", 1);
  d.region = regionArg(e);
  if (e.op == "multi_move") { d.op = SpecOp::MultiMove; d.moves = numArg(rs, e, "moves", 2); }
  else if (e.op == "reanimate") { d.op = SpecOp::Reanimate; d.count = numArg(rs, e, "count", 3); d.region = Region::Home; }
  else if (e.op == "sacrifice_summon") d.op = SpecOp::SacrificeSummon;
  else if (e.op == "summon") {
    d.op = SpecOp::Summon;
    const model::Field* m = e.arg("mark");
    d.markPlaced = m && m->asBool().value_or(false);
    d.moves = numArg(rs, e, "free_moves", 0);
  } else if (e.op == "interaction_gain") {
    d.op = SpecOp::InteractionGain;
    d.source = elementArg(e, "source");
    d.target = elementArg(e, "target");
    const model::Field* o = e.arg("target_owner");
    d.targetEnemy = !o || o->text != "self";
    d.gain = numArg(rs, e, "gain", 2);
  } else if (e.op == "wave_no_mark") d.op = SpecOp::WaveNoMark;
  else if (e.op == "double_growth") d.op = SpecOp::DoubleGrowth;
  else if (e.op == "destroy") { d.op = SpecOp::Destroy; d.level = numArg(rs, e, "level", 2); d.uses = numArg(rs, e, "uses", 1); }
  else if (e.op == "control_enemy") d.op = SpecOp::ControlEnemy;
  else if (e.op == "transmute") d.op = SpecOp::Transmute;
  else if (e.op == "mark") d.op = SpecOp::Mark;
  else if (e.op == "double_damage") d.op = SpecOp::DoubleDamage;
  else if (e.op == "act_as") d.op = SpecOp::ActAs;
  else out.error(e.origin.at("op"), "elem_master has no specialty op '" + e.op + "'");
  if ((d.op == SpecOp::Summon || d.op == SpecOp::SacrificeSummon || d.op == SpecOp::MultiMove ||
       d.op == SpecOp::Reanimate) && d.element < 0)
    out.error(e.origin.at("element"), "specialty '" + a.id + "' needs an element");
  return d;
}

EventDef compileEvent(const model::Ruleset& rs, const model::Entity& ev, model::Diagnostics& out) {
  EventDef d;
  d.id = ev.id;
  if (ev.effects.empty()) return d;
  const model::Effect& e = ev.effects.front();
  d.element = elementArg(e, "element");
  d.delta = numArg(rs, e, "delta", 0);
  d.count = numArg(rs, e, "count", 1);
  d.level = numArg(rs, e, "level", 1);
  d.toElement = elementArg(e, "to");
  d.cap = numArg(rs, e, "cap", static_cast<int>(rs.number("max_level", 3)));
  d.turns = numArg(rs, e, e.op == "drought" ? "rounds" : "turns", 1);
  d.region = regionArg(e);
  static const std::pair<const char*, EventOp> kOps[] = {
      {"level_all", EventOp::LevelAll}, {"immobilize", EventOp::Immobilize},
      {"level_one", EventOp::LevelOne}, {"convert_all", EventOp::ConvertAll},
      {"no_full_moves", EventOp::NoFullMoves}, {"free_breath", EventOp::FreeBreath},
      {"breath_no_mark", EventOp::BreathNoMark}, {"summon", EventOp::Summon},
      {"air_moves", EventOp::AirMoves}, {"water_flood", EventOp::WaterFlood},
      {"level_area", EventOp::LevelArea}, {"avalanche", EventOp::Avalanche},
      {"fire_heat", EventOp::FireHeat}, {"drought", EventOp::Drought},
      {"extra_action", EventOp::ExtraAction}, {"mudslide", EventOp::Mudslide},
      {"collapse", EventOp::Collapse}, {"aurora", EventOp::Aurora},
      {"level_some", EventOp::LevelSome}, {"shooting_star", EventOp::ShootingStar},
      {"full_moon", EventOp::FullMoon}, {"eclipse", EventOp::Eclipse}, {"tremor", EventOp::Tremor}};
  bool found = false;
  for (const auto& [name, op] : kOps)
    if (e.op == name) { d.op = op; found = true; }
  if (!found) out.error(e.origin.at("op"), "elem_master has no event op '" + e.op + "'");
  d.enemyOnly = d.op == EventOp::Immobilize;
  if (d.op == EventOp::Summon) d.count = std::max(1, d.count);
  return d;
}

}  // namespace

const char* elementName(int element) {
  return element >= 0 && element < kElements ? kElementNames[element] : "?";
}

int elementFromName(const std::string& name) {
  for (int i = 0; i < kElements; ++i)
    if (name == kElementNames[i]) return i;
  return -1;
}

std::shared_ptr<const ElemMasterRules> compileRules(const model::Ruleset& rs, model::Diagnostics& out) {
  auto r = std::make_shared<ElemMasterRules>();
  const std::size_t before = out.items().size();
  auto intParam = [&](const char* id, int fallback, int lo, int hi) {
    return std::clamp(static_cast<int>(std::lround(rs.number(id, fallback))), lo, hi);
  };
  r->actionPoints = intParam("action_points", 3, 1, 10);
  r->maxLevel = intParam("max_level", 3, 1, 6);
  r->tokensPerElement = intParam("tokens_per_element", 6, 1, 20);
  r->eventsDrawn = intParam("events_drawn", 6, 0, kMaxEventSlots);
  r->eventsPerPlayer = intParam("events_per_player", 3, 0, 8);
  r->eventCost = intParam("event_cost", 2, 0, 10);
  r->freeStartTokens = intParam("free_start_tokens", 12, 1, 24);
  r->homeRows = intParam("home_rows", 2, 1, 4);
  r->airMoves = intParam("air_moves", 2, 1, 6);
  r->undergroundDistance = intParam("underground_distance", 2, 1, 5);
  r->blazeLevel = intParam("blaze_level", 3, 2, 6);
  r->breathMax = intParam("breath_max", 3, 1, 6);
  r->desertWaterLoss = intParam("desert_water_loss", 1, 0, 3);
  r->turnLimit = intParam("turn_limit", 300, 1, 100000);
  r->repetitionLimit = intParam("repetition_limit", 3, 0, 100);
  static const char* const kSets[] = {"standard", "advantageous", "difficult", "standard_advantageous",
                                      "standard_difficult", "advantageous_difficult"};
  const std::string set = enumParam(rs, "terrain_set", "standard");
  for (int i = 0; i < 6; ++i)
    if (set == kSets[i]) r->terrainSet = i;
  r->freeStart = enumParam(rs, "start", "predefined") == "free";
  r->draftSpecialties = enumParam(rs, "specialty_choice", "assigned") == "draft";
  r->eventsEnabled = boolParam(rs, "events", false);
  r->specialtiesEnabled = boolParam(rs, "specialties", true);
  r->teams = enumParam(rs, "four_player_mode", "ffa") == "teams";

  compileTiles(rs, *r, out);
  auto arenaIndex = [&](const std::string& id, int players) {
    if (id == "random") return -1;
    for (std::size_t i = 0; i < r->arenas.size(); ++i)
      if (r->arenas[i].id == id && r->arenas[i].players == players) return static_cast<int>(i);
    out.error(rs.parameter("arena_2p") ? rs.parameter("arena_2p")->origin.loc : rs.origin.loc,
              "no " + std::to_string(players) + "-player arena '" + id + "'");
    return -1;
  };
  r->arena2 = arenaIndex(enumParam(rs, "arena_2p", "random"), 2);
  r->arena4 = arenaIndex(enumParam(rs, "arena_4p", "random"), 4);
  for (int p : {2, 4}) {
    bool any = false;
    for (const ArenaDef& a : r->arenas) any = any || a.players == p;
    if (!any) out.error(rs.origin.loc, "elem_master needs an arena for " + std::to_string(p) + " players");
    for (int s : {3, 5}) {
      int n = 0;
      for (const BlockDef& b : r->blocks) n += b.size == s ? 1 : 0;
      if (n < 4) out.error(rs.origin.loc, "elem_master needs at least 4 terrain blocks of size " + std::to_string(s));
    }
  }

  for (const model::Entity& a : rs.entities(model::Section::Abilities)) {
    r->specialties.push_back(compileSpecialty(rs, a, out));
    r->ids.push_back(a.id);
  }
  for (const model::Entity& e : rs.entities(model::Section::Events)) {
    r->events.push_back(compileEvent(rs, e, out));
    r->ids.push_back(e.id);
  }
  for (const SpecialtyDef& sp : r->specialties) r->counterIds.push_back("power_" + sp.id);
  for (const char* c : kExtraCounters) r->counterIds.push_back(c);
  // Factions: the baseline (no specialty property) and one per specialty.
  r->factionSpecialty.clear();
  for (const model::Entity& f : rs.entities(model::Section::Factions)) {
    int spec = -1;
    if (const model::Field* p = f.property("specialty")) {
      for (std::size_t i = 0; i < r->specialties.size(); ++i)
        if (r->specialties[i].id == p->text) spec = static_cast<int>(i);
      if (spec < 0) out.error(f.origin.at("properties"), "unknown specialty '" + p->text + "'");
    }
    r->factionIds.push_back(f.id);
    r->factionSpecialty.push_back(spec);
  }
  for (std::size_t i = before; i < out.items().size(); ++i)
    if (out.items()[i].severity == model::Severity::Error) return nullptr;
  return r;
}

}  // namespace wb::rulesets::elem_master
