// What the elemenz engine declares to the validator: the combo, pulse and avatar
// effect ops with typed arguments, the kinds of each section (shaman factions,
// race abilities, combos, 2-player combos, monolith lock-ins, pulse tokens,
// avatars), the typed properties (a combo's symbols, a shaman's element, ...)
// and the parameters it requires. engineInfo() is the registry entry.
#pragma once

#include "model/validation/engine_schema.h"
#include "simulation/core/engine_registry.h"

namespace wb::rulesets::elemenz {

inline constexpr const char* kEngineName = "elemenz";

const model::EngineSchema& engineSchema();
sim::EngineInfo engineInfo();

}  // namespace wb::rulesets::elemenz
