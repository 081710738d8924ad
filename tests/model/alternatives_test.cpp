// `alternatives: [..]` beside `assumed:` on a parameter: read,
// written back, and checked at the line of the bad item — a value outside the
// declared range, of the wrong type, not a choice, the shipped value itself,
// listed twice, or given for a value that is not assumed.
#include <gtest/gtest.h>

#include "model/yaml/ruleset_loader.h"
#include "model/yaml/ruleset_writer.h"

namespace wb::model {
namespace {

std::vector<std::string> errors(const std::string& yaml) {
  std::vector<std::string> out;
  const LoadResult r = loadRulesetFromString(yaml, "alt.yaml");
  for (const auto& d : r.diagnostics.items()) out.push_back(d.format());
  return out;
}

const char* kHead = "id: alt\nname: Alt\nengine: toy\nversion: 1\nplayers: {min: 2, max: 2}\nparameters:\n";

TEST(ParameterAlternatives, AreReadAndWrittenBack) {
  const std::string yaml = std::string(kHead) +
                           "  hp: {type: int, default: 0, min: 0, max: 500, assumed: \"no limit\", alternatives: [100, 200]}\n"
                           "  mode: {type: enum, default: a, choices: [a, b, c], assumed: \"a reading\"}\n";
  auto r = loadRulesetFromString(yaml, "alt.yaml");
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  const Parameter* hp = r.ruleset.parameter("hp");
  ASSERT_NE(hp, nullptr);
  EXPECT_EQ(hp->alternatives, (std::vector<std::string>{"100", "200"}));
  EXPECT_TRUE(r.ruleset.parameter("mode")->alternatives.empty());
  const std::string text = toYaml(r.ruleset);
  EXPECT_NE(text.find("alternatives: [100, 200]"), std::string::npos) << text;
  auto back = loadRulesetFromString(text, "alt.yaml");
  ASSERT_TRUE(back.ok()) << back.diagnostics.format();
  EXPECT_TRUE(back.ruleset == r.ruleset);
}

TEST(ParameterAlternatives, BadItemsAreErrorsAtTheirLine) {
  const std::string yaml = std::string(kHead) +
                           "  hp: {type: int, default: 0, min: 0, max: 500, assumed: \"x\", alternatives: [100, 900]}\n"  // line 7
                           "  flag: {type: bool, default: true, assumed: \"x\", alternatives: [maybe]}\n"                  // line 8
                           "  mode: {type: enum, default: a, choices: [a, b], assumed: \"x\", alternatives: [d]}\n"       // line 9
                           "  n: {type: int, default: 3, assumed: \"x\", alternatives: [3, 4, 4]}\n"                       // line 10
                           "  m: {type: int, default: 3, alternatives: [4]}\n";                                           // line 11
  const auto e = errors(yaml);
  const std::vector<std::string> expected = {
      "alt.yaml:7:83: error: alternative '900' of parameter 'hp': value 900 of parameter 'hp' is out of range [0, 500]",
      "alt.yaml:8:66: error: alternative 'maybe' of parameter 'flag': expected a bool value, got 'maybe'",
      "alt.yaml:9:80: error: alternative 'd' of parameter 'mode': value 'd' of parameter 'mode' is not one of: a, b",
      "alt.yaml:10:59: warning: alternative '3' of parameter 'n' is the current value (default): `balance assumptions` "
      "skips it",
      "alt.yaml:10:65: error: alternative '4' of parameter 'n' is listed twice",
      "alt.yaml:11:44: error: 'alternatives' of parameter 'm' without 'assumed': alternatives are other readings of an "
      "assumed value",
  };
  EXPECT_EQ(e, expected);
}

}  // namespace
}  // namespace wb::model
