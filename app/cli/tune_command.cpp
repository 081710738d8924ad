// `balance tune RULESET --targets FILE`: automatic balancing. The
// designer states targets (a metric and a band) and knobs (paths with finite
// domains); simulation/tune searches the fewest edits that meet every target on
// common random numbers and verifies the answer on fresh seeds. Prints the
// edits, each target's baseline and verified value with its interval and
// verdict, the alternatives with fewer edits and what they miss, and the games
// played; --json writes data/schema/tune-result.md, --write the patched ruleset
// (layout kept). Ctrl-C stops the search: the best proposal so far is printed
// (and written to --json) marked "interrupted", the ruleset is not written, exit 130.
// Its options are read in tune_options.h, its result printed by tune_printing.h.
#include <atomic>
#include <csignal>
#include <filesystem>
#include <ostream>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/output_paths.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/tune_options.h"
#include "app/cli/tune_printing.h"
#include "model/core/atomic_file.h"
#include "model/yaml/ruleset_writer.h"
#include "rulesets/engine_catalog.h"
#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_result_json.h"
#include "simulation/tune/tune_search.h"
#include "simulation/tune/tune_setup.h"
#include "simulation/tune/tune_spec.h"

namespace wb::app {
namespace {

constexpr int kExitInterrupted = 130;

std::atomic<sim::TuneSearch*> g_tuning{nullptr};

std::string joined(const std::vector<std::string>& files) {
  std::string out;
  for (const auto& f : files) out += (out.empty() ? "" : ", ") + f;
  return out;
}

// The included files a save of `ruleset` as `root` writes beside it.
std::vector<NamedFile> writtenIncludes(const model::Ruleset& ruleset, const std::string& root) {
  std::vector<NamedFile> out;
  const std::string rootNormal = std::filesystem::path(root).lexically_normal().generic_string();
  for (const auto& [file, text] : model::toYamlFiles(ruleset, root))
    if (file != rootNormal && file != root) out.push_back({"--write's include", file});
  return out;
}

// The files a save of `ruleset` as `root` would write: new ones and ones whose text changes.
std::vector<std::string> filesChanged(const model::Ruleset& ruleset, const std::string& root) {
  std::vector<std::string> out;
  for (const auto& [file, text] : model::toSavedYamlFiles(ruleset, root)) {
    std::string now;
    if (!std::filesystem::exists(file) || !model::readFile(file, now) || now != text) out.push_back(file);
  }
  return out;
}

// The files other than `root` that a save would replace: they exist and their text would change.
std::vector<std::string> filesReplaced(const model::Ruleset& ruleset, const std::string& root) {
  std::vector<std::string> out;
  const auto includes = writtenIncludes(ruleset, root);
  if (includes.empty()) return out;
  const auto files = model::toSavedYamlFiles(ruleset, root);
  for (const auto& f : includes) {
    std::string now;
    std::error_code ec;
    if (!std::filesystem::exists(f.path, ec)) continue;
    const auto it = files.find(f.path);
    if (it == files.end() || !model::readFile(f.path, now) || now != it->second) out.push_back(f.path);
  }
  return out;
}
extern "C" void onTuneInterrupt(int) {
  if (auto* s = g_tuning.load()) s->cancel();
}

// Outputs never replace inputs, and --write replaces no file it was not
// given: the included files it creates beside FILE must be new (or hold
// what they would hold), checked here, before any game.
bool checkTuneOutputs(const TuneSettings& s, const ArgParser& parser, const model::Ruleset& ruleset, CommandIo& io) {
  std::vector<NamedFile> inputs = rulesetInputs(ruleset);
  if (s.targets) inputs.push_back({"the targets file", *s.targets});
  std::vector<NamedFile> companions;
  if (s.write) companions = writtenIncludes(ruleset, *s.write);
  if (!checkOutputsApart("tune", parser, inputs, io, companions)) return false;
  if (!s.write) return true;
  const auto replaced = filesReplaced(ruleset, *s.write);
  if (replaced.empty()) return true;
  io.err << "balance tune: --write " << *s.write << " would also replace " << joined(replaced)
         << " (the ruleset's includes are written beside it); give --write a file in a folder without them\n";
  return false;
}

// The ruleset to tune: loaded, its outputs checked, --set applied, players and agents finished.
std::optional<model::Ruleset> loadTuneRuleset(TuneSettings& s, const ArgParser& parser, CommandIo& io, int& code) {
  const UsageError usage("tune", io, false);
  std::string error;
  code = kExitUsage;
  if (!resolveRulesetPath(s.file, s.path, error)) return usage(error), std::nullopt;
  auto ruleset = loadRulesetForCli(s.path, io);
  if (!ruleset) return code = kExitInvalid, std::nullopt;
  if (!checkTuneOutputs(s, parser, *ruleset, io)) return std::nullopt;
  if (!applySets(*ruleset, s.options.sets, io)) return std::nullopt;
  if (!finishRunOptions(s.options, *ruleset, error)) return usage(error), std::nullopt;
  const int players = s.options.config.players;
  if (s.verifyAgents.empty()) s.verifyAgents = {rulesets::defaultAgent(ruleset->engine, players)};
  if (s.verifyAgents.size() != 1 && static_cast<int>(s.verifyAgents.size()) != players)
    return usage("--verify-agents: " + std::to_string(s.verifyAgents.size()) + " agents for " +
                 std::to_string(players) + " players (give one agent for every seat, or one per seat)"),
           std::nullopt;
  code = kExitOk;
  return ruleset;
}

// Runs the search (a progress bar on a terminal, else a line per phase); Ctrl-C stops it.
sim::TuneResult playTune(sim::TuneSearch& search, CommandIo& io) {
  const bool bar = wantsProgressBar(io.err);
  std::string lastPhase;
  search.setProgressCallback([&](const sim::TuneProgress& p) {
    if (bar) {
      drawProgressBar(io.err, p.searchGames, p.budget, 0.0, "tune " + p.phase + " ");
    } else if (p.phase != lastPhase) {
      io.err << "balance tune: " << p.phase << " (" << p.searchGames << " of " << p.budget << " search games"
             << (p.best.empty() ? std::string() : "; best so far " + p.best) << ")\n";
    }
    lastPhase = p.phase;
  });
  g_tuning.store(&search);
  auto previous = std::signal(SIGINT, onTuneInterrupt);
  sim::TuneResult result = search.run();
  std::signal(SIGINT, previous == SIG_ERR ? SIG_DFL : previous);
  g_tuning.store(nullptr);
  if (bar) clearProgressBar(io.err);
  return result;
}

// --write: the ruleset with the proposal's edits, saved with its layout.
int writeTuned(const model::Ruleset& ruleset, const sim::KnobSpace& knobs, const sim::TuneResult& result,
               const std::string& writePath, CommandIo& io) {
  std::string error;
  model::Ruleset patched = ruleset;
  if (!knobs.apply(result.edits, patched, error)) {
    io.err << "balance tune: cannot apply the proposal: " << error << "\n";
    return kExitInvalid;
  }
  // A copy of an included file that the search's edits now change is not
  // replaced either: nothing is written then.
  if (const auto replaced = filesReplaced(patched, writePath); !replaced.empty()) {
    io.err << "balance tune: --write " << writePath << " would replace " << joined(replaced)
           << " with the proposal's edits; nothing written (the proposal is above and in --json)\n";
    return kExitInvalid;
  }
  const auto written = filesChanged(patched, writePath);
  if (!model::saveRuleset(patched, writePath, &error)) {
    io.err << "balance tune: cannot write " << writePath << ": " << error << "\n";
    return kExitInvalid;
  }
  io.err << "balance tune: wrote " << (written.empty() ? writePath + " (unchanged)" : joined(written)) << " ("
         << result.edits.size() << " edit" << (result.edits.size() == 1 ? "" : "s") << ")\n";
  return kExitOk;
}

int runTune(const std::vector<std::string>& args, CommandIo& io) {
  ArgParser parser;
  TuneSettings s;
  if (const int code = readTuneSettings(args, parser, s, io)) return code;
  int code = kExitOk;
  auto ruleset = loadTuneRuleset(s, parser, io, code);
  if (!ruleset) return code;
  // The request: the targets file, or the ruleset's own sections.
  model::Diagnostics diags;
  const sim::TuneSpec spec = sim::loadTuneSpec(s.targets ? *s.targets : s.path, !s.targets, diags);
  const sim::TuneConfig config = tuneConfig(s, spec);
  const sim::EngineRegistry& engines = rulesets::builtinEngines();
  sim::TuneSetup setup;
  std::string error;
  if (!sim::resolveTuneSetup(engines, *ruleset, config.run, spec, setup, diags, error)) {
    io.err << error << (error.empty() || error.back() == '\n' ? "" : "\n");
    return kExitInvalid;
  }
  diags.sort();
  io.err << diags.format();
  if (diags.hasErrors()) return kExitInvalid;
  sim::TuneSearch search(engines, *ruleset, setup.knobs, setup.targets, config);
  if (config.budget < search.minimumBudget())  // before any game
    return UsageError("tune", io, false)("--budget: " + search.budgetText());
  const sim::TuneResult result = playTune(search, io);
  if (!result.ok()) return io.err << "balance tune: " << result.error << "\n", kExitInvalid;
  const bool interrupted = result.verdict == sim::TuneVerdict::Interrupted;
  // An interrupted tune prints its best proposal and writes it to a new --json
  // file, never over an existing one (one rule for every command).
  if (s.json && !writeJsonOutput(io.out, io.err, "tune", *s.json, sim::tuneResultToJson(result), !interrupted))
    return kExitInvalid;
  if (!s.json || *s.json != "-") printTuneResult(io.out, result);
  if (interrupted) {
    io.err << "balance tune: cancelled (interrupted); the best proposal so far is not verified"
           << (s.write ? " and the ruleset was not written" : "") << "\n";
    return kExitInterrupted;
  }
  return s.write ? writeTuned(*ruleset, setup.knobs, result, *s.write, io) : kExitOk;
}

}  // namespace

WB_REGISTER_COMMAND(tune, "tune", "automatic balancing: the fewest edits that meet the targets, verified on fresh seeds",
                    tuneHelp(), runTune);

}  // namespace wb::app
