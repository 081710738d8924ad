// Values that cannot mean anything are said at their line: an empty id (no
// path, --set or target can name it) is an error; an amount divided by a
// constant 0 (the engines take x / 0 as 0) or a constant part beyond a double
// (infinite) is a warning at its column. The seat count a ruleset starts at
// (players.default) is a change like any other.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/diff/ruleset_diff.h"
#include "model/yaml/ruleset_loader.h"

namespace wb::model {
namespace {

const char* kHead =
    "id: t\nname: T\nengine: toy\nversion: 1\nplayers: {min: 2, max: 4}\n"
    "dice:\n  - {id: fire, faces: [1, 2, 3, 4, 5, 6]}\n";

std::string diagnostics(const std::string& yaml) {
  return loadRulesetFromString(std::string(kHead) + yaml, "t.yaml").diagnostics.format();
}

TEST(MeaninglessValues, AnEmptyIdIsAnError) {
  const std::string e = diagnostics("cards:\n  - {id: \"\", name: Nameless, cost: 3}\n");
  EXPECT_NE(e.find("t.yaml:9:11: error: an empty entity id: nothing can address it"), std::string::npos) << e;
  const auto root = loadRulesetFromString(
      "id: \"\"\nname: T\nengine: toy\nversion: 1\nplayers: {min: 2, max: 2}\n", "r.yaml");
  EXPECT_NE(root.diagnostics.format().find("r.yaml:1:6: error: an empty ruleset id"), std::string::npos)
      << root.diagnostics.format();
}

TEST(MeaninglessValues, AnUndefinedOrInfiniteAmountIsWarnedAtItsColumn) {
  const std::string e = diagnostics(
      "cards:\n"
      "  - {id: a, name: A, cost: fire / 0}\n"
      "  - {id: b, name: B, cost: 1e308 * 1e308}\n"
      "  - {id: c, name: C, cost: fire / (2 - 2)}\n"
      "  - {id: d, name: D, cost: fire / 2 + 1e300}\n");
  EXPECT_NE(e.find("t.yaml:9:35: warning: division by zero: the amount is undefined here"), std::string::npos) << e;
  EXPECT_NE(e.find("t.yaml:10:28: warning: this part of the amount is infinite"), std::string::npos) << e;
  EXPECT_NE(e.find("t.yaml:11:36: warning: division by zero"), std::string::npos) << e;
  EXPECT_EQ(e.find("t.yaml:12:"), std::string::npos) << e;  // large, finite and defined: nothing to say
  // With the names' values: a die's faces, a parameter's value.
  const std::string r = diagnostics(
      "parameters:\n  three: {type: int, default: 3, min: 0, max: 9}\n"
      "cards:\n"
      "  - {id: a, name: A, cost: fire / (fire - three)}\n"
      "  - {id: b, name: B, cost: fire / (fire + three)}\n"
      "  - {id: c, name: C, cost: fire * 1e300 * 1e300}\n");
  EXPECT_NE(r.find("t.yaml:11:36: warning: the divisor can be 0 (its values range over [-2, 3])"), std::string::npos) << r;
  EXPECT_EQ(r.find("t.yaml:12:"), std::string::npos) << r;
  EXPECT_NE(r.find("t.yaml:13:28: warning: this part of the amount can be infinite"), std::string::npos) << r;
}

TEST(MeaninglessValues, TheDefaultSeatCountIsAChange) {
  auto a = loadRulesetFromString(std::string(kHead), "a.yaml");
  auto b = loadRulesetFromString(std::string(kHead), "b.yaml");
  ASSERT_TRUE(a.ok()) << a.diagnostics.format();
  b.ruleset.players.usual = 4;
  const auto changes = diffRulesets(a.ruleset, b.ruleset);
  ASSERT_EQ(changes.size(), 1u);
  EXPECT_NE(changes[0].describe().find("players.default"), std::string::npos) << changes[0].describe();
  EXPECT_TRUE(diffRulesets(a.ruleset, a.ruleset).empty());
}

}  // namespace
}  // namespace wb::model
