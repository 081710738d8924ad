// The shared conformance suite (tests/simulation/conformance.h) on Element
// written in the rules language (data/rulesets/element-described): a board,
// pieces, tokens, dice and a Lua river, behind the same State interface.
#include "tests/rulesets/described/described_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::described::testing {
namespace {

TEST(DescribedElementConformance, PassesTheConformanceSuite) {
  auto game = shippedGame("element-described");
  ASSERT_TRUE(game);
  sim::conformance::Options o;
  o.playouts = 60;
  o.greedyPlayouts = 2;
  sim::conformance::checkAll(*game, sim::GameSetup{2, {}}, o);
}

}  // namespace
}  // namespace wb::rulesets::described::testing
