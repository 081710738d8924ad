// The shared conformance suite (tests/simulation/conformance.h) on the shipped
// Elemental Card-Dice ruleset. Random play is very slow to finish this game
// (about 2,500 turns on average, a long tail past 30,000: random players
// discard, heal and shield), so the playout cap here is far above the runner's
// default turn cap, which is meant for sensible agents.
#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::card_dice::testing {
namespace {

namespace conf = sim::conformance;

conf::Options options() {
  conf::Options o;
  o.playouts = 1000;
  o.maxTurns = 100000;
  return o;
}

const sim::GameSetup kSetup{2, {}};

TEST(CardDiceConformance, RandomPlayoutsEndWithinTheCap) {
  conf::checkRandomPlayoutsEnd(*sharedGame(), kSetup, options());
}
TEST(CardDiceConformance, ClonePlaysOnIdentically) {
  conf::checkClonePlaysOnIdentically(*sharedGame(), kSetup, options());
}
TEST(CardDiceConformance, SameSeedGivesTheSameGame) {
  conf::checkSameSeedSameGame(*sharedGame(), kSetup, options());
}
TEST(CardDiceConformance, DeterminizeKeepsPlayerAndActions) {
  conf::checkDeterminize(*sharedGame(), kSetup, options());
}
TEST(CardDiceConformance, IllegalActionIsRefused) {
  conf::checkIllegalActionRefused(*sharedGame(), kSetup, options());
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
