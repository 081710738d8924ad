#include "rulesets/elemenz/elemenz_game.h"

#include "rulesets/elemenz/elemenz_schema.h"
#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

std::unique_ptr<ElemenzGame> ElemenzGame::create(const model::Ruleset& ruleset, model::Diagnostics& out) {
  std::shared_ptr<const ElemenzRules> rules = compileRules(ruleset, out);
  if (!rules) return nullptr;
  return std::make_unique<ElemenzGame>(std::move(rules));
}

std::string ElemenzGame::engine() const { return kEngineName; }

std::vector<std::string> ElemenzGame::factionLabels(int players) const {
  std::vector<std::string> labels = m_rules->factionIds;
  if (players != 2) return labels;
  for (std::size_t f = 0; f < labels.size() && f < m_rules->factionElement.size(); ++f) {
    const int side = m_rules->sideOf[static_cast<std::size_t>(m_rules->factionElement[f])];
    const auto& pair = m_rules->sideElements[static_cast<std::size_t>(side)];
    labels[f] = std::string("side ") + elementName(pair[0]) + "+" + elementName(pair[1]) + " (as " + labels[f] + ")";
  }
  return labels;
}

std::unique_ptr<sim::State> ElemenzGame::newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const {
  return newGame(setup, rng);
}

std::unique_ptr<ElemenzState> ElemenzGame::newGame(const sim::GameSetup& setup, sim::Rng& rng) const {
  auto state = std::make_unique<ElemenzState>(m_rules, setup.players);
  state->setUp(setup.factionOfSeat, setup.grants, rng);
  return state;
}

bool ElemenzGame::canGrant(int entity) const {
  for (const TokenType& t : m_rules->tokens)
    if (t.entity == entity) return m_rules->totemStartTokens > 0;
  for (const AvatarType& a : m_rules->avatars)
    if (a.entity == entity) return m_rules->avatarsOn;
  return false;
}

}  // namespace wb::rulesets::elemenz
