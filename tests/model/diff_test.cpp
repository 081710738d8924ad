// RulesetDiff: value-by-value differences by path between two
// rulesets, with added and removed entities reported once.
#include <gtest/gtest.h>

#include "model/diff/ruleset_diff.h"
#include "model/path/ruleset_path.h"
#include "model/yaml/ruleset_loader.h"

namespace {

const char* kYaml = R"(id: toy
name: Toy
engine: toy
version: 1
players: {min: 2, max: 2}
parameters:
  health: {type: int, default: 10, min: 1, max: 100}
cards:
  - id: bolt
    name: Bolt
    kind: action
    cost: 3
    effects:
      - {op: damage, target: opponent, amount: 2}
  - id: potion
    name: Potion
    kind: action
    cost: 2
    effects:
      - {op: heal, amount: 1}
)";

wb::model::Ruleset load(const std::string& yaml) {
  auto r = wb::model::loadRulesetFromString(yaml, "toy.yaml");
  EXPECT_TRUE(r.ok()) << r.diagnostics.format();
  return r.ruleset;
}

}  // namespace

using wb::model::ValueChange;

TEST(RulesetDiff, IdenticalRulesetsHaveNoDifferences) {
  auto a = load(kYaml);
  EXPECT_TRUE(wb::model::diffRulesets(a, a).empty());
}

TEST(RulesetDiff, ReportsChangedValuesByPath) {
  auto a = load(kYaml);
  auto b = a;
  ASSERT_TRUE(wb::model::setPath(b, "cards.bolt.cost", "5"));
  ASSERT_TRUE(wb::model::setPath(b, "parameters.health", "20"));
  ASSERT_TRUE(wb::model::setPath(b, "cards.bolt.effects.0.amount", "fire * 2"));
  auto d = wb::model::diffRulesets(a, b);
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].path, "parameters.health");
  EXPECT_EQ(d[0].before, "10");
  EXPECT_EQ(d[0].after, "20");
  EXPECT_TRUE(d[0].numeric);
  EXPECT_EQ(d[1].path, "cards.bolt.cost");
  EXPECT_EQ(d[1].describe(), "cards.bolt.cost: 3 -> 5");
  EXPECT_EQ(d[2].path, "cards.bolt.effects.0.amount");
  EXPECT_FALSE(d[2].numeric);
  // The reverse diff swaps before and after.
  auto r = wb::model::diffRulesets(b, a);
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[1].before, "5");
  EXPECT_EQ(r[1].after, "3");
}

TEST(RulesetDiff, AddedAndRemovedEntitiesAreReportedOnce) {
  auto a = load(kYaml);
  auto b = a;
  b.cards().erase(b.cards().begin() + 1);  // potion removed
  wb::model::Entity shield;
  shield.id = "shield";
  shield.name = "Shield";
  b.cards().push_back(shield);
  b.cards()[0].effects.push_back({"gold", {{"amount", "1", {}, false}}, "", {}});
  auto d = wb::model::diffRulesets(a, b);
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].kind, ValueChange::Kind::Removed);
  EXPECT_EQ(d[0].path, "cards.potion");
  EXPECT_EQ(d[0].describe(), "- cards.potion (removed)");
  EXPECT_EQ(d[1].kind, ValueChange::Kind::Added);
  EXPECT_EQ(d[1].path, "cards.bolt.effects.1.op");
  EXPECT_EQ(d[1].after, "gold");
  EXPECT_EQ(d[2].path, "cards.bolt.effects.1.amount");
  EXPECT_EQ(d[3].kind, ValueChange::Kind::Added);
  EXPECT_EQ(d[3].path, "cards.shield");
  EXPECT_STREQ(wb::model::toString(d[3].kind), "added");
}
