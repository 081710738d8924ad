// fuzzDescription (fuzz_entries.h): the bytes as the `rules:` section of a
// described game. Only the described engine is needed (the head names it), so
// the libFuzzer target is built from the model, the engine's own sources and
// the few of the simulation layer it plays through, not from every engine:
// on the shared machine that is minutes of sanitized compiling, not an hour.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/described/described_game.h"
#include "rulesets/described/described_schema.h"
#include "rulesets/described/described_state.h"
#include "simulation/core/game.h"
#include "simulation/core/rng.h"
#include "tests/fuzz/fuzz_entries.h"

namespace wb::fuzz {

namespace {

// The head every fuzzed description is appended to (its `rules:` section):
// two players, a parameter, two cards with a property, two factions.
constexpr std::string_view kDescriptionHead = R"(id: fuzz
name: Fuzz
engine: described
players: {min: 2, max: 2}
parameters:
  goal: {type: int, default: 20}
cards:
  - {id: a, name: A, count: 3, cost: 2, properties: {value: 1}}
  - {id: b, name: B, count: 2, cost: 5, properties: {value: 3}}
factions:
  - {id: f1, name: F1}
  - {id: f2, name: F2, properties: {bonus: 2}}
rules:
)";

// One action's effects may take 100,000 steps here, not the default 2,000,000:
// the whole default budget is about 0.37 us a step under ASan, 0.74 s, and an
// input spends it twice (validation's probe and the game below), so such
// inputs crossed the target's 1 s CPU bound. A twentieth keeps every input's
// effects within a few hundredths of a second while nested repeats and
// looping effects still reach the budget (their error path stays covered).
constexpr rulesets::described::PlayLimits kFuzzLimits{100000};

}  // namespace

int fuzzDescription(const std::uint8_t* data, std::size_t size) {
  std::string text(kDescriptionHead);
  text.append(reinterpret_cast<const char*>(data), size);
  // Validation's probe and the game below within the fuzz budget.
  static const model::EngineSchema schema = rulesets::described::makeEngineSchema(kFuzzLimits);
  const model::SchemaLookup lookup = [](std::string_view engine) -> const model::EngineSchema* {
    return engine == rulesets::described::kEngineName ? &schema : nullptr;
  };
  // Relative includes resolve in a folder that does not exist (as fuzzLoader).
  auto loaded = model::loadRulesetFromString(text, "/nonexistent-wb-fuzz/ruleset.yaml", lookup);
  for (const auto& d : loaded.diagnostics.items())
    if (d.message.empty()) fuzzFailure("a diagnostic without a message");
  if (!loaded.ok()) return 0;
  model::Diagnostics diags;
  auto game = rulesets::described::DescribedGame::create(loaded.ruleset, diags, kFuzzLimits);
  if (!game) return 0;
  const int players = std::clamp(loaded.ruleset.players.min, 1, 8);
  sim::Rng rng(1);
  // Each seat a faction, so faction_ names read something.
  auto state = game->newInitialState(sim::GameSetup(players, {1, 0}), rng);
  std::vector<sim::SetupFeature> features;
  state->setupFeatures(features);
  for (const auto& f : features)
    if (f.name.empty() || f.value.empty()) fuzzFailure("a setup feature without a name or a value");
  std::vector<sim::Action> actions;
  // At most one action's budget of effect steps, as validation's probe.
  const auto& described = static_cast<const rulesets::described::DescribedState&>(*state);
  for (int i = 0; i < kFuzzPlayoutActions && !state->isTerminal() &&
                  described.effectSteps() < kFuzzLimits.effectSteps;
       ++i) {
    state->legalActions(actions);
    if (actions.empty()) fuzzFailure("no legal action before the end of the game");
    if (!state->applyAction(actions[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(actions.size())))], rng))
      fuzzFailure("a legal action was refused");
  }
  if (state->isTerminal())
    for (double r : state->returns())
      if (!(r >= 0.0 && r <= 1.0)) fuzzFailure("a return outside [0, 1]");
  return 0;
}

}  // namespace wb::fuzz
