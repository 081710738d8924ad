// Tests of the YAML writer: load -> save -> load gives an equal model (a rich
// fixture using every field, and a multi-file ruleset with includes), key
// order is kept, scalars that need quoting are quoted, saving is atomic.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "model/core/atomic_file.h"
#include "model/path/ruleset_path.h"
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

namespace fs = std::filesystem;

std::string readText(const std::string& path) {
  std::string text;
  EXPECT_TRUE(readFile(path, text)) << path;
  return text;
}

// A fresh empty folder under the system temp dir for one test.
std::string tempDir(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("wb_writer_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

TEST(RulesetWriter, KeyOrderIsKeptByteForByte) {
  // The fixture is written in the writer's own layout, with keys in unusual
  // orders at every level, a flow-style effect and a flow-style die.
  const std::string original = readText(fixture("key_order.yaml"));
  auto r = loadRulesetFromString(original, "key_order.yaml");
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  EXPECT_EQ(toYaml(r.ruleset), original);
}

TEST(RulesetWriter, NewKeysGoToTheirCanonicalPlace) {
  auto r = loadRuleset(fixture("key_order.yaml"));
  ASSERT_TRUE(r.ok());
  Entity& zap = r.ruleset.cards()[0];
  zap.text = "Zap it.";
  zap.tags = {"fast"};
  r.ruleset.description = "Added later";
  const std::string text = toYaml(r.ruleset);
  // description after players (canonical: ... players, description); tags and
  // text after cost (the nearest canonical key before them that is written).
  EXPECT_NE(text.find("players: {min: 1, max: 3}\ndescription: Added later\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    cost: 2\n    tags: [fast]\n    text: Zap it.\n    count: 3\n"), std::string::npos) << text;
  EXPECT_TRUE(loadRulesetFromString(text, "x.yaml").ruleset == r.ruleset);
}

TEST(RulesetWriter, ModelBuiltInCodeRoundTrips) {
  Ruleset rs;
  rs.id = "built";
  rs.name = "Built in code";
  rs.engine = "card_dice";
  Parameter hp;
  hp.id = "hp";
  hp.value = 10LL;
  hp.min = 1;
  rs.parameters.push_back(hp);
  Parameter ratio;
  ratio.id = "ratio";
  ratio.type = ParameterType::Float;
  ratio.value = 2.0;  // would read back as an int without `type: float`
  rs.parameters.push_back(ratio);
  Die d;
  d.id = "d6";
  for (int i = 1; i <= 6; ++i) d.faces.push_back({std::to_string(i), double(i), 1});
  d.faces[5].weight = 2;
  rs.dice.push_back(d);
  Entity card;
  card.id = "c";
  card.name = "C";
  card.costs.push_back({"", *Expression::parse("hp / 2")});
  card.costs.push_back({"mana", *Expression::parse("d6")});
  Effect effect;
  effect.op = "damage";
  effect.args.push_back({"amount", "2 * d6", {}, false});
  effect.args.push_back({"targets", "", {"a", "b"}, true});
  card.effects.push_back(effect);
  card.properties.push_back({"element", "fire", {}, false});
  rs.cards().push_back(card);
  DiceQuestion q;
  q.id = "q";
  q.query = "sum";
  q.args.push_back({"dice", "", {"d6", "d6"}, true});
  rs.diceQuestions.push_back(q);

  const std::string text = toYaml(rs);
  auto back = loadRulesetFromString(text, "built.yaml");
  EXPECT_TRUE(back.ok()) << back.diagnostics.format() << text;
  EXPECT_TRUE(back.ruleset == rs) << text;
  EXPECT_NE(text.find("  ratio: {type: float, default: 2}\n"), std::string::npos) << text;
  EXPECT_NE(text.find("      - op: damage\n        amount: 2 * d6\n        targets: [a, b]\n"), std::string::npos)
      << text;
}

TEST(RulesetWriter, TextsThatNeedQuotingRoundTrip) {
  const std::vector<std::string> texts = {
      "", " leading space", "trailing space ", "null", "~", "Null", "key: value", "ends with:", "a #comment",
      "#start", "- dash", "-", "?", ": colon", "[a]", "{b}", "a, b", "*star", "&anchor", "!bang", "%pct", "@at",
      "`tick", "'single'", "\"double\"", "back\\slash", "two\nlines", "trailing newline\n", "two trailing\n\n",
      "\nleading newline", "tab\there", "cr\rhere", "bell\x07", "caf\xC3\xA9", "yes", "1.0", "0x10", "---", "...",
      "line\n  indented\nback", "  \nwhitespace line", "para\n\nafter blank", "<<", "a: b\nc: d", "- x\n- y"};
  Ruleset rs;
  rs.id = "q";
  rs.name = "Quoting";
  rs.engine = "e";
  for (std::size_t i = 0; i < texts.size(); ++i) {
    Entity e;
    e.id = "e" + std::to_string(i);
    e.name = texts[i].empty() ? "x" : texts[i];
    e.text = texts[i];
    e.tags = {texts[i]};
    e.properties.push_back({"p", texts[i], {}, false});
    e.properties.push_back({"l", "", {texts[i], "x"}, true});
    Effect eff;
    eff.op = "op";
    eff.args.push_back({texts[i].empty() ? "k" : texts[i], texts[i], {}, false});
    e.effects.push_back(eff);
    rs.cards().push_back(e);
  }
  const std::string text = toYaml(rs);
  auto back = loadRulesetFromString(text, "q.yaml");
  ASSERT_EQ(back.ruleset.cards().size(), texts.size()) << back.diagnostics.format() << text;
  for (std::size_t i = 0; i < texts.size(); ++i) {
    const Entity& e = back.ruleset.cards()[i];
    EXPECT_EQ(e.text, texts[i]) << i;
    EXPECT_EQ(e.name, rs.cards()[i].name) << i;
    EXPECT_EQ(e.tags, rs.cards()[i].tags) << i;
    EXPECT_EQ(e.properties, rs.cards()[i].properties) << i;
    EXPECT_EQ(e.effects, rs.cards()[i].effects) << i;
  }
  // Plain where plain is safe; literal blocks for multi-line text.
  EXPECT_NE(text.find("    text: yes\n"), std::string::npos);
  EXPECT_NE(text.find("    text: |-\n      two\n      lines\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    text: \"key: value\"\n"), std::string::npos);
}

TEST(RulesetWriter, MultiFileRoundTrip) {
  auto first = loadRuleset(fixture("multi/root.yaml"));
  ASSERT_TRUE(first.ok()) << first.diagnostics.format();
  const std::string dir = tempDir("multi");
  const std::string root = dir + "/root.yaml";
  const auto files = toYamlFiles(first.ruleset, root);
  ASSERT_EQ(files.size(), 3u);
  EXPECT_TRUE(files.count(dir + "/cards/fire.yaml"));
  EXPECT_TRUE(files.count(dir + "/dice.yaml"));
  // Each included file gets back exactly its own content.
  EXPECT_EQ(files.at(dir + "/dice.yaml"), readText(fixture("multi/dice.yaml")));
  EXPECT_EQ(files.at(dir + "/cards/fire.yaml"), readText(fixture("multi/cards/fire.yaml")));
  EXPECT_EQ(files.at(root), readText(fixture("multi/root.yaml")));

  std::string error;
  ASSERT_TRUE(saveRuleset(first.ruleset, root, &error)) << error;
  auto second = loadRuleset(root);
  ASSERT_TRUE(second.ok()) << second.diagnostics.format();
  EXPECT_TRUE(first.ruleset == second.ruleset);
  EXPECT_EQ(second.ruleset.findEntity("fireball")->origin.loc.file, dir + "/cards/fire.yaml");
}

TEST(RulesetWriter, NewEntitiesFollowTheFileOfTheEntityBefore) {
  auto r = loadRuleset(fixture("multi/root.yaml"));
  ASSERT_TRUE(r.ok());
  auto& cards = r.ruleset.cards();  // rest (root), fireball, inferno (cards/fire.yaml)
  Entity added;
  added.id = "spark";
  added.name = "Spark";
  cards.push_back(added);                 // after inferno -> cards/fire.yaml
  cards.insert(cards.begin(), added);     // first, no predecessor -> root
  cards.front().id = "first";
  const auto files = toYamlFiles(r.ruleset, "out/root.yaml");
  EXPECT_NE(files.at("out/cards/fire.yaml").find("id: spark"), std::string::npos);
  EXPECT_NE(files.at("out/root.yaml").find("id: first"), std::string::npos);
  EXPECT_EQ(files.at("out/root.yaml").find("id: spark"), std::string::npos);
}

TEST(RulesetWriter, EmptyIncludedFileIsWrittenAsAnEmptyMap) {
  auto r = loadRuleset(fixture("multi/root.yaml"));
  ASSERT_TRUE(r.ok());
  r.ruleset.dice.clear();
  r.ruleset.diceQuestions.clear();
  r.ruleset.cards().front().effects.clear();
  const auto files = toYamlFiles(r.ruleset, "root.yaml");
  EXPECT_EQ(files.at("dice.yaml"), "{}\n");
  // ... which loads as an empty file part, not as an error.
  EXPECT_TRUE(loadRulesetFromString("{}\n", "empty_part.yaml").diagnostics.items().size() == 3u);  // only the missing root keys
}

TEST(RulesetWriter, SaveReportsFailure) {
  auto r = loadRuleset(fixture("rich.yaml"));
  std::string error;
  EXPECT_FALSE(saveRuleset(r.ruleset, "/nonexistent-dir/x/rich.yaml", &error));
  EXPECT_FALSE(error.empty());
}

TEST(RulesetWriter, SaveWritesTheFile) {
  auto r = loadRuleset(fixture("rich.yaml"));
  const std::string path = tempDir("save") + "/rich.yaml";
  std::string error;
  ASSERT_TRUE(saveRuleset(r.ruleset, path, &error)) << error;
  // Saved elsewhere unchanged (Save As): the file as the designer wrote it.
  EXPECT_EQ(readText(path), readText(fixture("rich.yaml")));
  auto again = loadRuleset(path);
  ASSERT_TRUE(again.ok()) << again.diagnostics.format();
  EXPECT_EQ(toYaml(again.ruleset), toYaml(r.ruleset));
}

TEST(RulesetWriter, MutatedFilesThatLoadAlsoRoundTrip) {
  // Single-character changes of the rich fixture: every variant that still
  // loads without errors must survive load -> save -> load unchanged.
  const std::string text = readText(fixture("rich.yaml"));
  const std::string replacements = "-:{}[]'\"#&*!|> \n\t9x";
  int checked = 0;
  std::size_t k = 0;
  for (std::size_t i = 0; i < text.size(); i += 3, ++k) {
    std::string mutated = text;
    mutated[i] = replacements[k % replacements.size()];
    auto first = loadRulesetFromString(mutated, "m.yaml");
    if (!first.ok()) continue;
    ++checked;
    const std::string saved = toYaml(first.ruleset);
    auto second = loadRulesetFromString(saved, "m.yaml");
    EXPECT_TRUE(second.ok()) << "offset " << i << "\n" << second.diagnostics.format() << saved;
    EXPECT_TRUE(first.ruleset == second.ruleset) << "offset " << i << "\n" << saved;
  }
  EXPECT_GT(checked, 100);
}

}  // namespace
}  // namespace wb::model

namespace wb::model {
namespace {

// A ruleset may hold the tuner's `targets:` and `knobs:`. The loader
// keeps them, a save writes them back, and a changed value elsewhere keeps the
// file's layout (before, the extra root keys made the layout merge give up and
// the sections were lost).
TEST(RulesetWriter, TuningSectionsSurviveASave) {
  const std::string text =
      "id: t\nname: T\nengine: toy\nversion: 1\nplayers: {min: 2, max: 2}\n\n# the game's numbers\nparameters:\n  p0: {type: int, default: 50, min: 0, max: 100}"
      "   # first player\n\ntargets:\n  - {metric: first_side, min: 0.45, max: 0.55}   # fair\nknobs:\n"
      "  - {path: parameters.p0, range: \"20:60:10\"}\n";
  const std::string dir = tempDir("tuning");
  const std::string path = dir + "/t.yaml";
  std::string error;
  ASSERT_TRUE(writeFileAtomically(path, text, &error)) << error;
  auto loaded = loadRuleset(path);
  ASSERT_TRUE(loaded.ok()) << loaded.diagnostics.format();
  ASSERT_EQ(loaded.ruleset.tuning.size(), 2u);
  EXPECT_EQ(loaded.ruleset.tuning[0].first, "targets");
  ASSERT_TRUE(setPath(loaded.ruleset, "parameters.p0", "40", &error)) << error;
  ASSERT_TRUE(saveRuleset(loaded.ruleset, path, &error)) << error;
  std::string expected = text;
  expected.replace(expected.find("default: 50"), 11, "default: 40");
  EXPECT_EQ(readText(path), expected);
}

}  // namespace
}  // namespace wb::model
