// The steps the simulating commands share between parsing and playing: how a
// usage error is printed, and the ruleset made ready to play (FILE resolved,
// loaded, outputs kept apart from its files, --set applied, players and agents
// finished, the engine compiled). Each command keeps its own order of checks
// around them; the texts are the same in every command.
#pragma once

#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>

#include "app/cli/arg_parser.h"
#include "app/cli/command.h"
#include "app/cli/run_options.h"
#include "model/core/ruleset.h"
#include "simulation/core/game.h"

namespace wb::app {

// "balance NAME: message", with " (see balance NAME --help)" when `seeHelp`;
// returns kExitUsage.
class UsageError {
 public:
  UsageError(std::string command, CommandIo& io, bool seeHelp = true)
      : m_command(std::move(command)), m_io(io), m_seeHelp(seeHelp) {}
  int operator()(const std::string& message) const;
  const std::string& command() const { return m_command; }

 private:
  std::string m_command;
  CommandIo& m_io;
  bool m_seeHelp;
};

// The ruleset at FILE (`given`) ready to play: resolved, loaded (its problems
// printed: exit 1), --json / --out kept apart from its files, the --set edits
// applied and `options` finished for it (players, agents). nullopt with `code`
// set when a step fails; `resolvedPath` gets the root file's path.
std::optional<model::Ruleset> loadRulesetToPlay(const std::string& given, const ArgParser& parser,
                                                RunOptions& options, const UsageError& usage, CommandIo& io,
                                                int& code, std::string* resolvedPath = nullptr);

// The end of every simulating command: writes --json (`json`: a path or "-"),
// prints the table unless the JSON went to stdout (also when the file could not
// be written), and says "balance COMMAND: <cancelledText>" for a cancelled run.
// The exit code: 130 cancelled, 1 the file not written, else 0.
int writeAndPrint(const std::string& command, const std::optional<std::string>& json, bool cancelled,
                  const std::function<std::string()>& jsonText, const std::function<void(std::ostream&)>& print,
                  CommandIo& io, const std::string& cancelledText = "cancelled");

// The engine for `ruleset`, its diagnostics printed; nullptr on errors (exit 1).
std::unique_ptr<sim::Game> compileForCli(const model::Ruleset& ruleset, CommandIo& io);

}  // namespace wb::app
