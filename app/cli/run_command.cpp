// `balance run FILE`: play N games of a ruleset between agents with the
// Monte Carlo runner (simulation/runner) and print win rates per seat, agent
// and faction with 95% intervals, first-player advantage, game length and the
// entities that move the result; --json writes the result document
// (data/schema/run-result.md). A progress bar goes to stderr when it is a terminal.
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <limits>
#include <ostream>
#include <sstream>

#include "app/cli/arg_parser.h"
#include "app/cli/command.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "model/core/atomic_file.h"
#include "model/core/scalar.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/results/run_result_json.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "simulation/stats/statistics.h"

namespace wb::app {
namespace {


const char* kUsage =
    "usage: balance run FILE [--games N] [--seed S] [--threads T] [--agents A,B,...]\n"
    "                        [--players P] [--set PATH=VALUE]... [--max-turns K]\n"
    "                        [--until-ci X] [--json PATH|-] [--replay INDEX]\n\n"
    "Plays N games of the ruleset between AI agents and reports win rates per seat,\n"
    "agent and faction (95% Wilson intervals), first-player advantage, game length and\n"
    "what each card / tile / event / ability does to the result. Game i is seeded from\n"
    "(seed, i), so the results are the same for any --threads. Seats rotate: every\n"
    "agent plays every seat equally often.\n\n"
    "  FILE              the ruleset's root YAML file (or its folder, holding FOLDER.yaml)\n"
    "  --games N         games to play (default 1000; with --until-ci the limit, default 100000)\n"
    "  --seed S          run seed (default 1)\n"
    "  --threads T       worker threads (default: all cores)\n"
    "  --agents A,B,...  one agent for every seat, or one per seat (default random)\n"
    "  --players P       player count (default: the ruleset's minimum)\n"
    "  --set PATH=VALUE  change a value first, e.g. --set cards.meteor_strike.cost=15 (repeatable)\n"
    "  --max-turns K     turn cap; capped games are timeouts, listed with their index and seed\n"
    "  --until-ci X      play batches of 1000 until every headline win rate's 95% interval\n"
    "                    is within +-X (e.g. 0.01), or the --games limit is reached\n"
    "  --json PATH|-     write the result document to PATH, or to stdout instead of the table\n"
    "  --replay INDEX    play only game INDEX of the run (e.g. a timeout) and print its moves\n\n";

const char* kExitText = "exit: 0 ok, 1 the ruleset has problems, 2 usage error\n";

// Set while a run is in progress so Ctrl-C cancels it (the partial result is printed).
std::atomic<sim::MonteCarloRunner*> g_running{nullptr};
extern "C" void onInterrupt(int) {
  if (auto* r = g_running.load()) r->cancel();
}

std::string percent(double x, int digits = 1) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << 100.0 * x;
  return s.str();
}

std::string interval(const sim::Interval& ci) { return "[" + percent(ci.lo) + ", " + percent(ci.hi) + "]"; }


void printTally(std::ostream& out, const std::string& label, const sim::OutcomeTally& t, std::size_t width) {
  out << std::left << std::setw(static_cast<int>(width)) << label << std::right << std::setw(8) << t.games
      << std::setw(8) << t.wins << std::setw(7) << t.draws << std::setw(8) << t.losses << std::setw(9)
      << percent(t.winRate()) << "%  " << interval(sim::wilsonInterval(t.wins, t.games)) << "\n";
}

void printTable(std::ostream& out, const sim::RunResult& r) {
  const sim::RunStats& s = r.stats;
  out << r.ruleset << " (engine " << r.engine << "): " << s.games() << " games, " << r.config.players
      << " players, seed " << r.config.seed << ", agents ";
  for (std::size_t i = 0; i < r.config.agents.size(); ++i) out << (i ? ", " : "") << r.config.agents[i];
  out << (r.cancelled ? "  [CANCELLED: partial results]" : "") << "\n";
  out << "finished " << s.finishedGames() << ", draws " << s.drawnGames() << ", timeouts " << s.timeouts()
      << " (cap " << r.config.maxTurns << " turns)\n";
  if (!s.timeoutRecords().empty()) {
    out << "  capped games (replay with --replay INDEX):";
    const std::size_t shown = std::min<std::size_t>(s.timeoutRecords().size(), 10);
    for (std::size_t i = 0; i < shown; ++i) out << " " << s.timeoutRecords()[i].index;
    if (s.timeouts() > shown) out << " ...";
    out << "\n";
  }
  std::size_t width = 8;
  for (const auto& a : r.agents) width = std::max(width, a.size() + 2);
  for (const auto& f : r.factions) width = std::max(width, f.size() + 2);
  auto header = [&](const char* what) {
    out << "\n" << std::left << std::setw(static_cast<int>(width)) << what << std::right << std::setw(8) << "games"
        << std::setw(8) << "wins" << std::setw(7) << "draws" << std::setw(8) << "losses" << std::setw(10)
        << "win rate" << "  95% CI\n";
  };
  header("seat");
  for (std::size_t i = 0; i < s.seats().size(); ++i) printTally(out, std::to_string(i), s.seats()[i], width);
  header("agent");
  for (std::size_t i = 0; i < s.agents().size(); ++i) printTally(out, r.agents[i], s.agents()[i], width);
  if (!s.factions().empty()) {
    header("faction");
    for (std::size_t i = 0; i < s.factions().size(); ++i) printTally(out, r.factions[i], s.factions()[i], width);
  }
  if (!s.seats().empty()) {
    const auto& first = s.seats().front();
    const double fair = 1.0 / std::max(1, r.config.players);
    const double p = sim::binomialTwoSidedPValue(first.wins, first.games, fair);
    out << "\nfirst player: wins " << percent(first.winRate()) << "% " << interval(sim::wilsonInterval(first.wins, first.games))
        << " vs fair " << percent(fair) << "%, p = " << std::setprecision(3) << p
        << (p < 0.05 ? " (significant)" : " (not significant)") << "\n";
  }
  const auto& len = s.length();
  long long lo = -1, hi = -1;
  for (std::size_t t = 0; t < len.histogram.size(); ++t)
    if (len.histogram[t]) {
      if (lo < 0) lo = static_cast<long long>(t);
      hi = static_cast<long long>(t);
    }
  out << "length: " << std::fixed << std::setprecision(1) << len.mean() << " turns (sd " << len.sd() << ", min "
      << std::max(0LL, lo) << ", max " << std::max(0LL, hi) << ")\n";
  out.unsetf(std::ios::fixed);

  // Entities whose use moves the win rate most (both groups large enough to say).
  std::vector<std::size_t> order;
  for (std::size_t e = 0; e < s.entities().size(); ++e) {
    const auto& t = s.entities()[e];
    if (t.usedPlayers >= 30 && t.unusedPlayers >= 30) order.push_back(e);
  }
  auto delta = [&](std::size_t e) {
    const auto& t = s.entities()[e];
    return static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers) -
           static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers);
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::fabs(delta(a)) > std::fabs(delta(b));
  });
  if (!order.empty()) {
    std::size_t idWidth = 10;
    for (std::size_t e : order) idWidth = std::max(idWidth, r.entities[e].size() + 2);
    const double finished = static_cast<double>(std::max<std::uint64_t>(1, s.finishedGames()));
    out << "\n" << std::left << std::setw(static_cast<int>(idWidth)) << "entity" << std::right << std::setw(9)
        << "acq/game" << std::setw(10) << "play/game" << std::setw(10) << "trig/game" << std::setw(11) << "used win%"
        << std::setw(13) << "unused win%" << std::setw(8) << "delta" << "\n";
    const std::size_t shown = std::min<std::size_t>(order.size(), 10);
    for (std::size_t k = 0; k < shown; ++k) {
      const std::size_t e = order[k];
      const auto& t = s.entities()[e];
      std::ostringstream row;
      row << std::fixed << std::setprecision(2) << std::left << std::setw(static_cast<int>(idWidth)) << r.entities[e]
          << std::right << std::setw(9) << static_cast<double>(t.acquired) / finished << std::setw(10)
          << static_cast<double>(t.played) / finished << std::setw(10) << static_cast<double>(t.triggered) / finished
          << std::setw(10) << percent(static_cast<double>(t.usedWins) / static_cast<double>(t.usedPlayers)) << "%"
          << std::setw(12) << percent(static_cast<double>(t.unusedWins) / static_cast<double>(t.unusedPlayers)) << "%"
          << std::setw(8) << std::showpos << percent(delta(e)) << std::noshowpos << "\n";
      out << row.str();
    }
    if (order.size() > shown) out << "(" << order.size() - shown << " more in --json)\n";
  }
  if (r.config.untilCi > 0.0) {
    out << "\nuntil-ci " << r.config.untilCi << ": " << (r.targetReached ? "reached" : "NOT reached")
        << ", widest half-width " << percent(r.maxHeadlineHalfWidth(), 2) << " points\n";
  }
  out << "\nelapsed " << std::fixed << std::setprecision(2) << r.elapsedSeconds << " s, " << std::setprecision(0)
      << r.gamesPerSecond() << " games/s (" << r.config.threads << " threads)\n";
  out.unsetf(std::ios::fixed);
}

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
  ArgParser parser;
  parser.option("--games").option("--seed").option("--threads").option("--agents").option("--players")
      .option("--set", true).option("--max-turns").option("--until-ci").option("--json").option("--replay");
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
  if (parser.has("--replay") && static_cast<std::uint64_t>(replay) >= config.games) {
    // A replayed game need not be inside the default game count; allow any index.
    config.games = static_cast<std::uint64_t>(replay) + 1;
  }
  std::vector<std::string> agents = {"random"};
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
  if (!applySets(*ruleset, parser.values("--set"), io)) return kExitUsage;

  config.players = parser.has("--players") ? static_cast<int>(players) : std::max(1, ruleset->players.min);
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

  sim::MonteCarloRunner runner(*game, config);
  if (!runner.validate(error)) {
    io.err << "balance run: " << error << "\n";
    return kExitUsage;
  }

  if (parser.has("--replay")) {
    bool timedOut = false;
    auto state = runner.replay(static_cast<std::uint64_t>(replay), &timedOut);
    if (!state) {
      io.err << "balance run: cannot replay game " << replay << "\n";
      return kExitUsage;
    }
    io.out << "game " << replay << " of seed " << config.seed << " (chance seed "
           << sim::deriveSeed(config.seed, static_cast<std::uint64_t>(replay), 0) << "): " << state->turnCount()
           << " turns, " << state->historySize() << " actions, "
           << (timedOut ? "stopped at the turn cap" : "finished") << "\nactions:";
    for (sim::Action a : state->history()) io.out << " " << a;
    io.out << "\nfinal state:\n" << state->toString() << "\n";
    return kExitOk;
  }

  const bool jsonToStdout = parser.value("--json") && *parser.value("--json") == "-";
  const bool bar = &io.err == &std::cerr && ::isatty(STDERR_FILENO);
  if (bar) runner.setProgressCallback([&io](const sim::RunProgress& p) { drawProgress(io.err, p); }, 0.2);
  g_running.store(&runner);
  auto previous = std::signal(SIGINT, onInterrupt);
  sim::RunResult result = runner.run();
  std::signal(SIGINT, previous == SIG_ERR ? SIG_DFL : previous);
  g_running.store(nullptr);
  if (bar) io.err << "\r" << std::string(80, ' ') << "\r" << std::flush;
  if (!result.ok()) {
    io.err << "balance run: " << result.error << "\n";
    return kExitUsage;
  }
  result.ruleset = ruleset->id;

  if (auto jsonPath = parser.value("--json")) {
    const std::string json = sim::runResultToJson(result);
    if (jsonToStdout) {
      io.out << json;
    } else if (!model::writeFileAtomically(*jsonPath, json, &error)) {
      io.err << "balance run: cannot write " << *jsonPath << ": " << error << "\n";
      return kExitInvalid;
    }
  }
  if (!jsonToStdout) printTable(io.out, result);
  return kExitOk;
}

}  // namespace

WB_REGISTER_COMMAND(run, "run", "play N games between AI agents; win rates, first-player advantage, entities",
                    std::string(kUsage) + sim::agentHelp() + "\n" + kExitText, runRun);

}  // namespace wb::app
