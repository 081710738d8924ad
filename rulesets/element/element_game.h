// ElementGame: Element compiled from its ruleset (engine name "element");
// newInitialState() sets up a fresh duel for 2 players. See element_state.h
// for the rules summary and the parameter table.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "rulesets/element/element_rules.h"
#include "simulation/core/game.h"

namespace wb::rulesets::element {

class ElementState;

class ElementGame : public sim::Game {
 public:
  explicit ElementGame(std::shared_ptr<const ElementRules> rules) : m_rules(std::move(rules)) {}
  // Compiles the ruleset; nullptr (with diagnostics) when it cannot be played.
  static std::unique_ptr<ElementGame> create(const model::Ruleset& ruleset, model::Diagnostics& out);

  std::string engine() const override;
  const std::vector<std::string>& entityIds() const override { return m_rules->ids; }
  const std::vector<std::string>& counterIds() const override { return m_rules->counters; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const override;
  // The engine ends a duel at turn_limit itself (a draw); the runner's cap is a backstop.
  int defaultMaxTurns() const override { return m_rules->turnLimit + 10; }
  // Every die face can be granted: one more die showing it in the seat's first roll.
  bool canGrant(int entity) const override;

  // The concrete state (tests use it for scripted positions).
  std::unique_ptr<ElementState> newGame(sim::Rng& rng, const std::vector<sim::Grant>& grants = {}) const;
  // An empty board with the sorcerers on their starts and no roll: tests
  // script the position and call setTurn().
  std::unique_ptr<ElementState> newEmpty() const;
  const ElementRules& rules() const { return *m_rules; }

 private:
  std::shared_ptr<const ElementRules> m_rules;
};

}  // namespace wb::rulesets::element
