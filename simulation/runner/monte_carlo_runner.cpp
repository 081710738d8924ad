#include "simulation/runner/monte_carlo_runner.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>

#include "simulation/agents/agent_factory.h"
#include "simulation/distributed/distribution.h"
#include "simulation/core/wall_clock.h"

namespace wb::sim {

// Per-thread scratch: its own agents, rngs and vectors, reused between games.
struct MonteCarloRunner::Worker {
  std::vector<std::unique_ptr<Agent>> agents;  // one per distinct spec
  std::vector<Rng> seatRng;
  std::vector<int> agentOfSeat;   // distinct agent index per seat
  std::vector<int> factionOfSeat;
  std::vector<int> sideOfSeat;
  std::vector<int> turnsOfSeat;   // State::turnsOf of the game just played
  std::vector<Action> legal;
  std::vector<SetupFeature> features;  // RunConfig::conditions: this game's setup conditions
  std::unique_ptr<State> last;    // final state of the last game (replay)
  bool lastTimedOut = false;
  std::string lastStop;           // why the last game stopped without an end
};

MonteCarloRunner::MonteCarloRunner(const Game& game, RunConfig config) : m_game(game), m_config(std::move(config)) {
  for (const auto& spec : m_config.agents) {
    auto it = std::find(m_distinctAgents.begin(), m_distinctAgents.end(), spec);
    if (it == m_distinctAgents.end()) {
      m_distinctAgents.push_back(spec);
      it = m_distinctAgents.end() - 1;
    }
    m_slotAgent.push_back(static_cast<int>(it - m_distinctAgents.begin()));
  }
  if (m_slotAgent.size() == 1 && m_config.players > 1) m_slotAgent.assign(static_cast<std::size_t>(m_config.players), 0);
  m_maxTurns = m_config.maxTurns > 0 ? m_config.maxTurns : std::max(1, game.defaultMaxTurns());
  m_maxActionsPerTurn = m_config.maxActionsPerTurn > 0 ? m_config.maxActionsPerTurn
                                                       : std::max(1, game.defaultMaxActionsPerTurn());
  m_maxActions = m_config.maxActions > 0 ? m_config.maxActions : game.maxActionsFor(m_maxTurns);
  m_schedule = FactionSchedule(m_config.players, static_cast<int>(game.factions().size()));
}

std::uint64_t MonteCarloRunner::gamesPerScheduleEntry() const {
  // With several agents every arrangement of them (one per game, `players` in
  // turn) meets each faction pairing; with one agent the pairing changes every game.
  return m_distinctAgents.size() > 1 ? static_cast<std::uint64_t>(std::max(1, m_config.players)) : 1;
}

void MonteCarloRunner::setProgressCallback(ProgressCallback callback, double intervalSeconds) {
  m_progress = std::move(callback);
  m_progressInterval = std::max(0.001, intervalSeconds);
}

int MonteCarloRunner::agentSlotOfSeat(std::uint64_t gameIndex, int seat, int players) {
  if (players <= 0) return 0;
  return static_cast<int>((static_cast<std::uint64_t>(seat) + gameIndex) % static_cast<std::uint64_t>(players));
}

int MonteCarloRunner::agentSlotOfSeat(std::uint64_t gameIndex, int seat, const std::vector<int>& sideOfSeat) {
  const int players = static_cast<int>(sideOfSeat.size());
  if (players <= 0 || seat < 0 || seat >= players) return 0;
  int sides = 0;
  for (int s : sideOfSeat) sides = std::max(sides, s + 1);
  std::vector<std::vector<int>> members(static_cast<std::size_t>(sides));
  for (int p = 0; p < players; ++p) {
    const int s = sideOfSeat[static_cast<std::size_t>(p)];
    if (s < 0) return agentSlotOfSeat(gameIndex, seat, players);
    members[static_cast<std::size_t>(s)].push_back(p);
  }
  const std::size_t size = members.front().size();
  for (const auto& m : members)
    if (m.size() != size || size == 0) return agentSlotOfSeat(gameIndex, seat, players);
  // Sides of equal size: rotate whole sides, then the seats within a side, so
  // the agents given for one side's seats always play together.
  const int mySide = sideOfSeat[static_cast<std::size_t>(seat)];
  const auto& mine = members[static_cast<std::size_t>(mySide)];
  const auto k = static_cast<std::uint64_t>(std::find(mine.begin(), mine.end(), seat) - mine.begin());
  const auto nSides = static_cast<std::uint64_t>(sides);
  const std::uint64_t toSide = (static_cast<std::uint64_t>(mySide) + gameIndex % nSides) % nSides;
  const std::uint64_t within = (k + (gameIndex / nSides) % size) % size;
  return members[static_cast<std::size_t>(toSide)][static_cast<std::size_t>(within)];
}

int MonteCarloRunner::factionOfSeat(std::uint64_t gameIndex, int seat, int players, int factions) {
  if (players <= 0 || factions <= 0) return -1;
  return FactionSchedule(players, factions).factionOf(gameIndex / static_cast<std::uint64_t>(players), seat);
}

bool MonteCarloRunner::validate(std::string& error) const {
  if (m_config.games == 0) {
    error = "the number of games must be at least 1";
    return false;
  }
  if (m_config.firstGame > UINT64_MAX - m_config.games) {
    error = "the first game index plus the number of games is too large";
    return false;
  }
  if (m_config.threads < 0 || m_config.threads > kMaxThreads) {
    error = "the number of threads must be 1 to " + std::to_string(kMaxThreads) + " (0 = all cores), got " +
            std::to_string(m_config.threads);
    return false;
  }
  if (m_config.players < 1) {
    error = "the number of players must be at least 1";
    return false;
  }
  if (m_config.agents.empty()) {
    error = "no agents given";
    return false;
  }
  if (m_config.agents.size() != 1 && static_cast<int>(m_config.agents.size()) != m_config.players) {
    error = std::to_string(m_config.agents.size()) + " agents given for " + std::to_string(m_config.players) +
            " players (give one agent for every seat, or one per seat)";
    return false;
  }
  if (m_config.untilCi < 0.0 || m_config.untilCi >= 1.0) {
    error = "the interval target must be in (0, 1)";
    return false;
  }
  for (const auto& spec : m_distinctAgents)
    if (!isValidAgentSpec(spec, error)) return false;
  return true;
}

std::unique_ptr<MonteCarloRunner::Worker> MonteCarloRunner::makeWorker(std::string& error) const {
  auto w = std::make_unique<Worker>();
  for (const auto& spec : m_distinctAgents) {
    auto agent = makeAgent(spec, error);
    if (!agent) return nullptr;
    w->agents.push_back(std::move(agent));
  }
  w->seatRng.resize(static_cast<std::size_t>(m_config.players));
  w->agentOfSeat.resize(static_cast<std::size_t>(m_config.players));
  return w;
}

// Plays one game; false if cancelled (then nothing is recorded).
bool MonteCarloRunner::playGame(std::uint64_t index, Worker& w, RunStats* stats, const MoveObserver* observer) const {
  const int players = m_config.players;
  const std::uint64_t seed = deriveSeed(m_config.seed, index, 0);
  Rng chance(seed);
  const std::uint64_t entry = index / gamesPerScheduleEntry();
  w.factionOfSeat.clear();
  for (int s = 0; m_schedule.factions() > 0 && s < players; ++s) w.factionOfSeat.push_back(m_schedule.factionOf(entry, s));

  GameSetup setup{players, w.factionOfSeat};
  for (auto& agent : w.agents) agent->reset();  // nothing carried over from the worker's last game
  std::unique_ptr<State> state = m_game.newInitialState(setup, chance);
  if (m_config.conditions && stats) state->setupFeatures(w.features);
  // Agents rotate over seats after the sides are known, keeping teams together.
  w.sideOfSeat.resize(static_cast<std::size_t>(players));
  for (int s = 0; s < players; ++s) w.sideOfSeat[static_cast<std::size_t>(s)] = state->sideOf(s);
  for (int s = 0; s < players; ++s) {
    w.agentOfSeat[static_cast<std::size_t>(s)] =
        m_slotAgent[static_cast<std::size_t>(agentSlotOfSeat(index, s, w.sideOfSeat))];
    w.seatRng[static_cast<std::size_t>(s)].seed(deriveSeed(m_config.seed, index, 1 + static_cast<std::uint64_t>(s)));
  }
  // Every game ends: the turn cap, and bounds on the actions of one turn and of
  // the game (a turn that never ends, an engine whose turns never advance).
  long long actions = 0;
  int turn = state->turnCount(), actionsThisTurn = 0;
  bool timedOut = false;
  std::string stop;
  while (!state->isTerminal()) {
    if (m_cancel.load(std::memory_order_relaxed)) return false;
    if (state->turnCount() != turn) {
      turn = state->turnCount();
      actionsThisTurn = 0;
    }
    // turnCount() is the turns started: the cap lets m_maxTurns turns be played.
    if (state->turnCount() > m_maxTurns) {
      stop = "the turn cap (" + std::to_string(m_maxTurns) + " turns)";
    } else if (actionsThisTurn >= m_maxActionsPerTurn) {
      stop = "the bound of " + std::to_string(m_maxActionsPerTurn) + " actions in one turn (turn " +
             std::to_string(turn) + ")";
    } else if (actions >= m_maxActions) {
      stop = "the bound of " + std::to_string(m_maxActions) + " actions in a game";
    }
    const int p = state->currentPlayer();
    if (stop.empty() && (p < 0 || p >= players)) stop = "a current player out of range (" + std::to_string(p) + ")";
    if (!stop.empty()) {
      timedOut = true;
      break;
    }
    ++actions;
    ++actionsThisTurn;
    Agent& agent = *w.agents[static_cast<std::size_t>(w.agentOfSeat[static_cast<std::size_t>(p)])];
    const Action a = agent.chooseAction(*state, w.seatRng[static_cast<std::size_t>(p)]);
    if (observer && state->isLegal(a)) (*observer)(*state, a);
    if (!state->applyAction(a, chance)) {
      // An agent bug must not stall the run: fall back to the first legal action.
      state->legalActions(w.legal);
      if (!w.legal.empty() && observer) (*observer)(*state, w.legal.front());
      if (w.legal.empty() || !state->applyAction(w.legal.front(), chance)) {
        timedOut = true;
        stop = "no legal action before the end";
        break;
      }
    }
  }
  if (stats) {
    std::vector<double> returns;
    if (!timedOut) returns = state->returns();
    GameRecord rec;
    rec.index = index;
    rec.seed = seed;
    rec.timedOut = timedOut;
    rec.adjudicated = !timedOut && state->adjudicated();
    rec.turns = std::min(state->turnCount(), m_maxTurns);  // a capped game played m_maxTurns turns
    rec.sideOfSeat = &w.sideOfSeat;
    rec.counters = &state->counters();
    w.turnsOfSeat.clear();
    for (int s = 0; s < players && state->turnsOf(0) >= 0; ++s) w.turnsOfSeat.push_back(state->turnsOf(s));
    if (!w.turnsOfSeat.empty()) rec.turnsOfSeat = &w.turnsOfSeat;
    rec.returns = timedOut ? nullptr : &returns;
    rec.agentOfSeat = &w.agentOfSeat;
    for (int s = 0; s < static_cast<int>(w.factionOfSeat.size()); ++s)
      if (const int f = state->factionOf(s); f >= 0) w.factionOfSeat[static_cast<std::size_t>(s)] = f;
    rec.factionOfSeat = &w.factionOfSeat;
    rec.log = &state->entityLog();
    if (m_config.conditions) rec.features = &w.features;
    stats->add(rec);
  } else {
    w.lastTimedOut = timedOut;
    w.lastStop = stop;
    w.last = std::move(state);
  }
  return true;
}

void MonteCarloRunner::playBatch(std::uint64_t begin, std::uint64_t end, int threads, RunStats& into,
                                 std::uint64_t& doneBefore, double startTime, std::uint64_t plannedTotal) {
  const int workers = static_cast<int>(std::min<std::uint64_t>(static_cast<std::uint64_t>(threads), end - begin));
  std::atomic<std::uint64_t> next{begin};
  const RunStats empty(m_config.players, static_cast<int>(m_distinctAgents.size()),
                       static_cast<int>(m_game.factions().size()), static_cast<int>(m_game.entityIds().size()),
                       static_cast<int>(m_game.counterIds().size()));
  std::vector<RunStats> partial(static_cast<std::size_t>(workers), empty);
  std::mutex mutex;
  std::condition_variable cv;
  int finished = 0;
  std::vector<std::thread> pool;
  pool.reserve(static_cast<std::size_t>(workers));
  auto work = [&](int t) {
    std::string error;
    std::unique_ptr<Worker> w = makeWorker(error);
    while (w && !m_cancel.load(std::memory_order_relaxed)) {
      const std::uint64_t i = next.fetch_add(1);
      if (i >= end) break;
      if (!playGame(i, *w, &partial[static_cast<std::size_t>(t)])) break;
      m_gamesDone.fetch_add(1, std::memory_order_relaxed);
    }
    std::lock_guard<std::mutex> lock(mutex);
    ++finished;
    cv.notify_all();
  };
  // The OS may refuse a thread (limits, memory): play with the ones started,
  // or on this thread when none could be, instead of aborting the program.
  int started = 0;
  for (; started < workers; ++started) {
    try {
      pool.emplace_back(work, started);
    } catch (const std::system_error&) {
      break;
    }
  }
  if (started == 0) {
    work(0);
    started = 1;
  }
  const int running = started;
  {
    std::unique_lock<std::mutex> lock(mutex);
    while (finished < running) {
      cv.wait_for(lock, std::chrono::duration<double>(m_progressInterval));
      if (m_progress && finished < running) {
        lock.unlock();
        const std::uint64_t done = m_gamesDone.load();
        const double elapsed = wallSeconds() - startTime;
        RunProgress p;
        p.gamesDone = done;
        p.gamesTotal = plannedTotal;
        p.elapsedSeconds = elapsed;
        p.gamesPerSecond = elapsed > 0 ? static_cast<double>(done) / elapsed : 0.0;
        p.etaSeconds = p.gamesPerSecond > 0 ? static_cast<double>(plannedTotal - std::min(done, plannedTotal)) / p.gamesPerSecond : 0.0;
        m_progress(p);
        lock.lock();
      }
    }
  }
  for (auto& th : pool) th.join();
  for (const auto& p : partial) into.merge(p);  // fixed order (integer sums: order-free anyway)
  doneBefore = m_gamesDone.load();
}

RunResult MonteCarloRunner::run() {
  RunResult result;
  result.engine = m_game.engine();
  result.config = m_config;
  result.config.maxTurns = m_maxTurns;
  result.config.maxActionsPerTurn = m_maxActionsPerTurn;
  result.config.maxActions = m_maxActions;
  int threads = m_config.threads > 0 ? m_config.threads : static_cast<int>(std::thread::hardware_concurrency());
  threads = std::clamp(threads, 1, kMaxThreads);
  result.config.threads = threads;
  result.agents = m_distinctAgents;
  result.factions = m_game.factionLabels(m_config.players);
  result.entities = m_game.entityIds();
  result.counters = m_game.counterIds();
  result.schedule = m_schedule.describe(gamesPerScheduleEntry());
  result.scheduleCycleGames = m_schedule.cycle() * gamesPerScheduleEntry();
  result.stats = RunStats(m_config.players, static_cast<int>(m_distinctAgents.size()),
                          static_cast<int>(result.factions.size()), static_cast<int>(result.entities.size()),
                          static_cast<int>(result.counters.size()));
  std::string error;
  if (!validate(error)) {
    result.error = error;
    return result;
  }
  const double start = wallSeconds();
  m_gamesDone.store(0);
  std::uint64_t done = 0;
  const std::uint64_t limit = m_config.games;
  const std::uint64_t first = m_config.firstGame;
  if (Distribution* distribution = Distribution::current()) {
    if (!playDistributed(*distribution, result, threads, start)) return result;
  } else if (m_config.untilCi > 0.0 || m_resultCallback) {
    const std::uint64_t batch = std::max<std::uint64_t>(1, m_config.batchGames);
    for (std::uint64_t begin = 0; begin < limit && !m_cancel.load(); begin += batch) {
      playBatch(first + begin, first + std::min(limit, begin + batch), threads, result.stats, done, start, limit);
      const bool narrowEnough = m_config.untilCi > 0.0 && result.maxHeadlineHalfWidth() <= m_config.untilCi;
      if (m_resultCallback) {
        result.elapsedSeconds = wallSeconds() - start;
        result.cancelled = m_cancel.load();
        result.targetReached = narrowEnough;
        m_resultCallback(result);
      }
      if (narrowEnough) {
        result.targetReached = true;
        break;
      }
    }
  } else {
    playBatch(first, first + limit, threads, result.stats, done, start, limit);
  }
  result.cancelled = result.cancelled || m_cancel.load();
  result.elapsedSeconds = wallSeconds() - start;
  if (m_progress) {
    RunProgress p;
    p.gamesDone = result.stats.games();
    p.gamesTotal = limit;
    p.elapsedSeconds = result.elapsedSeconds;
    p.gamesPerSecond = result.gamesPerSecond();
    m_progress(p);
  }
  return result;
}

std::unique_ptr<State> MonteCarloRunner::replay(std::uint64_t index, bool* timedOut, const MoveObserver& observer,
                                               std::string* stopReason) const {
  std::string error;
  if (!validate(error)) return nullptr;
  std::unique_ptr<Worker> w = makeWorker(error);
  if (!w) return nullptr;
  playGame(index, *w, nullptr, observer ? &observer : nullptr);
  if (timedOut) *timedOut = w->lastTimedOut;
  if (stopReason) *stopReason = w->lastStop;
  return std::move(w->last);
}

}  // namespace wb::sim
