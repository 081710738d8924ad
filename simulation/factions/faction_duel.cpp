#include "simulation/factions/faction_duel.h"

#include <memory>

#include "simulation/agents/agent_factory.h"
#include "simulation/core/rng.h"
#include "simulation/core/state.h"

namespace wb::sim {

FactionDuelOutcome playFactionDuel(const Game& game, int a, int b, int seatA, const std::vector<std::string>& specs,
                                   std::uint64_t seed, int cap) {
  GameSetup setup{2, {}};
  setup.factionOfSeat = seatA == 0 ? std::vector<int>{a, b} : std::vector<int>{b, a};
  Rng chance(deriveSeed(seed, 0, 0));
  std::unique_ptr<State> s = game.newInitialState(setup, chance);
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<Rng> rngs;
  for (int seat = 0; seat < 2; ++seat) {
    std::string error;
    agents.push_back(makeAgent(specs[static_cast<std::size_t>(seat) % specs.size()], error));
    rngs.emplace_back(deriveSeed(seed, 0, 1 + static_cast<std::uint64_t>(seat)));
  }
  while (!s->isTerminal() && s->turnCount() < cap) {
    const int p = s->currentPlayer();
    const Action act = agents[static_cast<std::size_t>(p)]->chooseAction(*s, rngs[static_cast<std::size_t>(p)]);
    if (!s->applyAction(act, chance)) break;
  }
  FactionDuelOutcome out;
  out.turns = s->turnCount();
  const std::vector<std::string>& counters = game.counterIds();
  for (std::size_t c = 0; c < counters.size(); ++c)
    if (counters[c].rfind("power_", 0) == 0) out.powerUses += s->counters().count(seatA, static_cast<int>(c));
  if (!s->isTerminal()) {
    out.capped = true;  // capped: counted as a draw
    return out;
  }
  out.adjudicated = s->adjudicated();
  out.score = s->returns()[static_cast<std::size_t>(seatA)];
  return out;
}

}  // namespace wb::sim
