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
// faction:ID targets share.
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
#include "app/cli/command.h"
#include "app/cli/interrupt_scope.h"
#include "app/cli/ruleset_input.h"
#include "app/cli/run_options.h"
#include "rulesets/engine_catalog.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/core/rng.h"
#include "simulation/factions/faction_duel.h"
#include "simulation/stats/statistics.h"

namespace wb::app {
namespace {

const char* kUsage =
    "usage: balance specialties FILE [--games N] [--matrix-games M] [--agents A[,B]]\n"
    "                              [--baseline FACTION] [--seed S] [--threads T]\n"
    "                              [--max-turns K] [--set PATH=VALUE]...\n\n"
    "Faction (specialty) balance for 2 players: each faction against the baseline\n"
    "faction for N games (seats alternate), ranked by win rate with 95% Wilson\n"
    "intervals (a draw counts half); then, if M > 0, a round robin of M games per\n"
    "pair with each faction's mean score and the row-vs-column win-rate matrix.\n\n"
    "  --games N           games per faction against the baseline (default 500)\n"
    "  --matrix-games M    games per pair in the round robin (default 0: skip)\n"
    "  --agents A[,B]      agent spec(s) for both seats (default: the engine's,\n"
    "                      as for balance run)\n"
    "  --baseline FACTION  the reference faction (default: the first, e.g. mage_none)\n"
    "  --seed S            run seed (default 1)\n"
    "  --threads T         worker threads (default: all cores)\n"
    "  --max-turns K       turn cap (default: the game's)\n"
    "  --set PATH=VALUE    change a value first (repeatable)\n"
    "The numbers have the bounds of every command (balance run --help).\n\n"
    "exit: 0 ok, 1 the ruleset has problems, 2 usage error, 130 cancelled (Ctrl-C: the partial table is printed)\n";

struct Tally {
  std::uint64_t games = 0;
  double score = 0.0;  // wins + draws / 2 of the first faction
  std::uint64_t adjudicated = 0;  // ended by the engine's own cap or rule
  std::uint64_t capped = 0;       // not ended by the --max-turns cap (a draw here)
  double powerUses = 0.0;         // the first faction's "power_*" counters, summed
  double turns = 0.0;
};

struct Pairing {
  int a = 0, b = 0;
  Tally t;
};

// Plays every pairing's games on `threads` threads. Each thread sums its own
// tallies (memory does not grow with the games: --games 1e9 runs in the same
// few bytes); the sums are of halves and whole numbers, exact in a double, so
// the merged result is the same for any thread count. Stops early when
// `cancel` is set (Ctrl-C): the tallies then hold the games finished.
void playPairings(const sim::Game& game, std::vector<Pairing>& pairings, std::uint64_t gamesEach,
                  const std::vector<std::string>& specs, std::uint64_t seed, int cap, int threads,
                  std::uint64_t seedSalt, const std::atomic<bool>& cancel) {
  const std::uint64_t total = pairings.size() * gamesEach;
  std::atomic<std::uint64_t> next{0};
  std::vector<std::vector<Tally>> perThread(static_cast<std::size_t>(threads), std::vector<Tally>(pairings.size()));
  auto work = [&](std::vector<Tally>& tallies) {
    for (std::uint64_t i = next++; i < total && !cancel.load(std::memory_order_relaxed); i = next++) {
      const Pairing& p = pairings[i / gamesEach];
      const std::uint64_t g = i % gamesEach;
      const std::uint64_t gameSeed = sim::deriveSeed(seed ^ seedSalt, (i / gamesEach) * 1000003ULL + g, 0);
      const sim::FactionDuelOutcome o =
          sim::playFactionDuel(game, p.a, p.b, static_cast<int>(g % 2), specs, gameSeed, cap);
      Tally& t = tallies[i / gamesEach];
      t.games++;
      t.score += o.score;
      t.adjudicated += o.adjudicated ? 1 : 0;
      t.capped += o.capped ? 1 : 0;
      t.powerUses += o.powerUses;
      t.turns += o.turns;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work, std::ref(perThread[static_cast<std::size_t>(t)]));
  work(perThread[0]);
  for (auto& th : pool) th.join();
  for (const auto& tallies : perThread) {
    for (std::size_t k = 0; k < pairings.size(); ++k) {
      Tally& t = pairings[k].t;
      t.games += tallies[k].games;
      t.score += tallies[k].score;
      t.adjudicated += tallies[k].adjudicated;
      t.capped += tallies[k].capped;
      t.powerUses += tallies[k].powerUses;
      t.turns += tallies[k].turns;
    }
  }
}

// A share that is "-" for no games (a cancelled run's untouched pairings).
double per(double x, std::uint64_t games) { return games ? x / static_cast<double>(games) : 0.0; }

std::string pct(double x) {
  std::ostringstream os;
  os << std::fixed << std::setprecision(1) << 100.0 * x;
  return os.str();
}

std::string shortName(const std::string& id) { return id.rfind("mage_", 0) == 0 ? id.substr(5) : id; }

int runSpecialties(const std::vector<std::string>& args, CommandIo& io) {
  InterruptScope interrupt;
  // The run options of every command (run_options.h): the same parser and bounds.
  ArgParser ap;
  declareRunOptions(ap);
  ap.option("--matrix-games").option("--baseline");
  std::string error;
  auto usage = [&](const std::string& message) {
    io.err << "balance specialties: " << message << " (see balance specialties --help)\n";
    return kExitUsage;
  };
  if (!ap.parse(args, error)) return usage(error);
  if (ap.positional().size() != 1) return usage("give exactly one ruleset file");
  RunOptions options;
  if (!readRunOptions(ap, options, error, 500)) return usage(error);
  if (ap.has("--until-ci")) return usage("--until-ci is not available for specialties (give --games)");
  if (ap.has("--players") && options.config.players != 2)
    return usage("specialties compares factions in 2-player games, got --players " + *ap.value("--players"));
  long long matrixGames = 0;
  if (!ap.intValue("--matrix-games", matrixGames, error, 0, kMaxGames)) return usage(error);
  if (options.agentsGiven && options.config.agents.size() > 2)
    return usage("--agents: one agent for both seats, or one per seat (2)");
  const long long games = static_cast<long long>(options.config.games);
  const std::uint64_t seed = options.config.seed;
  const int threads = options.config.threads;
  const int maxTurns = options.config.maxTurns;
  std::vector<std::string> specs = options.config.agents;

  std::string path;
  if (!resolveRulesetPath(ap.positional().front(), path, error)) return usage(error);
  auto ruleset = loadRulesetForCli(path, io);
  if (!ruleset) return kExitInvalid;
  if (!applySets(*ruleset, options.sets, io)) return kExitUsage;
  if (!options.agentsGiven) specs = {rulesets::defaultAgent(ruleset->engine)};
  model::Diagnostics diags;
  std::unique_ptr<sim::Game> game = rulesets::builtinEngines().compile(*ruleset, diags);
  io.err << diags.format();
  if (!game) return kExitInvalid;
  const std::vector<std::string> factions = game->factions();
  if (factions.size() < 2) {
    io.err << "balance specialties: the game has no factions to compare (are specialties enabled?)\n";
    return kExitInvalid;
  }
  int baseline = 0;
  if (auto b = ap.value("--baseline")) {
    auto it = std::find(factions.begin(), factions.end(), *b);
    if (it == factions.end()) {
      io.err << "balance specialties: unknown faction '" << *b << "'\n";
      return kExitUsage;
    }
    baseline = static_cast<int>(it - factions.begin());
  }
  const int nThreads = threads > 0 ? static_cast<int>(threads)
                                   : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const int cap = maxTurns > 0 ? static_cast<int>(maxTurns) : game->defaultMaxTurns();
  const int F = static_cast<int>(factions.size());
  const auto start = std::chrono::steady_clock::now();

  std::vector<Pairing> vsBase;
  for (int f = 0; f < F; ++f)
    if (f != baseline) vsBase.push_back(Pairing{f, baseline, {}});
  const std::atomic<bool>& cancel = InterruptScope::flag();  // the pairings poll it: Ctrl-C stops them
  playPairings(*game, vsBase, static_cast<std::uint64_t>(games), specs, seed, cap, nThreads, 0, cancel);
  std::sort(vsBase.begin(), vsBase.end(), [](const Pairing& x, const Pairing& y) {
    return per(x.t.score, x.t.games) > per(y.t.score, y.t.games);
  });
  io.out << ruleset->id << ": each faction vs " << factions[static_cast<std::size_t>(baseline)] << ", " << games
         << " games each, agents";
  for (const auto& s : specs) io.out << " " << s;
  io.out << ", seed " << seed << (cancel.load() ? "  [CANCELLED: partial results]" : "") << "\n\n";
  io.out << std::left << std::setw(24) << "rank  faction" << std::right << std::setw(8) << "games" << std::setw(10)
         << "win rate" << "  95% CI          verdict   adjud.  powers/game  turns\n";
  int rank = 0;
  Tally all;
  for (const Pairing& p : vsBase) {
    if (p.t.games == 0) continue;  // cancelled before it was played
    const double rate = p.t.score / static_cast<double>(p.t.games);
    const sim::Interval ci = sim::wilsonInterval(static_cast<std::uint64_t>(std::llround(p.t.score)), p.t.games);
    const char* verdict = ci.lo > 0.5 ? "stronger" : ci.hi < 0.5 ? "weaker" : "fair";
    std::ostringstream name;
    name << std::setw(4) << ++rank << "  " << shortName(factions[static_cast<std::size_t>(p.a)]);
    io.out << std::left << std::setw(24) << name.str() << std::right << std::setw(8) << p.t.games << std::setw(9)
           << pct(rate) << "%  [" << std::setw(5) << pct(ci.lo) << ", " << std::setw(5) << pct(ci.hi) << "]  "
           << std::left << std::setw(9) << verdict << std::right << std::setw(6)
           << pct(static_cast<double>(p.t.adjudicated) / static_cast<double>(p.t.games)) << "%" << std::setw(13)
           << std::fixed << std::setprecision(2) << p.t.powerUses / static_cast<double>(p.t.games) << std::setw(7)
           << std::setprecision(0) << p.t.turns / static_cast<double>(p.t.games) << "\n";
    all.games += p.t.games;
    all.adjudicated += p.t.adjudicated;
    all.capped += p.t.capped;
  }
  io.out << "\nadjudicated by the engine (its own cap or rule): " << all.adjudicated << " of " << all.games << " games ("
         << pct(static_cast<double>(all.adjudicated) / static_cast<double>(std::max<std::uint64_t>(1, all.games)))
         << "%); not ended within " << cap << " turns (a draw here): " << all.capped << "\n";

  std::uint64_t roundRobinPlayed = 0;
  if (matrixGames > 0 && !cancel.load()) {
    std::vector<Pairing> rr;
    for (int a = 0; a < F; ++a)
      for (int b = a + 1; b < F; ++b)
        if (a != baseline && b != baseline) rr.push_back(Pairing{a, b, {}});
    playPairings(*game, rr, static_cast<std::uint64_t>(matrixGames), specs, seed, cap, nThreads, 0x5151ULL, cancel);
    std::vector<std::vector<double>> m(static_cast<std::size_t>(F), std::vector<double>(static_cast<std::size_t>(F), -1));
    std::vector<double> total(static_cast<std::size_t>(F), 0.0);
    std::vector<std::uint64_t> count(static_cast<std::size_t>(F), 0);
    for (const Pairing& p : rr) {
      if (p.t.games == 0) continue;  // cancelled before it was played
      roundRobinPlayed += p.t.games;
      const double r = p.t.score / static_cast<double>(p.t.games);
      m[static_cast<std::size_t>(p.a)][static_cast<std::size_t>(p.b)] = r;
      m[static_cast<std::size_t>(p.b)][static_cast<std::size_t>(p.a)] = 1.0 - r;
      total[static_cast<std::size_t>(p.a)] += p.t.score;
      total[static_cast<std::size_t>(p.b)] += static_cast<double>(p.t.games) - p.t.score;
      count[static_cast<std::size_t>(p.a)] += p.t.games;
      count[static_cast<std::size_t>(p.b)] += p.t.games;
    }
    std::vector<int> order;
    for (int f = 0; f < F; ++f)
      if (f != baseline) order.push_back(f);
    std::sort(order.begin(), order.end(), [&](int x, int y) {
      return total[static_cast<std::size_t>(x)] / static_cast<double>(std::max<std::uint64_t>(1, count[static_cast<std::size_t>(x)])) >
             total[static_cast<std::size_t>(y)] / static_cast<double>(std::max<std::uint64_t>(1, count[static_cast<std::size_t>(y)]));
    });
    io.out << "\nround robin: " << matrixGames << " games per pair, " << rr.size() << " pairs\n\n";
    io.out << std::left << std::setw(24) << "rank  faction" << std::right << std::setw(8) << "games" << std::setw(10)
           << "score" << "  95% CI\n";
    rank = 0;
    for (int f : order) {
      const std::size_t i = static_cast<std::size_t>(f);
      if (count[i] == 0) continue;  // cancelled before it played
      const double rate = total[i] / static_cast<double>(std::max<std::uint64_t>(1, count[i]));
      const sim::Interval ci = sim::wilsonInterval(static_cast<std::uint64_t>(std::llround(total[i])), count[i]);
      std::ostringstream name;
      name << std::setw(4) << ++rank << "  " << shortName(factions[i]);
      io.out << std::left << std::setw(24) << name.str() << std::right << std::setw(8) << count[i] << std::setw(9)
             << pct(rate) << "%  [" << std::setw(5) << pct(ci.lo) << ", " << std::setw(5) << pct(ci.hi) << "]\n";
    }
    io.out << "\nmatrix: row's win rate (%) against column\n" << std::setw(18) << "";
    for (int f : order) io.out << std::setw(5) << shortName(factions[static_cast<std::size_t>(f)]).substr(0, 4);
    io.out << "\n";
    for (int r : order) {
      io.out << std::left << std::setw(18) << shortName(factions[static_cast<std::size_t>(r)]) << std::right;
      for (int c : order) {
        const double v = m[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
        io.out << std::setw(5) << (v < 0 ? std::string("-") : std::to_string(static_cast<int>(std::lround(100 * v))));
      }
      io.out << "\n";
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::uint64_t played = all.games + roundRobinPlayed;
  io.out << "\nelapsed " << std::fixed << std::setprecision(1) << secs << " s, " << played << " games, "
         << std::setprecision(0) << static_cast<double>(played) / std::max(1e-9, secs) << " games/s (" << nThreads
         << " threads)\n";
  if (cancel.load()) {
    io.err << "balance specialties: cancelled\n";
    return kExitCancelled;
  }
  return kExitOk;
}

}  // namespace

WB_REGISTER_COMMAND(specialties, "specialties",
                    "faction / specialty balance: each vs a baseline and a round-robin matrix", kUsage,
                    runSpecialties);

}  // namespace wb::app
