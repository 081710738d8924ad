#include "app/gui/simulation/simulation_job.h"

#include <QMetaObject>
#include <QPointer>

#include <chrono>

#include "rulesets/engine_catalog.h"
#include "simulation/core/rng.h"
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
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
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

  const std::uint64_t total = std::max<std::uint64_t>(1, m_config.games);
  // Blocks a multiple of the seat rotation, so every block is balanced.
  const std::uint64_t period = static_cast<std::uint64_t>(std::max(1, m_config.players)) *
                               std::max<std::uint64_t>(1, game->factions().size());
  std::uint64_t block = m_blockGames ? m_blockGames : std::max<std::uint64_t>(100, total / 10);
  block = std::max<std::uint64_t>(period, (block + period - 1) / period * period);

  sim::RunResult merged;
  std::uint64_t done = 0;
  for (std::uint64_t b = 0; done < total && !m_cancel.load(); ++b) {
    sim::RunConfig config = m_config;
    config.games = std::min(block, total - done);
    config.seed = b == 0 ? m_config.seed : sim::deriveSeed(m_config.seed, b, kBlockStream);
    config.untilCi = 0;
    sim::MonteCarloRunner runner(*game, config);
    std::string why;
    if (!runner.validate(why)) {
      {
        std::lock_guard lock(m_mutex);
        m_error = QString::fromStdString(why);
      }
      break;
    }
    const std::uint64_t before = done;
    runner.setProgressCallback([&, before](const sim::RunProgress& p) {
      const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
      sim::RunProgress overall;
      overall.gamesDone = before + p.gamesDone;
      overall.gamesTotal = total;
      overall.elapsedSeconds = elapsed;
      overall.gamesPerSecond = elapsed > 0 ? static_cast<double>(overall.gamesDone) / elapsed : 0.0;
      overall.etaSeconds = overall.gamesPerSecond > 0
                               ? static_cast<double>(total - overall.gamesDone) / overall.gamesPerSecond
                               : 0.0;
      {
        std::lock_guard lock(m_mutex);
        m_progress = overall;
      }
      post(&SimulationJob::progressed);
    });
    {
      std::lock_guard lock(m_mutex);
      m_runner = &runner;
    }
    if (m_cancel.load()) runner.cancel();
    sim::RunResult part = runner.run();
    {
      std::lock_guard lock(m_mutex);
      m_runner = nullptr;
    }
    if (!part.ok()) {
      std::lock_guard lock(m_mutex);
      m_error = QString::fromStdString(part.error);
      break;
    }
    if (b == 0) {
      merged = std::move(part);
      merged.ruleset = m_snapshot.id;
    } else {
      merged.stats.merge(part.stats);
      merged.cancelled = merged.cancelled || part.cancelled;
    }
    done += part.stats.games();
    merged.config.games = total;
    merged.config.seed = m_config.seed;
    merged.elapsedSeconds = std::chrono::duration<double>(Clock::now() - start).count();
    merged.cancelled = merged.cancelled || m_cancel.load();
    {
      std::lock_guard lock(m_mutex);
      m_result = merged;
    }
    post(&SimulationJob::resultUpdated);
    if (part.cancelled || part.stats.games() == 0) break;
  }
  m_running.store(false);
  post(&SimulationJob::finished);
}

}  // namespace wb::app
