// What the elem_master engine declares to the validator: its effect ops (the
// specialties' and the events' vocabulary) with typed arguments, the entity
// kinds per section, the tile properties and the parameters it requires.
// engineInfo() is the registry entry (rulesets/engine_catalog.cpp).
#pragma once

#include "model/validation/engine_schema.h"
#include "simulation/core/engine_registry.h"

namespace wb::rulesets::elem_master {

inline constexpr const char* kEngineName = "elem_master";

const model::EngineSchema& engineSchema();
sim::EngineInfo engineInfo();

}  // namespace wb::rulesets::elem_master
