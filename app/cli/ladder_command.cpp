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

const char* kUsage =
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
    "intervals are ties); the first side disagrees when significant both ways.\n\n"
    "  --agents A,B,...  the rungs, e.g. random,greedy,planner,mcts:iters=200\n"
    "  --games N         games per pairing (default 200)\n"
    "  --self-games M    games of each agent's own run (default: N)\n"
    "  --top K           top and bottom entities listed per agent (default 3)\n"
    "  --json PATH|-     the ladder document (matrix, ratings, conclusions, changes, runs)\n"
    "  --players, --seed, --threads, --set, --max-turns: as for balance run\n\n";

const char* kExitText =
    "exit: 0 ok, 1 the ruleset has problems or an output cannot be written, 2 usage error,\n"
    "130 cancelled (Ctrl-C: the partial result is printed)\n";

int runLadder(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser parser;
  parser.option("--games").option("--self-games").option("--top").option("--seed").option("--threads")
      .option("--agents").option("--players").option("--set", true).option("--max-turns").option("--json");
  std::string error;
  auto usage = [&](const std::string& message) {
    io.err << "balance ladder: " << message << " (see balance ladder --help)\n";
    return kExitUsage;
  };
  if (!parser.parse(args, error)) return usage(error);
  if (parser.positional().size() != 1) return usage("give one ruleset FILE");
  if (!parser.has("--agents")) return usage("give the rungs with --agents, e.g. --agents random,greedy,planner");
  RunOptions options;
  if (!readRunOptions(parser, options, error, 200)) return usage(error);
  long long selfGames = 0, top = 3;
  if (!parser.intValue("--self-games", selfGames, error) || !parser.intValue("--top", top, error)) return usage(error);
  if (parser.has("--self-games") && selfGames < 1) return usage("--self-games must be at least 1");
  if (top < 0 || top > 100) return usage("--top must be between 0 and 100");
  if (auto json = parser.value("--json"); json && !checkOutputPath("--json", *json, error)) return usage(error);

  std::string path;
  if (!resolveRulesetPath(parser.positional().front(), path, error)) return usage(error);
  auto ruleset = loadRulesetForCli(path, io);
  if (!ruleset) return kExitInvalid;
  if (!checkOutputsApart("ladder", parser, rulesetInputs(*ruleset), io)) return kExitUsage;
  if (!applySets(*ruleset, options.sets, io)) return kExitUsage;
  sim::RunConfig& run = options.config;
  if (!options.playersGiven) run.players = std::max(2, ruleset->players.initial());
  if (run.players < ruleset->players.min || run.players > ruleset->players.max)
    return usage("--players " + std::to_string(run.players) + " is outside the ruleset's range " +
                 std::to_string(ruleset->players.min) + ".." + std::to_string(ruleset->players.max));
  model::Diagnostics diags;
  std::unique_ptr<sim::Game> game = rulesets::builtinEngines().compile(*ruleset, diags);
  io.err << diags.format();
  if (!game) return kExitInvalid;

  sim::LadderConfig config;
  config.agents = run.agents;
  config.run = run;
  config.selfPlayGames = static_cast<std::uint64_t>(selfGames);
  config.topEntities = static_cast<int>(top);
  sim::LadderRunner ladder(*game, config);
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
  if (!result.ok()) {
    io.err << "balance ladder: " << result.error << "\n";
    return kExitUsage;
  }
  const auto json = parser.value("--json");
  const bool jsonToStdout = json && *json == "-";
  const bool written = !json || writeJsonOutput(io.out, io.err, "ladder", *json, sim::ladderToJson(result), !result.cancelled);
  if (!jsonToStdout) io.out << sim::ladderText(result, ruleset->id);  // also when the file could not be written
  if (result.cancelled) {
    io.err << "balance ladder: cancelled\n";
    return kExitCancelled;
  }
  return written ? kExitOk : kExitInvalid;
}

}  // namespace

WB_REGISTER_COMMAND(ladder, "ladder", "skill ladder: agents head to head, ratings, conclusions that change with skill",
                    std::string(kUsage) + "\n" + sim::agentHelp() + "\n" + kExitText, runLadder);

}  // namespace wb::app
