#include "simulation/factions/specialties.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <sstream>
#include <thread>

#include "simulation/core/rng.h"
#include "simulation/distributed/byte_buffer.h"
#include "simulation/distributed/distribution.h"
#include "simulation/factions/faction_duel.h"

namespace wb::sim {

namespace {

void encodeTallies(ByteWriter& w, const std::vector<SpecialtyTally>& tallies) {
  w.u64(tallies.size());
  for (const SpecialtyTally& t : tallies) {
    w.u64(t.games);
    w.f64(t.score);
    w.u64(t.adjudicated);
    w.u64(t.capped);
    w.f64(t.powerUses);
    w.f64(t.turns);
  }
}

// Reads tallies written by encodeTallies; false for bytes of another shape.
bool decodeTallies(const std::string& bytes, std::vector<SpecialtyTally>& tallies) {
  ByteReader in(bytes);
  if (in.u64() != tallies.size()) return false;
  for (SpecialtyTally& t : tallies) {
    t.games = in.u64();
    t.score = in.f64();
    t.adjudicated = in.u64();
    t.capped = in.u64();
    t.powerUses = in.f64();
    t.turns = in.f64();
  }
  return in.ok() && in.atEnd();
}

// Plays games [begin, end) of all pairings (game i is game i % gamesEach of
// pairing i / gamesEach) on `threads` threads and adds them to `into`. Each
// thread sums its own tallies; the sums are exact, so the merged result is
// the same for any thread count. Stops early when `cancel` is set: the
// tallies then hold the games finished, and it returns false.
bool playRange(const Game& game, const std::vector<SpecialtyPairing>& pairings, std::uint64_t gamesEach,
               const std::vector<std::string>& specs, std::uint64_t seed, int cap, int threads, std::uint64_t seedSalt,
               const std::atomic<bool>& cancel, std::uint64_t begin, std::uint64_t end,
               std::vector<SpecialtyTally>& into, const std::function<void()>& onGame) {
  std::atomic<std::uint64_t> next{begin};
  std::vector<std::vector<SpecialtyTally>> perThread(static_cast<std::size_t>(threads),
                                                     std::vector<SpecialtyTally>(pairings.size()));
  auto work = [&](std::vector<SpecialtyTally>& tallies) {
    for (std::uint64_t i = next++; i < end && !cancel.load(std::memory_order_relaxed); i = next++) {
      const SpecialtyPairing& p = pairings[i / gamesEach];
      const std::uint64_t g = i % gamesEach;
      const std::uint64_t gameSeed = deriveSeed(seed ^ seedSalt, (i / gamesEach) * 1000003ULL + g, 0);
      const FactionDuelOutcome o = playFactionDuel(game, p.a, p.b, static_cast<int>(g % 2), specs, gameSeed, cap);
      SpecialtyTally& t = tallies[i / gamesEach];
      t.games++;
      t.score += o.score;
      t.adjudicated += o.adjudicated ? 1 : 0;
      t.capped += o.capped ? 1 : 0;
      t.powerUses += o.powerUses;
      t.turns += o.turns;
      if (onGame) onGame();
    }
  };
  std::vector<std::thread> pool;
  const std::uint64_t span = end > begin ? end - begin : 0;
  const int used = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(threads), std::max<std::uint64_t>(1, span)));
  for (int t = 1; t < used; ++t) pool.emplace_back(work, std::ref(perThread[static_cast<std::size_t>(t)]));
  work(perThread[0]);
  for (auto& th : pool) th.join();
  for (const auto& tallies : perThread)
    for (std::size_t k = 0; k < pairings.size(); ++k) into[k].add(tallies[k]);
  return !cancel.load();
}

// Plays every pairing's games: here on `threads` threads, or through the
// installed Distribution (MPI ranks, checkpoints) as one job whose tasks are
// the games, so ranks share them and a checkpoint keeps the tallies. Either
// way the tallies are the same exact sums.
bool playPairings(const Game& game, std::vector<SpecialtyPairing>& pairings, std::uint64_t gamesEach,
                  const std::vector<std::string>& specs, std::uint64_t seed, int cap, int threads, std::uint64_t seedSalt,
                  const std::atomic<bool>& cancel, const std::function<void(std::uint64_t)>& onDone, std::string& error) {
  const std::uint64_t total = pairings.size() * gamesEach;
  const std::uint64_t step = std::max<std::uint64_t>(1, total / 200);
  std::atomic<std::uint64_t> done{0};
  const std::function<void()> onGame = [&] {
    const std::uint64_t d = ++done;
    if (onDone && (d % step == 0 || d == total)) onDone(std::min(d, total));
  };
  std::vector<SpecialtyTally> tallies(pairings.size());
  if (Distribution* distribution = Distribution::current()) {
    std::ostringstream fingerprint;
    fingerprint << "specialties engine=" << game.engine() << " salt=" << seedSalt << " seed=" << seed
                << " games=" << gamesEach << " cap=" << cap << " agents=";
    for (std::size_t i = 0; i < specs.size(); ++i) fingerprint << (i ? "," : "") << specs[i];
    fingerprint << " pairings=";
    for (const SpecialtyPairing& p : pairings) fingerprint << p.a << "/" << p.b << ";";
    DistributedJob job;
    job.fingerprint = fingerprint.str();
    job.tasks = total;
    job.minChunk = static_cast<std::uint64_t>(threads);
    job.play = [&](std::uint64_t b, std::uint64_t e) -> std::optional<std::string> {
      std::vector<SpecialtyTally> part(pairings.size());
      if (!playRange(game, pairings, gamesEach, specs, seed, cap, threads, seedSalt, cancel, b, e, part, onGame))
        return std::nullopt;  // the range may be incomplete: none of it counts
      ByteWriter w;
      encodeTallies(w, part);
      return w.take();
    };
    job.merge = [&](const std::string& bytes) {
      std::vector<SpecialtyTally> part(pairings.size());
      if (!decodeTallies(bytes, part)) return false;
      for (std::size_t k = 0; k < part.size(); ++k) tallies[k].add(part[k]);
      return true;
    };
    job.total = [&] {
      ByteWriter w;
      encodeTallies(w, tallies);
      return w.take();
    };
    job.restore = [&](const std::string& bytes) { return decodeTallies(bytes, tallies); };
    job.cancelRequested = [&] { return cancel.load(); };
    if (!distribution->execute(job, error)) return false;
  } else {
    playRange(game, pairings, gamesEach, specs, seed, cap, threads, seedSalt, cancel, 0, total, tallies, onGame);
  }
  for (std::size_t k = 0; k < pairings.size(); ++k) pairings[k].tally = tallies[k];
  return true;
}

}  // namespace

Interval SpecialtyTally::interval() const {
  return wilsonInterval(static_cast<std::uint64_t>(std::llround(score)), games);
}

void SpecialtyTally::add(const SpecialtyTally& o) {
  games += o.games;
  score += o.score;
  adjudicated += o.adjudicated;
  capped += o.capped;
  powerUses += o.powerUses;
  turns += o.turns;
}

std::uint64_t SpecialtiesResult::gamesPlayed() const {
  std::uint64_t n = 0;
  for (const auto& p : vsBaseline) n += p.tally.games;
  for (const auto& p : roundRobin) n += p.tally.games;
  return n;
}

SpecialtyTally SpecialtiesResult::roundRobinOf(int f) const {
  SpecialtyTally t;
  for (const SpecialtyPairing& p : roundRobin) {
    if (p.a == f) {
      t.games += p.tally.games;
      t.score += p.tally.score;
    } else if (p.b == f) {
      t.games += p.tally.games;
      t.score += static_cast<double>(p.tally.games) - p.tally.score;
    }
  }
  return t;
}

std::vector<int> SpecialtiesResult::roundRobinOrder() const {
  std::vector<int> order;
  const int n = static_cast<int>(factions.size());
  for (int f = 0; f < n; ++f)
    if (f != config.baseline) order.push_back(f);
  std::vector<double> rate(factions.size(), 0.0);
  for (int f : order) {
    const SpecialtyTally t = roundRobinOf(f);
    rate[static_cast<std::size_t>(f)] = t.score / static_cast<double>(std::max<std::uint64_t>(1, t.games));
  }
  std::sort(order.begin(), order.end(),
            [&](int x, int y) { return rate[static_cast<std::size_t>(x)] > rate[static_cast<std::size_t>(y)]; });
  return order;
}

const SpecialtyPairing* SpecialtiesResult::roundRobinPairing(int a, int b) const {
  for (const SpecialtyPairing& p : roundRobin)
    if ((p.a == a && p.b == b) || (p.a == b && p.b == a)) return &p;
  return nullptr;
}

double SpecialtiesResult::matrixScore(int row, int col) const {
  const SpecialtyPairing* p = roundRobinPairing(row, col);
  if (!p || p->tally.games == 0) return -1.0;
  const double r = p->tally.rate();
  return p->a == row ? r : 1.0 - r;
}

SpecialtiesResult runSpecialties(const Game& game, const SpecialtiesConfig& config, const std::atomic<bool>& cancel,
                                 const std::function<void(const SpecialtiesProgress&)>& progress) {
  SpecialtiesResult result;
  result.config = config;
  result.factions = game.factions();
  result.powersCounted = false;
  for (const std::string& id : game.counterIds()) result.powersCounted = result.powersCounted || id.rfind("power_", 0) == 0;
  const int F = static_cast<int>(result.factions.size());
  if (F < 2) {
    result.error = "the game has no factions to compare (are specialties enabled?)";
    return result;
  }
  if (config.baseline < 0 || config.baseline >= F) {
    result.error = "the baseline faction is not one of the game's";
    return result;
  }
  if (config.agents.empty()) {
    result.error = "no agent given";
    return result;
  }
  const int cap = config.maxTurns > 0 ? config.maxTurns : game.defaultMaxTurns();
  const int threads = std::max(1, config.threads);
  result.config.maxTurns = cap;
  result.config.threads = threads;
  const auto start = std::chrono::steady_clock::now();

  for (int f = 0; f < F; ++f)
    if (f != config.baseline) result.vsBaseline.push_back(SpecialtyPairing{f, config.baseline, {}});
  std::vector<SpecialtyPairing> rr;
  if (config.matrixGames > 0)
    for (int a = 0; a < F; ++a)
      for (int b = a + 1; b < F; ++b)
        if (a != config.baseline && b != config.baseline) rr.push_back(SpecialtyPairing{a, b, {}});
  const std::uint64_t first = result.vsBaseline.size() * config.games;
  const std::uint64_t total = first + rr.size() * config.matrixGames;
  auto report = [&](int stage, std::uint64_t offset) -> std::function<void(std::uint64_t)> {
    if (!progress) return {};
    return [&progress, stage, offset, total](std::uint64_t d) { progress(SpecialtiesProgress{stage, offset + d, total}); };
  };

  if (!playPairings(game, result.vsBaseline, config.games, config.agents, config.seed, cap, threads, 0, cancel,
                    report(0, 0), result.error))
    return result;
  std::sort(result.vsBaseline.begin(), result.vsBaseline.end(),
            [](const SpecialtyPairing& x, const SpecialtyPairing& y) { return x.tally.rate() > y.tally.rate(); });
  if (!rr.empty() && !cancel.load()) {
    if (!playPairings(game, rr, config.matrixGames, config.agents, config.seed, cap, threads, 0x5151ULL, cancel,
                      report(1, first), result.error))
      return result;
    result.roundRobin = std::move(rr);
  }
  result.cancelled = cancel.load();
  result.elapsedSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace wb::sim
