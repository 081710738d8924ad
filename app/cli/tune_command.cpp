// `balance tune RULESET --targets FILE`: automatic balancing. The
// designer states targets (a metric and a band) and knobs (paths with finite
// domains); simulation/tune searches the fewest edits that meet every target on
// common random numbers and verifies the answer on fresh seeds. Prints the
// edits, each target's baseline and verified value with its interval and
// verdict, the alternatives with fewer edits and what they miss, and the games
// played; --json writes data/schema/tune-result.md, --write the patched ruleset
// (layout kept). Ctrl-C stops the search: the best proposal so far is printed
// (and written to --json) marked "interrupted", the ruleset is not written, exit 130.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdlib>
#include <csignal>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/output_paths.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "model/core/atomic_file.h"
#include "model/yaml/ruleset_writer.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_result_json.h"
#include "simulation/tune/tune_search.h"
#include "simulation/tune/tune_setup.h"
#include "simulation/tune/tune_spec.h"

namespace wb::app {
namespace {

constexpr int kExitInterrupted = 130;

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

std::string num(double v, int precision = 3) {
  if (!std::isfinite(v)) return v > 0 ? "inf" : "-inf";
  std::ostringstream os;
  os << std::fixed << std::setprecision(precision) << v;
  return os.str();
}

std::string reading(const sim::TargetReading& r, int precision) {
  return num(r.value.value, precision) + " [" + num(r.value.ci.lo, precision) + ", " + num(r.value.ci.hi, precision) + "]";
}

// The metric column's width: 24, or the name and a space (skill:A>B names are long).
int nameWidth(const std::string& name) { return std::max(24, static_cast<int>(name.size()) + 1); }

std::string agentsText(const std::vector<std::string>& a) {
  std::string out;
  for (const auto& s : a) out += (out.empty() ? "" : ",") + s;
  return out;
}

// The content guard: what it protected, and each number that broke its band
// (all of them with --verbose would be long: 69 cards have some 200).
void printGuard(std::ostream& out, const sim::TuneResult& r) {
  if (!r.guardOn) {
    out << "\ncontent guard: off\n";
    return;
  }
  if (r.guard.empty()) return;
  std::vector<std::string> entities;
  std::size_t breached = 0;
  for (const auto& g : r.guard) {
    if (g.target.metric.kind != sim::TuneMetric::Kind::Diversity &&
        std::find(entities.begin(), entities.end(), g.target.metric.id) == entities.end())
      entities.push_back(g.target.metric.id);
    breached += g.breached ? 1 : 0;
  }
  out << "\ncontent guard: " << r.guard.size() << " numbers of " << entities.size() << " entities";
  if (r.verdict == sim::TuneVerdict::Interrupted) {
    out << " (not verified)\n";
    return;
  }
  out << ", " << (breached ? std::to_string(breached) + " outside their band" : std::string("all inside their bands"))
      << " (fresh seeds)\n";
  for (const auto& g : r.guard) {
    const bool div = g.target.metric.kind == sim::TuneMetric::Kind::Diversity;
    if (!g.breached && !div) continue;
    const int p = 3;
    const std::string band = std::isfinite(g.target.min) && std::isfinite(g.target.max)
                                 ? "[" + num(g.target.min, p) + ", " + num(g.target.max, p) + "]"
                             : std::isfinite(g.target.max) ? "<= " + num(g.target.max, p)
                                                           : ">= " + num(g.target.min, p);
    out << "  " << std::left << std::setw(34) << g.target.metric.spec() << std::setw(16) << band
        << std::setw(28) << reading(g.baseline, p) << std::setw(28) << reading(g.verified, p)
        << (g.breached ? "outside" : "inside") << "\n" << std::right;
  }
}

void printResult(std::ostream& out, const sim::TuneResult& r) {
  out << r.ruleset << ": tune verdict " << sim::toString(r.verdict);
  if (r.strategy != sim::TuneStrategy::Tuner) out << " (strategy " << sim::toString(r.strategy) << ")";
  if (r.verdict == sim::TuneVerdict::Undecided && r.gamesToDecide > 0) {
    out << " (about ";
    if (r.gamesToDecide == UINT64_MAX) out << "unbounded";
    else out << r.gamesToDecide;
    out << " verification games would decide it: --verify-games)";
  }
  out << "\n\nedits";
  if (r.edits.empty()) out << ": none";
  out << "\n";
  for (const auto& e : r.editText)
    out << "  " << e.path << ": " << e.from << " -> " << e.to << " (" << (e.steps > 0 ? "+" : "") << e.steps << " step"
        << (std::abs(e.steps) == 1 ? "" : "s") << ")\n";
  const bool interrupted = r.verdict == sim::TuneVerdict::Interrupted;
  out << "\ntargets (" << (interrupted ? "on the search's games, not verified" : "fresh seeds, agents " + agentsText(r.verifyAgents))
      << "; 95% intervals)\n";
  out << std::left << std::setw(26) << "  metric" << std::setw(16) << "band" << std::setw(28) << "baseline"
      << std::setw(28) << "proposal" << "verdict\n";
  for (const auto& t : r.targets) {
    const int p = t.target.metric.isProportion() ? 3 : 1;
    const std::string name = t.target.metric.name();
    out << "  " << std::left << std::setw(nameWidth(name)) << name << std::setw(16) << t.target.bandText()
        << std::setw(28) << reading(t.baseline, p) << std::setw(28) << reading(t.verified, p)
        << (interrupted ? "-" : sim::toString(t.verified.verdict));
    if (t.verified.miss > 0) out << " (misses by " << num(t.verified.miss, p) << ")";
    if (!interrupted && r.verifyAgents != r.searchAgents && t.target.metric.kind == sim::TuneMetric::Kind::Agent)
      out << " (with the search agents " << agentsText(r.searchAgents) << ", the mix that defines it)";
    if (t.target.metric.isSkill())
      out << " (" << t.target.metric.id << " against " << t.target.metric.other << " alone, seats alternated)";
    out << "\n";
  }
  out << std::right;
  if (!interrupted && r.verifyAgents != r.searchAgents) {
    out << "\nwith the search agents (" << agentsText(r.searchAgents) << "), fresh seeds:\n";
    for (const auto& t : r.targets) {
      const int p = t.target.metric.isProportion() ? 3 : 1;
      const std::string name = t.target.metric.name();
      out << "  " << std::left << std::setw(nameWidth(name)) << name << std::setw(16) << t.target.bandText()
          << std::setw(28) << reading(t.baselineSearchAgents, p) << std::setw(28) << reading(t.verifiedSearchAgents, p)
          << sim::toString(t.verifiedSearchAgents.verdict) << "\n" << std::right;
    }
  }
  printGuard(out, r);
  if (!r.alternatives.empty()) {
    out << "\nalternatives with fewer edits (on the search's games):\n";
    for (const auto& a : r.alternatives) {
      out << "  ";
      if (a.text.empty()) out << "no edits";
      for (std::size_t i = 0; i < a.text.size(); ++i)
        out << (i ? ", " : "") << a.text[i].path << ": " << a.text[i].from << " -> " << a.text[i].to;
      out << (a.passes ? ": passes" : ": misses");
      bool first = true;
      for (std::size_t t = 0; t < a.targets.size() && t < r.targets.size(); ++t) {
        if (a.targets[t].verdict == sim::TargetVerdict::Pass) continue;
        const int p = r.targets[t].target.metric.isProportion() ? 3 : 1;
        out << (first ? " " : "; ") << r.targets[t].target.metric.name() << " " << num(a.targets[t].value.value, p)
            << " (" << (a.targets[t].miss > 0 ? "by " + num(a.targets[t].miss, p) : std::string("interval crosses the band")) << ")";
        first = false;
      }
      out << "\n";
    }
  }
  std::string steps;
  for (const auto& [phase, games] : r.phaseGames) steps += (steps.empty() ? "" : ", ") + phase + " " + std::to_string(games);
  out << "\ngames: " << r.searchGames << " search (budget " << r.budget << ", blocks of " << r.blockGames
      << (steps.empty() ? std::string() : "; " + steps) << "), " << r.verifyGames << " verification; agents: search " << agentsText(r.searchAgents) << ", verify "
      << agentsText(r.verifyAgents) << "; seed " << r.seed << "; " << r.knobs.size() << " knobs\n";
  out << "time: " << num(r.elapsedSeconds, 1) << " s\n";
  // A starting ruleset that passes needs no edit; otherwise the answer is
  // only as wide as what was tried, and says so.
  const bool passedAtStart = r.edits.empty() && r.searchPassed;
  if (!r.untried.empty() && !passedAtStart) {
    out << "not tried: " << r.untried.size() << " of " << r.knobs.size()
        << " knobs were never moved on the search's games (the budget ran out first; a larger --budget tries them):";
    for (std::size_t i = 0; i < r.untried.size() && i < 12; ++i) out << (i ? ", " : " ") << r.untried[i];
    if (r.untried.size() > 12) out << ", ... (all in --json: untried)";
    out << "\n";
  }
}

// What one `balance tune` is asked to do, read and checked before the ruleset is loaded.
struct TuneSettings {
  RunOptions options;
  std::string file, path;  // as given, and the root file it names
  std::optional<std::string> targets, json, write;
  long long budget = 20000, verifyGames = 0, blockGames = 0;
  sim::TuneStrategy strategy = sim::TuneStrategy::Tuner;
  std::vector<std::string> verifyAgents;  // empty: the engine's
  bool guard = true;
};

// --verify-agents: an agent list as --agents takes it.
bool readVerifyAgents(const ArgParser& parser, std::vector<std::string>& agents, std::string& error) {
  auto list = parser.value("--verify-agents");
  if (!list) return true;
  if (!sim::splitAgentList(*list, agents, error)) return (error = "--verify-agents: " + error, false);
  for (const auto& a : agents)
    if (!sim::isValidAgentSpec(a, error)) return (error = "--verify-agents: " + error, false);
  return true;
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
  if (!s.json || *s.json != "-") printResult(io.out, result);
  if (interrupted) {
    io.err << "balance tune: cancelled (interrupted); the best proposal so far is not verified"
           << (s.write ? " and the ruleset was not written" : "") << "\n";
    return kExitInterrupted;
  }
  return s.write ? writeTuned(*ruleset, setup.knobs, result, *s.write, io) : kExitOk;
}

}  // namespace

WB_REGISTER_COMMAND(tune, "tune", "automatic balancing: the fewest edits that meet the targets, verified on fresh seeds",
                    std::string(kSynopsis) + tuneTable().help() + "\n" + sim::agentHelp() + "\n" + kExitText, runTune);

}  // namespace wb::app
