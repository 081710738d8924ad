#include "simulation/dice/dice_report.h"

#include <cmath>
#include <cstdio>

namespace wb::sim::dice {
namespace {

std::string fixed(double v, int decimals = 6) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string pad(const std::string& s, std::size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}

std::string joined(const std::vector<std::string>& items) {
  std::string s;
  for (std::size_t i = 0; i < items.size(); ++i) s += (i ? " " : "") + items[i];
  return s.empty() ? "(nothing)" : s;
}

void stringArray(JsonWriter& json, const std::vector<std::string>& items) {
  json.beginArray();
  for (const auto& s : items) json.value(s);
  json.endArray();
}

// Integral outcomes as JSON integers ("10", not "1e+01").
void outcomeValue(JsonWriter& json, double x) {
  if (std::abs(x) < 1e15 && x == std::floor(x)) json.value(static_cast<long long>(x));
  else json.value(x);
}

void interval(JsonWriter& json, const char* key, const Interval& i) {
  json.key(key).beginArray().value(i.low).value(i.high).endArray();
}

}  // namespace

std::string formatOutcome(double outcome) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", outcome);
  return buf;
}

std::string formatDiceText(const DiceResult& r, std::size_t maxPolicyRows) {
  std::string out = r.title + (r.exact ? " (exact)" : "") + "\n";
  bool fractions = r.exact && r.pmf.denominator() != 0;
  std::size_t w = 8;
  for (const auto& [x, p] : r.pmf.map()) w = std::max(w, formatOutcome(x).size());
  out += pad("outcome", w) + "  probability  at least    at most" + (fractions ? "     fraction" : "") + "\n";
  for (const auto& row : r.pmf.rows()) {
    out += pad(formatOutcome(row.outcome), w) + "  " + pad(fixed(row.probability), 11) + "  " + pad(fixed(row.atLeast), 8) +
           "  " + pad(fixed(row.atMost), 9);
    if (fractions) out += "  " + pad(r.pmf.fraction(row.probability), 11);
    out += "\n";
  }
  out += "mean " + formatOutcome(r.mean);
  if (r.meanInterval) out += " (95% " + formatOutcome(r.meanInterval->low) + " .. " + formatOutcome(r.meanInterval->high) + ")";
  out += ", sd " + formatOutcome(r.sd) + "\n";
  if (r.probability) {
    out += r.probabilityLabel + " = " + fixed(*r.probability, 9);
    if (!r.probabilityFraction.empty()) out += " (" + r.probabilityFraction + ")";
    if (r.probabilityInterval)
      out += " (95% " + fixed(r.probabilityInterval->low) + " .. " + fixed(r.probabilityInterval->high) + ")";
    out += "\n";
  }
  if (!r.policy.empty() && maxPolicyRows > 0) {
    out += "best holds after the first roll (most likely rolls of " + std::to_string(r.policy.size()) + "):\n";
    for (std::size_t i = 0; i < r.policy.size() && i < maxPolicyRows; ++i) {
      const auto& a = r.policy[i];
      out += "  " + fixed(a.probability) + "  " + joined(a.showing) + "  -> hold " + joined(a.hold) + "  (success " +
             fixed(a.success) + ")\n";
    }
  }
  char ms[64];
  std::snprintf(ms, sizeof ms, "%.3f ms\n", r.elapsedMs);
  out += ms;
  return out;
}

std::string formatDiceCsv(const DiceResult& r) {
  std::string out = "outcome,probability,at_least,at_most,fraction\n";
  char buf[128];
  for (const auto& row : r.pmf.rows()) {
    std::snprintf(buf, sizeof buf, "%s,%.17g,%.17g,%.17g,", formatOutcome(row.outcome).c_str(), row.probability,
                  row.atLeast, row.atMost);
    out += buf;
    if (r.exact) out += r.pmf.fraction(row.probability);
    out += "\n";
  }
  return out;
}

void writeDiceJson(JsonWriter& json, const DiceResult& r) {
  const auto& q = r.request;
  json.beginObject();
  json.field("query", toString(q.query));
  json.field("title", r.title);
  if (q.query == DiceQuery::Expression) json.field("expression", q.expression);
  else json.field("pool", q.pool);
  if (q.query == DiceQuery::Count) {
    json.key("faces");
    stringArray(json, q.faces);
  }
  if (q.query == DiceQuery::Vs) json.field("vs", q.vs);
  if (q.query == DiceQuery::Target) {
    json.field("target", q.target);
    json.field("rolls", q.rolls);
    if (!q.wild.empty()) {
      json.field("wild", q.wild);
      json.field("anchored", q.anchored);
    }
  }
  if (q.atLeast) json.field("at_least", *q.atLeast);
  json.field("exact", r.exact);
  json.field("samples", r.samples);
  if (r.samples > 0) json.field("seed", static_cast<unsigned long long>(q.seed));
  json.key("pmf").beginObject();
  for (const auto& [x, p] : r.pmf.map()) json.field(formatOutcome(x), p);
  json.endObject();
  if (r.exact && r.pmf.denominator() != 0) {
    json.key("fractions").beginObject();
    for (const auto& [x, p] : r.pmf.map()) json.field(formatOutcome(x), r.pmf.fraction(p));
    json.endObject();
  }
  json.key("table").beginArray();
  for (const auto& row : r.pmf.rows()) {
    json.beginObject();
    json.key("outcome");
    outcomeValue(json, row.outcome);
    json.field("probability", row.probability);
    json.field("at_least", row.atLeast);
    json.field("at_most", row.atMost);
    json.endObject();
  }
  json.endArray();
  json.field("mean", r.mean);
  json.field("sd", r.sd);
  if (r.meanInterval) interval(json, "mean_interval", *r.meanInterval);
  if (r.probability) {
    json.field("probability", *r.probability);
    json.field("probability_label", r.probabilityLabel);
    if (!r.probabilityFraction.empty()) json.field("probability_fraction", r.probabilityFraction);
    if (r.probabilityInterval) interval(json, "probability_interval", *r.probabilityInterval);
  }
  if (!r.policy.empty()) {
    json.key("policy").beginArray();
    for (const auto& a : r.policy) {
      json.beginObject();
      json.key("showing");
      stringArray(json, a.showing);
      json.field("probability", a.probability);
      json.key("hold");
      stringArray(json, a.hold);
      json.field("success", a.success);
      json.endObject();
    }
    json.endArray();
  }
  json.field("elapsed_ms", r.elapsedMs);
  json.endObject();
}

}  // namespace wb::sim::dice
