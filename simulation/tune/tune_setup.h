// TuneSetup: a tuning request resolved against a ruleset, shared by `balance
// tune` and the workbench's Balance tab so that both check a request the same
// way: the game's shape (seats, sides, factions, agents), the targets with
// every `*` expanded, and the knob space (patterns expanded, domains checked
// against the engine's schema). Every problem of the request goes to the
// diagnostics at its item's place (`file:line:column`), all at once.
//
//   sim::TuneSetup setup;
//   if (!sim::resolveTuneSetup(engines, ruleset, config.run, spec, setup, diags, error)) ...  // does not compile
//   if (diags.hasErrors()) ...                                                             // the request's problems
#pragma once

#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "simulation/core/engine_registry.h"
#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_evaluator.h"
#include "simulation/tune/tune_metric.h"
#include "simulation/tune/tune_spec.h"
#include "simulation/tune/tune_target.h"

namespace wb::sim {

struct TuneSetup {
  TuneShape shape;
  std::vector<Target> targets;
  KnobSpace knobs;
};

// Compiles `ruleset` for its shape (false with `error` when it does not
// compile: the request is not checked then), then resolves the targets and
// builds the knobs of `spec`, their problems to `out`.
bool resolveTuneSetup(const EngineRegistry& registry, const model::Ruleset& ruleset, const TuneRunSettings& run,
                      const TuneSpec& spec, TuneSetup& setup, model::Diagnostics& out, std::string& error);

}  // namespace wb::sim
