// No peeking (tests/simulation/no_peeking.h) on Zoneplex, 4 players. Hidden
// from the player to act (rulebook, seed file 003, "Phase 1"): the others'
// sacred symbols until phase 2, the others' tile hands, the others' concealed
// relics, and the order of the tile stacks, the relic deck and the action deck.
// The change below swaps two others' symbols (phase 1), a tile between two
// others' hands and reverses the relic deck.
#include <algorithm>

#include "tests/rulesets/zoneplex/zoneplex_fixture.h"
#include "tests/simulation/no_peeking.h"

namespace wb::rulesets::zoneplex::test {
namespace {

bool changeHidden(sim::State& state, int observer, sim::Rng& /*rng*/) {
  auto& s = dynamic_cast<ZoneplexState&>(state);
  bool changed = false;
  std::vector<int> others;
  for (int q = 0; q < s.numPlayers(); ++q)
    if (q != observer) others.push_back(q);
  if (others.size() >= 2) {
    const int a = others[0], b = others[1];
    if (!s.phase2() && s.player(a).symbol != s.player(b).symbol) {
      const int sa = s.player(a).symbol;
      s.setSymbol(a, s.player(b).symbol);
      s.setSymbol(b, sa);
      changed = true;
    }
    std::vector<int> ta(s.player(a).tiles.begin(), s.player(a).tiles.end());
    std::vector<int> tb(s.player(b).tiles.begin(), s.player(b).tiles.end());
    if (!ta.empty() && !tb.empty() && ta.front() != tb.front()) {
      std::swap(ta.front(), tb.front());
      s.setHandTiles(a, ta);
      s.setHandTiles(b, tb);
      changed = true;
    }
  }
  std::vector<int> relics = s.relicDeckCards();
  if (std::adjacent_find(relics.begin(), relics.end(), std::not_equal_to<>()) != relics.end()) {
    std::reverse(relics.begin(), relics.end());
    s.setRelicDeck(relics);
    changed = true;
  }
  return changed;
}

// toString() plus the relic deck's order.
std::string dumpAll(const sim::State& state) {
  const auto& s = dynamic_cast<const ZoneplexState&>(state);
  std::string out = s.toString() + "\nrelic deck:";
  for (int r : s.relicDeckCards()) out += ' ' + std::to_string(r);
  return out;
}

WB_NO_PEEKING_TESTS(ZoneplexNoPeeking4, shippedGame(), (wb::sim::GameSetup{4, {}}), &changeHidden, &dumpAll);

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
