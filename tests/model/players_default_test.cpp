// `players: {min, max, default}` (Zoneplex's box says 3-5
// monks, 2 is a variant, and runs started at 2): the default seat count is
// read, written back, and must lie in the range; without it a run starts at min.
#include <gtest/gtest.h>

#include "model/validation/ruleset_validator.h"
#include "model/yaml/ruleset_loader.h"
#include "model/yaml/ruleset_writer.h"

namespace wb::model {
namespace {

std::string rulesetWith(const std::string& players) {
  return "id: toy\nname: Toy\nengine: toy\nversion: 1\nplayers: " + players + "\n";
}

TEST(PlayersDefault, ReadWrittenAndUsedAsTheInitialSeatCount) {
  LoadResult r = loadRulesetFromString(rulesetWith("{min: 2, max: 5, default: 3}"), "toy.yaml");
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  EXPECT_EQ(r.ruleset.players.min, 2);
  EXPECT_EQ(r.ruleset.players.usual, 3);
  EXPECT_EQ(r.ruleset.players.initial(), 3);
  const std::string yaml = toYaml(r.ruleset);
  EXPECT_NE(yaml.find("players: {min: 2, max: 5, default: 3}"), std::string::npos) << yaml;
  LoadResult again = loadRulesetFromString(yaml, "toy.yaml");
  EXPECT_EQ(again.ruleset.players, r.ruleset.players);

  LoadResult plain = loadRulesetFromString(rulesetWith("{min: 2, max: 4}"), "toy.yaml");
  ASSERT_TRUE(plain.ok());
  EXPECT_EQ(plain.ruleset.players.initial(), 2);
  EXPECT_EQ(toYaml(plain.ruleset).find("default"), std::string::npos);
}

TEST(PlayersDefault, OutsideTheRangeIsAnErrorAtItsPlace) {
  LoadResult r = loadRulesetFromString(rulesetWith("{min: 3, max: 5, default: 2}"), "toy.yaml");
  Diagnostics d;
  validateRuleset(r.ruleset, nullptr, d);
  ASSERT_TRUE(d.hasErrors());
  EXPECT_NE(d.format().find("toy.yaml:5:"), std::string::npos) << d.format();
  EXPECT_NE(d.format().find("'players.default' must be between"), std::string::npos) << d.format();
}

}  // namespace
}  // namespace wb::model
