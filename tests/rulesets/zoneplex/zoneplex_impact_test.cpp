// Zoneplex hooks for the impact measures (rulesets/zoneplex/zoneplex_impact.cpp):
// using a relic names it; a granted relic starts in hand (rule "Relic Cards":
// at most relic_limit in hand) and leaves the relic deck; all-obliterated games
// ("the Zoneplex itself wins") give every seat 0.
#include "tests/rulesets/zoneplex/zoneplex_fixture.h"

namespace wb::rulesets::zoneplex::test {

TEST(ZoneplexImpact, GrantedRelicStartsInHandAndUsingItNamesIt) {
  auto game = shippedGame();
  ASSERT_TRUE(game);
  const ZoneplexRules& R = game->rules();
  const int warp = R.relicIndex("warp_key");
  ASSERT_GE(warp, 0);
  const int entity = R.relics[static_cast<std::size_t>(warp)].entity;
  EXPECT_TRUE(game->canGrant(entity));
  EXPECT_FALSE(game->canGrant(R.tiles.front().entity));  // tiles are placed, not granted
  sim::Rng a(4), b(4);
  auto base = game->newInitialState(sim::GameSetup{4}, a);
  auto granted = game->newInitialState(sim::GameSetup{4, {}, {{2, entity}}}, b);
  const auto& s = static_cast<const ZoneplexState&>(*granted);
  ASSERT_EQ(s.player(2).relics.count(), static_cast<const ZoneplexState&>(*base).player(2).relics.count() + 1);
  const int slot = s.player(2).relics.count() - 1;
  EXPECT_EQ(s.player(2).relics[static_cast<std::size_t>(slot)].type, warp);
  // The relic in that slot is what a UseRelic action of seat 2 would use.
  std::vector<int> used;
  auto copy = game->newGame(4, b);
  copy->giveRelic(copy->currentPlayer(), warp);
  const int mySlot = copy->player(copy->currentPlayer()).relics.count() - 1;
  copy->actionEntities(encode(ActionKind::UseRelic, mySlot * 1000), used);
  EXPECT_EQ(used, (std::vector<int>{entity}));
}

}  // namespace wb::rulesets::zoneplex::test
