#include "simulation/tune/tune_spec.h"

#include <algorithm>
#include <cmath>

#include "model/core/atomic_file.h"
#include "model/core/scalar.h"
#include "model/yaml/node_reader.h"
#include "model/yaml/yaml_document.h"
#include "simulation/agents/agent_factory.h"

namespace wb::sim {
namespace {

using model::yaml::MapEntry;
using model::yaml::NodeReader;

// `skill: [A, B, C]`: at least two agent specs the factory knows, each once.
void readSkill(NodeReader& r, const MapEntry& e, TargetSpec& t) {
  t.where = e.valueLoc;
  if (!e.value.IsSequence()) {
    r.error(e.valueLoc, "expected a list of agents, strongest first (skill: [planner, greedy, random]), got " +
                            NodeReader::describe(e.value));
    return;
  }
  for (const auto& item : e.value) {
    const model::SourceLocation at = r.loc(item);
    if (!item.IsScalar()) {
      r.error(at, "expected an agent spec (e.g. greedy, planner:budget=600), got " + NodeReader::describe(item));
      continue;
    }
    const std::string spec = item.Scalar();
    std::string error;
    if (!isValidAgentSpec(spec, error)) {
      r.error(at, "skill: " + error);
      continue;
    }
    if (std::find(t.skill.begin(), t.skill.end(), spec) != t.skill.end()) {
      r.error(at, "skill: agent '" + spec + "' is listed twice (each agent must beat the next: list each once)");
      continue;
    }
    t.skill.push_back(spec);
    t.skillWhere.push_back(at);
  }
  if (e.value.size() < 2)
    r.error(e.valueLoc, "skill: a skill matrix needs at least two agents, strongest first (got " +
                            std::to_string(e.value.size()) + ")");
}

// Items with a problem of form are reported here and left out, so that the
// checks against the game (tune_target.h, knob_space.h) report only the others.
void readTarget(NodeReader& r, const YAML::Node& node, TuneSpec& spec) {
  const std::size_t before = r.diagnostics().size();
  if (!node.IsMap()) {
    r.error(r.loc(node), "expected a target map {metric: NAME, min: X, max: Y}, got " + NodeReader::describe(node));
    return;
  }
  TargetSpec t;
  t.where = r.loc(node);
  bool hasMetric = false, hasSkill = false, boundGiven = false;
  model::SourceLocation maxLoc = t.where;
  for (const MapEntry& e : r.entries(node, "target")) {
    if (e.key == "skill") {
      hasSkill = true;
      readSkill(r, e, t);
    } else if (e.key == "metric") {
      if (auto v = r.text(e)) {
        t.metric = *v;
        t.where = e.valueLoc;
        hasMetric = true;
        if (t.metric.empty()) r.error(e.valueLoc, "empty metric name");
      }
    } else if (e.key == "min" || e.key == "max") {
      boundGiven = true;
      if (auto v = r.number(e)) {
        if (!std::isfinite(*v)) {
          r.error(e.valueLoc, "'" + e.key + "' must be a finite number (leave '" + e.key + "' out for no " +
                                  (e.key == "min" ? "lower" : "upper") + " bound)");
          continue;
        }
        (e.key == "min" ? t.min : t.max) = *v;
        if (e.key == "max") maxLoc = e.valueLoc;
      }
    } else {
      r.unknownKey(e, "target");
    }
  }
  if (hasSkill && hasMetric) {
    r.error(t.where, "a target has either 'metric' or 'skill', not both");
    return;
  }
  if (hasSkill) {
    t.metric = "skill";
    if (!t.min && !t.max && !boundGiven) t.min = kDefaultSkillMin;
  } else if (!hasMetric) {
    r.error(r.loc(node), "target without 'metric' (or 'skill')");
    return;
  }
  // A bound given but refused has its own message; "neither" only when none is written.
  if (!t.min && !t.max && !boundGiven) r.error(t.where, "target '" + t.metric + "' has neither 'min' nor 'max'");
  if (t.min && t.max && *t.min > *t.max)
    r.error(maxLoc, "target '" + t.metric + "': min " + model::formatNumber(*t.min) + " > max " +
                        model::formatNumber(*t.max));
  if (r.diagnostics().size() == before) spec.targets.push_back(std::move(t));
}

// "a:b:step" -> the three numbers; false with a message.
bool parseRange(const std::string& text, KnobSpec& k, std::string& error) {
  const auto c1 = text.find(':');
  const auto c2 = c1 == std::string::npos ? std::string::npos : text.find(':', c1 + 1);
  if (text.empty()) {
    error = "empty range (expected \"from:to:step\", e.g. \"60:160:10\")";
    return false;
  }
  if (c2 == std::string::npos || text.find(':', c2 + 1) != std::string::npos) {
    error = "range '" + text + "': expected \"from:to:step\", e.g. \"60:160:10\"";
    return false;
  }
  const auto a = model::parseNumber(text.substr(0, c1));
  const auto b = model::parseNumber(text.substr(c1 + 1, c2 - c1 - 1));
  const auto s = model::parseNumber(text.substr(c2 + 1));
  if (!a || !b || !s || !std::isfinite(*a) || !std::isfinite(*b) || !std::isfinite(*s)) {
    error = "range '" + text + "': from, to and step must be numbers";
    return false;
  }
  if (*s <= 0) {
    error = "range '" + text + "': the step must be positive";
    return false;
  }
  if (*a > *b) {
    error = "inverted range '" + text + "': from " + model::formatNumber(*a) + " > to " + model::formatNumber(*b);
    return false;
  }
  if ((*b - *a) / *s + 1 > static_cast<double>(kMaxKnobValues)) {
    error = "range '" + text + "' has more than " + std::to_string(kMaxKnobValues) + " values";
    return false;
  }
  k.from = a;
  k.to = b;
  k.step = s;
  return true;
}

void readKnob(NodeReader& r, const YAML::Node& node, TuneSpec& spec) {
  const std::size_t before = r.diagnostics().size();
  if (!node.IsMap()) {
    r.error(r.loc(node), "expected a knob map {path: PATH, values: [..] | range: \"a:b:step\"}, got " +
                             NodeReader::describe(node));
    return;
  }
  KnobSpec k;
  k.where = r.loc(node);
  bool hasPath = false, hasValues = false, hasRange = false;
  for (const MapEntry& e : r.entries(node, "knob")) {
    if (e.key == "path") {
      if (auto v = r.text(e)) {
        k.pattern = *v;
        k.where = e.valueLoc;
        hasPath = !v->empty();
        if (v->empty()) r.error(e.valueLoc, "empty knob path");
      }
    } else if (e.key == "values") {
      if (auto v = r.textList(e)) {
        hasValues = true;
        if (v->empty()) r.error(e.valueLoc, "empty list of values");
        else if (v->size() > kMaxKnobValues)
          r.error(e.valueLoc, "more than " + std::to_string(kMaxKnobValues) + " values");
        else k.values = std::move(*v);
      }
    } else if (e.key == "range") {
      if (auto v = r.text(e)) {
        hasRange = true;
        std::string error;
        if (!parseRange(*v, k, error)) r.error(e.valueLoc, error);
      }
    } else if (e.key == "lock") {
      if (auto v = r.boolean(e)) k.lock = *v;
    } else {
      r.unknownKey(e, "knob");
    }
  }
  if (!hasPath) {
    r.error(r.loc(node), "knob without 'path'");
    return;
  }
  if (hasValues && hasRange) r.error(k.where, "knob '" + k.pattern + "' has both 'values' and 'range': give one");
  if (r.diagnostics().size() == before) spec.knobs.push_back(std::move(k));
}

// `guard: off | on | {min, max, every_game, diversity}`.
void readGuard(NodeReader& r, const MapEntry& e, TuneSpec& spec) {
  GuardSpec& g = spec.guard;
  g.where = e.valueLoc;
  if (e.value.IsScalar()) {
    const std::string v = e.value.Scalar();
    if (v == "off" || v == "false") g.on = false;
    else if (v == "on" || v == "true") g.on = true;
    else r.error(e.valueLoc, "expected 'guard: off', 'guard: on' or a map {min: X, max: Y, every_game: B, diversity: B}, got '" + v + "'");
    return;
  }
  if (!e.value.IsMap()) {
    r.error(e.valueLoc, "expected a guard map {min: X, max: Y, every_game: B, diversity: B}, got " +
                            NodeReader::describe(e.value));
    return;
  }
  model::SourceLocation maxLoc = e.valueLoc;
  for (const MapEntry& x : r.entries(e.value, "guard")) {
    if (x.key == "min" || x.key == "max") {
      if (auto v = r.number(x)) {
        if (!std::isfinite(*v) || *v < 0) {
          r.error(x.valueLoc, "guard '" + x.key + "' must be a number >= 0 (a multiple of the starting use)");
          continue;
        }
        if (x.key == "min") g.min = *v;
        else {
          g.max = *v;
          maxLoc = x.valueLoc;
        }
      }
    } else if (x.key == "every_game" || x.key == "diversity") {
      if (auto v = r.boolean(x)) (x.key == "every_game" ? g.everyGame : g.diversity) = *v;
    } else if (x.key == "on") {
      if (auto v = r.boolean(x)) g.on = *v;
    } else {
      r.unknownKey(x, "guard");
    }
  }
  if (g.max && g.min > *g.max)
    r.error(maxLoc, "guard band: min " + model::formatNumber(g.min) + " > max " + model::formatNumber(*g.max) +
                        " (both are multiples of each entity's starting use)");
}

}  // namespace

std::vector<double> KnobSpec::rangeValues() const {
  std::vector<double> out;
  if (!from || !to || !step) return out;
  const auto n = static_cast<std::size_t>(std::floor((*to - *from) / *step + 1e-9)) + 1;
  for (std::size_t i = 0; i < n && i < kMaxKnobValues; ++i) out.push_back(*from + static_cast<double>(i) * *step);
  return out;
}

TuneSpec parseTuneSpec(std::string_view text, const std::string& file, bool inRuleset, model::Diagnostics& out) {
  TuneSpec spec;
  spec.file = file;
  const auto root = model::yaml::parseYamlDocument(file, text, out, "a map with 'targets:' (and 'knobs:')");
  if (!root) return spec;
  NodeReader r(file, text, out);
  bool hasTargets = false;
  for (const MapEntry& e : r.entries(*root, inRuleset ? "ruleset" : "targets file")) {
    if (e.key == "targets" || e.key == "knobs") {
      if (!r.expectList(e)) continue;
      const bool targets = e.key == "targets";
      const std::size_t limit = targets ? kMaxTargets : kMaxKnobEntries;
      if (e.value.size() > limit) {
        r.error(e.valueLoc, "more than " + std::to_string(limit) + " " + e.key);
        continue;
      }
      if (targets) hasTargets = true;
      for (const auto& item : e.value) (targets ? readTarget : readKnob)(r, item, spec);
      if (targets && e.value.size() == 0) r.error(e.valueLoc, "empty list of targets");
    } else if (e.key == "guard") {
      readGuard(r, e, spec);
    } else if (!inRuleset) {
      r.unknownKey(e, "targets file");
    }
  }
  if (!hasTargets) out.error({file, 1, 1}, "no 'targets:' list in " + file);
  out.sort();
  return spec;
}

TuneSpec loadTuneSpec(const std::string& path, bool inRuleset, model::Diagnostics& out) {
  std::string text, reason;
  if (!model::readRegularFile(path, text, reason, kMaxTuneFileBytes)) {
    out.error({path, 0, 0}, "cannot open file: " + reason);
    TuneSpec spec;
    spec.file = path;
    return spec;
  }
  return parseTuneSpec(text, path, inRuleset, out);
}

}  // namespace wb::sim
