// Saving keeps the designer's file as written: comments, quotes and spacing
// survive, and a value edit changes exactly that value's line (the saved
// YAML differs from the original only at that value).
#include <gtest/gtest.h>

#include <filesystem>
#include <sstream>

#include "model/core/atomic_file.h"
#include "model/path/ruleset_path.h"
#include "model/yaml/layout_preserver.h"
#include "model/yaml/ruleset_loader.h"
#include "model/yaml/ruleset_writer.h"

namespace fs = std::filesystem;
using namespace wb::model;

namespace {

const char* kOriginal = R"(# A designer's file: comments, quoting and spacing of their own.
id: tiny
name: "Tiny game"   # quoted on purpose
engine: toy
version: 1
players: {min: 2, max: 2}
parameters:
  starting_health: {type: int, default: 100, min: 1, max: 1000, description: "Health at the start."}
dice:
  - id: fire
    faces: [1, 2, 3, 4, 5, 6]
cards:
  # The strongest card.
  - id: meteor_strike
    name: Meteor Strike
    kind: action
    cost: 18        # tier 4
    text: 'Deal fire x fire damage.'
    effects:
      - {op: damage, target: opponent, amount: fire * fire}
)";

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

std::string saveAfter(const std::vector<std::pair<std::string, std::string>>& edits) {
  const fs::path dir = fs::temp_directory_path() / ("wb_layout_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "tiny.yaml").string();
  EXPECT_TRUE(writeFileAtomically(path, kOriginal));
  auto loaded = loadRuleset(path);
  EXPECT_TRUE(loaded.ok()) << loaded.diagnostics.format();
  for (const auto& [p, v] : edits) EXPECT_TRUE(setPath(loaded.ruleset, p, v)) << p;
  std::string error;
  EXPECT_TRUE(saveRuleset(loaded.ruleset, path, &error)) << error;
  std::string saved;
  EXPECT_TRUE(readFile(path, saved));
  auto again = loadRuleset(path);
  EXPECT_TRUE(again.ok()) << again.diagnostics.format();
  EXPECT_EQ(again.ruleset, loaded.ruleset);  // nothing lost, whatever the layout
  fs::remove_all(dir);
  return saved;
}

}  // namespace

TEST(LayoutPreserver, AValueEditChangesOnlyThatLine) {
  const std::string saved = saveAfter({{"cards.meteor_strike.cost", "14"}});
  auto before = lines(kOriginal), after = lines(saved);
  ASSERT_EQ(before.size(), after.size());
  int changed = 0;
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (before[i] == after[i]) continue;
    ++changed;
    EXPECT_EQ(after[i], "    cost: 14        # tier 4");
  }
  EXPECT_EQ(changed, 1);
}

TEST(LayoutPreserver, FlowAndQuotedValuesArePatchedInPlace) {
  const std::string saved = saveAfter({{"parameters.starting_health", "80"}, {"cards.meteor_strike.text", "Deal damage, then: more"}});
  EXPECT_NE(saved.find("starting_health: {type: int, default: 80, min: 1, max: 1000, description: \"Health at the start.\"}"),
            std::string::npos) << saved;
  // The designer's single quotes stay.
  EXPECT_NE(saved.find("text: 'Deal damage, then: more'"), std::string::npos) << saved;
  EXPECT_NE(saved.find("# The strongest card."), std::string::npos);
}

TEST(LayoutPreserver, AnUneditedSaveIsByteIdentical) {
  EXPECT_EQ(saveAfter({}), kOriginal);
}

TEST(LayoutPreserver, StructuralChangesFallBackToTheCanonicalText) {
  EXPECT_EQ(yaml::preserveLayout("a: 1\nb: 2\n", "a: 1\nb: 2\nc: 3\n"), "a: 1\nb: 2\nc: 3\n");
  EXPECT_EQ(yaml::preserveLayout("a: [1, 2]\n", "a: [1, 2, 3]\n"), "a: [1, 2, 3]\n");
  EXPECT_EQ(yaml::preserveLayout("a: {b: 1  # x\n", "a: 1\n"), "a: 1\n");  // unparsable original
  EXPECT_EQ(yaml::preserveLayout("a: 1 # keep\nb: x\n", "a: 2\nb: x\n"), "a: 2 # keep\nb: x\n");
  EXPECT_EQ(yaml::preserveLayout("t: |\n  line\n", "t: \"other\"\n"), "t: \"other\"\n");  // block scalars are rewritten
}

// A property given to or taken from an entity written as one flow map (Elem
// Master's factions): the line keeps its braces, quotes and comment, the key
// goes in before the closing brace or out with its comma.
TEST(LayoutPreserver, AKeyAddedToOrRemovedFromAFlowMapStaysOnItsLine) {
  const std::string original =
      "factions:\n  - {id: none, name: \"No one\", kind: mage}  # baseline\n"
      "  - {id: druid, kind: mage, properties: {specialty: druid}}\n";
  const std::string baseline =
      "factions:\n  - id: none\n    name: No one\n    kind: mage\n"
      "  - id: druid\n    kind: mage\n    properties: {specialty: druid}\n";
  const std::string added =
      "factions:\n  - id: none\n    name: No one\n    kind: mage\n    properties: {specialty: sage}\n"
      "  - id: druid\n    kind: mage\n    properties: {specialty: druid}\n";
  EXPECT_EQ(yaml::preserveLayout(original, baseline, added),
            "factions:\n  - {id: none, name: \"No one\", kind: mage, properties: {specialty: sage}}  # baseline\n"
            "  - {id: druid, kind: mage, properties: {specialty: druid}}\n");
  const std::string removed =
      "factions:\n  - id: none\n    name: No one\n    kind: mage\n  - id: druid\n    kind: mage\n";
  EXPECT_EQ(yaml::preserveLayout(original, baseline, removed),
            "factions:\n  - {id: none, name: \"No one\", kind: mage}  # baseline\n  - {id: druid, kind: mage}\n");
  // A changed value and an added key together.
  const std::string both =
      "factions:\n  - id: none\n    name: Nobody\n    kind: mage\n    properties: {specialty: sage}\n"
      "  - id: druid\n    kind: mage\n    properties: {specialty: druid}\n";
  EXPECT_EQ(yaml::preserveLayout(original, baseline, both),
            "factions:\n  - {id: none, name: \"Nobody\", kind: mage, properties: {specialty: sage}}  # baseline\n"
            "  - {id: druid, kind: mage, properties: {specialty: druid}}\n");
}
