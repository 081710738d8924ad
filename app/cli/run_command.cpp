// `balance run FILE`: play N games of a ruleset between agents with the
// Monte Carlo runner (simulation/runner) and print win rates per seat, agent
// and faction with 95% intervals, first-player advantage, game length and the
// entities that move the result; --json writes the result document
// (data/schema/run-result.md). A progress bar goes to stderr when it is a terminal.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <limits>
#include <ostream>
#include <set>
#include <sstream>
#include <utility>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/output_paths.h"
#include "app/cli/interrupt_scope.h"
#include "app/report/replay_text.h"
#include "app/cli/condition_table.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "app/cli/run_table.h"
#include "simulation/results/entity_use_summary.h"
#include "model/core/atomic_file.h"
#include "model/core/scalar.h"
#include "model/validation/name_suggestion.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/core/rng.h"
#include "simulation/results/run_result_json.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "simulation/stats/statistics.h"

namespace wb::app {
namespace {

// The setup features the engine reports for the first game of `config`
// (State::setupFeatures); false with the unknown name, a suggestion and the list.
bool checkConditionFeatures(const sim::Game& game, const sim::RunConfig& config, const std::vector<std::string>& names,
                            std::string& error) {
  sim::Rng rng(config.seed);
  const auto state = game.newInitialState(sim::GameSetup(std::max(1, config.players)), rng);
  std::vector<sim::SetupFeature> features;
  if (state) state->setupFeatures(features);
  std::set<std::string, std::less<>> known;
  std::string list;
  for (const auto& f : features)
    if (known.insert(f.name).second) list += (list.empty() ? "" : ", ") + f.name;
  for (const auto& name : names) {
    if (known.count(name)) continue;
    if (known.empty()) {
      error = "the engine '" + game.engine() + "' reports no setup features";
    } else {
      error = "no setup feature '" + name + "'" + model::validation::didYouMean(name, known) + "; the features: " + list;
    }
    return false;
  }
  return true;
}


const char* kSynopsis =
    "usage: balance run FILE [--games N] [--seed S] [--threads T] [--agents A,B,...]\n"
    "                        [--players P] [--set PATH=VALUE]... [--max-turns K]\n"
    "                        [--until-ci X] [--json PATH|-] [--replay INDEX] [--conditions]\n"
    "                        [--conditions-of FEATURE,...]\n\n"
    "Plays N games of the ruleset between AI agents and reports win rates per seat,\n"
    "agent and faction (95% Wilson intervals), first-player advantage, game length and\n"
    "what each card / tile / event / ability does to the result. Game i is seeded from\n"
    "(seed, i), so the results are the same for any --threads. Seats rotate: every\n"
    "agent plays every seat equally often (whole teams rotate where the engine has\n"
    "teams); factions meet in a balanced round robin. Outcomes are kept apart: wins\n"
    "by one side (player or team), draws between sides, games nobody wins, games the\n"
    "engine adjudicated at its own cap, and timeouts at --max-turns (kept in the\n"
    "length as censored). The entity numbers are associations; see balance impact.\n\n";

// The run command's options: the shared run options in run's own words, then its own.
const OptionTable& runTable() {
  static const OptionTable table = [] {
    OptionTable t{{.name = "FILE", .type = OptionType::Positional,
                   .help = "the ruleset's root YAML file (or its folder, holding FOLDER.yaml)"}};
    t.add(runOptionTable())
        .withHelp("--games", "games to play (default 1000; with --until-ci the limit, default 100000)")
        .withHelp("--seed", "run seed (default 1)")
        .withHelp("--threads", "worker threads (default: all cores)")
        .withHelp("--set", "change a value first, e.g. --set cards.meteor_strike.cost=15 (repeatable)")
        .withHelp("--max-turns", "turn cap; capped games are timeouts, listed with their index and seed")
        .withHelp("--until-ci", "play batches of 1000 until every headline win rate's 95% interval\n"
                                "is within +-X (e.g. 0.01), or the --games limit is reached");
    t.add({.name = "--json", .meta = "PATH|-",
           .help = "write the result document to PATH, or to stdout instead of the table"});
    t.add({.name = "--replay", .type = OptionType::Int, .meta = "INDEX",
           .help = "play only game INDEX of the run (e.g. a timeout) and print its moves", .min = 0,
           .max = kMaxGames - 1});
    t.add({.name = "--conditions", .type = OptionType::Switch,
           .help = "also tabulate the outcome by the conditions of each game's setup (the\n"
                   "engine's features, e.g. card-dice's die values) with 95% intervals, and\n"
                   "name the conditions (and pairs) whose outcome differs most from the\n"
                   "rest, Holm-corrected; in the JSON as \"conditions\""});
    t.add({.name = "--conditions-of", .meta = "F,...",
           .help = "the same table for these features only (and their pairs), tested\n"
                   "and Holm-corrected among themselves; a feature the engine does not\n"
                   "report is an error with the list (the JSON keeps every feature)"});
    return t;
  }();
  return table;
}

const char* kExitText =
    "exit: 0 ok, 1 the ruleset has problems or an output cannot be written, 2 usage error,\n"
    "130 cancelled (Ctrl-C: the partial result is printed)\n";

void drawProgress(std::ostream& err, const sim::RunProgress& p) {
  const double fraction = p.gamesTotal ? std::min(1.0, static_cast<double>(p.gamesDone) / static_cast<double>(p.gamesTotal)) : 0.0;
  const int width = 30;
  const int filled = static_cast<int>(fraction * width);
  std::ostringstream line;
  line << "\r[" << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(width - filled), '.')
       << "] " << p.gamesDone << "/" << p.gamesTotal << "  " << std::fixed << std::setprecision(0) << p.gamesPerSecond
       << " games/s  ETA " << std::setprecision(1) << p.etaSeconds << " s   ";
  err << line.str() << std::flush;
}

// What one `balance run` is asked to do, read and checked before the ruleset is loaded.
struct RunSettings {
  RunOptions options;
  std::string file;
  std::optional<std::string> json;
  std::optional<std::uint64_t> replay;    // --replay INDEX: play only that game
  std::vector<std::string> conditionsOf;  // --conditions-of: these features only
};

// The features of --conditions-of, split at commas; false on an empty list.
bool readFeatureList(const std::string& list, std::vector<std::string>& out) {
  std::string item;
  for (char ch : list + ",") {
    if (ch != ',') item += ch;
    else if (!item.empty()) out.push_back(std::exchange(item, std::string()));
  }
  return !out.empty();
}

int readRunSettings(const std::vector<std::string>& args, ArgParser& parser, RunSettings& s, CommandIo& io) {
  const UsageError usage("run", io, false);
  std::string error;
  runTable().declare(parser);
  if (!parser.parse(args, error)) return UsageError("run", io)(error);
  if (parser.positional().size() != 1)
    return usage(std::string(parser.positional().empty() ? "no ruleset file given" : "give exactly one ruleset file") +
                 " (usage: balance run FILE [options])");
  s.file = parser.positional().front();
  if (!runTable().check(parser, error) || !readRunOptions(parser, s.options, error)) return usage(error);
  sim::RunConfig& config = s.options.config;
  config.conditions = parser.has("--conditions") || parser.has("--conditions-of");
  if (auto list = parser.value("--conditions-of"); list && !readFeatureList(*list, s.conditionsOf))
    return usage("--conditions-of expects feature names, e.g. --conditions-of fire,nature");
  if (parser.has("--replay")) s.replay = static_cast<std::uint64_t>(runTable().integer(parser, "--replay"));
  if (s.replay && *s.replay >= config.games) {
    // A replayed game need not be inside the default game count, but it must be inside a count given.
    if (s.options.gamesGiven)
      return usage("--replay " + std::to_string(*s.replay) + " is not a game of this run (--games " +
                   std::to_string(config.games) + ": games 0.." + std::to_string(config.games - 1) + ")");
    config.games = *s.replay + 1;
  }
  s.json = parser.value("--json");
  if (s.json && !s.replay && !checkOutputPath("--json", *s.json, error)) return usage(error);
  return kExitOk;
}

// --replay: the moves by name, one line per turn ("turn 12, Seat 1: draw a card; play Fire; end turn"),
// and the final state with seats numbered as everywhere else (engine_words.h).
int printReplay(const sim::Game& game, const model::Ruleset& ruleset, sim::MonteCarloRunner& runner, const RunSettings& s,
                CommandIo& io) {
  ReplayText moves(game, MoveWords(ruleset));
  const auto observe = [&](const sim::State& before, sim::Action a) { moves.move(before, a); };
  bool timedOut = false;
  std::string stop;
  const std::uint64_t index = *s.replay;
  auto state = runner.replay(index, &timedOut, observe, &stop);
  if (!state) {
    io.err << "balance run: cannot replay game " << index << "\n";
    return kExitUsage;
  }
  moves.finish(*state);
  io.out << "game " << index << " of seed " << s.options.config.seed << " (chance seed "
         << sim::deriveSeed(s.options.config.seed, index, 0) << "): " << state->turnCount() << " turns, "
         << state->historySize() << " actions, " << (timedOut ? "stopped at " + stop : std::string("finished"))
         << "\nmoves:" << moves.text() << "\nfinal state:\n" << seatWords(state->toString()) << "\n";
  return kExitOk;
}

// Plays the run and prints the table (and the conditions), writes --json.
int playRun(sim::MonteCarloRunner& runner, const model::Ruleset& ruleset, const RunSettings& s,
            InterruptScope& interrupt, CommandIo& io) {
  const bool bar = &io.err == &std::cerr && ::isatty(STDERR_FILENO);
  if (bar) runner.setProgressCallback([&io](const sim::RunProgress& p) { drawProgress(io.err, p); }, 0.2);
  interrupt.watch(runner);
  sim::RunResult result = runner.run();
  interrupt.unwatch();
  if (bar) io.err << "\r" << std::string(80, ' ') << "\r" << std::flush;
  if (!result.ok()) return UsageError("run", io, false)(result.error);
  result.ruleset = ruleset.id;
  result.entityKinds = sim::entityKinds(ruleset, result.entities);
  if (interrupt.interrupted()) result.cancelled = true;

  const auto print = [&](std::ostream& out) {
    printRunTable(out, result);
    if (s.options.config.conditions) printConditionTable(out, result, 20, s.conditionsOf);
  };
  return writeAndPrint("run", s.json, result.cancelled, [&] { return sim::runResultToJson(result); }, print, io,
                       "cancelled after " + std::to_string(result.stats.games()) + " of " +
                           std::to_string(s.options.config.games) + " games");
}

int runRun(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  RunSettings s;
  if (const int code = readRunSettings(args, parser, s, io)) return code;
  const UsageError usage("run", io, false);
  int code = kExitOk;
  auto ruleset = loadRulesetToPlay(s.file, parser, s.options, usage, io, code);
  if (!ruleset) return code;
  std::unique_ptr<sim::Game> game = compileForCli(*ruleset, io);
  if (!game) return kExitInvalid;
  // The features named in --conditions-of are checked before the first game,
  // against those the engine reports for this ruleset's setup.
  std::string error;
  if (!s.conditionsOf.empty() && !checkConditionFeatures(*game, s.options.config, s.conditionsOf, error))
    return usage("--conditions-of: " + error);
  sim::MonteCarloRunner runner(*game, s.options.config);
  if (!runner.validate(error)) return usage(error);
  if (s.replay) return printReplay(*game, *ruleset, runner, s, io);
  return playRun(runner, *ruleset, s, interrupt, io);
}

}  // namespace

WB_REGISTER_COMMAND(run, "run", "play N games between AI agents; win rates, first-player advantage, entities",
                    std::string(kSynopsis) + runTable().help() + "\n" + sim::agentHelp() + "\n" + kExitText, runRun);

}  // namespace wb::app
