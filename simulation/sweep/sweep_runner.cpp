#include "simulation/sweep/sweep_runner.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "model/core/scalar.h"
#include "model/path/ruleset_path.h"
#include "model/validation/name_suggestion.h"
#include "model/validation/ruleset_validator.h"
#include "simulation/results/entity_use_summary.h"
#include "simulation/core/wall_clock.h"

namespace wb::sim {
namespace {

std::vector<std::string> split(std::string_view text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    auto pos = text.find(sep, start);
    out.emplace_back(text.substr(start, pos == std::string_view::npos ? std::string_view::npos : pos - start));
    if (pos == std::string_view::npos) break;
    start = pos + 1;
  }
  for (auto& s : out) {
    while (!s.empty() && s.front() == ' ') s.erase(s.begin());
    while (!s.empty() && s.back() == ' ') s.pop_back();
  }
  return out;
}

}  // namespace

std::optional<std::vector<double>> parseSweepValues(std::string_view text, std::string& error) {
  std::vector<double> out;
  for (const auto& piece : split(text, ',')) {
    auto v = model::parseNumber(piece);
    if (!v) {
      error = "not a number: '" + piece + "' in '" + std::string(text) + "'";
      return std::nullopt;
    }
    out.push_back(*v);
  }
  if (out.size() > kMaxSweepPoints) {
    error = "too many values (at most " + std::to_string(kMaxSweepPoints) + ")";
    return std::nullopt;
  }
  return out;
}

std::optional<std::vector<double>> parseSweepRange(std::string_view text, std::string& error) {
  auto parts = split(text, ':');
  if (parts.size() != 3) {
    error = "expected FROM:TO:STEP, got '" + std::string(text) + "'";
    return std::nullopt;
  }
  double v[3];
  for (int i = 0; i < 3; ++i) {
    auto n = model::parseNumber(parts[static_cast<std::size_t>(i)]);
    if (!n) {
      error = "not a number: '" + parts[static_cast<std::size_t>(i)] + "' in '" + std::string(text) + "'";
      return std::nullopt;
    }
    v[i] = *n;
  }
  const double from = v[0], to = v[1], step = v[2];
  if (!(step > 0) || to < from) {
    error = "range '" + std::string(text) + "' needs FROM <= TO and STEP > 0";
    return std::nullopt;
  }
  const double count = std::floor((to - from) / step + 1e-9) + 1;
  if (count > static_cast<double>(kMaxSweepPoints)) {
    error = "range '" + std::string(text) + "' has too many values (at most " + std::to_string(kMaxSweepPoints) + ")";
    return std::nullopt;
  }
  std::vector<double> out;
  for (long long i = 0; i < static_cast<long long>(count); ++i) {
    double x = from + static_cast<double>(i) * step;
    // Snap float noise (0.1 * 3 = 0.30000000000000004) to 12 significant digits.
    x = std::stod(model::formatNumber(std::round(x * 1e9) / 1e9));
    out.push_back(x);
  }
  return out;
}

SweepRunner::SweepRunner(const EngineRegistry& registry, const model::Ruleset& base, SweepConfig config)
    : m_registry(registry), m_base(base), m_config(std::move(config)) {}

void SweepRunner::cancel() {
  m_cancelled.store(true);
  m_run.cancel();
  std::lock_guard lock(m_impactMutex);
  if (m_impact) m_impact->cancel();
}

SweepMetric SweepRunner::resolvedMetric() const {
  const SweepMetric& m = m_config.metric;
  if (m.kind != SweepMetric::Kind::Auto || m_config.axes.empty()) return m;
  model::Diagnostics diags;
  std::unique_ptr<Game> game = m_registry.compile(m_base, diags);
  static const std::vector<std::string> kNone;
  return resolveSweepMetric(m, m_config.axes[0].path, game ? game->entityIds() : kNone);
}

bool SweepRunner::playImpactPoint(const model::Ruleset& ruleset, const SweepMetric& metric, SweepPoint& point,
                                  const std::function<void(std::uint64_t)>& progress, std::string& error) {
  model::Diagnostics diags;
  std::unique_ptr<Game> game = m_registry.compile(ruleset, diags);
  if (!game) {
    error = diags.format();
    return false;
  }
  const auto& ids = game->entityIds();
  const auto it = std::find(ids.begin(), ids.end(), metric.id);
  if (it == ids.end()) {
    error = "metric " + metric.spec() + ": the game has no entity '" + metric.id + "'";
    return false;
  }
  ImpactConfig config;
  config.run = m_config.run;
  config.run.untilCi = 0;
  config.entities = {static_cast<int>(it - ids.begin())};
  config.restrict = !metric.grant;
  config.grant = metric.grant;
  ImpactRunner runner(*game, config);
  if (!runner.validate(error)) return false;
  if (progress) runner.setProgressCallback([&](const ImpactProgress& p) { progress(p.gamesDone); }, m_progressInterval);
  {
    std::lock_guard lock(m_impactMutex);
    if (m_cancelled.load()) return true;
    m_impact = &runner;
  }
  ImpactResult r = runner.run();
  {
    std::lock_guard lock(m_impactMutex);
    m_impact = nullptr;
  }
  if (!r.ok()) {
    error = r.error;
    return false;
  }
  RunResult& run = point.result;
  run.ruleset = ruleset.id;
  run.engine = r.engine;
  run.config = r.config.run;
  run.agents = r.agents;
  run.factions = game->factions();
  run.entities = ids;
  run.counters = game->counterIds();
  run.stats = r.baseline;
  run.elapsedSeconds = r.elapsedSeconds;
  run.cancelled = r.cancelled;
  const ImpactMeasure& m = metric.grant ? r.entities.front().granted : r.entities.front().restricted;
  point.impact = m;
  if (!m.measured) {
    error = "metric " + metric.spec() + ": " + m.note;
    return false;
  }
  point.estimate = m.lift.mean();
  point.ci = m.lift.interval();
  point.sampleSd = m.lift.pairs >= 2 && m.lift.sd() > 0 ? m.lift.sd() : 0.5;
  point.metric = OutcomeTally{};
  point.metric.games = m.lift.pairs;
  const double games = static_cast<double>(std::max<std::uint64_t>(1, r.baseline.games()));
  point.acquiredPerGame = static_cast<double>(r.baseline.entities()[static_cast<std::size_t>(config.entities.front())].acquired) / games;
  return true;
}

void SweepRunner::setProgressCallback(ProgressCallback callback, double intervalSeconds) {
  m_progress = std::move(callback);
  m_progressInterval = intervalSeconds;
}

std::optional<model::Ruleset> SweepRunner::rulesetAt(const std::vector<double>& values, std::string& error) const {
  model::Ruleset r = m_base;
  for (std::size_t a = 0; a < m_config.axes.size() && a < values.size(); ++a) {
    const std::string text = model::formatNumber(values[a]);
    std::string why;
    if (!model::setPath(r, m_config.axes[a].path, text, &why)) {
      error = m_config.axes[a].path + " = " + text + ": " + why;
      return std::nullopt;
    }
  }
  return r;
}

bool SweepRunner::validate(std::string& error) const {
  const auto& axes = m_config.axes;
  if (axes.empty() || axes.size() > 2) {
    error = "a sweep needs one or two parameters";
    return false;
  }
  if (axes.size() == 2 && axes[0].path == axes[1].path) {
    error = "both sweep parameters are " + axes[0].path;
    return false;
  }
  std::size_t total = 1;
  for (const auto& axis : axes) {
    std::string why;
    auto pv = model::getPath(m_base, axis.path, &why);
    if (!pv) {
      error = "unknown path " + axis.path + ": " + why;
      return false;
    }
    if (!pv->isNumeric()) {
      error = axis.path + " is not a numeric value (it is '" + pv->text + "')";
      return false;
    }
    if (axis.values.empty()) {
      error = "no values to sweep for " + axis.path;
      return false;
    }
    total *= axis.values.size();
    const EngineInfo* engine = m_registry.find(m_base.engine);
    for (double v : axis.values) {
      model::Ruleset copy = m_base;
      if (!model::setPath(copy, axis.path, model::formatNumber(v), &why)) {
        error = axis.path + " = " + model::formatNumber(v) + ": " + why;
        return false;
      }
      // Each point is held to the same rules as the file and --set (a cost of
      // -5 or 3000000000 is refused, never played as another number).
      model::Diagnostics diags;
      model::validateRuleset(copy, engine ? &engine->schema : nullptr, diags);
      for (const auto& d : diags.items()) {
        if (d.severity != model::Severity::Error) continue;
        error = axis.path + " = " + model::formatNumber(v) + ": " + d.message;
        return false;
      }
    }
  }
  if (total > kMaxSweepPoints) {
    error = "the sweep has " + std::to_string(total) + " points (at most " + std::to_string(kMaxSweepPoints) +
            ": each point keeps its whole run, in memory and in --json; sweep a narrower range)";
    return false;
  }
  if (m_config.run.games == 0) {
    error = "--games must be at least 1";
    return false;
  }
  const SweepMetric m = resolvedMetric();
  if (m.kind == SweepMetric::Kind::Seat && m.seat >= m_config.run.players) {
    error = "metric " + m.spec() + ": the game has " + std::to_string(m_config.run.players) + " seats";
    return false;
  }
  if (m.kind == SweepMetric::Kind::Agent) {
    bool found = false;
    for (const auto& a : m_config.run.agents) found = found || a == m.id;
    if (!found) {
      error = "metric " + m.spec() + ": no agent '" + m.id + "' in the run (--agents)";
      return false;
    }
  }
  if (m.isImpact()) {
    // Each impact point is an impact run of one entity and one measure: the baseline and the treated games.
    if (m_config.run.games > kMaxImpactTasks / 2) {
      error = "an impact point of " + std::to_string(m_config.run.games) + " games is more than one impact run keeps in memory (at most " +
              std::to_string(kMaxImpactTasks / 2) + " games per point)";
      return false;
    }
    if (m_config.target > 1.0 || m_config.target < -1.0) {
      error = "the target of an impact metric is a lift between -1 and 1";
      return false;
    }
  } else if (m.isUse()) {
    // The entity (or kind) must be one the game reports: checked before any game.
    model::Diagnostics diags;
    const std::unique_ptr<Game> game = m_registry.compile(m_base, diags);
    const std::vector<std::string> ids = game ? game->entityIds() : std::vector<std::string>{};
    if (ids.empty()) {
      error = "metric " + m.spec() + ": the game reports no entities (cards, abilities, ...)";
      return false;
    }
    if (m.kind == SweepMetric::Kind::Use && std::find(ids.begin(), ids.end(), m.id) == ids.end()) {
      error = "metric " + m.spec() + ": the game has no entity '" + m.id + "'" +
              model::validation::didYouMean(m.id, std::set<std::string, std::less<>>(ids.begin(), ids.end()));
      return false;
    }
    if (m.kind == SweepMetric::Kind::Diversity && !m.id.empty()) {
      const std::vector<std::string> kinds = entityKinds(m_base, ids);
      if (std::find(kinds.begin(), kinds.end(), m.id) == kinds.end()) {
        error = "metric " + m.spec() + ": the game has no entities of kind '" + m.id + "'" +
                model::validation::didYouMean(m.id, std::set<std::string, std::less<>>(kinds.begin(), kinds.end()));
        return false;
      }
    }
  } else if (m_config.target > 1.0) {
    error = "the target is a win rate between 0 and 1";
    return false;
  }
  return true;
}

// A use or diversity metric at one point: its value and interval over the
// run's groups of games (entity_use_summary.h); false with a message.
static bool useEstimate(const SweepMetric& m, const RunResult& r, UseEstimate& out, std::string& error) {
  const EntityUseSummary s = summarizeEntityUse(r);
  if (m.kind == SweepMetric::Kind::Use) {
    for (const auto& e : s.entities)
      if (e.id == m.id) {
        const int use = m.use >= 0 ? m.use : std::max(0, e.main);
        out = e.perGame[use];
        return true;
      }
    error = "metric " + m.spec() + ": no entity '" + m.id + "' in the run";
    return false;
  }
  for (const auto& d : s.diversity)
    if (m.id.empty() || d.kind == m.id) {
      if (m.use >= 0 && m.use != d.use) {
        // Another use than the kind's own: the same estimator on that use's groups.
        const UseGroups& g = r.stats.useGroups();
        std::vector<std::vector<double>> rows(static_cast<std::size_t>(UseGroups::kGroups));
        for (std::size_t e = 0; e < s.entities.size(); ++e)
          if (s.entities[e].kind == d.kind)
            for (int k = 0; k < UseGroups::kGroups && !g.games.empty(); ++k)
              rows[static_cast<std::size_t>(k)].push_back(static_cast<double>(g.at(k, static_cast<int>(e), m.use)));
        out = useDiversity(rows, g.games.empty() ? 0 : rows.size());
        return true;
      }
      out = d.value;
      return true;
    }
  error = "metric " + m.spec() + ": no kind with two entities or more in the run";
  return false;
}

SweepResult SweepRunner::run() {
  SweepResult result;
  result.config = m_config;
  result.ruleset = m_base.id;
  if (!validate(result.error)) return result;
  const SweepMetric metric = resolvedMetric();
  result.config.metric = metric;
  // Impact points play the baseline and the treated games: twice the games of a run.
  const std::uint64_t gamesPerPoint = m_config.run.games * (metric.isImpact() ? 2 : 1);
  const double start = wallSeconds();
  const auto& axes = m_config.axes;
  const std::size_t n1 = axes[0].values.size();
  const std::size_t n2 = axes.size() > 1 ? axes[1].values.size() : 1;
  SweepProgress progress;
  progress.pointsTotal = n1 * n2;
  progress.gamesTotal = gamesPerPoint * progress.pointsTotal;
  std::uint64_t gamesBefore = 0;

  for (std::size_t i2 = 0; i2 < n2; ++i2) {
    for (std::size_t i1 = 0; i1 < n1; ++i1) {
      SweepPoint point;
      point.values.push_back(axes[0].values[i1]);
      if (axes.size() > 1) point.values.push_back(axes[1].values[i2]);
      auto ruleset = rulesetAt(point.values, result.error);
      if (!ruleset) return result;
      MonteCarloRunner::ProgressCallback perGame;
      if (m_progress) {
        perGame = [&](const RunProgress& p) {
          progress.gamesDone = gamesBefore + p.gamesDone;
          progress.elapsedSeconds = wallSeconds() - start;
          const double rate = progress.elapsedSeconds > 0 ? static_cast<double>(progress.gamesDone) / progress.elapsedSeconds : 0;
          progress.etaSeconds = rate > 0 ? static_cast<double>(progress.gamesTotal - std::min(progress.gamesTotal, progress.gamesDone)) / rate : 0;
          m_progress(progress);
        };
      }
      if (metric.isImpact()) {
        std::function<void(std::uint64_t)> perPair;
        if (m_progress) perPair = [&](std::uint64_t done) {
          RunProgress p;
          p.gamesDone = done;
          perGame(p);
        };
        std::string why;
        if (!playImpactPoint(*ruleset, metric, point, perPair, why)) {
          result.error = "at " + axes[0].path + " = " + model::formatNumber(point.values[0]) + ": " + why;
          return result;
        }
      } else {
        point.result = m_run.run(m_registry, *ruleset, m_config.run, perGame, m_progressInterval);
        point.result.entityKinds = entityKinds(*ruleset, point.result.entities);
      }
      if (!point.result.ok()) {
        result.error = "at " + axes[0].path + " = " + model::formatNumber(point.values[0]) + ": " + point.result.error;
        return result;
      }
      if (point.result.cancelled || m_run.cancelled() || m_cancelled.load()) {
        result.cancelled = true;
        result.elapsedSeconds = wallSeconds() - start;
        return result;
      }
      if (result.points.empty()) {
        result.config.run = point.result.config;  // threads / max turns resolved
        if (m_config.target < 0 && !metric.isUse())  // use and diversity: no fair value
          result.config.target = metric.defaultTarget(m_config.run.players, point.result.stats.firstSideTest().sides);
      }
      if (metric.isUse()) {
        UseEstimate u;
        if (!useEstimate(metric, point.result, u, result.error)) return result;
        point.metric.games = point.result.stats.games();
        point.estimate = u.value;
        point.ci = u.ci;
        point.sampleSd = std::isfinite(u.se) ? u.se * std::sqrt(static_cast<double>(std::max<std::uint64_t>(1, point.metric.games))) : 1.0;
      } else if (!metric.isImpact()) {
        auto tally = metricTally(point.result, metric, result.error);
        if (!tally) return result;
        point.metric = *tally;
        point.estimate = tally->winRate();
        point.ci = wilsonInterval(tally->wins, tally->games);
        point.sampleSd = std::sqrt(std::max(0.01, point.estimate * (1.0 - point.estimate)));
      }
      gamesBefore += gamesPerPoint;
      ++progress.pointsDone;
      result.points.push_back(std::move(point));
      if (m_pointCallback) m_pointCallback(result.points.back());
    }
    SweepCurve curve;
    curve.value2 = axes.size() > 1 ? axes[1].values[i2] : 0.0;
    std::vector<CurvePoint> cps;
    for (std::size_t i1 = 0; i1 < n1; ++i1) {
      const SweepPoint& p = result.points[i2 * n1 + i1];
      if (p.metric.games == 0) continue;  // nothing to estimate here (e.g. no game with a winner)
      cps.push_back({p.values[0], p.rate(), p.ci.lo, p.ci.hi, p.sampleSd});
    }
    curve.balance = findBalancePoint(std::move(cps), result.config.effectiveTarget());
    result.curves.push_back(curve);
  }
  result.elapsedSeconds = wallSeconds() - start;
  return result;
}

}  // namespace wb::sim
