#include "simulation/conditions/condition_json.h"

namespace wb::sim {
namespace {

void writeMeasure(JsonWriter& w, const ConditionMeasure& m) {
  w.beginObject();
  w.field("measure", m.key);
  w.field("n", static_cast<unsigned long long>(m.n));
  w.field("value", m.value);
  w.key("ci95").beginArray().value(m.ci.lo).value(m.ci.hi).endArray();
  w.field("rest", m.rest);
  w.field("delta", m.delta);
  w.key("delta_ci95").beginArray().value(m.deltaCi.lo).value(m.deltaCi.hi).endArray();
  w.field("tested", m.tested);
  w.field("p_value", m.pValue);
  w.field("holm_p", m.adjustedP);
  w.field("significant", m.significant);
  w.endObject();
}

void writeCell(JsonWriter& w, const ConditionCell& c) {
  w.field("feature", c.feature);
  w.field("value", c.value);
  if (c.isPair()) {
    w.field("feature2", c.feature2);
    w.field("value2", c.value2);
  }
  w.field("games", static_cast<unsigned long long>(c.games));
  w.field("decided", static_cast<unsigned long long>(c.decided));
  w.field("first_side_wins", static_cast<unsigned long long>(c.firstSideWins));
  w.key("seat_wins").beginArray();
  for (auto v : c.seatWins) w.value(static_cast<unsigned long long>(v));
  w.endArray();
  w.field("timeouts", static_cast<unsigned long long>(c.timeouts));
  w.field("adjudicated", static_cast<unsigned long long>(c.adjudicated));
  w.field("nobody_wins", static_cast<unsigned long long>(c.nobody));
  w.field("draws", static_cast<unsigned long long>(c.draws));
  w.field("turns_sum", static_cast<unsigned long long>(c.lengthSum));
  w.field("turns_sum_squares", static_cast<unsigned long long>(c.lengthSumSquares));
}

}  // namespace

void writeConditionsJson(JsonWriter& w, const RunStats& stats) {
  const ConditionAnalysis a = analyzeConditions(stats);
  w.beginObject();
  w.key("features").beginArray();
  for (const auto& f : a.features) w.value(f);
  w.endArray();
  w.key("measures").beginArray();
  for (const auto& k : a.measureKeys) w.value(k);
  w.endArray();
  w.field("min_cell_games", static_cast<unsigned long long>(ConditionAnalysis::kMinCellGames));
  w.field("tests", static_cast<unsigned long long>(a.tests));
  w.field("correction", "holm");
  w.key("feature_tests").beginArray();
  for (const auto& t : a.featureTests) {
    w.beginObject();
    w.field("feature", t.feature);
    w.field("measure", t.measure);
    w.field("test", t.df2 > 0 ? "anova_f" : "chi_square");
    w.field("statistic", t.statistic);
    w.field("df", t.df);
    if (t.df2 > 0) w.field("df2", t.df2);
    w.field("p_value", t.pValue);
    w.field("holm_p", t.adjustedP);
    w.field("significant", t.significant);
    w.field("lowest", t.lowest);
    w.field("highest", t.highest);
    w.endObject();
  }
  w.endArray();
  w.key("singles").beginArray();
  for (const auto& row : a.singles) {
    w.beginObject();
    writeCell(w, row.cell);
    w.key("measures").beginArray();
    for (const auto& m : row.measures) writeMeasure(w, m);
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.key("pairs").beginArray();
  for (const auto& row : a.pairs) {
    w.beginObject();
    writeCell(w, row.cell);
    w.endObject();
  }
  w.endArray();
  w.key("findings").beginArray();
  for (const auto& f : a.findings) {
    w.beginObject();
    w.field("condition", f.condition);
    w.field("pair", f.pair);
    w.field("feature_test", f.feature);
    w.key("measure");
    writeMeasure(w, f.measure);
    w.field("text", f.text);
    w.endObject();
  }
  w.endArray();
  w.endObject();
}

}  // namespace wb::sim
