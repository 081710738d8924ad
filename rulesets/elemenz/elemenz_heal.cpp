// ElemenZ: the heal (rule "Heal Action", the Restore token, HIGH TIDE) and Water's
// race ability, the tide: "When the Water Shaman heals a dice, the Water player
// can immediately re-roll this dice. If this dice shows [water] the Water Shaman
// can claim a second water dice from the pool (if able)" - the player's choice.
#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

// Heal: dice back from the pool; they roll with the next roll while rolls remain,
// else they wait aside for the next turn ("These reclaimed 'healed' dice can be
// used during the rest of the turn as long as the player has not re-rolled 3
// times"). Water "can immediately re-roll this dice": the first die healed waits
// for that choice (m_tideDie; the caller calls beginTide). Which heals the tide
// follows is the assumed `water_tide`.
void ElemenzState::heal(int p, int dice, bool duringRolls, HealSource source) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  const int colour = ps.shaman;
  const bool active = p == m_active && m_stage != Stage::Over;
  const bool tide = m_rules->shamans[static_cast<std::size_t>(colour)].healReroll &&
                    (source == HealSource::Action || m_rules->tideEveryHeal);
  for (int k = 0; k < dice && m_pool[static_cast<std::size_t>(colour)] > 0; ++k) {
    --m_pool[static_cast<std::size_t>(colour)];
    ++ps.dice;
    if (!active || m_dice.full()) continue;
    m_dice.push_back(TurnDie{static_cast<std::uint8_t>(colour), 0,
                             static_cast<std::uint8_t>((duringRolls ? kDieUnrolled : kDieAside) | kDieHealed)});
    if (k == 0 && tide) {
      m_tideDie = m_dice.count() - 1;
      m_tideDuringRolls = duringRolls;
      m_tideSource = source;
    }
  }
}

void ElemenzState::beginTide(Stage back) {
  m_tideBack = back;
  m_stage = Stage::TideChoice;
  m_actor = m_active;
}

// Rule "Shaman abilities", WATER: "the Water player can immediately re-roll this
// dice. If this dice shows a [water] the Water Shaman can claim a second water
// dice from the pool (if able)." Then the heal's source goes on.
void ElemenzState::resolveTide(bool reroll, sim::Rng& rng) {
  const int i = m_tideDie;
  m_tideDie = -1;
  PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  const int colour = ps.shaman;
  if (reroll && i >= 0 && i < m_dice.count()) {
    TurnDie& d = m_dice[static_cast<std::size_t>(i)];
    d.face = static_cast<std::uint8_t>(rollFace(colour, rng));
    if (m_tideDuringRolls) d.flags = 0;  // rolled: in play now
    const Shaman& sh = m_rules->shamans[static_cast<std::size_t>(colour)];
    if (!sh.abilityEntities.empty()) log().add(m_active, sh.abilityEntities.front(), sim::EntityUse::Triggered);
    if (d.face == colour && m_pool[static_cast<std::size_t>(colour)] > 0) {
      --m_pool[static_cast<std::size_t>(colour)];
      ++ps.dice;
      if (!m_dice.full())
        m_dice.push_back(TurnDie{static_cast<std::uint8_t>(colour), 0,
                                 static_cast<std::uint8_t>((m_tideDuringRolls ? kDieUnrolled : kDieAside) | kDieHealed)});
    }
  }
  m_stage = m_tideBack;
  m_actor = m_active;
  switch (m_tideSource) {
    case HealSource::Action:
      if (surgeNow()) afterRoll(rng);
      else continueTurn(rng);
      break;
    case HealSource::Token:
      if (surgeNow()) afterRoll(rng);
      break;
    case HealSource::Combo:
      if (!m_hits.empty()) processHits(rng);
      break;
  }
}

}  // namespace wb::rulesets::elemenz
