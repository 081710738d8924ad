#include "app/gui/sweep/sweep_job.h"

#include <QMetaObject>

#include "rulesets/engine_catalog.h"

namespace wb::app {

SweepJob::SweepJob(model::Ruleset snapshot, sim::SweepConfig config, QObject* parent)
    : QObject(parent),
      m_snapshot(std::move(snapshot)),
      m_config(std::move(config)),
      m_runner(rulesets::builtinEngines(), m_snapshot, m_config) {}

SweepJob::~SweepJob() {
  cancel();
  if (m_thread.joinable()) m_thread.join();
}

bool SweepJob::validate(QString* error) const {
  std::string why;
  if (m_runner.validate(why)) return true;
  if (error) *error = QString::fromStdString(why);
  return false;
}

void SweepJob::start() {
  if (m_running.exchange(true)) return;
  m_cancel.store(false);
  m_thread = std::thread([this] { work(); });
}

void SweepJob::cancel() {
  m_cancel.store(true);
  m_runner.cancel();
}

std::vector<sim::SweepPoint> SweepJob::points() const {
  std::lock_guard lock(m_mutex);
  return m_points;
}

sim::SweepProgress SweepJob::progress() const {
  std::lock_guard lock(m_mutex);
  return m_progress;
}

sim::SweepResult SweepJob::result() const {
  std::lock_guard lock(m_mutex);
  return m_result;
}

QString SweepJob::error() const {
  std::lock_guard lock(m_mutex);
  return m_error;
}

void SweepJob::post(void (SweepJob::*signal)()) {
  QMetaObject::invokeMethod(this, [this, signal] { Q_EMIT(this->*signal)(); }, Qt::QueuedConnection);
}

void SweepJob::work() {
  m_runner.setProgressCallback([this](const sim::SweepProgress& p) {
    {
      std::lock_guard lock(m_mutex);
      m_progress = p;
    }
    post(&SweepJob::progressed);
  });
  m_runner.setPointCallback([this](const sim::SweepPoint& point) {
    {
      std::lock_guard lock(m_mutex);
      m_points.push_back(point);
    }
    post(&SweepJob::pointAdded);
  });
  // A cancel before the runner started is kept by RulesetRun (see cancel()).
  sim::SweepResult result = m_runner.run();
  {
    std::lock_guard lock(m_mutex);
    result.cancelled = result.cancelled || m_cancel.load();
    if (!result.ok()) m_error = QString::fromStdString(result.error);
    m_result = std::move(result);
  }
  m_running.store(false);
  post(&SweepJob::finished);
}

}  // namespace wb::app
