// CardDiceGame: the Elemental Card-Dice Game compiled from its ruleset (engine
// name "card_dice"); newInitialState() deals a fresh game. See card_dice_state.h
// for the rules summary and the parameter table.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "rulesets/card_dice/card_dice_rules.h"
#include "simulation/core/game.h"

namespace wb::rulesets::card_dice {

class CardDiceState;

class CardDiceGame : public sim::Game {
 public:
  explicit CardDiceGame(std::shared_ptr<const CardDiceRules> rules) : m_rules(std::move(rules)) {}
  // Compiles the ruleset; nullptr (with diagnostics) when it cannot be played.
  static std::unique_ptr<CardDiceGame> create(const model::Ruleset& ruleset, model::Diagnostics& out);

  std::string engine() const override;
  const std::vector<std::string>& entityIds() const override { return m_rules->ids; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const override;
  int defaultMaxTurns() const override { return m_rules->maxTurns; }
  // The engine ends every turn after max_actions_per_turn moves; the runner's bound
  // leaves room to close it (discards down to the hand limit, passes, stack resolution).
  int defaultMaxActionsPerTurn() const override { return m_rules->maxActionsPerTurn + kTurnClosingMoves; }
  static constexpr int kTurnClosingMoves = 400;
  const std::vector<std::string>& counterIds() const override;
  // Impact hook (card_dice_impact.cpp): cards with a copy in the shops can be granted.
  bool canGrant(int entity) const override;

  // The concrete state (tests use it for scripted positions).
  std::unique_ptr<CardDiceState> newGame(sim::Rng& rng) const;
  const CardDiceRules& rules() const { return *m_rules; }

 private:
  std::shared_ptr<const CardDiceRules> m_rules;
};

}  // namespace wb::rulesets::card_dice
