// Pig (data/rulesets/pig), played by the described engine: its rules through
// play, and two figures derived independently of the engine by exact dynamic
// programming over the game's states (data/rulesets/pig/README.md), which
// games played by the scripted player "hold at 20" reproduce within a
// tolerance derived from the sample size.
#include <cmath>
#include <map>
#include <vector>

#include "model/path/ruleset_path.h"
#include "simulation/agents/agent_factory.h"
#include "tests/rulesets/described/described_fixture.h"

namespace wb::rulesets::described::testing {
namespace {

struct Pig {
  std::shared_ptr<const DescribedGame> game = shippedGame("pig");
  int score = counterIndex(*game, "score");
  int total = counterIndex(*game, "turn_total");
  int roll = counterIndex(*game, "roll");
};

// Rulebook: "roll ... adding each roll to your turn total; a 1 loses the turn
// total and ends your turn."
TEST(DescribedPig, ARollAddsToTheTurnTotalAndAOneLosesItAndPassesTheTurn) {
  Pig pig;
  int ones = 0, others = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    sim::Rng rng(seed);
    auto s = pig.game->newGame(2, rng);
    s->setCounter(pig.total, 0, 7);
    ASSERT_TRUE(s->applyAction(actionNamed(*s, "roll"), rng));
    const int r = s->counter(pig.roll, 0);
    if (r == 1) {
      ++ones;
      EXPECT_EQ(s->counter(pig.total, 0), 0);
      EXPECT_EQ(s->currentPlayer(), 1);
      EXPECT_EQ(s->turnCount(), 2);
    } else {
      ++others;
      EXPECT_EQ(s->counter(pig.total, 0), 7 + r);
      EXPECT_EQ(s->currentPlayer(), 0);
    }
  }
  EXPECT_GT(ones, 0);
  EXPECT_GT(others, 0);
}

// "Hold to bank the turn total into your score"; holding needs something to bank.
TEST(DescribedPig, HoldBanksTheTurnTotalAndPassesTheTurn) {
  Pig pig;
  sim::Rng rng(3);
  auto s = pig.game->newGame(2, rng);
  EXPECT_EQ(actionNamed(*s, "hold"), -1) << "nothing to bank at the start of a turn";
  s->setCounter(pig.score, 0, 30);
  s->setCounter(pig.total, 0, 12);
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "hold"), rng));
  EXPECT_EQ(s->counter(pig.score, 0), 42);
  EXPECT_EQ(s->currentPlayer(), 1);
  EXPECT_EQ(s->counter(pig.total, 1), 0) << "the next player's turn total starts at 0";
}

// "The first to reach the goal wins": banking to 100 ends the game at once.
TEST(DescribedPig, ReachingTheGoalWins) {
  Pig pig;
  sim::Rng rng(5);
  auto s = pig.game->newGame(2, rng);
  s->setCounter(pig.score, 0, 95);
  s->setCounter(pig.total, 0, 5);
  ASSERT_TRUE(s->applyAction(actionNamed(*s, "hold"), rng));
  ASSERT_TRUE(s->isTerminal());
  EXPECT_EQ(s->returns(), (std::vector<double>{1.0, 0.0}));
  EXPECT_EQ(s->turnCount(), 1);
}

// The banked amount of one hold-at-H turn begun at score i (goal G, an S-sided
// die): the exact distribution, by following every roll sequence.
std::map<int, double> turnDistribution(int i, int hold, int goal, int sides) {
  std::map<int, double> out, current{{0, 1.0}};
  while (!current.empty()) {
    std::map<int, double> next;
    for (auto [t, p] : current) {
      if (t > 0 && (t >= hold || i + t >= goal)) {
        out[t] += p;
        continue;
      }
      out[0] += p / sides;
      for (int k = 2; k <= sides; ++k) next[t + k] += p / sides;
    }
    current = std::move(next);
  }
  return out;
}

// P(the player to move wins) at scores (i, j), both holding at 20: value
// iteration to a fixed point (a pig hands the same scores to the other player).
double firstPlayerWinsHoldingAt20() {
  const int goal = 100;
  std::vector<std::map<int, double>> dist(goal);
  for (int i = 0; i < goal; ++i) dist[static_cast<std::size_t>(i)] = turnDistribution(i, 20, goal, 6);
  std::vector<double> p(goal * goal, 0.5);
  for (int sweep = 0; sweep < 10000; ++sweep) {
    double delta = 0;
    for (int i = goal - 1; i >= 0; --i)
      for (int j = goal - 1; j >= 0; --j) {
        double v = 0;
        for (auto [b, q] : dist[static_cast<std::size_t>(i)])
          v += q * (i + b >= goal ? 1.0 : 1.0 - p[static_cast<std::size_t>(j * goal + i + b)]);
        delta = std::max(delta, std::fabs(v - p[static_cast<std::size_t>(i * goal + j)]));
        p[static_cast<std::size_t>(i * goal + j)] = v;
      }
    if (delta < 1e-12) break;
  }
  return p[0];
}

TEST(DescribedPig, ExactFiguresOfHoldAt20) {
  double expected = 0;
  for (auto [b, q] : turnDistribution(0, 20, 1000000, 6)) expected += b * q;
  EXPECT_NEAR(expected, 8.1418, 1e-4);  // the README's figure
  EXPECT_NEAR(firstPlayerWinsHoldingAt20(), 0.5347, 1e-4);
}

// The scripted player's turns bank 8.14 points on average (goal out of reach).
TEST(DescribedPig, HoldAt20BanksTheExactMeanPerTurn) {
  auto loaded = model::loadRuleset(shippedPath("pig"), lookup());
  ASSERT_TRUE(model::setPath(loaded.ruleset, "parameters.goal", "1000"));
  std::string errors;
  auto game = compile(loaded, &errors);
  ASSERT_TRUE(game) << errors;
  const int score = counterIndex(*game, "score");
  std::string error;
  auto agent = sim::makeAgent("script:hold_at_20", error);
  ASSERT_TRUE(agent) << error;
  sim::Rng chance(11), choice(12);
  auto s = game->newGame(1, chance);
  const int turns = 20000;
  double sum = 0, sumSq = 0;
  for (int t = 0; t < turns; ++t) {
    const int before = s->counter(score, 0), turn = s->turnCount();
    while (s->turnCount() == turn) ASSERT_TRUE(s->applyAction(agent->chooseAction(*s, choice), chance));
    const double banked = s->counter(score, 0) - before;
    sum += banked;
    sumSq += banked * banked;
    s->setCounter(score, 0, 0);
  }
  const double mean = sum / turns, sd = std::sqrt(sumSq / turns - mean * mean);
  const double tolerance = 4 * sd / std::sqrt(static_cast<double>(turns));  // four standard errors
  EXPECT_NEAR(mean, 8.1418, tolerance) << "sd " << sd;
}

// Two hold-at-20 players: the first wins 53.47% of games (exact); 4,000 games
// measure it within four standard errors of a proportion.
TEST(DescribedPig, HoldAt20FirstPlayerWinRateMatchesTheExactValue) {
  Pig pig;
  std::string error;
  auto a = sim::makeAgent("script:hold_at_20", error), b = sim::makeAgent("script:hold_at_20", error);
  ASSERT_TRUE(a && b) << error;
  const int games = 4000;
  int firstWins = 0;
  for (int g = 0; g < games; ++g) {
    sim::Rng chance(sim::deriveSeed(2024, static_cast<std::uint64_t>(g), 0));
    sim::Rng choice(sim::deriveSeed(2024, static_cast<std::uint64_t>(g), 1));
    auto s = pig.game->newInitialState(sim::GameSetup{2, {}}, chance);
    while (!s->isTerminal()) {
      auto& agent = s->currentPlayer() == 0 ? *a : *b;
      ASSERT_TRUE(s->applyAction(agent.chooseAction(*s, choice), chance));
    }
    if (s->returns()[0] == 1.0) ++firstWins;
  }
  const double p = 0.5347, rate = static_cast<double>(firstWins) / games;
  EXPECT_NEAR(rate, p, 4 * std::sqrt(p * (1 - p) / games));
}

}  // namespace
}  // namespace wb::rulesets::described::testing
