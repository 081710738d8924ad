// The fuzzing entry point of a ruleset's own `targets:` and `knobs:` sections
// as `balance validate` and `balance tune RULESET` read them
// (fuzz_entries.h, fuzzEmbedded): the bytes as a ruleset file, loaded by the
// model; when it loads, its sections parsed as the tuner reads a ruleset,
// resolved against a 2-player game shape and built into knobs on the ruleset
// itself. Without the engines (the target links the model and the tuner's
// sources, as fuzz_targets), so the ruleset is read without an engine schema.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "model/core/ruleset.h"
#include "model/path/ruleset_path.h"
#include "model/yaml/ruleset_loader.h"
#include "model/yaml/ruleset_writer.h"
#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_metric.h"
#include "simulation/tune/tune_spec.h"
#include "simulation/tune/tune_target.h"
#include "tests/fuzz/fuzz_entries.h"

namespace wb::fuzz {

namespace {

// Knobs validate the ruleset at both ends of every domain: a ruleset of a few
// dozen values keeps an input well inside the CPU bound under the sanitizers.
constexpr std::size_t kMaxKnobbedValues = 64;

std::size_t lineCount(std::string_view text) {
  return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
}

void checkPlaces(const model::Diagnostics& diags, std::string_view text) {
  for (const auto& d : diags.items()) {
    if (d.message.empty()) fuzzFailure("an embedded-targets diagnostic without a message");
    if (d.where.line < 0 || static_cast<std::size_t>(d.where.line) > lineCount(text) + 1)
      fuzzFailure("an embedded-targets diagnostic on a line outside the text");
  }
}

}  // namespace

int fuzzEmbedded(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const model::LoadResult loaded = model::loadRulesetFromString(text, "ruleset.yaml");
  if (!loaded.ok()) return 0;
  const model::Ruleset& ruleset = loaded.ruleset;
  model::Diagnostics diags;
  const sim::TuneSpec spec = sim::parseTuneSpec(text, "ruleset.yaml", true, diags);
  checkPlaces(diags, text);
  if (ruleset.tuning.empty() && !spec.targets.empty()) fuzzFailure("targets read from a ruleset the model read none from");

  // What the model keeps of the sections is what the tuner reads again after a save.
  if (!diags.hasErrors() && !ruleset.tuning.empty()) {
    model::Diagnostics again;
    const sim::TuneSpec saved = sim::parseTuneSpec(model::toYaml(ruleset), "saved.yaml", true, again);
    if (again.hasErrors()) fuzzFailure("sections that read become sections that do not after a save");
    if (saved.targets.size() != spec.targets.size() || saved.knobs.size() != spec.knobs.size())
      fuzzFailure("a save changed the number of targets or knobs");
    for (std::size_t i = 0; i < spec.targets.size(); ++i)
      if (saved.targets[i].metric != spec.targets[i].metric || saved.targets[i].min != spec.targets[i].min ||
          saved.targets[i].max != spec.targets[i].max)
        fuzzFailure("a save changed a target");
  }

  sim::TuneShape shape;
  shape.players = 2;
  shape.sides = 2;
  shape.factions = {"mage_none", "mage_fire"};
  shape.agents = {"random"};
  for (model::Section s : model::kSections)
    for (const auto& e : ruleset.entities(s)) shape.entities.push_back(e.id);
  const auto targets = sim::resolveTargets(spec, shape, diags);
  checkPlaces(diags, text);
  if (!diags.hasErrors())
    for (const auto& t : targets)
      if (!(std::min(t.max, t.metric.highest()) > std::max(t.min, t.metric.lowest())))
        fuzzFailure("an embedded band no value of its metric meets, accepted");

  if (spec.knobs.empty() || model::listPaths(ruleset, false).size() > kMaxKnobbedValues) return 0;
  const sim::KnobSpace knobs = sim::buildKnobSpace(ruleset, nullptr, spec, diags);
  checkPlaces(diags, text);
  if (diags.hasErrors()) return 0;
  for (std::size_t i = 0; i < knobs.size(); ++i) {
    if (knobs[i].values.empty() || knobs[i].base >= knobs[i].values.size()) fuzzFailure("a knob outside its domain");
    if (knobs[i].path.find('.') == std::string::npos) fuzzFailure("a top-level value as a knob");
  }
  if (knobs.size() == 0) return 0;
  model::Ruleset copy = ruleset;
  std::string error;
  const sim::EditSet edits = {sim::Edit{0, knobs[0].values.size() - 1}};
  if (!knobs.apply(sim::KnobSpace::with({}, edits[0], knobs), copy, error) && error.empty())
    fuzzFailure("an edit refused without a message");
  return 0;
}

}  // namespace wb::fuzz
