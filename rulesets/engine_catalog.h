// The built-in engines: one registry holding every engine in rulesets/<game>/.
// The CLI and the GUI use it to validate rulesets against their engine's schema
// and to compile them into games. Add a new engine in engine_catalog.cpp.
#pragma once

#include "simulation/core/engine_registry.h"

namespace wb::rulesets {

const sim::EngineRegistry& builtinEngines();

}  // namespace wb::rulesets
