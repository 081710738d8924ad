// Elem Master: hidden information, re-sampled for the observer (sim::State::determinize).
// Open: the board, reserves, pools, specialties and the face-up events. Hidden:
//   - the order of the undrawn event deck (from every player);
//   - the cards Secousse sismique laid face down ("faces cachées", from every player
//     until they are revealed): they go back with the deck and are redrawn;
//   - in the free start, the armies behind the other seats' screens ("écran de
//     confidentialité"): each is replaced by a random army of the same size that the
//     seat could have built (same rules as its Deploy actions).
// Canonical: the deck is sorted before the shuffle, so the copy depends only on what
// the observer knows and on `rng`.
#include <algorithm>

#include "rulesets/elem_master/elem_master_state.h"
#include "simulation/core/fast_uniform.h"

namespace wb::rulesets::elem_master {

std::unique_ptr<sim::State> ElemMasterState::determinize(int observer, sim::Rng& rng) const {
  auto copy = std::make_unique<ElemMasterState>(*this);
  ElemMasterState& c = *copy;
  // Face-down slots go back into the unknown cards.
  for (int s = 0; s < kMaxEventSlots; ++s)
    if (c.m_slotHidden[static_cast<std::size_t>(s)] >= 0 && c.m_slots[static_cast<std::size_t>(s)] >= 0 &&
        c.m_deckSize < static_cast<int>(c.m_deck.size()))
      c.m_deck[static_cast<std::size_t>(c.m_deckSize++)] = c.m_slots[static_cast<std::size_t>(s)];
  auto begin = c.m_deck.begin();
  std::sort(begin, begin + c.m_deckSize);
  for (int i = c.m_deckSize - 1; i > 0; --i)
    std::swap(c.m_deck[static_cast<std::size_t>(i)], c.m_deck[static_cast<std::size_t>(sim::fastUniformInt(rng, i + 1))]);
  for (int s = 0; s < kMaxEventSlots; ++s)
    if (c.m_slotHidden[static_cast<std::size_t>(s)] >= 0 && c.m_slots[static_cast<std::size_t>(s)] >= 0 && c.m_deckSize > 0)
      c.m_slots[static_cast<std::size_t>(s)] = c.m_deck[static_cast<std::size_t>(--c.m_deckSize)];
  // The other seats' screens in the free start.
  if (c.m_phase == Phase::Deploy) {
    const int current = c.m_current;
    std::vector<sim::Action> legal;
    for (int p = 0; p < c.m_players; ++p) {
      if (p == observer) continue;
      int tokens = 0;
      for (int e = 0; e < kElements; ++e) tokens += c.screenTokens(p, e);
      c.m_screenCount[static_cast<std::size_t>(p)] = 0;
      c.m_current = p;
      for (int t = 0; t < tokens; ++t) {
        c.addSetupActions(legal);
        if (legal.empty()) break;
        const sim::Action a = legal[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(legal.size())))];
        auto& screen = c.m_screen[static_cast<std::size_t>(p)];
        auto& count = c.m_screenCount[static_cast<std::size_t>(p)];
        const int i = c.screenIndex(p, actionA(a));
        if (i >= 0) screen[static_cast<std::size_t>(i)].level++;
        else screen[static_cast<std::size_t>(count++)] = ScreenStack{static_cast<std::int8_t>(actionA(a)), static_cast<std::uint8_t>(actionX(a)), 1};
      }
      c.m_current = current;
    }
  }
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
