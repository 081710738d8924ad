#include "app/gui/assumptions/assumptions_job.h"

#include <QMetaObject>

#include "rulesets/engine_catalog.h"

namespace wb::app {

AssumptionsJob::AssumptionsJob(model::Ruleset snapshot, sim::RunConfig config, QObject* parent)
    : QObject(parent), m_snapshot(std::move(snapshot)), m_config(std::move(config)) {}

AssumptionsJob::~AssumptionsJob() {
  cancel();
  if (m_thread.joinable()) m_thread.join();
}

void AssumptionsJob::start() {
  if (m_running.exchange(true)) return;
  m_thread = std::thread([this] { work(); });
}

void AssumptionsJob::cancel() {
  m_cancel.store(true);
  std::lock_guard lock(m_mutex);
  if (m_runner) m_runner->cancel();
}

sim::AssumptionsResult AssumptionsJob::result() const {
  std::lock_guard lock(m_mutex);
  return m_result;
}

sim::AssumptionsProgress AssumptionsJob::progress() const {
  std::lock_guard lock(m_mutex);
  return m_progress;
}

void AssumptionsJob::work() {
  sim::AssumptionRunner runner(rulesets::builtinEngines(), m_snapshot, m_config);
  runner.setProgressCallback(
      [this](const sim::AssumptionsProgress& p) {
        {
          std::lock_guard lock(m_mutex);
          m_progress = p;
        }
        QMetaObject::invokeMethod(this, [this] { Q_EMIT progressed(); }, Qt::QueuedConnection);
      },
      0.2);
  {
    std::lock_guard lock(m_mutex);
    m_runner = &runner;
  }
  if (m_cancel.load()) runner.cancel();
  sim::AssumptionsResult r = runner.run();
  r.shipped.ruleset = m_snapshot.id;
  if (m_cancel.load()) r.cancelled = true;
  {
    std::lock_guard lock(m_mutex);
    m_runner = nullptr;
    m_result = std::move(r);
  }
  m_running.store(false);
  QMetaObject::invokeMethod(this, [this] { Q_EMIT finished(); }, Qt::QueuedConnection);
}

}  // namespace wb::app
