// MonteCarloRunner: thread-count independence, seat and faction rotation,
// cancellation, the turn cap, the bounds on actions per turn and per game,
// sequential stopping and configuration errors.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <map>
#include <tuple>

#include "simulation/results/run_result_json.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/simulation/toy/dice_race_game.h"
#include "tests/simulation/toy/nim_game.h"
#include "tests/simulation/toy/team_nim_game.h"

using namespace wb::sim;

namespace {
RunConfig config(std::vector<std::string> agents, std::uint64_t games, int threads, std::uint64_t seed = 7) {
  RunConfig c;
  c.agents = std::move(agents);
  c.games = games;
  c.threads = threads;
  c.seed = seed;
  c.players = 2;
  return c;
}
// The JSON document without its timing fields.
std::string withoutTimings(std::string json) {
  for (const char* key : {"\"elapsed_s\"", "\"games_per_s\""}) {
    auto at = json.find(key);
    if (at == std::string::npos) continue;
    auto end = json.find_first_of(",\n}", at);
    json.erase(at, end - at);
  }
  return json;
}
}  // namespace

TEST(Runner, ResultsDoNotDependOnTheThreadCount) {
  toy::DiceRaceGame game(30, /*factions=*/true);
  MonteCarloRunner one(game, config({"greedy", "random"}, 600, 1));
  MonteCarloRunner two(game, config({"greedy", "random"}, 600, 2));
  MonteCarloRunner five(game, config({"greedy", "random"}, 600, 5));
  RunResult a = one.run(), b = two.run(), c = five.run();
  ASSERT_TRUE(a.ok()) << a.error;
  EXPECT_EQ(a.stats.games(), 600u);
  EXPECT_EQ(a.stats, b.stats);
  EXPECT_EQ(a.stats, c.stats);
  EXPECT_EQ(withoutTimings(runResultToJson(a)), withoutTimings(runResultToJson(b)));
  EXPECT_EQ(withoutTimings(runResultToJson(a)), withoutTimings(runResultToJson(c)));
}

TEST(Runner, DifferentSeedsGiveDifferentRuns) {
  toy::DiceRaceGame game(30);
  RunResult a = MonteCarloRunner(game, config({"random"}, 300, 2, 1)).run();
  RunResult b = MonteCarloRunner(game, config({"random"}, 300, 2, 2)).run();
  EXPECT_NE(a.stats, b.stats);
}

TEST(Runner, RotatesSeatsSoEveryAgentPlaysEverySeatEqually) {
  EXPECT_EQ(MonteCarloRunner::agentSlotOfSeat(0, 0, 2), 0);
  EXPECT_EQ(MonteCarloRunner::agentSlotOfSeat(1, 0, 2), 1);
  EXPECT_EQ(MonteCarloRunner::agentSlotOfSeat(1, 1, 2), 0);
  EXPECT_EQ(MonteCarloRunner::agentSlotOfSeat(4, 2, 3), 0);
  // Nim 21 is a win for the first player with perfect play: with rotation,
  // greedy vs greedy splits the games evenly by seat, and greedy (perfect)
  // wins every game it starts against random and the games random spoils.
  toy::NimGame nim(21);
  RunResult r = MonteCarloRunner(nim, config({"greedy", "random"}, 200, 2)).run();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.stats.agents()[0].games, 200u);
  EXPECT_EQ(r.stats.agents()[1].games, 200u);
  EXPECT_EQ(r.stats.seats()[0].games, 200u);
  EXPECT_EQ(r.agents, (std::vector<std::string>{"greedy", "random"}));
  // Both seats see greedy equally often: seat 0 wins exactly the 100 games greedy starts, plus random's lucky ones.
  EXPECT_GE(r.stats.seats()[0].wins, 100u);
  // Factions: seat s gets faction (s + i / players) % F.
  EXPECT_EQ(MonteCarloRunner::factionOfSeat(0, 0, 2, 2), 0);
  EXPECT_EQ(MonteCarloRunner::factionOfSeat(1, 0, 2, 2), 0);
  EXPECT_EQ(MonteCarloRunner::factionOfSeat(2, 0, 2, 2), 1);
  EXPECT_EQ(MonteCarloRunner::factionOfSeat(2, 1, 2, 2), 0);
  toy::DiceRaceGame race(30, true);
  RunResult f = MonteCarloRunner(race, config({"random"}, 400, 2)).run();
  ASSERT_EQ(f.stats.factions().size(), 2u);
  EXPECT_EQ(f.stats.factions()[0].games, 400u);
  EXPECT_EQ(f.stats.factions()[1].games, 400u);
  // "swift" moves one further every turn: it should win clearly more.
  EXPECT_GT(f.stats.factions()[0].winRate(), f.stats.factions()[1].winRate());
}

TEST(Runner, OneAgentPlaysEverySeat) {
  toy::NimGame nim(21);
  RunConfig c = config({"random"}, 100, 1);
  c.players = 3;
  RunResult r = MonteCarloRunner(nim, c).run();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.stats.agents().size(), 1u);
  EXPECT_EQ(r.stats.agents()[0].games, 300u);
  EXPECT_EQ(r.stats.seats().size(), 3u);
}

TEST(Runner, CappedGamesAreTimeoutsWithTheirSeeds) {
  // Nim with passing: random players (1.5 stones a turn) often pass a 25-turn cap.
  toy::NimGame nim(40, /*allowPass=*/true, /*maxTurns=*/25);
  RunResult r = MonteCarloRunner(nim, config({"random"}, 300, 2)).run();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.config.maxTurns, 25);
  EXPECT_GT(r.stats.timeouts(), 0u);
  EXPECT_EQ(r.stats.timeouts() + r.stats.finishedGames(), 300u);
  // Capped games are still games of every seat, counted as timeouts (not wins,
  // draws or losses), and stay in the length censored at the cap.
  EXPECT_EQ(r.stats.seats()[0].games, 300u);
  EXPECT_EQ(r.stats.seats()[0].timeouts, r.stats.timeouts());
  EXPECT_EQ(r.stats.length().games, 300u);
  EXPECT_EQ(r.stats.length().censored, r.stats.timeouts());
  ASSERT_FALSE(r.stats.timeoutRecords().empty());
  const TimeoutRecord& t = r.stats.timeoutRecords().front();
  EXPECT_EQ(t.seed, deriveSeed(7, t.index, 0));
  // Replaying a capped game reproduces the timeout.
  MonteCarloRunner replayer(nim, config({"random"}, 300, 1));
  bool timedOut = false;
  auto state = replayer.replay(t.index, &timedOut);
  ASSERT_TRUE(state);
  EXPECT_TRUE(timedOut);
  EXPECT_EQ(state->turnCount(), 26);  // turns started: 25 played, the 26th stopped at its start
  // A larger --max-turns lets more games finish.
  RunConfig longer = config({"random"}, 300, 2);
  longer.maxTurns = 300;
  RunResult l = MonteCarloRunner(nim, longer).run();
  EXPECT_LT(l.stats.timeouts(), r.stats.timeouts());
}

namespace {
// A turn that never ends: "stay" (1) keeps the turn and earns a point, which the
// greedy agent always prefers; "end" (0) passes the turn. Ten turns end the game.
class StayState : public State {
 public:
  int numPlayers() const override { return 2; }
  int currentPlayer() const override { return isTerminal() ? kTerminalPlayer : m_turns % 2; }
  void legalActions(std::vector<Action>& out) const override {
    out.clear();
    if (!isTerminal()) out = {0, 1};
  }
  bool isTerminal() const override { return m_turns >= 10; }
  std::vector<double> returns() const override { return {0.5, 0.5}; }
  int turnCount() const override { return m_turns + (isTerminal() ? 0 : 1); }  // turns started
  std::unique_ptr<State> clone() const override { return std::make_unique<StayState>(*this); }
  double heuristic(int player) const override { return player == m_turns % 2 ? m_points : 0.0; }
  std::string actionToString(Action a) const override { return a ? "stay" : "end"; }
  std::string toString() const override { return "turn " + std::to_string(m_turns); }

 protected:
  void doApplyAction(Action a, Rng& /*rng*/) override {
    if (a) ++m_points;
    else ++m_turns;
  }

 private:
  int m_turns = 0;
  double m_points = 0;
};
class StayGame : public Game {
 public:
  std::string engine() const override { return "toy_stay"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<State> newInitialState(const GameSetup&, Rng&) const override { return std::make_unique<StayState>(); }
  int defaultMaxActionsPerTurn() const override { return 50; }

 private:
  std::vector<std::string> m_ids;
};
}  // namespace

TEST(Runner, ATurnThatNeverEndsIsATimeoutAtTheBound) {
  StayGame game;
  RunResult r = MonteCarloRunner(game, config({"greedy"}, 20, 2)).run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.config.maxActionsPerTurn, 50);
  EXPECT_EQ(r.stats.timeouts(), 20u);
  ASSERT_EQ(r.stats.timeoutRecords().size(), 20u);
  // The replay names the bound and the turn, and shows every move by name.
  MonteCarloRunner replayer(game, config({"greedy"}, 20, 1));
  bool timedOut = false;
  std::string stop;
  int moves = 0;
  std::string first;
  auto state = replayer.replay(r.stats.timeoutRecords()[3].index, &timedOut,
                               [&](const State& before, Action a) {
                                 if (moves++ == 0) first = before.actionToString(a);
                               },
                               &stop);
  ASSERT_TRUE(state);
  EXPECT_TRUE(timedOut);
  EXPECT_EQ(state->turnCount(), 1);  // the first turn (turns started)
  EXPECT_EQ(moves, 50);
  EXPECT_EQ(first, "stay");
  EXPECT_EQ(stop, "the bound of 50 actions in one turn (turn 1)");
  // A run-wide bound on a game's actions stops it too; random players end turns.
  RunConfig perGame = config({"random"}, 20, 2);
  perGame.maxActions = 3;
  RunResult g = MonteCarloRunner(game, perGame).run();
  EXPECT_EQ(g.stats.timeouts(), 20u);
  EXPECT_EQ(MonteCarloRunner(game, config({"random"}, 200, 2)).run().stats.timeouts(), 0u);
}

TEST(Runner, CancelStopsQuickly) {
  toy::DiceRaceGame game(30);
  RunConfig c = config({"mcts:iters=200"}, 100000, 2);
  MonteCarloRunner runner(game, c);
  int calls = 0;
  runner.setProgressCallback([&](const RunProgress& p) {
    ++calls;
    EXPECT_EQ(p.gamesTotal, 100000u);
    if (p.gamesDone >= 2) runner.cancel();
  }, 0.01);
  const auto start = std::chrono::steady_clock::now();
  RunResult r = runner.run();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_TRUE(r.cancelled);
  EXPECT_LT(r.stats.games(), 1000u);
  EXPECT_GE(calls, 1);
  EXPECT_LT(seconds, 10.0);
}

TEST(Runner, ProgressReportsTheFinalCount) {
  toy::NimGame nim(21);
  MonteCarloRunner runner(nim, config({"random"}, 500, 2));
  RunProgress last;
  runner.setProgressCallback([&](const RunProgress& p) { last = p; });
  RunResult r = runner.run();
  EXPECT_EQ(last.gamesDone, 500u);
  EXPECT_EQ(last.gamesTotal, 500u);
  EXPECT_FALSE(r.cancelled);
}

TEST(Runner, UntilCiStopsAtAFixedBatchBoundary) {
  toy::DiceRaceGame game(30);
  RunConfig c = config({"random"}, 50000, 2);
  c.untilCi = 0.03;
  c.batchGames = 250;
  RunResult a = MonteCarloRunner(game, c).run();
  ASSERT_TRUE(a.ok());
  EXPECT_TRUE(a.targetReached);
  EXPECT_LE(a.maxHeadlineHalfWidth(), 0.03);
  EXPECT_EQ(a.stats.games() % 250, 0u);
  EXPECT_LT(a.stats.games(), 50000u);
  // Stopping one batch earlier would not have been enough (0.98/sqrt(n) rule).
  EXPECT_GE(a.stats.games(), 1000u);
  c.threads = 1;
  RunResult b = MonteCarloRunner(game, c).run();
  EXPECT_EQ(a.stats, b.stats);
  // A limit that is too small stops there, target not reached.
  c.games = 300;
  RunResult small = MonteCarloRunner(game, c).run();
  EXPECT_FALSE(small.targetReached);
  EXPECT_EQ(small.stats.games(), 300u);
}

TEST(Runner, BadConfigurationsAreErrorsNotCrashes) {
  toy::NimGame nim(21);
  std::string error;
  EXPECT_FALSE(MonteCarloRunner(nim, config({"greedy", "random", "mcts"}, 10, 1)).validate(error));
  EXPECT_EQ(error, "3 agents given for 2 players (give one agent for every seat, or one per seat)");
  EXPECT_FALSE(MonteCarloRunner(nim, config({"wizard"}, 10, 1)).validate(error));
  EXPECT_NE(error.find("unknown agent 'wizard'"), std::string::npos);
  EXPECT_FALSE(MonteCarloRunner(nim, config({"random"}, 0, 1)).validate(error));
  RunResult r = MonteCarloRunner(nim, config({"wizard"}, 10, 1)).run();
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.stats.games(), 0u);
}

TEST(RunResultJson, HasTheDocumentedFields) {
  toy::DiceRaceGame game(30, true);
  RunResult r = MonteCarloRunner(game, config({"greedy", "random"}, 200, 2)).run();
  r.ruleset = "toy-race";
  const std::string json = runResultToJson(r);
  for (const char* key : {"\"ruleset\": \"toy-race\"", "\"engine\": \"toy_dice_race\"", "\"games\": 200",
                          "\"seed\": 7", "\"agents\": [", "\"seats\": [", "\"by_agent\": [", "\"by_faction\": [",
                          "\"faction\": \"swift\"", "\"draws\": ", "\"timeouts\": {", "\"turns\": {",
                          "\"histogram\": [", "\"entities\": {", "\"card5\": {", "\"win_rate_delta\"",
                          "\"first_side\": {", "\"without_winner\"", "\"sides\": [", "\"nobody_wins\"",
                          "\"adjudicated\": {", "\"censored\"", "\"association\": {", "\"counters\": {",
                          "\"schedule\": {", "\"p_value\"", "\"ci95\": [", "\"elapsed_s\"", "\"games_per_s\""}) {
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json.substr(0, 2000);
  }
  // Compact output is one line.
  const std::string compact = runResultToJson(r, false);
  EXPECT_EQ(compact.find('\n'), compact.size() - 1);
}

TEST(Runner, LiveResultsAreCumulativeAndDoNotChangeTheOutcome) {
  toy::DiceRaceGame game(30, /*factions=*/true);
  MonteCarloRunner plain(game, config({"greedy", "random"}, 500, 2));
  RunConfig batched = config({"greedy", "random"}, 500, 2);
  batched.batchGames = 60;
  MonteCarloRunner live(game, batched);
  std::vector<std::uint64_t> seen;
  live.setResultCallback([&](const RunResult& partial) { seen.push_back(partial.stats.games() + partial.stats.timeouts()); });
  const RunResult a = plain.run();
  const RunResult b = live.run();
  // 500 games in batches of 60: 9 updates, each a prefix of the run.
  ASSERT_EQ(seen.size(), 9u);
  for (std::size_t k = 0; k + 1 < seen.size(); ++k) EXPECT_EQ(seen[k], 60u * (k + 1));
  EXPECT_EQ(seen.back(), 500u);
  EXPECT_EQ(withoutTimings(runResultToJson(a)), withoutTimings(runResultToJson(b)));
}

// Teams (sideOf): whole teams rotate, so --agents A,B,A,B keeps A+A against
// B+B in every game, on both sides equally often; team wins are wins.
TEST(Runner, TeamsRotateTogetherAndTeamWinsAreWins) {
  const std::vector<int> sides = {0, 1, 0, 1};
  for (std::uint64_t i = 0; i < 8; ++i) {
    const int s0 = MonteCarloRunner::agentSlotOfSeat(i, 0, sides), s2 = MonteCarloRunner::agentSlotOfSeat(i, 2, sides);
    EXPECT_EQ(s0 % 2, s2 % 2) << "game " << i;  // the slots of one team stay together
    EXPECT_NE(s0, s2);
  }
  // Without teams it is the plain seat rotation.
  for (std::uint64_t i = 0; i < 6; ++i)
    for (int s = 0; s < 3; ++s)
      EXPECT_EQ(MonteCarloRunner::agentSlotOfSeat(i, s, std::vector<int>{0, 1, 2}), MonteCarloRunner::agentSlotOfSeat(i, s, 3));
  toy::TeamNimGame nim(21);
  RunConfig c = config({"greedy", "random", "greedy", "random"}, 200, 2);
  c.players = 4;
  RunResult r = MonteCarloRunner(nim, c).run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.stats.hasTeams());
  ASSERT_EQ(r.stats.sides().size(), 2u);
  EXPECT_EQ(r.stats.drawnGames(), 0u);
  // Every game has a winning team: team wins sum to all games.
  EXPECT_EQ(r.stats.sides()[0].wins + r.stats.sides()[1].wins, 200u);
  // Each agent's wins are its team's wins, twice (two seats).
  EXPECT_EQ(r.stats.agents()[0].wins + r.stats.agents()[1].wins, 400u);
  const FirstSideTest t = r.stats.firstSideTest();
  EXPECT_EQ(t.sides, 2);
  EXPECT_DOUBLE_EQ(t.fair, 0.5);
  EXPECT_EQ(t.decided, 200u);
  // Counters are summed: greedy plays perfectly, takes of 3 happen.
  ASSERT_EQ(r.counters, (std::vector<std::string>{"took_three"}));
  EXPECT_GT(r.stats.counters().total[0], 0u);
  // A draw between the teams is a draw, not two wins.
  toy::TeamNimGame drawn(10, /*drawAt=*/9);
  RunResult d = MonteCarloRunner(drawn, c).run();
  EXPECT_EQ(d.stats.drawnGames(), 200u);
  EXPECT_EQ(d.stats.sides()[0].draws, 200u);
  EXPECT_EQ(d.stats.firstSideTest().decided, 0u);
}

// Factions: a balanced round robin, every ordered pair of different factions
// in every ordered pair of seats equally often per cycle.
TEST(Runner, FactionsMeetInABalancedRoundRobin) {
  for (auto [players, factions] : {std::pair{2, 17}, std::pair{2, 6}, std::pair{4, 17}, std::pair{3, 6}, std::pair{4, 3}}) {
    FactionSchedule sched(players, factions);
    ASSERT_GT(sched.cycle(), 0u);
    std::map<std::tuple<int, int, int, int>, int> pairs;
    std::map<std::pair<int, int>, int> seatFaction;
    for (std::uint64_t e = 0; e < sched.cycle(); ++e)
      for (int s = 0; s < players; ++s) {
        ++seatFaction[{s, sched.factionOf(e, s)}];
        for (int t = 0; t < players; ++t)
          if (s != t) ++pairs[{s, t, sched.factionOf(e, s), sched.factionOf(e, t)}];
      }
    // Every faction in every seat equally often.
    for (const auto& [key, n] : seatFaction) EXPECT_EQ(n, static_cast<int>(sched.cycle() / static_cast<std::uint64_t>(factions)));
    if (sched.pairwiseBalanced()) {
      EXPECT_EQ(pairs.size(), static_cast<std::size_t>(players * (players - 1) * factions * (factions - 1)));
      for (const auto& [key, n] : pairs) EXPECT_EQ(n, pairs.begin()->second) << players << "p " << factions << "f";
    }
  }
  EXPECT_TRUE(FactionSchedule(2, 17).pairwiseBalanced());
  EXPECT_EQ(FactionSchedule(2, 17).cycle(), 272u);
  EXPECT_TRUE(FactionSchedule(3, 6).pairwiseBalanced());
  EXPECT_FALSE(FactionSchedule(4, 3).pairwiseBalanced());
  // The runner: with two agents the pairing changes every `players` games.
  toy::DiceRaceGame race(30, true);
  RunConfig c = config({"greedy", "random"}, 8, 1);
  MonteCarloRunner runner(race, c);
  EXPECT_EQ(runner.gamesPerScheduleEntry(), 2u);
  RunResult r = runner.run();
  EXPECT_EQ(r.scheduleCycleGames, 4u);
  EXPECT_NE(r.schedule.find("balanced round robin of 2 factions"), std::string::npos) << r.schedule;
}
