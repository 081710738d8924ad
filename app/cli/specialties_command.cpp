// `balance specialties FILE`: the faction (specialty) balance question for a
// two-player game with factions, e.g. Elem Master's 16 specialties. Every
// faction plays the baseline faction (no specialty) for --games games, seats
// alternating, then (with --matrix-games > 0) every pair of factions meets in a
// round robin. Prints the ranking against the baseline with 95% Wilson
// intervals, the share of games the engine adjudicated (State::adjudicated(): a
// cap or rule of its own, not the game's rules), and each faction's power uses per
// game (the sum of its seat's "power_*" engine counters, Game::counterIds()),
// then the round-robin score and the matrix. Game i of a pairing is seeded from
// (seed, pairing, i), so results do not depend on --threads. One game is a
// faction duel (simulation/factions/faction_duel.h), the measure the tuner's
// faction:ID targets share; the experiment is sim::runSpecialties
// (simulation/factions/specialties.h), the one the workbench's Specialties tab runs.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <iomanip>
#include <memory>
#include <ostream>
#include <sstream>
#include <thread>

#include "app/cli/arg_parser.h"
#include "app/cli/cli_format.h"
#include "app/cli/command.h"
#include "app/cli/command_steps.h"
#include "app/cli/option_table.h"
#include "app/cli/interrupt_scope.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/core/rng.h"
#include "simulation/factions/specialties.h"
#include "simulation/factions/specialties_json.h"
#include "simulation/stats/statistics.h"

namespace wb::app {
namespace {

const char* kSynopsis =
    "usage: balance specialties FILE [--games N] [--matrix-games M] [--agents A[,B]]\n"
    "                              [--baseline FACTION] [--seed S] [--threads T]\n"
    "                              [--max-turns K] [--set PATH=VALUE]... [--json PATH|-]\n\n"
    "Faction (specialty) balance for 2 players: each faction against the baseline\n"
    "faction for N games (seats alternate), ranked by win rate with 95% Wilson\n"
    "intervals (a draw counts half); then, if M > 0, a round robin of M games per\n"
    "pair with each faction's mean score and the row-vs-column win-rate matrix.\n\n";

// The specialties command's options: the run options it takes, in its own words, and its own.
const OptionTable& specialtiesTable() {
  static const OptionTable table = [] {
    OptionTable t;
    t.add(runOption("--games", "games per faction against the baseline (default 500)"))
        .add({.name = "--matrix-games", .type = OptionType::Int, .meta = "M",
              .help = "games per pair in the round robin (default 0: skip)", .min = 0, .max = kMaxGames})
        .add(runOption("--agents", "agent spec(s) for both seats (default: the engine's,\nas for balance run)", "A[,B]"))
        .add({.name = "--baseline", .meta = "FACTION",
              .help = "the reference faction (default: the first, e.g. mage_none)"})
        .add(runOption("--seed", "run seed (default 1)"))
        .add(runOption("--threads", "worker threads (default: all cores)"))
        .add(runOption("--max-turns", "turn cap (default: the game's)"))
        .add(runOption("--set", "change a value first (repeatable)"))
        .add({.name = "--json", .meta = "PATH|-",
              .help = "the result as JSON (every tally, the ranking, the round robin;\n"
                      "the same for any --threads and ranks); - for stdout, then\n"
                      "the table is not printed"})
        .add(runOption("--players", ""))    // refused unless 2: said in the description
        .add(runOption("--until-ci", ""));  // refused: said when given
    t.helpColumn(22);
    return t;
  }();
  return table;
}

const char* kClosing =
    "The numbers have the bounds of every command (balance run --help).\n\n"
    "exit: 0 ok, 1 the ruleset has problems or an output cannot be written, 2 usage error (a --checkpoint\n"
    "of another command too), 130 cancelled (Ctrl-C: the partial table is printed)\n";

std::string pct(double x) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(1) << 100.0 * x;
  return os.str();
}

// The faction's id as the ruleset spells it, the name tune (faction:ID),
// --baseline and the JSON documents take: one name per thing.
std::string shortName(const std::string& id) { return id; }

void printTable(std::ostream& out, const sim::SpecialtiesResult& result, const model::Ruleset& ruleset,
                const std::vector<std::string>& factions, int baseline, const std::vector<std::string>& specs,
                long long games, long long matrixGames, std::uint64_t seed, bool cancelled);

// What one `balance specialties` is asked to do, read and checked before the ruleset is loaded.
struct SpecialtiesSettings {
  RunOptions options;
  long long matrixGames = 0;
  std::string file;
  std::optional<std::string> json, baseline;
};

int readSpecialtiesSettings(const std::vector<std::string>& args, ArgParser& ap, SpecialtiesSettings& s,
                            const UsageError& usage) {
  std::string error;
  specialtiesTable().declare(ap);
  if (!ap.parse(args, error)) return usage(error);
  if (ap.positional().size() != 1) return usage("give exactly one ruleset file");
  if (!readRunOptions(ap, s.options, error, 500)) return usage(error);
  if (ap.has("--until-ci")) return usage("--until-ci is not available for specialties (give --games)");
  if (ap.has("--players") && s.options.config.players != 2)
    return usage("specialties compares factions in 2-player games, got --players " + *ap.value("--players"));
  if (!specialtiesTable().check(ap, error)) return usage(error);
  s.matrixGames = specialtiesTable().integer(ap, "--matrix-games");
  if (s.options.agentsGiven && s.options.config.agents.size() > 2)
    return usage("--agents: one agent for both seats, or one per seat (2)");
  s.json = ap.value("--json");
  if (s.json && !checkOutputPath("--json", *s.json, error)) return usage(error);
  s.baseline = ap.value("--baseline");
  s.file = ap.positional().front();
  return kExitOk;
}

// The settings as the specialties runner takes them, for `factions` of the compiled game.
bool specialtiesConfig(const SpecialtiesSettings& s, const std::vector<std::string>& factions,
                       sim::SpecialtiesConfig& config, CommandIo& io) {
  int baseline = 0;
  if (s.baseline) {
    auto it = std::find(factions.begin(), factions.end(), *s.baseline);
    if (it == factions.end()) {
      io.err << "balance specialties: unknown faction '" << *s.baseline << "'\n";
      return false;
    }
    baseline = static_cast<int>(it - factions.begin());
  }
  const sim::RunConfig& run = s.options.config;
  config.games = run.games;
  config.matrixGames = static_cast<std::uint64_t>(s.matrixGames);
  config.agents = run.agents;
  config.seed = run.seed;
  config.baseline = baseline;
  config.maxTurns = run.maxTurns;
  config.threads = run.threads > 0 ? run.threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  return true;
}

int runSpecialties(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  ArgParser ap;
  SpecialtiesSettings s;
  const UsageError usage("specialties", io);
  if (const int code = readSpecialtiesSettings(args, ap, s, usage)) return code;
  std::string path, error;
  if (!resolveRulesetPath(s.file, path, error)) return usage(error);
  auto ruleset = loadRulesetForCli(path, io);
  if (!ruleset) return kExitInvalid;
  if (!applySets(*ruleset, s.options.sets, io)) return kExitUsage;
  if (!s.options.agentsGiven) s.options.config.agents = {rulesets::defaultAgent(ruleset->engine, 2)};  // 2-player games
  std::unique_ptr<sim::Game> game = compileForCli(*ruleset, io);
  if (!game) return kExitInvalid;
  const std::vector<std::string> factions = game->factions();
  if (factions.size() < 2) {
    io.err << "balance specialties: the game has no factions to compare (are specialties enabled?)\n";
    return kExitInvalid;
  }
  sim::SpecialtiesConfig config;
  if (!specialtiesConfig(s, factions, config, io)) return kExitUsage;
  const std::atomic<bool>& cancel = InterruptScope::flag();  // the pairings poll it: Ctrl-C stops them
  const sim::SpecialtiesResult result = sim::runSpecialties(*game, config, cancel);
  // The ruleset's problems are reported above; what is left is the run's
  // own (a checkpoint of another command, a lost rank): a usage error.
  if (!result.ok()) return UsageError("specialties", io, false)(result.error);
  const bool cancelled = cancel.load();
  const auto print = [&](std::ostream& out) {
    printTable(out, result, *ruleset, factions, config.baseline, config.agents, static_cast<long long>(config.games),
               s.matrixGames, config.seed, cancelled);
  };
  return writeAndPrint("specialties", s.json, cancelled,
                       [&] { return sim::specialtiesToJson(result, game->engine()); }, print, io);
}

void printTable(std::ostream& out, const sim::SpecialtiesResult& result, const model::Ruleset& ruleset,
                const std::vector<std::string>& factions, int baseline, const std::vector<std::string>& specs,
                long long games, long long matrixGames, std::uint64_t seed, bool cancelled) {
  const int nThreads = result.config.threads;
  const int cap = result.config.maxTurns;
  out << ruleset.id << ": each faction vs " << factions[static_cast<std::size_t>(baseline)] << ", " << games
      << " games each, agents";
  for (const auto& s : specs) out << " " << s;
  out << ", seed " << seed << (cancelled ? "  [CANCELLED: partial results]" : "") << "\n\n";
  out << std::left << std::setw(24) << "rank  faction" << std::right << std::setw(8) << "games" << std::setw(10)
      << "win rate" << "  95% CI          verdict   adjud.  powers/game  turns\n";
  int rank = 0;
  sim::SpecialtyTally all;
  for (const sim::SpecialtyPairing& p : result.vsBaseline) {
    const sim::SpecialtyTally& t = p.tally;
    if (t.games == 0) continue;  // cancelled before it was played
    const double rate = t.rate();
    const sim::Interval ci = t.interval();
    const char* verdict = ci.lo > 0.5 ? "stronger" : ci.hi < 0.5 ? "weaker" : "fair";
    std::ostringstream name;
    name << std::setw(4) << ++rank << "  " << shortName(factions[static_cast<std::size_t>(p.a)]);
    out << std::left << std::setw(24) << name.str() << std::right << std::setw(8) << t.games << std::setw(9)
           << pct(rate) << "%  [" << std::setw(5) << pct(ci.lo) << ", " << std::setw(5) << pct(ci.hi) << "]  "
           << std::left << std::setw(9) << verdict << std::right << std::setw(6)
           << pct(static_cast<double>(t.adjudicated) / static_cast<double>(t.games)) << "%" << std::setw(13)
           << std::fixed << std::setprecision(2);
    if (result.powersCounted) out << t.powerUses / static_cast<double>(t.games);
    else out << "-";
    out << std::setw(7) << std::setprecision(0) << t.turns / static_cast<double>(t.games) << "\n";
    all.games += t.games;
    all.adjudicated += t.adjudicated;
    all.capped += t.capped;
  }
  out << "\nadjudicated by the engine (its own cap or rule): " << all.adjudicated << " of " << all.games << " games ("
      << pct(static_cast<double>(all.adjudicated) / static_cast<double>(std::max<std::uint64_t>(1, all.games)))
      << "%); not ended within " << cap << " turns (a draw here): " << all.capped << "\n";
  if (!result.powersCounted)
    out << "powers/game: - (the game counts no power uses: no \"power_*\" counters)\n";

  std::uint64_t roundRobinPlayed = 0;
  if (!result.roundRobin.empty()) {
    for (const sim::SpecialtyPairing& p : result.roundRobin) roundRobinPlayed += p.tally.games;
    const std::vector<int> order = result.roundRobinOrder();
    out << "\nround robin: " << matrixGames << " games per pair, " << result.roundRobin.size() << " pairs\n\n";
    out << std::left << std::setw(24) << "rank  faction" << std::right << std::setw(8) << "games" << std::setw(10)
           << "score" << "  95% CI\n";
    rank = 0;
    for (int f : order) {
      const sim::SpecialtyTally t = result.roundRobinOf(f);
      if (t.games == 0) continue;  // cancelled before it played
      const double rate = t.score / static_cast<double>(std::max<std::uint64_t>(1, t.games));
      const sim::Interval ci = t.interval();
      std::ostringstream name;
      name << std::setw(4) << ++rank << "  " << shortName(factions[static_cast<std::size_t>(f)]);
      out << std::left << std::setw(24) << name.str() << std::right << std::setw(8) << t.games << std::setw(9)
          << pct(rate) << "%  [" << std::setw(5) << pct(ci.lo) << ", " << std::setw(5) << pct(ci.hi) << "]\n";
    }
    out << "\nmatrix: row's win rate (%) against column\n" << std::setw(18) << "";
    for (int f : order) out << std::setw(5) << shortName(factions[static_cast<std::size_t>(f)]).substr(0, 4);
    out << "\n";
    for (int r : order) {
      out << std::left << std::setw(18) << shortName(factions[static_cast<std::size_t>(r)]) << std::right;
      for (int c : order) {
        const double v = result.matrixScore(r, c);
        out << std::setw(5) << (v < 0 ? std::string("-") : std::to_string(static_cast<int>(std::lround(100 * v))));
      }
      out << "\n";
    }
  }
  const double secs = result.elapsedSeconds;
  const std::uint64_t played = all.games + roundRobinPlayed;
  out << "\nelapsed " << std::fixed << std::setprecision(1) << secs << " s, " << played << " games, "
      << std::setprecision(0) << static_cast<double>(played) / std::max(1e-9, secs) << " games/s (" << nThreads
      << " threads)\n";
}

}  // namespace

WB_REGISTER_COMMAND(specialties, "specialties",
                    "faction / specialty balance: each vs a baseline and a round-robin matrix",
                    std::string(kSynopsis) + specialtiesTable().help() + kClosing, runSpecialties);

}  // namespace wb::app
