// `turn_bound` (data/schema/game-description.md, "End and victory"): after so
// many moves in one turn only the first way out of it named in `then` stays
// legal; a turn with none left ends. Its errors are at their file:line:column.
#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::described::testing {
namespace {

// A turn that could go on for ever: earn and spend a coin, end it with two.
std::string game(const std::string& bound) {
  return R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
rules:
  counters:
    coins: {per: player, min: 0, max: 1000}
  turn:
    actions:
      - id: done
        when: coins >= 2
        effects: [end_turn]
      - id: earn
        effects: [{gain: {coins: 1}}]
      - id: spend
        when: coins > 0
        effects: [{pay: {coins: 1}}]
  end:
    - when: coins >= 1000
  turn_limit: 50
)" + bound;
}

std::vector<std::string> moves(const DescribedState& s) {
  std::vector<std::string> out;
  for (sim::Action a : static_cast<const sim::State&>(s).legalActions()) out.push_back(s.actionToString(a));
  return out;
}

void take(DescribedState& s, const std::string& move, sim::Rng& rng) {
  ASSERT_TRUE(s.applyAction(actionNamed(s, move), rng)) << move;
}

TEST(DescribedTurnBound, AfterTheMovesOnlyTheFirstWayOutIsLegal) {
  std::string errors;
  auto g = gameFromText(game("  turn_bound: {moves: 3, then: [done, spend]}\n"), &errors);
  ASSERT_TRUE(g) << errors;
  sim::Rng rng(1);
  auto s = g->newGame(2, rng);
  take(*s, "earn", rng);
  take(*s, "earn", rng);
  EXPECT_EQ(moves(*s), (std::vector<std::string>{"done", "earn", "spend"}));
  take(*s, "earn", rng);
  EXPECT_EQ(moves(*s), std::vector<std::string>{"done"}) << "three moves: the first way out only";
  take(*s, "done", rng);
  ASSERT_EQ(s->currentPlayer(), 1);
  // The next turn counts afresh; with two coins short, spending is the way out.
  take(*s, "earn", rng);
  take(*s, "spend", rng);
  take(*s, "earn", rng);
  EXPECT_EQ(moves(*s), std::vector<std::string>{"spend"});
  take(*s, "spend", rng);
  EXPECT_EQ(s->currentPlayer(), 0) << "no way out is left: the turn ends";
  EXPECT_EQ(moves(*s), (std::vector<std::string>{"done", "earn", "spend"}));
}

TEST(DescribedTurnBound, WithoutItTheTurnGoesOn) {
  std::string errors;
  auto g = gameFromText(game(""), &errors);
  ASSERT_TRUE(g) << errors;
  sim::Rng rng(1);
  auto s = g->newGame(2, rng);
  for (int k = 0; k < 5; ++k) take(*s, "earn", rng);
  EXPECT_EQ(moves(*s), (std::vector<std::string>{"done", "earn", "spend"}));
}

TEST(DescribedTurnBound, ItsErrorsAreAtTheirPlace) {
  EXPECT_NE(loadErrors(game("  turn_bound: {moves: 3, then: [don]}\n"))
                .find("game.yaml:21:33: error: unknown action 'don' in 'then' (did you mean 'done'?)"),
            std::string::npos)
      << loadErrors(game("  turn_bound: {moves: 3, then: [don]}\n"));
  EXPECT_NE(loadErrors(game("  turn_bound: {then: [done]}\n")).find("error: 'turn_bound' needs 'moves'"),
            std::string::npos);
  EXPECT_NE(loadErrors(game("  turn_bound: {moves: 3, than: [done]}\n")).find("(did you mean 'then'?)"),
            std::string::npos);
  EXPECT_NE(loadErrors(game("  turn_bund: {moves: 3}\n")).find("(did you mean 'turn_bound'?)"), std::string::npos);
}

}  // namespace
}  // namespace wb::rulesets::described::testing
