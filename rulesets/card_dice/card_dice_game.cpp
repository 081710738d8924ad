#include "rulesets/card_dice/card_dice_game.h"

#include "rulesets/card_dice/card_dice_counters.h"
#include "rulesets/card_dice/card_dice_schema.h"
#include "rulesets/card_dice/card_dice_state.h"

namespace wb::rulesets::card_dice {

std::unique_ptr<CardDiceGame> CardDiceGame::create(const model::Ruleset& ruleset,
                                                   model::Diagnostics& out) {
  std::shared_ptr<const CardDiceRules> rules = compileRules(ruleset, out);
  if (!rules) return nullptr;
  return std::make_unique<CardDiceGame>(std::move(rules));
}

std::string CardDiceGame::engine() const { return kEngineName; }

const std::vector<std::string>& CardDiceGame::counterIds() const { return counterNames(); }

std::unique_ptr<sim::State> CardDiceGame::newInitialState(const sim::GameSetup& setup,
                                                          sim::Rng& rng) const {
  // Rule: "The game is played between two players" -- the setup's player count is ignored.
  auto state = std::make_unique<CardDiceState>(m_rules);
  state->setUp(rng, setup.grants);  // grants: card_dice_impact.cpp
  return state;
}

std::unique_ptr<CardDiceState> CardDiceGame::newGame(sim::Rng& rng) const {
  auto state = std::make_unique<CardDiceState>(m_rules);
  state->setUp(rng);
  return state;
}

}  // namespace wb::rulesets::card_dice
