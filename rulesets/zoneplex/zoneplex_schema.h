// What the zoneplex engine declares to the validator: the relic effect ops
// with typed arguments, the card and tile kinds, the typed properties (Fear
// class, strength, relics, steps, tile symbol and colour), the parameters it
// requires. engineInfo() is the registry entry.
#pragma once

#include "model/validation/engine_schema.h"
#include "simulation/core/engine_registry.h"

namespace wb::rulesets::zoneplex {

inline constexpr const char* kEngineName = "zoneplex";

const model::EngineSchema& engineSchema();
sim::EngineInfo engineInfo();

}  // namespace wb::rulesets::zoneplex
