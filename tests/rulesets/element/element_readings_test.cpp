// Element: the readings where the rulebook (seed file 001) is silent or open, each
// a parameter marked `assumed` in the YAML with the other readings playable
// (audit shared/audits/element.md, sections 1 and 3): how often the
// sorcerer may move (and so start a new flight of wind jumps), walling in the own
// sorcerer, one stone walling in both, a river capturing in the middle of its
// flow; the assumed board and trays; who moves first; and the game's length in
// turns started, the last turn included.
#include <algorithm>

#include "tests/rulesets/element/element_fixture.h"

namespace wb::rulesets::element::test {
namespace {

const model::Parameter* shippedParameter(const std::string& id) {
  static const model::LoadResult r = loadShipped();
  return r.ruleset.parameter(id);
}

// "The Sorcerer can move one space, then 'catch' one or more Wind stones to float
// away. Or vice versa ... jump one or more wind stones, then move one space in any
// direction, then catch one or more Wind stones for further flight, all on the
// same turn." Whether a new flight may start after a placement, with no step left,
// the text does not say: `sorcerer_moves` (assumed) holds the reading.
struct FlightAfterPlacement {
  explicit FlightAfterPlacement(const std::string& moves)
      : pos(variantGame({{"parameters.sorcerer_moves", moves}})) {
    pos.sorcerers("C3", "K11");
    pos.put("wind", {"E3"});               // F3 lies beyond it
    pos.turn(0, {"fire", "fire", "earth", "water"});  // one step, no logo
    EXPECT_TRUE(pos.play(pos.move("D3")));  // the step (the jump from D3 stays for later)
    EXPECT_EQ(pos.state->stepsLeft(), 0);
    EXPECT_TRUE(pos.play(pos.place("fire", "A11")));
  }
  Position pos;
};

TEST(ElementReadings, AnyTimeMovesLetAFlightStartAfterEveryPlacement) {
  const model::Parameter* p = shippedParameter("sorcerer_moves");
  ASSERT_NE(p, nullptr) << "the wind-jump reading is a parameter";
  EXPECT_EQ(model::toString(p->value), "any_time");
  EXPECT_FALSE(p->assumed.empty());
  EXPECT_EQ(p->alternatives, (std::vector<std::string>{"stepping", "once"}));
  FlightAfterPlacement f("any_time");
  EXPECT_TRUE(f.pos.isLegal(f.pos.move("F3")));  // a jump alone, free, after a placement
}

TEST(ElementReadings, SteppingMovesAllowNoFlightOfJumpsAloneAfterAPlacement) {
  FlightAfterPlacement f("stepping");
  EXPECT_FALSE(f.pos.isLegal(f.pos.move("F3")));
  for (sim::Action a : f.pos.state->legalActions()) EXPECT_NE(decode(a).kind, ActionKind::Move);
  // With a step left, a later move may spend it and then catch the wind.
  Position pos(variantGame({{"parameters.sorcerer_moves", "stepping"}}));
  pos.sorcerers("C3", "K11");
  pos.put("wind", {"E3"});
  pos.turn(0, {"fire", "logo", "earth", "water"});  // two steps
  ASSERT_TRUE(pos.play(pos.move("C4")));
  ASSERT_TRUE(pos.play(pos.place("fire", "A11")));
  EXPECT_TRUE(pos.isLegal(pos.move("F3")));  // a step to D3, then the jump over E3
}

TEST(ElementReadings, OnceMovesAllowASingleMoveATurn) {
  FlightAfterPlacement f("once");
  EXPECT_FALSE(f.pos.isLegal(f.pos.move("F3")));
  Position pos(variantGame({{"parameters.sorcerer_moves", "once"}}));
  pos.turn(0, {"fire", "logo", "earth", "water"});
  ASSERT_TRUE(pos.play(pos.move("F4")));
  ASSERT_TRUE(pos.play(pos.place("fire", "A11")));
  EXPECT_EQ(pos.state->stepsLeft(), 1);
  EXPECT_FALSE(pos.isLegal(pos.move("F3")));  // a step is left, but the move is made
}

// "The game is won the instant the enemy Sorcerer is surrounded." Walling in your
// own sorcerer is not in the text: `walled_in_self` (assumed) says when it loses.
TEST(ElementReadings, WallingInYourOwnSorcererLosesAtOnceUnderTheOtherReading) {
  const model::Parameter* p = shippedParameter("walled_in_self");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(model::toString(p->value), "at_turn_end");
  EXPECT_FALSE(p->assumed.empty());
  Position pos(variantGame({{"parameters.walled_in_self", "at_once"}}));
  pos.sorcerers("A1", "K11");
  pos.turn(0, {"earth", "earth", "earth", "logo"});
  ASSERT_TRUE(pos.play(pos.place("earth", "A2")));
  ASSERT_TRUE(pos.play(pos.place("earth", "B2")));
  ASSERT_TRUE(pos.play(pos.place("earth", "B1")));
  EXPECT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->winner(), 1);
  EXPECT_EQ(pos.state->closer(), kClosedBySelf);
}

// One stone closing both rings: the text is silent (`both_walled_in`, assumed).
struct BothWalled {
  explicit BothWalled(std::shared_ptr<const ElementGame> g) : pos(std::move(g)) {
    // Sorcerers on A1 and C1; B1 is the last open square of both.
    pos.sorcerers("A1", "C1");
    pos.put("earth", {"A2", "B2", "C2", "D2", "D1"});
    pos.turn(0, {"earth", "fire", "fire", "fire"});
    EXPECT_TRUE(pos.play(pos.place("earth", "B1")));
  }
  Position pos;
};

TEST(ElementReadings, OneStoneWallingInBothWinsForTheMover) {
  const model::Parameter* p = shippedParameter("both_walled_in");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(model::toString(p->value), "mover_wins");
  EXPECT_FALSE(p->assumed.empty());
  BothWalled b(shippedGame());
  EXPECT_TRUE(b.pos.state->isTerminal());
  EXPECT_EQ(b.pos.state->winner(), 0);
}

TEST(ElementReadings, OneStoneWallingInBothIsADrawUnderTheOtherReading) {
  BothWalled b(variantGame({{"parameters.both_walled_in", "draw"}}));
  EXPECT_TRUE(b.pos.state->isTerminal());
  EXPECT_EQ(b.pos.state->winner(), -1);
  EXPECT_FALSE(b.pos.state->adjudicated());
  EXPECT_EQ(b.pos.state->returns(), (std::vector<double>{0.5, 0.5}));
}

// "If you add a Water stone to a straight line of 3 Water stones, you may then
// move that river 3 spaces forward"; the capture happens "the instant" the enemy
// is surrounded. Here the river's first square closes the ring around F3 and its
// second reopens it (the tail leaves E4): `river_capture` (assumed) decides.
struct MidFlowRing {
  explicit MidFlowRing(std::shared_ptr<const ElementGame> g) : pos(std::move(g)) {
    pos.sorcerers("K11", "F3");
    pos.put("water", {"E4", "E5"});
    pos.put("earth", {"F2", "G2", "G3", "G4", "F4", "D3", "D2"});
    pos.turn(0, {"water", "fire", "fire", "fire"});
    EXPECT_TRUE(pos.play(pos.place("water", "E3")));
    EXPECT_EQ(pos.state->stage(), Stage::ChooseRiver);
    EXPECT_TRUE(pos.play(riverAction(4)));  // flow south: E2, then E1
  }
  Position pos;
};

TEST(ElementReadings, ARiverCapturesTheInstantASquareClosesTheRing) {
  const model::Parameter* p = shippedParameter("river_capture");
  ASSERT_NE(p, nullptr);
  EXPECT_EQ(model::toString(p->value), "each_square");
  EXPECT_FALSE(p->assumed.empty());
  MidFlowRing m(shippedGame());
  EXPECT_TRUE(m.pos.state->isTerminal());
  EXPECT_EQ(m.pos.state->winner(), 0);
  EXPECT_EQ(m.pos.at("E4"), "water");  // the flow stopped where the ring closed
}

TEST(ElementReadings, ARiverCapturesOnlyAfterItsFlowUnderTheOtherReading) {
  MidFlowRing m(variantGame({{"parameters.river_capture", "after_flow"}}));
  EXPECT_FALSE(m.pos.state->isTerminal());
  EXPECT_EQ(m.pos.at("E1"), "water");
  EXPECT_EQ(m.pos.at("E4"), "");
  EXPECT_FALSE(m.pos.state->trapped(1));
}

// shared/seeds/README.md, "Element (file 001)": "Assumed: 11x11 board; 30 stones
// per element". A stone that cannot be placed is lost (the text is silent).
TEST(ElementReadings, BoardSizeAndTraysAreMarkedAssumed) {
  for (const char* id : {"board_size", "stones_per_element"}) {
    const model::Parameter* p = shippedParameter(id);
    ASSERT_NE(p, nullptr) << id;
    EXPECT_FALSE(p->assumed.empty()) << id << " is an assumption of the seeds' notes";
    EXPECT_FALSE(p->alternatives.empty()) << id;
  }
  EXPECT_NE(shippedParameter("stones_per_element")->assumed.find("lost"), std::string::npos);
}

// "Decide who goes first." Seat 0 always does (the runner rotates the seats): the
// YAML says so on the first sorcerer.
TEST(ElementReadings, WhoMovesFirstIsStatedInTheYaml) {
  static const model::LoadResult r = loadShipped();
  const model::Entity* first = r.ruleset.entity(model::Section::Tiles, "sorcerer_first");
  ASSERT_NE(first, nullptr);
  EXPECT_NE(first->assumed.find("Decide who goes first"), std::string::npos) << first->assumed;
  sim::Rng rng(3);
  auto s = shippedGame()->newInitialState(sim::GameSetup{2, {}}, rng);
  EXPECT_EQ(s->currentPlayer(), 0);
}

// DESIGN.md, "Length means turns started, the last (winning) turn included": the
// first turn is turn 1, and a duel won in the second player's first turn lasted 2.
TEST(ElementReadings, LengthCountsTheWinningTurn) {
  Position pos;
  EXPECT_EQ(pos.state->turnCount(), 1);
  pos.sorcerers("B2", "J10");
  pos.put("earth", {"A1", "A2", "A3", "B1", "B3", "C1", "C2"});  // C3 is B2's last open square
  pos.turn(0, {"logo", "logo", "logo", "logo"});
  ASSERT_TRUE(pos.play(kEndTurn));
  EXPECT_EQ(pos.state->turnCount(), 2);
  pos.turn(1, {"water", "fire", "fire", "fire"});
  ASSERT_TRUE(pos.play(pos.place("water", "C3")));
  ASSERT_TRUE(pos.state->isTerminal());
  EXPECT_EQ(pos.state->winner(), 1);
  EXPECT_EQ(pos.state->turnCount(), 2) << "two turns were played: the winning one counts";
}

}  // namespace
}  // namespace wb::rulesets::element::test
