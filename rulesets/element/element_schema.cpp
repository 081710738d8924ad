#include "rulesets/element/element_schema.h"

#include "rulesets/element/element_game.h"

namespace wb::rulesets::element {

namespace {

using model::ArgType;
using model::PropertySpec;

model::EngineSchema makeSchema() {
  model::EngineSchema s;
  s.engine = kEngineName;
  s.description =
      "Element: two sorcerers on a square board roll element dice, place stones that replace one "
      "another in a cycle (fire spreads, earth fortresses, water rivers, wind jumps) and try to leave "
      "the enemy sorcerer no empty square to move to.";
  s.requiredParameters = {"board_size", "stones_per_element", "dice_per_turn", "base_steps", "fortress_size",
                          "turn_limit"};
  s.kinds[model::Section::Tiles] = {"stone", "face", "sorcerer"};
  s.properties = {
      PropertySpec{"beats", ArgType::TextList, {}, "stone: the stones it may replace (the replacement cycle)"},
      PropertySpec{"power", ArgType::Enum, {"none", "spread", "jump", "fortress", "flow"}, "stone: its natural property"},
      PropertySpec{"initial", ArgType::TextList, {}, "stone: squares it starts on, e.g. [C4, I8]"},
      PropertySpec{"gives", ArgType::Enum, {"step", "any_stone"}, "face: extra sorcerer steps, or any one stone"},
      PropertySpec{"steps", ArgType::Integer, {}, "face that gives steps: how many"},
      PropertySpec{"seat", ArgType::Integer, {}, "sorcerer: 0 (first player) or 1"},
      PropertySpec{"start", ArgType::Text, {}, "sorcerer: its starting square, e.g. F5"},
  };
  s.check = [](const model::Ruleset& ruleset, model::Diagnostics& out) { compileRules(ruleset, out); };
  return s;
}

}  // namespace

const model::EngineSchema& engineSchema() {
  static const model::EngineSchema schema = makeSchema();
  return schema;
}

sim::EngineInfo engineInfo() {
  sim::EngineInfo info = sim::makeEngineInfo<ElementGame>(kEngineName, engineSchema());
  // The planner plays 2,000 games of the shipped ruleset within two minutes on
  // two cores (`balance run ... --agents planner --games 2000 --threads 2`,
  // the time measured: data/docs/performance.md, "The default agent"), so it
  // is the default here.
  info.defaultAgent = "planner";
  return info;
}

}  // namespace wb::rulesets::element
