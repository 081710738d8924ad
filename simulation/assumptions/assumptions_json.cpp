#include "simulation/assumptions/assumptions_json.h"

#include "simulation/core/json_writer.h"

namespace wb::sim {
namespace {

void writeFactions(JsonWriter& w, const FactionRanking& f, bool withTau) {
  w.beginObject();
  w.key("order").beginArray();
  for (const auto& id : f.order) w.value(id);
  w.endArray();
  w.field("top", f.top);
  w.field("bottom", f.bottom);
  if (withTau) w.field("kendall_tau", f.tau);
  w.endObject();
}

void writeChange(JsonWriter& w, const AssumptionChange& c) {
  w.beginObject();
  w.field("conclusion", c.key);
  w.field("label", c.label);
  w.field("kind", c.isRate ? "rate" : "mean");
  w.field("shipped", c.shipped);
  w.field("alternative", c.alternative);
  w.field("delta", c.delta);
  w.key("delta_ci95").beginArray().value(c.ci.lo).value(c.ci.hi).endArray();
  w.field("p_value", c.pValue);
  w.field("holm_p", c.adjustedP);
  w.field("significant", c.significant);
  w.field("detectable", c.detectable);
  w.field("n_shipped", static_cast<unsigned long long>(c.nShipped));
  w.field("n_alternative", static_cast<unsigned long long>(c.nAlternative));
  w.endObject();
}

}  // namespace

std::string assumptionsToJson(const AssumptionsResult& r) {
  JsonWriter w;
  const RunConfig& cfg = r.shipped.config;
  w.beginObject();
  w.field("ruleset", r.shipped.ruleset);
  w.field("engine", r.shipped.engine);
  w.field("games", static_cast<unsigned long long>(cfg.games));
  w.field("seed", static_cast<unsigned long long>(cfg.seed));
  w.field("players", cfg.players);
  w.field("max_turns", cfg.maxTurns);
  w.key("agents").beginArray();
  for (const auto& a : cfg.agents) w.value(a);
  w.endArray();
  w.field("tests", static_cast<unsigned long long>(r.tests));
  w.field("correction", "holm");
  w.field("family_alpha", kFamilyAlpha);
  w.key("shipped").beginObject();
  const FirstSideTest fs = r.shipped.stats.firstSideTest();
  w.field("games", static_cast<unsigned long long>(r.shipped.stats.games()));
  w.field("first_side_rate", fs.rate());
  w.key("first_side_ci95").beginArray().value(fs.ci.lo).value(fs.ci.hi).endArray();
  w.field("first_side_p_value", fs.pValue);
  w.field("mean_turns", r.shipped.stats.length().mean());
  w.field("timeouts", static_cast<unsigned long long>(r.shipped.stats.timeouts()));
  if (!r.shippedFactions.order.empty()) {
    w.key("factions");
    writeFactions(w, r.shippedFactions, false);
  }
  w.endObject();
  w.key("ranking").beginArray();
  for (std::size_t i : r.ranking) w.value(r.assumptions[i].value.path);
  w.endArray();
  w.key("assumptions").beginArray();
  for (const auto& a : r.assumptions) {
    w.beginObject();
    w.field("path", a.value.path);
    w.field("note", a.value.note);
    w.field("where", a.value.where.toString());
    if (!a.value.shipped.empty()) w.field("shipped", a.value.shipped);
    w.field("playable", a.value.playable());
    if (!a.value.playable()) {
      w.field("no_alternative", a.value.noAlternative);
      w.endObject();
      continue;
    }
    w.field("alternatives_from", a.value.source);
    w.field("largest_change", a.largestChange);
    w.field("largest_change_of", a.largestKey);
    w.field("largest_change_with", a.largestValue);
    w.field("changes_a_conclusion", a.changesAConclusion());
    w.key("alternatives").beginArray();
    for (const auto& alt : a.alternatives) {
      w.beginObject();
      w.field("value", alt.value);
      if (!alt.error.empty()) {
        w.field("error", alt.error);
        w.endObject();
        continue;
      }
      w.field("largest_change", alt.largestChange);
      w.key("changes").beginArray();
      for (const auto& c : alt.changes) writeChange(w, c);
      w.endArray();
      if (!alt.factions.order.empty()) {
        w.key("factions");
        writeFactions(w, alt.factions, true);
      }
      w.key("findings").beginArray();
      for (const auto& f : alt.findings) w.value(f);
      w.endArray();
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.field("cancelled", r.cancelled);
  w.endObject();
  return w.str() + "\n";
}

}  // namespace wb::sim
