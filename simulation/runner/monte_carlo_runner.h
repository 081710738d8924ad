// MonteCarloRunner: plays N games of one compiled Game between agents on T
// threads and returns mergeable statistics.
//
// Determinism: game i draws chance from Rng(deriveSeed(seed, i, 0)) and seat
// s's agent from Rng(deriveSeed(seed, i, 1 + s)); workers pull game indices
// from an atomic counter and sum integer tallies, so the result is identical
// for any thread count. Seats rotate: in game i seat s is played by
// agents[(s + i) % players]; when the engine declares teams (State::sideOf)
// whole teams rotate, so the agents given for one team's seats stay together.
// Factions follow a balanced round robin (faction_schedule.h). A game still
// running at the turn cap, or one that exceeds the bound on the actions of one
// turn or of a game (RunConfig), is a timeout (its length is kept, censored):
// every game ends. Sequential stopping (untilCi) plays fixed batches of batchGames
// and stops after the first batch where every headline interval is narrow enough;
// setResultCallback() uses the same batches to publish live results.
//
//   MonteCarloRunner runner(game, config);
//   runner.setProgressCallback([](const RunProgress& p) { ... });  // caller's thread
//   RunResult r = runner.run();          // blocks; runner.cancel() from any thread
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "simulation/core/game.h"
#include "simulation/runner/faction_schedule.h"
#include "simulation/runner/run_config.h"
#include "simulation/runner/run_result.h"

namespace wb::sim {

class Distribution;

class MonteCarloRunner {
 public:
  using ProgressCallback = std::function<void(const RunProgress&)>;

  // `game` must outlive the runner.
  MonteCarloRunner(const Game& game, RunConfig config);

  // Called on the thread that runs run(), about every `intervalSeconds` and once at the end.
  void setProgressCallback(ProgressCallback callback, double intervalSeconds = 0.1);

  // Live results: when set, run() plays in batches of config.batchGames and calls
  // `callback` (on the thread that runs run()) with the cumulative result after
  // each batch. Batches change nothing in the outcome: game i is still seeded
  // from (seed, i) and the sums are order-free, so the final result equals a
  // run without the callback (the workbench shows the same numbers as `balance run`).
  using ResultCallback = std::function<void(const RunResult&)>;
  void setResultCallback(ResultCallback callback) { m_resultCallback = std::move(callback); }

  // Checks the configuration (games, players, agent specs); false with a message.
  bool validate(std::string& error) const;

  // Plays the run; blocking. On a bad configuration returns a result with error set.
  RunResult run();

  // Asks a running run() to stop soon (checked between moves); thread-safe.
  void cancel() { m_cancel.store(true); }
  bool cancelRequested() const { return m_cancel.load(); }

  // Plays game `index` of this run alone, exactly as run() plays it, and
  // returns its final state (for replaying a timeout); nullptr on a bad configuration.
  // `observer` sees every move before it is applied (to print it by name);
  // `stopReason` tells why a timed-out game stopped (which cap or bound).
  using MoveObserver = std::function<void(const State& before, Action action)>;
  std::unique_ptr<State> replay(std::uint64_t index, bool* timedOut = nullptr, const MoveObserver& observer = {},
                                std::string* stopReason = nullptr) const;

  // The effective bounds of this run (RunConfig, or the game's defaults).
  int maxTurns() const { return m_maxTurns; }
  int maxActionsPerTurn() const { return m_maxActionsPerTurn; }
  long long maxActions() const { return m_maxActions; }

  // The seat rotation, exposed for tests and tools: one side per seat, and by
  // the sides of the game (whole sides rotate, then the seats within a side).
  static int agentSlotOfSeat(std::uint64_t gameIndex, int seat, int players);
  static int agentSlotOfSeat(std::uint64_t gameIndex, int seat, const std::vector<int>& sideOfSeat);
  // The faction of a seat when several agents rotate (the schedule moves on every `players` games).
  static int factionOfSeat(std::uint64_t gameIndex, int seat, int players, int factions);
  const FactionSchedule& schedule() const { return m_schedule; }
  // Games per schedule entry: `players` with several agents (every arrangement
  // of the agents meets each pairing), else 1.
  std::uint64_t gamesPerScheduleEntry() const;

 private:
  struct Worker;
  // Shares the games out through the installed Distribution (MPI ranks,
  // checkpoints; monte_carlo_job.cpp); false with result.error on failure.
  bool playDistributed(Distribution& distribution, RunResult& result, int threads, double startTime);
  void playBatch(std::uint64_t begin, std::uint64_t end, int threads, RunStats& into,
                 std::uint64_t& doneBefore, double startTime, std::uint64_t plannedTotal);
  bool playGame(std::uint64_t index, Worker& worker, RunStats* stats, const MoveObserver* observer = nullptr) const;
  std::unique_ptr<Worker> makeWorker(std::string& error) const;

  const Game& m_game;
  RunConfig m_config;
  std::vector<std::string> m_distinctAgents;  // distinct specs in first-seen order
  std::vector<int> m_slotAgent;               // agent slot (seat before rotation) -> distinct index
  int m_maxTurns = 0;
  int m_maxActionsPerTurn = 0;
  long long m_maxActions = 0;
  FactionSchedule m_schedule;
  ProgressCallback m_progress;
  ResultCallback m_resultCallback;
  double m_progressInterval = 0.1;
  std::atomic<bool> m_cancel{false};
  std::atomic<std::uint64_t> m_gamesDone{0};
};

}  // namespace wb::sim
