#include "simulation/tune/tune_evaluator.h"

#include <algorithm>
#include <atomic>
#include <optional>
#include <sstream>
#include <thread>

#include "simulation/core/rng.h"
#include "simulation/distributed/byte_buffer.h"
#include "simulation/distributed/distribution.h"
#include "simulation/factions/faction_duel.h"
#include "simulation/impact/impact_runner.h"
#include "simulation/runner/faction_schedule.h"
#include "simulation/runner/monte_carlo_runner.h"

namespace wb::sim {
namespace {

constexpr std::uint64_t kVerifySalt = 0x7475'6e65'7665'7269ULL;  // "tuneveri"
constexpr std::uint64_t kDuelSalt = 0x6475'656cULL;               // "duel"
constexpr std::uint64_t kFreshSalt = 0x6672'6573'6873ULL;         // "freshs"
constexpr std::uint64_t kSkillSalt = 0x736b'696c'6cULL;           // "skill"

std::uint64_t fnv(std::uint64_t h, const std::string& s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace

TuneEvaluator::TuneEvaluator(const EngineRegistry& registry, const model::Ruleset& start, const KnobSpace& knobs,
                             std::vector<TuneMetric> metrics, TuneRunSettings settings)
    : m_registry(registry), m_start(start), m_knobs(knobs), m_metrics(std::move(metrics)), m_settings(std::move(settings)) {
  const auto players = static_cast<std::uint64_t>(std::max(1, m_settings.players));
  m_blockGames = m_settings.blockGames > 0 ? m_settings.blockGames : 2 * players;
  // Whole rotations of the seats in every block.
  m_blockGames = (m_blockGames + players - 1) / players * players;
  m_threads = m_settings.threads > 0 ? m_settings.threads
                                     : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  m_threads = std::clamp(m_threads, 1, kMaxThreads);
}

bool TuneEvaluator::prepare(std::string& error, bool probe) {
  const Game* game = compiled({});
  if (!game) {
    error = infeasible({});
    return false;
  }
  m_shape.players = m_settings.players;
  m_shape.factions = game->factions();
  std::vector<std::string> distinct;
  for (const auto& a : m_settings.searchAgents)
    if (std::find(distinct.begin(), distinct.end(), a) == distinct.end()) distinct.push_back(a);
  m_shape.agents = distinct;
  m_shape.entities = game->entityIds();
  // Each entity's kind: the ruleset section that defines it.
  m_shape.entityKinds.assign(m_shape.entities.size(), "other");
  for (std::size_t e = 0; e < m_shape.entities.size(); ++e)
    for (model::Section sec : model::kSections) {
      const auto& list = m_start.entities(sec);
      if (std::any_of(list.begin(), list.end(), [&](const model::Entity& x) { return x.id == m_shape.entities[e]; })) {
        m_shape.entityKinds[e] = model::toString(sec);
        break;
      }
    }
  if (probe && !m_shape.entities.empty()) {
    // What each entity does most in the starting games (the bank's first blocks).
    RunConfig config;
    config.games = kProbeBlocks * m_blockGames;
    config.seed = m_settings.seed;
    config.threads = m_threads;
    config.players = m_settings.players;
    config.agents = m_settings.searchAgents;
    config.maxTurns = m_settings.maxTurns;
    // On a thread of its own: a Distribution belongs to the thread that
    // installed it, and every rank plays this probe alike.
    RunResult r;
    std::thread([&] { r = MonteCarloRunner(*game, config).run(); }).join();
    m_shape.entityUse.assign(m_shape.entities.size(), -1);
    m_shape.entityUsed.assign(m_shape.entities.size(), 0);
    for (std::size_t e = 0; r.ok() && e < r.stats.entities().size() && e < m_shape.entityUse.size(); ++e) {
      const EntityTally& t = r.stats.entities()[e];
      for (int k = 0; k < 3; ++k) {
        if (t.use(k) > 0) m_shape.entityUsed[e] |= 1u << k;
        if (t.use(k) > 0 && (m_shape.entityUse[e] < 0 || t.use(k) > t.use(m_shape.entityUse[e]))) m_shape.entityUse[e] = k;
      }
    }
  }
  // The sides of seats, from game 0's setup (engines fix them by the seat count).
  GameSetup setup{m_settings.players, {}};
  const FactionSchedule schedule(m_settings.players, static_cast<int>(m_shape.factions.size()));
  for (int s = 0; schedule.factions() > 0 && s < m_settings.players; ++s) setup.factionOfSeat.push_back(schedule.factionOf(0, s));
  Rng rng(deriveSeed(m_settings.seed, 0, 0));
  const std::unique_ptr<State> state = game->newInitialState(setup, rng);
  int sides = 0;
  for (int s = 0; state && s < m_settings.players; ++s) sides = std::max(sides, state->sideOf(s) + 1);
  m_shape.sides = sides > 0 ? sides : m_settings.players;
  m_shape.teams = m_shape.sides < m_settings.players;
  return true;
}

const Game* TuneEvaluator::compiled(const EditSet& edits) {
  const std::string key = m_knobs.key(edits);
  if (auto it = m_compiled.find(key); it != m_compiled.end()) return it->second.get();
  if (m_infeasible.count(key)) return nullptr;
  model::Ruleset ruleset = m_start;
  std::string error;
  if (!m_knobs.apply(edits, ruleset, error)) {
    m_infeasible[key] = error;
    return nullptr;
  }
  model::Diagnostics diagnostics;
  std::unique_ptr<Game> game = m_registry.compile(ruleset, diagnostics);
  if (!game || diagnostics.hasErrors()) {
    std::string text = diagnostics.format();
    if (!text.empty() && text.back() == '\n') text.pop_back();
    m_infeasible[key] = text.empty() ? "the engine cannot compile it" : text;
    return nullptr;
  }
  return m_compiled.emplace(key, std::move(game)).first->second.get();
}

std::string TuneEvaluator::infeasible(const EditSet& edits) const {
  auto it = m_infeasible.find(m_knobs.key(edits));
  return it == m_infeasible.end() ? std::string() : it->second;
}

std::string TuneEvaluator::seriesKey(const EditSet& edits, int stream, int agents) const {
  return std::to_string(stream) + "/" + std::to_string(agents) + "/" + m_knobs.key(edits);
}

const BlockSeries* TuneEvaluator::series(const EditSet& edits, int stream, int agents) const {
  auto it = m_series.find(seriesKey(edits, stream, agents));
  return it == m_series.end() ? nullptr : &it->second;
}

std::uint64_t TuneEvaluator::streamSeed(int stream) const {
  if (stream == kVerify) return deriveSeed(m_settings.seed, kVerifySalt, 0);
  if (stream >= kFresh) return deriveSeed(m_settings.seed, kFreshSalt, static_cast<std::uint64_t>(stream));
  return m_settings.seed;
}

std::vector<std::string> TuneEvaluator::impactEntities() const {
  std::vector<std::string> out;
  for (const auto& m : m_metrics)
    if (m.isImpact() && std::find(out.begin(), out.end(), m.id) == out.end()) out.push_back(m.id);
  return out;
}

std::uint64_t TuneEvaluator::gamesPerBlock() const {
  std::uint64_t duels = 0;
  bool runner = false;
  for (const auto& m : m_metrics) {
    if (m.playsOwnGames()) ++duels;  // faction duels, skill pairs: blockGames() each
    else runner = true;
  }
  // Impact targets: the block's games once untreated (which the other metrics
  // read too) and once per entity with the treated seat restricted.
  const auto impacts = static_cast<std::uint64_t>(impactEntities().size());
  return m_blockGames * ((runner ? 1 : 0) + impacts + duels);
}

std::vector<std::size_t> TuneEvaluator::offsets(std::size_t& width) const {
  std::vector<std::size_t> out;
  width = 0;
  for (const auto& m : m_metrics) {
    out.push_back(width);
    width += 2 + (m.isDiversity() ? m.members.size() : 0);
  }
  return out;
}

void TuneEvaluator::measureInto(const RunResult& result, std::size_t m, std::size_t offset, double* out) const {
  const TuneMetric& metric = m_metrics[m];
  const Ratio r = result.ok() ? metric.measure(result) : Ratio{};
  out[offset] = r.num;
  out[offset + 1] = r.den;
  if (!metric.isDiversity()) return;
  const std::vector<double> u = result.ok() ? metric.memberUse(result) : std::vector<double>(metric.members.size(), 0.0);
  for (std::size_t i = 0; i < metric.members.size() && i < u.size(); ++i) out[offset + 2 + i] = u[i];
}

void TuneEvaluator::playTask(const Task& task, double* out) const {
  std::size_t width = 0;
  const std::vector<std::size_t> at = offsets(width);
  const std::vector<std::string>& agents =
      task.agents == kVerifyAgents ? m_settings.verifyAgents : m_settings.searchAgents;
  // Faction targets: the block's games of each faction against the baseline,
  // seats alternating, game g seeded from (stream seed, faction, g) alone.
  bool runner = false;
  const std::vector<std::string> factions = task.game->factions();
  const int cap = m_settings.maxTurns > 0 ? m_settings.maxTurns : task.game->defaultMaxTurns();
  for (std::size_t m = 0; m < m_metrics.size(); ++m) {
    if (m_metrics[m].isSkill()) {
      if (task.skillTwin.empty()) playSkillPair(task, m_metrics[m], &out[at[m]]);
      continue;
    }
    if (!m_metrics[m].isDuel()) {
      runner = true;
      continue;
    }
    const auto it = std::find(factions.begin(), factions.end(), m_metrics[m].id);
    double score = 0;
    for (std::uint64_t i = 0; it != factions.end() && i < m_blockGames; ++i) {
      const std::uint64_t g = task.block * m_blockGames + i;
      const auto f = static_cast<std::uint64_t>(it - factions.begin());
      const std::uint64_t seed = deriveSeed(deriveSeed(streamSeed(task.stream), f, kDuelSalt), g, 0);
      score += playFactionDuel(*task.game, static_cast<int>(f), m_shape.baselineFaction, static_cast<int>(g % 2), agents,
                               seed, cap)
                   .score;
    }
    out[at[m]] = score;
    out[at[m] + 1] = it == factions.end() ? 0.0 : static_cast<double>(m_blockGames);
  }
  if (!runner) return;
  const std::vector<std::string> impacts = impactEntities();
  if (!impacts.empty()) {
    // Impact targets: the block is one impact experiment (simulation/impact, as
    // `balance impact` and `sweep --metric impact:ID` play it): pair k is game
    // block * B + k of the stream, untreated and with the treated seat (it
    // rotates) restricted from each entity. The other metrics read the
    // untreated games, so the block's games are played once.
    ImpactConfig ic;
    ic.run.games = m_blockGames;
    ic.run.firstGame = task.block * m_blockGames;
    ic.run.seed = streamSeed(task.stream);
    ic.run.threads = 1;
    ic.run.players = m_settings.players;
    ic.run.agents = agents;
    ic.run.maxTurns = m_settings.maxTurns;
    ic.restrict = true;
    ic.grant = false;
    const std::vector<std::string>& ids = task.game->entityIds();
    for (const auto& id : impacts) {
      const auto it = std::find(ids.begin(), ids.end(), id);
      if (it != ids.end()) ic.entities.push_back(static_cast<int>(it - ids.begin()));
    }
    ImpactResult r;
    if (ic.entities.size() == impacts.size()) r = ImpactRunner(*task.game, ic).run();
    else r.error = "an entity of an impact target is missing";
    RunResult result;
    result.stats = r.baseline;
    result.agents = r.agents;
    result.entities = task.game->entityIds();
    if (!r.ok()) result.error = r.error;
    for (std::size_t m = 0; m < m_metrics.size(); ++m) {
      if (m_metrics[m].playsOwnGames()) continue;
      if (r.ok() && m_metrics[m].isImpact()) {
        const auto e = static_cast<std::size_t>(std::find(impacts.begin(), impacts.end(), m_metrics[m].id) - impacts.begin());
        const PairedDifference& lift = r.entities[e].restricted.lift;
        out[at[m]] = 100.0 * lift.sum;  // points
        out[at[m] + 1] = static_cast<double>(lift.pairs);
      } else {
        measureInto(result, m, at[m], out);
      }
    }
    return;
  }
  RunConfig config;
  config.games = m_blockGames;
  config.firstGame = task.block * m_blockGames;
  config.seed = streamSeed(task.stream);
  config.threads = 1;
  config.players = m_settings.players;
  config.agents = agents;
  config.maxTurns = m_settings.maxTurns;
  MonteCarloRunner play(*task.game, config);
  const RunResult result = play.run();
  for (std::size_t m = 0; m < m_metrics.size(); ++m)
    if (!m_metrics[m].playsOwnGames()) measureInto(result, m, at[m], out);
}

void TuneEvaluator::playSkillPair(const Task& task, const TuneMetric& pair, double* out) const {
  // Games [b*B, (b+1)*B) of a Monte Carlo run of the two agents alone, seeded
  // from (stream seed, pair): the runner gives agent k the seats of slot k,
  // and the slots rotate one seat a game (MonteCarloRunner::agentSlotOfSeat),
  // so in every block (whole rotations) each agent opens as often as it
  // answers and the first player's edge cancels. The same games for every
  // candidate and either agent set: the pair defines its own mix.
  RunConfig config;
  config.games = m_blockGames;
  config.firstGame = task.block * m_blockGames;
  config.seed = deriveSeed(streamSeed(task.stream), kSkillSalt, fnv(1469598103934665603ULL, pair.spec()));
  config.threads = 1;
  config.players = m_settings.players;
  config.agents = {pair.id, pair.other};
  config.maxTurns = m_settings.maxTurns;
  const RunResult result = MonteCarloRunner(*task.game, config).run();
  const Ratio r = result.ok() ? pair.measure(result) : Ratio{};
  out[0] = r.num;
  out[1] = r.den;
}

bool TuneEvaluator::play(const std::vector<Request>& requests, std::string& error) {
  if (m_cancel.load()) return true;
  // The missing blocks, in request order then block order (the task index is
  // what the distribution shares out; the order is the same on every rank).
  const auto skillPairs = std::count_if(m_metrics.begin(), m_metrics.end(), [](const TuneMetric& m) { return m.isSkill(); });
  std::vector<Task> tasks;
  std::uint64_t hash = 1469598103934665603ULL;
  for (const Request& r : requests) {
    const Game* game = compiled(r.edits);
    if (!game) continue;
    const std::string key = seriesKey(r.edits, r.stream, r.agents);
    if (std::any_of(tasks.begin(), tasks.end(), [&](const Task& t) { return t.key == key; })) continue;
    const auto it = m_series.find(key);
    const std::size_t have = it == m_series.end() ? 0 : it->second.blocks();
    const std::string twinKey = seriesKey(r.edits, r.stream, 1 - r.agents);
    const auto twin = m_series.find(twinKey);
    const std::size_t twinHas = twin == m_series.end() ? 0 : twin->second.blocks();
    for (std::size_t b = have; b < r.blocks; ++b) {
      const bool twinInJob = std::any_of(tasks.begin(), tasks.end(), [&](const Task& t) {
        return t.key == twinKey && t.block == b && t.skillTwin.empty();
      });
      const bool copies = skillPairs > 0 && (b < twinHas || twinInJob);
      tasks.push_back(Task{game, key, r.stream, r.agents, b, copies ? twinKey : std::string()});
      hash = fnv(hash, key + "#" + std::to_string(b) + (copies ? "t;" : ";"));
    }
  }
  if (tasks.empty()) return true;
  std::size_t width = 0;
  const std::vector<std::size_t> at = offsets(width);
  std::vector<double> values(tasks.size() * width, 0.0);
  std::vector<std::uint8_t> done(tasks.size(), 0);

  // Plays tasks [begin, end) on threads of its own (never the caller's: a
  // Distribution belongs to the thread that installed it, and each block's
  // MonteCarloRunner must play locally).
  auto playRange = [&](std::uint64_t begin, std::uint64_t end) -> std::optional<std::string> {
    std::vector<double> part(static_cast<std::size_t>(end - begin) * width, 0.0);
    std::atomic<std::uint64_t> next{begin};
    std::atomic<bool> stopped{false};
    const int used = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(m_threads), end - begin));
    std::vector<std::thread> pool;
    for (int t = 0; t < used; ++t) {
      pool.emplace_back([&] {
        while (true) {
          if (m_cancel.load()) {
            stopped.store(true);
            return;
          }
          const std::uint64_t i = next.fetch_add(1);
          if (i >= end) return;
          playTask(tasks[static_cast<std::size_t>(i)], &part[static_cast<std::size_t>(i - begin) * width]);
        }
      });
    }
    for (auto& th : pool) th.join();
    if (stopped.load()) return std::nullopt;
    ByteWriter w;
    w.u64(begin);
    w.u64(end);
    for (double x : part) w.f64(x);
    return w.take();
  };
  auto mergeBytes = [&](const std::string& bytes) {
    ByteReader in(bytes);
    const std::uint64_t begin = in.u64(), end = in.u64();
    if (!in.ok() || begin > end || end > tasks.size()) return false;
    for (std::uint64_t t = begin; t < end; ++t) {
      for (std::size_t k = 0; k < width; ++k) values[static_cast<std::size_t>(t) * width + k] = in.f64();
      done[static_cast<std::size_t>(t)] = 1;
    }
    return in.ok() && in.atEnd();
  };
  auto totalBytes = [&] {
    ByteWriter w;
    w.u64(tasks.size());
    for (std::size_t t = 0; t < tasks.size(); ++t) {
      w.u64(done[t]);
      if (done[t])
        for (std::size_t k = 0; k < width; ++k) w.f64(values[t * width + k]);
    }
    return w.take();
  };
  auto restoreBytes = [&](const std::string& bytes) {
    ByteReader in(bytes);
    if (in.u64() != tasks.size() || !in.ok()) return false;
    std::fill(done.begin(), done.end(), 0);
    for (std::size_t t = 0; t < tasks.size(); ++t) {
      done[t] = in.u64() != 0 ? 1 : 0;
      if (done[t])
        for (std::size_t k = 0; k < width; ++k) values[t * width + k] = in.f64();
    }
    return in.ok() && in.atEnd();
  };

  bool cancelled = false;
  if (Distribution* distribution = Distribution::current()) {
    std::ostringstream fingerprint;
    fingerprint << "tune engine=" << m_start.engine << " seed=" << m_settings.seed << " block=" << m_blockGames
                << " players=" << m_settings.players << " max_turns=" << m_settings.maxTurns << " metrics=" << m_metrics.size()
                << " width=" << width << " tasks=" << tasks.size() << " hash=" << std::hex << hash;
    DistributedJob job;
    job.fingerprint = fingerprint.str();
    job.tasks = tasks.size();
    job.minChunk = static_cast<std::uint64_t>(m_threads);
    job.play = playRange;
    job.merge = mergeBytes;
    job.total = totalBytes;
    job.restore = restoreBytes;
    job.cancelRequested = [this] { return m_cancel.load(); };
    if (!distribution->execute(job, error)) return false;
    cancelled = job.cancelled;
  } else {
    std::optional<std::string> bytes = playRange(0, tasks.size());
    if (!bytes || !mergeBytes(*bytes)) cancelled = true;
  }
  if (cancelled || m_cancel.load()) {
    m_cancel.store(true);
    return true;
  }
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    if (!done[t]) {
      error = "a tuning job ended with blocks missing";
      return false;
    }
  }
  for (std::size_t t = 0; t < tasks.size(); ++t) {
    const Task& task = tasks[t];
    // The twin's skill pairs: from this job (stored in task order, so an earlier
    // task is stored first) or from the series it had before.
    const BlockSeries* twin = task.skillTwin.empty() ? nullptr : &m_series.at(task.skillTwin);
    BlockSeries& s = m_series[task.key];
    s.metric.resize(m_metrics.size());
    s.members.resize(m_metrics.size());
    for (std::size_t m = 0; m < m_metrics.size(); ++m) {
      const double* row = &values[t * width + at[m]];
      s.metric[m].push_back(twin && m_metrics[m].isSkill() ? twin->metric[m][task.block] : Ratio{row[0], row[1]});
      if (m_metrics[m].isDiversity()) s.members[m].emplace_back(row + 2, row + 2 + m_metrics[m].members.size());
    }
    m_games[task.stream == kVerify ? 1 : 0] +=
        gamesPerBlock() - (twin ? m_blockGames * static_cast<std::uint64_t>(skillPairs) : 0);
  }
  return true;
}

}  // namespace wb::sim
