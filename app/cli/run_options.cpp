#include "app/cli/run_options.h"

#include <algorithm>
#include <filesystem>

#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"

namespace wb::app {
namespace {

namespace fs = std::filesystem;

}  // namespace

const OptionTable& runOptionTable() {
  static const OptionTable table{
      {.name = "--games", .type = OptionType::Int, .meta = "N", .help = "games to play (per point / per side)",
       .min = 1, .max = kMaxGames, .fallback = 1000},
      {.name = "--seed", .type = OptionType::Int, .meta = "S",
       .help = "run seed (default 1): game i is seeded from (S, i)", .min = 0, .fallback = 1},
      {.name = "--threads", .type = OptionType::Int, .meta = "T",
       .help = "worker threads (default: all cores; results do not depend on it)", .min = 1, .max = sim::kMaxThreads},
      {.name = "--agents", .meta = "A,B,...",
       .help = "one agent for every seat, or one per seat (default: the\n"
               "engine's at the player count: planner on zoneplex, elem_master,\n"
               "element, elemenz at 2 and 4 players; greedy:answers=off on\n"
               "card_dice; else greedy)"},
      {.name = "--players", .type = OptionType::Int, .meta = "P",
       .help = "player count (default: the ruleset's players.default or min)", .min = 1, .max = kMaxPlayersOption},
      {.name = "--set", .meta = "PATH=VALUE", .help = "change a value first (repeatable)", .repeatable = true},
      {.name = "--max-turns", .type = OptionType::Int, .meta = "K", .help = "turn cap; capped games are timeouts",
       .min = 1, .max = kMaxTurnsOption},
      {.name = "--until-ci", .type = OptionType::Number, .meta = "X",
       .help = "play batches until every headline 95% half-width <= X (--games is the limit)"},
  };
  return table;
}

OptionSpec runOption(const std::string& name, std::string help, const std::string& meta) {
  OptionSpec spec = *runOptionTable().find(name);
  spec.help = std::move(help);
  if (!meta.empty()) spec.meta = meta;
  return spec;
}

std::string runOptionsHelp() { return "run options (as for balance run):\n" + runOptionTable().help(); }

void declareRunOptions(ArgParser& parser) { runOptionTable().declare(parser); }

bool readRunOptions(const ArgParser& parser, RunOptions& options, std::string& error, std::uint64_t defaultGames) {
  const OptionTable& table = runOptionTable();
  if (!table.check(parser, error)) return false;
  const double untilCi = table.number(parser, "--until-ci");
  if (parser.has("--until-ci") && !(untilCi > 0.0 && untilCi < 0.5)) {
    error = "--until-ci must be between 0 and 0.5 (e.g. 0.01 for +-1 point), got " + *parser.value("--until-ci");
    return false;
  }
  const long long games = table.integer(parser, "--games"), seed = table.integer(parser, "--seed"),
                  threads = table.integer(parser, "--threads"), players = table.integer(parser, "--players"),
                  maxTurns = table.integer(parser, "--max-turns");
  sim::RunConfig& c = options.config;
  options.gamesGiven = parser.has("--games");
  c.games = options.gamesGiven ? static_cast<std::uint64_t>(games) : (untilCi > 0 ? 100000 : defaultGames);
  c.seed = static_cast<std::uint64_t>(seed);
  c.threads = static_cast<int>(threads);
  c.maxTurns = static_cast<int>(maxTurns);
  c.untilCi = untilCi;
  options.playersGiven = parser.has("--players");
  if (options.playersGiven) c.players = static_cast<int>(players);
  c.agents = {sim::kDefaultAgent};  // replaced by the engine's default in finishRunOptions
  options.agentsGiven = parser.has("--agents");
  if (auto list = parser.value("--agents")) {
    std::vector<std::string> agents;
    if (!sim::splitAgentList(*list, agents, error)) {
      error = "--agents: " + error;
      return false;
    }
    c.agents = agents;
  }
  for (const auto& a : c.agents) {
    if (!sim::isValidAgentSpec(a, error)) {
      error = "--agents: " + error;
      return false;
    }
  }
  options.sets = parser.values("--set");
  return true;
}

bool finishRunOptions(RunOptions& options, const model::Ruleset& ruleset, std::string& error) {
  sim::RunConfig& c = options.config;
  if (!options.playersGiven) c.players = std::max(1, ruleset.players.initial());
  if (!options.agentsGiven) c.agents = {rulesets::defaultAgent(ruleset.engine, c.players)};
  if (c.players < ruleset.players.min || c.players > ruleset.players.max) {
    error = "--players " + std::to_string(c.players) + " is outside the ruleset's range " +
            std::to_string(ruleset.players.min) + ".." + std::to_string(ruleset.players.max);
    return false;
  }
  if (c.agents.size() != 1 && static_cast<int>(c.agents.size()) != c.players) {
    error = "--agents: " + std::to_string(c.agents.size()) + " agents for " + std::to_string(c.players) +
            " players (give one agent for every seat, or one per seat)";
    return false;
  }
  return true;
}

bool resolveRulesetPath(const std::string& given, std::string& path, std::string& error) {
  std::error_code ec;
  if (!fs::exists(given, ec)) {
    // A missing file is the loader's to report (`FILE: error: cannot open
    // file: ...`, exit 1), the same in every command.
    path = given;
    return true;
  }
  if (!fs::is_directory(given, ec)) {
    path = given;
    return true;
  }
  const fs::path dir(given);
  // The folder's own name, also for "." or "rules/" (the last named part of its full path).
  std::string name = fs::weakly_canonical(fs::absolute(dir, ec), ec).filename().string();
  if (name.empty()) name = dir.lexically_normal().filename().string();
  for (const char* ext : {".yaml", ".yml"}) {
    const fs::path candidate = dir / (name + ext);
    if (fs::is_regular_file(candidate, ec)) {
      path = candidate.string();
      return true;
    }
  }
  error = given + " is a folder without its root file " + name + ".yaml; give the ruleset's root file";
  return false;
}

}  // namespace wb::app
