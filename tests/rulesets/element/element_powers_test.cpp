// Element rule tests of the stones' powers from scripted positions, including
// the rulebook's own pictures described in words: fire spreading (picture 5,
// the winning roll), the earth fortress and the diagonal earth (picture 3), the
// river turning at the edge and putting out fire (picture 4) and the chained
// wind jumps (picture 2). Each test cites the rule of seed file 001 it checks.
#include "tests/rulesets/element/element_fixture.h"

namespace wb::rulesets::element::test {
namespace {

// FIRE: "If a Fire stone is placed directly next to another Fire stone (not
// diagonally), a "free" Fire stone is placed on the other side of it, as long as
// there is an open space for the new Fire stone."
TEST(ElementFire, SpreadsToTheOtherSideOfALine) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.put("fire", {"D5", "E5"});  // a wall of two
  pos.put("fire", {"H8"});        // only diagonal to G7: no spread
  pos.turn(0, {"fire", "fire", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("fire", "F5")));
  EXPECT_EQ(pos.at("C5"), "fire");  // the far end of the wall
  EXPECT_EQ(pos.state->counters().count(0, kCounterSpreads), 1u);
  ASSERT_TRUE(pos.play(pos.place("fire", "G7")));
  EXPECT_EQ(pos.state->counters().count(0, kCounterSpreads), 1u);
  EXPECT_EQ(pos.at("I9"), "");
}

TEST(ElementFire, NoOpenSpaceNoFreeFire) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.put("fire", {"B5", "C5"});
  pos.put("earth", {"A5"});  // fire does not beat earth
  pos.put("fire", {"H1"});   // the line ends at the board's edge (H1 is on row 1)
  pos.turn(0, {"fire", "fire", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("fire", "D5")));
  EXPECT_EQ(pos.at("A5"), "earth");
  ASSERT_TRUE(pos.play(pos.place("fire", "H2")));
  EXPECT_EQ(pos.state->counters().count(0, kCounterSpreads), 0u);
}

// "If that "free" Fire stone also ends up making a connection to another Fire
// wall, no new Fire stone is earned for that connection."
TEST(ElementFire, AFreeFireSpreadsNoFurther) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.put("fire", {"E5"});
  pos.put("fire", {"D6", "D7"});  // the free fire at D5 will touch this vertical wall
  pos.turn(0, {"fire", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("fire", "F5")));
  EXPECT_EQ(pos.at("D5"), "fire");
  EXPECT_EQ(pos.at("D8"), "");  // no second spread from the free fire
  EXPECT_EQ(pos.state->counters().count(0, kCounterSpreads), 1u);
}

// Picture 5 and its caption: the roll is 1 Fire, 1 Element Seal and 2 logos; the
// seal is taken as a second Fire; "The first Fire stone is placed directly next
// to two different Fire stones, one above it and one to the right of it,
// causing the Fire to spread in both directions ... to completely surround the
// enemy Sorcerer ... the Wind stones were consumed by the spreading Fire stone."
TEST(ElementFire, PictureFiveTwoFiresSpreadAndCapture) {
  Position pos;
  pos.sorcerers("B2", "F7");
  // The enemy at F7: earth on F8 G8 G7, fire on E7, winds on E8 and G6 (ways
  // out over them to D9 and H5), E6 and F6 open.
  pos.put("earth", {"F8", "G8", "G7"});
  pos.put("fire", {"E7"});
  pos.put("wind", {"E8", "G6"});
  pos.turn(0, {"fire", "seal", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("fire", "F6")));  // the second stone of the picture: no spread yet
  EXPECT_FALSE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->escapes(1), 3);  // E6, and the winds' landings D9 and H5
  // The seal's fire on E6: E7's fire above it, F6's fire to its right.
  ASSERT_TRUE(pos.play(pos.place("fire", "E6")));
  EXPECT_EQ(pos.at("E8"), "fire");  // the vertical wall E7 spread onto the wind at E8
  EXPECT_EQ(pos.at("G6"), "fire");  // the horizontal wall F6 spread onto the wind at G6
  EXPECT_EQ(pos.state->counters().count(0, kCounterSpreads), 2u);
  EXPECT_EQ(pos.state->supply(pos.stone("wind")), 30);  // "the Wind stones were consumed"
  EXPECT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->winner(), 0);
  EXPECT_EQ(pos.state->closer(), pos.stone("fire"));
  EXPECT_EQ(pos.state->stepsLeft(), 3);  // "You ignore the 2 Element Type dice"
}

// EARTH and picture 3: "Three or more Earth stones that are directly next to each
// other, in any formation (not diagonally), become a "fortress" and cannot be
// replaced by Wind stones for the remainder of the game. If an Earth stone is
// connected diagonally to a Fortress, then it can still be replaced by a Wind stone."
TEST(ElementEarth, PictureThreeFortressAndTheDiagonalEarth) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.put("earth", {"E5", "E6"});
  pos.put("earth", {"G7"});  // diagonal to F6
  pos.turn(0, {"earth", "wind", "wind", "wind"});
  EXPECT_TRUE(pos.isLegal(pos.place("wind", "E5")));  // two are no fortress yet
  ASSERT_TRUE(pos.play(pos.place("earth", "F6")));    // E5-E6-F6: an L of three
  for (const char* sq : {"E5", "E6", "F6"}) {
    EXPECT_TRUE(pos.state->fortified(pos.cell(sq))) << sq;
    EXPECT_FALSE(pos.isLegal(pos.place("wind", sq))) << sq;
  }
  EXPECT_FALSE(pos.state->fortified(pos.cell("G7")));
  EXPECT_TRUE(pos.isLegal(pos.place("wind", "G7")));  // the arrow in picture 3
  ASSERT_TRUE(pos.play(pos.place("wind", "G7")));
  EXPECT_EQ(pos.at("G7"), "wind");
  EXPECT_EQ(pos.state->counters().count(0, kCounterFortresses), 1u);
}

TEST(ElementEarth, AFortressGrowsAndStaysForTheRestOfTheGame) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.put("earth", {"C3", "C4", "C5"}, true);
  pos.turn(0, {"earth", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("earth", "D5")));  // joins the fortress
  EXPECT_TRUE(pos.state->fortified(pos.cell("D5")));
  ASSERT_TRUE(pos.play(kEndTurn));
  pos.turn(1, {"wind", "wind", "wind", "wind"});
  for (const char* sq : {"C3", "C4", "C5", "D5"}) EXPECT_FALSE(pos.isLegal(pos.place("wind", sq))) << sq;
}

// WATER: "if you add a Water stone to a straight line of 3 Water stones, you may
// then move that river 3 spaces forward, in the direction of the newly placed
// Water stone."
TEST(ElementWater, AWallOfThreeFlowsThreeSquares) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.put("water", {"E2", "E3", "E4"});
  pos.turn(0, {"water", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("water", "E5")));
  ASSERT_EQ(pos.state->stage(), Stage::ChooseRiver);  // flow_optional: the player may leave it
  EXPECT_TRUE(pos.isLegal(riverAction(0)));
  EXPECT_TRUE(pos.isLegal(kRiverNone));
  EXPECT_FALSE(pos.isLegal(riverAction(2)));
  ASSERT_TRUE(pos.play(riverAction(0)));  // heading north
  ASSERT_EQ(pos.state->stage(), Stage::Steer);
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(pos.play(steerAction(kForward)));
  EXPECT_EQ(pos.state->stage(), Stage::Play);
  for (const char* sq : {"E5", "E6", "E7", "E8"}) EXPECT_EQ(pos.at(sq), "water") << sq;
  for (const char* sq : {"E2", "E3", "E4"}) EXPECT_EQ(pos.at(sq), "") << sq;
  EXPECT_EQ(pos.state->counters().count(0, kCounterFlows), 1u);
  EXPECT_EQ(pos.state->counters().count(0, kCounterFlowSteps), 3u);
  EXPECT_EQ(pos.state->supply(pos.stone("water")), 26);
}

// Picture 4 and its captions: a water stone placed next to a wall of 3 (river 1)
// and to another wall (river 2): "you chose to flow river 1 but you could also
// have chosen to flow river 2"; "As the river hits the edge of the board, you
// can choose to turn left or right and it continues to flow"; "the Fire stone
// that was laying in the path of the water got replaced, as Water defeats Fire";
// "You could have also chosen to turn river 1 right before hitting the edge."
TEST(ElementWater, PictureFourRiverTurnsAtTheEdgeAndPutsOutFire) {
  Position pos;
  pos.sorcerers("F5", "F7");
  pos.put("water", {"C7", "C8", "C9"});  // river 1, below C10
  pos.put("water", {"A10", "B10"});      // river 2, left of C10
  pos.put("fire", {"A11"});
  pos.turn(0, {"water", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("water", "C10")));
  ASSERT_EQ(pos.state->stage(), Stage::ChooseRiver);
  EXPECT_TRUE(pos.isLegal(riverAction(0)));  // river 1 flows north
  EXPECT_TRUE(pos.isLegal(riverAction(2)));  // river 2 flows east
  ASSERT_TRUE(pos.play(riverAction(0)));
  ASSERT_EQ(pos.state->stage(), Stage::Steer);
  EXPECT_TRUE(pos.isLegal(steerAction(kForward)));  // C11
  EXPECT_TRUE(pos.isLegal(steerAction(kRight)));    // D10: turning before the edge
  EXPECT_FALSE(pos.isLegal(steerAction(kLeft)));    // B10 is river 2's water
  ASSERT_TRUE(pos.play(steerAction(kForward)));
  ASSERT_EQ(pos.state->stage(), Stage::Steer);      // at the edge: left or right
  EXPECT_FALSE(pos.isLegal(steerAction(kForward)));
  ASSERT_TRUE(pos.play(steerAction(kLeft)));        // "then making a left" onto B11
  // Forward onto A11's fire is the only way left: forced, no decision.
  EXPECT_EQ(pos.state->stage(), Stage::Play);
  for (const char* sq : {"A11", "B11", "C11", "C10"}) EXPECT_EQ(pos.at(sq), "water") << sq;
  for (const char* sq : {"C7", "C8", "C9"}) EXPECT_EQ(pos.at(sq), "") << sq;
  EXPECT_EQ(pos.at("A10"), "water");  // river 2 stays
  EXPECT_EQ(pos.state->supply(pos.stone("fire")), 30);
  EXPECT_EQ(pos.state->counters().count(0, kCounterFlowReplaced), 1u);
}

// "When the end of the river has a "L" or "T" shape", you can only flow the
// stones that are directly behind the newly placed water stone."
TEST(ElementWater, OnlyTheStonesBehindTheNewOneFlow) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.put("water", {"C3", "C4", "C5", "D3"});  // an L: D3 hangs off C3
  pos.turn(0, {"water", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("water", "C6")));
  ASSERT_TRUE(pos.play(riverAction(0)));
  while (pos.state->stage() == Stage::Steer) ASSERT_TRUE(pos.play(steerAction(kForward)));
  for (const char* sq : {"C6", "C7", "C8", "C9"}) EXPECT_EQ(pos.at(sq), "water") << sq;
  EXPECT_EQ(pos.at("D3"), "water");
  EXPECT_EQ(pos.at("C3"), "");
}

// "If the river is unable to flow by the number of spaces allowed, it will just
// stop ... if it cannot turn left or right as it runs into the edge of the
// board, the Sorcerers or other stones. It cannot flow backwards."
TEST(ElementWater, ABlockedRiverStops) {
  Position pos(variantGame({{"parameters.flow_optional", "false"}}));
  pos.sorcerers("A1", "C11");
  pos.put("water", {"B8", "B9"});
  pos.put("earth", {"A11"});  // left of the head's way at the top edge; C11 is a sorcerer
  pos.turn(0, {"water", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("water", "B10")));  // one wall, flow_optional off: it flows at once
  ASSERT_EQ(pos.state->stage(), Stage::Steer);       // B11, A10 and C10 are open: the player steers
  ASSERT_TRUE(pos.play(steerAction(kForward)));  // B11: then edge ahead, earth left, sorcerer right
  EXPECT_EQ(pos.state->stage(), Stage::Play);
  EXPECT_EQ(pos.at("B11"), "water");
  EXPECT_EQ(pos.at("B10"), "water");
  EXPECT_EQ(pos.at("B9"), "water");  // a wall of two flowed only one square
  EXPECT_EQ(pos.at("B8"), "");
}

// "It doesn't matter which player built the river in the first place, each
// player can use it and flow it, as they wish" (and "All stones placed on the
// board are usable by both players").
TEST(ElementWater, EitherPlayerFlowsAnyRiver) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.put("water", {"F2", "G2"});
  pos.turn(1, {"water", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("water", "H2")));
  ASSERT_TRUE(pos.play(riverAction(2)));  // east
  while (pos.state->stage() == Stage::Steer) ASSERT_TRUE(pos.play(steerAction(kForward)));
  EXPECT_EQ(pos.at("J2"), "water");
  EXPECT_EQ(pos.state->counters().count(1, kCounterFlows), 1u);
}

}  // namespace
}  // namespace wb::rulesets::element::test
