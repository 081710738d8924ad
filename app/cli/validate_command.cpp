// `balance validate FILE...`: load each ruleset, check it against its engine's
// schema, print every problem as file:line:column: error: message.
#include <algorithm>
#include <ostream>

#include "app/cli/arg_parser.h"
#include "app/cli/command.h"
#include "app/cli/option_table.h"
#include "app/cli/run_options.h"
#include "model/core/parameter_reads.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"
#include "simulation/tune/tune_setup.h"
#include "simulation/tune/tune_spec.h"

namespace wb::app {
namespace {

// The ruleset's own `targets:` and `knobs:` sections, read and resolved as
// `balance tune FILE` reads them (at the ruleset's default player count and
// the engine's default agent): what validate passes, tune accepts.
void checkTuning(const std::string& file, const model::Ruleset& ruleset, model::Diagnostics& diags) {
  model::Diagnostics tuning;
  const sim::TuneSpec spec = sim::loadTuneSpec(file, true, tuning);
  sim::TuneRunSettings run;
  run.players = std::max(1, ruleset.players.initial());
  run.searchAgents = run.verifyAgents = {rulesets::defaultAgent(ruleset.engine, run.players)};
  run.threads = 1;
  sim::TuneSetup setup;
  std::string error;
  if (!sim::resolveTuneSetup(rulesets::builtinEngines(), ruleset, run, spec, setup, tuning, error) && !error.empty())
    tuning.error({file, 1, 1}, "the tuning sections cannot be checked: " + error);
  for (const auto& d : tuning.items()) diags.add(d);
}

// A parameter the engine does not read while it compiles the ruleset changes nothing
// in any game (a value every use of which the data overrides, a leftover): a warning
// at its line. Nothing is said when the ruleset does not compile (run reports that).
model::Diagnostics unreadParameterWarnings(const model::Ruleset& ruleset) {
  model::Diagnostics warnings, compileErrors;
  model::ParameterReadLog reads;
  if (!rulesets::builtinEngines().compile(ruleset, compileErrors) || compileErrors.hasErrors()) return warnings;
  for (const model::Parameter& p : ruleset.parameters)
    if (!reads.wasRead(p.id))
      warnings.warning(p.origin.loc, "parameter '" + p.id + "' is read by no rule of engine '" + ruleset.engine +
                                         "': changing it changes nothing");
  return warnings;
}

const OptionTable& validateTable() {
  static const OptionTable table = [] {
    OptionTable t{{.name = "--quiet", .type = OptionType::Switch, .help = "print nothing for valid files"}};
    t.helpColumn(12);
    return t;
  }();
  return table;
}

int runValidate(const std::vector<std::string>& args, CommandIo& io) {
  ArgParser parser;
  std::string error;
  if (!parseOptions(validateTable(), args, parser, error)) {
    io.err << "balance validate: " << error << "\n";
    return kExitUsage;
  }
  if (parser.positional().empty()) {
    io.err << "balance validate: no file given (usage: balance validate FILE...)\n";
    return kExitUsage;
  }
  int exit = kExitOk;
  const auto lookup = rulesets::builtinEngines().schemaLookup();
  for (const auto& given : parser.positional()) {
    // A ruleset folder names its root file, as in `balance run DIR`.
    std::string file;
    if (!resolveRulesetPath(given, file, error)) {
      io.err << "balance validate: " << error << "\n";
      exit = kExitInvalid;
      continue;
    }
    auto result = model::loadRuleset(file, lookup);
    // A described game keeps its `rules:` beside the tuning sections; only
    // `targets:` and `knobs:` are what tune reads.
    const auto& tuning = result.ruleset.tuning;
    const bool tunes = std::any_of(tuning.begin(), tuning.end(),
                                   [](const auto& kv) { return kv.first == "targets" || kv.first == "knobs"; });
    if (result.ok() && tunes) checkTuning(file, result.ruleset, result.diagnostics);
    io.err << result.diagnostics.format();
    if (!result.ok()) {
      std::size_t errors = 0;
      for (const auto& d : result.diagnostics.items()) errors += d.severity == model::Severity::Error;
      io.err << file << ": " << errors << (errors == 1 ? " error\n" : " errors\n");
      exit = kExitInvalid;
      continue;
    }
    io.err << unreadParameterWarnings(result.ruleset).format();
    if (!parser.has("--quiet")) {
      const auto& r = result.ruleset;
      io.out << file << ": ok: " << r.name << " (engine " << r.engine << ", " << r.parameters.size()
             << " parameters, " << r.dice.size() << " dice";
      for (model::Section s : model::kSections)
        if (!r.entities(s).empty()) io.out << ", " << r.entities(s).size() << " " << model::toString(s);
      io.out << ")\n";
    }
  }
  return exit;
}

}  // namespace

WB_REGISTER_COMMAND(validate, "validate", "check ruleset files; list every problem with file:line:column",
                    "usage: balance validate [--quiet] FILE|FOLDER...\n\n"
                    "Loads each ruleset, checks it (YAML syntax, unknown keys, types, ranges,\n"
                    "duplicate ids, references, expressions, and what its engine requires) and\n"
                    "prints every problem as `file:line:column: error: message` on stderr.\n"
                    "A parameter its engine never reads (changing it changes nothing) is a\n"
                    "`warning:` at its line; warnings do not change the exit status.\n\n" +
                        validateTable().help() + "\nexit: 0 all valid, 1 some file has errors, 2 usage error\n",
                    runValidate);

}  // namespace wb::app
