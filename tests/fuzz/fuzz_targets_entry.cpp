// The fuzzing entry point of the tuner's targets file (fuzz_entries.h,
// fuzzTargets: a user's targets file is input like any other).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "model/core/ruleset.h"
#include "model/yaml/ruleset_loader.h"
#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_metric.h"
#include "simulation/tune/tune_spec.h"
#include "simulation/tune/tune_target.h"
#include "tests/fuzz/fuzz_entries.h"

namespace wb::fuzz {

namespace {

// The ruleset the knobs are built on: the model's "every field" fixture
// (parameters, dice, cards with costs and effects, tiles, events, abilities
// with an expression cost, factions), so that patterns and ranges meet every
// kind of path. It is read, and the knobs are built, without an engine's
// schema: the libFuzzer target links the model and the tuner's sources only,
// not the five engines (an hour to build under the sanitizers on the shared
// machine); the schema's ranges are covered by tests/simulation/tune. A small
// ruleset on purpose: building knobs validates the ruleset once per knob end,
// and card-dice's 69 costs took 1 s of CPU under ASan per input (the first
// run's finding, corpus/targets/finding-01-card-dice-costs-slow-under-asan).
const model::Ruleset* knobRuleset() {
  static const std::optional<model::Ruleset> ruleset = []() -> std::optional<model::Ruleset> {
    auto loaded = model::loadRuleset(std::string(WB_SOURCE_DIR) + "/tests/data/model/rich.yaml");
    if (!loaded.ok()) return std::nullopt;
    return std::move(loaded.ruleset);
  }();
  return ruleset ? &*ruleset : nullptr;
}

// A game with seats, teams, factions and two agent specs, so that every metric
// form (seat:N, team:ID, faction:ID, agent:SPEC, `*`) has something to name.
sim::TuneShape fuzzShape() {
  sim::TuneShape shape;
  shape.players = 4;
  shape.sides = 2;
  shape.teams = true;
  shape.factions = {"fire", "water", "earth", "air"};
  shape.baselineFaction = 0;
  shape.agents = {"random", "greedy"};
  return shape;
}

std::size_t lineCount(std::string_view text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1; }

void checkDiagnostics(const model::Diagnostics& diags, std::string_view text) {
  for (const auto& d : diags.items()) {
    if (d.message.empty()) fuzzFailure("a targets-file diagnostic without a message");
    if (d.where.line < 0 || static_cast<std::size_t>(d.where.line) > lineCount(text) + 1)
      fuzzFailure("a targets-file diagnostic on a line outside the text");
  }
}

void fuzzOne(std::string_view text, bool inRuleset) {
  model::Diagnostics diags;
  const sim::TuneSpec spec = sim::parseTuneSpec(text, "targets.yaml", inRuleset, diags);
  checkDiagnostics(diags, text);
  if (spec.targets.size() > sim::kMaxTargets || spec.knobs.size() > sim::kMaxKnobEntries)
    fuzzFailure("a targets file over its bounds was accepted");
  for (const auto& t : spec.targets) {
    if (!t.min && !t.max) fuzzFailure("a target without a bound");
    if (!diags.hasErrors() && t.min && t.max && *t.min > *t.max) fuzzFailure("min > max accepted");
  }
  for (const auto& k : spec.knobs)
    if (!diags.hasErrors() && k.rangeValues().size() > sim::kMaxKnobValues) fuzzFailure("a range over the bound accepted");

  const sim::TuneShape shape = fuzzShape();
  const std::vector<sim::Target> targets = sim::resolveTargets(spec, shape, diags);
  checkDiagnostics(diags, text);
  // Two targets on one metric are intersected; an empty intersection is an
  // error ("leave no value"), never a target with min > max.
  if (!diags.hasErrors())
    for (const auto& t : targets) {
      if (!(t.min <= t.max)) fuzzFailure("a resolved target with min > max and no error");
      // A band a value of the metric can meet, with width.
      if (!(std::min(t.max, t.metric.highest()) > std::max(t.min, t.metric.lowest())))
        fuzzFailure("a band no value of its metric meets, accepted");
    }

  const model::Ruleset* ruleset = knobRuleset();
  if (!ruleset) fuzzFailure("the knob fixture tests/data/model/rich.yaml does not load");
  const sim::KnobSpace knobs = sim::buildKnobSpace(*ruleset, nullptr, spec, diags);
  checkDiagnostics(diags, text);
  if (diags.hasErrors()) return;
  for (std::size_t i = 0; i < knobs.size(); ++i) {
    const sim::Knob& k = knobs[i];
    if (k.values.empty() || k.values.size() > sim::kMaxKnobValues) fuzzFailure("a knob domain outside its bounds");
    if (k.base >= k.values.size()) fuzzFailure("a knob's current value outside its domain");
    // Identity and prose are never knobs.
    const auto dot = k.path.rfind('.');
    const std::string last = dot == std::string::npos ? k.path : k.path.substr(dot + 1);
    if (dot == std::string::npos || last == "name" || last == "id" || last == "text") fuzzFailure("an identity knob");
  }
  // The first and last knobs moved to their last value apply to the ruleset.
  if (knobs.size() == 0) return;
  sim::EditSet edits;
  for (std::size_t i : {std::size_t{0}, knobs.size() - 1}) {
    const std::size_t level = knobs[i].values.size() - 1;
    edits = sim::KnobSpace::with(edits, sim::Edit{i, level}, knobs);
  }
  model::Ruleset copy = *ruleset;
  std::string error;
  if (!knobs.apply(edits, copy, error) && error.empty()) fuzzFailure("an edit refused without a message");
}

}  // namespace

int fuzzTargets(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  fuzzOne(text, false);
  fuzzOne(text, true);
  return 0;
}

}  // namespace wb::fuzz
