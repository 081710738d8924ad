// Elem Master: hidden information. The six drawn events lie face up (rules,
// "Mise en place" step 6), the board, reserves and specialties are open; only
// the order of the undrawn event deck is unknown to every player, and Secousse
// (which replaces slots with the deck's next events) is where it matters.
#include <algorithm>

#include "rulesets/elem_master/elem_master_state.h"

namespace wb::rulesets::elem_master {

// A copy with the undrawn events re-shuffled. Canonical: the deck is sorted
// before the shuffle, so the copy depends only on which events are undrawn and
// on `rng`, never on their real order (sim::State::determinize).
std::unique_ptr<sim::State> ElemMasterState::determinize(int /*observer*/, sim::Rng& rng) const {
  auto copy = std::make_unique<ElemMasterState>(*this);
  auto begin = copy->m_deck.begin();
  auto end = begin + copy->m_deckSize;
  std::sort(begin, end);
  for (int i = copy->m_deckSize - 1; i > 0; --i)
    std::swap(copy->m_deck[static_cast<std::size_t>(i)], copy->m_deck[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
  return copy;
}

std::vector<int> ElemMasterState::eventDeck() const {
  return std::vector<int>(m_deck.begin(), m_deck.begin() + m_deckSize);
}

void ElemMasterState::setEventDeck(const std::vector<int>& events) {
  m_deckSize = 0;
  for (int e : events)
    if (m_deckSize < static_cast<int>(m_deck.size())) m_deck[static_cast<std::size_t>(m_deckSize++)] = static_cast<std::int8_t>(e);
}

}  // namespace wb::rulesets::elem_master
