// What a player saw of the hidden cards of a described game: the `reveal`
// effect (a whole zone, or the top cards of a pile) and the chooser of an
// `order` choice mark cards as known to a player; moving cards forgets them
// (a card that leaves a zone is no longer known there, a card put on a pile
// hides the known top below it, a shuffle loses the order), and
// determinize() (described_views.cpp) leaves the known cards in place.
#include <algorithm>

#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

void DescribedState::reveal(int index, int owner, int observer, long long top) {
  if (m_known.empty()) m_known.resize(static_cast<std::size_t>(m_players) * m_zones.size());
  const std::size_t storage = zoneIndex(index, owner);
  const auto& pile = m_zones[storage];
  Known& k = m_known[static_cast<std::size_t>(observer) * m_zones.size() + storage];
  const bool before = knows(k);
  if (top < 0)
    k.cards = pile;
  else
    k.top = static_cast<int>(std::max<long long>(k.top, std::min<long long>(top, static_cast<long long>(pile.size()))));
  m_knownLive += int(knows(k)) - int(before);
}

void DescribedState::knownTakenSlow(std::size_t storage, std::size_t pos, std::int16_t card) {
  const std::size_t size = m_zones[storage].size();
  for (int o = 0; o < m_players; ++o) {
    Known& k = m_known[static_cast<std::size_t>(o) * m_zones.size() + storage];
    if (!knows(k)) continue;
    const auto it = std::find(k.cards.begin(), k.cards.end(), card);
    if (it != k.cards.end()) k.cards.erase(it);
    if (k.top > 0 && pos + static_cast<std::size_t>(k.top) >= size) --k.top;
    if (!knows(k)) --m_knownLive;
  }
}

void DescribedState::knownAddedSlow(std::size_t storage, std::size_t at, int chooser) {
  if (m_known.empty()) m_known.resize(static_cast<std::size_t>(m_players) * m_zones.size());
  // The pile had `before` cards; the known top was [before - top, before).
  const std::size_t before = m_zones[storage].size() - 1;
  const std::size_t above = before - at;  // the cards now above the one put in
  for (int o = 0; o < m_players; ++o) {
    Known& k = m_known[static_cast<std::size_t>(o) * m_zones.size() + storage];
    const bool before = knows(k);
    if (o == chooser && static_cast<std::size_t>(k.top) >= above)
      ++k.top;
    else if (above < static_cast<std::size_t>(k.top))
      k.top = static_cast<int>(above);
    m_knownLive += int(knows(k)) - int(before);
  }
}

void DescribedState::knownShuffledSlow(std::size_t storage) {
  for (int o = 0; o < m_players; ++o) {
    Known& k = m_known[static_cast<std::size_t>(o) * m_zones.size() + storage];
    const bool before = knows(k);
    k.top = 0;
    m_knownLive += int(knows(k)) - int(before);
  }
}

void DescribedState::knownClearedSlow(std::size_t storage) {
  for (int o = 0; o < m_players; ++o) {
    Known& k = m_known[static_cast<std::size_t>(o) * m_zones.size() + storage];
    if (knows(k)) --m_knownLive;
    k.cards.clear();
    k.top = 0;
  }
}

void DescribedState::keptPositions(int observer, std::size_t storage, std::vector<char>& kept) const {
  const auto& pile = m_zones[storage];
  kept.assign(pile.size(), 0);
  const Known* k = knownOf(observer, storage);
  if (!k) return;
  const std::size_t top = std::min(pile.size(), static_cast<std::size_t>(k->top));
  for (std::size_t i = pile.size() - top; i < pile.size(); ++i) kept[i] = 1;
  // Each known card holds one place where it is (the topmost not yet held).
  for (std::int16_t card : k->cards)
    for (std::size_t i = pile.size(); i > 0; --i)
      if (!kept[i - 1] && pile[i - 1] == card) {
        kept[i - 1] = 1;
        break;
      }
}

std::vector<std::int16_t> DescribedState::knownCards(int observer, int index, int player) const {
  const Known* k = knownOf(observer, zoneIndex(index, player));
  return k ? k->cards : std::vector<std::int16_t>{};
}

int DescribedState::knownTop(int observer, int index, int player) const {
  const Known* k = knownOf(observer, zoneIndex(index, player));
  return k ? std::min(k->top, static_cast<int>(m_zones[zoneIndex(index, player)].size())) : 0;
}

}  // namespace wb::rulesets::described
