// Agents: the spec parser, and strength on the toy games (greedy and MCTS
// beat random; thresholds far below the observed rates, fixed seeds).
#include <gtest/gtest.h>

#include <set>
#include <utility>

#include "simulation/agents/agent_factory.h"
#include "simulation/agents/greedy_agent.h"
#include "simulation/agents/mcts_agent.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/simulation/toy/dice_race_game.h"
#include "tests/simulation/toy/nim_game.h"

using namespace wb::sim;

TEST(AgentFactory, MakesAgentsFromSpecs) {
  std::string error;
  auto r = makeAgent("random", error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(r->spec(), "random");
  auto g = makeAgent(" greedy ", error);
  ASSERT_TRUE(g) << error;
  EXPECT_EQ(g->spec(), "greedy");
  auto m = makeAgent("mcts:iters=2000,c=1.4,rollout=greedy", error);
  ASSERT_TRUE(m) << error;
  auto* mcts = dynamic_cast<MctsAgent*>(m.get());
  ASSERT_TRUE(mcts);
  EXPECT_EQ(mcts->options().iterations, 2000);
  EXPECT_DOUBLE_EQ(mcts->options().exploration, 1.4);
  EXPECT_TRUE(mcts->options().greedyRollout);
  auto d = makeAgent("mcts", error);
  ASSERT_TRUE(d);
  EXPECT_EQ(dynamic_cast<MctsAgent*>(d.get())->options().iterations, 1000);
}

TEST(AgentFactory, RejectsBadSpecsWithClearErrors) {
  std::string error;
  EXPECT_FALSE(makeAgent("alphazero", error));
  EXPECT_EQ(error, "unknown agent 'alphazero' (known: random, greedy, planner, mcts, script:NAME)");
  EXPECT_FALSE(makeAgent("mcts:depht=3", error));
  EXPECT_EQ(error, "unknown option 'depht' for agent 'mcts' (known: iters, c, rollout, depth, horizon, prior)");
  EXPECT_FALSE(makeAgent("mcts:iters=0", error));
  EXPECT_NE(error.find("bad value '0' for iters"), std::string::npos) << error;
  EXPECT_FALSE(makeAgent("mcts:iters=12x", error));
  EXPECT_FALSE(makeAgent("mcts:rollout=smart", error));
  EXPECT_NE(error.find("random or greedy"), std::string::npos);
  EXPECT_FALSE(makeAgent("mcts:c=-1", error));
  EXPECT_FALSE(makeAgent("mcts:iters", error));
  EXPECT_FALSE(makeAgent("greedy:iters=3", error));
  EXPECT_FALSE(makeAgent("", error));
  EXPECT_FALSE(makeAgent(":iters=3", error));
}

TEST(AgentFactory, SplitsAgentListsKeepingOptionsTogether) {
  std::vector<std::string> specs;
  std::string error;
  ASSERT_TRUE(splitAgentList("mcts:iters=500,c=2,greedy", specs, error));
  EXPECT_EQ(specs, (std::vector<std::string>{"mcts:iters=500,c=2", "greedy"}));
  ASSERT_TRUE(splitAgentList("random", specs, error));
  EXPECT_EQ(specs, (std::vector<std::string>{"random"}));
  ASSERT_TRUE(splitAgentList("greedy, mcts:iters=10, rollout=greedy", specs, error));
  EXPECT_EQ(specs, (std::vector<std::string>{"greedy", "mcts:iters=10,rollout=greedy"}));
  EXPECT_FALSE(splitAgentList("greedy,,random", specs, error));
  EXPECT_FALSE(splitAgentList("iters=3,greedy", specs, error));
}

TEST(GreedyAgent, TakesTheWinningMoveAndBreaksTiesAtRandom) {
  toy::NimGame game(7);
  Rng rng(3);
  auto s = game.newInitialState(GameSetup{2, {}}, rng);
  GreedyAgent greedy;
  // Heap 7: taking 3 leaves 4, a loss for the opponent.
  EXPECT_EQ(greedy.chooseAction(*s, rng), 3);
  // Heap 4 is lost whatever we do: all moves tie, so each gets picked.
  toy::NimGame lost(4);
  auto l = lost.newInitialState(GameSetup{2, {}}, rng);
  std::set<Action> seen;
  for (int i = 0; i < 100; ++i) seen.insert(greedy.chooseAction(*l, rng));
  EXPECT_EQ(seen, (std::set<Action>{1, 2, 3}));
}

TEST(GreedyAgent, NamesItsOptionsAndRejectsBadOnes) {
  std::string error;
  auto plain = makeAgent("greedy", error);
  ASSERT_TRUE(plain) << error;
  EXPECT_EQ(plain->spec(), "greedy");
  auto k = makeAgent("greedy:samples=3,answers=off", error);
  ASSERT_TRUE(k) << error;
  EXPECT_EQ(k->spec(), "greedy:samples=3,answers=off");
  EXPECT_EQ(static_cast<GreedyAgent&>(*k).options().samples, 3);
  auto d = makeAgent("greedy:samples=" + std::to_string(kDefaultGreedySamples), error);
  ASSERT_TRUE(d) << error;
  EXPECT_EQ(d->spec(), "greedy") << "the default is not named";
  EXPECT_FALSE(makeAgent("greedy:samples=0", error));
  EXPECT_NE(error.find("samples"), std::string::npos) << error;
  EXPECT_FALSE(makeAgent("greedy:answers=maybe", error));
  EXPECT_FALSE(makeAgent("greedy:depth=2", error));
  EXPECT_NE(error.find("known: samples, answers"), std::string::npos) << error;
}

TEST(GreedyAgent, SamplesAverageChanceAndSkipDeterministicActions) {
  // Nim has no chance: every sample gives the same value, whatever K.
  toy::NimGame nim(7);
  Rng setup(1);
  auto s = nim.newInitialState(GameSetup{2, {}}, setup);
  GreedyAgent one(GreedyOptions{1, true}), many(GreedyOptions{16, true});
  for (Action a : s->legalActions()) {
    Rng r1(5), r2(5);
    EXPECT_EQ(one.valueOf(*s, a, r1), many.valueOf(*s, a, r2));
  }
  // The dice race rolls after each action: K samples on the same generator
  // states give the mean of the K one-sample values on those states.
  toy::DiceRaceGame race;
  auto d = race.newInitialState(GameSetup{2, {}}, setup);
  const Action a = d->legalActions().back();  // play a card: a roll follows
  ASSERT_NE(a, 0);
  constexpr int kK = 8;
  Rng draws(9);
  GreedyAgent k8(GreedyOptions{kK, true});
  const double mean = k8.valueOf(*d, a, draws);
  Rng again(9);
  double sum = 0.0;
  for (int k = 0; k < kK; ++k) {
    Rng base(again());  // the k-th generator state valueOf drew
    std::unique_ptr<State> c = d->clone();
    c->applyLegalAction(a, base);
    sum += c->heuristic(d->currentPlayer());
  }
  EXPECT_NEAR(mean, sum / kK, 1e-9);
}

namespace {
// Win rate of agent A against B over `games` (seats rotated).
double winRate(const Game& game, const std::string& a, const std::string& b, int games, std::uint64_t seed) {
  RunConfig config;
  config.games = static_cast<std::uint64_t>(games);
  config.seed = seed;
  config.agents = {a, b};
  config.players = 2;
  MonteCarloRunner runner(game, config);
  RunResult r = runner.run();
  EXPECT_TRUE(r.ok()) << r.error;
  return r.stats.agents()[0].winRate();
}
}  // namespace

TEST(AgentStrength, GreedyBeatsRandom) {
  // Nim 21 with perfect theory: greedy wins nearly every game from either seat.
  EXPECT_GE(winRate(toy::NimGame(21), "greedy", "random", 400, 1), 0.9);
  EXPECT_GE(winRate(toy::DiceRaceGame(30), "greedy", "random", 400, 2), 0.8);
}

TEST(AgentStrength, MctsBeatsRandom) {
  EXPECT_GE(winRate(toy::NimGame(21), "mcts:iters=300", "random", 100, 3), 0.85);
  // Hidden information: determinized MCTS on the dice race.
  EXPECT_GE(winRate(toy::DiceRaceGame(30), "mcts:iters=200", "random", 100, 4), 0.75);
  EXPECT_GE(winRate(toy::DiceRaceGame(30), "mcts:iters=100,rollout=greedy", "random", 60, 5), 0.75);
}

TEST(AgentStrength, MctsHeuristicEstimateIsInRange) {
  toy::DiceRaceGame game(30);
  Rng rng(9);
  auto s = game.newInitialState(GameSetup{2, {}}, rng);
  s->applyAction(s->legalActions().back(), rng);
  std::vector<double> r;
  MctsAgent::heuristicReturns(*s, 10.0, r);
  ASSERT_EQ(r.size(), 2u);
  EXPECT_GT(r[0], 0.5);
  EXPECT_LT(r[1], 0.5);
  for (double v : r) EXPECT_TRUE(v > 0.0 && v < 1.0);
  // Depth 0: every leaf is valued by the heuristic, and it still plays.
  EXPECT_GE(winRate(toy::DiceRaceGame(30), "mcts:iters=50,depth=0", "random", 60, 6), 0.7);
}

TEST(AgentStrength, MctsVariantsBeatRandomAndHoldTheirOwnAgainstGreedy) {
  EXPECT_GE(winRate(toy::NimGame(21), "mcts:iters=200,prior=none", "random", 60, 7), 0.85);
  EXPECT_GE(winRate(toy::DiceRaceGame(30), "mcts:iters=200,prior=none,horizon=0", "random", 60, 8), 0.75);
  // The dice race is mostly luck once both sides play sensibly (observed ~0.53).
  EXPECT_GE(winRate(toy::DiceRaceGame(30), "mcts:iters=200", "greedy", 100, 9), 0.4);
}

TEST(MctsAgent, ExplainsItsChoiceAndNamesItsOptions) {
  toy::NimGame game(7);
  Rng rng(1);
  auto s = game.newInitialState(GameSetup{2, {}}, rng);
  MctsAgent agent(MctsOptions{300, 1.4, false, 200, 2, true});
  EXPECT_EQ(agent.chooseAction(*s, rng), 3);  // leaves 4: the only winning move
  const auto root = agent.lastRoot();
  ASSERT_EQ(root.size(), 3u);
  std::uint32_t visits = 0, best = 0, second = 0;
  for (const auto& c : root) {
    visits += c.visits;
    if (c.visits > best) second = std::exchange(best, c.visits);
    else second = std::max(second, c.visits);
  }
  // Early stop: the budget is an upper bound, and the search stops only when
  // the runner-up cannot catch up in the iterations left.
  EXPECT_LE(visits, 300u);
  EXPECT_GT(best, second + (300u - visits));
  EXPECT_LT(visits, 300u);  // Nim(7) is decided long before the budget ends
  EXPECT_EQ(agent.spec(), "mcts:iters=300,c=1.4,rollout=random,depth=200,horizon=2,prior=heuristic");
}
