// Loading a ruleset for a `balance` subcommand: load with the built-in engines'
// schemas, print every diagnostic to stderr, apply `--set PATH=VALUE` edits.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/cli/command.h"
#include "model/core/ruleset.h"

namespace wb::app {

// Loads and validates `path`. On errors prints them (file:line:column: error: ...)
// to io.err and returns nullopt (exit 1). Warnings are printed and ignored.
std::optional<model::Ruleset> loadRulesetForCli(const std::string& path, CommandIo& io);

// Applies each `PATH=VALUE`; on the first bad one prints `balance: --set ...: why`
// and returns false (exit 2).
bool applySets(model::Ruleset& ruleset, const std::vector<std::string>& sets, CommandIo& io);

}  // namespace wb::app
