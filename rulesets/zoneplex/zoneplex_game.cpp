#include "rulesets/zoneplex/zoneplex_game.h"

#include "rulesets/zoneplex/zoneplex_schema.h"
#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

std::unique_ptr<ZoneplexGame> ZoneplexGame::create(const model::Ruleset& ruleset, model::Diagnostics& out) {
  std::shared_ptr<const ZoneplexRules> rules = compileRules(ruleset, out);
  if (!rules) return nullptr;
  return std::make_unique<ZoneplexGame>(std::move(rules));
}

std::string ZoneplexGame::engine() const { return kEngineName; }

std::unique_ptr<sim::State> ZoneplexGame::newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const {
  auto state = newGame(setup.players, rng);
  state->applyGrants(setup.grants);  // zoneplex_impact.cpp
  return state;
}

std::unique_ptr<ZoneplexState> ZoneplexGame::newGame(int players, sim::Rng& rng) const {
  auto state = std::make_unique<ZoneplexState>(m_rules, players);
  state->setUp(rng);
  return state;
}

std::unique_ptr<ZoneplexState> ZoneplexGame::newEmpty(int players) const {
  return std::make_unique<ZoneplexState>(m_rules, players);
}

}  // namespace wb::rulesets::zoneplex
