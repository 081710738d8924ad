#include "rulesets/zoneplex/zoneplex_schema.h"

#include "rulesets/zoneplex/zoneplex_game.h"

namespace wb::rulesets::zoneplex {

namespace {

using model::ArgSpec;
using model::ArgType;
using model::PropertySpec;

ArgSpec integer(const char* key, const char* description, bool required = false) {
  return ArgSpec{key, ArgType::Integer, required, {}, description};
}

model::EngineSchema makeSchema() {
  model::EngineSchema s;
  s.engine = kEngineName;
  s.description =
      "Zoneplex: 2-5 monks build a pyramid of zone tiles, move exact steps, teleport, place spirit "
      "stones, collect relics, fight Fears alone or in groups, and enter the Eye or face the cataclysm.";
  s.ops = {
      {"influence", {integer("amount", "influence while held (default: influence_relic)")},
       "influential relic: revealed when gained, adds influence"},
      {"canopic_jar", {}, "revealed when gained and kept among the captured Fears; counts as a Fear of any class (parameter canopic_jar_class)"},
      {"move_other", {integer("steps", "steps the other Monkle walks, forward or back (1)")},
       "own turn: move another player's Monkle by a walk of exactly that many steps"},
      {"steal_relic", {}, "own turn: take a random concealed relic of another player"},
      {"dislocate_stone", {}, "own turn: return a stone on an unoccupied chamber to its owner"},
      {"gain_wms", {integer("amount", "WMS gained")}, "own turn: gain Warrior Monk Strength"},
      {"drain_wms", {integer("amount", "WMS lost")}, "own turn: another player loses WMS"},
      {"extra_steps", {integer("amount", "steps added")}, "while moving: more steps this turn"},
      {"warp", {}, "while moving: jump to any teleporter in play"},
      {"weaken_fear", {integer("rolls", "die rolls subtracted from the Fear")},
       "battle, before the first attack: weaken the Fear"},
      {"attack_bonus", {integer("amount", "added to one's attack unless it is a critical miss")},
       "battle, before the first attack: stronger attack"},
  };
  s.requiredParameters = {"spirit_stones", "wms_start", "wms_max", "tile_hand", "relic_limit", "eye_bonus"};
  s.orderedParameters = {{"wms_min", "wms_start", "wms_max"}};  // WMS starts within its bounds
  s.kinds[model::Section::Cards] = {"step", "dislocate", "fear", "relic", "sacred_symbol"};
  s.kinds[model::Section::Tiles] = {"neutral_chamber", "sacred_chamber", "teleporter", "master_teleporter",
                                    "reliquary", "wall", "eye"};
  s.properties = {
      PropertySpec{"steps", ArgType::Integer, {}, "step card: exact steps; dislocate: most steps"},
      PropertySpec{"tiles", ArgType::Integer, {}, "tiles drawn and placed"},
      PropertySpec{"class", ArgType::Enum, {"blue", "green", "magenta", "master"}, "Fear class"},
      PropertySpec{"strength", ArgType::Integer, {}, "added to the die for the Fear's strength"},
      PropertySpec{"relics", ArgType::Integer, {}, "relics awarded when the Fear is defeated"},
      PropertySpec{"symbol", ArgType::EntityRef, {}, "sacred chamber: its sacred_symbol card"},
      PropertySpec{"colour", ArgType::Text, {}, "teleporter colour (pairs share one)"},
  };
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
  sim::EngineInfo info = sim::makeEngineInfo<ZoneplexGame>(kEngineName, engineSchema());
  // The planner plays 2,000 games of the shipped ruleset within two minutes on
  // two cores (`balance run ... --agents planner --games 2000 --threads 2`,
  // 4 players; the time measured: data/docs/performance.md, "The default
  // agent"), so it is the default here.
  info.defaultAgent = "planner";
  return info;
}

}  // namespace wb::rulesets::zoneplex
