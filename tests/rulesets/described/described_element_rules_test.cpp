// Element's rules through play, on both engines: each test sets a position up
// the same way on the C++ engine and on the game written in the rules language
// (element_duel.h), takes actions by name and checks the outcome. The tests
// are those of tests/rulesets/element that check a rule through play, each
// citing the rule of seed file 001 (or the assumed reading) it checks.
#include "tests/rulesets/described/element_duel.h"

namespace wb::rulesets::described::testing {
namespace {

class ElementBothEngines : public ::testing::TestWithParam<std::string> {
 protected:
  std::unique_ptr<Duel> duel(const Sets& sets = {}) { return makeDuel(GetParam(), sets); }
  // A reading the engines spell differently (element's enum, the description's boolean).
  std::unique_ptr<Duel> duel(const Sets& element, const Sets& described) {
    return makeDuel(GetParam(), GetParam() == "element" ? element : described);
  }
};

// "Fire ... can replace a Wind stone", "Wind ... an Earth stone", "Earth ... a
// Water stone", "Water ... a Fire stone"; on any empty square, not a sorcerer.
TEST_P(ElementBothEngines, TheReplacementCycle) {
  auto d = duel();
  d->sorcerers("F5", "F7");
  d->put("fire", {"A1"});
  d->put("wind", {"B1"});
  d->put("earth", {"C1"});
  d->put("water", {"D1"});
  d->turn(0, {"fire", "wind", "earth", "water"});
  EXPECT_TRUE(d->isLegal("place fire B1"));
  EXPECT_TRUE(d->isLegal("place wind C1"));
  EXPECT_TRUE(d->isLegal("place earth D1"));
  EXPECT_TRUE(d->isLegal("place water A1"));
  for (const char* stone : {"fire", "wind", "earth", "water"}) {
    EXPECT_TRUE(d->isLegal(std::string("place ") + stone + " K11")) << stone;
    EXPECT_FALSE(d->isLegal(std::string("place ") + stone + " F5")) << stone << " on a sorcerer";
  }
  EXPECT_FALSE(d->isLegal("place fire C1"));
  EXPECT_FALSE(d->isLegal("place fire A1"));
  EXPECT_FALSE(d->isLegal("place water C1"));
  EXPECT_EQ(d->countLegal("place "), 4 * 115 + 4);
}

// "If you replace Elements on the board during your turn, they are returned to the Element trays."
TEST_P(ElementBothEngines, ReplacedStonesGoBackToTheirTray) {
  auto d = duel();
  d->sorcerers("F5", "F7");
  d->put("wind", {"B1"});
  EXPECT_EQ(d->supply("wind"), 29);
  d->turn(0, {"fire", "logo", "logo", "logo"});
  ASSERT_TRUE(d->play("place fire B1"));
  EXPECT_EQ(d->at("B1"), "fire");
  EXPECT_EQ(d->supply("wind"), 30);
  EXPECT_EQ(d->supply("fire"), 29);
}

// The seal is any stone, the named die is used first; every stone must be played.
TEST_P(ElementBothEngines, SealIsAnyStoneAndEveryStoneMustBePlayed) {
  auto d = duel();
  d->sorcerers("F5", "F7");
  d->turn(0, {"fire", "seal", "logo", "logo"});
  for (const char* stone : {"fire", "wind", "earth", "water"})
    EXPECT_TRUE(d->isLegal(std::string("place ") + stone + " A1")) << stone;
  EXPECT_FALSE(d->isLegal("end turn"));
  ASSERT_TRUE(d->play("place fire A1"));
  EXPECT_TRUE(d->isLegal("place water A3")) << "the seal is left";
  ASSERT_TRUE(d->play("place water A3"));
  EXPECT_EQ(d->countLegal("place "), 0);
  EXPECT_TRUE(d->isLegal("end turn"));
  EXPECT_TRUE(d->isLegal("move F3")) << "three steps: one a turn and two logos";
  ASSERT_TRUE(d->play("end turn"));
  EXPECT_EQ(d->state().turnCount(), 2);
}

// Assumed: a stone whose tray is empty is lost; the turn may then end.
TEST_P(ElementBothEngines, AnEmptyTrayLosesTheStone) {
  auto d = duel({{"parameters.stones_per_element", "3"}});
  d->sorcerers("F5", "F7");
  d->put("water", {"A1", "A3", "A5"});
  d->turn(0, {"water", "fire", "logo", "logo"});
  EXPECT_EQ(d->supply("water"), 0);
  EXPECT_FALSE(d->isLegal("place water K11"));
  ASSERT_TRUE(d->play("place fire K11"));
  ASSERT_TRUE(d->play("end turn"));
  EXPECT_EQ(d->count("lost_stones", 0), 1);
}

// "move your Sorcerer one space, to any open square, at any point during your
// turn"; diagonal (assumed); two moves in a row are one move.
TEST_P(ElementBothEngines, OneStepAnyDirectionAndNoTwoMovesInARow) {
  auto d = duel();
  d->sorcerers("F5", "F7");
  d->turn(0, {"fire", "fire", "logo", "logo"});
  EXPECT_TRUE(d->isLegal("move E4"));
  EXPECT_TRUE(d->isLegal("move F2"));  // three steps
  EXPECT_FALSE(d->isLegal("move F7"));
  ASSERT_TRUE(d->play("move F4"));
  EXPECT_FALSE(d->isLegal("move F3"));
  ASSERT_TRUE(d->play("place fire A1"));
  EXPECT_TRUE(d->isLegal("move F2"));
}

TEST_P(ElementBothEngines, OrthogonalStepsVariant) {
  auto d = duel({{"parameters.diagonal_steps", "false"}});
  d->sorcerers("F5", "F7");
  d->turn(0, {"fire", "fire", "earth", "water"});
  EXPECT_EQ(d->countLegal("move "), 4);
  EXPECT_FALSE(d->isLegal("move E4"));
}

// "The effect of each stone played takes place individually".
TEST_P(ElementBothEngines, EachStoneResolvesBeforeTheNext) {
  auto d = duel();
  d->sorcerers("B2", "J10");
  d->put("fire", {"A1", "A2", "A3", "B1", "B3", "C1", "C2"});
  d->put("water", {"C3"});
  d->turn(0, {"earth", "wind", "fire", "fire"});
  ASSERT_TRUE(d->play("place earth C3"));
  ASSERT_TRUE(d->play("place wind C3"));
  EXPECT_EQ(d->at("C3"), "wind");
  EXPECT_EQ(d->supply("earth"), 30);
  EXPECT_EQ(d->supply("water"), 30);
  EXPECT_EQ(d->escapes(0), 1);  // the wind leads to the open D4
  EXPECT_TRUE(d->isLegal("move D4"));
}

// Picture 1: "The game is won the instant the enemy Sorcerer is surrounded".
TEST_P(ElementBothEngines, SurroundedIsCapturedTheInstantItHappens) {
  auto d = duel();
  d->sorcerers("B2", "F7");
  d->put("earth", {"E6", "E7", "E8", "F8", "G8", "G7", "G6"});
  d->turn(0, {"water", "fire", "fire", "fire"});
  EXPECT_EQ(d->escapes(1), 1);
  ASSERT_TRUE(d->play("place water F6"));
  EXPECT_TRUE(d->terminal());
  EXPECT_EQ(d->returns(), (std::vector<double>{1.0, 0.0}));
  EXPECT_TRUE(d->legal().empty());
}

// "If one of the stones surrounding the enemy Sorcerer was a Wind stone that
// leads to an open space, then he still gets another turn."
TEST_P(ElementBothEngines, AWindLeadingToAnOpenSquareIsAnEscape) {
  auto d = duel();
  d->sorcerers("B2", "F7");
  d->put("earth", {"E6", "E7", "E8", "F8", "G7", "G6"});
  d->put("wind", {"G8"});
  d->turn(0, {"water", "fire", "fire", "fire"});
  ASSERT_TRUE(d->play("place water F6"));
  EXPECT_FALSE(d->terminal());
  ASSERT_TRUE(d->play("place fire H9"));
  EXPECT_TRUE(d->terminal());
  EXPECT_EQ(d->returns(), (std::vector<double>{1.0, 0.0}));
}

// "Sorcerers can be used to block and trap each other."
TEST_P(ElementBothEngines, ASorcererClosesTheRing) {
  auto d = duel();
  d->sorcerers("F5", "F7");
  d->put("earth", {"E6", "E7", "E8", "F8", "G8", "G7", "G6"});
  d->turn(0, {"fire", "fire", "fire", "fire"});
  ASSERT_TRUE(d->play("move F6"));
  EXPECT_TRUE(d->terminal());
  EXPECT_EQ(d->returns(), (std::vector<double>{1.0, 0.0}));
}

// Assumed: a sorcerer that ends its own turn unable to move is captured.
TEST_P(ElementBothEngines, EndingYourTurnWalledInLoses) {
  auto d = duel();
  d->sorcerers("A1", "K11");
  d->turn(0, {"earth", "earth", "earth", "logo"});
  ASSERT_TRUE(d->play("place earth A2"));
  ASSERT_TRUE(d->play("place earth B2"));
  ASSERT_TRUE(d->play("place earth B1"));
  EXPECT_EQ(d->escapes(0), 0);
  EXPECT_FALSE(d->terminal());
  ASSERT_TRUE(d->play("end turn"));
  EXPECT_TRUE(d->terminal());
  EXPECT_EQ(d->returns(), (std::vector<double>{0.0, 1.0}));
}

// FIRE: a free fire at the far end of each line the new one touches, if open;
// a free fire spreads no further; diagonals do not count.
TEST_P(ElementBothEngines, FireSpreadsToTheFarEndOfALineOnly) {
  auto d = duel();
  d->sorcerers("A1", "K11");
  d->put("fire", {"D5", "E5", "H8"});
  d->put("fire", {"D6", "D7"});
  d->turn(0, {"fire", "fire", "logo", "logo"});
  ASSERT_TRUE(d->play("place fire F5"));
  EXPECT_EQ(d->at("C5"), "fire");
  EXPECT_EQ(d->at("D8"), "") << "the free fire at C5 spreads no further";
  EXPECT_EQ(d->count("spreads", 0), 1);
  ASSERT_TRUE(d->play("place fire G7"));  // only diagonal to H8
  EXPECT_EQ(d->at("I9"), "");
  EXPECT_EQ(d->count("spreads", 0), 1);
}

// Picture 5: the seal's fire touches two lines, both spread, consuming winds, and capture.
TEST_P(ElementBothEngines, PictureFiveTwoFiresSpreadAndCapture) {
  auto d = duel();
  d->sorcerers("B2", "F7");
  d->put("earth", {"F8", "G8", "G7"});
  d->put("fire", {"E7"});
  d->put("wind", {"E8", "G6"});
  d->turn(0, {"fire", "seal", "logo", "logo"});
  ASSERT_TRUE(d->play("place fire F6"));
  EXPECT_EQ(d->escapes(1), 3);
  ASSERT_TRUE(d->play("place fire E6"));
  EXPECT_EQ(d->at("E8"), "fire");
  EXPECT_EQ(d->at("G6"), "fire");
  EXPECT_EQ(d->supply("wind"), 30);
  EXPECT_TRUE(d->terminal());
  EXPECT_EQ(d->returns(), (std::vector<double>{1.0, 0.0}));
}

// EARTH and picture 3: three orthogonally connected earth are a fortress nothing
// replaces; a diagonal earth is not part of it; the fortress grows.
TEST_P(ElementBothEngines, FortressAndTheDiagonalEarth) {
  auto d = duel();
  d->sorcerers("A1", "K11");
  d->put("earth", {"E5", "E6", "G7"});
  d->put("earth", {"C3", "C4", "C5"}, true);
  d->turn(0, {"earth", "earth", "wind", "wind"});
  EXPECT_TRUE(d->isLegal("place wind E5"));
  ASSERT_TRUE(d->play("place earth F6"));
  for (const char* sq : {"E5", "E6", "F6"}) {
    EXPECT_TRUE(d->locked(sq)) << sq;
    EXPECT_FALSE(d->isLegal(std::string("place wind ") + sq)) << sq;
  }
  EXPECT_TRUE(d->isLegal("place wind G7"));
  ASSERT_TRUE(d->play("place earth D5"));  // joins the fortress C3-C5
  EXPECT_TRUE(d->locked("D5"));
  EXPECT_EQ(d->count("fortresses", 0), 2);
}

// WATER: a wall of three flows three squares, head first, by the player's choice.
TEST_P(ElementBothEngines, AWallOfThreeFlowsThreeSquares) {
  auto d = duel();
  d->sorcerers("A1", "K11");
  d->put("water", {"E2", "E3", "E4"});
  d->turn(0, {"water", "logo", "logo", "logo"});
  ASSERT_TRUE(d->play("place water E5"));
  ASSERT_EQ(d->stage(), "river");
  EXPECT_TRUE(d->isLegal("river north"));
  EXPECT_TRUE(d->isLegal("leave river"));
  EXPECT_FALSE(d->isLegal("river east"));
  ASSERT_TRUE(d->play("river north"));
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(d->stage(), "steer");
    ASSERT_TRUE(d->play("steer forward"));
  }
  EXPECT_EQ(d->stage(), "play");
  for (const char* sq : {"E5", "E6", "E7", "E8"}) EXPECT_EQ(d->at(sq), "water") << sq;
  for (const char* sq : {"E2", "E3", "E4"}) EXPECT_EQ(d->at(sq), "") << sq;
  EXPECT_EQ(d->supply("water"), 26);
}

// Picture 4: two rivers to choose from; at the edge left or right; fire put out;
// forced steps need no decision.
TEST_P(ElementBothEngines, PictureFourRiverTurnsAtTheEdgeAndPutsOutFire) {
  auto d = duel();
  d->sorcerers("F5", "F7");
  d->put("water", {"C7", "C8", "C9"});
  d->put("water", {"A10", "B10"});
  d->put("fire", {"A11"});
  d->turn(0, {"water", "logo", "logo", "logo"});
  ASSERT_TRUE(d->play("place water C10"));
  EXPECT_TRUE(d->isLegal("river north"));
  EXPECT_TRUE(d->isLegal("river east"));
  ASSERT_TRUE(d->play("river north"));
  EXPECT_TRUE(d->isLegal("steer forward"));
  EXPECT_TRUE(d->isLegal("steer right"));
  EXPECT_FALSE(d->isLegal("steer left"));
  ASSERT_TRUE(d->play("steer forward"));
  EXPECT_FALSE(d->isLegal("steer forward"));
  ASSERT_TRUE(d->play("steer left"));
  EXPECT_EQ(d->stage(), "play");
  for (const char* sq : {"A11", "B11", "C11", "C10"}) EXPECT_EQ(d->at(sq), "water") << sq;
  for (const char* sq : {"C7", "C8", "C9"}) EXPECT_EQ(d->at(sq), "") << sq;
  EXPECT_EQ(d->at("A10"), "water");
  EXPECT_EQ(d->supply("fire"), 30);
}

// "It will just stop ... It cannot flow backwards"; with flow_optional off a
// single wall flows at once.
TEST_P(ElementBothEngines, ABlockedRiverStops) {
  auto d = duel({{"parameters.flow_optional", "false"}});
  d->sorcerers("A1", "C11");
  d->put("water", {"B8", "B9"});
  d->put("earth", {"A11"});
  d->turn(0, {"water", "logo", "logo", "logo"});
  ASSERT_TRUE(d->play("place water B10"));
  ASSERT_EQ(d->stage(), "steer");
  ASSERT_TRUE(d->play("steer forward"));
  EXPECT_EQ(d->stage(), "play");
  EXPECT_EQ(d->at("B11"), "water");
  EXPECT_EQ(d->at("B9"), "water");
  EXPECT_EQ(d->at("B8"), "");
}

// WIND: jumps over straight rows of wind cost no step, chain, and only wind is jumped.
TEST_P(ElementBothEngines, WindJumpsChainAndCostNothing) {
  auto d = duel();
  d->sorcerers("B2", "K11");
  d->put("wind", {"C3", "D4", "E5"});
  d->put("wind", {"C2", "D2"});
  d->put("earth", {"E2"});
  d->put("fire", {"B3"});
  d->turn(0, {"earth", "earth", "earth", "earth"});
  EXPECT_TRUE(d->isLegal("move F6"));   // three winds in a diagonal row, no step
  EXPECT_FALSE(d->isLegal("move D4"));  // not onto a wind inside the row
  EXPECT_FALSE(d->isLegal("move F2"));  // not over the earth
  EXPECT_FALSE(d->isLegal("move B4"));  // fire is not jumped
  ASSERT_TRUE(d->play("move F6"));
  EXPECT_TRUE(d->isLegal("place earth A1"));
  ASSERT_TRUE(d->play("place earth A1"));
  EXPECT_TRUE(d->isLegal("move G7")) << "the step is still there";
}

// Assumed readings, on both engines: sorcerer_moves once (one move a turn) and
// walled_in_self at_once (walling in one's own sorcerer loses at once).
TEST_P(ElementBothEngines, TheMovesOnceReading) {
  auto d = duel({{"parameters.sorcerer_moves", "once"}}, {{"parameters.moves_once", "true"}});
  d->sorcerers("F5", "F7");
  d->turn(0, {"fire", "fire", "logo", "logo"});
  ASSERT_TRUE(d->play("move F4"));
  ASSERT_TRUE(d->play("place fire A1"));
  EXPECT_EQ(d->countLegal("move "), 0);
}

TEST_P(ElementBothEngines, TheWalledInSelfAtOnceReading) {
  auto d = duel({{"parameters.walled_in_self", "at_once"}}, {{"parameters.self_capture_at_once", "true"}});
  d->sorcerers("A1", "K11");
  d->turn(0, {"earth", "earth", "earth", "logo"});
  ASSERT_TRUE(d->play("place earth A2"));
  ASSERT_TRUE(d->play("place earth B2"));
  ASSERT_TRUE(d->play("place earth B1"));
  EXPECT_TRUE(d->terminal());
  EXPECT_EQ(d->returns(), (std::vector<double>{0.0, 1.0}));
}

INSTANTIATE_TEST_SUITE_P(Engines, ElementBothEngines, ::testing::Values("element", "described"),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param == "element" ? "Cpp" : "Described"; });

}  // namespace
}  // namespace wb::rulesets::described::testing
