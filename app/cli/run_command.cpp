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


const char* kUsage =
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
    "length as censored). The entity numbers are associations; see balance impact.\n\n"
    "  FILE              the ruleset's root YAML file (or its folder, holding FOLDER.yaml)\n"
    "  --games N         games to play (default 1000; with --until-ci the limit, default 100000)\n"
    "  --seed S          run seed (default 1)\n"
    "  --threads T       worker threads (default: all cores)\n"
    "  --agents A,B,...  one agent for every seat, or one per seat (default: the\n"
    "                    engine's at the player count: planner on zoneplex, elem_master,\n"
    "                    element, elemenz at 2 and 4 players; greedy:answers=off on\n"
    "                    card_dice; else greedy)\n"
    "  --players P       player count (default: the ruleset's players.default or min)\n"
    "  --set PATH=VALUE  change a value first, e.g. --set cards.meteor_strike.cost=15 (repeatable)\n"
    "  --max-turns K     turn cap; capped games are timeouts, listed with their index and seed\n"
    "  --until-ci X      play batches of 1000 until every headline win rate's 95% interval\n"
    "                    is within +-X (e.g. 0.01), or the --games limit is reached\n"
    "  --json PATH|-     write the result document to PATH, or to stdout instead of the table\n"
    "  --replay INDEX    play only game INDEX of the run (e.g. a timeout) and print its moves\n"
    "  --conditions      also tabulate the outcome by the conditions of each game's setup (the\n"
    "                    engine's features, e.g. card-dice's die values) with 95% intervals, and\n"
    "                    name the conditions (and pairs) whose outcome differs most from the\n"
    "                    rest, Holm-corrected; in the JSON as \"conditions\"\n"
    "  --conditions-of F,...  the same table for these features only (and their pairs), tested\n"
    "                    and Holm-corrected among themselves; a feature the engine does not\n"
    "                    report is an error with the list (the JSON keeps every feature)\n\n";

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

bool parseCount(const ArgParser& parser, const std::string& name, long long min, long long max, long long& out,
                CommandIo& io) {
  std::string error;
  if (!parser.intValue(name, out, error, min, max)) {
    io.err << "balance run: " << error << "\n";
    return false;
  }
  return true;
}

int runRun(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  parser.option("--games").option("--seed").option("--threads").option("--agents").option("--players")
      .option("--set", true).option("--max-turns").option("--until-ci").option("--json").option("--replay");
  parser.flag("--conditions");
  parser.option("--conditions-of");
  std::string error;
  if (!parser.parse(args, error)) {
    io.err << "balance run: " << error << " (see balance run --help)\n";
    return kExitUsage;
  }
  if (parser.positional().size() != 1) {
    io.err << "balance run: " << (parser.positional().empty() ? "no ruleset file given" : "give exactly one ruleset file")
           << " (usage: balance run FILE [options])\n";
    return kExitUsage;
  }
  sim::RunConfig config;
  long long games = 0, seed = 1, threads = 0, players = 0, maxTurns = 0, replay = -1;
  constexpr long long kAny = std::numeric_limits<long long>::max();
  if (!parseCount(parser, "--games", 1, kMaxGames, games, io) || !parseCount(parser, "--seed", 0, kAny, seed, io) ||
      !parseCount(parser, "--threads", 1, sim::kMaxThreads, threads, io) ||
      !parseCount(parser, "--players", 1, kMaxPlayersOption, players, io) ||
      !parseCount(parser, "--max-turns", 1, kMaxTurnsOption, maxTurns, io) ||
      !parseCount(parser, "--replay", 0, kMaxGames - 1, replay, io))
    return kExitUsage;
  double untilCi = 0.0;
  if (!parser.doubleValue("--until-ci", untilCi, error)) {
    io.err << "balance run: " << error << "\n";
    return kExitUsage;
  }
  if (parser.has("--until-ci") && !(untilCi > 0.0 && untilCi < 0.5)) {
    io.err << "balance run: --until-ci must be between 0 and 0.5 (e.g. 0.01 for +-1 point), got "
           << *parser.value("--until-ci") << "\n";
    return kExitUsage;
  }
  config.games = parser.has("--games") ? static_cast<std::uint64_t>(games) : (untilCi > 0 ? 100000 : 1000);
  config.seed = static_cast<std::uint64_t>(seed);
  config.threads = static_cast<int>(threads);
  config.maxTurns = static_cast<int>(maxTurns);
  config.untilCi = untilCi;
  config.conditions = parser.has("--conditions") || parser.has("--conditions-of");
  std::vector<std::string> conditionsOf;
  if (auto list = parser.value("--conditions-of")) {
    std::string item;
    for (char ch : *list + ",") {
      if (ch != ',') item += ch;
      else if (!item.empty()) conditionsOf.push_back(std::exchange(item, std::string()));
    }
    if (conditionsOf.empty()) {
      io.err << "balance run: --conditions-of expects feature names, e.g. --conditions-of fire,nature\n";
      return kExitUsage;
    }
  }
  if (parser.has("--replay") && static_cast<std::uint64_t>(replay) >= config.games) {
    // A replayed game need not be inside the default game count, but it must be inside a count given.
    if (parser.has("--games")) {
      io.err << "balance run: --replay " << replay << " is not a game of this run (--games " << games
             << ": games 0.." << games - 1 << ")\n";
      return kExitUsage;
    }
    config.games = static_cast<std::uint64_t>(replay) + 1;
  }
  if (auto jsonPath = parser.value("--json"); jsonPath && !parser.has("--replay") && !checkOutputPath("--json", *jsonPath, error)) {
    io.err << "balance run: " << error << "\n";
    return kExitUsage;
  }
  std::vector<std::string> agents = {sim::kDefaultAgent};
  if (auto list = parser.value("--agents")) {
    if (!sim::splitAgentList(*list, agents, error)) {
      io.err << "balance run: --agents: " << error << "\n";
      return kExitUsage;
    }
  }
  for (const auto& a : agents) {
    if (!sim::isValidAgentSpec(a, error)) {
      io.err << "balance run: --agents: " << error << "\n";
      return kExitUsage;
    }
  }
  config.agents = agents;

  std::string path;
  if (!resolveRulesetPath(parser.positional().front(), path, error)) {
    io.err << "balance run: " << error << "\n";
    return kExitUsage;
  }
  auto ruleset = loadRulesetForCli(path, io);
  if (!ruleset) return kExitInvalid;
  if (!checkOutputsApart("run", parser, rulesetInputs(*ruleset), io)) return kExitUsage;
  if (!applySets(*ruleset, parser.values("--set"), io)) return kExitUsage;
  config.players = parser.has("--players") ? static_cast<int>(players) : std::max(1, ruleset->players.initial());
  if (!parser.has("--agents")) config.agents = agents = {rulesets::defaultAgent(ruleset->engine, config.players)};
  if (config.players < ruleset->players.min || config.players > ruleset->players.max) {
    io.err << "balance run: --players " << config.players << " is outside the ruleset's range " << ruleset->players.min
           << ".." << ruleset->players.max << "\n";
    return kExitUsage;
  }
  if (agents.size() != 1 && static_cast<int>(agents.size()) != config.players) {
    io.err << "balance run: --agents: " << agents.size() << " agents for " << config.players
           << " players (give one agent for every seat, or one per seat)\n";
    return kExitUsage;
  }

  model::Diagnostics diags;
  std::unique_ptr<sim::Game> game = rulesets::builtinEngines().compile(*ruleset, diags);
  io.err << diags.format();
  if (!game) return kExitInvalid;

  // The features named in --conditions-of are checked before the first game,
  // against those the engine reports for this ruleset's setup.
  if (!conditionsOf.empty() && !checkConditionFeatures(*game, config, conditionsOf, error)) {
    io.err << "balance run: --conditions-of: " << error << "\n";
    return kExitUsage;
  }
  sim::MonteCarloRunner runner(*game, config);
  if (!runner.validate(error)) {
    io.err << "balance run: " << error << "\n";
    return kExitUsage;
  }

  if (parser.has("--replay")) {
    // Moves by name, one line per turn: "turn 12, player 1: draw a card; play Fire; end turn".
    ReplayText moves(*game);
    const auto observe = [&](const sim::State& before, sim::Action a) { moves.move(before, a); };
    bool timedOut = false;
    std::string stop;
    auto state = runner.replay(static_cast<std::uint64_t>(replay), &timedOut, observe, &stop);
    if (state) moves.finish(*state);
    if (!state) {
      io.err << "balance run: cannot replay game " << replay << "\n";
      return kExitUsage;
    }
    io.out << "game " << replay << " of seed " << config.seed << " (chance seed "
           << sim::deriveSeed(config.seed, static_cast<std::uint64_t>(replay), 0) << "): " << state->turnCount()
           << " turns, " << state->historySize() << " actions, "
           << (timedOut ? "stopped at " + stop : std::string("finished")) << "\nmoves:" << moves.text()
           << "\nfinal state:\n" << state->toString() << "\n";
    return kExitOk;
  }

  const bool jsonToStdout = parser.value("--json") && *parser.value("--json") == "-";
  const bool bar = &io.err == &std::cerr && ::isatty(STDERR_FILENO);
  if (bar) runner.setProgressCallback([&io](const sim::RunProgress& p) { drawProgress(io.err, p); }, 0.2);
  interrupt.watch(runner);
  sim::RunResult result = runner.run();
  interrupt.unwatch();
  if (bar) io.err << "\r" << std::string(80, ' ') << "\r" << std::flush;
  if (!result.ok()) {
    io.err << "balance run: " << result.error << "\n";
    return kExitUsage;
  }
  result.ruleset = ruleset->id;
  result.entityKinds = sim::entityKinds(*ruleset, result.entities);
  if (interrupt.interrupted()) result.cancelled = true;

  bool written = true;
  if (auto jsonPath = parser.value("--json"))
    written = writeJsonOutput(io.out, io.err, "run", *jsonPath, sim::runResultToJson(result), !result.cancelled);
  if (!jsonToStdout) printRunTable(io.out, result);  // also when the file could not be written
  if (!jsonToStdout && config.conditions) printConditionTable(io.out, result, 20, conditionsOf);
  if (result.cancelled) {
    io.err << "balance run: cancelled after " << result.stats.games() << " of " << config.games << " games\n";
    return kExitCancelled;
  }
  return written ? kExitOk : kExitInvalid;
}

}  // namespace

WB_REGISTER_COMMAND(run, "run", "play N games between AI agents; win rates, first-player advantage, entities",
                    std::string(kUsage) + sim::agentHelp() + "\n" + kExitText, runRun);

}  // namespace wb::app
