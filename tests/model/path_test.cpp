// Paths: get and set any value with type and range checks;
// a failed set leaves the ruleset unchanged.
#include <gtest/gtest.h>

#include "model/core/ruleset.h"
#include "model/path/ruleset_path.h"

using namespace wb::model;

namespace {

Ruleset sample() {
  Ruleset r;
  r.id = "sample";
  r.name = "Sample";
  r.engine = "card_dice";
  Parameter health;
  health.id = "starting_health";
  health.type = ParameterType::Int;
  health.value = 100LL;
  health.min = 1;
  health.max = 1000;
  r.parameters.push_back(health);
  Parameter mode;
  mode.id = "mode";
  mode.type = ParameterType::Enum;
  mode.value = std::string("basic");
  mode.choices = {"basic", "advanced"};
  r.parameters.push_back(mode);
  Parameter rate;
  rate.id = "rate";
  rate.type = ParameterType::Float;
  rate.value = 0.5;
  rate.min = 0;
  rate.max = 1;
  r.parameters.push_back(rate);
  Die fire;
  fire.id = "fire";
  for (int i = 1; i <= 6; ++i) fire.faces.push_back({std::to_string(i), double(i), 1});
  r.dice.push_back(fire);
  Entity meteor;
  meteor.id = "meteor_strike";
  meteor.name = "Meteor Strike";
  meteor.kind = "action";
  meteor.costs.push_back({"", Expression::constant(18)});
  Effect damage;
  damage.op = "damage";
  damage.args.push_back({"target", "opponent", {}, false});
  damage.args.push_back({"amount", "earth * magic", {}, false});
  meteor.effects.push_back(damage);
  meteor.properties.push_back({"element", "earth", {}, false});
  r.cards().push_back(meteor);
  return r;
}

std::string get(const Ruleset& r, const std::string& path) {
  std::string error;
  auto v = getPath(r, path, &error);
  EXPECT_TRUE(v) << path << ": " << error;
  return v ? v->text : "";
}

std::string setError(Ruleset& r, const std::string& path, const std::string& value) {
  std::string error;
  Ruleset before = r;
  EXPECT_FALSE(setPath(r, path, value, &error)) << path << "=" << value;
  EXPECT_EQ(r, before) << "a failed set must leave the ruleset unchanged";
  return error;
}

}  // namespace

TEST(RulesetPath, GetsEveryKindOfValue) {
  Ruleset r = sample();
  EXPECT_EQ(get(r, "parameters.starting_health"), "100");
  EXPECT_EQ(get(r, "parameters.starting_health.max"), "1000");
  EXPECT_EQ(get(r, "cards.meteor_strike.cost"), "18");
  EXPECT_EQ(get(r, "cards.meteor_strike.effects.0.amount"), "earth * magic");
  EXPECT_EQ(get(r, "cards.meteor_strike.effects.0.op"), "damage");
  EXPECT_EQ(get(r, "cards.meteor_strike.properties.element"), "earth");
  EXPECT_EQ(get(r, "dice.fire.faces"), "1, 2, 3, 4, 5, 6");
  EXPECT_EQ(get(r, "players.min"), "2");
  EXPECT_EQ(get(r, "name"), "Sample");
  auto cost = getPath(r, "cards.meteor_strike.cost");
  ASSERT_TRUE(cost);
  EXPECT_EQ(cost->type, ValueType::Expression);
  EXPECT_TRUE(cost->isNumeric());
  auto health = getPath(r, "parameters.starting_health");
  ASSERT_TRUE(health);
  EXPECT_EQ(health->type, ValueType::Int);
  EXPECT_EQ(health->min, 1);
  EXPECT_EQ(health->max, 1000);
  auto mode = getPath(r, "parameters.mode");
  ASSERT_TRUE(mode);
  EXPECT_EQ(mode->type, ValueType::Enum);
  EXPECT_EQ(mode->choices, (std::vector<std::string>{"basic", "advanced"}));
}

TEST(RulesetPath, SetsWithTypeChecks) {
  Ruleset r = sample();
  ASSERT_TRUE(setPath(r, "parameters.starting_health", "80"));
  EXPECT_EQ(std::get<long long>(r.parameters[0].value), 80);
  ASSERT_TRUE(setPath(r, "cards.meteor_strike.cost", "14"));
  EXPECT_EQ(r.cards()[0].costs[0].amount.constantValue(), 14);
  ASSERT_TRUE(setPath(r, "cards.meteor_strike.effects.0.amount", "2 * earth"));
  EXPECT_EQ(r.cards()[0].effects[0].args[1].text, "2 * earth");
  ASSERT_TRUE(setPath(r, "parameters.mode", "advanced"));
  ASSERT_TRUE(setPath(r, "parameters.rate", "0.25"));
  ASSERT_TRUE(setPath(r, "dice.fire.faces", "[1, 1, 2, 2, 3, 3]"));
  EXPECT_EQ(r.dice[0].faces.size(), 6u);
  EXPECT_EQ(r.dice[0].faces[1].value, 1);
  ASSERT_TRUE(setPath(r, "cards.meteor_strike.count", "3"));
  EXPECT_EQ(r.cards()[0].count, 3);
}

TEST(RulesetPath, TypeAndRangeErrors) {
  Ruleset r = sample();
  EXPECT_EQ(setError(r, "parameters.starting_health", "lots"),
            "parameters.starting_health: expected an integer for parameter 'starting_health', got 'lots'");
  EXPECT_EQ(setError(r, "parameters.starting_health", "0"),
            "parameters.starting_health: value 0 of parameter 'starting_health' is out of range [1, 1000]");
  EXPECT_EQ(setError(r, "parameters.rate", "1.5"),
            "parameters.rate: value 1.5 of parameter 'rate' is out of range [0, 1]");
  EXPECT_EQ(setError(r, "parameters.mode", "expert"),
            "parameters.mode: value 'expert' of parameter 'mode' is not one of: basic, advanced");
  EXPECT_EQ(setError(r, "cards.meteor_strike.count", "-1"),
            "cards.meteor_strike.count: value -1 is out of range [0, inf]");
  EXPECT_EQ(setError(r, "cards.meteor_strike.cost", "2 *"),
            "cards.meteor_strike.cost: invalid expression '2 *': column 4: expected a number, a name or '('");
  EXPECT_EQ(setError(r, "players.min", "3"), "players.min: value 3 is out of range [1, 2]");
}

TEST(RulesetPath, UnknownPaths) {
  Ruleset r = sample();
  EXPECT_EQ(setError(r, "cards.metor_strike.cost", "3"), "unknown card 'metor_strike'");
  EXPECT_EQ(setError(r, "parameters.health", "3"), "unknown parameter 'health'");
  EXPECT_EQ(setError(r, "cards.meteor_strike.effects.5.amount", "3"), "'meteor_strike' has no effect 5 (it has 1)");
  EXPECT_EQ(setError(r, "dice.air.faces", "1"), "unknown die 'air'");
  EXPECT_EQ(setError(r, "cards..cost", "1"), "malformed path 'cards..cost'");
  std::string error;
  EXPECT_FALSE(getPath(r, "bogus", &error));
  EXPECT_NE(error.find("unknown path 'bogus'"), std::string::npos);
}

// A die face's weight is a sweepable number ("how often does the seal come up?").
TEST(RulesetPath, DieFaceWeightAndSymbol) {
  Ruleset r = sample();
  EXPECT_EQ(get(r, "dice.fire.faces.5.weight"), "1");
  ASSERT_TRUE(setPath(r, "dice.fire.faces.5.weight", "2.5"));
  EXPECT_EQ(r.dice[0].faces[5].weight, 2.5);
  EXPECT_EQ(r.dice[0].faces[4].weight, 1);
  ASSERT_TRUE(setPath(r, "dice.fire.faces.0.symbol", "star"));
  EXPECT_EQ(r.dice[0].faces[0].symbol, "star");
  EXPECT_EQ(setError(r, "dice.fire.faces.5.weight", "0"),
            "dice.fire.faces.5.weight: a face weight must be greater than 0, got 0");
  EXPECT_EQ(setError(r, "dice.fire.faces.6.weight", "1"), "die 'fire' has no face 6 (faces 0..5)");
  EXPECT_EQ(setError(r, "dice.fire.faces.1.value", "1"), "unknown field of a die face (known: weight, symbol)");
  auto paths = listPaths(r, true);
  EXPECT_NE(std::find_if(paths.begin(), paths.end(), [](const PathValue& v) { return v.path == "dice.fire.faces.5.weight"; }),
            paths.end());
}

TEST(RulesetPath, ListsNumericPathsForSweeps) {
  Ruleset r = sample();
  auto paths = listPaths(r, true);
  std::vector<std::string> names;
  for (const auto& p : paths) names.push_back(p.path);
  EXPECT_NE(std::find(names.begin(), names.end(), "cards.meteor_strike.cost"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "parameters.starting_health"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "parameters.mode"), names.end());
  EXPECT_EQ(std::find(names.begin(), names.end(), "cards.meteor_strike.effects.0.amount"), names.end());
}
