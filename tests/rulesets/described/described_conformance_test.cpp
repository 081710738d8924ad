// The shared conformance suite (tests/simulation/conformance.h) on the games
// shipped in the rules language: Pig (dice, no hidden information).
#include "tests/rulesets/described/described_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::described::testing {
namespace {

namespace conf = sim::conformance;

conf::Options options() {
  conf::Options o;
  o.playouts = 300;
  o.greedyPlayouts = 4;
  return o;
}

const sim::GameSetup kTwo{2, {}};
const sim::GameSetup kFour{4, {}};

TEST(DescribedPigConformance, RandomPlayoutsEndWithinTheCap) {
  conf::checkRandomPlayoutsEnd(*shippedGame("pig"), kTwo, options());
}
TEST(DescribedPigConformance, GreedyPlayoutsStop) {
  EXPECT_GE(conf::checkGreedyPlayoutsStop(*shippedGame("pig"), kTwo, options()), 1);
}
TEST(DescribedPigConformance, ClonePlaysOnIdentically) {
  conf::checkClonePlaysOnIdentically(*shippedGame("pig"), kTwo, options());
}
TEST(DescribedPigConformance, SameSeedGivesTheSameGame) {
  conf::checkSameSeedSameGame(*shippedGame("pig"), kTwo, options());
}
TEST(DescribedPigConformance, DeterminizeKeepsPlayerAndActions) {
  conf::checkDeterminize(*shippedGame("pig"), kTwo, options());
}
TEST(DescribedPigConformance, IllegalActionIsRefused) {
  conf::checkIllegalActionRefused(*shippedGame("pig"), kTwo, options());
}
TEST(DescribedPigConformance, LengthIsTurnsStarted) {
  conf::checkLengthIsTurnsStarted(*shippedGame("pig"), kTwo, options());
}
TEST(DescribedPigConformance, FourPlayersPassEveryCheck) {
  conf::Options o = options();
  o.playouts = 50;
  conf::checkAll(*shippedGame("pig"), kFour, o);
}

}  // namespace
}  // namespace wb::rulesets::described::testing
