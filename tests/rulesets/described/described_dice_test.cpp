// Moves that name a die (data/schema/game-description.md, "Dice a move
// names"): a small game plays them, the moves are one per die, change or
// pair, and every mistake in the vocabulary is an error at its
// file:line:column.
#include <algorithm>

#include "tests/rulesets/described/described_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::described::testing {
namespace {

// Each player holds a nudge (change a die by up to 2), a swap and a reroll.
std::string diceGame(const std::vector<std::pair<std::string, std::string>>& edits = {}) {
  std::string text = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: nudge, name: Nudge, count: 0, cost: 1, properties: {change: 2}}
  - {id: swap, name: Swap, count: 0, cost: 1, properties: {pair: 1}}
  - {id: again, name: Again, count: 0, cost: 1, effects: [{op: reroll, into: die, times: "3"}]}
rules:
  counters:
    red: {per: game, min: 1, max: 6}
    blue: {per: game, min: 1, max: 6}
    green: {per: game, min: 1, max: 6}
    score: {per: player, min: 0, max: 100}
  dice: [red, blue, green]
  zones:
    hand: {per: player, visibility: owner, start: {nudge: 1, swap: 1, again: 1}}
    used: {per: player, visibility: everyone}
  setup:
    - roll: {sides: 6, into: red}
    - roll: {sides: 6, into: blue}
    - roll: {sides: 6, into: green}
  turn:
    actions:
      - id: play
        pick: {from: hand}
        die: {change: card_change, pair: card_pair, only: die_is_red + die_is_blue > 0 or card_pair > 0}
        effects:
          - move: {to: used}
          - if: card_change > 0
            then: [{gain: {die: delta}}]
          - if: card_pair > 0
            then: [{exchange: [die, second_die]}]
          - play: picked
          - gain: {score: red}
      - id: pass
        effects: [{gain: {score: 1}}, end_turn]
  end:
    - when: score >= 30
)";
  for (const auto& [from, to] : edits) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  return text;
}

std::string diceErrors(const std::vector<std::pair<std::string, std::string>>& edits) {
  return model::loadRulesetFromString(diceGame(edits), "game.yaml", lookup()).diagnostics.format();
}

std::vector<std::string> moveNames(const DescribedState& s) {
  std::vector<std::string> out;
  for (sim::Action a : static_cast<const sim::State&>(s).legalActions()) out.push_back(s.actionToString(a));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(DescribedDice, AGameOfDieMovesValidatesAndPlays) {
  EXPECT_EQ(diceErrors({}), "");
  auto game = gameFromText(diceGame());
  ASSERT_TRUE(game);
  bool ended = false;
  auto s = sim::conformance::randomPlayout(*game, sim::GameSetup{2, {}}, 5, 2000, &ended);
  EXPECT_TRUE(ended);
}

// One move per die the action may name (`only`: red and blue), per change
// within the faces, and per pair showing different values.
TEST(DescribedDice, TheMovesAreOnePerDieChangeOrPair) {
  std::string errors;
  auto game = gameFromText(diceGame(), &errors);
  ASSERT_TRUE(game) << errors;
  sim::Rng rng(3);
  auto s = game->newGame(2, rng);
  const int red = counterIndex(*game, "red"), blue = counterIndex(*game, "blue"), green = counterIndex(*game, "green");
  s->setCounter(red, 0, 1);
  s->setCounter(blue, 0, 5);
  s->setCounter(green, 0, 5);
  EXPECT_EQ(moveNames(*s), (std::vector<std::string>{
                               "pass", "play again blue", "play again red", "play nudge blue +1", "play nudge blue -1",
                               "play nudge blue -2", "play nudge red +1", "play nudge red +2", "play swap red blue",
                               "play swap red green"}));
  // The nudge named red +2: 1 + 2 = 3, and the score reads it.
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "play nudge red +2"), rng));
  EXPECT_EQ(s->counter(red, 0), 3);
  EXPECT_EQ(s->counter(counterIndex(*game, "score"), 0), 3);
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "play swap red blue"), rng));
  EXPECT_EQ(s->counter(red, 0), 5);
  EXPECT_EQ(s->counter(blue, 0), 3);
  // Three rolls in all: the first at once, then "again" or "keep" twice at most.
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "play again green"), rng) == false) << "green is not among `only`";
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "play again blue"), rng));
  EXPECT_EQ(moveNames(*s), (std::vector<std::string>{"reroll again", "reroll keep"}));
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "reroll again"), rng));
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "reroll again"), rng));
  EXPECT_EQ(moveNames(*s), (std::vector<std::string>{"pass"}));
}

TEST(DescribedDice, BadInputInTheVocabularyIsAnErrorAtItsPlace) {
  EXPECT_EQ(diceErrors({{"dice: [red, blue, green]", "dice: [red, blue, gren]"}}),
            "game.yaml:7:21: error: unknown die 'gren': 'dice' lists counters (did you mean 'green'?)\n");
  EXPECT_EQ(diceErrors({{"dice: [red, blue, green]", "dice: [red, blue, score]"}}),
            "game.yaml:7:21: error: die 'score' is a counter per player: a die is one for the table ('per: game')\n");
  EXPECT_EQ(diceErrors({{"change: card_change", "change: card_change - 3"}}),
            "game.yaml:19:23: error: 'change' is the most a die may move, up or down: it can be -3, below 0 (write the "
            "size, not a signed step)\n");
  EXPECT_EQ(diceErrors({{"change: card_change", "chnage: card_change"}}),
            "game.yaml:19:15: error: unknown key 'chnage' in die (known: when, change, pair, only, description)\n");
  EXPECT_EQ(diceErrors({{"only: die_is_red", "only: die_is_rde"}}),
            "game.yaml:19:59: error: unknown name 'die_is_rde' (did you mean 'die_is_red'?)\n");
  EXPECT_EQ(diceErrors({{"effects: [{gain: {score: 1}}, end_turn]", "effects: [{gain: {die: 1}}, end_turn]"}}),
            "game.yaml:29:27: error: 'die' is the die the move names: only an action with 'die:' (or a card's effects) "
            "has one\n");
  EXPECT_EQ(diceErrors({{"    - roll: {sides: 6, into: green}", "    - reroll: {into: green}"}}),
            "game.yaml:14:15: error: 'reroll' waits for a player's move: only an action's or a card's effects can "
            "reroll (not setup or triggers; 'roll' rolls once)\n");
  EXPECT_EQ(diceErrors({{"reroll, into: die", "reroll, itno: die"}}),
            "game.yaml:8:59: error: missing argument 'into' for effect op 'reroll'\n"
            "game.yaml:8:78: error: unknown argument 'itno' for effect op 'reroll'\n");
}

}  // namespace
}  // namespace wb::rulesets::described::testing
