// No peeking (tests/simulation/no_peeking.h) on the shipped card-dice ruleset.
// Hidden from the player to act (rulebook, seed file 004: hands are held,
// face-down actions are face down, decks are shuffled): the opponent's hand,
// face-down row and deck, the player's own deck order and the shop decks'
// order. The change below swaps an opponent's hand or face-down card with a
// different card of their deck (face-down slots only take actions) and
// reverses the player's own deck and both shop decks. What the observer was shown
// (Sneak Peek, Mirror Wall, ...: PlayerState::knownOpp*, knownOwnTop/knownOppTop) is
// visible information and stays in place.
#include <algorithm>
#include <sstream>

#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/simulation/no_peeking.h"

namespace wb::rulesets::card_dice::testing {
namespace {

std::vector<int> cardsOf(const Pile& pile) { return std::vector<int>(pile.begin(), pile.end()); }

void setZone(CardDiceState& s, int p, Zone z, const std::vector<int>& cards) {
  s.clearZone(p, z);
  for (int c : cards) s.giveCard(p, z, c);
}

bool changeHidden(sim::State& state, int observer, sim::Rng& rng) {
  auto& s = dynamic_cast<CardDiceState&>(state);
  const CardDiceRules& rules = s.rules();
  bool changed = false;
  const int opp = 1 - observer;
  const PlayerState& me = s.player(observer);
  const auto known = [](const auto& list, int card) {
    return std::find(list.begin(), list.end(), static_cast<std::uint8_t>(card)) != list.end();
  };
  std::vector<int> hand = cardsOf(s.player(opp).hand), down = cardsOf(s.player(opp).faceDown),
                   deck = cardsOf(s.player(opp).deck);
  // The deck's top is back(): its top knownOppTop cards were shown to the observer.
  const std::size_t hiddenDeck = deck.size() - std::min(deck.size(), static_cast<std::size_t>(me.knownOppTop));
  if (hiddenDeck > 0) {
    const std::size_t k = static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(hiddenDeck)));
    for (std::size_t h = 0; h < hand.size(); ++h)
      if (hand[h] != deck[k] && !known(me.knownOppHand, hand[h]) && !known(me.knownOppHand, deck[k])) {
        std::swap(hand[h], deck[k]);
        changed = true;
        break;
      }
    for (std::size_t f = 0; f < down.size(); ++f)
      if (down[f] != deck[k] && rules.cards[static_cast<std::size_t>(deck[k])].kind == CardKind::Action &&
          !known(me.knownOppFaceDown, down[f]) && !known(me.knownOppFaceDown, deck[k])) {
        std::swap(down[f], deck[k]);
        changed = true;
        break;
      }
  }
  setZone(s, opp, Zone::Hand, hand);
  setZone(s, opp, Zone::FaceDown, down);
  setZone(s, opp, Zone::Deck, deck);
  std::vector<int> own = cardsOf(s.player(observer).deck);
  const auto ownHiddenEnd =
      own.end() - static_cast<std::ptrdiff_t>(std::min(own.size(), static_cast<std::size_t>(me.knownOwnTop)));
  if (std::adjacent_find(own.begin(), ownHiddenEnd, std::not_equal_to<>()) != ownHiddenEnd) changed = true;
  std::reverse(own.begin(), ownHiddenEnd);
  setZone(s, observer, Zone::Deck, own);
  for (int tier = 0; tier < 2; ++tier) {
    std::vector<int> shop = cardsOf(s.shop(tier).deck);
    if (std::adjacent_find(shop.begin(), shop.end(), std::not_equal_to<>()) != shop.end()) changed = true;
    s.clearShopDeck(tier);
    for (auto it = shop.rbegin(); it != shop.rend(); ++it) s.giveShopDeck(tier, *it);
  }
  return changed;
}

// toString() plus the orders it leaves out (decks, shop decks).
std::string dumpAll(const sim::State& state) {
  const auto& s = dynamic_cast<const CardDiceState&>(state);
  std::ostringstream o;
  o << s.toString();
  for (int p = 0; p < 2; ++p) {
    o << "deck " << p << ':';
    for (int c : s.player(p).deck) o << ' ' << c;
    o << '\n';
  }
  for (int t = 0; t < 2; ++t) {
    o << "shop deck " << t << ':';
    for (int c : s.shop(t).deck) o << ' ' << c;
    o << '\n';
  }
  return o.str();
}

WB_NO_PEEKING_TESTS(CardDiceNoPeeking, sharedGame(), (sim::GameSetup{2, {}}), &changeHidden, &dumpAll);

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
