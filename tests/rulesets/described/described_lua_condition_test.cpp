// Conditions written in Lua (data/schema/game-description.md, "Amounts and
// conditions": `when: {call: name}`): a script's function gates an action, a
// pick, an effect's `if`, an end rule and a scripted player's rule; it runs
// read-only (a condition that changes a counter, the board or a global, or
// draws chance, is an error), within the step budget, and every error is at
// the script's file:line.
#include <unistd.h>

#include <filesystem>

#include "model/core/atomic_file.h"
#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::described::testing {
namespace {

// Coins are saved one a turn; `spend` (three coins for a point) is legal only
// when the script's `rich` says so; a gem in hand may be shown only when
// `is_gem` says the card is one; the game ends when `won` holds.
std::string game(const std::string& lua) {
  std::string text = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: gem, name: Gem, count: 1}
  - {id: rock, name: Rock, count: 1}
rules:
  counters:
    coins: {per: player, min: 0, max: 10}
    score: {per: player, min: 0, max: 5}
    shown: {per: player, min: 0, max: 9}
  zones:
    hand: {per: player, visibility: owner, start: {gem: 1, rock: 1}}
  turn:
    actions:
      - id: spend
        when: {call: rich}
        effects: [{pay: {coins: 3}}, {gain: {score: 1}}, end_turn]
      - id: show
        pick: {from: hand, when: {call: is_gem}}
        limit: 1
        effects: [{if: {call: rich}, then: [{gain: {shown: 2}}], else: [{gain: {shown: 1}}]}]
      - id: save
        effects: [{gain: {coins: 1}}, end_turn]
  end:
    - when: {call: won}
      winner: player
  players:
    spender:
      - when: {call: rich}
        take: spend
      - take: save
  lua: |
)";
  for (std::size_t at = 0; at < lua.size();) {
    const std::size_t end = std::min(lua.find('\n', at), lua.size());
    text += "    " + lua.substr(at, end - at) + "\n";
    at = end + 1;
  }
  return text;
}

// The script starts at line 35 of game.yaml (the line after `lua: |`).
const char* kGoodScript = R"(function rich() return counter("coins") >= 3 end
function is_gem(card) return card == "gem" end
function won() return counter("score") >= 2 end)";

std::vector<std::string> legalNames(const sim::State& s) {
  std::vector<std::string> out;
  for (sim::Action a : s.legalActions()) out.push_back(s.actionToString(a));
  return out;
}

TEST(DescribedLuaCondition, GatesAnActionAPickAnIfAndTheEndThroughPlay) {
  std::string errors;
  auto g = gameFromText(game(kGoodScript), &errors);
  ASSERT_TRUE(g) << errors;
  EXPECT_EQ(errors, "");
  sim::Rng rng(7);
  auto s = g->newGame(2, rng);
  const int coins = counterIndex(*g, "coins"), score = counterIndex(*g, "score"), shown = counterIndex(*g, "shown");
  // Poor: no spend; the pick offers the gem only (the rock is not one).
  EXPECT_EQ(legalNames(*s), (std::vector<std::string>{"show gem", "save"}));
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "show gem"), rng));
  EXPECT_EQ(s->counter(shown, 0), 1);  // the `if` did not hold: poor
  for (int turn = 0; turn < 6; ++turn) ASSERT_TRUE(s->applyAction(actionNamed(*s, "save"), rng));
  ASSERT_EQ(s->counter(coins, 0), 3);
  EXPECT_EQ(legalNames(*s), (std::vector<std::string>{"spend", "show gem", "save"}));
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "show gem"), rng));
  EXPECT_EQ(s->counter(shown, 0), 3);  // rich now: the `then` branch
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "spend"), rng));
  EXPECT_EQ(s->counter(score, 0), 1);
  EXPECT_EQ(s->counter(coins, 0), 0);
  EXPECT_FALSE(s->isTerminal());
  // Player 2 (three coins too) spends; player 1 saves back to three and spends: two points end the game.
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "spend"), rng));
  for (int turn = 0; turn < 6; ++turn) ASSERT_TRUE(s->applyAction(actionNamed(*s, "save"), rng));
  ASSERT_EQ(s->currentPlayer(), 0);
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "spend"), rng));
  ASSERT_TRUE(s->isTerminal());
  EXPECT_FALSE(s->adjudicated());
  EXPECT_EQ(s->returns(), (std::vector<double>{1.0, 0.0}));
  EXPECT_EQ(s->scriptError(), nullptr);
}

TEST(DescribedLuaCondition, AScriptedPlayerRuleAsksTheScript) {
  auto g = gameFromText(game(kGoodScript));
  ASSERT_TRUE(g);
  sim::Rng rng(3);
  auto s = g->newGame(2, rng);
  const int spender = s->scriptIndex("spender");
  ASSERT_GE(spender, 0);
  EXPECT_EQ(s->actionToString(s->scriptedAction(spender)), "save");
  const int coins = counterIndex(*g, "coins");
  s->setCounter(coins, 0, 4);
  EXPECT_EQ(s->actionToString(s->scriptedAction(spender)), "spend");
}

TEST(DescribedLuaCondition, ValidationAcceptsItAndRandomGamesEnd) {
  const auto loaded = model::loadRulesetFromString(game(kGoodScript), "game.yaml", lookup());
  EXPECT_EQ(loaded.diagnostics.format(), "");
}

// Every diagnostic of loading `text` from a file game.yaml (its folder left
// out): a file on disk, so the lines are the file's (a text loaded from memory
// is compiled from its re-emitted `rules:`).
std::string loadFileErrors(const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("wb_described_luacond_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "game.yaml").string();
  EXPECT_TRUE(model::writeFileAtomically(path, text));
  std::string out = model::loadRuleset(path, lookup()).diagnostics.format();
  for (std::size_t pos; (pos = out.find(dir.string() + "/")) != std::string::npos;) out.erase(pos, dir.string().size() + 1);
  fs::remove_all(dir);
  return out;
}

// Every diagnostic of validating the game with `lua` as its script.
std::string validate(const std::string& lua) { return loadFileErrors(game(lua)); }

TEST(DescribedLuaCondition, ThatChangesACounterIsAnErrorAtItsLine) {
  const std::string script = R"(function rich()
  set_counter("coins", 9)
  return true
end
function is_gem(card) return false end
function won() return false end)";
  EXPECT_EQ(validate(script), "game.yaml:36: error: lua: a condition cannot change the game (set_counter)\n");
  // In play (loaded without validation, which refuses it): listing the legal
  // actions asks `rich`; the game ends with no winner and the error, the counter unchanged.
  auto g = compile(model::loadRulesetFromString(game(script), "game.yaml"));
  ASSERT_TRUE(g);
  sim::Rng rng(1);
  auto s = g->newGame(2, rng);
  EXPECT_TRUE(s->isTerminal());
  EXPECT_TRUE(s->adjudicated());
  ASSERT_NE(s->scriptError(), nullptr);
  // (Loaded from memory, the lines are those of the re-emitted `rules:`: the file's are checked above.)
  EXPECT_EQ(s->scriptError()->rfind("lua:", 0), 0u);
  EXPECT_NE(s->scriptError()->find(": a condition cannot change the game (set_counter)"), std::string::npos);
  EXPECT_EQ(s->counter(counterIndex(*g, "coins"), 0), 0);
}

TEST(DescribedLuaCondition, ThatSetsAGlobalOrDrawsChanceIsAnError) {
  EXPECT_EQ(validate("function rich() asked = (asked or 0) + 1 return false end\n"
                     "function is_gem(card) return false end\nfunction won() return false end"),
            "game.yaml:35: error: lua: a condition cannot change the global 'asked'\n");
  EXPECT_EQ(validate("function rich() return random(6) > 3 end\n"
                     "function is_gem(card) return false end\nfunction won() return false end"),
            "game.yaml:35: error: lua: a condition cannot draw chance (random)\n");
}

TEST(DescribedLuaCondition, ThatLoopsIsStoppedByTheStepBudget) {
  const std::string script = R"(function rich() return false end
function is_gem(card) return false end
function won()
  local n = 0
  while true do n = n + 1 end
end)";
  EXPECT_EQ(validate(script),
            "game.yaml:39: error: lua: the script ran more than 1000000 instructions (a loop without end?)\n");
}

TEST(DescribedLuaCondition, SyntaxAndRuntimeErrorsAreAtTheScriptsLine) {
  EXPECT_EQ(validate("function rich() return counter(\"coins\") >= end\n"
                     "function is_gem(card) return false end\nfunction won() return false end"),
            "game.yaml:35: error: lua: unexpected symbol near 'end'\n");
  EXPECT_EQ(validate("function rich() return false end\n"
                     "function is_gem(card) return nothing.x end\nfunction won() return false end"),
            "game.yaml:36: error: lua: attempt to index a nil value (global 'nothing')\n");
  EXPECT_EQ(validate("function rich() return counter(\"coin\") > 0 end\n"
                     "function is_gem(card) return false end\nfunction won() return false end"),
            "game.yaml:35: error: lua: unknown counter 'coin'\n");
}

TEST(DescribedLuaCondition, AMissingFunctionIsAnErrorAtItsCallWithDidYouMean) {
  const std::string text = game("function ritch() return false end\n"
                                "function is_gem(card) return false end\nfunction won() return false end");
  EXPECT_EQ(loadFileErrors(text),
            "game.yaml:18:22: error: 'call: rich': the 'lua:' script defines no function 'rich' (did you mean "
            "'ritch'?)\n");
}

TEST(DescribedLuaCondition, WithoutAScriptOrWithAnotherKeyIsAnError) {
  std::string text = game("");
  text = text.substr(0, text.find("  lua: |"));
  const std::string d = loadFileErrors(text);
  EXPECT_NE(d.find("game.yaml:18:16: error: 'call: rich' needs the rules' 'lua:' script"), std::string::npos) << d;
  std::string other = game(kGoodScript);
  other.replace(other.find("when: {call: rich}"), 18, "when: {cal: rich}");
  const std::string d2 = loadFileErrors(other);
  EXPECT_NE(d2.find("game.yaml:18:15: error: expected a condition"), std::string::npos) << d2;
}

}  // namespace
}  // namespace wb::rulesets::described::testing
