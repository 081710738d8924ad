// No peeking (tests/simulation/no_peeking.h) on ElemenZ, 4 players with the
// avatars. Hidden from the player to act (rules "Using Totems", "Using
// Avatars"): the pulse tokens on the other totems and the avatars the others
// hold, all face down. The change below swaps a token between two other
// totems and the avatar hands of two other seats.
#include <algorithm>

#include "tests/rulesets/elemenz/elemenz_fixture.h"
#include "tests/simulation/no_peeking.h"

namespace wb::rulesets::elemenz::test {
namespace {

bool changeHidden(sim::State& state, int observer, sim::Rng& /*rng*/) {
  auto& s = dynamic_cast<ElemenzState&>(state);
  std::vector<int> others;
  for (int q = 0; q < s.numPlayers(); ++q)
    if (q != observer) others.push_back(q);
  if (others.size() < 2) return false;
  const int a = others[0], b = others[1];
  bool changed = false;
  std::vector<int> ta(s.player(a).totem.begin(), s.player(a).totem.end());
  std::vector<int> tb(s.player(b).totem.begin(), s.player(b).totem.end());
  if (!ta.empty() && !tb.empty() && ta.front() != tb.front()) {
    std::swap(ta.front(), tb.front());
    // Both totems back to the bag first, so the swapped tokens are there to take
    // (the bag's count stays what every player sees).
    s.setTotem(a, {});
    s.setTotem(b, {});
    s.setTotem(a, ta);
    s.setTotem(b, tb);
    changed = true;
  }
  std::vector<int> ha(s.player(a).avatars.begin(), s.player(a).avatars.end());
  std::vector<int> hb(s.player(b).avatars.begin(), s.player(b).avatars.end());
  if (ha.size() == hb.size() && ha != hb) {
    s.setAvatars(a, hb);
    s.setAvatars(b, ha);
    changed = true;
  }
  return changed;
}

WB_NO_PEEKING_TESTS(ElemenzNoPeeking, avatarGame(),
                    (sim::GameSetup{4, {kFireFaction, kWaterFaction, kEarthFaction, kAirFaction}}), &changeHidden,
                    nullptr);

}  // namespace
}  // namespace wb::rulesets::elemenz::test
