// What the element engine declares to the validator: the tile kinds (stone,
// face, sorcerer), their typed properties (the replacement cycle `beats`, the
// `power`, the initial squares, what a die face gives, the sorcerers' seats and
// starts), the parameters it requires, and a check hook that compiles the
// ruleset so a broken cycle or die face is a file:line:column error in
// `balance validate`. engineInfo() is the registry entry.
#pragma once

#include "model/validation/engine_schema.h"
#include "simulation/core/engine_registry.h"

namespace wb::rulesets::element {

inline constexpr const char* kEngineName = "element";

const model::EngineSchema& engineSchema();
sim::EngineInfo engineInfo();

}  // namespace wb::rulesets::element
