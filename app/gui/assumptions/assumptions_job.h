// AssumptionsJob: `balance assumptions` (sim::AssumptionRunner: the shipped
// ruleset and every alternative of every assumed value, on the same seeds) on
// a worker thread for the workbench's "Measure assumptions". Works on a
// snapshot of the ruleset, so editing during the measurement is safe; signals
// are emitted on the GUI thread.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <mutex>
#include <thread>

#include "model/core/ruleset.h"
#include "simulation/assumptions/assumption_runner.h"

namespace wb::app {

class AssumptionsJob : public QObject {
  Q_OBJECT
 public:
  AssumptionsJob(model::Ruleset snapshot, sim::RunConfig config, QObject* parent = nullptr);
  ~AssumptionsJob() override;  // cancels and waits
  void start();
  void cancel();  // thread-safe; the current run stops between moves
  bool isRunning() const { return m_running.load(); }
  bool wasCancelled() const { return m_cancel.load(); }
  const model::Ruleset& snapshot() const { return m_snapshot; }
  sim::AssumptionsResult result() const;
  sim::AssumptionsProgress progress() const;

 Q_SIGNALS:
  void progressed();
  void finished();

 private:
  void work();
  const model::Ruleset m_snapshot;
  sim::RunConfig m_config;
  std::thread m_thread;
  std::atomic<bool> m_running{false};
  std::atomic<bool> m_cancel{false};
  mutable std::mutex m_mutex;
  sim::AssumptionRunner* m_runner = nullptr;  // while it runs (under m_mutex)
  sim::AssumptionsResult m_result;
  sim::AssumptionsProgress m_progress;
};

}  // namespace wb::app
