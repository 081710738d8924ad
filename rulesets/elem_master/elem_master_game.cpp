#include "rulesets/elem_master/elem_master_game.h"

#include "rulesets/elem_master/elem_master_schema.h"
#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

std::unique_ptr<ElemMasterGame> ElemMasterGame::create(const model::Ruleset& ruleset, model::Diagnostics& out) {
  std::shared_ptr<const ElemMasterRules> rules = compileRules(ruleset, out);
  if (!rules) return nullptr;
  return std::make_unique<ElemMasterGame>(std::move(rules));
}

std::string ElemMasterGame::engine() const { return kEngineName; }

std::vector<std::string> ElemMasterGame::factions() const {
  return m_rules->specialtiesEnabled && !m_rules->draftSpecialties ? m_rules->factionIds : std::vector<std::string>{};
}

std::unique_ptr<sim::State> ElemMasterGame::newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const {
  return newGame(setup, rng);
}

std::unique_ptr<ElemMasterState> ElemMasterGame::newGame(const sim::GameSetup& setup, sim::Rng& rng) const {
  auto state = std::make_unique<ElemMasterState>(m_rules);
  // "Règles à 4 joueurs": 2 or 4 players (3 is played as 4 is not: it becomes 2).
  state->setUp(setup.players >= 4 ? 4 : 2, setup.grants.empty() ? setup.factionOfSeat : factionsWithGrants(setup), rng);
  return state;
}

}  // namespace wb::rulesets::elem_master
