// The shared conformance suite (tests/simulation/conformance.h) on the shipped
// Elemental Card-Dice ruleset. Random play is very slow to finish this game
// (about 2,500 turns on average, a long tail past 30,000: random players
// discard, heal and shield), so the random playout cap here is far above the
// runner's default turn cap, which is meant for sensible agents. Greedy players
// stop at the end or at the default cap. The sweeps play random and greedy
// games with every card's cost set to values across both shops (free, cheap,
// the shop boundary, dear): game 214 of `balance run ... --set
// cards.meteor_strike.cost=6 --agents greedy` once played a turn without end.
#include "rulesets/engine_catalog.h"
#include "tests/rulesets/card_dice/card_dice_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::card_dice::testing {
namespace {

namespace conf = sim::conformance;

conf::Options options() {
  conf::Options o;
  o.playouts = 1000;
  o.greedyPlayouts = 10;
  o.maxTurns = 100000;
  return o;
}

const sim::GameSetup kSetup{2, {}};

TEST(CardDiceConformance, RandomPlayoutsEndWithinTheCap) {
  // With the assumed heal cap (max_health 100): without it (the default) random players, who
  // heal as often as they hurt, can grow their health without limit and a random game has no
  // expected end; the engine's bounds still stop it (GreedyPlayoutsStop, the runner's cap).
  conf::checkRandomPlayoutsEnd(*gameWith({{"parameters.max_health", "100"}}), kSetup, options());
}
TEST(CardDiceConformance, GreedyPlayoutsStop) {
  conf::Options o = options();
  o.maxTurns = 0;  // the engine's cap (max_turns): greedy may stall a game, never a turn
  const int ended = conf::checkGreedyPlayoutsStop(*sharedGame(), kSetup, o);
  EXPECT_GE(ended, o.greedyPlayouts / 2) << "most greedy games end before the turn cap";
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
// DESIGN.md, "Length means turns started, the last (winning) turn included": the
// first turn is turn 1 and the winning turn counts (random games, heal capped as above).
TEST(CardDiceConformance, LengthIsTurnsStarted) {
  conf::Options o = options();
  o.playouts = 10;  // random games run ~2,500 turns
  conf::checkLengthIsTurnsStarted(*gameWith({{"parameters.max_health", "100"}}), kSetup, o);
}

// Every card cost at 0 (free: auctions can be raised forever), 1, 7 and 8 (both
// sides of the cheap shop's limit), 18 and 50: random and greedy games stop,
// and no turn outgrows the engine's bound.
TEST(CardDiceConformance, SweptCardCostsStop) {
  conf::Options sweep;
  sweep.playouts = 1;
  sweep.greedyPlayouts = 1;
  sweep.maxTurns = 300;
  const int played = conf::checkSweptPlayoutsStop(
      loadedRuleset().ruleset, kSetup,
      [](const model::Ruleset& r) -> std::unique_ptr<sim::Game> {
        model::Diagnostics d;
        return builtinEngines().compile(r, d);
      },
      [](const model::PathValue& v) {
        return v.path.rfind("cards.", 0) == 0 && v.path.size() > 5 && v.path.substr(v.path.size() - 5) == ".cost";
      },
      [](const model::PathValue&) { return std::vector<std::string>{"0", "1", "7", "8", "18", "50"}; }, sweep);
  EXPECT_GE(played, 6 * 60) << "every card's cost is swept";
}

}  // namespace
}  // namespace wb::rulesets::card_dice::testing
