#include "simulation/sweep/sweep_result_json.h"

#include <cmath>

#include "simulation/impact/impact_result_json.h"
#include "simulation/results/run_result_json.h"

namespace wb::sim {
namespace {

// Swept values are often integers (costs); write them as such (JsonWriter's
// shortest form would print 20 as 2e+01).
void number(JsonWriter& w, double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) w.value(static_cast<long long>(v));
  else w.value(v);
}

}  // namespace

void writeBalancePointJson(JsonWriter& w, const BalancePoint& bp) {
  w.beginObject();
  w.field("crossed", bp.crossed);
  if (bp.crossed) w.field("value", bp.value); else w.key("value").null();
  w.key("ci95").beginArray();
  if (bp.crossed && bp.lo) w.value(*bp.lo); else w.null();
  if (bp.crossed && bp.hi) w.value(*bp.hi); else w.null();
  w.endArray();
  w.field("crossings", bp.crossings);
  w.field("points_above_target", bp.above);
  w.field("points_below_target", bp.below);
  w.field("no_detectable_effect", bp.noDetectableEffect());
  w.field("games_for_2_points", static_cast<unsigned long long>(bp.gamesFor2Points));
  w.endObject();
}

void writeSweepResultJson(JsonWriter& w, const SweepResult& r, bool withRuns) {
  const SweepConfig& c = r.config;
  w.beginObject();
  w.field("ruleset", r.ruleset);
  w.key("params").beginArray();
  for (const auto& axis : c.axes) {
    w.beginObject();
    w.field("path", axis.path);
    w.key("values").beginArray();
    for (double v : axis.values) number(w, v);
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.field("metric", c.metric.spec());
  w.field("metric_label", c.metric.label());
  w.field("target", c.effectiveTarget());
  w.field("games", static_cast<unsigned long long>(c.run.games));
  w.field("seed", static_cast<unsigned long long>(c.run.seed));
  w.field("players", c.run.players);
  w.field("threads", c.run.threads);
  w.field("max_turns", c.run.maxTurns);
  w.key("agents").beginArray();
  for (const auto& a : c.run.agents) w.value(a);
  w.endArray();
  w.field("common_random_numbers", true);

  w.key("points").beginArray();
  for (const auto& p : r.points) {
    w.beginObject();
    w.key("values").beginObject();
    for (std::size_t a = 0; a < p.values.size() && a < c.axes.size(); ++a) {
      w.key(c.axes[a].path);
      number(w, p.values[a]);
    }
    w.endObject();
    w.field("games", static_cast<unsigned long long>(p.metric.games));
    if (c.metric.isImpact()) {
      w.field("lift", p.rate());
      w.field("acquired_per_game", p.acquiredPerGame);
      if (p.impact) {
        w.key("impact");
        writeImpactMeasureJson(w, *p.impact, !c.metric.grant);
      }
    } else if (!c.metric.isUse()) {
      w.field("wins", static_cast<unsigned long long>(p.metric.wins));
      w.field("win_rate", p.rate());
    }
    w.field("value", p.rate());
    w.key("ci95").beginArray().value(p.ci.lo).value(p.ci.hi).endArray();
    w.field("timeouts", static_cast<unsigned long long>(p.result.stats.timeouts()));
    w.field("draws", static_cast<unsigned long long>(p.result.stats.drawnGames()));
    w.field("mean_turns", p.result.stats.length().mean());
    if (withRuns) {
      w.key("run");
      writeRunResultJson(w, p.result);
    }
    w.endObject();
  }
  w.endArray();

  w.key("balance_points").beginArray();
  for (const auto& curve : r.curves) {
    if (c.axes.size() > 1) {
      // {"<path2>": value2, "crossed": ...}: one balance point along axis 1 per value of axis 2.
      w.beginObject();
      w.key(c.axes[1].path);
      number(w, curve.value2);
      w.key("balance");
      writeBalancePointJson(w, curve.balance);
      w.endObject();
    } else {
      writeBalancePointJson(w, curve.balance);
    }
  }
  w.endArray();
  w.field("cancelled", r.cancelled);
  w.field("elapsed_s", r.elapsedSeconds);
  w.endObject();
}

std::string sweepResultToJson(const SweepResult& result, bool pretty, bool withRuns) {
  JsonWriter w(pretty);
  writeSweepResultJson(w, result, withRuns);
  return w.str() + "\n";
}

}  // namespace wb::sim
