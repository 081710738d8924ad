// The shared conformance suite (tests/simulation/conformance.h) on the shipped
// Elem Master ruleset: 2 players, 4 players free-for-all, 2v2, and 2 players with
// events and the free start.
#include "tests/rulesets/elem_master/elem_master_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::elem_master::testing {

WB_CONFORMANCE_TESTS(ElemMasterConformance2p, sharedGame(), (sim::GameSetup{2, {0, 1}}));
WB_CONFORMANCE_TESTS(ElemMasterConformance4pFfa, sharedGame(), (sim::GameSetup{4, {2, 3, 4, 5}}));
WB_CONFORMANCE_TESTS(ElemMasterConformance2v2, makeGame({{"four_player_mode", "teams"}}),
                     (sim::GameSetup{4, {6, 7, 8, 9}}));
WB_CONFORMANCE_TESTS(ElemMasterConformanceEvents,
                     makeGame({{"events", "true"}, {"start", "free"}, {"terrain_set", "standard_difficult"}}),
                     (sim::GameSetup{2, {10, 11}}));
WB_CONFORMANCE_TESTS(ElemMasterConformanceSpecialties,
                     makeGame({{"events", "true"}, {"arena_2p", "random"}, {"terrain_set", "advantageous_difficult"}}),
                     (sim::GameSetup{2, {12, 13}}));
WB_CONFORMANCE_TESTS(ElemMasterConformanceSpecialties2,
                     makeGame({{"events", "true"}, {"start", "free"}, {"specialty_choice", "draft"}}),
                     (sim::GameSetup{2, {14, 15}}));
WB_CONFORMANCE_TESTS(ElemMasterConformanceSpecialties3, makeGame({{"events", "true"}}),
                     (sim::GameSetup{2, {16, 8}}));
WB_CONFORMANCE_TESTS(ElemMasterConformance2v2Draft,
                     makeGame({{"four_player_mode", "teams"}, {"specialty_choice", "draft"}, {"events", "true"}, {"start", "free"}}),
                     (sim::GameSetup{4, {}}));

TEST(ElemMasterRuleset, LoadsWithoutErrors) {
  const model::LoadResult& r = loadedRuleset();
  EXPECT_TRUE(r.ok()) << r.diagnostics.format();
  ASSERT_TRUE(sharedGame() != nullptr);
  const ElemMasterRules& rules = sharedGame()->rules();
  EXPECT_EQ(rules.terrains.size(), 12u);
  EXPECT_EQ(rules.blocks.size(), 24u);
  EXPECT_EQ(rules.specialties.size(), 16u);
  EXPECT_EQ(rules.events.size(), 30u);
  EXPECT_EQ(sharedGame()->factions().size(), 17u);
  EXPECT_EQ(rules.actionPoints, 3);
  EXPECT_EQ(rules.maxLevel, 3);
  EXPECT_EQ(rules.tokensPerElement, 6);
  for (const EventDef& e : rules.events) EXPECT_NE(e.op, EventOp::None) << e.id;
  for (const SpecialtyDef& s : rules.specialties) EXPECT_NE(s.op, SpecOp::None) << s.id;
}

}  // namespace wb::rulesets::elem_master::testing
