// A Fear's strength, a step card's steps and tiles and a Fear's relics outside
// what the engine plays are errors at their line ("keep
// the model and the file valid for every field"). Before, the engine clamped
// them silently: a Fear of strength -5 was played as 0 while the file, the
// window and `balance validate` said "ok". Rules: "A Word on Fears" (strength
// = die + the card's number), "Action Cards" (exact steps, tiles placed).
#include <gtest/gtest.h>

#include "model/path/ruleset_path.h"
#include "model/validation/ruleset_validator.h"
#include "tests/rulesets/zoneplex/zoneplex_fixture.h"

namespace wb::rulesets::zoneplex::test {
namespace {

TEST(ZoneplexCardRanges, ANegativeFearStrengthIsAnErrorAtItsLine) {
  model::LoadResult r = loadShipped();
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  std::string why;
  ASSERT_TRUE(model::setPath(r.ruleset, "cards.fear_blue_5.properties.strength", "-5", &why)) << why;
  model::Diagnostics d;
  model::validateRuleset(r.ruleset, &engineSchema(), d);
  ASSERT_TRUE(d.hasErrors());
  const std::string text = d.format();
  EXPECT_NE(text.find("cards.yaml:43:"), std::string::npos) << text;
  EXPECT_NE(text.find("strength must be between 0 and 100, got -5"), std::string::npos) << text;

  model::Diagnostics none;
  ASSERT_TRUE(model::setPath(r.ruleset, "cards.fear_blue_5.properties.strength", "100", &why)) << why;
  model::validateRuleset(r.ruleset, &engineSchema(), none);
  EXPECT_FALSE(none.hasErrors()) << none.format();
}

TEST(ZoneplexCardRanges, StepsTilesAndRelicsOutsideTheirRangeAreErrors) {
  model::LoadResult r = loadShipped();
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  std::string why;
  ASSERT_TRUE(model::setPath(r.ruleset, "cards.step_2.properties.steps", "11", &why)) << why;
  ASSERT_TRUE(model::setPath(r.ruleset, "cards.step_3.properties.tiles", "-1", &why)) << why;
  ASSERT_TRUE(model::setPath(r.ruleset, "cards.fear_green_6.properties.relics", "12", &why)) << why;
  model::Diagnostics d;
  model::validateRuleset(r.ruleset, &engineSchema(), d);
  const std::string text = d.format();
  EXPECT_NE(text.find("'step_2': steps must be between 0 and 10, got 11"), std::string::npos) << text;
  EXPECT_NE(text.find("'step_3': tiles must be between 0 and 10, got -1"), std::string::npos) << text;
  EXPECT_NE(text.find("'fear_green_6': relics must be between 0 and 10, got 12"), std::string::npos) << text;
}

}  // namespace
}  // namespace wb::rulesets::zoneplex::test
