// The wall rule's fast path (ZoneplexState::Ways: bit masks built once per
// board, a closure per candidate wall) against a plain breadth-first reading of
// rule "Wall" (seed file 003, "A Primer on Wall Placements"): after the wall,
// every foundation cell, every monk and every sacred chamber that reached the
// apex before (over placed and empty cells, walls respected, the teleporters in
// play one network) still does. Checked on positions of random games, where
// walls and teleporters lie on the board.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "simulation/core/rng.h"
#include "tests/rulesets/zoneplex/zoneplex_fixture.h"

namespace wb::rulesets::zoneplex::test {
namespace {

// Cells reaching the apex, with tile `extraTile` (a wall facing `extraSide`) supposed on `extraCell`.
std::uint64_t plainReach(const ZoneplexState& s, int extraCell, int extraTile, int extraSide) {
  const ZoneplexRules& R = s.rules();
  const Geometry& g = R.geometry;
  auto tileAt = [&](int c) { return c == extraCell ? extraTile : static_cast<int>(s.cell(c).tile); };
  auto sideAt = [&](int c) { return c == extraCell ? extraSide : static_cast<int>(s.cell(c).wallSide); };
  auto walledTowards = [&](int a, int b) {
    const int t = tileAt(a);
    return t >= 0 && R.tiles[static_cast<std::size_t>(t)].kind == TileKind::Wall && sideAt(a) == g.sideTowards(a, b);
  };
  auto teleporter = [&](int c) {
    const int t = tileAt(c);
    return t >= 0 && R.tiles[static_cast<std::size_t>(t)].isTeleporter();
  };
  std::uint64_t seen = 1ULL << kEyeCell;
  std::vector<int> queue{kEyeCell};
  bool joined = false;
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const int c = queue[head];
    for (int side = 0; side < 3; ++side) {
      const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)];
      if (nb < 0 || (seen >> nb) & 1ULL || walledTowards(c, nb) || walledTowards(nb, c)) continue;
      seen |= 1ULL << nb;
      queue.push_back(nb);
    }
    if (!joined && teleporter(c)) {
      joined = true;
      for (int o = 1; o < g.cells; ++o)
        if (teleporter(o) && !((seen >> o) & 1ULL)) {
          seen |= 1ULL << o;
          queue.push_back(o);
        }
    }
  }
  return seen;
}

bool plainKeepsWays(const ZoneplexState& s, int wallTile, int c, int side) {
  const ZoneplexRules& R = s.rules();
  std::uint64_t must = 0;
  for (int f : R.geometry.foundation) must |= 1ULL << f;
  for (int q = 0; q < s.numPlayers(); ++q)
    if (s.player(q).pos >= 0) must |= 1ULL << s.player(q).pos;
  for (int x = 1; x < R.geometry.cells; ++x) {
    const int t = x == c ? wallTile : s.cell(x).tile;
    if (t >= 0 && R.tiles[static_cast<std::size_t>(t)].kind == TileKind::Sacred) must |= 1ULL << x;
  }
  return (must & plainReach(s, -1, -1, -1) & ~plainReach(s, c, wallTile, side)) == 0;
}

TEST(ZoneplexWallWays, FastPathMatchesThePlainRule) {
  auto game = shippedGame();
  const ZoneplexRules& R = game->rules();
  std::vector<int> walls;
  for (std::size_t t = 0; t < R.tiles.size(); ++t)
    if (R.tiles[t].kind == TileKind::Wall) walls.push_back(static_cast<int>(t));
  ASSERT_FALSE(walls.empty());
  std::vector<sim::Action> legal;
  int checked = 0, refused = 0, withTeleporters = 0;
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    sim::Rng rng(seed);
    auto s = game->newGame(3 + static_cast<int>(seed % 3), rng);
    for (int step = 0; step < 400 && !s->isTerminal(); ++step) {
      if (step % 7 == 0) {
        bool teleporters = false;
        for (int c = 1; c < R.geometry.cells; ++c)
          teleporters |= s->cell(c).tile >= 0 && R.tiles[static_cast<std::size_t>(s->cell(c).tile)].isTeleporter();
        withTeleporters += teleporters ? 1 : 0;
        for (int c = 1; c < R.geometry.cells; ++c) {
          if (s->cell(c).tile >= 0) continue;
          for (int side = 0; side < 3; ++side) {
            const int wall = walls[static_cast<std::size_t>((c + side) % static_cast<int>(walls.size()))];
            const bool expected = plainKeepsWays(*s, wall, c, side);
            ASSERT_EQ(s->wallKeepsWays(wall, c, side), expected) << "seed " << seed << ", step " << step << ", cell " << c
                                                                << ", side " << side;
            ++checked;
            refused += expected ? 0 : 1;
          }
        }
      }
      s->legalActions(legal);
      ASSERT_FALSE(legal.empty());
      ASSERT_TRUE(s->applyAction(legal[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(legal.size())))], rng));
    }
  }
  // The positions exercised the rule both ways, and boards with teleporters.
  EXPECT_GT(checked, 1000);
  EXPECT_GT(refused, 10);
  EXPECT_GT(withTeleporters, 5);
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
