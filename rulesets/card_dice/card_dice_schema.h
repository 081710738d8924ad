// What the card_dice engine declares to the validator: its effect ops with typed
// arguments, the card kinds (action, blessing, passive), the parameters it
// requires and the extra names its expressions may use. A card whose op is not
// listed here is a validation error. engineInfo() is the registry entry.
#pragma once

#include "model/validation/engine_schema.h"
#include "simulation/core/engine_registry.h"

namespace wb::rulesets::card_dice {

inline constexpr const char* kEngineName = "card_dice";

const model::EngineSchema& engineSchema();
sim::EngineInfo engineInfo();

}  // namespace wb::rulesets::card_dice
