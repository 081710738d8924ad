// The built-in engines: one registry holding every engine in rulesets/<game>/.
// The CLI and the GUI use it to validate rulesets against their engine's schema
// and to compile them into games. Add a new engine in engine_catalog.cpp.
#pragma once

#include <string>
#include <string_view>

#include "simulation/core/engine_registry.h"

namespace wb::rulesets {

const sim::EngineRegistry& builtinEngines();

// The agent to use for a ruleset of `engine` played by `players` players when
// the user names none: the engine's declared default at that player count
// (EngineInfo::defaultAgentFor), else sim::kDefaultAgent (also for an unknown
// engine, whose ruleset will not compile anyway). Every command and panel that
// fills in agents asks this with the player count it will play.
std::string defaultAgent(std::string_view engine, int players);

}  // namespace wb::rulesets
