// SweepJob: one what-if sweep of the workbench (sim::SweepRunner) on a worker
// thread, like SimulationJob for a run.
//
// It works on a snapshot (a copy of the document's Ruleset), so the designer
// can keep editing while it runs. Each finished point is published at once
// (pointAdded), so the curve grows live; the points are those of `balance
// sweep` with the same path, values, seed, games and agents. Signals are
// emitted on the GUI thread. The destructor cancels and waits.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/sweep/sweep_runner.h"

namespace wb::app {

class SweepJob : public QObject {
  Q_OBJECT
 public:
  SweepJob(model::Ruleset snapshot, sim::SweepConfig config, QObject* parent = nullptr);
  ~SweepJob() override;  // cancels and waits

  // Checks the configuration on the snapshot (paths, values, metric, agents)
  // without playing; false with a message. start() runs it again on the worker.
  bool validate(QString* error) const;
  void start();
  void cancel();  // thread-safe; the sweep stops between moves
  bool isRunning() const { return m_running.load(); }
  bool wasCancelled() const { return m_cancel.load(); }

  const sim::SweepConfig& config() const { return m_config; }
  std::vector<sim::SweepPoint> points() const;  // finished so far, in play order
  sim::SweepProgress progress() const;
  sim::SweepResult result() const;              // final (after finished)
  QString error() const;                        // the sweep failed (bad path, value, config)

 Q_SIGNALS:
  void progressed();
  void pointAdded();
  void finished();

 private:
  void work();
  void post(void (SweepJob::*signal)());

  const model::Ruleset m_snapshot;
  const sim::SweepConfig m_config;
  sim::SweepRunner m_runner;  // reads m_snapshot; cancel() is thread-safe
  std::thread m_thread;
  std::atomic<bool> m_running{false};
  std::atomic<bool> m_cancel{false};
  mutable std::mutex m_mutex;
  std::vector<sim::SweepPoint> m_points;
  sim::SweepProgress m_progress;
  sim::SweepResult m_result;
  QString m_error;
};

}  // namespace wb::app
