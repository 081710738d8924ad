// Element's grant hook for `balance impact` (rulesets/element/element_impact.cpp):
// every face of the die can be granted, and a granted face is one more die
// showing it in that seat's first roll, and only there. (The restricted-play
// hook, actionEntities, is checked in element_metrics_test.cpp.)
#include <algorithm>

#include "tests/rulesets/element/element_fixture.h"

namespace wb::rulesets::element::test {
namespace {

TEST(ElementImpact, EveryFaceCanBeGranted) {
  auto game = shippedGame();
  for (const std::string id : {"fire", "wind", "earth", "water", "logo", "seal"}) {
    int entity = -1;
    for (std::size_t i = 0; i < game->entityIds().size(); ++i)
      if (game->entityIds()[i] == id) entity = static_cast<int>(i);
    ASSERT_GE(entity, 0) << id;
    EXPECT_TRUE(game->canGrant(entity)) << id;
  }
  EXPECT_FALSE(game->canGrant(static_cast<int>(game->entityIds().size())));
  EXPECT_FALSE(game->canGrant(-1));
}

int facesIn(const ElementState& s, int entity) {
  int n = 0;
  for (std::uint8_t f : s.roll()) n += s.rules().faces[f].entity == entity ? 1 : 0;
  return n;
}

TEST(ElementImpact, AGrantedFaceJoinsTheSeatsFirstRollOnly) {
  auto game = shippedGame();
  const int seal = game->rules().sealEntity;
  const int dice = game->rules().dicePerTurn;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    // Same seed with and without the grant: the seat's own four dice are the same.
    sim::Rng plainRng(seed), grantRng(seed);
    auto plain = game->newInitialState(sim::GameSetup{2, {}, {}}, plainRng);
    auto granted = game->newInitialState(sim::GameSetup{2, {}, {{1, seal}}}, grantRng);
    auto& p = static_cast<ElementState&>(*plain);
    auto& g = static_cast<ElementState&>(*granted);
    // Seat 0 (not granted) rolls as usual.
    ASSERT_EQ(g.roll().count(), dice);
    EXPECT_EQ(g.seals(), p.seals());
    // Both end seat 0's turn the same way: pass the turn at once where legal, else play the first action.
    for (int guard = 0; guard < 200 && g.currentPlayer() == 0 && !g.isTerminal(); ++guard) {
      std::vector<sim::Action> legal;
      g.legalActions(legal);
      const sim::Action a = std::find(legal.begin(), legal.end(), kEndTurn) != legal.end() ? kEndTurn : legal.front();
      ASSERT_TRUE(g.applyAction(a, grantRng));
      ASSERT_TRUE(p.applyAction(a, plainRng));
    }
    if (g.isTerminal()) continue;
    ASSERT_EQ(g.currentPlayer(), 1);
    EXPECT_EQ(g.roll().count(), dice + 1) << "seed " << seed;
    EXPECT_EQ(facesIn(g, seal), facesIn(p, seal) + 1) << "seed " << seed;
    EXPECT_EQ(g.seals(), p.seals() + 1);
    // Its second turn rolls four dice again.
    for (int guard = 0; guard < 400 && g.turnCount() < 3 && !g.isTerminal(); ++guard) {
      std::vector<sim::Action> legal;
      g.legalActions(legal);
      const sim::Action a = std::find(legal.begin(), legal.end(), kEndTurn) != legal.end() ? kEndTurn : legal.front();
      ASSERT_TRUE(g.applyAction(a, grantRng));
    }
    if (!g.isTerminal()) {
      EXPECT_EQ(g.roll().count(), dice);
    }
  }
}

}  // namespace
}  // namespace wb::rulesets::element::test
