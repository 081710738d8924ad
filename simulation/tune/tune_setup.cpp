#include "simulation/tune/tune_setup.h"

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
  return true;
}

}  // namespace wb::sim
