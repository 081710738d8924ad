// RunStats: outcome classification (sides, draws, nobody wins, adjudicated,
// timeouts), entity and counter tallies, censored lengths and merging (two
// halves merged equal the whole, in either order).
#include <gtest/gtest.h>

#include "simulation/core/rng.h"
#include "simulation/stats/run_stats.h"

using namespace wb::sim;

namespace {

struct FakeGame {
  std::vector<double> returns;
  std::vector<int> agents, factions;
  EntityLog log;
  CounterLog counters;
  bool adjudicated = false;
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
    r.counters = &counters;
    r.adjudicated = adjudicated;
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
  g.adjudicated = uniformInt(rng, 5) == 0;
  g.counters.reset(3, 2);
  g.counters.add(uniformInt(rng, 3), uniformInt(rng, 2), static_cast<std::uint32_t>(uniformInt(rng, 4)));
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

// A tally with only the fields given (the others 0).
OutcomeTally tallyOf(std::uint64_t games, std::uint64_t wins, std::uint64_t draws, std::uint64_t losses,
                     std::uint64_t nobody = 0) {
  OutcomeTally t;
  t.games = games;
  t.wins = wins;
  t.draws = draws;
  t.losses = losses;
  t.nobody = nobody;
  return t;
}

TEST(RunStats, ClassifiesWinsDrawsAndNobodyWins) {
  RunStats s(3, 2, 0, 0);
  FakeGame g;
  g.agents = {0, 1, 1};
  g.returns = {0, 1, 0};
  s.add(g.record(0, 10));
  g.returns = {0.5, 0, 0.5};  // a draw between seats 0 and 2; seat 1 loses
  s.add(g.record(1, 12));
  g.returns = {0, 0, 0};      // nobody won (e.g. "the Zoneplex wins"): not a draw
  s.add(g.record(2, 14));
  EXPECT_EQ(s.finishedGames(), 3u);
  EXPECT_EQ(s.sideWinGames(), 1u);
  EXPECT_EQ(s.drawnGames(), 1u);
  EXPECT_EQ(s.nobodyWinsGames(), 1u);
  EXPECT_EQ(s.seats()[0], tallyOf(3, 0, 1, 1, 1));
  EXPECT_EQ(s.seats()[1], tallyOf(3, 1, 0, 1, 1));
  EXPECT_EQ(s.seats()[2], tallyOf(3, 0, 1, 1, 1));
  EXPECT_EQ(s.agents()[0], tallyOf(3, 0, 1, 1, 1));
  EXPECT_EQ(s.agents()[1], tallyOf(6, 1, 1, 2, 2));
  EXPECT_FALSE(s.hasTeams());
  EXPECT_EQ(s.sides(), s.seats());
  EXPECT_EQ(s.length().games, 3u);
  EXPECT_DOUBLE_EQ(s.length().mean(), 12.0);
  EXPECT_DOUBLE_EQ(s.length().sd(), 2.0);
  EXPECT_EQ(s.length().histogram[12], 1u);
  // First player: 1 game had a winner (seat 1), 2 did not.
  const FirstSideTest t = s.firstSideTest();
  EXPECT_EQ(t.sides, 3);
  EXPECT_DOUBLE_EQ(t.fair, 1.0 / 3.0);
  EXPECT_EQ(t.decided, 1u);
  EXPECT_EQ(t.wins, 0u);
  EXPECT_EQ(t.withoutWinner, 2u);
}

// 2v2 (seats 0+2 against 1+3): the team with return 1 wins for both seats;
// the first-side test is against 1/2 and counts only games with a winner.
TEST(RunStats, TeamWinsAreWinsForEverySeatAgentAndFactionOfTheTeam) {
  RunStats s(4, 2, 2, 0);
  FakeGame g;
  const std::vector<int> sides = {0, 1, 0, 1};
  g.agents = {0, 1, 0, 1};
  g.factions = {0, 1, 1, 0};
  auto add = [&](std::uint64_t i, std::vector<double> r) {
    g.returns = std::move(r);
    GameRecord rec = g.record(i, 20);
    rec.sideOfSeat = &sides;
    s.add(rec);
  };
  add(0, {1, 0, 1, 0});          // team 0 wins
  add(1, {0, 1, 0, 1});          // team 1 wins
  add(2, {1, 0, 1, 0});          // team 0 wins
  add(3, {0.5, 0.5, 0.5, 0.5});  // a draw between the teams
  EXPECT_TRUE(s.hasTeams());
  ASSERT_EQ(s.sides().size(), 2u);
  EXPECT_EQ(s.sideSeats(), (std::vector<std::uint32_t>{0b0101, 0b1010}));
  EXPECT_EQ(s.sides()[0], tallyOf(4, 2, 1, 1));
  EXPECT_EQ(s.sides()[1], tallyOf(4, 1, 1, 2));
  // Team win rates and the draws add up to every game.
  EXPECT_EQ(s.sides()[0].wins + s.sides()[1].wins + s.drawnGames(), s.games());
  EXPECT_EQ(s.seats()[2], tallyOf(4, 2, 1, 1));
  EXPECT_EQ(s.agents()[0], tallyOf(8, 4, 2, 2));
  EXPECT_EQ(s.agents()[1], tallyOf(8, 2, 2, 4));
  EXPECT_EQ(s.factions()[0], tallyOf(8, 3, 2, 3));
  EXPECT_EQ(s.drawnGames(), 1u);
  EXPECT_EQ(s.sideWinGames(), 3u);
  const FirstSideTest t = s.firstSideTest();
  EXPECT_TRUE(t.teams);
  EXPECT_EQ(t.sides, 2);
  EXPECT_DOUBLE_EQ(t.fair, 0.5);
  EXPECT_EQ(t.decided, 3u);
  EXPECT_EQ(t.wins, 2u);
  EXPECT_EQ(t.withoutWinner, 1u);
}

TEST(RunStats, AdjudicatedGamesKeepThePickedSideApartFromWins) {
  RunStats s(2, 1, 0, 1);
  FakeGame g;
  g.agents = {0, 0};
  g.returns = {1, 0};
  g.log.reset(2, 1);
  g.log.add(0, 0, EntityUse::Played);
  GameRecord rec = g.record(0, 300);
  rec.adjudicated = true;
  s.add(rec);
  EXPECT_EQ(s.adjudicatedGames(), 1u);
  EXPECT_EQ(s.sideWinGames(), 0u);
  EXPECT_EQ(s.seats()[0].wins, 0u);
  EXPECT_EQ(s.seats()[0].adjudicatedWins, 1u);
  EXPECT_EQ(s.seats()[1].adjudicatedLosses, 1u);
  EXPECT_EQ(s.firstSideTest().decided, 0u);
  EXPECT_EQ(s.firstSideTest().withoutWinner, 1u);
  EXPECT_EQ(s.entities()[0].usedWins, 0u);  // an adjudicated win is not a win by the rules
  EXPECT_EQ(s.length().censored, 0u);       // the engine ended it: not censored
}

TEST(RunStats, CountersAreSummedPerSeatAgentAndFaction) {
  RunStats s(2, 2, 2, 0, 2);
  FakeGame g;
  g.agents = {1, 0};
  g.factions = {0, 1};
  g.returns = {1, 0};
  CounterLog c;
  c.reset(2, 2);
  c.add(0, 1, 3);
  c.add(1, 1);
  GameRecord rec = g.record(0, 5);
  rec.counters = &c;
  s.add(rec);
  c.reset(2, 2);
  c.add(1, 0);
  rec = g.record(1, 5, /*timedOut=*/true);  // timeouts count too
  rec.counters = &c;
  s.add(rec);
  const CounterTally& t = s.counters();
  EXPECT_EQ(t.total, (std::vector<std::uint64_t>{1, 4}));
  EXPECT_EQ(t.gamesWith, (std::vector<std::uint64_t>{1, 1}));
  EXPECT_EQ(t.firstGame, (std::vector<std::uint64_t>{1, 0}));  // counter 0 only in game 1
  EXPECT_EQ(t.at(t.bySeat, 0, 1), 3u);
  EXPECT_EQ(t.at(t.bySeat, 1, 1), 1u);
  EXPECT_EQ(t.at(t.byAgent, 1, 1), 3u);
  EXPECT_EQ(t.at(t.byAgent, 0, 0), 1u);
  EXPECT_EQ(t.at(t.byFaction, 1, 0), 1u);
}

TEST(RunStats, TimeoutsAreApartFromDrawsAndCensoredInTheLength) {
  RunStats s(2, 1, 0, 0);
  FakeGame g;
  g.agents = {0, 0};
  g.returns = {1, 0};
  for (std::uint64_t i = 300; i-- > 0;) s.add(g.record(i, i % 2 == 0 ? 1000 : 100, /*timedOut=*/i % 2 == 0));
  EXPECT_EQ(s.timeouts(), 150u);
  EXPECT_EQ(s.finishedGames(), 150u);
  EXPECT_EQ(s.drawnGames(), 0u);
  EXPECT_EQ(s.games(), 300u);
  // Capped games stay in the length, counted at the cap and marked censored.
  EXPECT_EQ(s.length().games, 300u);
  EXPECT_EQ(s.length().censored, 150u);
  EXPECT_DOUBLE_EQ(s.length().mean(), 550.0);
  EXPECT_DOUBLE_EQ(s.length().meanUncensored(), 100.0);
  EXPECT_EQ(s.seats()[0].timeouts, 150u);
  EXPECT_EQ(s.firstSideTest().withoutWinner, 150u);
  ASSERT_EQ(s.timeoutRecords().size(), RunStats::kMaxTimeoutRecords);
  EXPECT_EQ(s.timeoutRecords().front().index, 0u);
  EXPECT_EQ(s.timeoutRecords().front().seed, deriveSeed(1, 0));
  EXPECT_EQ(s.timeoutRecords().back().index, 198u);
  EXPECT_EQ(s.seats()[0].games, 300u);
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
  RunStats whole(3, 2, 2, 2, 2), first(3, 2, 2, 2, 2), second(3, 2, 2, 2, 2);
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
