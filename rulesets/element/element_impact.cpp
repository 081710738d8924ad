// Element hooks for the causal impact measures (simulation/impact, `balance impact`).
// The entities are the die's faces: the four stones (a stone face), the logo
// (an extra sorcerer step) and the seal (any stone).
//   - actionEntities: placing a stone uses that stone, and the seal as well
//     when no named die of that stone is left for it; a move that spends more
//     than the base steps uses the logo.
//   - grants: the game has no cards or powers to hand out, so a granted face is
//     one more die showing that face in the seat's first roll (a fifth stone to
//     place, a seal's free choice, or a logo's extra step). This is the
//     engine's reading for the measure, not a rule of the text; it asks "what
//     is one more X worth" in the same units for every face.
//   - canGrant: every entity that is a face of the die.
#include "rulesets/element/element_game.h"
#include "rulesets/element/element_state.h"

namespace wb::rulesets::element {

void ElementState::actionEntities(sim::Action a, std::vector<int>& out) const {
  out.clear();
  if (m_stage != Stage::Play) return;
  const Decoded d = decode(a);
  if (d.kind == ActionKind::Place && d.stone < m_rules->stoneCount()) {
    out.push_back(d.stone);
    if (m_need[d.stone] == 0 && m_rules->sealEntity >= 0) out.push_back(m_rules->sealEntity);
  } else if (d.kind == ActionKind::Move && m_rules->logoEntity >= 0 && d.cell < m_rules->cells) {
    Reach reachable;
    reach(m_player, m_steps, reachable);
    const int cost = reachable.steps[d.cell];
    if (cost != 255 && m_stepsUsed + cost > m_rules->baseSteps) out.push_back(m_rules->logoEntity);
  }
}

void ElementState::applyGrants(const std::vector<sim::Grant>& grants) {
  for (FixedVector<std::uint8_t, kMaxDice>& g : m_granted) g.clear();
  for (const sim::Grant& g : grants) {
    if (g.seat < 0 || g.seat >= kPlayers) continue;
    FixedVector<std::uint8_t, kMaxDice>& extra = m_granted[static_cast<std::size_t>(g.seat)];
    for (std::size_t f = 0; f < m_rules->faces.size(); ++f) {
      if (m_rules->faces[f].entity != g.entity) continue;
      if (extra.count() + m_rules->dicePerTurn < kMaxDice) extra.push_back(static_cast<std::uint8_t>(f));
      break;
    }
  }
}

bool ElementGame::canGrant(int entity) const {
  for (const FaceDef& f : m_rules->faces)
    if (f.entity == entity) return true;
  return false;
}

}  // namespace wb::rulesets::element
