// Zoneplex rule tests from scripted positions: the pyramid, tile placement and
// wall legality, movement, teleporters, spirit stones, reliquaries and relics.
// Each test cites the rulebook section (seed file 003) it checks.
#include "tests/rulesets/zoneplex/zoneplex_position.h"

namespace wb::rulesets::zoneplex::test {
namespace {

// README "Zoneplex (file 003)": 7 rows of triangles, 49 cells, neighbours share a side.
TEST(ZoneplexGeometry, SevenRowsOfTriangles) {
  const Geometry& g = shippedGame()->rules().geometry;
  EXPECT_EQ(g.cells, 49);
  EXPECT_EQ(g.neighbour[0][2], 2);  // the Eye touches only the cell below it
  EXPECT_EQ(g.neighbour[0][0], -1);
  EXPECT_EQ(g.neighbour[2][2], 0);
  EXPECT_EQ(g.neighbour[5][2], 1);
  EXPECT_EQ(g.foundation, (std::vector<int>{36, 38, 40, 42, 44, 46, 48}));
  for (int c = 0; c < g.cells; ++c)
    for (int s = 0; s < 3; ++s) {
      const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(s)];
      if (nb >= 0) {
        EXPECT_GE(g.sideTowards(nb, c), 0) << c << " -> " << nb;
      }
    }
}

// "Start a New Game": 7 foundation tiles face up, 3 tiles per hand, the Eye at the apex.
TEST(ZoneplexSetup, FoundationHandsAndDecks) {
  sim::Rng rng(5);
  auto s = shippedGame()->newGame(4, rng);
  for (int c : s->rules().geometry.foundation) EXPECT_GE(s->cell(c).tile, 0);
  EXPECT_EQ(s->rules().tiles[static_cast<std::size_t>(s->cell(0).tile)].kind, TileKind::Eye);
  for (int p = 1; p < 4; ++p) EXPECT_EQ(s->player(p).tiles.count(), 3);
  EXPECT_EQ(s->actionDeckSize(), 71);
  // "Remove 2 of each step card ... stack them on top": the first card is a step card.
  const ActionCardType& first = s->rules().actions[static_cast<std::size_t>(s->fearCard())];
  EXPECT_EQ(first.kind, CardKind::Step);
  EXPECT_EQ(s->player(0).tiles.count(), 3 + first.tiles);  // the first card drew its tiles
  std::vector<bool> seen(8, false);
  for (int p = 0; p < 4; ++p) {
    EXPECT_FALSE(seen[static_cast<std::size_t>(s->player(p).symbol)]);
    seen[static_cast<std::size_t>(s->player(p).symbol)] = true;
    EXPECT_EQ(s->player(p).stonesHome, 4);
    EXPECT_EQ(s->player(p).wms, 1);
  }
}

// "Zone Tile Placement": a side must touch a placed tile, inside the outline.
TEST(ZoneplexPlacement, MustTouchAPlacedTile) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  pos.state->setTile(36, neutral);
  pos.state->setHandTiles(0, {neutral});
  pos.turn(0, "step_1", {pos.card("step_1")});
  ASSERT_EQ(pos.state->stage(), Stage::Place);
  EXPECT_EQ(pos.count(ActionKind::Place), 1);
  EXPECT_TRUE(pos.isLegal(place(neutral, 37)));
  EXPECT_FALSE(pos.isLegal(place(neutral, 38)));  // touches nothing
  EXPECT_FALSE(pos.state->canPlace(neutral, 36, -1));  // occupied
  EXPECT_FALSE(pos.state->canPlace(neutral, 0, -1));   // the Eye
  EXPECT_FALSE(pos.state->canPlace(neutral, 49, -1));  // outside the pyramid
  // Touching only the Eye does not count (it is placed "roughly" at the apex).
  EXPECT_FALSE(pos.state->canPlace(neutral, 2, -1));
  ASSERT_TRUE(pos.apply(place(neutral, 37)));
  EXPECT_EQ(pos.state->cell(37).tile, neutral);
  EXPECT_EQ(pos.state->player(0).tiles.count(), 0);
  EXPECT_EQ(pos.state->stage(), Stage::Move);
}

// "Movement": "if it's possible to build a path long enough to fulfill the
// required movement, the player must build it."
TEST(ZoneplexPlacement, MustBuildAPathLongEnough) {
  for (const char* cardId : {"step_2", "step_1"}) {
    Position pos(3);
    const int neutral = pos.tile("neutral_chamber");
    pos.state->setTile(36, neutral);
    pos.state->setTile(38, neutral);
    pos.state->setTile(20, neutral);  // far from the bottom: 19, 21 and 30 touch it
    pos.state->setHandTiles(0, {neutral, neutral});
    pos.turn(0, cardId, {pos.card("step_1")});
    const bool mustBuild = std::string(cardId) == "step_2";
    EXPECT_TRUE(pos.isLegal(place(neutral, 37)));
    EXPECT_TRUE(pos.isLegal(place(neutral, 39)));
    EXPECT_EQ(pos.isLegal(place(neutral, 19)), !mustBuild) << cardId;
    EXPECT_EQ(pos.isLegal(place(neutral, 30)), !mustBuild) << cardId;
  }
}

// "A Primer on Wall Placements": never cut the way to the apex.
TEST(ZoneplexWalls, MayNotBlockThePathToTheApex) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), wall = pos.tile("wall");
  pos.state->setTile(1, neutral);
  pos.state->setTile(3, neutral);
  EXPECT_FALSE(pos.state->canPlace(wall, 2, 2));  // the side facing the Eye
  EXPECT_TRUE(pos.state->canPlace(wall, 2, 0));
  EXPECT_TRUE(pos.state->canPlace(wall, 2, 1));
  EXPECT_FALSE(pos.state->canPlace(wall, 2, -1));  // a wall needs its side
  EXPECT_FALSE(pos.state->canPlace(neutral, 2, 1));  // other tiles have none
}

// "Illegal placement: walling in player" / "walling in Sacred Spirit Chamber";
// "It is legal to wall in Neutral Spirit Chambers".
TEST(ZoneplexWalls, MayNotTrapAMonkOrASacredChamber) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), wall = pos.tile("wall");
  pos.state->setTile(1, neutral);
  pos.state->setTile(3, neutral);
  pos.state->setTile(5, wall, 2);  // blocks cell 1 from below
  EXPECT_TRUE(pos.state->canPlace(wall, 2, 0));  // walls in an empty neutral chamber: legal
  pos.state->setPosition(1, 1);
  EXPECT_FALSE(pos.state->canPlace(wall, 2, 0));  // would trap the monk on cell 1
  pos.state->setPosition(1, -1);
  pos.state->setTile(1, pos.tile("chamber_ankh"));
  EXPECT_FALSE(pos.state->canPlace(wall, 2, 0));  // would wall in a sacred chamber
}

// "Start a New Game" + "Wall": a foundation Wall is legal like every wall, so a
// corner of the base (one neighbour) is never sealed off.
TEST(ZoneplexWalls, FoundationWallsAreLegal) {
  Position pos(3);
  const int wall = pos.tile("wall");
  EXPECT_FALSE(pos.state->wallKeepsWays(wall, 36, 1));  // the corner's only side
  EXPECT_TRUE(pos.state->wallKeepsWays(wall, 36, 0));   // facing the outline
  EXPECT_TRUE(pos.state->wallKeepsWays(wall, 36, 2));
  EXPECT_FALSE(pos.state->wallKeepsWays(wall, 48, 0));
  auto game = shippedGame();
  int walls = 0;
  for (std::uint64_t seed = 0; seed < 400; ++seed) {
    sim::Rng rng(seed);
    auto s = game->newGame(4, rng);
    for (int f : game->rules().geometry.foundation) {
      const int t = s->cell(f).tile;
      if (t < 0 || game->rules().tiles[static_cast<std::size_t>(t)].kind != TileKind::Wall) continue;
      ++walls;
      bool open = false;
      for (int side = 0; side < 3; ++side) {
        const int nb = game->rules().geometry.neighbour[static_cast<std::size_t>(f)][static_cast<std::size_t>(side)];
        open |= nb > 0 && !s->stepBlocked(f, nb);
      }
      EXPECT_TRUE(open) << "seed " << seed << ": foundation wall on " << f << " seals it";
    }
  }
  EXPECT_GT(walls, 100);  // 8 walls of 48 tiles, 7 dealt to the base, 400 games
}

// Tip "Walls": closing in is legal if a teleporter gives a way in or out.
TEST(ZoneplexWalls, ATeleporterGivesAWay) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), wall = pos.tile("wall"), red = pos.tile("teleporter_red");
  pos.state->setTile(1, red);
  pos.state->setTile(3, neutral);
  pos.state->setTile(5, wall, 2);
  pos.state->setTile(40, red);
  pos.state->setTile(41, neutral);
  pos.state->setPosition(1, 1);
  EXPECT_TRUE(pos.state->canPlace(wall, 2, 0));
}

// "Movement": exact steps, forward or backward, the first step onto a bottom tile.
TEST(ZoneplexMovement, ExactStepsForwardAndBack) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  for (int c : {36, 37, 38}) pos.state->setTile(c, neutral);
  for (int c : {36, 37, 38}) pos.state->setStone(c, 2);  // no stone choices at the end
  pos.state->setPosition(0, 37);
  pos.turn(0, "step_3", {pos.card("step_1")});
  ASSERT_EQ(pos.state->stage(), Stage::Move);
  EXPECT_EQ(pos.state->stepsLeft(), 3);
  EXPECT_TRUE(pos.isLegal(step(36)));
  EXPECT_TRUE(pos.isLegal(step(38)));
  ASSERT_TRUE(pos.apply(step(36)));
  ASSERT_TRUE(pos.apply(step(37)));  // back
  EXPECT_EQ(pos.state->turnPlayer(), 0);
  ASSERT_TRUE(pos.apply(step(38)));  // forward again
  EXPECT_EQ(pos.state->player(0).pos, 38);
  EXPECT_EQ(pos.state->turnPlayer(), 1);  // three steps used: the turn is over
}

TEST(ZoneplexMovement, FirstStepEntersABottomTile) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  for (int c : {36, 38, 40}) pos.state->setTile(c, neutral);
  pos.turn(0, "step_1", {pos.card("step_1")});
  const auto legal = pos.legal();
  EXPECT_EQ(legal.size(), 3u);
  for (int c : {36, 38, 40}) EXPECT_TRUE(pos.isLegal(step(c)));
}

// "A player is not permitted to enter The Eye" in phase 1.
TEST(ZoneplexMovement, NoEyeInPhaseOne) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  for (int c : {1, 2, 3}) pos.state->setTile(c, neutral);
  pos.state->setPosition(0, 2);
  pos.state->giveFear(0, pos.card("fear_master_1"));
  pos.state->giveFear(0, pos.card("fear_master_2"));
  pos.state->giveFear(0, pos.card("fear_master_3"));
  pos.turn(0, "step_1", {pos.card("step_1")});
  EXPECT_FALSE(pos.isLegal(step(0)));
  EXPECT_TRUE(pos.isLegal(step(1)));
}

// "Teleporter Tiles": ending on one teleports (not a step); landing mid-move is optional.
TEST(ZoneplexTeleporters, EndingOnOneTeleports) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), red = pos.tile("teleporter_red");
  pos.state->setTile(36, red);
  pos.state->setTile(37, neutral);
  pos.state->setStone(37, 2);
  pos.state->setTile(46, red);
  pos.state->setTile(47, neutral);
  pos.state->setStone(47, 2);
  pos.state->setPosition(0, 37);
  pos.turn(0, "step_1", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(36)));
  EXPECT_EQ(pos.legal(), (std::vector<sim::Action>{teleport(46)}));  // must teleport
  ASSERT_TRUE(pos.apply(teleport(46)));
  EXPECT_EQ(pos.state->player(0).pos, 46);
  EXPECT_EQ(pos.state->turnPlayer(), 1);
}

TEST(ZoneplexTeleporters, LandingMidMoveIsOptional) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), red = pos.tile("teleporter_red");
  pos.state->setTile(36, red);
  pos.state->setTile(37, neutral);
  pos.state->setTile(46, red);
  pos.state->setTile(47, neutral);
  pos.state->setPosition(0, 37);
  pos.turn(0, "step_2", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(36)));
  EXPECT_TRUE(pos.isLegal(teleport(46)));
  EXPECT_TRUE(pos.isLegal(step(37)));
  ASSERT_TRUE(pos.apply(step(37)));  // walk on instead
  EXPECT_EQ(pos.state->player(0).pos, 37);
}

// "If a player starts their movement while standing on a Teleporter they cannot teleport as their first move."
TEST(ZoneplexTeleporters, StartingOnOneDoesNotTeleport) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), red = pos.tile("teleporter_red");
  pos.state->setTile(36, red);
  pos.state->setTile(37, neutral);
  pos.state->setTile(46, red);
  pos.state->setTile(47, neutral);
  pos.state->setPosition(0, 36);
  pos.turn(0, "step_1", {pos.card("step_1")});
  EXPECT_EQ(pos.legal(), (std::vector<sim::Action>{step(37)}));
}

// "Master Teleporter": reachable from every colour and leads to every teleporter;
// a chain (red -> master -> yellow) needs stepping off the master in between.
TEST(ZoneplexTeleporters, MasterAndChains) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), red = pos.tile("teleporter_red");
  const int master = pos.tile("master_teleporter"), yellow = pos.tile("teleporter_yellow");
  pos.state->setTile(36, red);
  pos.state->setTile(37, neutral);
  pos.state->setTile(42, master);
  pos.state->setTile(43, neutral);
  pos.state->setTile(46, yellow);
  pos.state->setTile(47, neutral);
  std::array<std::int8_t, kMaxCells> dest{};
  ASSERT_EQ(pos.state->teleportDestinations(36, dest), 1);  // red: no pair in play, the master only
  EXPECT_EQ(dest[0], 42);
  ASSERT_EQ(pos.state->teleportDestinations(42, dest), 2);  // master: every other teleporter
  pos.state->setPosition(0, 37);
  pos.turn(0, "step_3", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(36)));
  ASSERT_TRUE(pos.apply(teleport(42)));
  EXPECT_EQ(pos.count(ActionKind::Teleport), 0);  // arrived by teleport: must step off first
  ASSERT_TRUE(pos.apply(step(43)));
  ASSERT_TRUE(pos.apply(step(42)));  // re-entering with 0 steps left: must teleport
  EXPECT_TRUE(pos.isLegal(teleport(46)));
  EXPECT_TRUE(pos.isLegal(teleport(36)));
}

// "Spirit Stones": one stone per chamber, not where another Monkle or stone is,
// never on walls, teleporters or reliquaries.
TEST(ZoneplexStones, PlacementLimits) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), reliquary = pos.tile("reliquary");
  pos.state->setTile(36, neutral);
  pos.state->setTile(37, neutral);
  pos.state->setTile(38, reliquary);
  pos.state->setPosition(0, 37);
  pos.turn(0, "step_1", {pos.card("step_1"), pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(36)));
  ASSERT_EQ(pos.state->stage(), Stage::StoneChoice);
  ASSERT_TRUE(pos.apply(encode(ActionKind::PlaceStone, 0)));
  EXPECT_EQ(pos.state->cell(36).stone, 0);
  EXPECT_EQ(pos.state->player(0).stonesHome, 3);

  Position other(3);
  other.state->setTile(36, neutral);
  other.state->setTile(37, neutral);
  other.state->setPosition(1, 36);  // another monk on the chamber
  other.state->setPosition(0, 37);
  other.turn(0, "step_1", {other.card("step_1")});
  ASSERT_TRUE(other.apply(step(36)));
  EXPECT_EQ(other.state->turnPlayer(), 1);  // no stone choice

  Position taken(3);
  taken.state->setTile(36, neutral);
  taken.state->setTile(37, neutral);
  taken.state->setStone(36, 2);  // already holds a stone
  taken.state->setPosition(0, 37);
  taken.turn(0, "step_1", {taken.card("step_1")});
  ASSERT_TRUE(taken.apply(step(36)));
  EXPECT_EQ(taken.state->turnPlayer(), 1);

  Position relic(3);
  relic.state->setTile(37, neutral);
  relic.state->setStone(37, 2);
  relic.state->setTile(38, reliquary);
  relic.state->setPosition(0, 37);
  relic.turn(0, "step_1", {relic.card("step_1")});
  ASSERT_TRUE(relic.apply(step(38)));
  EXPECT_EQ(relic.state->turnPlayer(), 1);  // no stones on a reliquary
}

// "Reliquary" and "Relic Cards": draw one; at the limit of 4, discard one to draw;
// a relic is not usable on the turn it is gained.
TEST(ZoneplexRelics, ReliquaryLimitAndNotUsableWhenGained) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber"), reliquary = pos.tile("reliquary");
  const int elixir = pos.relic("elixir_of_aeons");
  pos.state->setTile(37, neutral);
  pos.state->setStone(37, 2);
  pos.state->setTile(38, reliquary);
  pos.state->setPosition(0, 37);
  pos.state->setRelicDeck({elixir, elixir});
  pos.turn(0, "step_1", {pos.card("step_1")});
  ASSERT_TRUE(pos.apply(step(38)));
  // "The player may draw 1 Relic Card": below the limit, drawing is a choice.
  ASSERT_EQ(pos.state->stage(), Stage::ReliquaryChoice);
  EXPECT_TRUE(pos.isLegal(encode(ActionKind::DrawRelic, 0)));
  EXPECT_TRUE(pos.isLegal(encode(ActionKind::SkipRelic, 0)));
  EXPECT_EQ(pos.count(ActionKind::SwapRelic), 0);
  ASSERT_TRUE(pos.apply(encode(ActionKind::DrawRelic, 0)));
  ASSERT_EQ(pos.state->player(0).relics.count(), 1);
  EXPECT_EQ(pos.state->player(0).relics[0].gainedTurn, pos.state->turnCount() - 1);

  Position full(3);
  full.state->setTile(37, neutral);
  full.state->setStone(37, 2);
  full.state->setTile(38, reliquary);
  full.state->setPosition(0, 37);
  full.state->setRelicDeck({elixir});
  for (int k = 0; k < 4; ++k) full.state->giveRelic(0, full.relic("crystal_skull"));
  full.turn(0, "step_1", {full.card("step_1")});
  ASSERT_TRUE(full.apply(step(38)));
  ASSERT_EQ(full.state->stage(), Stage::ReliquaryChoice);
  EXPECT_EQ(full.count(ActionKind::SwapRelic), 4);
  EXPECT_EQ(full.count(ActionKind::DrawRelic), 0);
  ASSERT_TRUE(full.apply(encode(ActionKind::SwapRelic, 0)));
  EXPECT_EQ(full.state->player(0).relics.count(), 4);
  EXPECT_EQ(full.state->player(0).relics[3].type, elixir);

  Position use(3);
  use.state->setTile(36, neutral);
  use.state->setTile(37, neutral);
  use.state->setPosition(0, 37);
  use.turn(0, "step_1", {use.card("step_1")});
  use.state->giveRelic(0, elixir, use.state->turnCount());  // gained this turn
  EXPECT_EQ(use.count(ActionKind::UseRelic), 0);
  use.state->giveRelic(0, elixir, use.state->turnCount() - 1);  // gained earlier
  EXPECT_EQ(use.count(ActionKind::UseRelic), 1);
  ASSERT_TRUE(use.apply(encode(ActionKind::UseRelic, 1000)));
  EXPECT_EQ(use.state->player(0).wms, 2);
}

// "Action Cards", dislocate: "place 3 Zone Tiles and move 1, 2 or 3 steps" --
// the step count is chosen once the tiles are down.
TEST(ZoneplexDislocate, StepsAreChosenAfterTheTiles) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  for (int c : {36, 37}) pos.state->setTile(c, neutral);
  pos.state->setPosition(0, 36);
  pos.state->setHandTiles(0, {neutral, neutral, neutral});
  pos.turn(0, "dislocate", {pos.card("step_1")});
  ASSERT_EQ(pos.state->stage(), Stage::DislocateChoice);
  EXPECT_EQ(pos.count(ActionKind::ChooseSteps), 0);
  ASSERT_TRUE(pos.apply(encode(ActionKind::ChooseMode, 0)));
  ASSERT_EQ(pos.state->stage(), Stage::Place);
  EXPECT_EQ(pos.state->tilesToPlace(), 3);
  EXPECT_EQ(pos.count(ActionKind::ChooseSteps), 0);
  ASSERT_TRUE(pos.apply(place(neutral, 38)));
  ASSERT_TRUE(pos.apply(place(neutral, 39)));
  ASSERT_TRUE(pos.apply(place(neutral, 40)));
  ASSERT_EQ(pos.state->stage(), Stage::StepChoice);
  for (int k = 1; k <= 3; ++k) EXPECT_TRUE(pos.isLegal(encode(ActionKind::ChooseSteps, k)));
  EXPECT_EQ(pos.count(ActionKind::ChooseSteps), 3);
  ASSERT_TRUE(pos.apply(encode(ActionKind::ChooseSteps, 3)));
  ASSERT_EQ(pos.state->stage(), Stage::Move);
  EXPECT_EQ(pos.state->stepsLeft(), 3);
}

// "Action Cards", dislocate: forfeit everything to return a stone on an unoccupied chamber.
TEST(ZoneplexDislocate, ReturnsAStoneToItsOwner) {
  Position pos(3);
  const int neutral = pos.tile("neutral_chamber");
  pos.state->setTile(36, neutral);
  pos.state->setTile(37, neutral);
  pos.state->setStone(36, 1);
  pos.state->setStonesHome(1, 3);
  pos.state->setStone(37, 2);
  pos.state->setPosition(0, 37);  // occupied: that stone is safe
  pos.turn(0, "dislocate", {pos.card("step_1")});
  ASSERT_EQ(pos.state->stage(), Stage::DislocateChoice);
  EXPECT_TRUE(pos.isLegal(encode(ActionKind::ChooseMode, 100 + 36)));
  EXPECT_FALSE(pos.isLegal(encode(ActionKind::ChooseMode, 100 + 37)));
  EXPECT_TRUE(pos.isLegal(encode(ActionKind::ChooseMode, 0)));  // explore instead
  ASSERT_TRUE(pos.apply(encode(ActionKind::ChooseMode, 100 + 36)));
  EXPECT_EQ(pos.state->cell(36).stone, -1);
  EXPECT_EQ(pos.state->player(1).stonesHome, 4);
  EXPECT_EQ(pos.state->turnPlayer(), 1);
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
