#include "simulation/tune/tune_result_json.h"

#include <cmath>

namespace wb::sim {
namespace {

using ull = unsigned long long;

void bound(JsonWriter& w, std::string_view key, double v) {
  w.key(key);
  if (std::isfinite(v)) w.value(v);
  else w.null();
}

void reading(JsonWriter& w, const TargetReading& r, bool withVerdict) {
  w.beginObject();
  w.field("value", r.value.value);
  w.key("ci95").beginArray().value(r.value.ci.lo).value(r.value.ci.hi).endArray();
  if (withVerdict) w.field("verdict", toString(r.verdict));
  w.field("miss", r.miss);
  w.endObject();
}

void edits(JsonWriter& w, const std::vector<TuneEditText>& e) {
  w.beginArray();
  for (const auto& x : e) {
    w.beginObject();
    w.field("path", x.path);
    w.field("from", x.from);
    w.field("to", x.to);
    w.field("steps", x.steps);
    w.endObject();
  }
  w.endArray();
}

void strings(JsonWriter& w, const std::vector<std::string>& v) {
  w.beginArray();
  for (const auto& s : v) w.value(s);
  w.endArray();
}

}  // namespace

void writeTuneResultJson(JsonWriter& w, const TuneResult& r) {
  w.beginObject();
  w.field("ruleset", r.ruleset);
  w.field("engine", r.engine);
  w.field("strategy", toString(r.strategy));
  w.field("verdict", toString(r.verdict));
  w.field("search_passed", r.searchPassed);
  w.key("edits");
  edits(w, r.editText);
  w.key("targets").beginArray();
  for (const TargetOutcome& t : r.targets) {
    w.beginObject();
    w.field("metric", t.target.metric.spec());
    w.field("label", t.target.metric.label());
    if (t.target.metric.isSkill()) {
      // One pair of a skill matrix, played head-to-head with seats alternated.
      w.key("skill").beginObject();
      w.field("stronger", t.target.metric.id);
      w.field("weaker", t.target.metric.other);
      w.endObject();
    }
    bound(w, "min", t.target.min);
    bound(w, "max", t.target.max);
    w.key("baseline");
    reading(w, t.baseline, true);
    w.key("verified");
    reading(w, t.verified, true);
    w.key("search_agents").beginObject();
    w.key("baseline");
    reading(w, t.baselineSearchAgents, true);
    w.key("verified");
    reading(w, t.verifiedSearchAgents, true);
    w.endObject();
    w.field("games_to_decide", static_cast<ull>(t.gamesToDecide));
    w.endObject();
  }
  w.endArray();
  w.key("guard").beginObject();
  w.field("on", r.guardOn);
  w.field("drift", r.drift);
  w.field("kept", r.guardKept);
  w.key("refused").beginArray();
  for (const GuardRefusal& g : r.guardRefused) {
    w.beginObject();
    w.key("edits");
    edits(w, g.text);
    w.key("breaks").beginArray();
    for (const auto& b : g.breaks) w.value(b);
    w.endArray();
    w.field("targets_met", static_cast<ull>(g.targetsMet));
    w.field("miss", g.miss);
    w.endObject();
  }
  w.endArray();
  w.key("protected").beginArray();
  for (const GuardOutcome& g : r.guard) {
    w.beginObject();
    w.field("metric", g.target.metric.spec());
    w.field("label", g.target.metric.label());
    if (g.target.metric.kind == TuneMetric::Kind::Diversity) {
      w.field("kind", g.target.metric.id);
    } else {
      w.field("entity", g.target.metric.id);
    }
    bound(w, "min", g.target.min);
    bound(w, "max", g.target.max);
    w.key("start").beginObject();
    w.field("value", g.start.value);
    w.key("ci95").beginArray().value(g.start.ci.lo).value(g.start.ci.hi).endArray();
    w.endObject();
    w.key("baseline");
    reading(w, g.baseline, true);
    w.key("verified");
    reading(w, g.verified, true);
    w.field("breached", g.breached);
    w.endObject();
  }
  w.endArray();
  w.endObject();
  w.key("alternatives").beginArray();
  for (const TuneAlternative& a : r.alternatives) {
    w.beginObject();
    w.key("edits");
    edits(w, a.text);
    w.field("passes", a.passes);
    w.key("misses").beginArray();
    for (std::size_t t = 0; t < a.targets.size() && t < r.targets.size(); ++t) {
      if (a.targets[t].verdict == TargetVerdict::Pass) continue;
      w.beginObject();
      w.field("metric", r.targets[t].target.metric.spec());
      w.field("value", a.targets[t].value.value);
      w.key("ci95").beginArray().value(a.targets[t].value.ci.lo).value(a.targets[t].value.ci.hi).endArray();
      w.field("verdict", toString(a.targets[t].verdict));
      w.field("miss", a.targets[t].miss);
      w.endObject();
    }
    w.endArray();
    w.endObject();
  }
  w.endArray();
  w.key("sensitivity").beginArray();
  for (const Sensitivity& s : r.sensitivity) {
    w.beginObject();
    w.field("path", s.path);
    w.field("from", s.from);
    w.field("to", s.to);
    w.field("metric", s.metric);
    w.field("effect", s.effect.value);
    w.field("se", s.effect.se);
    w.field("blocks", static_cast<ull>(s.effect.blocks));
    w.endObject();
  }
  w.endArray();
  w.key("knobs");
  strings(w, r.knobs);
  w.key("untried");
  strings(w, r.untried);
  w.key("games").beginObject();
  w.field("search", static_cast<ull>(r.searchGames));
  w.field("verification", static_cast<ull>(r.verifyGames));
  w.field("budget", static_cast<ull>(r.budget));
  w.field("block", static_cast<ull>(r.blockGames));
  w.field("to_decide", static_cast<ull>(r.gamesToDecide));
  w.field("verification_looks", static_cast<ull>(r.verifyLooks));
  w.key("search_by_step").beginObject();
  for (const auto& [phase, games] : r.phaseGames) w.field(phase, static_cast<ull>(games));
  w.endObject();
  w.endObject();
  w.key("agents").beginObject();
  w.key("search");
  strings(w, r.searchAgents);
  w.key("verify");
  strings(w, r.verifyAgents);
  w.endObject();
  w.field("seed", static_cast<ull>(r.seed));
  w.field("players", r.players);
  w.field("elapsed_s", r.elapsedSeconds);
  w.endObject();
}

std::string tuneResultToJson(const TuneResult& result, bool pretty) {
  JsonWriter w(pretty);
  writeTuneResultJson(w, result);
  return w.str() + "\n";
}

}  // namespace wb::sim
