// Whole-game sanity of Zoneplex under random play: conservation of tiles and
// stones, the pyramid gets completed, Fears get defeated, every game ends by
// the Eye or the cataclysm within the 72 action cards.
#include <cstdio>

#include "tests/rulesets/zoneplex/zoneplex_fixture.h"

namespace wb::rulesets::zoneplex::test {
namespace {

struct Tally {
  int games = 0, phase2 = 0, eye = 0, cataclysm = 0, zoneplex = 0, fearsWon = 0, maxTurns = 0;
};

Tally playRandom(int players, int games, std::uint64_t seed) {
  auto game = shippedGame();
  Tally t;
  std::vector<sim::Action> legal;
  for (int g = 0; g < games; ++g) {
    sim::Rng chance(sim::deriveSeed(seed, static_cast<std::uint64_t>(g), 0));
    sim::Rng choice(sim::deriveSeed(seed, static_cast<std::uint64_t>(g), 1));
    auto s = game->newGame(players, chance);
    while (!s->isTerminal()) {
      s->legalActions(legal);
      s->applyAction(legal[static_cast<std::size_t>(sim::uniformInt(choice, static_cast<int>(legal.size())))], chance);
      // Conservation: 48 tiles between board, hands and stacks; 4 stones per player.
      int tiles = s->tileSupply();
      for (int c = 1; c < s->rules().geometry.cells; ++c) tiles += s->cell(c).tile >= 0 ? 1 : 0;
      for (int p = 0; p < players; ++p) tiles += s->player(p).tiles.count();
      EXPECT_EQ(tiles, 48);
      for (int p = 0; p < players; ++p) {
        int stones = s->player(p).stonesHome;
        for (int c = 1; c < s->rules().geometry.cells; ++c) stones += s->cell(c).stone == p ? 1 : 0;
        EXPECT_EQ(stones, 4);
        EXPECT_GE(s->player(p).wms, 1);
        EXPECT_LE(s->player(p).wms, 4);
        EXPECT_LE(s->player(p).relics.count(), 4);
      }
      if (::testing::Test::HasFailure()) return t;
    }
    ++t.games;
    t.phase2 += s->phase2() && s->boardComplete() ? 1 : 0;
    t.eye += s->endReason() == EndReason::Eye;
    t.cataclysm += s->endReason() == EndReason::Cataclysm;
    t.zoneplex += s->endReason() == EndReason::ZoneplexWins;
    for (int p = 0; p < players; ++p) t.fearsWon += s->player(p).fears.count();
    t.maxTurns = std::max(t.maxTurns, s->turnCount());
  }
  return t;
}

TEST(ZoneplexPlayout, RandomGamesCompleteThePyramidAndEnd) {
  for (int players : {3, 4, 5}) {
    const Tally t = playRandom(players, 200, 77);
    std::printf("players %d: games %d, pyramid complete %d, eye %d, cataclysm %d, zoneplex wins %d, fears won %d, max turns %d\n",
                players, t.games, t.phase2, t.eye, t.cataclysm, t.zoneplex, t.fearsWon, t.maxTurns);
    EXPECT_EQ(t.games, 200);
    EXPECT_EQ(t.eye + t.cataclysm + t.zoneplex, t.games);
    EXPECT_GT(t.phase2, t.games / 2);  // 41 tiles to place, about 2 per step card
    EXPECT_GT(t.fearsWon, 0);
    EXPECT_LE(t.maxTurns, 72);  // one action card per turn
  }
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
