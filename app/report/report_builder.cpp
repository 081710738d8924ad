#include "app/report/report_builder.h"

#include <algorithm>
#include <chrono>
#include <ctime>

#include "app/report/tune_section.h"

namespace wb::app {

std::string utcNow() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

ReportBuilder::ReportBuilder(const sim::EngineRegistry& registry, const model::Ruleset& ruleset, ReportRequest request)
    : m_registry(registry), m_ruleset(ruleset), m_request(std::move(request)) {}

void ReportBuilder::setProgressCallback(ProgressCallback callback, double intervalSeconds) {
  m_progress = std::move(callback);
  m_interval = intervalSeconds;
}

void ReportBuilder::cancel() {
  std::lock_guard lock(m_mutex);
  m_cancelled.store(true);
  m_run.cancel();
  if (m_sweep) m_sweep->cancel();
  if (m_impact) m_impact->cancel();
}

namespace {

// The played sweep standing in for `axis` (same path and values), or nullptr.
const sim::SweepResult* playedSweep(const ReportRequest& q, const sim::SweepAxis& axis) {
  for (const auto& sw : q.playedSweeps)
    if (sw.ok() && !sw.cancelled && sw.config.axes.size() == 1 && sw.config.axes[0].path == axis.path &&
        sw.config.axes[0].values == axis.values)
      return &sw;
  return nullptr;
}

}  // namespace

std::uint64_t gamesToPlay(const ReportRequest& q) {
  std::uint64_t total = q.playedRun ? 0 : q.run.games;
  for (const auto& axis : q.sweeps)
    if (!playedSweep(q, axis)) total += q.run.games * axis.values.size();
  return total;
}

bool ReportBuilder::build(ReportData& out, std::string& error) {
  const ReportRequest& q = m_request;
  out.rulesetId = m_ruleset.id;
  out.rulesetName = m_ruleset.name;
  out.engine = m_ruleset.engine;
  out.version = m_ruleset.version;
  out.file = q.file;
  out.sets = q.sets;
  out.unsavedEdits = q.unsavedEdits;
  for (model::Section section : model::kSections)
    for (const auto& e : m_ruleset.entities(section))
      if (!e.name.empty()) out.entityNames[e.id] = e.name;
  out.contentHash = contentHash(m_ruleset);
  if (q.tune) attachTuneResult(out, *q.tune, q.tuneHash);
  if (q.playedLadder) out.ladder = q.playedLadder;
  if (q.playedAssumptions) {
    out.assumptions = q.playedAssumptions;
    out.assumptions->shipped.ruleset = m_ruleset.id;
  }
  out.window = q.window;
#ifdef WB_VERSION
  out.programVersion = WB_VERSION;
#endif
  out.date = utcNow();
  out.command = q.command;
  out.runCommand = q.runCommand;
  out.assumed = assumedMarks(m_ruleset);
  out.dice = answerDiceQuestions(m_ruleset);

  std::uint64_t total = gamesToPlay(q);
  // The impact's entities (checked before anything is played).
  std::unique_ptr<sim::Game> impactGame;
  sim::ImpactConfig impact;
  std::uint64_t impactGames = 0;
  if (!q.impactEntities.empty()) {
    model::Diagnostics diags;
    impactGame = m_registry.compile(m_ruleset, diags);
    if (!impactGame) {
      error = diags.format();
      return false;
    }
    const auto& ids = impactGame->entityIds();
    for (const auto& id : q.impactEntities) {
      if (id == "all") {
        for (std::size_t e = 0; e < ids.size(); ++e) impact.entities.push_back(static_cast<int>(e));
        continue;
      }
      auto it = std::find(ids.begin(), ids.end(), id);
      if (it == ids.end()) {
        error = "--impact: unknown entity '" + id + "'";
        return false;
      }
      impact.entities.push_back(static_cast<int>(it - ids.begin()));
    }
    impact.run = q.run;
    impact.run.games = std::max<std::uint64_t>(1, q.impactGames);
    impact.run.untilCi = 0;
    // The impact's size is checked with the main run's, before anything is
    // played (`--impact-games 1e12` was refused only after the run).
    if (!sim::ImpactRunner(*impactGame, impact).validate(error)) {
      error = "--impact-games: " + error;
      return false;
    }
    std::uint64_t measures = 0;
    for (int e : impact.entities) measures += 1 + (impactGame->canGrant(e) ? 1 : 0);
    impactGames = impact.run.games * (1 + measures);
    total += impactGames;
  }
  std::uint64_t before = 0;
  ReportProgress progress;
  progress.gamesTotal = total;
  const auto start = std::chrono::steady_clock::now();
  auto report = [&](std::uint64_t done) {
    if (!m_progress) return;
    progress.gamesDone = before + done;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double rate = elapsed > 0 ? static_cast<double>(progress.gamesDone) / elapsed : 0;
    progress.etaSeconds = rate > 0 ? static_cast<double>(total - std::min(total, progress.gamesDone)) / rate : 0;
    m_progress(progress);
  };

  progress.stage = "run";
  if (q.playedRun) {
    out.run = *q.playedRun;
    out.runReused = true;
    out.gamesReused += out.run.stats.games();
  } else {
    out.run = m_run.run(m_registry, m_ruleset, q.run, [&](const sim::RunProgress& p) { report(p.gamesDone); }, m_interval);
    out.gamesPlayed += out.run.stats.games();
  }
  if (!out.run.ok()) {
    error = out.run.error;
    return false;
  }
  if (out.run.cancelled || m_cancelled.load()) {
    m_cancelled.store(true);
    error = "cancelled";
    return false;
  }
  if (!q.playedRun) before += out.run.stats.games();
  out.entities = entityRows(out.run);

  for (const auto& axis : q.sweeps) {
    if (const sim::SweepResult* played = playedSweep(q, axis)) {
      for (const auto& p : played->points) {
        out.gamesReused += p.result.stats.games();
        out.sweepGamesReused += p.result.stats.games();
      }
      out.sweeps.push_back(*played);
      continue;
    }
    sim::SweepConfig config;
    config.axes = {axis};
    config.run = q.run;
    config.metric = q.metric;
    config.target = q.target;
    sim::SweepRunner sweep(m_registry, m_ruleset, config);
    if (!sweep.validate(error)) return false;
    progress.stage = "sweep " + axis.path;
    sweep.setProgressCallback([&](const sim::SweepProgress& p) { report(p.gamesDone); }, m_interval);
    {
      std::lock_guard lock(m_mutex);
      if (m_cancelled.load()) break;
      m_sweep = &sweep;
    }
    sim::SweepResult r = sweep.run();
    {
      std::lock_guard lock(m_mutex);
      m_sweep = nullptr;
    }
    if (!r.ok()) {
      error = r.error;
      return false;
    }
    if (r.cancelled) m_cancelled.store(true);
    for (const auto& p : r.points) before += p.result.stats.games();
    for (const auto& p : r.points) {
      out.gamesPlayed += p.result.stats.games();
      out.sweepGamesPlayed += p.result.stats.games();
    }
    out.sweeps.push_back(std::move(r));
    if (m_cancelled.load()) break;
  }
  if (q.impactEntities.empty() && q.playedImpact && !m_cancelled.load()) {
    out.impact = *q.playedImpact;
    out.impact->ruleset = m_ruleset.id;
    out.gamesReused += out.impact->baseline.games();
  }
  if (impactGame && !impact.entities.empty() && !m_cancelled.load()) {
    sim::ImpactRunner runner(*impactGame, impact);
    if (!runner.validate(error)) return false;
    progress.stage = "impact";
    runner.setProgressCallback([&](const sim::ImpactProgress& p) { report(p.gamesDone); }, m_interval);
    {
      std::lock_guard lock(m_mutex);
      if (!m_cancelled.load()) m_impact = &runner;
    }
    if (m_impact) {
      sim::ImpactResult r = runner.run();
      {
        std::lock_guard lock(m_mutex);
        m_impact = nullptr;
      }
      if (!r.ok()) {
        error = r.error;
        return false;
      }
      if (r.cancelled) m_cancelled.store(true);
      r.ruleset = m_ruleset.id;
      out.gamesPlayed += impactGames;
      out.impact = std::move(r);
    }
  }
  if (m_cancelled.load()) {
    error = "cancelled";
    return false;
  }
  return true;
}

}  // namespace wb::app
