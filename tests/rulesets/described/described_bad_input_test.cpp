// Bad input in play (DESIGN.md, "Errors in user files"): a Lua script that
// does not compile, fails at run time, loops, or reaches for the operating
// system is an error at its file:line; a game that never ends is capped at
// its turn limit, never a hang.
#include "tests/rulesets/described/described_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::described::testing {
namespace {

// A game whose one action calls `f` of the script `lua` (line 14 of the file on).
const char* kHead = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
  turn:
    actions:
      - id: go
        effects: [{call: f}, end_turn]
  end:
    - when: score >= 10
  lua: |
)";

// Every diagnostic of validating `lua` (indented under `lua: |`), folder removed.
std::string validate(const std::string& lua) {
  std::string text = kHead;
  for (std::size_t at = 0; at < lua.size();) {
    const std::size_t end = std::min(lua.find('\n', at), lua.size());
    text += "    " + lua.substr(at, end - at) + "\n";
    at = end + 1;
  }
  return loadErrors(text);
}

TEST(DescribedLua, AScriptThatWorksValidates) {
  EXPECT_EQ(validate("function f()\n  set_counter('score', counter('score') + random(2))\nend"), "");
}

TEST(DescribedLua, ASyntaxErrorIsAtItsLine) {
  EXPECT_EQ(validate("function f()\n  x = = 1\nend"), "game.yaml:16: error: lua: unexpected symbol near '='\n");
}

TEST(DescribedLua, ACalledFunctionTheScriptLacksIsAnError) {
  EXPECT_EQ(validate("function g() end"),
            "game.yaml:11:26: error: 'call: f': the 'lua:' script defines no function 'f' (did you mean 'g'?)\n");
  EXPECT_EQ(validate("function something_else() end"),
            "game.yaml:11:26: error: 'call: f': the 'lua:' script defines no function 'f'\n");
}

TEST(DescribedLua, ARuntimeErrorIsFoundByValidationAtItsLine) {
  EXPECT_EQ(validate("function f()\n  local t = nil\n  return t.x\nend"),
            "game.yaml:17: error: lua: attempt to index a nil value (local 't')\n");
  EXPECT_EQ(validate("function f()\n  counter('scroe')\nend"), "game.yaml:16: error: lua: unknown counter 'scroe'\n");
}

// Names are resolved once per interpreter, by kind: a counter's name is no
// zone, and a number is looked up as the name it spells.
TEST(DescribedLua, ANameOfAnotherKindIsUnknown) {
  EXPECT_EQ(validate("function f()\n  zone_size('score')\nend"), "game.yaml:16: error: lua: unknown zone 'score'\n");
  EXPECT_EQ(validate("function f()\n  set_counter(7, 1)\nend"), "game.yaml:16: error: lua: unknown counter '7'\n");
  EXPECT_EQ(validate("function f()\n  for i = 1, 100 do set_counter('score', counter('score') + 1) end\nend"), "");
}

TEST(DescribedLua, AScriptThatLoopsIsStoppedByTheStepBudget) {
  EXPECT_EQ(validate("function f()\n  while true do end\nend"),
            "game.yaml:16: error: lua: the script ran more than 1000000 instructions (a loop without end?)\n");
}

TEST(DescribedLua, TheSandboxHasNoFilesSystemOrModules) {
  EXPECT_EQ(validate("function f()\n  os.exit(1)\nend"),
            "game.yaml:16: error: lua: attempt to index a nil value (global 'os')\n");
  EXPECT_EQ(validate("function f()\n  io.open('/etc/passwd')\nend"),
            "game.yaml:16: error: lua: attempt to index a nil value (global 'io')\n");
  EXPECT_EQ(validate("function f()\n  require('os')\nend"),
            "game.yaml:16: error: lua: attempt to call a nil value (global 'require')\n");
  EXPECT_EQ(validate("function f()\n  load('return 1')\nend"),
            "game.yaml:16: error: lua: attempt to call a nil value (global 'load')\n");
  EXPECT_EQ(validate("function f()\n  math.random(6)\nend"),
            "game.yaml:16: error: lua: attempt to call a nil value (field 'random')\n");
}

// A script's chance comes from the engine's generator: the same seed plays the
// same game, and the script's rolls vary with the seed.
TEST(DescribedLua, ChanceComesFromTheGamesGenerator) {
  auto game = gameFromText(std::string(kHead) + "    function f()\n      set_counter('score', random(10))\n    end\n");
  ASSERT_TRUE(game);
  std::set<int> seen;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    sim::Rng a(seed), b(seed);
    auto s = game->newGame(2, a), t = game->newGame(2, b);
    ASSERT_TRUE(s->applyAction(0, a));
    ASSERT_TRUE(t->applyAction(0, b));
    EXPECT_EQ(s->counter(0, 0), t->counter(0, 0));
    seen.insert(s->counter(0, 0));
  }
  EXPECT_GE(seen.size(), 5u);
}

// No end can be ruled out statically (score may reach 10), but nothing ever
// gains score: the game runs to its turn limit, where the runner stops it as
// a timeout; the engine never hangs.
TEST(DescribedNeverEnding, AGameThatNeverEndsIsCappedAtItsTurnLimit) {
  auto game = gameFromText(R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
  turn_limit: 50
  turn:
    actions:
      - id: wait
        effects: [end_turn]
  end:
    - when: score >= 10
)");
  ASSERT_TRUE(game);
  EXPECT_EQ(game->defaultMaxTurns(), 50);
  bool ended = true;
  auto s = sim::conformance::randomPlayout(*game, sim::GameSetup{2, {}}, 1, game->defaultMaxTurns(), &ended);
  EXPECT_FALSE(ended);
  EXPECT_FALSE(s->isTerminal());
  EXPECT_GE(s->turnCount(), 50);
}

}  // namespace
}  // namespace wb::rulesets::described::testing

namespace wb::rulesets::described::testing {
namespace {

// Each repeat is bounded, but nested ones multiply: a million million gains in
// one action is stopped by the step budget, reported by validation (which
// plays a few games) at the rules, and ends such a game with no winner.
TEST(DescribedNestedRepeats, AreStoppedByTheStepBudget) {
  const std::string text = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
  turn:
    actions:
      - id: go
        effects:
          - repeat: 1000
            do:
              - repeat: 1000
                do:
                  - repeat: 1000
                    do: [{set: {score: 0}}]
          - end_turn
  end:
    - when: score >= 10
)";
  const auto loaded = model::loadRulesetFromString(text, "game.yaml", lookup());
  EXPECT_EQ(loaded.diagnostics.format(),
            "game.yaml:6:3: error: in play: the effects ran more than 2000000 steps in one action (nested repeats?)\n");
  auto game = compile(model::loadRulesetFromString(text, "game.yaml"));
  ASSERT_TRUE(game);
  sim::Rng rng(1);
  auto s = game->newGame(2, rng);
  ASSERT_TRUE(s->applyAction(0, rng));
  EXPECT_TRUE(s->isTerminal());
  EXPECT_TRUE(s->adjudicated());
  ASSERT_NE(s->scriptError(), nullptr);
}

}  // namespace
}  // namespace wb::rulesets::described::testing

namespace wb::rulesets::described::testing {
namespace {

// Effects of a million steps an action stay within their own budget and are
// legal; validation's probe games once played 20 such games of 1,000 turns
// (minutes, after every edit in the window: found by fuzz_description, kept as
// corpus/description/finding-01-million-steps-an-action-slow-validation.yaml).
// The probe now spends about one action's budget in all. The load runs in a
// child process with a 20 s alarm, so a probe without a bound fails the test
// instead of holding the suite.
TEST(DescribedSlowEffectsDeathTest, ValidationSpendsABoundedProbe) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  EXPECT_EXIT(
      {
        ::alarm(20);
        const auto loaded = model::loadRulesetFromString(R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
  turn:
    actions:
      - id: go
        effects:
          - repeat: 999
            do:
              - repeat: 1000
                do: [{gain: {score: 1}}]
          - end_turn
  end:
    - when: turn >= 1000
      winner: {most: score}
  turn_limit: 2000
)",
                                                         "slow.yaml", lookup());
        std::exit(loaded.ok() ? 0 : 1);
      },
      ::testing::ExitedWithCode(0), "");
}

}  // namespace
}  // namespace wb::rulesets::described::testing

namespace wb::rulesets::described::testing {
namespace {

// `choose` (a player picks cards inside an effect): its mistakes are errors at
// their file:line:column, all at once, with "did you mean".
std::string chooseErrors(const std::string& effect, const std::string& cardEffects = "[{op: gain, counter: score}]") {
  const std::string text = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: a, name: A, count: 0, cost: 1, effects: )" + cardEffects + R"(}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
  zones:
    deck: {per: player, visibility: nobody, start: {a: 3}}
    hand: {per: player, visibility: owner}
  turn:
    actions:
      - id: go
        effects: [)" + effect + R"(, end_turn]
  end:
    - when: score >= 10
)";
  return loadErrors(text);
}

TEST(DescribedChooseInput, AGoodChoiceValidates) {
  EXPECT_EQ(chooseErrors("{choose: {from: deck, to: hand, count: 2, by: opponent, of: opponent, up_to: true}}"), "");
  EXPECT_EQ(chooseErrors("{choose: {from: deck, to: hand}}", "[{op: choose, from: deck, to: hand, top: 2, order: \"true\"}]"), "");
}

TEST(DescribedChooseInput, UnknownZonesKeysAndWordsAreAtTheirColumn) {
  EXPECT_EQ(chooseErrors("{choose: {from: dek, to: hand, by: oponent, up_too: true}}"),
            "game.yaml:16:35: error: unknown zone 'dek' (did you mean 'deck'?)\n"
            "game.yaml:16:54: error: expected 'player' or 'opponent' for 'by', got 'oponent' (did you mean 'opponent'?)\n"
            "game.yaml:16:71: error: unknown key 'up_too' in 'choose' (known: id, from, to, count, top, by, of, up_to, "
            "order, when) (did you mean 'up_to'?)\n");
}

TEST(DescribedChooseInput, AMissingZoneAndABadAmountAreErrors) {
  EXPECT_EQ(chooseErrors("{choose: {from: deck, count: 2 +}}"),
            "game.yaml:16:20: error: 'choose' needs 'from' and 'to' (the zones the cards are picked from and go to)\n"
            "game.yaml:16:51: error: expected a number, a name or '('\n");
}

TEST(DescribedChooseInput, ACardsChoiceIsCheckedToo) {
  EXPECT_EQ(chooseErrors("{gain: {score: 1}}", "[{op: choose, from: deck, to: hnd, order: maybe}]"),
            "game.yaml:6:80: error: unknown zone 'hnd' (did you mean 'hand'?)\n"
            "game.yaml:6:92: error: expected true or false for 'order', got 'maybe'\n");
}

TEST(DescribedChooseInput, SetupAndTriggersCannotChoose) {
  const std::string text = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
  zones:
    deck: {per: player, visibility: nobody}
    hand: {per: player, visibility: owner}
  triggers:
    turn_start:
      - choose: {from: deck, to: hand}
  turn:
    actions:
      - id: go
        effects: [{gain: {score: 1}}, end_turn]
  end:
    - when: score >= 10
)";
  EXPECT_EQ(loadErrors(text),
            "game.yaml:13:9: error: 'choose' waits for a player's move: only an action's or a card's effects can "
            "choose (not setup or triggers)\n");
}

TEST(DescribedChooseInput, AMoveWithWhenNeedsFromAndNoCount) {
  EXPECT_EQ(chooseErrors("{move: {from: deck, to: hand, count: 1, when: card_cost > 0}}"),
            "game.yaml:16:26: error: 'move' with 'when' moves every card that satisfies it: drop 'count'\n");
  EXPECT_EQ(chooseErrors("{move: {from: deck, to: hand, when: card_cots > 0}}"),
            "game.yaml:16:55: error: unknown name 'card_cots' (did you mean 'card_cost'?)\n");
}

// `deal`: an unknown zone, a word it does not know, a zone not per player.
TEST(DescribedDealInput, MistakesAreAtTheirColumn) {
  EXPECT_EQ(chooseErrors("{deal: {from: dek, to: hand, players: others}}"),
            "game.yaml:16:33: error: unknown zone 'dek' (did you mean 'deck'?)\n"
            "game.yaml:16:57: error: expected 'all' or 'opponents' for 'players', got 'others'\n");
  EXPECT_EQ(chooseErrors("{deal: {from: deck, to: hand, count: 2, by: me}}"),
            "game.yaml:16:59: error: unknown key 'by' in deal (known: from, to, count, players)\n");
}

// `reveal` (a player sees a hidden zone, or its top cards): an unknown zone, key
// or word, a bad `top`, a zone the player already sees, each at its place.
TEST(DescribedRevealInput, AGoodRevealValidates) {
  EXPECT_EQ(chooseErrors("{reveal: {zone: hand, of: opponent}}"), "");
  EXPECT_EQ(chooseErrors("{reveal: {zone: deck, top: 2}}", "[{op: reveal, zone: deck, of: opponent, top: \"score + 1\"}]"), "");
}

TEST(DescribedRevealInput, UnknownZonesKeysAndWordsAreAtTheirColumn) {
  EXPECT_EQ(chooseErrors("{reveal: {zone: hnd, of: oponent, tops: 2}}"),
            "game.yaml:16:35: error: unknown zone 'hnd' (did you mean 'hand'?)\n"
            "game.yaml:16:44: error: expected 'player' or 'opponent' for 'of', got 'oponent' (did you mean 'opponent'?)\n"
            "game.yaml:16:59: error: unknown key 'tops' in 'reveal' (known: zone, of, top) (did you mean 'top'?)\n");
}

TEST(DescribedRevealInput, ABadTopAMissingZoneAndAZoneAlreadySeenAreErrors) {
  EXPECT_EQ(chooseErrors("{reveal: {zone: deck, top: 0}}"),
            "game.yaml:16:46: error: expected a number of cards of at least 1 for 'top', got '0'\n");
  EXPECT_EQ(chooseErrors("{reveal: {zone: deck, top: 2 +}}"), "game.yaml:16:49: error: expected a number, a name or '('\n");
  EXPECT_EQ(chooseErrors("{reveal: {of: opponent}}"),
            "game.yaml:16:20: error: 'reveal' needs 'zone' (the zone whose cards the player sees)\n");
  EXPECT_EQ(chooseErrors("{reveal: {zone: hand}}"),
            "game.yaml:16:35: error: 'reveal' of 'hand' shows nothing: the player already sees it\n");
}

TEST(DescribedRevealInput, ACardsRevealIsCheckedToo) {
  EXPECT_EQ(chooseErrors("{gain: {score: 1}}", "[{op: reveal, zone: dek, top: \"-1\"}]"),
            "game.yaml:6:70: error: unknown zone 'dek' (did you mean 'deck'?)\n"
            "game.yaml:6:81: error: expected a number of cards of at least 1 for 'top', got '-1'\n");
}

}  // namespace
}  // namespace wb::rulesets::described::testing

namespace wb::rulesets::described::testing {
namespace {

// A game of answers (data/schema/game-description.md, "Answers"): a hit waits
// on the stack and the opponent may block it; `edits` replaces text in it.
std::string answersGame(const std::vector<std::pair<std::string, std::string>>& edits = {}) {
  std::string text = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: hit, name: Hit, count: 1, cost: 0, properties: {damage: 1}}
  - {id: block, name: Block, count: 1, cost: 0, properties: {block: 1}}
rules:
  counters:
    health: {per: player, min: 0, max: 10, start: 10}
  zones:
    hand: {per: player, visibility: owner, start: {hit: 20, block: 5}}
    used: {per: player, visibility: everyone}
  turn:
    phases:
      - id: main
        actions:
          - id: play
            pick: {from: hand, when: card_damage > 0}
            effects: [{move: {to: used}}]
            resolve: [{for_each: opponents, do: [{pay: {health: 1}}]}]
          - id: done
            effects: [end_turn]
      - id: answer
        during: answers
        actions:
          - id: block
            pick: {from: hand, when: card_block > 0}
            answers: answered_card_damage > 0
            effects: [{move: {to: used}}]
            resolve: [{cancel: answered}]
  end:
    - when: health <= 0
      winner: {most: health}
)";
  for (const auto& [from, to] : edits) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  return text;
}

std::string answersErrors(const std::vector<std::pair<std::string, std::string>>& edits) {
  return model::loadRulesetFromString(answersGame(edits), "game.yaml", lookup()).diagnostics.format();
}

TEST(DescribedAnswers, AGameOfAnswersValidatesAndPlays) {
  EXPECT_EQ(answersErrors({}), "");
  auto game = gameFromText(answersGame());
  ASSERT_TRUE(game);
  bool ended = false;
  auto s = sim::conformance::randomPlayout(*game, sim::GameSetup{2, {}}, 3, 500, &ended);
  EXPECT_TRUE(ended);
}

TEST(DescribedAnswers, BadInputInTheVocabularyIsAnErrorAtItsPlace) {
  EXPECT_EQ(answersErrors({{"during: answers", "during: answer"}}), "game.yaml:18:17: error: expected 'answers' (the next player answers the action waiting on the stack) or "
            "'window' (its owner plays more after an answer to it resolved) for 'during', got 'answer' (did you mean "
            "'answers'?)\n");
  EXPECT_EQ(answersErrors({{"answered_card_damage", "answered_card_damgae"}}), "game.yaml:22:22: error: unknown name 'answered_card_damgae' (did you mean 'answered_card_damage'?)\n");
  EXPECT_EQ(answersErrors({{"            effects: [{move: {to: used}}]\n            resolve: [{for",
                             "            answers: answered_card_block > 0\n            effects: [{move: {to: used}}]\n"
                             "            resolve: [{for"}}),
            "game.yaml:13:13: error: 'answers' says which waiting action this one answers: only an action of a phase with "
            "'during: answers' has one\n");
  EXPECT_EQ(answersErrors({{"resolve: [{for_each: opponents, do: [{pay: {health: 1}}]}]",
                             "resolve: [{cancel: answered}]"}}),
            "game.yaml:14:32: error: 'cancel: answered' stops the action an answer answers: only the 'resolve' of an action "
            "of a phase with 'during: answers' (or a card it plays) has one\n");
  EXPECT_EQ(answersErrors({{"resolve: [{cancel: answered}]", "resolve: [{cancel: it}]"}}), "game.yaml:24:32: error: expected 'answered' for 'cancel' (the action this one answers)\n");
  EXPECT_EQ(answersErrors({{"            resolve: [{for_each: opponents, do: [{pay: {health: 1}}]}]\n", ""},
                           {"            resolve: [{cancel: answered}]\n", ""}}),
            "game.yaml:16:9: error: phase 'answer' is offered while an action waits on the stack, but no action has "
            "'resolve:' (nothing ever waits)\n");
  EXPECT_EQ(answersErrors({{"  end:\n", "      - id: late\n        actions: [{id: x, effects: [end_turn]}]\n  end:\n"}}),
            "game.yaml:25:9: error: phase 'late' follows a phase with 'during': list the phases offered while an action "
            "waits on the stack after the turn's phases\n");
}

// `tally: true` marks a player's counter as one of the game's engine counters
// (data/schema/game-description.md, "Counters in the results"): its mistakes
// are errors at their file:line:column, all at once.
std::string tallyGame(const std::string& counters, const std::string& zones = "") {
  return R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: a, name: A, count: 0}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
)" + counters + R"(  zones:
    deck: {per: player, visibility: nobody, start: {a: 3}}
)" + zones + R"(  turn:
    actions:
      - id: go
        effects: [{gain: {score: 1}}, end_turn]
  end:
    - when: score >= 10
)";
}

TEST(DescribedTally, APlayersCountMarkedTallyValidatesAndIsAnEngineCounter) {
  const std::string text = tallyGame("    spreads: {per: player, max: 100, tally: true}\n");
  EXPECT_EQ(loadErrors(text), "");
  auto game = gameFromText(text);
  ASSERT_TRUE(game);
  EXPECT_TRUE(game->program().counters[static_cast<std::size_t>(counterIndex(*game, "spreads"))].tally);
  EXPECT_FALSE(game->program().counters[static_cast<std::size_t>(counterIndex(*game, "score"))].tally);
}

TEST(DescribedTally, AWrongValueAGameCounterAndANonCounterAreErrorsAtTheirPlace) {
  EXPECT_EQ(loadErrors(tallyGame("    spreads: {per: player, max: 100, tally: yes}\n"
                                 "    fires: {per: player, max: 100, tally: [true]}\n"
                                 "    rounds: {per: game, max: 100, tally: true}\n",
                                 "    hand: {per: player, visibility: owner, tally: true}\n")),
            "game.yaml:10:45: error: expected 'true' or 'false' for 'tally', got 'yes'\n"
            "game.yaml:11:43: error: expected a value for 'tally', got a list\n"
            "game.yaml:12:42: error: counter 'rounds' is per game: 'tally' marks a player's count (the run tabulates "
            "it per seat, agent and faction); keep it 'per: player'\n"
            "game.yaml:15:44: error: unknown key 'tally' in zone 'hand' (known: per, visibility, start, pool, "
            "description)\n");
}

}  // namespace
}  // namespace wb::rulesets::described::testing
