// No peeking (tests/simulation/no_peeking.h) on Elem Master with events. The
// six drawn events lie face up (rules, "Mise en place" step 6); hidden from
// every player is the order of the undrawn event deck (Secousse draws from
// it). The change below reverses that order.
#include <algorithm>

#include "tests/rulesets/elem_master/elem_master_fixture.h"
#include "tests/simulation/no_peeking.h"

namespace wb::rulesets::elem_master::testing {
namespace {

bool changeHidden(sim::State& state, int /*observer*/, sim::Rng& /*rng*/) {
  auto& s = dynamic_cast<ElemMasterState&>(state);
  std::vector<int> deck = s.eventDeck();
  if (deck.size() < 2) return false;
  std::reverse(deck.begin(), deck.end());
  s.setEventDeck(deck);
  return true;
}

std::string dumpAll(const sim::State& state) {
  const auto& s = dynamic_cast<const ElemMasterState&>(state);
  std::string out = s.toString() + "\nevent deck:";
  for (int e : s.eventDeck()) out += ' ' + std::to_string(e);
  return out;
}

WB_NO_PEEKING_TESTS(ElemMasterNoPeeking, makeGame({{"events", "true"}}), (sim::GameSetup{2, {3, 4}}),
                    &changeHidden, &dumpAll);

TEST(ElemMasterDeterminize, ReshufflesTheEventDeckAndNothingElse) {
  auto game = makeGame({{"events", "true"}});
  ASSERT_TRUE(game);
  sim::Rng rng(4);
  auto s = game->newInitialState(sim::GameSetup{2, {3, 4}}, rng);
  const auto& state = dynamic_cast<const ElemMasterState&>(*s);
  std::vector<int> real = state.eventDeck();
  ASSERT_EQ(real.size(), 24u);  // 30 events, 6 drawn face up
  bool reordered = false;
  for (int i = 0; i < 10; ++i) {
    auto d = s->determinize(0, rng);
    const auto& ds = dynamic_cast<const ElemMasterState&>(*d);
    std::vector<int> deck = ds.eventDeck();
    EXPECT_TRUE(std::is_permutation(deck.begin(), deck.end(), real.begin(), real.end()));
    reordered = reordered || deck != real;
    EXPECT_EQ(ds.toString(), state.toString());
  }
  EXPECT_TRUE(reordered);
}

}  // namespace
}  // namespace wb::rulesets::elem_master::testing
