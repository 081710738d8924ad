#include "simulation/tune/tune_setup.h"

#include <algorithm>

#include "simulation/tune/tune_search.h"

namespace wb::sim {

bool resolveTuneSetup(const EngineRegistry& registry, const model::Ruleset& ruleset, const TuneRunSettings& run,
                      const TuneSpec& spec, TuneSetup& setup, model::Diagnostics& out, std::string& error) {
  setup = TuneSetup{};
  if (!TuneSearch::gameShape(registry, ruleset, run, setup.shape, error)) return false;
  // The names are checked even when the request has problems of form: every problem at once.
  setup.targets = resolveTargets(spec, setup.shape, out);
  const EngineInfo* info = registry.find(ruleset.engine);
  setup.knobs = buildKnobSpace(ruleset, info ? &info->schema : nullptr, spec, out);
  // Use and diversity targets read what each entity does most in the starting
  // games: learnt by playing them, only once the request has no problem (a
  // request with problems plays nothing).
  const bool usesEntities = std::any_of(setup.targets.begin(), setup.targets.end(),
                                        [](const Target& t) { return t.metric.isUse(); });
  if (usesEntities && !out.hasErrors()) {
    if (!TuneSearch::gameShape(registry, ruleset, run, setup.shape, error, true)) return false;
    model::Diagnostics again;
    setup.targets = resolveTargets(spec, setup.shape, again);
    for (const auto& d : again.items()) out.add(d);
  }
  return true;
}

}  // namespace wb::sim
