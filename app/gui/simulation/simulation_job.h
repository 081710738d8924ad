// SimulationJob: one Monte Carlo run of the workbench on a worker thread.
//
// It works on an immutable snapshot (a copy of the Ruleset, compiled into a
// sim::Game on the worker), so the designer can keep editing while it runs.
// The runner publishes the cumulative result after each batch of games
// (resultUpdated), so charts fill in live; batches do not change the outcome,
// so the final numbers equal `balance run` with the same seed, games and
// agents. Signals are emitted on the GUI thread.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <memory>
#include <mutex>
#include <thread>

#include "model/core/ruleset.h"
#include "simulation/runner/run_config.h"
#include "simulation/runner/run_result.h"

namespace wb::sim {
class MonteCarloRunner;
}

namespace wb::app {

class SimulationJob : public QObject {
  Q_OBJECT
 public:
  SimulationJob(model::Ruleset snapshot, sim::RunConfig config, QObject* parent = nullptr);
  ~SimulationJob() override;  // cancels and waits

  // Games between live updates (0 = about a twentieth of the run, at least 50).
  void setBlockGames(std::uint64_t games) { m_blockGames = games; }
  void start();
  void cancel();  // thread-safe; the run stops between moves
  bool isRunning() const { return m_running.load(); }
  bool wasCancelled() const { return m_cancel.load(); }

  sim::RunResult result() const;      // merged so far (or final)
  sim::RunProgress progress() const;
  QString error() const;              // the run could not start (bad ruleset / agents)

 Q_SIGNALS:
  void progressed();
  void resultUpdated();
  void finished();

 private:
  void work();
  void post(void (SimulationJob::*signal)());

  model::Ruleset m_snapshot;
  sim::RunConfig m_config;
  std::uint64_t m_blockGames = 0;
  std::thread m_thread;
  std::atomic<bool> m_running{false};
  std::atomic<bool> m_cancel{false};
  mutable std::mutex m_mutex;
  sim::MonteCarloRunner* m_runner = nullptr;  // the block playing now (under m_mutex)
  sim::RunResult m_result;
  sim::RunProgress m_progress;
  QString m_error;
};

}  // namespace wb::app
