// ZoneplexGame: Zoneplex compiled from its ruleset (engine name "zoneplex");
// newInitialState() deals a fresh game for 2-5 players. See zoneplex_state.h
// for the rules summary and the parameter table.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "rulesets/zoneplex/zoneplex_rules.h"
#include "simulation/core/game.h"

namespace wb::rulesets::zoneplex {

class ZoneplexState;

class ZoneplexGame : public sim::Game {
 public:
  explicit ZoneplexGame(std::shared_ptr<const ZoneplexRules> rules) : m_rules(std::move(rules)) {}
  // Compiles the ruleset; nullptr (with diagnostics) when it cannot be played.
  static std::unique_ptr<ZoneplexGame> create(const model::Ruleset& ruleset, model::Diagnostics& out);

  std::string engine() const override;
  const std::vector<std::string>& entityIds() const override { return m_rules->ids; }
  const std::vector<std::string>& counterIds() const override { return m_rules->counterIds; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const override;
  int defaultMaxTurns() const override { return m_rules->maxTurns; }
  // Impact hook (zoneplex_impact.cpp): relics can be granted.
  bool canGrant(int entity) const override;

  // The concrete state (tests use it for scripted positions).
  std::unique_ptr<ZoneplexState> newGame(int players, sim::Rng& rng) const;
  // An empty state (no setup dealt) for scripted positions.
  std::unique_ptr<ZoneplexState> newEmpty(int players) const;
  const ZoneplexRules& rules() const { return *m_rules; }

 private:
  std::shared_ptr<const ZoneplexRules> m_rules;
};

}  // namespace wb::rulesets::zoneplex
