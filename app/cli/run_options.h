// The run options every simulating `balance` subcommand shares (run, sweep,
// compare, report): --games --seed --threads --agents --players --set
// --max-turns --until-ci, parsed and checked the same way everywhere, plus the
// ruleset path resolution (FILE, or FOLDER holding FOLDER.yaml). The text
// that reproduces a run is app/report/report_request.h (runArguments).
//
//   OptionTable table = OptionTable{...the command's own...}.add(runOptionTable());
//   ArgParser parser;  RunOptions opts;
//   if (!parseOptions(table, args, parser, e) || !readRunOptions(parser, opts, e)) -> exit 2
//   load the ruleset, applySets(ruleset, opts.sets, io)
//   if (!finishRunOptions(opts, ruleset, e)) -> exit 2      // players, agent count
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/cli/arg_parser.h"
#include "app/cli/option_table.h"
#include "app/report/report_request.h"  // shellQuote, runArguments
#include "model/core/ruleset.h"
#include "simulation/runner/run_config.h"

namespace wb::app {

// Bounds of the shared numbers (a value outside is a usage error, never wrapped).
inline constexpr long long kMaxGames = 1'000'000'000'000LL;
inline constexpr long long kMaxPlayersOption = 1'000'000;
inline constexpr long long kMaxTurnsOption = 1'000'000'000;

struct RunOptions {
  sim::RunConfig config;           // games, seed, threads, agents, maxTurns, untilCi (players after finish)
  std::vector<std::string> sets;   // --set PATH=VALUE, in order
  bool playersGiven = false;
  bool gamesGiven = false;
  bool agentsGiven = false;  // if not, finishRunOptions puts the engine's default agent
};

// The shared options: their types, ranges, defaults and help lines.
const OptionTable& runOptionTable();
// One shared row in a command's own words (`help` empty: no line of its own in --help).
OptionSpec runOption(const std::string& name, std::string help, const std::string& meta = "");
// "run options (as for balance run):" and the table's help lines (for a command's --help).
std::string runOptionsHelp();

void declareRunOptions(ArgParser& parser);

// Reads the options; false with a message for malformed or out-of-range
// values and bad agent specs. `defaultGames` applies when --games is absent
// (with --until-ci the default limit is 100000).
bool readRunOptions(const ArgParser& parser, RunOptions& options, std::string& error,
                    std::uint64_t defaultGames = 1000);

// After the ruleset is loaded: the player count (default: the ruleset's
// minimum; checked against its range) and one agent or one per seat.
bool finishRunOptions(RunOptions& options, const model::Ruleset& ruleset, std::string& error);

// FILE, or FOLDER/FOLDER.yaml (.yml) for a folder; a folder without its root
// file is an error, never another YAML file taken as the root (`.` names the
// current folder by its name). A
// path that does not exist is passed through: loading reports it (exit 1).
bool resolveRulesetPath(const std::string& given, std::string& path, std::string& error);

}  // namespace wb::app
