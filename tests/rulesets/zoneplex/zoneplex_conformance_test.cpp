// The shared conformance suite (tests/simulation/conformance.h) on Zoneplex for
// 3, 4 and 5 players and the 2-player variant.
#include "tests/rulesets/zoneplex/zoneplex_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::zoneplex::test {
namespace {

WB_CONFORMANCE_TESTS(ZoneplexConformance3, shippedGame(), (wb::sim::GameSetup{3, {}}));
WB_CONFORMANCE_TESTS(ZoneplexConformance4, shippedGame(), (wb::sim::GameSetup{4, {}}));
WB_CONFORMANCE_TESTS(ZoneplexConformance5, shippedGame(), (wb::sim::GameSetup{5, {}}));
WB_CONFORMANCE_TESTS(ZoneplexConformance2, shippedGame(), (wb::sim::GameSetup{2, {}}));

TEST(ZoneplexLoad, ShippedRulesetLoadsWithCounts) {
  model::LoadResult r = loadShipped();
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  std::shared_ptr<const ZoneplexGame> game = shippedGame();
  ASSERT_TRUE(game);
  const ZoneplexRules& R = game->rules();
  int tiles = 0, actions = 0, fears = 0, relics = 0;
  for (const TileType& t : R.tiles) tiles += t.kind == TileKind::Eye ? 0 : t.count;
  for (const ActionCardType& a : R.actions) {
    actions += a.count;
    fears += a.kind == CardKind::Fear ? a.count : 0;
  }
  for (const RelicType& x : R.relics) relics += x.count;
  // Rule "Game Components": 48 zone tiles + the Eye, 72 action cards (21 Fears), 30 relics, 6 symbols.
  EXPECT_EQ(tiles, 48);
  EXPECT_EQ(actions, 72);
  EXPECT_EQ(fears, 21);
  EXPECT_EQ(relics, 30);
  EXPECT_EQ(R.symbols.size(), 6u);
  EXPECT_EQ(R.geometry.cells, 49);
  EXPECT_EQ(R.geometry.foundation.size(), 7u);
  EXPECT_EQ(R.spiritStones, 4);
  EXPECT_EQ(R.wmsMax, 4);
  EXPECT_EQ(R.relicLimit, 4);
  EXPECT_EQ(R.eyeBonus, 2);
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
