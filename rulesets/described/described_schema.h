// What the described engine declares to the validator: the effect ops a
// card's `effects:` may use (the flat form; a description's own effects are
// checked by its compiler), any card kind and property, and a check that
// compiles the description so that `balance validate` and the window report
// its every problem at file:line:column. engineInfo() is the registry entry.
#pragma once

#include "model/validation/engine_schema.h"
#include "rulesets/described/described_game.h"
#include "simulation/core/engine_registry.h"

namespace wb::rulesets::described {

inline constexpr const char* kEngineName = "described";

const model::EngineSchema& engineSchema();
// The same, whose check compiles and probes the game within `limits` (the
// fuzz target's smaller step budget); engineSchema() is makeEngineSchema({}).
model::EngineSchema makeEngineSchema(const PlayLimits& limits);
sim::EngineInfo engineInfo();

}  // namespace wb::rulesets::described
