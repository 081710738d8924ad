#include "simulation/assumptions/assumed_values.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "model/core/scalar.h"

namespace wb::sim {
namespace {

using model::Parameter;
using model::ParameterType;

void deriveAlternatives(const Parameter& p, AssumedValue& a) {
  if (!p.alternatives.empty()) {
    // The current value (after --set or an edit) is no alternative to itself.
    for (const auto& text : p.alternatives)
      if (p.parse(text) != std::optional<model::ParameterValue>(p.value)) a.alternatives.push_back(text);
    a.source = "declared";
    if (a.alternatives.empty()) a.noAlternative = "its only declared alternative is the current value";
    return;
  }
  switch (p.type) {
    case ParameterType::Bool: {
      const bool* b = std::get_if<bool>(&p.value);
      a.alternatives = {b && *b ? "false" : "true"};
      a.source = "the other value";
      return;
    }
    case ParameterType::Enum: {
      const std::string shipped = model::toString(p.value);
      for (const auto& c : p.choices)
        if (c != shipped) a.alternatives.push_back(c);
      a.source = "the other choices";
      if (a.alternatives.empty()) a.noAlternative = "an enum with no other choice";
      return;
    }
    case ParameterType::String:
      a.noAlternative = "a text value: declare the other readings with `alternatives: [..]`";
      return;
    case ParameterType::Int:
    case ParameterType::Float: {
      const double x = model::toNumber(p.value).value_or(0.0);
      double step = p.step.value_or(p.type == ParameterType::Int ? 1.0 : std::fabs(x) / 10.0);
      if (p.type == ParameterType::Int) step = std::max(1.0, std::round(step));
      if (!(step > 0)) step = 0.1;
      for (double v : {x - step, x + step}) {
        const std::string text =
            p.type == ParameterType::Int ? std::to_string(static_cast<long long>(std::llround(v))) : model::formatNumber(v);
        const auto parsed = p.parse(text);
        if (parsed && p.check(*parsed).empty()) a.alternatives.push_back(text);
      }
      a.source = "one step each way";
      if (a.alternatives.empty())
        a.noAlternative = "no step of " + model::formatNumber(step) + " either way stays inside the declared range";
      return;
    }
  }
}

AssumedValue mark(std::string path, const std::string& note, const model::Origin& origin, std::string why) {
  AssumedValue a;
  a.path = std::move(path);
  a.note = note;
  a.where = origin.at("assumed");
  a.noAlternative = std::move(why);
  return a;
}

}  // namespace

std::vector<AssumedValue> assumedValues(const model::Ruleset& r) {
  std::vector<AssumedValue> out;
  const std::string words = "a reading in words, not one value: give it a parameter with `alternatives` to test it";
  if (!r.assumed.empty()) out.push_back(mark("(ruleset)", r.assumed, r.origin, words));
  for (const auto& p : r.parameters) {
    if (p.assumed.empty()) continue;
    AssumedValue a = mark("parameters." + p.id, p.assumed, p.origin, "");
    a.shipped = model::toString(p.value);
    deriveAlternatives(p, a);
    out.push_back(std::move(a));
  }
  for (const auto& d : r.dice)
    if (!d.assumed.empty()) out.push_back(mark("dice." + d.id, d.assumed, d.origin, "die faces: " + words));
  for (model::Section s : model::kSections) {
    for (const auto& e : r.entities(s)) {
      const std::string base = std::string(model::toString(s)) + "." + e.id;
      if (!e.assumed.empty()) out.push_back(mark(base, e.assumed, e.origin, words));
      for (std::size_t i = 0; i < e.effects.size(); ++i)
        if (!e.effects[i].assumed.empty())
          out.push_back(mark(base + ".effects." + std::to_string(i), e.effects[i].assumed, e.effects[i].origin, words));
    }
  }
  for (const auto& q : r.diceQuestions)
    if (!q.assumed.empty())
      out.push_back(mark("dice_questions." + q.id, q.assumed, q.origin, "a dice question: not part of play"));
  return out;
}

}  // namespace wb::sim
