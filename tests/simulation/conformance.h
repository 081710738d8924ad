// The conformance suite every engine passes (DESIGN.md, "Game engine"),
// header-only so each engine's tests reuse it:
//
//   #include "tests/simulation/conformance.h"
//   WB_CONFORMANCE_TESTS(CardDiceConformance, makeMyGame(), wb::sim::GameSetup{2, {}});
//
// defines one TEST per property, where the second argument is an expression
// giving a std::unique_ptr<wb::sim::Game> (or any pointer-like to a Game) and
// the third a GameSetup. The check functions can also be called directly.
// Properties: random playouts on distinct seeds end within the cap; greedy
// playouts stop (at the end or the turn cap); no turn of either takes more
// actions than Game::defaultMaxActionsPerTurn() (a turn that never ends); legal
// actions are never empty before the end and empty at the end (where
// applyAction is refused); the current player is in range; returns are in
// [0, 1]; clone() plays on identically; the same seed gives the same game;
// determinize() keeps the current player and has legal actions, and
// determinizeInto() gives the same copy from the same numbers; an illegal
// action is refused and changes nothing; the length is the turns started
// (State::turnCount() is 1 in the first turn, never below 1 at a decision, never falls, and at the end is at
// least the count of the turn of the last action: the last, winning turn counts). checkSweptPlayoutsStop() repeats the
// random and greedy playouts over swept values of a ruleset (every card cost, say).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include <functional>

#include "model/core/ruleset.h"
#include "model/path/ruleset_path.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/core/game.h"
#include "simulation/core/rng.h"
#include "simulation/core/state.h"

namespace wb::sim::conformance {

struct Options {
  int playouts = 1000;
  int greedyPlayouts = 4;          // playouts with the greedy agent in every seat
  int maxTurns = 0;                // 0 = game.defaultMaxTurns()
  std::uint64_t seed = 20240601;
};

inline int capOf(const Game& game, const Options& o) { return o.maxTurns > 0 ? o.maxTurns : game.defaultMaxTurns(); }

// Plays random legal actions (chance and choices from separate streams) until
// the end or the cap; returns the final state. Checks the per-step invariants.
inline std::unique_ptr<State> randomPlayout(const Game& game, const GameSetup& setup, std::uint64_t seed, int cap,
                                            bool* ended = nullptr, int stopAfter = -1) {
  Rng chance(deriveSeed(seed, 0, 0));
  Rng choice(deriveSeed(seed, 0, 1));
  std::unique_ptr<State> s = game.newInitialState(setup, chance);
  std::vector<Action> legal;
  int steps = 0;
  const long long maxActions = game.maxActionsFor(cap);
  const int maxPerTurn = game.defaultMaxActionsPerTurn();
  int turn = s->turnCount(), inTurn = 0;
  while (!s->isTerminal() && s->turnCount() < cap && steps < maxActions && steps != stopAfter) {
    if (s->turnCount() != turn) {
      turn = s->turnCount();
      inTurn = 0;
    }
    if (++inTurn > maxPerTurn) {
      ADD_FAILURE() << "turn " << turn << " takes more than " << maxPerTurn << " actions, seed " << seed << "\n"
                    << s->toString();
      break;
    }
    s->legalActions(legal);
    EXPECT_FALSE(legal.empty()) << "no legal action before the end, seed " << seed << "\n" << s->toString();
    if (legal.empty()) break;
    const int p = s->currentPlayer();
    EXPECT_TRUE(p >= 0 && p < s->numPlayers()) << "current player " << p << " out of range, seed " << seed;
    const Action a = legal[static_cast<std::size_t>(uniformInt(choice, static_cast<int>(legal.size())))];
    EXPECT_TRUE(s->applyAction(a, chance)) << "legal action " << a << " refused, seed " << seed;
    ++steps;
  }
  if (ended) *ended = s->isTerminal();
  return s;
}

inline void checkReturnsInRange(const State& s, std::uint64_t seed) {
  const std::vector<double> r = s.returns();
  EXPECT_EQ(static_cast<int>(r.size()), s.numPlayers()) << "seed " << seed;
  // Summed once per side (State::sideOf): seats of one side share equal returns.
  double total = 0.0;
  std::vector<bool> counted(r.size(), false);
  for (std::size_t p = 0; p < r.size(); ++p) {
    EXPECT_GE(r[p], 0.0) << "seed " << seed;
    EXPECT_LE(r[p], 1.0) << "seed " << seed;
    const int side = s.sideOf(static_cast<int>(p));
    for (std::size_t q = 0; q < r.size(); ++q)
      if (s.sideOf(static_cast<int>(q)) == side) {
        EXPECT_EQ(r[q], r[p]) << "seats of one side differ, seed " << seed;
      }
    if (side >= 0 && static_cast<std::size_t>(side) < counted.size() && !counted[static_cast<std::size_t>(side)]) {
      counted[static_cast<std::size_t>(side)] = true;
      total += r[p];
    }
  }
  EXPECT_LE(total, 1.0 + 1e-9) << "returns summed over sides above 1, seed " << seed;
}

// Plays `agentSpec` (sim::makeAgent) in every seat until the end, the turn cap
// or a bound: the bound on one turn's actions (Game::defaultMaxActionsPerTurn)
// and on the game's (Game::maxActionsFor). Fails the test at a bound, with the
// seed and the position. Returns the final state.
inline std::unique_ptr<State> agentPlayout(const Game& game, const GameSetup& setup, const std::string& agentSpec,
                                           std::uint64_t seed, int cap) {
  std::string error;
  std::unique_ptr<Agent> agent = makeAgent(agentSpec, error);
  EXPECT_TRUE(agent != nullptr) << error;
  Rng chance(deriveSeed(seed, 0, 0));
  std::unique_ptr<State> s = game.newInitialState(setup, chance);
  if (!agent) return s;
  std::vector<Rng> seatRng;
  for (int p = 0; p < s->numPlayers(); ++p) seatRng.emplace_back(deriveSeed(seed, 0, 1 + static_cast<std::uint64_t>(p)));
  const long long maxActions = game.maxActionsFor(cap);
  const int maxPerTurn = game.defaultMaxActionsPerTurn();
  long long steps = 0;
  int turn = s->turnCount(), inTurn = 0;
  while (!s->isTerminal() && s->turnCount() < cap) {
    if (s->turnCount() != turn) {
      turn = s->turnCount();
      inTurn = 0;
    }
    if (++inTurn > maxPerTurn || ++steps > maxActions) {
      ADD_FAILURE() << agentSpec << " playout, seed " << seed << ": turn " << turn << " takes more than " << maxPerTurn
                    << " actions (or the game more than " << maxActions << ")\n" << s->toString();
      break;
    }
    const int p = s->currentPlayer();
    if (p < 0 || p >= s->numPlayers()) {
      ADD_FAILURE() << "current player " << p << " out of range, seed " << seed;
      break;
    }
    const Action a = agent->chooseAction(*s, seatRng[static_cast<std::size_t>(p)]);
    if (!s->applyAction(a, chance)) {
      ADD_FAILURE() << agentSpec << " chose an illegal action " << s->actionToString(a) << ", seed " << seed;
      break;
    }
  }
  return s;
}

// Greedy players in every seat: every playout stops, at the end or at the turn
// cap (sensible agents may stall a game; the cap makes that a timeout), and never
// at a bound on actions. Counts the playouts that ended.
inline int checkGreedyPlayoutsStop(const Game& game, const GameSetup& setup, const Options& o = {}) {
  const int cap = capOf(game, o);
  int ended = 0;
  for (int i = 0; i < o.greedyPlayouts; ++i) {
    const std::uint64_t seed = deriveSeed(o.seed, static_cast<std::uint64_t>(i), 23);
    std::unique_ptr<State> s = agentPlayout(game, setup, "greedy", seed, cap);
    if (s->isTerminal()) {
      ++ended;
      checkReturnsInRange(*s, seed);
    }
    if (::testing::Test::HasFailure()) break;
  }
  return ended;
}

// Sweeps: for every numeric value of `base` that `swept` selects (e.g. every
// card cost), at each value `valuesOf` gives, compiles the edited ruleset and
// checks that random and greedy playouts stop without a turn that never ends
// (random: `sweep.playouts` each, greedy: `sweep.greedyPlayouts` each, both
// under the turn cap `sweep.maxTurns`). Values the path refuses (out of its
// declared range) are skipped. Returns the number of rulesets played.
inline int checkSweptPlayoutsStop(const model::Ruleset& base, const GameSetup& setup,
                                  const std::function<std::unique_ptr<Game>(const model::Ruleset&)>& compile,
                                  const std::function<bool(const model::PathValue&)>& swept,
                                  const std::function<std::vector<std::string>(const model::PathValue&)>& valuesOf,
                                  const Options& sweep) {
  int played = 0;
  for (const model::PathValue& v : model::listPaths(base, true)) {
    if (!swept(v)) continue;
    for (const std::string& value : valuesOf(v)) {
      model::Ruleset edited = base;
      if (!model::setPath(edited, v.path, value)) continue;
      std::unique_ptr<Game> game = compile(edited);
      EXPECT_TRUE(game != nullptr) << v.path << " = " << value << " does not compile";
      if (!game) continue;
      ++played;
      const int cap = capOf(*game, sweep);
      for (int i = 0; i < sweep.playouts; ++i) {
        const std::uint64_t seed = deriveSeed(sweep.seed, static_cast<std::uint64_t>(played * 1000 + i), 29);
        randomPlayout(*game, setup, seed, cap);
      }
      for (int i = 0; i < sweep.greedyPlayouts; ++i) {
        const std::uint64_t seed = deriveSeed(sweep.seed, static_cast<std::uint64_t>(played * 1000 + i), 31);
        agentPlayout(*game, setup, "greedy", seed, cap);
      }
      if (::testing::Test::HasFailure()) {
        ADD_FAILURE() << "with " << v.path << " = " << value;
        return played;
      }
    }
  }
  return played;
}

inline void checkRandomPlayoutsEnd(const Game& game, const GameSetup& setup, const Options& o = {}) {
  const int cap = capOf(game, o);
  int capped = 0;
  std::vector<Action> legal;
  for (int i = 0; i < o.playouts; ++i) {
    const std::uint64_t seed = deriveSeed(o.seed, static_cast<std::uint64_t>(i), 7);
    bool ended = false;
    std::unique_ptr<State> s = randomPlayout(game, setup, seed, cap, &ended);
    if (!ended) {
      ++capped;
      ADD_FAILURE() << "random playout " << i << " (seed " << seed << ") did not end within " << cap << " turns";
      if (capped > 5) return;
      continue;
    }
    EXPECT_EQ(s->currentPlayer(), kTerminalPlayer) << "seed " << seed;
    s->legalActions(legal);
    EXPECT_TRUE(legal.empty()) << "legal actions at the end, seed " << seed;
    Rng rng(seed);
    const std::size_t historyBefore = s->history().size();
    EXPECT_FALSE(s->applyAction(0, rng)) << "applyAction accepted after the end, seed " << seed;
    EXPECT_EQ(s->history().size(), historyBefore);
    checkReturnsInRange(*s, seed);
    if (::testing::Test::HasFailure()) return;
  }
}

inline void checkClonePlaysOnIdentically(const Game& game, const GameSetup& setup, const Options& o = {}) {
  const int cap = capOf(game, o);
  for (int i = 0; i < 50; ++i) {
    const std::uint64_t seed = deriveSeed(o.seed, static_cast<std::uint64_t>(i), 11);
    std::unique_ptr<State> a = randomPlayout(game, setup, seed, cap, nullptr, 3 + i % 17);
    std::unique_ptr<State> b = a->clone();
    EXPECT_EQ(a->toString(), b->toString()) << "clone differs, seed " << seed;
    EXPECT_EQ(a->history(), b->history());
    Rng chanceA(seed + 1), chanceB(seed + 1), choiceA(seed + 2), choiceB(seed + 2);
    std::vector<Action> la, lb;
    std::vector<double> all;
    for (int step = 0; !a->isTerminal() && a->turnCount() < cap; ++step) {
      if (step % 5 == 0) {
        // heuristics() (search's one call per position) is heuristic(p) of every p.
        a->heuristics(all);
        ASSERT_EQ(all.size(), static_cast<std::size_t>(a->numPlayers()));
        for (int p = 0; p < a->numPlayers(); ++p)
          ASSERT_EQ(all[static_cast<std::size_t>(p)], a->heuristic(p)) << "heuristics() differs, seed " << seed;
      }
      a->legalActions(la);
      b->legalActions(lb);
      ASSERT_EQ(la, lb) << "clone has other legal actions, seed " << seed;
      ASSERT_FALSE(la.empty());
      const Action x = la[static_cast<std::size_t>(uniformInt(choiceA, static_cast<int>(la.size())))];
      const Action y = lb[static_cast<std::size_t>(uniformInt(choiceB, static_cast<int>(lb.size())))];
      ASSERT_TRUE(a->applyAction(x, chanceA));
      ASSERT_TRUE(b->applyAction(y, chanceB));
    }
    EXPECT_EQ(a->isTerminal(), b->isTerminal());
    EXPECT_EQ(a->toString(), b->toString()) << "clone played on differently, seed " << seed;
    EXPECT_EQ(a->history(), b->history());
    EXPECT_EQ(a->entityLog(), b->entityLog());
    if (a->isTerminal()) {
      EXPECT_EQ(a->returns(), b->returns());
    }
    if (::testing::Test::HasFailure()) return;
  }
}

inline void checkSameSeedSameGame(const Game& game, const GameSetup& setup, const Options& o = {}) {
  const int cap = capOf(game, o);
  for (int i = 0; i < 20; ++i) {
    const std::uint64_t seed = deriveSeed(o.seed, static_cast<std::uint64_t>(i), 13);
    std::unique_ptr<State> a = randomPlayout(game, setup, seed, cap);
    std::unique_ptr<State> b = randomPlayout(game, setup, seed, cap);
    EXPECT_EQ(a->history(), b->history()) << "seed " << seed;
    EXPECT_EQ(a->toString(), b->toString()) << "seed " << seed;
    EXPECT_EQ(a->turnCount(), b->turnCount());
    if (a->isTerminal() && b->isTerminal()) {
      EXPECT_EQ(a->returns(), b->returns());
    }
  }
}

inline void checkDeterminize(const Game& game, const GameSetup& setup, const Options& o = {}) {
  const int cap = capOf(game, o);
  std::vector<Action> legal;
  for (int i = 0; i < 50; ++i) {
    const std::uint64_t seed = deriveSeed(o.seed, static_cast<std::uint64_t>(i), 17);
    std::unique_ptr<State> s = randomPlayout(game, setup, seed, cap, nullptr, i % 23);
    if (s->isTerminal()) continue;
    const std::string before = s->toString();
    Rng rng(seed);
    for (int observer = 0; observer < s->numPlayers(); ++observer) {
      std::unique_ptr<State> d = s->determinize(observer, rng);
      ASSERT_TRUE(d != nullptr);
      EXPECT_EQ(d->currentPlayer(), s->currentPlayer()) << "seed " << seed;
      EXPECT_FALSE(d->isTerminal()) << "seed " << seed;
      EXPECT_EQ(d->numPlayers(), s->numPlayers());
      d->legalActions(legal);
      EXPECT_FALSE(legal.empty()) << "determinized state has no legal action, seed " << seed;
      EXPECT_EQ(d->history(), s->history());
    }
    // determinizeInto() gives what determinize() gives and draws the same numbers,
    // into an empty slot and into one holding another state of the game.
    std::unique_ptr<State> slot, other = randomPlayout(game, setup, seed + 1, cap, nullptr, i % 7);
    for (int observer = 0; observer < s->numPlayers(); ++observer) {
      Rng a(seed + 5 + static_cast<std::uint64_t>(observer)), b = a;
      std::unique_ptr<State> d = s->determinize(observer, a);
      if (observer % 2 == 1) slot = other->clone();
      s->determinizeInto(observer, b, slot);
      ASSERT_TRUE(slot != nullptr);
      EXPECT_EQ(slot->toString(), d->toString()) << "determinizeInto differs, observer " << observer << ", seed " << seed;
      EXPECT_TRUE(a == b) << "determinizeInto drew other numbers, seed " << seed;
      std::vector<Action> la, lb;
      d->legalActions(la);
      slot->legalActions(lb);
      EXPECT_EQ(la, lb) << "seed " << seed;
    }
    EXPECT_EQ(s->toString(), before) << "determinize changed the original, seed " << seed;
  }
}

inline void checkIllegalActionRefused(const Game& game, const GameSetup& setup, const Options& o = {}) {
  const int cap = capOf(game, o);
  std::vector<Action> legal;
  for (int i = 0; i < 30; ++i) {
    const std::uint64_t seed = deriveSeed(o.seed, static_cast<std::uint64_t>(i), 19);
    std::unique_ptr<State> s = randomPlayout(game, setup, seed, cap, nullptr, i % 29);
    if (s->isTerminal()) continue;
    s->legalActions(legal);
    const std::string before = s->toString();
    const std::size_t historyBefore = s->history().size();
    const Action candidates[] = {-1, std::numeric_limits<Action>::min(), std::numeric_limits<Action>::max(),
                                 legal.empty() ? 0 : *std::max_element(legal.begin(), legal.end()) + 1};
    Rng rng(seed);
    for (Action a : candidates) {
      if (std::find(legal.begin(), legal.end(), a) != legal.end()) continue;
      EXPECT_FALSE(s->isLegal(a)) << "action " << a << ", seed " << seed;
      EXPECT_FALSE(s->applyAction(a, rng)) << "illegal action " << a << " accepted, seed " << seed;
    }
    EXPECT_EQ(s->history().size(), historyBefore);
    EXPECT_EQ(s->toString(), before) << "an illegal action changed the state, seed " << seed;
  }
}

// DESIGN.md, "Length means turns started, the last (winning) turn included, in
// every engine": over random playouts, turnCount() is at least 1 when the first
// decision is taken, never falls, and the final count is at least the count of the turn
// in which the last action was taken (the last, winning turn counts; a turn that
// starts and ends with no decision, a wild surge on the first roll, counts too); the
// turns per seat, where the engine counts them, add up to that length.
// An engine counting completed turns fails at once: its first turn is turn 0.
inline void checkLengthIsTurnsStarted(const Game& game, const GameSetup& setup, const Options& o = {}) {
  const int cap = capOf(game, o);
  const int playouts = std::min(o.playouts, 200);
  std::vector<Action> legal;
  for (int i = 0; i < playouts; ++i) {
    const std::uint64_t seed = deriveSeed(o.seed, static_cast<std::uint64_t>(i), 11);
    Rng chance(deriveSeed(seed, 0, 0));
    Rng choice(deriveSeed(seed, 0, 1));
    std::unique_ptr<State> s = game.newInitialState(setup, chance);
    if (s->isTerminal()) continue;
    // The first turn is turn 1 (1 or more if turns ended at setup with no decision).
    ASSERT_GE(s->turnCount(), 1) << "the first turn is turn 1 (turns started), seed " << seed << "\n" << s->toString();
    int last = s->turnCount();
    const long long maxActions = game.maxActionsFor(cap);
    for (long long step = 0; !s->isTerminal() && s->turnCount() <= cap && step < maxActions; ++step) {
      const int now = s->turnCount();
      ASSERT_GE(now, last) << "the turn count fell, seed " << seed << "\n" << s->toString();
      last = now;
      s->legalActions(legal);
      if (legal.empty()) break;
      const Action a = legal[static_cast<std::size_t>(uniformInt(choice, static_cast<int>(legal.size())))];
      ASSERT_TRUE(s->applyAction(a, chance)) << "seed " << seed;
    }
    if (!s->isTerminal()) continue;  // capped: the random playout check reports it
    EXPECT_GE(s->turnCount(), last) << "the length must be the turns started, the last one included (the last "
                                    << "action was taken in turn " << last << "), seed " << seed << "\n" << s->toString();
    // An engine that counts the turns each seat starts (State::turnsOf) counts them all.
    if (s->turnsOf(0) >= 0) {
      int sum = 0;
      for (int p = 0; p < s->numPlayers(); ++p) sum += std::max(0, s->turnsOf(p));
      EXPECT_EQ(sum, s->turnCount()) << "the turns per seat must add up to the turns started, seed " << seed;
    }
    if (::testing::Test::HasFailure()) return;
  }
}

inline void checkAll(const Game& game, const GameSetup& setup, const Options& o = {}) {
  checkLengthIsTurnsStarted(game, setup, o);
  checkRandomPlayoutsEnd(game, setup, o);
  checkGreedyPlayoutsStop(game, setup, o);
  checkClonePlaysOnIdentically(game, setup, o);
  checkSameSeedSameGame(game, setup, o);
  checkDeterminize(game, setup, o);
  checkIllegalActionRefused(game, setup, o);
}

}  // namespace wb::sim::conformance

// One TEST per property. `makeGame`: an expression yielding a pointer-like to
// a wb::sim::Game (evaluated in each test); `setup`: a wb::sim::GameSetup.
#define WB_CONFORMANCE_TESTS(Suite, makeGame, setup)                                          \
  TEST(Suite, RandomPlayoutsEndWithinTheCap) {                                                \
    auto game_ = (makeGame);                                                                  \
    ASSERT_TRUE(game_ != nullptr);                                                            \
    ::wb::sim::conformance::checkRandomPlayoutsEnd(*game_, (setup));                          \
  }                                                                                           \
  TEST(Suite, GreedyPlayoutsStop) {                                                           \
    auto game_ = (makeGame);                                                                  \
    ASSERT_TRUE(game_ != nullptr);                                                            \
    ::wb::sim::conformance::checkGreedyPlayoutsStop(*game_, (setup));                         \
  }                                                                                           \
  TEST(Suite, ClonePlaysOnIdentically) {                                                      \
    auto game_ = (makeGame);                                                                  \
    ASSERT_TRUE(game_ != nullptr);                                                            \
    ::wb::sim::conformance::checkClonePlaysOnIdentically(*game_, (setup));                    \
  }                                                                                           \
  TEST(Suite, SameSeedGivesTheSameGame) {                                                     \
    auto game_ = (makeGame);                                                                  \
    ASSERT_TRUE(game_ != nullptr);                                                            \
    ::wb::sim::conformance::checkSameSeedSameGame(*game_, (setup));                           \
  }                                                                                           \
  TEST(Suite, DeterminizeKeepsPlayerAndActions) {                                             \
    auto game_ = (makeGame);                                                                  \
    ASSERT_TRUE(game_ != nullptr);                                                            \
    ::wb::sim::conformance::checkDeterminize(*game_, (setup));                                \
  }                                                                                           \
  TEST(Suite, IllegalActionIsRefused) {                                                       \
    auto game_ = (makeGame);                                                                  \
    ASSERT_TRUE(game_ != nullptr);                                                            \
    ::wb::sim::conformance::checkIllegalActionRefused(*game_, (setup));                       \
  }                                                                                           \
  TEST(Suite, LengthIsTurnsStarted) {                                                         \
    auto game_ = (makeGame);                                                                  \
    ASSERT_TRUE(game_ != nullptr);                                                            \
    ::wb::sim::conformance::checkLengthIsTurnsStarted(*game_, (setup));                       \
  }                                                                                           \
  static_assert(true, "")
