#include "simulation/tune/knob_space.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "model/core/scalar.h"
#include "model/path/ruleset_path.h"
#include "model/validation/ruleset_validator.h"

namespace wb::sim {
namespace {

constexpr std::size_t kMaxKnobs = 10000;
constexpr int kDefaultPoints = 21;  // values of a schema range when no domain is given

std::vector<std::string> splitPath(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    parts.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return parts;
}

// The schema's range as a finite list: ints by a whole step, numbers in 20 steps.
std::vector<std::string> rangeDomain(const model::PathValue& v) {
  std::vector<std::string> out;
  const double lo = *v.min, hi = *v.max;
  if (v.type == model::ValueType::Int) {
    const double step = std::max(1.0, std::ceil((hi - lo) / (kDefaultPoints - 1)));
    for (double x = lo; x <= hi + 1e-9; x += step) out.push_back(model::formatNumber(x));
  } else {
    for (int i = 0; i < kDefaultPoints; ++i)
      out.push_back(model::formatNumber(lo + (hi - lo) * static_cast<double>(i) / (kDefaultPoints - 1)));
  }
  return out;
}

bool isGlobal(const std::string& path) {
  return path == "version" || path.rfind("players.", 0) == 0;
}

// What names a thing rather than plays it: the ruleset's id, name, engine and
// description, and every entity's and die's name. Never a knob: a tune that
// renames a card or switches the engine answers nothing about balance.
bool isIdentity(const std::string& path) {
  if (path.find('.') == std::string::npos) return true;  // id, name, engine, description, assumed
  const auto dot = path.rfind('.');
  const std::string last = path.substr(dot + 1);
  return last == "name" || last == "id" || last == "text" || last == "description" || last == "assumed";
}

// Sorts a numeric domain, drops repeats and puts the current value in; false
// with a message for a value that is not a number.
bool finishDomain(Knob& k, const model::PathValue& v, std::string& error) {
  if (k.numeric) {
    std::vector<std::pair<double, std::string>> nums;
    for (const auto& t : k.values) {
      const auto d = model::parseNumber(t);
      if (!d) {
        error = "value '" + t + "' for " + k.path + " is not a number";
        return false;
      }
      nums.emplace_back(*d, model::formatNumber(*d));
    }
    const auto current = model::parseNumber(v.text);
    if (current) nums.emplace_back(*current, v.text);
    std::sort(nums.begin(), nums.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    k.values.clear();
    for (std::size_t i = 0; i < nums.size(); ++i) {
      if (i > 0 && nums[i].first == nums[i - 1].first) {
        if (current && nums[i].first == *current) k.values.back() = v.text;  // keep the ruleset's own spelling
        continue;
      }
      k.values.push_back(nums[i].second);
    }
    for (std::size_t i = 0; i < k.values.size(); ++i)
      if (current && model::parseNumber(k.values[i]) == current) k.base = i;
    return true;
  }
  std::vector<std::string> unique;
  for (const auto& t : k.values)
    if (std::find(unique.begin(), unique.end(), t) == unique.end()) unique.push_back(t);
  if (std::find(unique.begin(), unique.end(), v.text) == unique.end()) unique.insert(unique.begin(), v.text);
  k.values = std::move(unique);
  k.base = static_cast<std::size_t>(std::find(k.values.begin(), k.values.end(), v.text) - k.values.begin());
  return true;
}

// Every value of the knob must be one the path takes: setPath's own checks
// (type, declared range) for each, and the validator (the schema's minimum
// cost, ordered parameters) at the two ends of a numeric domain.
bool checkValues(const Knob& k, const model::Ruleset& ruleset, const model::EngineSchema* schema, std::string& error) {
  model::Ruleset scratch = ruleset;
  for (std::size_t i = 0; i < k.values.size(); ++i) {
    std::string why;
    if (!model::setPath(scratch, k.path, k.values[i], &why)) {
      error = why;
      return false;
    }
    const bool end = i == 0 || i + 1 == k.values.size();
    if (i == k.base || (k.numeric && !end)) continue;
    model::Diagnostics d;
    model::validateRuleset(scratch, schema, d);
    for (const auto& item : d.items()) {
      if (item.severity != model::Severity::Error) continue;
      error = "value " + k.values[i] + " for " + k.path + " is outside what the engine accepts: " + item.message;
      return false;
    }
    model::setPath(scratch, k.path, k.values[k.base], &why);
  }
  return true;
}

}  // namespace

bool matchesKnobPattern(const std::string& pattern, const std::string& path) {
  const auto a = splitPath(pattern), b = splitPath(path);
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i] != "*" && a[i] != b[i]) return false;
  return true;
}

EditSet KnobSpace::with(const EditSet& edits, const Edit& e, const KnobSpace& space) {
  EditSet out = without(edits, e.knob);
  if (e.knob < space.size() && space[e.knob].base != e.level) out.push_back(e);
  std::sort(out.begin(), out.end());
  return out;
}

EditSet KnobSpace::without(const EditSet& edits, std::size_t knob) {
  EditSet out;
  for (const Edit& x : edits)
    if (x.knob != knob) out.push_back(x);
  return out;
}

std::string KnobSpace::key(const EditSet& edits) const {
  std::string out;
  for (const Edit& e : edits) {
    if (!out.empty()) out += ',';
    out += m_knobs[e.knob].path + "=" + m_knobs[e.knob].values[e.level];
  }
  return out;
}

bool KnobSpace::apply(const EditSet& edits, model::Ruleset& ruleset, std::string& error) const {
  for (const Edit& e : edits) {
    std::string why;
    if (e.knob >= m_knobs.size() || e.level >= m_knobs[e.knob].values.size()) {
      error = "an edit outside the knobs";
      return false;
    }
    const Knob& k = m_knobs[e.knob];
    if (!model::setPath(ruleset, k.path, k.values[e.level], &why)) {
      error = k.path + "=" + k.values[e.level] + ": " + why;
      return false;
    }
  }
  return true;
}

KnobSpace buildKnobSpace(const model::Ruleset& ruleset, const model::EngineSchema* schema, const TuneSpec& spec,
                         model::Diagnostics& out) {
  const std::vector<model::PathValue> all = model::listPaths(ruleset, false);
  // Locked paths first: they are never knobs.
  std::set<std::string> locked;
  bool anyKnob = false;
  for (const KnobSpec& s : spec.knobs) {
    if (!s.lock) {
      anyKnob = true;
      continue;
    }
    bool matched = false;
    for (const auto& v : all)
      if (matchesKnobPattern(s.pattern, v.path)) {
        locked.insert(v.path);
        matched = true;
      }
    if (!matched) out.error(s.where, "locked knob '" + s.pattern + "' matches no value of the ruleset");
  }
  std::vector<Knob> knobs;
  std::map<std::string, std::size_t> byPath;
  std::map<std::string, const KnobSpec*> givenBy;  // the entry that made each path a knob
  // One entry a value: a second would silently replace the first's domain.
  auto given = [&](const KnobSpec& s, const std::string& path, bool report) {
    auto [it, fresh] = givenBy.emplace(path, &s);
    if (fresh || it->second == &s) return true;
    if (report)
      out.error(s.where, "knob '" + s.pattern + "': " + path + " is already a knob (line " +
                             std::to_string(it->second->where.line) + ": '" + it->second->pattern +
                             "'); give each value in one entry");
    return false;
  };
  auto add = [&](Knob k) {
    if (auto it = byPath.find(k.path); it != byPath.end()) {
      knobs[it->second] = std::move(k);
      return;
    }
    byPath.emplace(k.path, knobs.size());
    knobs.push_back(std::move(k));
  };
  if (!anyKnob) {
    for (const auto& v : model::listPaths(ruleset, true)) {
      if (isGlobal(v.path) || locked.count(v.path) || !v.min || !v.max || *v.min >= *v.max) continue;
      if (v.type != model::ValueType::Int && v.type != model::ValueType::Float) continue;
      Knob k{v.path, rangeDomain(v), 0, true};
      std::string error;
      if (finishDomain(k, v, error) && k.values.size() > 1) add(std::move(k));
    }
  }
  for (const KnobSpec& s : spec.knobs) {
    if (s.lock) continue;
    bool matched = false, reported = false;
    for (const auto& v : all) {
      if (!matchesKnobPattern(s.pattern, v.path) || isGlobal(v.path) || isIdentity(v.path)) continue;
      matched = true;
      if (locked.count(v.path)) continue;
      if (!given(s, v.path, !reported)) {
        reported = true;
        continue;
      }
      Knob k;
      k.path = v.path;
      k.numeric = v.isNumeric();
      if (!s.values.empty()) {
        k.values = s.values;
      } else if (s.step) {
        for (double x : s.rangeValues()) k.values.push_back(model::formatNumber(x));
      } else if (v.type == model::ValueType::Bool) {
        k.values = {"false", "true"};
      } else if (v.type == model::ValueType::Enum && !v.choices.empty()) {
        k.values = v.choices;
      } else if (k.numeric && v.min && v.max && *v.min < *v.max) {
        k.values = rangeDomain(v);
      } else {
        if (!reported)
          out.error(s.where, "knob '" + s.pattern + "' needs 'values' or 'range': the schema bounds no range for " + v.path);
        reported = true;
        continue;
      }
      std::string error;
      if (!finishDomain(k, v, error) || !checkValues(k, ruleset, schema, error)) {
        if (!reported) out.error(s.where, "knob '" + s.pattern + "': " + error);
        reported = true;
        continue;
      }
      if (k.values.size() > 1) add(std::move(k));
    }
    if (!matched) {
      out.error(s.where, "knob '" + s.pattern + "' matches no value of the ruleset the tuner may change (paths look like "
                         "parameters.ID, cards.ID.cost, abilities.ID.effects.N.ARG; `*` stands for one part)");
    }
  }
  if (knobs.size() > kMaxKnobs) {
    out.error({spec.file, 1, 1}, "more than " + std::to_string(kMaxKnobs) + " knobs");
    knobs.clear();
  }
  if (!out.hasErrors() && knobs.empty())
    out.error({spec.file, 1, 1}, "no knobs: nothing the tuner may change (give 'knobs:' with values or ranges)");
  return KnobSpace(std::move(knobs));
}

}  // namespace wb::sim
