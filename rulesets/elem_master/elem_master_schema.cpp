#include "rulesets/elem_master/elem_master_schema.h"

#include "rulesets/elem_master/elem_master_game.h"

namespace wb::rulesets::elem_master {

namespace {

using model::ArgSpec;
using model::ArgType;
using model::PropertySpec;

const std::vector<std::string> kElementWords = {"earth", "fire", "water", "air"};

ArgSpec num(const char* key, const char* description, bool required = true) {
  return ArgSpec{key, ArgType::Expression, required, {}, description};
}
ArgSpec element(const char* key, const char* description, bool required = true) {
  return ArgSpec{key, ArgType::Enum, required, kElementWords, description};
}
ArgSpec cost() { return num("cost", "action points spent", false); }

model::EngineSchema makeSchema() {
  model::EngineSchema s;
  s.engine = kEngineName;
  s.description =
      "Elem Master: elementals as stacks of 1-3 tokens on a 6x6 (2 players) or 10x10 (4 players) "
      "board of terrain blocks, 3 action points, growth / moves / attacks, special actions, "
      "terrains, arenas, specialties and events.";
  s.ops = {
      // Specialties.
      {"multi_move", {element("element", "who moves"), num("moves", "successive moves per AP")},
       "successive moves for one action point"},
      {"reanimate", {element("element", "tokens set aside"), num("count", "most tokens set aside"), cost()},
       "set lost tokens aside and summon them again on the home rows"},
      {"sacrifice_summon", {element("element", "summoned element"), num("level", "summoned level"), cost()},
       "replace one of your elementals by a new one"},
      {"summon", {element("element", "summoned element"), num("level", "summoned level"),
                  num("count", "elementals summoned", false),
                  ArgSpec{"region", ArgType::Enum, false, {"home", "half", "anywhere"}, "where"},
                  cost(), ArgSpec{"mark", ArgType::Bool, false, {}, "summoned elementals are marked played"},
                  num("free_moves", "free moves of the summoned Air", false)},
       "summon elementals on empty squares"},
      {"interaction_gain", {element("source", "attacking element"), element("target", "attacked element"),
                            ArgSpec{"target_owner", ArgType::Enum, true, {"enemy", "self"}, "whose"},
                            num("gain", "levels the winner gains")},
       "a stronger gain in one interaction"},
      {"wave_no_mark", {}, "no elemental is marked played after a wave"},
      {"double_growth", {}, "two successive growths on the same elemental"},
      {"destroy", {num("level", "level of the target"), num("uses", "uses per game"), cost()},
       "make an elemental disappear"},
      {"control_enemy", {cost()}, "move or attack with an opponent's elemental"},
      {"transmute", {cost()}, "turn an elemental into another element, one level lower"},
      {"mark", {cost()}, "mark any elemental as played"},
      {"double_damage", {cost()}, "an attack with doubled damage"},
      {"act_as", {cost()}, "an elemental acts as another element this turn"},
      // Events.
      {"level_all", {element("element", "affected"), num("delta", "level change")}, "every elemental of an element"},
      {"immobilize", {element("element", "affected")}, "opponents' elementals marked for their next turn"},
      {"level_one", {element("element", "affected"), num("delta", "level change"), num("cap", "highest level", false)},
       "one elemental of your choice"},
      {"convert_all", {element("element", "from"), num("level", "level converted"), element("to", "to")},
       "change the element of elementals"},
      {"no_full_moves", {num("turns", "turns")}, "whole moves forbidden next turn"},
      {"free_breath", {}, "a breath without consuming tokens"},
      {"breath_no_mark", {}, "breaths do not mark this turn"},
      {"air_moves", {num("count", "successive Air moves per AP")}, "your next turn"},
      {"water_flood", {}, "your next turn: Water growth doubled and possible anywhere"},
      {"level_area", {element("element", "affected"), num("delta", "level change"), num("count", "zone side")},
       "elementals in a square zone"},
      {"avalanche", {element("element", "the elemental that loses")}, "Earth loses, adjacent Water gains"},
      {"fire_heat", {num("delta", "levels gained")}, "your next turn: Fire gains more against Earth and Air"},
      {"drought", {num("rounds", "rounds (one turn of each player still in the game)")}, "Water gains nothing against Fire"},
      {"extra_action", {num("count", "actions")}, "more actions on your next turn"},
      {"mudslide", {num("count", "actions")}, "the next player has one action; you gain one"},
      {"collapse", {num("count", "void squares")}, "place single void blocks"},
      {"aurora", {num("count", "elementals")}, "elementals of different elements gain a level"},
      {"level_some", {element("element", "affected"), num("delta", "level change"), num("count", "elementals")},
       "up to count elementals of your choice"},
      {"shooting_star", {num("count", "most squares")}, "a Fire elemental slides in one direction"},
      {"full_moon", {}, "trigger an event already played"},
      {"eclipse", {}, "reserve an available event for yourself"},
      {"tremor", {num("count", "cards replaced")}, "replace available events"},
  };
  s.requiredParameters = {"action_points", "max_level", "tokens_per_element"};
  s.kinds[model::Section::Tiles] = {"terrain", "block", "arena"};
  s.kinds[model::Section::Abilities] = {"specialty"};
  s.kinds[model::Section::Events] = {"event"};
  s.kinds[model::Section::Factions] = {"mage"};
  // The properties the engine reads (elem_master_rules.cpp) and what the editor
  // shows per section: no entity has a count or a cost of its own (a special
  // action's cost is an argument of its effect).
  const std::vector<std::string> sets = {"standard", "advantageous", "difficult"};
  s.properties = {
      PropertySpec{"set", ArgType::Enum, sets, "terrain / block: the terrain set it belongs to ('Les terrains')"},
      PropertySpec{"grows", ArgType::TextList, kElementWords, "terrain: the elements that may grow there"},
      PropertySpec{"effect", ArgType::Enum, {"none", "desert", "canyon", "jungle", "tundra"},
                   "terrain: its special effect (the difficult terrains)"},
      PropertySpec{"size", ArgType::Integer, {}, "block: side in squares (3 for 2 players, 5 for 4)"},
      PropertySpec{"terrain", ArgType::EntityRef, {}, "block: the terrain it is made of"},
      PropertySpec{"layout", ArgType::TextList, {}, "block: terrain ids row by row (default: all its terrain)"},
      PropertySpec{"players", ArgType::Integer, {}, "arena: the player count it is for"},
      PropertySpec{"void", ArgType::TextList, {}, "arena: void squares \"row,col\""},
      PropertySpec{"start", ArgType::TextList, {}, "arena: seat 0's start \"row,col,element,level\" (seat-local rows)"},
      PropertySpec{"specialty", ArgType::EntityRef, {}, "faction: its specialty (an ability); none = the baseline"},
  };
  model::SectionFields tiles{false, false, false, {}, {{"terrain", model::Section::Tiles}}};
  tiles.properties["terrain"] = {"set", "grows", "effect"};
  tiles.properties["block"] = {"size", "terrain", "set", "layout"};
  tiles.properties["arena"] = {"players", "void", "start"};
  s.sections[model::Section::Tiles] = tiles;
  s.sections[model::Section::Abilities] = model::SectionFields{false, false, true, {}, {}};
  s.sections[model::Section::Events] = model::SectionFields{false, false, true, {}, {}};
  model::SectionFields factions{false, false, false, {{"", {"specialty"}}}, {{"specialty", model::Section::Abilities}}};
  s.sections[model::Section::Factions] = factions;
  s.sections[model::Section::Cards] = model::SectionFields{false, false, false, {}, {}};
  // What only the engine knows (its limits: distinct cards, copies in all,
  // tile and card counts) is checked by compiling, so `balance validate` and
  // the GUI report it at its line, not only `run`.
  s.check = [](const model::Ruleset& ruleset, model::Diagnostics& out) { compileRules(ruleset, out); };
  return s;
}

}  // namespace

const model::EngineSchema& engineSchema() {
  static const model::EngineSchema schema = makeSchema();
  return schema;
}

sim::EngineInfo engineInfo() {
  sim::EngineInfo info = sim::makeEngineInfo<ElemMasterGame>(kEngineName, engineSchema());
  // The planner plays 2,000 games of the shipped ruleset within two minutes on
  // two cores (`balance run ... --agents planner --games 2000 --threads 2`,
  // 2 players; the time measured: data/docs/performance.md, "The default
  // agent"), so it is the default here.
  info.defaultAgent = "planner";
  return info;
}

}  // namespace wb::rulesets::elem_master
