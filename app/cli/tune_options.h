// The options of `balance tune` (tune_command.cpp): its --help (synopsis,
// option table, exit codes), what one tune is asked to do (TuneSettings),
// read and checked before the ruleset is loaded, and the search's
// configuration made from it. The command's steps and its printing live apart
// (tune_command.cpp, tune_printing.h), so an option and its reading change in
// one place.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/cli/arg_parser.h"
#include "app/cli/command.h"
#include "app/cli/run_options.h"
#include "simulation/tune/tune_search.h"
#include "simulation/tune/tune_spec.h"

namespace wb::app {

// What one `balance tune` is asked to do, read and checked before the ruleset is loaded.
struct TuneSettings {
  RunOptions options;
  std::string file, path;  // as given, and the root file it names
  std::optional<std::string> targets, json, write;
  long long budget = 20000, verifyGames = 0, blockGames = 0;
  sim::TuneStrategy strategy = sim::TuneStrategy::Tuner;
  std::vector<std::string> verifyAgents;  // empty: the engine's
  bool guard = true;
};

// The command's --help: the synopsis, the option table, the agents and the exit codes.
std::string tuneHelp();

// Reads and checks the options (usage errors print and return kExitUsage); kExitOk when they hold.
int readTuneSettings(const std::vector<std::string>& args, ArgParser& parser, TuneSettings& s, CommandIo& io);

// The search's configuration: the run options, the budget, the strategy and the guard.
sim::TuneConfig tuneConfig(const TuneSettings& s, const sim::TuneSpec& spec);

}  // namespace wb::app
