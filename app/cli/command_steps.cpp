#include "app/cli/command_steps.h"

#include <ostream>

#include "app/cli/cli_format.h"
#include "app/cli/interrupt_scope.h"
#include "app/cli/output_paths.h"
#include "app/cli/ruleset_input.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

int UsageError::operator()(const std::string& message) const {
  m_io.err << "balance " << m_command << ": " << message;
  if (m_seeHelp) m_io.err << " (see balance " << m_command << " --help)";
  m_io.err << "\n";
  return kExitUsage;
}

std::optional<model::Ruleset> loadRulesetToPlay(const std::string& given, const ArgParser& parser,
                                                RunOptions& options, const UsageError& usage, CommandIo& io,
                                                int& code, std::string* resolvedPath) {
  std::string path, error;
  code = kExitUsage;
  if (!resolveRulesetPath(given, path, error)) {
    usage(error);
    return std::nullopt;
  }
  if (resolvedPath) *resolvedPath = path;
  auto ruleset = loadRulesetForCli(path, io);
  if (!ruleset) {
    code = kExitInvalid;
    return std::nullopt;
  }
  if (!checkOutputsApart(usage.command(), parser, rulesetInputs(*ruleset), io)) return std::nullopt;
  if (!applySets(*ruleset, options.sets, io)) return std::nullopt;
  if (!finishRunOptions(options, *ruleset, error)) {
    usage(error);
    return std::nullopt;
  }
  code = kExitOk;
  return ruleset;
}

int writeAndPrint(const std::string& command, const std::optional<std::string>& json, bool cancelled,
                  const std::function<std::string()>& jsonText, const std::function<void(std::ostream&)>& print,
                  CommandIo& io, const std::string& cancelledText) {
  const bool written = !json || writeJsonOutput(io.out, io.err, command, *json, jsonText(), !cancelled);
  if (!(json && *json == "-")) print(io.out);
  if (cancelled) {
    io.err << "balance " << command << ": " << cancelledText << "\n";
    return kExitCancelled;
  }
  return written ? kExitOk : kExitInvalid;
}

std::unique_ptr<sim::Game> compileForCli(const model::Ruleset& ruleset, CommandIo& io) {
  model::Diagnostics diags;
  std::unique_ptr<sim::Game> game = rulesets::builtinEngines().compile(ruleset, diags);
  io.err << diags.format();
  return game;
}

}  // namespace wb::app
