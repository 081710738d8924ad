// Element rule tests of the sorcerer's wind jumps (rules "WIND", picture 2 and
// "POINTS TO REMEMBER") from scripted positions, seed file 001.
#include "tests/rulesets/element/element_fixture.h"

namespace wb::rulesets::element::test {
namespace {

// "If your Sorcerer is next to a Wind stone ... the Sorcerer may "jump" that
// stone and land directly on the other side of it, if that space is empty."
// Jumps cost no step; "vertically, horizontally or diagonally".
TEST(ElementWind, JumpOverAWindToTheEmptySquareBeyond) {
  Position pos;
  pos.sorcerers("F5", "K11");
  pos.put("wind", {"G5", "G6", "F4"});
  pos.put("earth", {"F2"});
  pos.turn(0, {"earth", "earth", "earth", "earth"});
  Reach r;
  pos.state->reach(0, 0, r);  // no step at all: only jumps
  EXPECT_EQ(r.steps[pos.cell("H5")], 0);  // east over G5
  EXPECT_EQ(r.steps[pos.cell("H7")], 0);  // north-east over G6 (diagonal)
  EXPECT_EQ(r.steps[pos.cell("F3")], 0);  // south over F4
  EXPECT_EQ(r.jumps[pos.cell("H5")], 1);
  EXPECT_EQ(r.steps[pos.cell("F6")], 255);  // a step, not a jump
  ASSERT_TRUE(pos.play(pos.place("earth", "H5")));  // the landing taken: no jump east
  pos.state->reach(0, 0, r);
  EXPECT_EQ(r.steps[pos.cell("H5")], 255);
  ASSERT_TRUE(pos.play(pos.move("H7")));
  EXPECT_EQ(pos.state->stepsLeft(), 1);  // the jump cost nothing
  EXPECT_EQ(pos.state->counters().count(0, kCounterJumps), 1u);
}

// "Sorcerers can not jump each other or any Element except for the Wind stones."
TEST(ElementWind, OnlyWindIsJumped) {
  Position pos;
  pos.sorcerers("F5", "F6");
  pos.put("fire", {"G5"});
  pos.put("earth", {"E5"});
  pos.put("water", {"F4"});
  pos.turn(0, {"earth", "earth", "earth", "earth"});
  Reach r;
  pos.state->reach(0, 0, r);
  EXPECT_EQ(r.cells.count(), 0);
  EXPECT_EQ(r.steps[pos.cell("F7")], 255);  // not over the other sorcerer
  EXPECT_EQ(r.steps[pos.cell("H5")], 255);
}

// "The Sorcerer can jump several Wind stones that are lined up in a row, as long
// as that row is straight ... The Sorcerer must exit the jump in the same
// direction as it was begun."
TEST(ElementWind, AStraightRowOfWindsIsOneFlight) {
  Position pos;
  pos.sorcerers("B2", "K11");
  pos.put("wind", {"C3", "D4", "E5"});  // a diagonal row
  pos.put("wind", {"C2", "D2"});
  pos.put("earth", {"E2"});              // the row C2-D2 lands on earth: no jump east
  pos.turn(0, {"earth", "earth", "earth", "earth"});
  Reach r;
  pos.state->reach(0, 0, r);
  EXPECT_EQ(r.steps[pos.cell("F6")], 0);
  EXPECT_EQ(r.jumps[pos.cell("F6")], 3);
  EXPECT_EQ(r.steps[pos.cell("D4")], 255);  // no landing on a wind inside the row
  EXPECT_EQ(r.steps[pos.cell("E2")], 255);
  EXPECT_EQ(r.steps[pos.cell("F2")], 255);  // not over the earth either
}

// Picture 2: "the Sorcerer is completely surrounded too, but by jumping the two
// Wind stones next to it and then continuing to jump Wind stones, all on the
// same turn, the Sorcerer is able to swiftly float away and evade capture.
// Notice that the Sorcerer also takes one step ... All 4 jumps are made on the
// same turn."
TEST(ElementWind, PictureTwoChainedJumpsWithOneStepEscapeTheRing) {
  Position pos;
  pos.sorcerers("K11", "D4");
  // The enemy of player 0 sits at D4 in a ring: winds at E4 and F4 east of it
  // (a row of two), earth on the other seven squares.
  pos.put("earth", {"C3", "C4", "C5", "D3", "D5", "E3", "E5"});
  pos.put("wind", {"E4", "F4"});
  // Beyond: from G4 jump north over G5 to G6, one step to H7, jump over H8 to H9.
  pos.put("wind", {"G5", "H8"});
  pos.turn(1, {"earth", "earth", "earth", "earth"});
  EXPECT_FALSE(pos.state->trapped(1));  // the wind row leads to the open G4
  EXPECT_EQ(pos.state->escapes(1), 1);
  Reach r;
  pos.state->reach(1, 1, r);
  EXPECT_EQ(r.steps[pos.cell("G4")], 0);
  EXPECT_EQ(r.steps[pos.cell("G6")], 0);
  EXPECT_EQ(r.steps[pos.cell("H7")], 1);
  EXPECT_EQ(r.steps[pos.cell("H9")], 1);
  EXPECT_EQ(r.jumps[pos.cell("H9")], 4);  // E4, F4, G5, H8: four jumps on one turn
  ASSERT_TRUE(pos.play(pos.move("H9")));
  EXPECT_EQ(pos.state->sorcerer(1), pos.cell("H9"));
  EXPECT_EQ(pos.state->stepsLeft(), 0);
  EXPECT_EQ(pos.state->counters().count(1, kCounterJumps), 4u);
  EXPECT_EQ(pos.state->counters().count(1, kCounterSteps), 1u);
}

// Without any step (base_steps 0, no logo) the jumps alone still move the sorcerer.
TEST(ElementWind, JumpsNeedNoStep) {
  Position pos(variantGame({{"parameters.base_steps", "0"}}));
  pos.sorcerers("D4", "K11");
  pos.put("wind", {"E4"});
  pos.turn(0, {"earth", "earth", "earth", "earth"});
  EXPECT_TRUE(pos.isLegal(pos.move("F4")));
  EXPECT_FALSE(pos.isLegal(pos.move("D5")));
}

// The rule's escape count written out square by square (no neighbour masks):
// empty step squares plus landings of straight rows of wind.
int naiveEscapes(const ElementState& s, int p, int at) {
  const ElementRules& r = s.rules();
  auto free = [&](int c) { return c != kNoCell && s.stoneAt(c) < 0 && c != s.sorcerer(1 - p); };
  int n = 0;
  for (int d = 0; d < kDirs; ++d) {
    if (free(r.neighbour[at][d]) && (r.diagonalSteps || d % 2 == 0)) ++n;
    int x = r.neighbour[at][d], row = 0;
    while (x != kNoCell && s.stoneAt(x) >= 0 && r.stones[s.stoneAt(x)].power == Power::Jump) {
      ++row;
      x = r.neighbour[x][d];
    }
    if (row > 0 && free(x)) ++n;
  }
  return n;
}

// reach() counts, on its way, the escapes of every square it expands (the
// heuristic uses them): along random games they equal the rule's count, as do
// escapesFrom() and trapped() (which read the state's neighbour masks).
TEST(ElementWind, ReachCountsTheEscapesOfTheSquaresItExpands) {
  auto game = shippedGame();
  std::vector<sim::Action> legal;
  int compared = 0;
  for (int g = 0; g < 40; ++g) {
    sim::Rng rng(sim::deriveSeed(11, static_cast<std::uint64_t>(g), 0));
    auto s = game->newGame(rng);
    while (!s->isTerminal()) {
      for (int p = 0; p < 2; ++p) {
        Reach r;
        s->reach(p, 2, r);
        ASSERT_EQ(r.escapes[s->sorcerer(p)], naiveEscapes(*s, p, s->sorcerer(p))) << s->toString();
        ASSERT_EQ(s->trapped(p), naiveEscapes(*s, p, s->sorcerer(p)) == 0);
        for (std::uint8_t c : r.cells)
          if (r.steps[c] < 2) {
            ASSERT_EQ(r.escapes[c], naiveEscapes(*s, p, c)) << s->toString();
            ASSERT_EQ(s->escapesFrom(p, c), naiveEscapes(*s, p, c));
            ++compared;
          }
      }
      s->legalActions(legal);
      ASSERT_TRUE(s->applyAction(legal[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(legal.size())))], rng));
    }
  }
  EXPECT_GT(compared, 5000);
}

}  // namespace
}  // namespace wb::rulesets::element::test
