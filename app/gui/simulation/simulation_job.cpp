#include "app/gui/simulation/simulation_job.h"

#include <QMetaObject>
#include <QPointer>

#include "rulesets/engine_catalog.h"
#include "simulation/runner/monte_carlo_runner.h"

namespace wb::app {

SimulationJob::SimulationJob(model::Ruleset snapshot, sim::RunConfig config, QObject* parent)
    : QObject(parent), m_snapshot(std::move(snapshot)), m_config(std::move(config)) {}

SimulationJob::~SimulationJob() {
  cancel();
  if (m_thread.joinable()) m_thread.join();
}

void SimulationJob::start() {
  if (m_running.exchange(true)) return;
  m_cancel.store(false);
  m_thread = std::thread([this] { work(); });
}

void SimulationJob::cancel() {
  m_cancel.store(true);
  std::lock_guard lock(m_mutex);
  if (m_runner) m_runner->cancel();
}

sim::RunResult SimulationJob::result() const {
  std::lock_guard lock(m_mutex);
  return m_result;
}

sim::RunProgress SimulationJob::progress() const {
  std::lock_guard lock(m_mutex);
  return m_progress;
}

QString SimulationJob::error() const {
  std::lock_guard lock(m_mutex);
  return m_error;
}

void SimulationJob::post(void (SimulationJob::*signal)()) {
  QMetaObject::invokeMethod(this, [this, signal] { Q_EMIT(this->*signal)(); }, Qt::QueuedConnection);
}

void SimulationJob::work() {
  model::Diagnostics diagnostics;
  std::unique_ptr<sim::Game> game = rulesets::builtinEngines().compile(m_snapshot, diagnostics);
  if (!game) {
    {
      std::lock_guard lock(m_mutex);
      m_error = diagnostics.empty() ? tr("The engine could not compile this ruleset.")
                                    : QString::fromStdString(diagnostics.format()).trimmed();
    }
    m_running.store(false);
    post(&SimulationJob::finished);
    return;
  }

  // One runner over the whole run; it publishes the cumulative result after each
  // batch. Game i is seeded from (seed, i) whatever the batches, so the final
  // numbers are exactly those of `balance run` with the same seed and games.
  const std::uint64_t total = std::max<std::uint64_t>(1, m_config.games);
  sim::RunConfig config = m_config;
  config.games = total;
  config.untilCi = 0;
  config.batchGames = m_blockGames ? m_blockGames : std::max<std::uint64_t>(50, total / 20);
  sim::MonteCarloRunner runner(*game, config);
  std::string why;
  if (!runner.validate(why)) {
    {
      std::lock_guard lock(m_mutex);
      m_error = QString::fromStdString(why);
    }
    m_running.store(false);
    post(&SimulationJob::finished);
    return;
  }
  runner.setProgressCallback([this](const sim::RunProgress& p) {
    {
      std::lock_guard lock(m_mutex);
      m_progress = p;
    }
    post(&SimulationJob::progressed);
  });
  runner.setResultCallback([this](const sim::RunResult& partial) {
    {
      std::lock_guard lock(m_mutex);
      m_result = partial;
      m_result.ruleset = m_snapshot.id;
      m_result.cancelled = m_result.cancelled || m_cancel.load();
    }
    post(&SimulationJob::resultUpdated);
  });
  {
    std::lock_guard lock(m_mutex);
    m_runner = &runner;
  }
  if (m_cancel.load()) runner.cancel();
  sim::RunResult final = runner.run();
  {
    std::lock_guard lock(m_mutex);
    m_runner = nullptr;
    if (!final.ok()) {
      m_error = QString::fromStdString(final.error);
    } else {
      m_result = std::move(final);
      m_result.ruleset = m_snapshot.id;
      m_result.cancelled = m_result.cancelled || m_cancel.load();
    }
  }
  post(&SimulationJob::resultUpdated);
  m_running.store(false);
  post(&SimulationJob::finished);
}

}  // namespace wb::app
