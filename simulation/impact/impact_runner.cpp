#include "simulation/impact/impact_runner.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <optional>
#include <thread>

#include "simulation/agents/agent_factory.h"
#include "simulation/distributed/distribution.h"
#include "simulation/impact/impact_task_data.h"
#include "simulation/impact/restricted_agent.h"
#include "simulation/runner/faction_schedule.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "simulation/core/wall_clock.h"

namespace wb::sim {

namespace {

enum class Arm { Baseline, Restricted, Granted };

// One game to play: pair k, an arm, and (for the treated arms) the entity.
struct Task {
  std::uint64_t pair = 0;
  Arm arm = Arm::Baseline;
  std::size_t entity = 0;  // index into config.entities
};

struct Worker {
  std::vector<std::unique_ptr<Agent>> agents;  // one per distinct spec
  std::vector<Rng> seatRng;
  std::vector<int> agentOfSeat, factionOfSeat, sideOfSeat;
  std::vector<Action> legal;
  RunStats stats;
};

// Score of each seat: 1 for a win by the rules of its side, 1/k for a draw between k sides, else 0.
std::vector<double> seatScores(const State& state, bool timedOut, const std::vector<int>& sides) {
  const int n = state.numPlayers();
  std::vector<double> score(static_cast<std::size_t>(n), 0.0);
  if (timedOut || !state.isTerminal() || state.adjudicated()) return score;
  const GameOutcome o = classifyOutcome(state.returns(), &sides);
  int drawn = 0;
  for (auto r : o.side) drawn += r == GameOutcome::Result::Draw ? 1 : 0;
  for (int p = 0; p < n; ++p) {
    const auto side = static_cast<std::size_t>(sides[static_cast<std::size_t>(p)]);
    if (side >= o.side.size()) continue;
    if (o.side[side] == GameOutcome::Result::Win) score[static_cast<std::size_t>(p)] = 1.0;
    else if (o.side[side] == GameOutcome::Result::Draw && drawn > 0) score[static_cast<std::size_t>(p)] = 1.0 / drawn;
  }
  return score;
}

}  // namespace

ImpactRunner::ImpactRunner(const Game& game, ImpactConfig config) : m_game(game), m_config(std::move(config)) {}

void ImpactRunner::setProgressCallback(ProgressCallback callback, double intervalSeconds) {
  m_progress = std::move(callback);
  m_interval = std::max(0.01, intervalSeconds);
}

bool ImpactRunner::validate(std::string& error) const {
  const RunConfig& c = m_config.run;
  if (c.games == 0) {
    error = "the number of games must be at least 1";
    return false;
  }
  if (c.players < 1) {
    error = "the number of players must be at least 1";
    return false;
  }
  if (c.agents.empty() || (c.agents.size() != 1 && static_cast<int>(c.agents.size()) != c.players)) {
    error = std::to_string(c.agents.size()) + " agents given for " + std::to_string(c.players) +
            " players (give one agent for every seat, or one per seat)";
    return false;
  }
  for (const auto& spec : c.agents)
    if (!isValidAgentSpec(spec, error)) return false;
  if (m_config.entities.empty()) {
    error = "no entities to measure";
    return false;
  }
  const int known = static_cast<int>(m_game.entityIds().size());
  for (int e : m_config.entities) {
    if (e < 0 || e >= known) {
      error = "entity index " + std::to_string(e) + " out of range";
      return false;
    }
  }
  if (!m_config.restrict && !m_config.grant) {
    error = "nothing to measure (neither restricted play nor grant)";
    return false;
  }
  std::uint64_t arms = 1;  // the baseline, then each entity's measures
  for (int e : m_config.entities) arms += (m_config.restrict ? 1 : 0) + (m_config.grant && m_game.canGrant(e) ? 1 : 0);
  if (c.games > kMaxImpactTasks / arms) {
    error = "an impact run of " + std::to_string(c.games) + " games per arm and " + std::to_string(arms) +
            " arms (the baseline and each entity's measures) is more than the " + std::to_string(kMaxImpactTasks) +
            " games one impact run keeps in memory: give at most " + std::to_string(kMaxImpactTasks / arms) +
            " games, or fewer entities";
    return false;
  }
  return true;
}

ImpactResult ImpactRunner::run() {
  ImpactResult result;
  result.engine = m_game.engine();
  result.config = m_config;
  result.entityIds = m_game.entityIds();
  if (!validate(result.error)) return result;
  RunConfig& rc = result.config.run;
  rc.maxTurns = rc.maxTurns > 0 ? rc.maxTurns : std::max(1, m_game.defaultMaxTurns());
  int threads = rc.threads > 0 ? rc.threads : static_cast<int>(std::thread::hardware_concurrency());
  rc.threads = std::max(1, threads);

  // Agents as the Monte Carlo runner has them: distinct specs, one slot per seat.
  std::vector<int> slotAgent;
  for (const auto& spec : rc.agents) {
    auto it = std::find(result.agents.begin(), result.agents.end(), spec);
    if (it == result.agents.end()) {
      result.agents.push_back(spec);
      it = result.agents.end() - 1;
    }
    slotAgent.push_back(static_cast<int>(it - result.agents.begin()));
  }
  if (slotAgent.size() == 1) slotAgent.assign(static_cast<std::size_t>(rc.players), slotAgent.front());
  const int players = rc.players;
  const FactionSchedule schedule(players, static_cast<int>(m_game.factions().size()));
  const std::uint64_t perEntry = result.agents.size() > 1 ? static_cast<std::uint64_t>(players) : 1;
  const std::uint64_t N = rc.games;
  const std::size_t E = m_config.entities.size();

  result.entities.resize(E);
  for (std::size_t i = 0; i < E; ++i) {
    EntityImpact& ei = result.entities[i];
    ei.entity = m_config.entities[i];
    ei.id = result.entityIds[static_cast<std::size_t>(ei.entity)];
    ei.canGrant = m_game.canGrant(ei.entity);
    ei.restricted.measured = m_config.restrict;
    if (!m_config.restrict) ei.restricted.note = "not asked for";
    ei.granted.measured = m_config.grant && ei.canGrant;
    if (!m_config.grant) ei.granted.note = "not asked for";
    else if (!ei.canGrant) ei.granted.note = "the engine cannot grant it";
  }

  std::vector<Task> tasks;
  for (std::uint64_t k = 0; k < N; ++k) tasks.push_back({k, Arm::Baseline, 0});
  for (std::size_t i = 0; i < E; ++i) {
    if (result.entities[i].restricted.measured)
      for (std::uint64_t k = 0; k < N; ++k) tasks.push_back({k, Arm::Restricted, i});
    if (result.entities[i].granted.measured)
      for (std::uint64_t k = 0; k < N; ++k) tasks.push_back({k, Arm::Granted, i});
  }
  // Per task: the treated seat's score (baseline: every seat's), timeouts and restrictions.
  std::vector<double> baseScore(static_cast<std::size_t>(N) * static_cast<std::size_t>(players), 0.0);
  std::vector<double> score(tasks.size(), 0.0);
  std::vector<std::uint8_t> timedOutOf(tasks.size(), 0);
  std::vector<std::uint64_t> decisions(tasks.size(), 0);
  std::vector<std::uint8_t> played(tasks.size(), 0);  // a cancelled run leaves some unplayed
  // Pair k plays game firstGame + k of the seed's stream (the tuner's blocks).
  const auto gameOf = [&](std::uint64_t k) { return rc.firstGame + k; };
  const auto treatedSeat = [&](std::uint64_t k) {
    return static_cast<int>((gameOf(k) / static_cast<std::uint64_t>(players)) % static_cast<std::uint64_t>(players));
  };

  const RunStats empty(players, static_cast<int>(result.agents.size()), static_cast<int>(m_game.factions().size()),
                       static_cast<int>(result.entityIds.size()), static_cast<int>(m_game.counterIds().size()));
  const long long maxActions = std::max<long long>(100000, static_cast<long long>(rc.maxTurns) * 1000);

  auto play = [&](std::size_t t, Worker& w) -> bool {
    const Task& task = tasks[t];
    const std::uint64_t k = task.pair;
    const std::uint64_t g = gameOf(k);
    const std::uint64_t seed = deriveSeed(rc.seed, g, 0);
    Rng chance(seed);
    w.factionOfSeat.clear();
    for (int s = 0; schedule.factions() > 0 && s < players; ++s) w.factionOfSeat.push_back(schedule.factionOf(g / perEntry, s));
    const int seat = treatedSeat(k);
    const int entity = task.arm == Arm::Baseline ? -1 : m_config.entities[task.entity];
    GameSetup setup{players, w.factionOfSeat};
    if (task.arm == Arm::Granted) setup.grants.push_back(Grant{seat, entity});
    std::unique_ptr<State> state = m_game.newInitialState(setup, chance);
    w.sideOfSeat.resize(static_cast<std::size_t>(players));
    for (int s = 0; s < players; ++s) w.sideOfSeat[static_cast<std::size_t>(s)] = state->sideOf(s);
    for (int s = 0; s < players; ++s) {
      w.agentOfSeat[static_cast<std::size_t>(s)] =
          slotAgent[static_cast<std::size_t>(MonteCarloRunner::agentSlotOfSeat(g, s, w.sideOfSeat))];
      w.seatRng[static_cast<std::size_t>(s)].seed(deriveSeed(rc.seed, g, 1 + static_cast<std::uint64_t>(s)));
    }
    std::unique_ptr<RestrictedAgent> restricted;
    if (task.arm == Arm::Restricted)
      restricted = std::make_unique<RestrictedAgent>(*w.agents[static_cast<std::size_t>(w.agentOfSeat[static_cast<std::size_t>(seat)])],
                                                     std::vector<int>{entity});
    // Agents that keep a plan forget it, so no game depends on the games before it on this thread.
    for (auto& agent : w.agents) agent->reset();
    long long actions = 0;
    bool timedOut = false;
    while (!state->isTerminal()) {
      if (m_cancel.load(std::memory_order_relaxed)) return false;
      if (state->turnCount() > rc.maxTurns || ++actions > maxActions) {  // turns started: maxTurns are played
        timedOut = true;
        break;
      }
      const int p = state->currentPlayer();
      if (p < 0 || p >= players) {
        timedOut = true;
        break;
      }
      Agent& agent = (restricted && p == seat) ? static_cast<Agent&>(*restricted)
                                               : *w.agents[static_cast<std::size_t>(w.agentOfSeat[static_cast<std::size_t>(p)])];
      const Action a = agent.chooseAction(*state, w.seatRng[static_cast<std::size_t>(p)]);
      if (!state->applyAction(a, chance)) {
        state->legalActions(w.legal);
        if (w.legal.empty() || !state->applyAction(w.legal.front(), chance)) {
          timedOut = true;
          break;
        }
      }
    }
    const std::vector<double> s = seatScores(*state, timedOut, w.sideOfSeat);
    if (task.arm == Arm::Baseline) {
      for (int q = 0; q < players; ++q)
        baseScore[static_cast<std::size_t>(k) * static_cast<std::size_t>(players) + static_cast<std::size_t>(q)] =
            s[static_cast<std::size_t>(q)];
      std::vector<double> returns;
      if (!timedOut) returns = state->returns();
      GameRecord rec;
      rec.index = g;
      rec.seed = seed;
      rec.timedOut = timedOut;
      rec.adjudicated = !timedOut && state->adjudicated();
      rec.turns = std::min(state->turnCount(), rc.maxTurns);
      rec.returns = timedOut ? nullptr : &returns;
      rec.sideOfSeat = &w.sideOfSeat;
      rec.agentOfSeat = &w.agentOfSeat;
      rec.factionOfSeat = &w.factionOfSeat;
      rec.log = &state->entityLog();
      rec.counters = &state->counters();
      w.stats.add(rec);
    } else {
      score[t] = s[static_cast<std::size_t>(seat)];
    }
    timedOutOf[t] = timedOut ? 1 : 0;
    if (restricted) decisions[t] = restricted->restrictedDecisions();
    played[t] = 1;
    return true;
  };

  const double start = wallSeconds();
  std::atomic<std::uint64_t> done{0};
  std::vector<Worker> workers(static_cast<std::size_t>(std::min<std::size_t>(static_cast<std::size_t>(rc.threads), tasks.size())));
  std::string agentError;
  for (Worker& w : workers) {
    for (const auto& spec : result.agents) w.agents.push_back(makeAgent(spec, agentError));
    w.seatRng.resize(static_cast<std::size_t>(players));
    w.agentOfSeat.resize(static_cast<std::size_t>(players));
  }
  // Plays tasks [begin, end) on the threads and adds their baseline games to
  // `into`; false when cancelled.
  auto playRange = [&](std::size_t begin, std::size_t end, RunStats& into) {
    std::atomic<std::size_t> next{begin};
    std::atomic<std::size_t> finished{0};
    const std::size_t used = std::min(workers.size(), end - begin);
    std::vector<std::thread> pool;
    for (std::size_t i = 0; i < used; ++i) {
      workers[i].stats = empty;
      pool.emplace_back([&, wp = &workers[i]] {
        while (!m_cancel.load(std::memory_order_relaxed)) {
          const std::size_t t = next.fetch_add(1);
          if (t >= end || !play(t, *wp)) break;
          done.fetch_add(1, std::memory_order_relaxed);
        }
        finished.fetch_add(1);
      });
    }
    if (m_progress) {
      while (finished.load() < used && !m_cancel.load()) {
        std::this_thread::sleep_for(std::chrono::duration<double>(m_interval));
        ImpactProgress p;
        p.gamesDone = done.load();
        p.gamesTotal = tasks.size();
        p.elapsedSeconds = wallSeconds() - start;
        const double rate = p.elapsedSeconds > 0 ? static_cast<double>(p.gamesDone) / p.elapsedSeconds : 0.0;
        p.etaSeconds = rate > 0 ? static_cast<double>(p.gamesTotal - std::min(p.gamesTotal, p.gamesDone)) / rate : 0.0;
        m_progress(p);
      }
    }
    for (auto& th : pool) th.join();
    for (std::size_t i = 0; i < used; ++i) into.merge(workers[i].stats);
    return !m_cancel.load();
  };
  result.baseline = empty;
  if (Distribution* distribution = Distribution::current()) {
    // MPI ranks / checkpoints (simulation/distributed): the per-task values
    // travel as bytes and land in the same arrays, summed below in index order.
    ImpactTaskData data{baseScore, score, timedOutOf, decisions, played, static_cast<std::size_t>(N), players};
    DistributedJob job;
    job.fingerprint = "impact engine=" + m_game.engine() + " " + impactFingerprint(result.config, result.agents) +
                      " tasks=" + std::to_string(tasks.size());
    job.tasks = tasks.size();
    job.minChunk = static_cast<std::uint64_t>(rc.threads);
    job.play = [&](std::uint64_t b, std::uint64_t e) -> std::optional<std::string> {
      RunStats part = empty;
      if (!playRange(static_cast<std::size_t>(b), static_cast<std::size_t>(e), part)) return std::nullopt;
      return data.encode(static_cast<std::size_t>(b), static_cast<std::size_t>(e), part);
    };
    job.merge = [&](const std::string& bytes) { return data.apply(bytes, result.baseline, false); };
    job.total = [&] { return data.encode(0, tasks.size(), result.baseline); };
    job.restore = [&](const std::string& bytes) { return data.apply(bytes, result.baseline, true); };
    job.cancelRequested = [&] { return m_cancel.load(); };
    if (!distribution->execute(job, result.error)) return result;
    result.cancelled = job.cancelled;
  } else {
    playRange(0, tasks.size(), result.baseline);
  }
  result.cancelled = result.cancelled || m_cancel.load();

  // Pairs in index order (deterministic sums).
  for (std::size_t t = static_cast<std::size_t>(N); t < tasks.size(); ++t) {
    const Task& task = tasks[t];
    if (!played[t] || !played[static_cast<std::size_t>(task.pair)]) continue;
    EntityImpact& ei = result.entities[task.entity];
    const double base = baseScore[static_cast<std::size_t>(task.pair) * static_cast<std::size_t>(players) +
                                  static_cast<std::size_t>(treatedSeat(task.pair))];
    ImpactMeasure& m = task.arm == Arm::Restricted ? ei.restricted : ei.granted;
    if (task.arm == Arm::Restricted) {
      m.lift.add(base, score[t]);
      m.restrictedGames += decisions[t] > 0 ? 1 : 0;
      m.restrictedDecisions += decisions[t];
    } else {
      m.lift.add(score[t], base);
    }
    m.treatedTimeouts += timedOutOf[t];
  }
  for (EntityImpact& ei : result.entities)
    if (ei.restricted.measured && ei.restricted.restrictedGames == 0 && !result.cancelled)
      ei.restricted.note = "no action of the restricted seat used it: restriction changed nothing";
  result.elapsedSeconds = wallSeconds() - start;
  if (m_progress) {
    ImpactProgress p;
    p.gamesDone = done.load();
    p.gamesTotal = tasks.size();
    p.elapsedSeconds = result.elapsedSeconds;
    m_progress(p);
  }
  return result;
}

}  // namespace wb::sim
