#include "simulation/tune/tune_target.h"

#include <algorithm>
#include <cmath>

#include "model/core/scalar.h"

namespace wb::sim {

const char* toString(TargetVerdict v) {
  switch (v) {
    case TargetVerdict::Pass: return "pass";
    case TargetVerdict::Fail: return "fail";
    case TargetVerdict::Undecided: return "undecided";
  }
  return "undecided";
}

double Target::miss(double value) const {
  if (value < min) return min - value;
  if (value > max) return value - max;
  return 0.0;
}

double Target::scale() const {
  double s = 0;
  if (std::isfinite(min) && std::isfinite(max) && max > min) s = max - min;
  else if (metric.isProportion()) s = 0.1;
  else s = 0.1 * std::max(1.0, std::abs(std::isfinite(min) ? min : max));
  return std::max(s, 1e-9);
}

double Target::normalizedMiss(double value) const { return miss(value) / scale(); }

TargetVerdict Target::verdict(const Interval& ci) const {
  if (ci.lo >= min && ci.hi <= max) return TargetVerdict::Pass;
  if (ci.hi < min || ci.lo > max) return TargetVerdict::Fail;
  return TargetVerdict::Undecided;
}

std::uint64_t Target::gamesToDecide(double value, const Interval& ci, std::uint64_t games) const {
  if (verdict(ci) != TargetVerdict::Undecided) return 0;
  const double edge = std::min(std::abs(value - min), std::abs(value - max));
  const double half = std::max(value - ci.lo, ci.hi - value);
  if (!(edge > 0) || !std::isfinite(half)) return UINT64_MAX;
  const double need = static_cast<double>(games) * (half / edge) * (half / edge);
  return need >= 1e18 ? UINT64_MAX : static_cast<std::uint64_t>(std::ceil(need));
}

std::string Target::bandText() const {
  if (std::isfinite(min) && std::isfinite(max))
    return "[" + model::formatNumber(min) + ", " + model::formatNumber(max) + "]";
  if (std::isfinite(max)) return "<= " + model::formatNumber(max);
  return ">= " + model::formatNumber(min);
}

std::vector<Target> resolveTargets(const TuneSpec& spec, const TuneShape& shape, model::Diagnostics& out) {
  std::vector<Target> targets;
  for (const TargetSpec& t : spec.targets) {
    std::vector<TuneMetric> metrics;
    std::string error;
    if (!t.skill.empty()) {
      // A skill matrix: each agent against the next, head-to-head.
      if (shape.players != 2) {
        out.error(t.where, "skill targets are head-to-head games of two agents: 2 players only (this tune plays " +
                               std::to_string(shape.players) + ")");
        continue;
      }
      for (std::size_t i = 0; i + 1 < t.skill.size(); ++i) {
        TuneMetric pair{TuneMetric::Kind::Skill, 0, t.skill[i]};
        pair.other = t.skill[i + 1];
        metrics.push_back(pair);
      }
    } else if (!parseTuneMetrics(t.metric, shape, metrics, error)) {
      out.error(t.where, error);
      continue;
    }
    if (t.min && t.max && *t.min == *t.max) {
      // A verdict needs the interval inside the band, and an interval has width.
      out.error(t.where, "target '" + t.metric + "': a band of no width [" + model::formatNumber(*t.min) + ", " +
                             model::formatNumber(*t.max) + "] can never be met (a measured interval has width); give min < max");
      continue;
    }
    bool reachable = true;
    for (const TuneMetric& m : metrics) {
      const double lo = std::max(t.min.value_or(m.lowest()), m.lowest());
      const double hi = std::min(t.max.value_or(m.highest()), m.highest());
      if (hi > lo) continue;
      const std::string range = m.isProportion() ? "a share between 0 and 1"
                                : m.isImpact()    ? "points between -100 and 100"
                                                  : "a mean of at least 0 turns";
      Target band;
      if (t.min) band.min = *t.min;
      if (t.max) band.max = *t.max;
      out.error(t.where, "target '" + t.metric + "': the band " + band.bandText() + " lies outside what " + m.spec() +
                             " can be (" + range + "): no value meets it");
      reachable = false;
      break;
    }
    if (!reachable) continue;
    for (const TuneMetric& m : metrics) {
      Target target;
      target.metric = m;
      if (t.min) target.min = *t.min;
      if (t.max) target.max = *t.max;
      // A rate is a share of games: a band outside [0, 1] (a percent typed as
      // 45-55, a max of 5) could never be met, so it is refused here, at its row.
      if (m.isProportion() && ((t.min && (*t.min < 0 || *t.min > 1)) || (t.max && (*t.max < 0 || *t.max > 1)))) {
        out.error(t.where, m.label() + " is a share of games between 0 and 1: the band " + target.bandText() +
                               " lies outside it (write 0.45 for 45%)");
        continue;
      }
      auto same = std::find_if(targets.begin(), targets.end(), [&](const Target& x) { return x.metric == m; });
      if (same != targets.end()) {
        // Two targets on one metric: the value must lie in both bands.
        same->min = std::max(same->min, target.min);
        same->max = std::min(same->max, target.max);
        if (same->min > same->max)
          out.error(t.where, "the targets on " + m.spec() + " leave no value: " + same->bandText());
        continue;
      }
      targets.push_back(target);
    }
  }
  return targets;
}

}  // namespace wb::sim
