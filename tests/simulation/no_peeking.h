// The no-peeking check every engine with hidden information passes
// (DESIGN.md "Agents see only ... what their player knows"): an agent's decision
// must not change when only information hidden from the player to act changes.
// Header-only, like conformance.h, so each engine's tests reuse it:
//
//   #include "tests/simulation/no_peeking.h"
//   WB_NO_PEEKING_TESTS(CardDiceNoPeeking, makeGame(), wb::sim::GameSetup{2}, &changeHidden, &dumpAll);
//
// where changeHidden(State& s, int observer, Rng& rng) changes, in place, some
// of what `observer` cannot see (by the rulebook: the opponent's hand, a deck's
// order...) without touching anything they can see, and returns true if it
// changed something. Write it with the engine's test API, not with
// determinize(): it is the independent statement of what is hidden. dumpAll
// (may be nullptr) returns a text of the whole state, hidden parts included
// (toString() plus what it leaves out, e.g. deck orders), so that check 1 also
// sees hidden values that the game would reveal only much later.
//
// For positions along seeded playouts (random and greedy moves), with p the
// player to act and V a variant of the position S (the engine's hidden change,
// and S.determinize(p) with another rng), it checks:
//  1. determinize(p) is canonical: S.determinize(p, r) and V.determinize(p, r)
//     play on identically (same legal actions, text, heuristics and returns)
//     under the same moves and chance for a stretch of actions; so a hidden
//     value that determinize() forgot to re-sample, or re-deals from its real
//     order, shows up as a difference;
//  2. every agent of Options::agents (random, greedy, planner and a small mcts
//     by default) chooses the same action on S and on V with the same rng.
// It also requires the engine's change to have changed something somewhere, so
// the test cannot pass vacuously.
#pragma once

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "simulation/agents/agent_factory.h"
#include "simulation/core/game.h"
#include "simulation/core/rng.h"
#include "simulation/core/state.h"

namespace wb::sim::no_peeking {

// Changes in place some of what `observer` cannot see; true if it changed anything.
using HiddenChange = std::function<bool(State& state, int observer, Rng& rng)>;
// The whole state as text, hidden parts included.
using FullDump = std::function<std::string(const State& state)>;

struct Options {
  int games = 6;               // seeded playouts
  int positionsPerGame = 8;    // positions checked per playout
  int stride = 7;              // actions between checked positions
  int followActions = 40;      // length of the identical continuation (check 1)
  std::uint64_t seed = 20240613;
  std::vector<std::string> agents = {"random", "greedy", "mcts:iters=60"};
  FullDump dump;               // optional
};

namespace detail {

inline std::string describe(const State& s) { return s.toString(); }

// Same moves, same chance: the two determinizations must stay identical.
inline void expectSameFuture(const State& a0, const State& b0, int actions, std::uint64_t seed,
                             const std::string& where, const FullDump& dump) {
  if (dump) {
    ASSERT_EQ(dump(a0), dump(b0)) << where << ": determinize() depends on hidden information";
  }
  std::unique_ptr<State> a = a0.clone(), b = b0.clone();
  Rng chanceA(seed), chanceB(seed), choice(seed + 1);
  std::vector<Action> la, lb;
  for (int step = 0; step <= actions; ++step) {
    ASSERT_EQ(a->isTerminal(), b->isTerminal()) << where << ", step " << step;
    ASSERT_EQ(a->toString(), b->toString()) << where << ", step " << step
                                            << ": determinize() depends on hidden information";
    for (int p = 0; p < a->numPlayers(); ++p) {
      const double ha = a->heuristic(p), hb = b->heuristic(p);
      if (!(std::isnan(ha) && std::isnan(hb))) {
        ASSERT_EQ(ha, hb) << where << ", step " << step << ", heuristic of player " << p
                          << ": determinize() depends on hidden information";
      }
    }
    if (a->isTerminal()) {
      EXPECT_EQ(a->returns(), b->returns()) << where;
      return;
    }
    a->legalActions(la);
    b->legalActions(lb);
    ASSERT_EQ(la, lb) << where << ", step " << step << ": determinize() depends on hidden information";
    if (step == actions) return;
    const Action x = la[static_cast<std::size_t>(uniformInt(choice, static_cast<int>(la.size())))];
    ASSERT_TRUE(a->applyAction(x, chanceA));
    ASSERT_TRUE(b->applyAction(x, chanceB));
  }
}

// Check 1 and 2 for one position and one variant.
inline void checkVariant(const State& s, const State& v, const Options& o, std::uint64_t seed,
                         const std::string& where) {
  const int p = s.currentPlayer();
  ASSERT_EQ(v.currentPlayer(), p) << where << ": the hidden change changed the player to act";
  {
    Rng r1(seed), r2(seed);
    std::unique_ptr<State> ds = s.determinize(p, r1);
    std::unique_ptr<State> dv = v.determinize(p, r2);
    expectSameFuture(*ds, *dv, o.followActions, seed + 3, where, o.dump);
    if (::testing::Test::HasFatalFailure()) return;
  }
  for (const std::string& spec : o.agents) {
    std::string error;
    std::unique_ptr<Agent> a = makeAgent(spec, error), b = makeAgent(spec, error);
    ASSERT_TRUE(a && b) << spec << ": " << error;
    Rng r1(seed + 5), r2(seed + 5);
    const Action x = a->chooseAction(s, r1);
    const Action y = b->chooseAction(v, r2);
    EXPECT_EQ(x, y) << where << ": agent " << spec << " chose " << s.actionToString(x) << " but "
                    << v.actionToString(y) << " when only hidden information changed";
  }
}

}  // namespace detail

inline void checkNoPeeking(const Game& game, const GameSetup& setup, const HiddenChange& change,
                           const Options& o = {}) {
  ASSERT_GT(o.stride, 0);
  int changed = 0, checked = 0;
  std::vector<Action> legal;
  std::string error;
  std::unique_ptr<Agent> greedy = makeAgent("greedy", error);
  ASSERT_TRUE(greedy) << error;
  for (int g = 0; g < o.games; ++g) {
    Rng chance(deriveSeed(o.seed, static_cast<std::uint64_t>(g), 0));
    Rng choice(deriveSeed(o.seed, static_cast<std::uint64_t>(g), 1));
    std::unique_ptr<State> s = game.newInitialState(setup, chance);
    int positions = 0;
    for (int step = 0; !s->isTerminal() && positions < o.positionsPerGame && step < 5000; ++step) {
      s->legalActions(legal);
      ASSERT_FALSE(legal.empty());
      if (step % o.stride == o.stride - 1 && legal.size() > 1) {
        ++positions;
        const int p = s->currentPlayer();
        const std::uint64_t seed = deriveSeed(o.seed, static_cast<std::uint64_t>(g), 100 + static_cast<std::uint64_t>(step));
        const std::string where = "game " + std::to_string(g) + ", action " + std::to_string(step) + ", player " +
                                  std::to_string(p) + "\n" + detail::describe(*s);
        // The engine's own change of hidden information.
        std::unique_ptr<State> v = s->clone();
        Rng rc(seed + 7);
        if (change && change(*v, p, rc)) {
          ++changed;
          detail::checkVariant(*s, *v, o, seed, where + "\n(engine's hidden change)");
          if (::testing::Test::HasFatalFailure()) return;
        }
        // Another determinization for the same player is another such state.
        Rng rd(seed + 9);
        std::unique_ptr<State> w = s->determinize(p, rd);
        detail::checkVariant(*s, *w, o, seed, where + "\n(determinize)");
        if (::testing::Test::HasFatalFailure()) return;
        ++checked;
      }
      // Alternate random and greedy moves, so positions come from sensible play too.
      Action a = legal[static_cast<std::size_t>(uniformInt(choice, static_cast<int>(legal.size())))];
      if (g % 2 == 1) a = greedy->chooseAction(*s, choice);
      ASSERT_TRUE(s->applyAction(a, chance));
    }
  }
  EXPECT_GT(checked, 0) << "no position was checked";
  if (change) {
    EXPECT_GT(changed, 0) << "the engine's hidden change never changed anything: the test would be vacuous";
  }
}

}  // namespace wb::sim::no_peeking

// One TEST: the decisions of every agent ignore what the player to act cannot see.
#define WB_NO_PEEKING_TESTS(Suite, makeGame, setup, change, fullDump)        \
  TEST(Suite, DecisionsIgnoreHiddenInformation) {                           \
    auto game_ = (makeGame);                                                \
    ASSERT_TRUE(game_ != nullptr);                                          \
    ::wb::sim::no_peeking::Options options_;                                \
    options_.dump = (fullDump);                                             \
    ::wb::sim::no_peeking::checkNoPeeking(*game_, (setup), (change), options_); \
  }                                                                         \
  static_assert(true, "")
