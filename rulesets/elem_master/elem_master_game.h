// ElemMasterGame: Elem Master compiled from its ruleset (engine name
// "elem_master"); newInitialState() builds a fresh board for 2 or 4 players.
// Factions are the specialties (plus the no-specialty baseline) so the runner
// reports win rates per specialty; with specialty_choice: draft the seats draft
// them instead (no factions: the entity log tells who took which). Rules summary and parameter table:
// elem_master_state.h.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "rulesets/elem_master/elem_master_rules.h"
#include "simulation/core/game.h"

namespace wb::rulesets::elem_master {

class ElemMasterState;

class ElemMasterGame : public sim::Game {
 public:
  explicit ElemMasterGame(std::shared_ptr<const ElemMasterRules> rules) : m_rules(std::move(rules)) {}
  // Compiles the ruleset; nullptr (with diagnostics) when it cannot be played.
  static std::unique_ptr<ElemMasterGame> create(const model::Ruleset& ruleset, model::Diagnostics& out);

  std::string engine() const override;
  std::vector<std::string> factions() const override;
  const std::vector<std::string>& entityIds() const override { return m_rules->ids; }
  const std::vector<std::string>& counterIds() const override { return m_rules->counterIds; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const override;
  int defaultMaxTurns() const override { return m_rules->turnLimit + 1; }
  // Impact hooks (elem_master_impact.cpp): a specialty can be granted (assigned to a seat).
  bool canGrant(int entity) const override;
  // The setup's factions with every granted specialty assigned to its seat.
  std::vector<int> factionsWithGrants(const sim::GameSetup& setup) const;

  // The concrete state (tests use it for scripted positions).
  std::unique_ptr<ElemMasterState> newGame(const sim::GameSetup& setup, sim::Rng& rng) const;
  const ElemMasterRules& rules() const { return *m_rules; }

 private:
  std::shared_ptr<const ElemMasterRules> m_rules;
};

}  // namespace wb::rulesets::elem_master
