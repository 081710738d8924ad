// The shared conformance suite (tests/simulation/conformance.h) on Element, and
// the shipped ruleset's counts against the rulebook and the recovered facts.
#include "model/path/ruleset_path.h"
#include "tests/rulesets/element/element_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::element::test {

std::shared_ptr<const ElementGame> variantGame(const std::vector<std::pair<std::string, std::string>>& sets) {
  model::LoadResult r = loadShipped();
  EXPECT_TRUE(r.ok()) << r.diagnostics.format();
  for (const auto& [path, value] : sets) {
    std::string error;
    EXPECT_TRUE(model::setPath(r.ruleset, path, value, &error)) << error;
  }
  model::Diagnostics d;
  std::shared_ptr<const ElementGame> g = ElementGame::create(r.ruleset, d);
  EXPECT_TRUE(g != nullptr) << d.format();
  return g;
}

namespace {

WB_CONFORMANCE_TESTS(ElementConformance, shippedGame(), (wb::sim::GameSetup{2, {}}));
// Variants: no optional rivers, orthogonal steps only, a larger board, two seals.
WB_CONFORMANCE_TESTS(ElementConformanceVariant,
                     variantGame({{"parameters.flow_optional", "false"},
                                  {"parameters.diagonal_steps", "false"},
                                  {"parameters.board_size", "13"},
                                  {"dice.element.faces", "[fire, wind, earth, water, seal, seal]"}}),
                     (wb::sim::GameSetup{2, {}}));
// The other readings of the assumed parameters.
WB_CONFORMANCE_TESTS(ElementConformanceReadings,
                     variantGame({{"parameters.sorcerer_moves", "once"},
                                  {"parameters.walled_in_self", "at_once"},
                                  {"parameters.both_walled_in", "draw"},
                                  {"parameters.river_capture", "after_flow"}}),
                     (wb::sim::GameSetup{2, {}}));

TEST(ElementLoad, ShippedRulesetMatchesTheRulebook) {
  model::LoadResult r = loadShipped();
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  const ElementRules& R = shippedGame()->rules();
  // README "Element (file 001)": 11x11, 30 stones per element, starts F5 and F7.
  EXPECT_EQ(R.side, 11);
  EXPECT_EQ(R.stonesPerElement, 30);
  EXPECT_EQ(R.squareName(R.start[0]), "F5");
  EXPECT_EQ(R.squareName(R.start[1]), "F7");
  // "rolling all four Element Dice"; six faces: four elements, the logo, the seal.
  EXPECT_EQ(R.dicePerTurn, 4);
  ASSERT_EQ(R.faces.size(), 6u);
  EXPECT_EQ(R.faces[4].kind, FaceKind::Steps);
  EXPECT_EQ(R.faces[4].steps, 1);
  EXPECT_EQ(R.faces[5].kind, FaceKind::AnyStone);
  // The cycle: fire > wind > earth > water > fire.
  const int fire = R.stoneOf("fire"), wind = R.stoneOf("wind"), earth = R.stoneOf("earth"), water = R.stoneOf("water");
  EXPECT_EQ(R.stones[fire].beats, 1u << wind);
  EXPECT_EQ(R.stones[wind].beats, 1u << earth);
  EXPECT_EQ(R.stones[earth].beats, 1u << water);
  EXPECT_EQ(R.stones[water].beats, 1u << fire);
  EXPECT_EQ(R.stones[fire].power, Power::Spread);
  EXPECT_EQ(R.stones[wind].power, Power::Jump);
  EXPECT_EQ(R.stones[earth].power, Power::Fortress);
  EXPECT_EQ(R.stones[water].power, Power::Flow);
  EXPECT_EQ(R.fortressSize, 3);
  // Assumed initial stones: 2 per element, half-turn symmetric about F6.
  for (const StoneDef& s : R.stones) {
    ASSERT_EQ(s.initial.size(), 2u) << s.id;
    EXPECT_EQ(s.initial[0] + s.initial[1], R.cells - 1) << s.id;
  }
  EXPECT_EQ(R.ids, (std::vector<std::string>{"fire", "wind", "earth", "water", "logo", "seal"}));
}

TEST(ElementLoad, InitialPosition) {
  sim::Rng rng(3);
  auto s = shippedGame()->newGame(rng);
  EXPECT_EQ(s->currentPlayer(), 0);
  EXPECT_EQ(s->roll().count(), 4);
  EXPECT_EQ(s->stoneAt(s->cellAt("C4")), s->rules().stoneOf("fire"));
  EXPECT_EQ(s->stoneAt(s->cellAt("I8")), s->rules().stoneOf("fire"));
  EXPECT_EQ(s->supply(s->rules().stoneOf("fire")), 28);
  EXPECT_FALSE(s->trapped(0));
  EXPECT_FALSE(s->trapped(1));
  EXPECT_EQ(s->escapes(0), 8);
}

}  // namespace
}  // namespace wb::rulesets::element::test
