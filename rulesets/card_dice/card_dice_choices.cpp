// Choices the card-dice rules give a player inside a card's effect (the victim's forced
// discards, the order of a reordered deck) and what a player knows of hidden cards (the
// information cards; determinize() keeps it). Rules quoted from seed file 004.
#include <algorithm>

#include "rulesets/card_dice/card_dice_state.h"

namespace wb::rulesets::card_dice {

bool CardDiceState::forcedDiscard(int victim, bool faceDown, int count) {
  // Weak Hands / Faulty Table: "Your opponent must discard k cards from their hand (face down
  // actions)" -- the opponent chooses which, unless they must give up all of them.
  Pile& from = faceDown ? m_players[victim].faceDown : m_players[victim].hand;
  if (count <= 0 || from.empty()) return true;
  if (count >= static_cast<int>(from.size())) {
    while (!from.empty()) discardForced(victim, faceDown, from.back());
    return true;
  }
  m_phase = Phase::DiscardChoice;
  m_actor = victim;
  m_choiceLeft = count;
  m_choiceFaceDown = faceDown;
  return false;
}

void CardDiceState::discardForced(int victim, bool faceDown, std::uint8_t card) {
  PlayerState& v = m_players[victim];
  if (!(faceDown ? v.faceDown : v.hand).eraseValue(card)) return;
  if (faceDown) forgetFaceDownCard(victim, card);
  else forgetHandCard(victim, card);
  v.discard.push_back(card);
}

void CardDiceState::finishOrdering() {
  // m_ordered holds the chosen order top first; the cards left in m_ordering go below it.
  Pile& deck = m_players[m_orderOwner].deck;
  for (std::size_t i = m_ordering.size(); i > 0; --i) deck.push_back(m_ordering[i - 1]);
  for (std::size_t i = m_ordered.size(); i > 0; --i) deck.push_back(m_ordered[i - 1]);
  const int k = static_cast<int>(m_ordering.size() + m_ordered.size());
  m_ordering.clear();
  m_ordered.clear();
  // The player who reordered knows these cards in order; the owner of a sabotaged deck no
  // longer knows its top.
  PlayerState& who = m_players[m_resumeOwner];
  if (m_orderOwner == m_resumeOwner) {
    who.knownOwnTop = std::max(who.knownOwnTop, k);
    m_players[1 - m_orderOwner].knownOppTop = 0;
  } else {
    who.knownOppTop = std::max(who.knownOppTop, k);
    m_players[m_orderOwner].knownOwnTop = 0;
  }
}

void CardDiceState::forgetHandCard(int p, std::uint8_t c) { m_players[1 - p].knownOppHand.eraseValue(c); }

void CardDiceState::forgetFaceDownCard(int p, std::uint8_t c) { m_players[1 - p].knownOppFaceDown.eraseValue(c); }

void CardDiceState::deckTopDrawn(int p) {
  PlayerState& s = m_players[p];
  s.knownOwnTop = std::max(0, s.knownOwnTop - 1);
  PlayerState& o = m_players[1 - p];
  o.knownOppTop = std::max(0, o.knownOppTop - 1);
}

void CardDiceState::deckShuffled(int p) {
  m_players[p].knownOwnTop = 0;
  m_players[1 - p].knownOppTop = 0;
}

}  // namespace wb::rulesets::card_dice
