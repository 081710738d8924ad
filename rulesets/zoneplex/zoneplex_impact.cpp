// Zoneplex hooks for the causal impact measures (simulation/impact):
//   - actionEntities: using a relic (UseRelic: the relic held in that slot) and
//     placing a tile (Place: its tile type). Action cards are turned up, not
//     chosen, and influential relics work without an action: restricting them
//     changes nothing, which the impact report says.
//   - grants: a relic is granted by taking one copy out of the relic deck (no
//     reshuffle, so the other cards keep their order) and putting it in the
//     seat's hand at the start, usable from the first turn.
//   - canGrant: every relic with a copy in the deck.
// Outcome: "if all of the players are obliterated, the Zoneplex itself wins"
// gives every seat return 0, which the statistics count as "nobody wins".
#include "rulesets/zoneplex/zoneplex_game.h"
#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

void ZoneplexState::actionEntities(sim::Action a, std::vector<int>& out) const {
  out.clear();
  if (m_stage == Stage::Over) return;
  const int payload = payloadOf(a);
  switch (kindOf(a)) {
    case ActionKind::UseRelic: {
      const PlayerState& ps = m_p[static_cast<std::size_t>(m_actor)];
      const int slot = payload / 1000;
      if (slot >= 0 && slot < ps.relics.count())
        out.push_back(m_rules->relics[ps.relics[static_cast<std::size_t>(slot)].type].entity);
      break;
    }
    case ActionKind::Place: {
      const int type = payload / 4 / 64;
      if (type >= 0 && type < static_cast<int>(m_rules->tiles.size())) out.push_back(m_rules->tiles[static_cast<std::size_t>(type)].entity);
      break;
    }
    default:
      break;
  }
}

void ZoneplexState::applyGrants(const std::vector<sim::Grant>& grants) {
  for (const sim::Grant& g : grants) {
    if (g.seat < 0 || g.seat >= m_players) continue;
    for (std::size_t r = 0; r < m_rules->relics.size(); ++r) {
      if (m_rules->relics[r].entity != g.entity) continue;
      if (m_p[static_cast<std::size_t>(g.seat)].relics.count() >= m_rules->relicLimit) break;
      if (!m_relicDeck.eraseValue(static_cast<std::uint8_t>(r))) break;
      giveRelic(g.seat, static_cast<int>(r), -1);
      log().add(g.seat, g.entity, sim::EntityUse::Acquired);
      break;
    }
  }
}

bool ZoneplexGame::canGrant(int entity) const {
  for (const RelicType& r : m_rules->relics)
    if (r.entity == entity) return r.count > 0;
  return false;
}

}  // namespace wb::rulesets::zoneplex
