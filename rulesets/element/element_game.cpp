#include "rulesets/element/element_game.h"

#include "rulesets/element/element_schema.h"
#include "rulesets/element/element_state.h"

namespace wb::rulesets::element {

std::unique_ptr<ElementGame> ElementGame::create(const model::Ruleset& ruleset, model::Diagnostics& out) {
  std::shared_ptr<const ElementRules> rules = compileRules(ruleset, out);
  if (!rules) return nullptr;
  return std::make_unique<ElementGame>(std::move(rules));
}

std::string ElementGame::engine() const { return kEngineName; }

std::unique_ptr<sim::State> ElementGame::newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const {
  return newGame(rng, setup.grants);
}

std::unique_ptr<ElementState> ElementGame::newGame(sim::Rng& rng, const std::vector<sim::Grant>& grants) const {
  auto state = std::make_unique<ElementState>(m_rules);
  state->setUp(rng, grants);
  return state;
}

std::unique_ptr<ElementState> ElementGame::newEmpty() const {
  auto state = std::make_unique<ElementState>(m_rules);
  state->clearBoard();
  for (int p = 0; p < kPlayers; ++p) state->setSorcerer(p, m_rules->start[p]);
  return state;
}

}  // namespace wb::rulesets::element
