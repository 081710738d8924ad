// Element: `balance validate` lists no value the audit (shared/audits/element.md,
// section 3) calls an assumption without an `assumed` mark: the test walks the
// shipped YAML, and only the values below come from the rulebook (seed file 001)
// or the facts recovered in shared/seeds/README.md.
#include "tests/rulesets/assumption_marks.h"
#include "tests/rulesets/element/element_fixture.h"

namespace wb::rulesets::element::test {
namespace {

TEST(ElementAssumptions, EveryValueWithoutASourceIsMarkedAssumed) {
  const model::LoadResult r = loadShipped();
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  const std::map<std::string, std::string> sourced = {
      {"dice_per_turn", "'rolls the four dice'"},
      {"base_steps", "'One step comes with each turn'"},
      {"fortress_size", "'Three or more Earth stones'"},
      {"element", "the die: four elements, the logo and the seal (text and recovered)"},
      {"logo", "'the Sorcerer can move an extra step'"},
      {"seal", "'you can choose which Element stone you want'"},
      {"sorcerer_second", "start F7, recovered (seeds README)"},
  };
  wb::rulesets::test::expectEveryUnsourcedValueAssumed(r.ruleset, sourced);
  // The audit's "assumed-but-unmarked" values by name.
  for (const char* id : {"board_size", "stones_per_element", "sorcerer_moves", "walled_in_self", "both_walled_in",
                         "river_capture"}) {
    const model::Parameter* p = r.ruleset.parameter(id);
    ASSERT_NE(p, nullptr) << id;
    EXPECT_FALSE(p->assumed.empty()) << id;
  }
}

}  // namespace
}  // namespace wb::rulesets::element::test
