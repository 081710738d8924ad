// `balance ladder FILE --agents A,B,C,...`: the skill ladder (simulation/ladder):
// the head-to-head matrix with 95% intervals and a rating per agent, each
// agent's headline conclusions, the rank agreement between consecutive rungs
// and the conclusions that change with the players' skill.
#include <atomic>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/output_paths.h"
#include "app/cli/interrupt_scope.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "model/core/atomic_file.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/ladder/ladder.h"
#include "simulation/ladder/ladder_json.h"
#include "simulation/ladder/ladder_report.h"

namespace wb::app {
namespace {

const char* kSynopsis =
    "usage: balance ladder FILE --agents A,B[,C...] [--games N] [--self-games M] [--top K]\n"
    "                      [--players P] [--seed S] [--threads T] [--set PATH=VALUE]...\n"
    "                      [--max-turns K] [--json PATH|-]\n\n"
    "How strong each agent is, and which of the run's conclusions hold whoever plays.\n"
    "Plays every pair of agents head to head (N games, seats rotated, each agent in half\n"
    "the seats), prints the matrix of scores (wins + draws/2 over the games one of them\n"
    "won or drew, 95% Wilson intervals) and a Bradley-Terry rating per agent (Elo scale,\n"
    "the first agent at 0); then plays each agent against itself (M games) and prints\n"
    "the headline conclusions it gives: first-player advantage, seats, factions, the top\n"
    "and bottom entities. Rungs are ordered by rating; between consecutive rungs it prints\n"
    "the rank agreement (Kendall's tau) and the conclusions that change with skill, and checks\n"
    "each agent against the strongest: an order (seats, factions, entities) disagrees only\n"
    "where both agents' 95% intervals separate a pair the opposite way round (overlapping\n"
    "intervals are ties); the first side disagrees when significant both ways.\n\n";

// The ladder's options: its own, then the run options it shares (named in one help line).
const char* const kSharedRunOptions[] = {"--players", "--seed", "--threads", "--set", "--max-turns"};

const OptionTable& ladderTable() {
  static const OptionTable table = [] {
    OptionTable t{
        {.name = "--agents", .meta = "A,B,...", .help = "the rungs, e.g. random,greedy,planner,mcts:iters=200"},
        {.name = "--games", .type = OptionType::Int, .meta = "N", .help = "games per pairing (default 200)", .min = 1,
         .max = kMaxGames, .fallback = 200},
        {.name = "--self-games", .type = OptionType::Int, .meta = "M",
         .help = "games of each agent's own run (default: N)", .min = 1,
         .rangeError = "--self-games must be at least 1"},
        {.name = "--top", .type = OptionType::Int, .meta = "K",
         .help = "top and bottom entities listed per agent (default 3)", .min = 0, .max = 100, .fallback = 3,
         .rangeError = "--top must be between 0 and 100"},
        {.name = "--json", .meta = "PATH|-", .help = "the ladder document (matrix, ratings, conclusions, changes, runs)"},
    };
    for (const char* name : kSharedRunOptions) {
      OptionSpec shared = *runOptionTable().find(name);
      shared.help.clear();  // said once below: "as for balance run"
      t.add(shared);
    }
    return t;
  }();
  return table;
}

std::string ladderHelp() {
  std::string shared;
  for (const char* name : kSharedRunOptions) shared += (shared.empty() ? "" : ", ") + std::string(name);
  return ladderTable().help() + "  " + shared + ": as for balance run\n";
}

const char* kExitText =
    "exit: 0 ok, 1 the ruleset has problems or an output cannot be written, 2 usage error,\n"
    "130 cancelled (Ctrl-C: the partial result is printed)\n";

// What one `balance ladder` is asked to do, read and checked before the ruleset is loaded.
struct LadderSettings {
  RunOptions options;
  sim::LadderConfig config;  // self-play games and entities listed; agents and run once the ruleset is loaded
  std::string file;
  std::optional<std::string> json;
};

int readLadderSettings(const std::vector<std::string>& args, ArgParser& parser, LadderSettings& s,
                       const UsageError& usage) {
  std::string error;
  ladderTable().declare(parser);
  if (!parser.parse(args, error)) return usage(error);
  if (parser.positional().size() != 1) return usage("give one ruleset FILE");
  if (!parser.has("--agents")) return usage("give the rungs with --agents, e.g. --agents random,greedy,planner");
  if (!readRunOptions(parser, s.options, error, 200) || !ladderTable().check(parser, error)) return usage(error);
  s.config.selfPlayGames = static_cast<std::uint64_t>(ladderTable().integer(parser, "--self-games"));
  s.config.topEntities = static_cast<int>(ladderTable().integer(parser, "--top"));
  s.json = parser.value("--json");
  if (s.json && !checkOutputPath("--json", *s.json, error)) return usage(error);
  s.file = parser.positional().front();
  return kExitOk;
}

// The ruleset ready for the ladder: every agent plays it, so the player count is
// at least 2 and the agents are the rungs (not one per seat).
std::optional<model::Ruleset> loadLadderRuleset(LadderSettings& s, const ArgParser& parser, const UsageError& usage,
                                                CommandIo& io, int& code) {
  std::string path, error;
  code = kExitUsage;
  if (!resolveRulesetPath(s.file, path, error)) return usage(error), std::nullopt;
  auto ruleset = loadRulesetForCli(path, io);
  if (!ruleset) return code = kExitInvalid, std::nullopt;
  if (!checkOutputsApart("ladder", parser, rulesetInputs(*ruleset), io)) return std::nullopt;
  if (!applySets(*ruleset, s.options.sets, io)) return std::nullopt;
  sim::RunConfig& run = s.options.config;
  if (!s.options.playersGiven) run.players = std::max(2, ruleset->players.initial());
  if (run.players < ruleset->players.min || run.players > ruleset->players.max)
    return usage("--players " + std::to_string(run.players) + " is outside the ruleset's range " +
                 std::to_string(ruleset->players.min) + ".." + std::to_string(ruleset->players.max)),
           std::nullopt;
  code = kExitOk;
  return ruleset;
}

int runLadder(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  LadderSettings s;
  const UsageError usage("ladder", io);
  if (const int code = readLadderSettings(args, parser, s, usage)) return code;
  int code = kExitOk;
  auto ruleset = loadLadderRuleset(s, parser, usage, io, code);
  if (!ruleset) return code;
  std::unique_ptr<sim::Game> game = compileForCli(*ruleset, io);
  if (!game) return kExitInvalid;
  s.config.agents = s.options.config.agents;
  s.config.run = s.options.config;
  sim::LadderRunner ladder(*game, s.config);
  std::string error;
  if (!ladder.validate(error)) return usage(error);
  const bool bar = wantsProgressBar(io.err);
  if (bar)
    ladder.setProgressCallback([&io](const sim::LadderProgress& p) {
      drawProgressBar(io.err, p.gamesDone, p.gamesTotal, 0.0,
                      std::to_string(p.stage + 1) + "/" + std::to_string(p.stages) + " " + p.what + " ");
    });
  interrupt.watch(ladder);
  sim::LadderResult result = ladder.run();
  interrupt.unwatch();
  if (interrupt.interrupted()) result.cancelled = true;
  if (bar) clearProgressBar(io.err);
  if (!result.ok()) return UsageError("ladder", io, false)(result.error);
  return writeAndPrint("ladder", s.json, result.cancelled, [&] { return sim::ladderToJson(result); },
                       [&](std::ostream& out) { out << sim::ladderText(result, ruleset->id); }, io);
}

}  // namespace

WB_REGISTER_COMMAND(ladder, "ladder", "skill ladder: agents head to head, ratings, conclusions that change with skill",
                    std::string(kSynopsis) + ladderHelp() + "\n\n" + sim::agentHelp() + "\n" + kExitText, runLadder);

}  // namespace wb::app
