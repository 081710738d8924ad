// The rules language's parameters in amounts (data/schema/game-description.md,
// "Amounts and conditions"): a number reads as its value, an enum as its
// value's place among its choices (0 the first), also after a `--set`.
#include "model/path/ruleset_path.h"
#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::described::testing {
namespace {

const char* kGame = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
parameters:
  base: {type: int, default: 10, min: 0, max: 100}
  mode: {type: enum, default: slow, choices: [slow, fast, wild]}
rules:
  counters:
    score: {per: player, min: 0, max: 100000}
  setup:
    - for_each: players
      do: [{gain: {score: "base + mode"}}]
  turn:
    actions:
      - id: win
        effects: [{gain: {score: 1000}}]
      - id: pass
        effects: [end_turn]
  end:
    - when: score >= 1000
)";

// The score the setup gives the first player, on the game with `mode` set to `value` (none: its default).
int startingScore(const std::string& value) {
  model::LoadResult r = model::loadRulesetFromString(kGame, "game.yaml", lookup());
  std::string error;
  if (!value.empty()) {
    EXPECT_TRUE(model::setPath(r.ruleset, "parameters.mode", value, &error)) << error;
  }
  std::string errors;
  auto game = compile(r, &errors);
  EXPECT_TRUE(game) << errors;
  if (!game) return -1;
  sim::Rng rng(1);
  return game->newGame(2, rng)->counter(counterIndex(*game, "score"), 0);
}

TEST(DescribedParameters, AnEnumReadsAsItsChoicesPlace) {
  EXPECT_EQ(startingScore(""), 10) << "slow, the first choice: 0";
  EXPECT_EQ(startingScore("fast"), 11);
  EXPECT_EQ(startingScore("wild"), 12);
}

}  // namespace
}  // namespace wb::rulesets::described::testing
