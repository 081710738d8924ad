// The shared conformance suite (tests/simulation/conformance.h) on ElemenZ: the
// 4- and 3-player duel, the 2-player monolith game, the avatar expansion and the
// 2-player variants.
#include "tests/rulesets/elemenz/elemenz_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::elemenz::test {
namespace {

WB_CONFORMANCE_TESTS(ElemenzConformance4, shippedGame(), (wb::sim::GameSetup{4, {}}));
WB_CONFORMANCE_TESTS(ElemenzConformance3, shippedGame(), (wb::sim::GameSetup{3, {1, 2, 3}}));
WB_CONFORMANCE_TESTS(ElemenzConformance2, shippedGame(), (wb::sim::GameSetup{2, {}}));
WB_CONFORMANCE_TESTS(ElemenzConformanceAvatars4, avatarGame(), (wb::sim::GameSetup{4, {3, 2, 1, 0}}));

TEST(ElemenzConformanceVariants, DuelHarderAndEasierEnd) {
  for (const char* variant : {"harder", "easier"}) {
    auto game = gameWith({{"duel_variant", variant}});
    ASSERT_TRUE(game);
    wb::sim::conformance::Options o;
    o.playouts = 300;
    wb::sim::conformance::checkRandomPlayoutsEnd(*game, wb::sim::GameSetup{2, {1, 0}}, o);
  }
}

TEST(ElemenzConformanceVariants, EasierSurgesEnd) {
  auto game = gameWith({{"surge_opposing", "false"}, {"surge_few_dice", "false"}, {"avatars", "true"}});
  ASSERT_TRUE(game);
  wb::sim::conformance::Options o;
  o.playouts = 300;
  wb::sim::conformance::checkRandomPlayoutsEnd(*game, wb::sim::GameSetup{3, {}}, o);
}

// The other readings of the assumed parameters play to the end too.
TEST(ElemenzConformanceVariants, OtherReadingsEnd) {
  auto game = gameWith({{"reaction_window", "after_last_roll"}, {"water_tide", "heal_action"}, {"token_anchor", "in_combo"}});
  ASSERT_TRUE(game);
  wb::sim::conformance::Options o;
  o.playouts = 300;
  wb::sim::conformance::checkRandomPlayoutsEnd(*game, wb::sim::GameSetup{4, {}}, o);
  wb::sim::conformance::checkClonePlaysOnIdentically(*game, wb::sim::GameSetup{4, {}}, o);
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test

namespace wb::rulesets::elemenz::test {
namespace {

// Hidden information: the pulse tokens on another's totem and the
// avatars another holds are face down; the bag is drawn at random. Two positions
// that differ only in those give the same determinization for the same rng.
TEST(ElemenzHidden, DeterminizeDependsOnlyOnWhatTheObserverSees) {
  auto game = avatarGame();
  auto a = newGame(*game, {kFireFaction, kWaterFaction, kEarthFaction, kAirFaction}, 5);
  auto b = newGame(*game, {kFireFaction, kWaterFaction, kEarthFaction, kAirFaction}, 5);
  const int air = token(*game, "pulse_air"), restore = token(*game, "pulse_restore"), buff = token(*game, "pulse_totemic_buff");
  a->setTotem(0, {air, air});
  b->setTotem(0, {air, air});
  a->setTotem(2, {restore, buff});
  a->setTotem(3, {air});
  b->setTotem(2, {air, restore});  // the same tokens, elsewhere among the hidden ones
  b->setTotem(3, {buff});
  // The avatars seats 2 and 3 hold, swapped between them.
  std::vector<int> h2(a->player(2).avatars.begin(), a->player(2).avatars.end());
  std::vector<int> h3(a->player(3).avatars.begin(), a->player(3).avatars.end());
  ASSERT_FALSE(h2.empty());
  b->setAvatars(2, h3);
  b->setAvatars(3, h2);
  ASSERT_EQ(a->toString() == b->toString(), false);
  for (std::uint64_t seed : {1ULL, 2ULL, 3ULL}) {
    sim::Rng ra(seed), rb(seed);
    auto da = a->determinize(0, ra);
    auto db = b->determinize(0, rb);
    EXPECT_EQ(da->toString(), db->toString()) << "seed " << seed;
  }
  // The observer's own tokens stay as they are.
  sim::Rng r(9);
  auto d = a->determinize(0, r);
  EXPECT_EQ(static_cast<const ElemenzState&>(*d).player(0).totem.count(), 2);
  EXPECT_EQ(static_cast<const ElemenzState&>(*d).player(0).totem[0], air);
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
