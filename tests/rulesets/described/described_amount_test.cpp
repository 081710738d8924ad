// The rules language's `choose_amount` (data/schema/game-description.md,
// "Choosing an amount"): one move per number of the range, the largest first,
// the effects after it waiting for the choice, the number in its counter; no
// move for a range of one number; a grid (with `also`) for a range too wide to
// list; the next player choosing with `by: opponent`; and its mistakes as
// errors at their file:line:column.
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "model/core/atomic_file.h"
#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::described::testing {
namespace {

const char* kGame = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: tip, name: Tip, count: 0, cost: 1, effects: [{op: choose_amount, id: tip, max: "coins", into: pot}]}
rules:
  counters:
    coins: {per: player, min: 0, max: 100000, start: 5}
    pot: {per: player, min: 0, max: 100000}
    score: {per: player, min: 0, max: 100000}
  zones:
    hand: {per: player, visibility: owner, start: {tip: 1}}
  turn:
    actions:
      - id: bet
        limit: 1
        effects:
          - choose_amount: {id: bet, min: 2, max: coins, into: pot}
          - pay: {coins: pot}
          - gain: {score: pot}
      - id: levy
        limit: 1
        effects:
          - choose_amount: {id: levy, max: opponent_coins, into: pot, by: opponent}
          - gain: {score: 100 + pot}
      - id: wide
        limit: 1
        effects:
          - choose_amount: {id: wide, max: coins, into: pot, also: 301}
      - id: play
        pick: {from: hand}
        effects: [{play: picked}, {gain: {score: 1000}}]
      - id: pass
        effects: [end_turn]
  end:
    - when: score >= 100000
)";

struct Fixture {
  Fixture() {
    std::string errors;
    game = gameFromText(kGame, &errors);
    EXPECT_TRUE(game) << errors;
    if (game) s = game->newGame(2, rng);
  }
  int counter(const std::string& id, int p) const { return s->counter(counterIndex(*game, id), p); }
  void set(const std::string& id, int p, int v) { s->setCounter(counterIndex(*game, id), p, v); }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (sim::Action a : static_cast<const sim::State&>(*s).legalActions()) out.push_back(s->actionToString(a));
    return out;
  }
  bool take(const std::string& name) {
    const sim::Action a = actionNamed(*s, name);
    return a >= 0 && s->applyAction(a, rng);
  }
  sim::Rng rng{3};
  std::shared_ptr<const DescribedGame> game;
  std::unique_ptr<DescribedState> s;
};

TEST(DescribedAmount, EveryNumberOfTheRangeIsAMoveAndTheEffectsAfterWait) {
  Fixture f;
  ASSERT_TRUE(f.s);
  ASSERT_TRUE(f.take("bet"));
  EXPECT_EQ(f.names(), (std::vector<std::string>{"bet 5", "bet 4", "bet 3", "bet 2"}));
  EXPECT_EQ(f.counter("score", 0), 0) << "the effects after the choice wait";
  ASSERT_TRUE(f.take("bet 3"));
  EXPECT_EQ(f.counter("pot", 0), 3);
  EXPECT_EQ(f.counter("coins", 0), 2);
  EXPECT_EQ(f.counter("score", 0), 3);
  EXPECT_EQ(f.s->currentPlayer(), 0);
}

TEST(DescribedAmount, ARangeOfOneNumberIsNotAsked) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.set("coins", 0, 2);
  ASSERT_TRUE(f.take("bet"));
  EXPECT_EQ(f.counter("pot", 0), 2);
  EXPECT_EQ(f.counter("score", 0), 2);
  // A max below the min leaves the min alone.
  Fixture g;
  g.set("coins", 0, 1);
  ASSERT_TRUE(g.take("bet"));
  EXPECT_EQ(g.counter("pot", 0), 2);
  EXPECT_EQ(g.counter("score", 0), 2);
}

TEST(DescribedAmount, TheOpponentChoosesWithByOpponentAndTheSubjectKeepsTheNumber) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.set("coins", 1, 2);
  ASSERT_TRUE(f.take("levy"));
  EXPECT_EQ(f.s->currentPlayer(), 1);
  EXPECT_EQ(f.names(), (std::vector<std::string>{"levy 2", "levy 1", "levy 0"}));
  ASSERT_TRUE(f.take("levy 1"));
  EXPECT_EQ(f.s->currentPlayer(), 0);
  EXPECT_EQ(f.counter("pot", 0), 1);
  EXPECT_EQ(f.counter("score", 0), 101);
  EXPECT_EQ(f.counter("pot", 1), 0);
}

// 1,000 numbers: a grid of step ceil(1000 / 255) = 4 from the top (1000, 996,
// ..., 4), then 0, then `also` (301, off the grid).
TEST(DescribedAmount, AWideRangeOffersAGridTheMinAndAlso) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.set("coins", 0, 1000);
  ASSERT_TRUE(f.take("wide"));
  const auto names = f.names();
  ASSERT_EQ(names.size(), 250u + 1u + 1u);
  EXPECT_EQ(names.front(), "wide 1000");
  EXPECT_EQ(names[1], "wide 996");
  EXPECT_EQ(names[249], "wide 4");
  EXPECT_EQ(names[250], "wide 0");
  EXPECT_EQ(names[251], "wide 301");
  // On the grid, `also` is not offered twice.
  Fixture g;
  g.set("coins", 0, 1001);
  ASSERT_TRUE(g.take("wide"));
  const auto more = g.names();
  EXPECT_EQ(std::count(more.begin(), more.end(), "wide 301"), 1);
  EXPECT_EQ(more.back(), "wide 0");
}

// A card's effects choose too (the card form), and a copy of the state keeps
// its own choice: a number taken in the copy leaves the original waiting.
TEST(DescribedAmount, ACardChoosesAndACopyChoosesApart) {
  Fixture f;
  ASSERT_TRUE(f.s);
  f.set("coins", 0, 1);
  ASSERT_TRUE(f.take("play tip"));
  EXPECT_EQ(f.names(), (std::vector<std::string>{"tip 1", "tip 0"}));
  auto copy = f.s->clone();
  sim::Rng r(1);
  ASSERT_TRUE(copy->applyAction(actionNamed(*copy, "tip 1"), r));
  EXPECT_EQ(f.names(), (std::vector<std::string>{"tip 1", "tip 0"}));
  EXPECT_EQ(f.counter("score", 0), 0);
  EXPECT_EQ(static_cast<DescribedState&>(*copy).counter(counterIndex(*f.game, "score"), 0), 1000);
  EXPECT_EQ(static_cast<DescribedState&>(*copy).counter(counterIndex(*f.game, "pot"), 0), 1);
}

// Every diagnostic of loading `text` as the file game.yaml (a file, so that
// the positions are the file's), its folder removed.
std::string loadErrors(const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("wb_described_amount_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "game.yaml").string();
  EXPECT_TRUE(model::writeFileAtomically(path, text));
  std::string out = model::loadRuleset(path, lookup()).diagnostics.format();
  for (std::size_t pos; (pos = out.find(dir.string() + "/")) != std::string::npos;) out.erase(pos, dir.string().size() + 1);
  fs::remove_all(dir);
  return out;
}

// Every diagnostic of `effect` in a game otherwise correct.
std::string amountErrors(const std::string& effect) {
  const std::string text = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
    pot: {per: player, min: 0, max: 10}
  turn:
    actions:
      - id: go
        effects: [)" + effect + R"(, end_turn]
  end:
    - when: score >= 10
)";
  return loadErrors(text);
}

TEST(DescribedAmountInput, AGoodChoiceValidates) {
  EXPECT_EQ(amountErrors("{choose_amount: {id: put, min: 1, max: score + 2, into: pot, by: opponent, also: 1}}"), "");
}

TEST(DescribedAmountInput, AnEmptyRangeIsAnErrorAtItsMax) {
  EXPECT_EQ(amountErrors("{choose_amount: {min: 5, max: 3, into: pot}}"),
            "game.yaml:12:49: error: the range of 'choose_amount' is always empty: its max is at most 3, below its "
            "min of at least 5\n");
  // `score` is at most 10: score - 20 is never 0 or more.
  EXPECT_EQ(amountErrors("{choose_amount: {max: score - 20, into: pot}}"),
            "game.yaml:12:41: error: the range of 'choose_amount' is always empty: its max is at most -10, below its "
            "min of at least 0\n");
}

TEST(DescribedAmountInput, UnknownNamesKeysAndWordsAreAtTheirColumn) {
  EXPECT_EQ(amountErrors("{choose_amount: {max: scor, into: pt, by: oponent, upto: 3}}"),
            "game.yaml:12:41: error: unknown name 'scor' (did you mean 'score'?)\n"
            "game.yaml:12:53: error: unknown counter 'pt' (did you mean 'pot'?)\n"
            "game.yaml:12:61: error: expected 'player' or 'opponent' for 'by', got 'oponent' (did you mean "
            "'opponent'?)\n"
            "game.yaml:12:76: error: unknown key 'upto' in 'choose_amount' (known: id, min, max, into, by, also)\n");
}

TEST(DescribedAmountInput, AMissingMaxOrIntoAndABadAmountAreErrors) {
  EXPECT_EQ(amountErrors("{choose_amount: {min: 1 +}}"),
            "game.yaml:12:20: error: 'choose_amount' needs 'max' (the largest number offered) and 'into' (the counter "
            "that holds the number chosen)\n"
            "game.yaml:12:44: error: expected a number, a name or '('\n");
}

TEST(DescribedAmountInput, SetupCannotChooseAnAmount) {
  const std::string text = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
rules:
  counters:
    score: {per: player, min: 0, max: 10}
  setup:
    - choose_amount: {max: 3, into: score}
  turn:
    actions:
      - id: go
        effects: [{gain: {score: 1}}, end_turn]
  end:
    - when: score >= 10
)";
  EXPECT_EQ(loadErrors(text), "game.yaml:9:7: error: 'choose_amount' waits for a player's move: only an action's or a card's "
                    "effects can choose (not setup or triggers)\n");
}

}  // namespace
}  // namespace wb::rulesets::described::testing
