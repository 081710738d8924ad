// RunStats: outcome classification, entity tallies, timeouts and merging
// (two halves merged equal the whole, in either order).
#include <gtest/gtest.h>

#include "simulation/core/rng.h"
#include "simulation/stats/run_stats.h"

using namespace wb::sim;

namespace {

struct FakeGame {
  std::vector<double> returns;
  std::vector<int> agents, factions;
  EntityLog log;
  GameRecord record(std::uint64_t index, int turns, bool timedOut = false) const {
    GameRecord r;
    r.index = index;
    r.seed = deriveSeed(1, index);
    r.turns = turns;
    r.timedOut = timedOut;
    r.returns = &returns;
    r.agentOfSeat = &agents;
    r.factionOfSeat = &factions;
    r.log = &log;
    return r;
  }
};

FakeGame randomGame(Rng& rng) {
  FakeGame g;
  const int kind = uniformInt(rng, 4);
  g.returns = kind == 0 ? std::vector<double>{1, 0, 0}
            : kind == 1 ? std::vector<double>{0, 0, 1}
            : kind == 2 ? std::vector<double>{0.5, 0.5, 0}
                        : std::vector<double>{0, 0, 0};
  const int rot = uniformInt(rng, 3);
  g.agents = {rot % 2, (rot + 1) % 2, 0};
  g.factions = {uniformInt(rng, 2), uniformInt(rng, 2), uniformInt(rng, 2)};
  g.log.reset(3, 2);
  for (int p = 0; p < 3; ++p)
    for (int e = 0; e < 2; ++e)
      g.log.add(p, e, static_cast<EntityUse>(uniformInt(rng, 3)), static_cast<std::uint32_t>(uniformInt(rng, 3)));
  return g;
}

}  // namespace

TEST(RunStats, ClassifiesWinsDrawsAndLosses) {
  RunStats s(3, 2, 0, 0);
  FakeGame g;
  g.agents = {0, 1, 1};
  g.returns = {0, 1, 0};
  s.add(g.record(0, 10));
  g.returns = {0.5, 0, 0.5};  // a tie for first: draws for 0 and 2
  s.add(g.record(1, 12));
  g.returns = {0, 0, 0};      // nobody won: a draw for all
  s.add(g.record(2, 14));
  EXPECT_EQ(s.finishedGames(), 3u);
  EXPECT_EQ(s.drawnGames(), 2u);
  EXPECT_EQ(s.seats()[0], (OutcomeTally{3, 0, 2, 1}));
  EXPECT_EQ(s.seats()[1], (OutcomeTally{3, 1, 1, 1}));
  EXPECT_EQ(s.seats()[2], (OutcomeTally{3, 0, 2, 1}));
  EXPECT_EQ(s.agents()[0], (OutcomeTally{3, 0, 2, 1}));
  EXPECT_EQ(s.agents()[1], (OutcomeTally{6, 1, 3, 2}));
  EXPECT_EQ(s.length().games, 3u);
  EXPECT_DOUBLE_EQ(s.length().mean(), 12.0);
  EXPECT_DOUBLE_EQ(s.length().sd(), 2.0);
  EXPECT_EQ(s.length().histogram[12], 1u);
}

TEST(RunStats, TimeoutsAreApartFromDrawsAndKeepTheLowestIndices) {
  RunStats s(2, 1, 0, 0);
  FakeGame g;
  g.agents = {0, 0};
  g.returns = {1, 0};
  for (std::uint64_t i = 300; i-- > 0;) s.add(g.record(i, 1000, /*timedOut=*/i % 2 == 0));
  EXPECT_EQ(s.timeouts(), 150u);
  EXPECT_EQ(s.finishedGames(), 150u);
  EXPECT_EQ(s.drawnGames(), 0u);
  EXPECT_EQ(s.games(), 300u);
  ASSERT_EQ(s.timeoutRecords().size(), RunStats::kMaxTimeoutRecords);
  EXPECT_EQ(s.timeoutRecords().front().index, 0u);
  EXPECT_EQ(s.timeoutRecords().front().seed, deriveSeed(1, 0));
  EXPECT_EQ(s.timeoutRecords().back().index, 198u);
  EXPECT_EQ(s.seats()[0].games, 150u);
}

TEST(RunStats, EntityUseSplitsPlayersByWhetherTheyUsedIt) {
  RunStats s(2, 1, 0, 2);
  FakeGame g;
  g.agents = {0, 0};
  g.returns = {1, 0};
  g.log.reset(2, 2);
  g.log.add(0, 0, EntityUse::Played, 2);
  g.log.add(1, 0, EntityUse::Acquired, 1);   // acquired only: not "used"
  g.log.add(1, 1, EntityUse::Triggered, 1);
  s.add(g.record(0, 5));
  const EntityTally& e0 = s.entities()[0];
  EXPECT_EQ(e0.played, 2u);
  EXPECT_EQ(e0.acquired, 1u);
  EXPECT_EQ(e0.usedPlayers, 1u);
  EXPECT_EQ(e0.usedWins, 1u);
  EXPECT_EQ(e0.unusedPlayers, 1u);
  EXPECT_EQ(e0.unusedWins, 0u);
  const EntityTally& e1 = s.entities()[1];
  EXPECT_EQ(e1.usedPlayers, 1u);
  EXPECT_EQ(e1.usedWins, 0u);
  EXPECT_EQ(e1.unusedWins, 1u);
}

TEST(RunStats, MergingTwoHalvesEqualsTheWhole) {
  Rng rng(42);
  std::vector<FakeGame> games;
  for (int i = 0; i < 400; ++i) games.push_back(randomGame(rng));
  RunStats whole(3, 2, 2, 2), first(3, 2, 2, 2), second(3, 2, 2, 2);
  for (std::size_t i = 0; i < games.size(); ++i) {
    const bool timeout = i % 7 == 3;
    const int turns = static_cast<int>(i % 37);
    const GameRecord rec = games[i].record(i, turns, timeout);
    whole.add(rec);
    (i % 3 == 0 ? first : second).add(rec);
  }
  RunStats ab = first;
  ab.merge(second);
  RunStats ba = second;
  ba.merge(first);
  EXPECT_EQ(ab, whole);
  EXPECT_EQ(ba, whole);
  EXPECT_EQ(whole.timeouts(), 57u);
}
