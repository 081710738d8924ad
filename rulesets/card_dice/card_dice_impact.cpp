// Card-dice hooks for the causal impact measures (simulation/impact):
//   - actionEntities: the card an action acquires, plays or uses for the player
//     to act: a bid on a shop card and a raise in its auction (acquire), executing
//     or placing an action card, playing a face-down card or a blessing, and a
//     response from hand or face down (play). A passive works from the moment it
//     is bought, so restricting it means never bidding for it.
//   - grants: a granted card is taken out of the shops (the display, refilled
//     from the top of its deck, or else the shop deck) and given at the start: a
//     passive is active from the first turn, an action or blessing card is in
//     the hand. No random draw is used, so a granted game shares the dice, decks
//     and shops of its baseline game (common random numbers).
//   - canGrant: every card with a copy in the shops (not the starting card
//     when all its copies are in the starting decks).
#include "rulesets/card_dice/card_dice_game.h"
#include "rulesets/card_dice/card_dice_state.h"

namespace wb::rulesets::card_dice {

void CardDiceState::actionEntities(sim::Action a, std::vector<int>& out) const {
  out.clear();
  const DecodedAction d = decodeAction(a);
  switch (d.kind) {
    case ActionKind::Bid:
      if (d.die >= 0 && d.die < 2 && d.card >= 0 && static_cast<std::size_t>(d.card) < m_shops[d.die].display.size())
        out.push_back(m_shops[d.die].display[static_cast<std::size_t>(d.card)]);
      break;
    case ActionKind::Raise:
      if (m_phase == Phase::Auction && static_cast<std::size_t>(m_auctionSlot) < m_shops[m_auctionShop].display.size())
        out.push_back(m_shops[m_auctionShop].display[static_cast<std::size_t>(m_auctionSlot)]);
      break;
    case ActionKind::ExecuteAction:
    case ActionKind::PlaceFaceDown:
    case ActionKind::PlayFaceDown:
    case ActionKind::PlayBlessing:
    case ActionKind::RespondHand:
    case ActionKind::RespondFaceDown:
      out.push_back(d.card);
      break;
    default:
      break;
  }
}

void CardDiceState::applyGrants(const std::vector<sim::Grant>& grants) {
  for (const sim::Grant& g : grants) {
    if (g.seat < 0 || g.seat > 1 || g.entity < 0 || g.entity >= static_cast<int>(m_rules->cards.size())) continue;
    const auto card = static_cast<std::uint8_t>(g.entity);
    bool taken = false;
    for (Shop& s : m_shops) {
      for (std::size_t k = 0; !taken && k < s.display.size(); ++k) {
        if (s.display[k] != card) continue;
        s.display.erase(k);
        // At the start nothing is set aside, so refilling draws no random number.
        if (!s.deck.empty()) {
          s.display.push_back(s.deck.back());
          s.deck.pop_back();
        }
        taken = true;
      }
      if (!taken) taken = s.deck.eraseValue(card);
      if (taken) break;
    }
    if (!taken) continue;
    PlayerState& p = m_players[static_cast<std::size_t>(g.seat)];
    if (m_rules->cards[card].kind == CardKind::Passive) p.passives.push_back(card);
    else p.hand.push_back(card);
    log().add(g.seat, card, sim::EntityUse::Acquired);
  }
}

bool CardDiceGame::canGrant(int entity) const {
  if (entity < 0 || entity >= static_cast<int>(m_rules->cards.size())) return false;
  int copies = m_rules->cards[static_cast<std::size_t>(entity)].count;
  if (entity == m_rules->startingCard) copies -= 2 * m_rules->startingCards;
  return copies > 0;
}

}  // namespace wb::rulesets::card_dice
