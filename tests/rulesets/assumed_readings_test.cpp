// Readings that decide verdicts are `assumed` values with alternatives, so `balance
// assumptions` plays them: the Canopic Jar's class on Zoneplex ("acts as a captured Fear",
// no class named) and Element's initial stones (the printed icons are not public).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"
#include "simulation/assumptions/assumed_values.h"

namespace wb::rulesets {
namespace {

std::vector<std::string> alternativesOf(const char* file, const std::string& path) {
  const auto loaded = model::loadRuleset(std::string(WB_SOURCE_DIR) + "/data/rulesets/" + file,
                                         builtinEngines().schemaLookup());
  EXPECT_TRUE(loaded.ok()) << loaded.diagnostics.format();
  for (const sim::AssumedValue& a : sim::assumedValues(loaded.ruleset))
    if (a.path == path) return a.alternatives;
  ADD_FAILURE() << path << " is not marked assumed";
  return {};
}

TEST(AssumedReadings, TheCanopicJarsClassIsPlayable) {
  EXPECT_EQ(alternativesOf("zoneplex/zoneplex.yaml", "parameters.canopic_jar_class"), std::vector<std::string>{"none"});
}

TEST(AssumedReadings, ElementsInitialStonesArePlayable) {
  EXPECT_EQ(alternativesOf("element/element.yaml", "parameters.initial_stones"),
            (std::vector<std::string>{"mirrored", "none"}));
}

}  // namespace
}  // namespace wb::rulesets
