// Element rule tests from scripted positions: the dice, placing and replacing
// stones, the turn, capture and the game's end. Each test cites the rulebook
// (seed file 001) or, for what the text leaves open, the `assumed` value.
#include "tests/rulesets/element/element_fixture.h"

namespace wb::rulesets::element::test {
namespace {

int countKind(const ElementState& s, ActionKind kind) {
  int n = 0;
  for (sim::Action a : s.legalActions()) n += decode(a).kind == kind ? 1 : 0;
  return n;
}

// "Fire ... can replace a Wind stone", "Wind ... an Earth stone", "Earth ... a
// Water stone", "Water ... a Fire stone"; "you can place your stones on any empty
// square or replace existing stones, according to their natural properties."
TEST(ElementPlacement, TheReplacementCycle) {
  Position pos;
  pos.put("fire", {"A1"});
  pos.put("wind", {"B1"});
  pos.put("earth", {"C1"});
  pos.put("water", {"D1"});
  pos.turn(0, {"fire", "wind", "earth", "water"});
  EXPECT_TRUE(pos.isLegal(pos.place("fire", "B1")));
  EXPECT_TRUE(pos.isLegal(pos.place("wind", "C1")));
  EXPECT_TRUE(pos.isLegal(pos.place("earth", "D1")));
  EXPECT_TRUE(pos.isLegal(pos.place("water", "A1")));
  for (const char* stone : {"fire", "wind", "earth", "water"}) {
    EXPECT_TRUE(pos.isLegal(pos.place(stone, "K11"))) << stone << " on an empty square";
    EXPECT_FALSE(pos.isLegal(pos.place(stone, "F5"))) << stone << " on a sorcerer";
    EXPECT_FALSE(pos.isLegal(pos.place(stone, "F7"))) << stone << " on a sorcerer";
  }
  EXPECT_FALSE(pos.isLegal(pos.place("fire", "C1")));   // fire does not beat earth
  EXPECT_FALSE(pos.isLegal(pos.place("fire", "D1")));   // nor water
  EXPECT_FALSE(pos.isLegal(pos.place("fire", "A1")));   // nor itself
  EXPECT_FALSE(pos.isLegal(pos.place("wind", "A1")));
  EXPECT_FALSE(pos.isLegal(pos.place("water", "C1")));
  // 4 stones x (121 squares - 2 sorcerers - 4 stones) + one replacement each.
  EXPECT_EQ(countKind(*pos.state, ActionKind::Place), 4 * 115 + 4);
}

// "If you replace Elements on the board during your turn, they are returned to the Element trays."
TEST(ElementPlacement, ReplacedStonesGoBackToTheirTray) {
  Position pos;
  pos.put("wind", {"B1"});
  const int fire = pos.stone("fire"), wind = pos.stone("wind");
  EXPECT_EQ(pos.state->supply(wind), 29);
  pos.turn(0, {"fire", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(pos.place("fire", "B1")));
  EXPECT_EQ(pos.at("B1"), "fire");
  EXPECT_EQ(pos.state->supply(wind), 30);
  EXPECT_EQ(pos.state->supply(fire), 29);
}

// "If the Element seal is rolled, you can choose which Element stone you want
// for that dice"; "If the Element type logo is rolled, the Sorcerer can move an
// extra step." The named die is used before the seal.
TEST(ElementDice, SealIsAnyStoneAndLogoIsAStep) {
  Position pos;
  pos.turn(0, {"fire", "seal", "logo", "logo"});
  EXPECT_EQ(pos.state->need(pos.stone("fire")), 1);
  EXPECT_EQ(pos.state->seals(), 1);
  EXPECT_EQ(pos.state->stepsLeft(), 3);  // one step with each turn + one per logo
  for (const char* stone : {"fire", "wind", "earth", "water"}) EXPECT_TRUE(pos.isLegal(pos.place(stone, "A1"))) << stone;
  ASSERT_TRUE(pos.play(pos.place("fire", "A1")));
  EXPECT_EQ(pos.state->need(pos.stone("fire")), 0);
  EXPECT_EQ(pos.state->seals(), 1);  // the named fire die was used first
  EXPECT_EQ(pos.state->actionToString(pos.place("fire", "A3")), "fire@A3 (seal)");
  ASSERT_TRUE(pos.play(pos.place("fire", "A3")));
  EXPECT_EQ(pos.state->seals(), 0);
  EXPECT_EQ(countKind(*pos.state, ActionKind::Place), 0);
}

// "All stones earned on a roll must be played on that turn. You can't save them."
TEST(ElementTurn, EveryStoneMustBePlayedBeforeTheTurnEnds) {
  Position pos;
  pos.turn(0, {"earth", "earth", "logo", "logo"});
  EXPECT_FALSE(pos.isLegal(kEndTurn));
  ASSERT_TRUE(pos.play(pos.place("earth", "A1")));
  EXPECT_FALSE(pos.isLegal(kEndTurn));
  ASSERT_TRUE(pos.play(pos.place("earth", "K11")));
  EXPECT_TRUE(pos.isLegal(kEndTurn));
  ASSERT_TRUE(pos.play(kEndTurn));
  EXPECT_EQ(pos.state->currentPlayer(), 1);
  EXPECT_EQ(pos.state->turnCount(), 2);  // turns started: the next player's is the second
  EXPECT_EQ(pos.state->roll().count(), 4);  // the next player's roll
}

// Assumed (the text is silent): a stone whose tray is empty cannot be taken, and
// a taken stone with no legal square is lost; the turn may then end.
TEST(ElementTurn, AnEmptyTrayOrNoSquareLosesTheStone) {
  auto game = variantGame({{"parameters.stones_per_element", "3"}});
  Position pos(game);
  pos.put("water", {"A1", "A3", "A5"});  // all three water stones on the board
  pos.turn(0, {"water", "fire", "logo", "logo"});
  EXPECT_EQ(pos.state->supply(pos.stone("water")), 0);
  EXPECT_FALSE(pos.isLegal(pos.place("water", "K11")));
  ASSERT_TRUE(pos.play(pos.place("fire", "K11")));
  EXPECT_TRUE(pos.isLegal(kEndTurn));
  ASSERT_TRUE(pos.play(kEndTurn));
  EXPECT_EQ(pos.state->counters().count(0, kCounterLostStones), 1u);
}

// "You can choose to move your Sorcerer one space, to any open square, at any
// point during your turn"; "You're not required to move your Sorcerer."
TEST(ElementTurn, OneStepAnyDirectionAtAnyPoint) {
  Position pos;
  pos.turn(0, {"fire", "fire", "earth", "water"});
  // F5's eight neighbours, F6 included (F7 holds the other sorcerer: its neighbours are free).
  EXPECT_EQ(countKind(*pos.state, ActionKind::Move), 8);
  EXPECT_TRUE(pos.isLegal(pos.move("E4")));  // diagonal (assumed: "one space in any direction")
  EXPECT_FALSE(pos.isLegal(pos.move("F3")));  // two steps
  EXPECT_FALSE(pos.isLegal(pos.move("F7")));  // the other sorcerer
  ASSERT_TRUE(pos.play(pos.place("fire", "A1")));
  ASSERT_TRUE(pos.play(pos.move("E4")));
  EXPECT_EQ(pos.state->stepsLeft(), 0);
  EXPECT_EQ(countKind(*pos.state, ActionKind::Move), 0);  // no step left, no wind to jump
  ASSERT_TRUE(pos.play(pos.place("fire", "A3")));
  ASSERT_TRUE(pos.play(pos.place("earth", "A5")));
  ASSERT_TRUE(pos.play(pos.place("water", "A7")));
  EXPECT_TRUE(pos.isLegal(kEndTurn));
}

TEST(ElementTurn, OrthogonalStepsVariant) {
  Position pos(variantGame({{"parameters.diagonal_steps", "false"}}));
  pos.turn(0, {"fire", "fire", "earth", "water"});
  EXPECT_EQ(countKind(*pos.state, ActionKind::Move), 4);
  EXPECT_FALSE(pos.isLegal(pos.move("E4")));
}

// One move reaches every square the steps and jumps can reach; two moves in a
// row are never offered (the second would reach nothing new).
TEST(ElementTurn, MovesAreNotRepeatedWithoutAPlacementBetween) {
  Position pos;
  pos.turn(0, {"logo", "logo", "fire", "fire"});
  EXPECT_TRUE(pos.isLegal(pos.move("F2")));  // three steps
  ASSERT_TRUE(pos.play(pos.move("F4")));
  EXPECT_EQ(pos.state->stepsLeft(), 2);
  EXPECT_FALSE(pos.isLegal(pos.move("F3")));
  ASSERT_TRUE(pos.play(pos.place("fire", "A1")));
  EXPECT_TRUE(pos.isLegal(pos.move("F2")));
}

// "The effect of each stone played takes place individually ... you could use an
// Earth stone to remove a Water stone, then use a Wind stone to remove the Earth
// stone you just played, in order to help your Sorcerer escape."
TEST(ElementTurn, EachStoneResolvesBeforeTheNext) {
  Position pos;
  pos.sorcerers("B2", "J10");
  // B2 walled in: A1 A2 A3 B1 B3 C1 C2 earth-proof stones, C3 water.
  pos.put("fire", {"A1", "A2", "A3", "B1", "B3", "C1", "C2"});
  pos.put("water", {"C3"});
  pos.turn(0, {"earth", "wind", "fire", "fire"});
  ASSERT_TRUE(pos.play(pos.place("earth", "C3")));  // earth removes the water
  EXPECT_EQ(pos.at("C3"), "earth");
  ASSERT_TRUE(pos.play(pos.place("wind", "C3")));   // wind removes the earth just played
  EXPECT_EQ(pos.at("C3"), "wind");
  EXPECT_EQ(pos.state->supply(pos.stone("earth")), 30);
  EXPECT_EQ(pos.state->supply(pos.stone("water")), 30);
  EXPECT_FALSE(pos.state->trapped(0));  // the wind leads to the open D4
  EXPECT_TRUE(pos.isLegal(pos.move("D4")));
}

// Picture 1: "the Sorcerer is completely surrounded and the game is over";
// "The game is won the instant the enemy Sorcerer is surrounded".
TEST(ElementCapture, SurroundedIsCapturedTheInstantItHappens) {
  Position pos;
  pos.sorcerers("B2", "F7");
  pos.put("earth", {"E6", "E7", "E8", "F8", "G8", "G7", "G6"});
  pos.turn(0, {"water", "fire", "fire", "fire"});
  EXPECT_FALSE(pos.state->trapped(1));
  EXPECT_EQ(pos.state->escapes(1), 1);  // F6
  ASSERT_TRUE(pos.play(pos.place("water", "F6")));
  EXPECT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->winner(), 0);
  EXPECT_EQ(pos.state->closer(), pos.stone("water"));
  EXPECT_EQ(pos.state->returns(), (std::vector<double>{1.0, 0.0}));
  EXPECT_TRUE(pos.state->legalActions().empty());
  EXPECT_EQ(pos.state->counters().count(0, captureCounter(pos.stone("water"))), 1u);
}

// "If one of the stones surrounding the enemy Sorcerer was a Wind stone that
// leads to an open space, then he still gets another turn."
TEST(ElementCapture, AWindLeadingToAnOpenSquareIsAnEscape) {
  Position pos;
  pos.sorcerers("B2", "F7");
  pos.put("earth", {"E6", "E7", "E8", "F8", "G7", "G6"});
  pos.put("wind", {"G8"});
  pos.turn(0, {"water", "fire", "fire", "fire"});
  ASSERT_TRUE(pos.play(pos.place("water", "F6")));
  EXPECT_FALSE(pos.state->isTerminal());  // the wind at G8 leads to the empty H9
  EXPECT_EQ(pos.state->escapes(1), 1);
  ASSERT_TRUE(pos.play(pos.place("fire", "H9")));  // the landing is closed: now captured
  EXPECT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->winner(), 0);
}

// "Sorcerers can be used to block and trap each other."
TEST(ElementCapture, ASorcererClosesTheRing) {
  Position pos;
  pos.sorcerers("F5", "F7");
  pos.put("earth", {"E6", "E7", "E8", "F8", "G8", "G7", "G6"});
  pos.turn(0, {"fire", "fire", "fire", "fire"});
  EXPECT_EQ(pos.state->escapes(1), 1);
  ASSERT_TRUE(pos.play(pos.move("F6")));
  EXPECT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->closer(), kClosedBySorcerer);
  EXPECT_EQ(pos.state->counters().count(0, kCounterCaptureBySorcerer), 1u);
}

// Assumed: a sorcerer that ends its own turn unable to move is captured.
TEST(ElementCapture, EndingYourTurnWalledInLoses) {
  Position pos;
  pos.sorcerers("A1", "K11");
  pos.turn(0, {"earth", "earth", "earth", "logo"});
  ASSERT_TRUE(pos.play(pos.place("earth", "A2")));
  ASSERT_TRUE(pos.play(pos.place("earth", "B2")));
  ASSERT_TRUE(pos.play(pos.place("earth", "B1")));  // own corner closed (a fortress, even)
  EXPECT_TRUE(pos.state->trapped(0));
  EXPECT_FALSE(pos.state->isTerminal());  // only the enemy is captured at once
  ASSERT_TRUE(pos.play(kEndTurn));
  EXPECT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->winner(), 1);
  EXPECT_EQ(pos.state->closer(), kClosedBySelf);
}

// Assumed: turn_limit ends an unfinished duel as a draw, reported as adjudicated.
TEST(ElementEnd, TurnLimitIsAnAdjudicatedDraw) {
  Position pos(variantGame({{"parameters.turn_limit", "2"}}));
  pos.sorcerers("A1", "K11");
  pos.turn(0, {"logo", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(kEndTurn));
  ASSERT_FALSE(pos.state->isTerminal());
  pos.turn(1, {"logo", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(kEndTurn));
  EXPECT_TRUE(pos.state->isTerminal());
  EXPECT_TRUE(pos.state->adjudicated());
  EXPECT_EQ(pos.state->returns(), (std::vector<double>{0.5, 0.5}));
}

}  // namespace
}  // namespace wb::rulesets::element::test
