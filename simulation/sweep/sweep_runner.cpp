#include "simulation/sweep/sweep_runner.h"

#include <chrono>
#include <cmath>

#include "model/core/scalar.h"
#include "model/path/ruleset_path.h"

namespace wb::sim {
namespace {

double now() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

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
    for (double v : axis.values) {
      model::Ruleset copy = m_base;
      if (!model::setPath(copy, axis.path, model::formatNumber(v), &why)) {
        error = axis.path + " = " + model::formatNumber(v) + ": " + why;
        return false;
      }
    }
  }
  if (total > kMaxSweepPoints) {
    error = "the sweep has " + std::to_string(total) + " points (at most " + std::to_string(kMaxSweepPoints) + ")";
    return false;
  }
  if (m_config.run.games == 0) {
    error = "--games must be at least 1";
    return false;
  }
  const SweepMetric& m = m_config.metric;
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
  if (m_config.target > 1.0) {
    error = "the target is a win rate between 0 and 1";
    return false;
  }
  return true;
}

SweepResult SweepRunner::run() {
  SweepResult result;
  result.config = m_config;
  result.ruleset = m_base.id;
  if (!validate(result.error)) return result;
  const double start = now();
  const auto& axes = m_config.axes;
  const std::size_t n1 = axes[0].values.size();
  const std::size_t n2 = axes.size() > 1 ? axes[1].values.size() : 1;
  SweepProgress progress;
  progress.pointsTotal = n1 * n2;
  progress.gamesTotal = m_config.run.games * progress.pointsTotal;
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
          progress.elapsedSeconds = now() - start;
          const double rate = progress.elapsedSeconds > 0 ? static_cast<double>(progress.gamesDone) / progress.elapsedSeconds : 0;
          progress.etaSeconds = rate > 0 ? static_cast<double>(progress.gamesTotal - std::min(progress.gamesTotal, progress.gamesDone)) / rate : 0;
          m_progress(progress);
        };
      }
      point.result = m_run.run(m_registry, *ruleset, m_config.run, perGame, m_progressInterval);
      if (!point.result.ok()) {
        result.error = "at " + axes[0].path + " = " + model::formatNumber(point.values[0]) + ": " + point.result.error;
        return result;
      }
      if (point.result.cancelled || m_run.cancelled()) {
        result.cancelled = true;
        result.elapsedSeconds = now() - start;
        return result;
      }
      if (result.points.empty()) result.config.run = point.result.config;  // threads / max turns resolved
      auto tally = metricTally(point.result, m_config.metric, result.error);
      if (!tally) return result;
      point.metric = *tally;
      point.ci = wilsonInterval(tally->wins, tally->games);
      gamesBefore += point.result.stats.games();
      ++progress.pointsDone;
      result.points.push_back(std::move(point));
      if (m_pointCallback) m_pointCallback(result.points.back());
    }
    SweepCurve curve;
    curve.value2 = axes.size() > 1 ? axes[1].values[i2] : 0.0;
    std::vector<CurvePoint> cps;
    for (std::size_t i1 = 0; i1 < n1; ++i1) {
      const SweepPoint& p = result.points[i2 * n1 + i1];
      if (p.metric.games == 0) continue;  // nothing finished here (all timeouts): no estimate
      cps.push_back({p.values[0], p.rate(), p.ci.lo, p.ci.hi});
    }
    curve.balance = findBalancePoint(std::move(cps), m_config.effectiveTarget());
    result.curves.push_back(curve);
  }
  result.elapsedSeconds = now() - start;
  return result;
}

}  // namespace wb::sim
