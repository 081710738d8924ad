// The skill ladder (simulation/ladder) with fixed seeds: on the toy reply game
// the first player's advantage under random play reverses under greedy play
// (toy/reply_game.h), and the ladder lists exactly that change; the ratings,
// Kendall's tau and the head-to-head score on known inputs.
#include <gtest/gtest.h>

#include <cmath>

#include "simulation/ladder/ladder.h"
#include "simulation/ladder/ladder_json.h"
#include "simulation/ladder/ladder_report.h"
#include "tests/simulation/toy/nim_game.h"
#include "tests/simulation/toy/reply_game.h"

using namespace wb::sim;

namespace {

LadderResult replyLadder() {
  toy::ReplyGame game;
  LadderConfig c;
  c.agents = {"random", "greedy"};
  c.run.games = 400;
  c.run.seed = 7;
  c.run.threads = 2;
  c.run.players = 2;
  return LadderRunner(game, c).run();
}

}  // namespace

TEST(Ladder, ListsTheFirstPlayerAdvantageThatReversesWithSkill) {
  const LadderResult r = replyLadder();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.conclusions.size(), 2u);
  // Random: the first player wins 4 games in 6 (400 games: far outside the interval around 50%).
  const Finding& random = r.conclusions[0].firstSide;
  EXPECT_EQ(random.category, 1) << describeFinding(random);
  EXPECT_NEAR(random.value, 4.0 / 6.0, 4 * std::sqrt(2.0 / 9.0 / 400));
  // Greedy: player 1 always finds the winning reply.
  const Finding& greedy = r.conclusions[1].firstSide;
  EXPECT_EQ(greedy.category, -1) << describeFinding(greedy);
  EXPECT_EQ(greedy.value, 0.0);
  // Greedy is the stronger rung, and the change is listed as a reversal.
  EXPECT_GT(r.ratings[1].elo, r.ratings[0].elo);
  ASSERT_EQ(r.rungs, (std::vector<int>{0, 1}));
  bool listed = false;
  for (const ConclusionChange& c : r.changes)
    if (c.id == "first_side") {
      listed = true;
      EXPECT_EQ(c.kind, "reversed");
      EXPECT_EQ(c.from, 0);
      EXPECT_EQ(c.to, 1);
    }
  EXPECT_TRUE(listed);
  const std::string text = ladderText(r, "reply");
  EXPECT_NE(text.find("first player [reversed]"), std::string::npos) << text;
  EXPECT_NE(ladderToJson(r).find("\"kind\": \"reversed\""), std::string::npos);
  // The agreement check against the strongest agent (greedy) fails on the first side.
  ASSERT_EQ(r.checks.size(), 1u);
  EXPECT_EQ(r.checks[0].agent, 0);
  EXPECT_EQ(r.checks[0].reference, 1);
  EXPECT_FALSE(r.checks[0].agrees());
  EXPECT_NE(text.find("random: DISAGREES with greedy"), std::string::npos) << text;
  EXPECT_NE(ladderToJson(r).find("\"agrees\": false"), std::string::npos);
}

TEST(Ladder, HeadToHeadScoreAndSameResultForAnyThreadCount) {
  const LadderResult r = replyLadder();
  ASSERT_EQ(r.pairings.size(), 1u);
  const Pairing& p = r.pairings.front();
  // Greedy wins every game as player 1 and 2 in 3 as player 0 (random reply): random scores 1/6.
  EXPECT_NEAR(p.score, 1.0 / 6.0, 4 * std::sqrt(5.0 / 36.0 / 400));
  EXPECT_LT(p.ci.hi, 0.5);
  toy::ReplyGame game;
  LadderConfig c;
  c.agents = {"random", "greedy"};
  c.run.games = 400;
  c.run.seed = 7;
  c.run.threads = 1;
  c.run.players = 2;
  const LadderResult one = LadderRunner(game, c).run();
  EXPECT_EQ(one.pairings.front().aWins, p.aWins);
  EXPECT_EQ(one.selfPlay[0].stats, r.selfPlay[0].stats);
}

TEST(Ladder, RejectsBadConfigurations) {
  toy::NimGame game(7);
  LadderConfig c;
  c.run.games = 10;
  c.agents = {"random"};
  std::string error;
  EXPECT_FALSE(LadderRunner(game, c).validate(error));
  c.agents = {"random", "random"};
  EXPECT_FALSE(LadderRunner(game, c).validate(error));
  EXPECT_NE(error.find("twice"), std::string::npos);
  c.agents = {"random", "alphazero"};
  EXPECT_FALSE(LadderRunner(game, c).validate(error));
  c.agents = {"random", "greedy"};
  EXPECT_TRUE(LadderRunner(game, c).validate(error)) << error;
}

TEST(LadderAnalysis, BradleyTerryRecoversKnownStrengths) {
  // a beats b 3:1 and b beats c 3:1, so a beats c about 9:1 (Elo 400 log10 3 = 191 per step).
  std::vector<Pairing> pairs;
  auto pair = [&](int a, int b, double aw, double bw) {
    Pairing p;
    p.a = a;
    p.b = b;
    p.aWins = aw;
    p.bWins = bw;
    pairs.push_back(p);
  };
  pair(0, 1, 7500, 2500);
  pair(1, 2, 7500, 2500);
  pair(0, 2, 9000, 1000);
  const auto r = bradleyTerry(3, pairs, 2);
  EXPECT_NEAR(r[2].elo, 0.0, 1e-9);
  EXPECT_NEAR(r[1].elo, 191, 6);
  EXPECT_NEAR(r[0].elo, 382, 8);
  EXPECT_GT(r[0].se, 0.0);
  EXPECT_LT(r[0].se, 10.0);
}

TEST(LadderAnalysis, KendallTau) {
  EXPECT_DOUBLE_EQ(kendallTau({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
  EXPECT_DOUBLE_EQ(kendallTau({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
  EXPECT_NEAR(kendallTau({1, 2, 3, 4}, {1, 3, 2, 4}), 4.0 / 6.0, 1e-12);
  EXPECT_DOUBLE_EQ(kendallTau({1}, {1}), 0.0);
}

// A ladder cancelled while the agents play alone rendered
// the conclusions of agents it never reached (out of bounds: exit 139).
TEST(Ladder, ACancelledLadderPrintsItsPartialTableMarkedCancelled) {
  toy::ReplyGame game;
  LadderConfig c;
  c.agents = {"random", "greedy"};
  c.run.games = 40;
  c.run.seed = 7;
  c.run.threads = 1;
  c.run.players = 2;
  LadderRunner ladder(game, c);
  ladder.setProgressCallback([&ladder](const LadderProgress& p) {
    if (p.what.find("alone") != std::string::npos) ladder.cancel();  // at the start of the first own run
  });
  const LadderResult r = ladder.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.cancelled);
  EXPECT_LT(r.conclusions.size(), 2u);
  const std::string text = ladderText(r, "reply");
  EXPECT_NE(text.find("CANCELLED"), std::string::npos) << text;
  EXPECT_NE(text.find("not played"), std::string::npos) << text;
  EXPECT_FALSE(ladderToJson(r).empty());
  EXPECT_FALSE(ladderMarkdown(r, "reply").empty());
}
