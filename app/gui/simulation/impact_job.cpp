#include "app/gui/simulation/impact_job.h"

#include <QMetaObject>

#include <algorithm>

#include "rulesets/engine_catalog.h"

namespace wb::app {

ImpactJob::ImpactJob(model::Ruleset snapshot, sim::ImpactConfig config, std::vector<std::string> entities, QObject* parent)
    : QObject(parent), m_snapshot(std::move(snapshot)), m_config(std::move(config)), m_entities(std::move(entities)) {}

ImpactJob::~ImpactJob() {
  cancel();
  if (m_thread.joinable()) m_thread.join();
}

void ImpactJob::start() {
  if (m_running.exchange(true)) return;
  m_thread = std::thread([this] { work(); });
}

void ImpactJob::cancel() {
  m_cancel.store(true);
  std::lock_guard lock(m_mutex);
  if (m_runner) m_runner->cancel();
}

sim::ImpactResult ImpactJob::result() const {
  std::lock_guard lock(m_mutex);
  return m_result;
}

sim::ImpactProgress ImpactJob::progress() const {
  std::lock_guard lock(m_mutex);
  return m_progress;
}

QString ImpactJob::error() const {
  std::lock_guard lock(m_mutex);
  return m_error;
}

void ImpactJob::work() {
  auto finish = [this](const QString& error) {
    {
      std::lock_guard lock(m_mutex);
      m_error = error;
    }
    m_running.store(false);
    QMetaObject::invokeMethod(this, [this] { Q_EMIT finished(); }, Qt::QueuedConnection);
  };
  model::Diagnostics diagnostics;
  std::unique_ptr<sim::Game> game = rulesets::builtinEngines().compile(m_snapshot, diagnostics);
  if (!game) return finish(QString::fromStdString(diagnostics.format()).trimmed());
  const auto& ids = game->entityIds();
  m_config.entities.clear();
  for (std::size_t e = 0; e < ids.size(); ++e)
    if (m_entities.empty() || std::find(m_entities.begin(), m_entities.end(), ids[e]) != m_entities.end())
      m_config.entities.push_back(static_cast<int>(e));
  sim::ImpactRunner runner(*game, m_config);
  std::string why;
  if (!runner.validate(why)) return finish(QString::fromStdString(why));
  runner.setProgressCallback([this](const sim::ImpactProgress& p) {
    {
      std::lock_guard lock(m_mutex);
      m_progress = p;
    }
    QMetaObject::invokeMethod(this, [this] { Q_EMIT progressed(); }, Qt::QueuedConnection);
  });
  {
    std::lock_guard lock(m_mutex);
    m_runner = &runner;
  }
  if (m_cancel.load()) runner.cancel();
  sim::ImpactResult r = runner.run();
  r.ruleset = m_snapshot.id;
  {
    std::lock_guard lock(m_mutex);
    m_runner = nullptr;
    m_result = std::move(r);
  }
  finish(QString::fromStdString(m_result.error));
}

}  // namespace wb::app
