#include "app/cli/tune_options.h"

#include "app/cli/cli_format.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "simulation/agents/agent_factory.h"

namespace wb::app {
namespace {

const char* kSynopsis =
    "usage: balance tune RULESET [--targets FILE] [--set PATH=VALUE]... [--agents A]\n"
    "                            [--verify-agents B] [--budget GAMES] [--verify-games N]\n"
    "                            [--seed S] [--threads T] [--players P] [--max-turns K]\n"
    "                            [--strategy tuner|random|one-at-a-time|ntbea] [--no-guard]\n"
    "                            [--json OUT|-] [--write FILE]\n\n"
    "Automatic balancing: finds the fewest edits of the knobs that bring every target\n"
    "inside its band, and verifies them on fresh seeds. The targets file (or the\n"
    "ruleset's own `targets:` and `knobs:` sections when --targets is left out):\n\n"
    "  targets:\n"
    "    - {metric: first_side, min: 0.45, max: 0.55}\n"
    "    - {metric: \"faction:*\", min: 0.40, max: 0.60}\n"
    "    - {metric: \"impact:meteor_strike\", min: -3, max: 3}   # restricted-play lift, points\n"
    "    - {metric: timeouts, max: 0.05}\n"
    "    - {skill: [planner, greedy, random]}   # each beats the next: >= 0.55 head-to-head\n"
    "  knobs:                                  # default: every value the schema bounds\n"
    "    - {path: \"cards.*.cost\", values: [3, 7, 12, 18]}\n"
    "    - {path: parameters.starting_health, range: \"60:160:10\"}\n"
    "    - {path: cards.veto.cost, lock: true}\n\n"
    "Metrics: first_side, first_player, seat:K, team:N, faction:ID, agent:SPEC, length,\n"
    "timeouts, adjudicated, nobody_wins, draws, impact:ID, use:ID[:USE] (uses per game:\n"
    "acquired, played or triggered; default what the entity does most), use_games:ID[:USE]\n"
    "(share of games using it), diversity[:KIND] (effective number of entities of a kind in\n"
    "use); `*` for every seat, team, faction, agent, entity. A seat is `seat:K` counted\n"
    "from 0 (seat:0 is the first) or \"Seat N\" counted from 1 as every display writes it\n"
    "(\"Seat 1\" = seat:0). impact:ID is the entity's restricted-play lift in points,\n"
    "as `balance impact` measures it (a seat that may not acquire, play or use it):\n"
    "each block of the bank is played untreated and once per impact entity restricted.\n"
    "A skill matrix (`skill:` with agent specs, strongest first; 2 players) is one target\n"
    "per pair, skill:A>B: A's win rate against B in games of the two alone, seats\n"
    "alternated game by game; a band may be given (default min 0.55).\n"
    "Every candidate plays the same bank of games (common random numbers, seats\n"
    "rotated) paired with the starting ruleset; the answer is replayed on seeds the\n"
    "search never used. A target passes when its 95% interval lies inside its band,\n"
    "fails when it lies outside, and is undecided otherwise.\n\n"
    "The content guard (on by default; `guard:` in the targets file loosens or drops it):\n"
    "every entity the knobs reach keeps each use per game at least half its starting value,\n"
    "is not used in every game unless it was, and each kind's diversity does not fall\n"
    "below its starting interval; a proposal that breaks it is not a pass.\n\n";

// The tune command's options: the run options it takes, in its own words, and its own.
const OptionTable& tuneTable() {
  static const OptionTable table = [] {
    OptionTable t;
    t.add({.name = "RULESET", .type = OptionType::Positional, .help = "the ruleset's root YAML file (or its folder)"})
        .add({.name = "--targets", .meta = "FILE", .help = "targets and knobs (default: the ruleset's own sections)"})
        .add(runOption("--set", "change a value first: the starting point (repeatable)"))
        .add(runOption("--agents", "agents of the search (default: the engine's)", "A"))
        .add({.name = "--verify-agents", .meta = "B",
              .help = "agents of the verification (default: the engine's, the planner\n"
                      "where the engine declares it)"})
        // Below 1 is refused with its own message (the least game count the search needs comes later).
        .add({.name = "--budget", .type = OptionType::Int, .meta = "GAMES",
              .help = "games the search may play (default 20000; verification apart);\n"
                      "never passed. Below the least that screens every knob once\n"
                      "(printed) the tune is refused before any game, exit 2",
              .max = kMaxGames, .fallback = 20000})
        .add({.name = "--verify-games", .type = OptionType::Int, .meta = "N",
              .help = "games of each verification run (default: budget / 16; the\n"
                      "proposal and the starting ruleset each play them)",
              .min = 1, .max = kMaxGames})
        .add(runOption("--seed", "seed of the search's bank (default 1); verification uses its own"))
        .add(runOption("--threads", "worker threads (default: all cores; results do not depend on it)"))
        .add(runOption("--players", "player count (default: the ruleset's players.default or min)"))
        .add(runOption("--max-turns", "turn cap; capped games are timeouts"))
        .add({.name = "--strategy", .meta = "S",
              .help = "the search: tuner (default: screening, sensitivity model, racing,\n"
                      "backward elimination), or a peer for comparison at the same budget,\n"
                      "bank and verification: random (random edit sets of 1..3 edits, the\n"
                      "one that misses least kept) or one-at-a-time (each knob's values in\n"
                      "turn with the others at their best, improvements kept) or ntbea (the\n"
                      "N-tuple bandit evolutionary algorithm as TAG runs it: 1- and 2-tuples,\n"
                      "UCB, each evaluation on fresh seeds; its pick raced on the bank)"})
        .add({.name = "--no-guard", .type = OptionType::Switch, .help = "no content guard (as `guard: off`)"})
        .add({.name = "--json", .meta = "OUT|-", .help = "write the result document (data/schema/tune-result.md)"})
        .add({.name = "--write", .meta = "FILE",
              .help = "save the ruleset with the proposal's edits (layout and comments kept)"})
        // No line in --help: the search's block size (tests and benchmarks set it).
        .add({.name = "--block-games", .type = OptionType::Int, .min = 1, .max = 1'000'000})
        // Refused with the reason: the search's games are --budget.
        .add(runOption("--games", ""))
        .add(runOption("--until-ci", ""));
    t.helpColumn(21);
    return t;
  }();
  return table;
}

const char* kExitText =
    "exit: 0 the tune ran (any verdict), 1 the ruleset or targets have problems,\n"
    "      2 usage error, 130 interrupted (Ctrl-C)\n";

// --verify-agents: an agent list as --agents takes it.
bool readVerifyAgents(const ArgParser& parser, std::vector<std::string>& agents, std::string& error) {
  auto list = parser.value("--verify-agents");
  if (!list) return true;
  if (!sim::splitAgentList(*list, agents, error)) return (error = "--verify-agents: " + error, false);
  for (const auto& a : agents)
    if (!sim::isValidAgentSpec(a, error)) return (error = "--verify-agents: " + error, false);
  return true;
}

}  // namespace

std::string tuneHelp() {
  return std::string(kSynopsis) + tuneTable().help() + "\n" + sim::agentHelp() + "\n" + kExitText;
}

int readTuneSettings(const std::vector<std::string>& args, ArgParser& parser, TuneSettings& s, CommandIo& io) {
  const UsageError usage("tune", io, false);
  std::string error;
  tuneTable().declare(parser);
  if (!parser.parse(args, error)) return UsageError("tune", io)(error);
  if (parser.positional().size() != 1)
    return usage(std::string(parser.positional().empty() ? "no ruleset file given" : "give exactly one ruleset file") +
                 " (usage: balance tune RULESET --targets FILE [options])");
  for (const char* unused : {"--games", "--until-ci"})
    if (parser.has(unused)) return usage(std::string(unused) + " does not apply: give the search's games as --budget");
  if (!readRunOptions(parser, s.options, error) || !tuneTable().check(parser, error)) return usage(error);
  s.budget = tuneTable().integer(parser, "--budget");
  s.verifyGames = tuneTable().integer(parser, "--verify-games");
  s.blockGames = tuneTable().integer(parser, "--block-games");
  if (s.budget < 1) return usage("--budget must be at least 1 game, got " + *parser.value("--budget"));
  if (auto name = parser.value("--strategy"); name && !sim::parseTuneStrategy(*name, s.strategy))
    return usage("--strategy: unknown strategy '" + *name + "' (tuner, random, one-at-a-time or ntbea)");
  if (!readVerifyAgents(parser, s.verifyAgents, error)) return usage(error);
  // Every output is checked before the first game, so a bad path never costs a finished run.
  for (const char* option : {"--json", "--write"})
    if (auto out = parser.value(option); out && !checkOutputPath(option, *out, error)) return usage(error);
  s.file = parser.positional().front();
  s.targets = parser.value("--targets");
  s.json = parser.value("--json");
  s.write = parser.value("--write");
  s.guard = !parser.has("--no-guard");
  return kExitOk;
}

sim::TuneConfig tuneConfig(const TuneSettings& s, const sim::TuneSpec& spec) {
  sim::TuneConfig config;
  const sim::RunConfig& run = s.options.config;
  config.run.seed = run.seed;
  config.run.players = run.players;
  config.run.maxTurns = run.maxTurns;
  config.run.threads = run.threads;
  config.run.blockGames = static_cast<std::uint64_t>(s.blockGames);
  config.run.searchAgents = run.agents;
  config.run.verifyAgents = s.verifyAgents;
  config.budget = static_cast<std::uint64_t>(s.budget);
  config.verifyGames = static_cast<std::uint64_t>(s.verifyGames);
  config.strategy = s.strategy;
  config.guard = spec.guard;
  if (!s.guard) config.guard.on = false;
  return config;
}

}  // namespace wb::app
