// The no-peeking check (no_peeking.h) on the toy dice race: it passes with the
// toy's canonical determinize(), and it fails, as it must, for a variant whose
// determinize() is a plain copy (every agent would then see the other hands
// and the deck orders) and for one that re-deals from the real order.
#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "simulation/core/agent.h"
#include "tests/simulation/no_peeking.h"
#include "tests/simulation/toy/dice_race_game.h"

using namespace wb::sim;

namespace {

// Swaps a card of another player's hand with a different card of their deck,
// and reverses the observer's own deck: all of it hidden from the observer.
bool changeHidden(State& state, int observer, Rng& rng) {
  auto& s = dynamic_cast<toy::DiceRaceState&>(state);
  bool changed = false;
  for (int q = 0; q < s.numPlayers(); ++q) {
    if (q == observer) continue;
    auto& hand = s.hand(q);
    auto& deck = s.deck(q);
    for (std::size_t k = 0; k < deck.size() && !hand.empty(); ++k) {
      const std::size_t h = static_cast<std::size_t>(uniformInt(rng, static_cast<int>(hand.size())));
      if (deck[k] != hand[h]) {
        std::swap(deck[k], hand[h]);
        changed = true;
        break;
      }
    }
  }
  auto& own = s.deck(observer);
  if (std::adjacent_find(own.begin(), own.end(), std::not_equal_to<>()) != own.end()) {
    std::reverse(own.begin(), own.end());
    changed = true;
  }
  return changed;
}

std::string dumpAll(const State& s) { return s.toString(); }  // the toy prints hands and decks

// determinize() returns the state itself: agents would see everything.
class LeakyRaceState : public toy::DiceRaceState {
 public:
  using toy::DiceRaceState::DiceRaceState;
  std::unique_ptr<State> clone() const override { return std::make_unique<LeakyRaceState>(*this); }
  std::unique_ptr<State> determinize(int, Rng&) const override { return clone(); }
};

// determinize() shuffles the hidden cards from their real order (not canonical).
class UnsortedRaceState : public toy::DiceRaceState {
 public:
  using toy::DiceRaceState::DiceRaceState;
  std::unique_ptr<State> clone() const override { return std::make_unique<UnsortedRaceState>(*this); }
  std::unique_ptr<State> determinize(int observer, Rng& rng) const override {
    auto d = std::make_unique<UnsortedRaceState>(*this);
    for (int q = 0; q < numPlayers(); ++q) {
      auto& deck = d->deck(q);
      for (int i = static_cast<int>(deck.size()) - 1; i > 0; --i)
        std::swap(deck[static_cast<std::size_t>(i)], deck[static_cast<std::size_t>(uniformInt(rng, i + 1))]);
    }
    (void)observer;
    return d;
  }
};

template <typename StateT>
class RaceGame : public toy::DiceRaceGame {
 public:
  using toy::DiceRaceGame::DiceRaceGame;
  std::unique_ptr<State> newInitialState(const GameSetup& setup, Rng& rng) const override {
    return std::make_unique<StateT>(setup, 30, false, rng);
  }
};

// Number of failures the check reports for `game`.
int failuresOf(const Game& game) {
  ::testing::TestPartResultArray results;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::INTERCEPT_ONLY_CURRENT_THREAD, &results);
    no_peeking::Options o;
    o.dump = &dumpAll;
    o.games = 2;
    no_peeking::checkNoPeeking(game, GameSetup{3}, &changeHidden, o);
  }
  return results.size();
}

}  // namespace

WB_NO_PEEKING_TESTS(DiceRaceNoPeeking, std::make_unique<toy::DiceRaceGame>(30), GameSetup{3}, &changeHidden, &dumpAll);

TEST(NoPeekingCheck, CatchesADeterminizeThatCopiesTheHiddenCards) {
  EXPECT_GT(failuresOf(RaceGame<LeakyRaceState>(30)), 0);
}

TEST(NoPeekingCheck, CatchesADeterminizeThatDependsOnTheHiddenOrder) {
  EXPECT_GT(failuresOf(RaceGame<UnsortedRaceState>(30)), 0);
}

TEST(NoPeekingCheck, AgentsDecideOnTheDeterminizedState) {
  // The view an agent gets is a determinization with its records dropped.
  struct Spy : Agent {
    std::string spec() const override { return "spy"; }
    Action decide(const State& view, Rng&) override {
      historyKept = !view.history().empty();
      sawTurn = view.turnCount();
      return view.legalActions().front();
    }
    bool historyKept = true;
    int sawTurn = -1;
  } spy;
  toy::DiceRaceGame game(30);
  Rng rng(5);
  auto s = game.newInitialState(GameSetup{2}, rng);
  s->applyAction(s->legalActions().back(), rng);
  const Action a = spy.chooseAction(*s, rng);
  EXPECT_TRUE(s->isLegal(a));
  EXPECT_FALSE(spy.historyKept);
  EXPECT_EQ(spy.sawTurn, s->turnCount());
  EXPECT_EQ(s->history().size(), 1u);  // the real state keeps its history
}
