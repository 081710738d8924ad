#include "rulesets/described/described_game.h"

#include "model/describe/description_compiler.h"
#include "rulesets/described/described_lua.h"
#include "rulesets/described/described_schema.h"
#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

DescribedGame::DescribedGame(std::shared_ptr<const model::describe::DescribedProgram> program, std::vector<std::string> ids)
    : m_program(std::move(program)), m_ids(std::move(ids)) {
  for (const auto& c : m_program->counters)
    if (isTallied(c)) m_counterIds.push_back(c.id);
}

std::unique_ptr<DescribedGame> DescribedGame::create(const model::Ruleset& ruleset, model::Diagnostics& out,
                                                    const PlayLimits& limits) {
  auto program = model::describe::compileDescription(ruleset, out);
  if (!program || !checkLuaScript(*program, out)) return nullptr;
  std::vector<std::string> ids;
  for (const auto& card : program->cards) ids.push_back(card.id);
  auto game = std::make_unique<DescribedGame>(std::move(program), std::move(ids));
  game->m_limits = limits;
  return game;
}

std::string DescribedGame::engine() const { return kEngineName; }

std::unique_ptr<DescribedState> DescribedGame::newGame(int players, sim::Rng& rng,
                                                      const std::vector<int>& factionOfSeat) const {
  return std::make_unique<DescribedState>(m_program, players, rng, factionOfSeat, m_limits.effectSteps);
}

std::unique_ptr<sim::State> DescribedGame::newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const {
  return newGame(setup.players, rng, setup.factionOfSeat);
}

}  // namespace wb::rulesets::described
