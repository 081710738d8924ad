// The setup the tuner's tests on toy games share: a registry holding one toy
// engine (tests/simulation/toy) built from the ruleset's values, so that a
// knob's edit reaches the game.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "model/core/ruleset.h"
#include "simulation/core/engine_registry.h"

namespace wb::sim::testing {

using ToyGameMaker = std::function<std::unique_ptr<Game>(const model::Ruleset&)>;

// A registry with the engine `engine` alone; `make` builds its game from the ruleset.
inline EngineRegistry toyEngineRegistry(const std::string& engine, ToyGameMaker make) {
  EngineRegistry registry;
  EngineInfo info;
  info.name = engine;
  info.schema.engine = engine;
  info.create = [make = std::move(make)](const model::Ruleset& r, model::Diagnostics&) { return make(r); };
  registry.add(info);
  return registry;
}

}  // namespace wb::sim::testing
