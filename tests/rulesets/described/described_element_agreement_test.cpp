// Element on its C++ engine and written in the rules language agree.
//
// Random players play the very same games on both (the same dice from the
// same seeds, the same legal actions in the same order): checked action by
// action. Then both engines play a run through the Monte Carlo runner with
// random agents and with a search agent that has no game-specific code (MCTS
// whose leaves are the ends of random playouts: no heuristic, so no engine's
// own judgement), and every headline number is compared: the first side's
// share of decided games and the share of capped games (two-proportion z
// tests), the mean length and each stone's placements per game (Welch);
// Holm's correction runs over the family. No difference may survive it.
//
// By default a fast fixed-seed version runs (CTest). The full comparison of
// data/rulesets/element-described/README.md:
//   WB_ELEMENT_AGREEMENT=full build/bin/wb_tests_rulesets --gtest_filter='ElementAgreement.*'
#include <cstdlib>
#include <iomanip>
#include <iostream>

#include "simulation/agents/agent_factory.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "simulation/stats/multiple_testing.h"
#include "simulation/stats/use_estimate.h"
#include "tests/rulesets/described/element_duel.h"

namespace wb::rulesets::described::testing {
namespace {

bool full() {
  const char* v = std::getenv("WB_ELEMENT_AGREEMENT");
  return v != nullptr && std::string(v) == "full";
}

// A random game on either engine; the names of its actions (the described
// game's one-choice `roll` left out: the other engine rolls as the turn ends).
std::vector<std::string> randomGame(const sim::Game& game, std::uint64_t seed, std::vector<double>& returns) {
  std::string error;
  auto agent = sim::makeAgent("random", error);
  sim::Rng chance(sim::deriveSeed(seed, 0, 0)), choice(sim::deriveSeed(seed, 0, 1));
  auto s = game.newInitialState(sim::GameSetup{2, {}}, chance);
  std::vector<std::string> names;
  for (int i = 0; i < 100000 && !s->isTerminal(); ++i) {
    const sim::Action a = agent->chooseAction(*s, choice);
    const std::string name = sharedName(s->actionToString(a));
    if (name != "roll") names.push_back(std::to_string(s->currentPlayer()) + " " + name);
    EXPECT_TRUE(s->applyAction(a, chance));
  }
  returns = s->returns();
  return names;
}

TEST(ElementAgreement, RandomPlayersPlayTheSameGamesOnBothEngines) {
  auto cpp = element::test::shippedGame();
  auto described = shippedGame("element-described");
  ASSERT_TRUE(cpp && described);
  const std::uint64_t games = full() ? 2000 : 40;
  for (std::uint64_t g = 0; g < games; ++g) {
    std::vector<double> rc, rd;
    const auto a = randomGame(*cpp, g, rc);
    const auto b = randomGame(*described, g, rd);
    ASSERT_EQ(a.size(), b.size()) << "game " << g;
    for (std::size_t i = 0; i < a.size(); ++i) ASSERT_EQ(a[i], b[i]) << "game " << g << ", action " << i;
    ASSERT_EQ(rc, rd) << "game " << g;
  }
}

struct Summary {
  std::uint64_t games = 0, decided = 0, firstWins = 0, capped = 0;
  double length = 0, lengthSd = 0;
  std::vector<sim::UseEstimate> placed;  // fire, wind, earth, water
  double seconds = 0;
};

Summary summarize(const sim::Game& game, const std::string& agent, std::uint64_t games, std::uint64_t seed) {
  sim::RunConfig c;
  c.games = games;
  c.seed = seed;
  c.threads = 2;
  c.agents = {agent};
  sim::MonteCarloRunner runner(game, c);
  const sim::RunResult r = runner.run();
  EXPECT_TRUE(r.ok()) << r.error;
  Summary s;
  s.games = r.stats.games();
  const sim::FirstSideTest f = r.stats.firstSideTest();
  s.decided = f.decided;
  s.firstWins = f.wins;
  s.capped = r.stats.adjudicatedGames() + r.stats.timeouts();
  s.length = r.stats.length().mean();
  s.lengthSd = r.stats.length().sd();
  s.seconds = r.elapsedSeconds;
  const sim::UseGroups& u = r.stats.useGroups();
  for (const char* stone : {"fire", "wind", "earth", "water"}) {
    const auto it = std::find(r.entities.begin(), r.entities.end(), stone);
    EXPECT_TRUE(it != r.entities.end()) << stone;
    const int e = static_cast<int>(it - r.entities.begin());
    std::vector<double> use, played;
    for (int g = 0; g < sim::UseGroups::kGroups; ++g) {
      use.push_back(static_cast<double>(u.at(g, e, static_cast<int>(sim::EntityUse::Played))));
      played.push_back(static_cast<double>(u.games[static_cast<std::size_t>(g)]));
    }
    s.placed.push_back(sim::usePerGame(use, played, use.size()));
  }
  return s;
}

// The comparison of one agent's runs; prints the table the README quotes.
void compareRuns(const std::string& agent, std::uint64_t games, std::uint64_t seed) {
  auto cpp = element::test::shippedGame();
  auto described = shippedGame("element-described");
  ASSERT_TRUE(cpp && described);
  const Summary a = summarize(*cpp, agent, games, seed);
  const Summary b = summarize(*described, agent, games, seed);
  struct Row {
    std::string what;
    double va, vb, p;
  };
  std::vector<Row> rows;
  auto rate = [](std::uint64_t x, std::uint64_t n) { return n ? static_cast<double>(x) / static_cast<double>(n) : 0.0; };
  rows.push_back({"first side wins (of decided)", rate(a.firstWins, a.decided), rate(b.firstWins, b.decided),
                  sim::twoProportionPValue(a.firstWins, a.decided, b.firstWins, b.decided)});
  rows.push_back({"capped (turn limit)", rate(a.capped, a.games), rate(b.capped, b.games),
                  sim::twoProportionPValue(a.capped, a.games, b.capped, b.games)});
  rows.push_back({"mean length (turns)", a.length, b.length,
                  sim::meanDifferencePValue(a.length, a.lengthSd, a.games, b.length, b.lengthSd, b.games)});
  const char* stones[] = {"fire", "wind", "earth", "water"};
  for (std::size_t k = 0; k < 4; ++k)
    rows.push_back({std::string(stones[k]) + " placed per game", a.placed[k].value, b.placed[k].value,
                    sim::meanDifferencePValue(a.placed[k].value, a.placed[k].se, 1, b.placed[k].value, b.placed[k].se, 1)});
  std::vector<double> p;
  for (const Row& r : rows) p.push_back(r.p);
  const std::vector<double> holm = sim::holmAdjust(p);
  std::cout << "agent " << agent << ", " << games << " games a side, seed " << seed << " (element " << std::fixed
            << std::setprecision(1) << a.seconds << " s, described " << b.seconds << " s)\n";
  std::cout << std::left << std::setw(30) << "measure" << std::right << std::setw(10) << "element" << std::setw(11)
            << "described" << std::setw(9) << "p" << std::setw(11) << "Holm p" << "\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::cout << std::left << std::setw(30) << rows[i].what << std::right << std::setprecision(3) << std::setw(10)
              << rows[i].va << std::setw(11) << rows[i].vb << std::setw(9) << rows[i].p << std::setw(11) << holm[i]
              << "\n";
    EXPECT_GT(holm[i], 0.05) << rows[i].what << ": element " << rows[i].va << ", described " << rows[i].vb;
  }
}

TEST(ElementAgreement, RandomAgentsAgreeOnEveryHeadlineNumber) { compareRuns("random", full() ? 2000 : 200, 11); }

// Full size only: a search without a heuristic plays slowly (CTest runs the
// same comparison on a handful of games, which checks the wiring, not the numbers).
TEST(ElementAgreement, SearchAgentsAgreeOnEveryHeadlineNumber) {
  compareRuns(full() ? "mcts:iters=4,horizon=0,prior=none,depth=100000" : "mcts:iters=2,horizon=0,prior=none,depth=100000",
              full() ? 500 : 4, 12);
}

}  // namespace
}  // namespace wb::rulesets::described::testing
