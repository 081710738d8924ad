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

}  // namespace
}  // namespace wb::rulesets::elemenz::test
