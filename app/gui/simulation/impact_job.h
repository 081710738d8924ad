// ImpactJob: the causal impact experiment (sim::ImpactRunner: restricted play
// and grant, paired on common random numbers) on a worker thread, for the
// Simulation tab's entity table. Works on a snapshot of the ruleset; signals
// are emitted on the GUI thread.
#pragma once

#include <QObject>
#include <QString>

#include <atomic>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/impact/impact_runner.h"

namespace wb::app {

class ImpactJob : public QObject {
  Q_OBJECT
 public:
  // `entities` are entity ids (empty = every entity of the engine); config.entities is filled from them.
  ImpactJob(model::Ruleset snapshot, sim::ImpactConfig config, std::vector<std::string> entities, QObject* parent = nullptr);
  ~ImpactJob() override;  // cancels and waits
  void start();
  void cancel();
  bool isRunning() const { return m_running.load(); }
  sim::ImpactResult result() const;
  sim::ImpactProgress progress() const;
  QString error() const;

 Q_SIGNALS:
  void progressed();
  void finished();

 private:
  void work();
  model::Ruleset m_snapshot;
  sim::ImpactConfig m_config;
  std::vector<std::string> m_entities;
  std::thread m_thread;
  std::atomic<bool> m_running{false};
  std::atomic<bool> m_cancel{false};
  mutable std::mutex m_mutex;
  sim::ImpactRunner* m_runner = nullptr;
  sim::ImpactResult m_result;
  sim::ImpactProgress m_progress;
  QString m_error;
};

}  // namespace wb::app
