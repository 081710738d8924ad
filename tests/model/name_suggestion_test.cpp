// "Did you mean ...?" on misspelt expression names.
#include <gtest/gtest.h>

#include "model/validation/name_suggestion.h"
#include "model/yaml/ruleset_loader.h"

using namespace wb::model;
using validation::closestName;

TEST(NameSuggestion, ClosestNameWithinAThirdOfTheLength) {
  const std::set<std::string, std::less<>> known = {"fire", "earth", "magic", "water", "starting_health"};
  EXPECT_EQ(closestName("magik", known), "magic");
  EXPECT_EQ(closestName("fier", known), "fire");         // swapped neighbours: one edit
  EXPECT_EQ(closestName("Earth", known), "earth");       // case
  EXPECT_EQ(closestName("starting_heath", known), "starting_health");
  EXPECT_EQ(closestName("xyz", known), "");              // nothing close
  EXPECT_EQ(closestName("wind", known), "");
  EXPECT_EQ(closestName("", known), "");
}

TEST(NameSuggestion, TheLoaderSuggestsAKnownName) {
  const char* yaml = R"(id: t
name: T
engine: toy
version: 1
players: {min: 2, max: 2}
parameters:
  magic: 3
dice:
  - id: earth
    faces: [1, 2, 3]
cards:
  - id: quake
    cost: earth * magik
)";
  const auto r = loadRulesetFromString(yaml, "t.yaml");
  EXPECT_NE(r.diagnostics.format().find("t.yaml:13:19: error: unknown name 'magik' in expression (did you mean 'magic'?)"),
            std::string::npos)
      << r.diagnostics.format();
}
