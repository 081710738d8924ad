#include "rulesets/engine_catalog.h"

namespace wb::rulesets {

namespace {
sim::EngineRegistry makeRegistry() {
  sim::EngineRegistry registry;
  // One line per engine, e.g.: registry.add(card_dice::engineInfo());
  return registry;
}
}  // namespace

const sim::EngineRegistry& builtinEngines() {
  static const sim::EngineRegistry registry = makeRegistry();
  return registry;
}

}  // namespace wb::rulesets
