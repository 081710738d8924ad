#include "rulesets/engine_catalog.h"

#include "rulesets/card_dice/card_dice_schema.h"
#include "rulesets/described/described_schema.h"
#include "rulesets/elem_master/elem_master_schema.h"
#include "rulesets/element/element_schema.h"
#include "rulesets/elemenz/elemenz_schema.h"
#include "rulesets/zoneplex/zoneplex_schema.h"
#include "simulation/agents/agent_factory.h"

namespace wb::rulesets {

namespace {
sim::EngineRegistry makeRegistry() {
  sim::EngineRegistry registry;
  // One line per engine, e.g.: registry.add(card_dice::engineInfo());
  registry.add(card_dice::engineInfo());
  registry.add(described::engineInfo());
  registry.add(elem_master::engineInfo());
  registry.add(element::engineInfo());
  registry.add(elemenz::engineInfo());
  registry.add(zoneplex::engineInfo());
  return registry;
}
}  // namespace

const sim::EngineRegistry& builtinEngines() {
  static const sim::EngineRegistry registry = makeRegistry();
  return registry;
}

std::string defaultAgent(std::string_view engine, int players) {
  const sim::EngineInfo* info = builtinEngines().find(engine);
  if (info == nullptr) return sim::kDefaultAgent;
  const std::string& agent = info->defaultAgentFor(players);
  return agent.empty() ? std::string(sim::kDefaultAgent) : agent;
}

}  // namespace wb::rulesets
