// Tests of validateRuleset() against an engine schema: a small hand-made
// EngineSchema ("toy") and fixtures under tests/data/model/schema with the
// exact message and position of every schema diagnostic; also the checks
// that need no schema, and offsetLocation().
#include <gtest/gtest.h>

#include "model/validation/ruleset_validator.h"
#include "model/yaml/ruleset_loader.h"
#include "yaml_test_util.h"

namespace wb::model {
namespace {

using test::loadMessages;
using test::messages;
using Lines = std::vector<std::string>;

// The toy engine: three ops covering every argument type, two required
// parameters, one engine name, kinds for cards only, typed properties and
// one extra cost resource.
const EngineSchema& toySchema() {
  static const EngineSchema schema = [] {
    EngineSchema s;
    s.engine = "toy";
    s.names = {"my_gold"};
    s.requiredParameters = {"starting_health", "hand_size"};
    s.kinds[Section::Cards] = {"action", "passive"};
    s.properties = {{"element", ArgType::Enum, {"fire", "water"}, ""}, {"rank", ArgType::Integer, {}, ""}};
    s.costResources = {"actions"};
    s.ops = {
        {"damage",
         {{"amount", ArgType::Expression, true, {}, ""},
          {"target", ArgType::Enum, true, {"opponent", "self", "both"}, ""},
          {"times", ArgType::Integer, false, {}, ""}},
         ""},
        {"reroll",
         {{"die", ArgType::DieRef, true, {}, ""},
          {"dice", ArgType::DieList, false, {}, ""},
          {"chance", ArgType::Number, false, {}, ""},
          {"again", ArgType::Bool, false, {}, ""}},
         ""},
        {"summon",
         {{"card", ArgType::EntityRef, true, {}, ""},
          {"tags", ArgType::TextList, false, {"a", "b"}, ""},
          {"note", ArgType::Text, false, {}, ""}},
         ""},
    };
    return s;
  }();
  return schema;
}

const EngineSchema* toyLookup(std::string_view engine) { return engine == "toy" ? &toySchema() : nullptr; }

TEST(EngineSchema, Lookups) {
  const EngineSchema& s = toySchema();
  ASSERT_NE(s.op("reroll"), nullptr);
  EXPECT_EQ(s.op("reroll")->arg("dice")->type, ArgType::DieList);
  EXPECT_EQ(s.op("reroll")->arg("nope"), nullptr);
  EXPECT_EQ(s.op("nope"), nullptr);
  EXPECT_EQ(s.property("rank")->type, ArgType::Integer);
  EXPECT_EQ(s.property("nope"), nullptr);
  EXPECT_STREQ(toString(ArgType::DieList), "die list");
}

TEST(RulesetValidator, ValidAgainstTheSchema) {
  EXPECT_EQ(loadMessages("schema/valid.yaml", toyLookup), Lines{});
}

TEST(RulesetValidator, EverySchemaCheck) {
  // Argument problems point at the argument's value (Origin keeps value
  // locations); a missing argument points at the effect.
  EXPECT_EQ(loadMessages("schema/errors.yaml", toyLookup),
            (Lines{
                "schema/errors.yaml:5:3: error: engine 'toy' requires parameter 'starting_health'",
                "schema/errors.yaml:12:11: error: unknown kind 'spell' for cards of engine 'toy' (known: action, "
                "passive)",
                "schema/errors.yaml:13:19: error: unknown cost resource 'mana' for engine 'toy' (known: actions)",
                "schema/errors.yaml:14:27: error: expected one of fire, water for 'element', got 'earth'",
                "schema/errors.yaml:14:40: error: expected an integer for 'rank', got 'high'",
                "schema/errors.yaml:14:54: error: unknown property 'colour' for engine 'toy'",
                "schema/errors.yaml:16:13: error: unknown effect op 'heal2' for engine 'toy'",
                "schema/errors.yaml:19:17: error: expected one of opponent, self, both for 'target', got 'enemy'",
                "schema/errors.yaml:20:17: error: unknown name 'fier' in expression (did you mean 'fire'?)",
                "schema/errors.yaml:21:16: error: expected an integer for 'times', got 'two'",
                "schema/errors.yaml:22:16: error: unknown argument 'amout' for effect op 'damage'",
                "schema/errors.yaml:23:9: error: missing argument 'target' for effect op 'damage'",
                "schema/errors.yaml:24:22: error: missing ')' in expression",
                "schema/errors.yaml:26:14: error: unknown die 'fier' for 'die'",
                "schema/errors.yaml:27:22: error: unknown die 'wind' in 'dice'",
                "schema/errors.yaml:28:17: error: expected a number for 'chance', got 'lots'",
                "schema/errors.yaml:29:16: error: expected true or false for 'again', got 'maybe'",
                "schema/errors.yaml:31:15: error: unknown id 'nobody' for 'card'",
                "schema/errors.yaml:32:19: error: expected one of a, b in 'tags', got 'c'",
                "schema/errors.yaml:33:15: error: expected a text for 'note', got a list",
                "schema/errors.yaml:34:5: error: missing required key 'kind' in card 'nokind' (one of action, passive)",
            }));
}

TEST(RulesetValidator, WithoutASchemaEffectArgumentsAreNotChecked) {
  // The same file loads with only the model's own checks when no schema is known.
  auto r = loadRuleset(test::fixture("schema/errors.yaml"));
  EXPECT_EQ(messages(r), Lines{});
}

// EngineSchema::check: the engine's own checks run after the generic ones and
// only on a ruleset those found clean (they may assume a well-formed model).
TEST(RulesetValidator, EngineCheckRunsOnlyOnACleanRuleset) {
  EngineSchema s;
  s.engine = "checked";
  int calls = 0;
  s.check = [&calls](const Ruleset& r, Diagnostics& out) {
    ++calls;
    for (const auto& d : r.dice) out.error(d.origin.at("faces.0"), "face '" + d.faces.front().symbol + "' means nothing");
  };
  const SchemaLookup lookup = [&s](std::string_view engine) { return engine == "checked" ? &s : nullptr; };
  auto ok = loadRulesetFromString("id: a\nname: A\nengine: checked\n", "c.yaml", lookup);
  EXPECT_EQ(messages(ok), Lines{});
  EXPECT_EQ(calls, 1);
  auto bad = loadRulesetFromString("id: a\nname: A\nengine: checked\ndice:\n  - id: d\n    faces: [zap, 2]\n", "c.yaml",
                                   lookup);
  EXPECT_EQ(messages(bad), Lines{"c.yaml:6:13: error: face 'zap' means nothing"});
  EXPECT_EQ(calls, 2);
  auto broken = loadRulesetFromString("id: a\nname: A\nengine: checked\nbogus: 1\n", "c.yaml", lookup);
  EXPECT_FALSE(broken.ok());
  EXPECT_EQ(calls, 2);  // not called: the generic checks found an error
}

TEST(RulesetValidator, UnknownEngineWithALookup) {
  auto r = loadRulesetFromString("id: a\nname: A\nengine: nope\n", "e.yaml", toyLookup);
  EXPECT_EQ(messages(r), Lines{"e.yaml:3:9: error: unknown engine 'nope'"});
}

TEST(RulesetValidator, RequiredParametersWithoutAParametersKeyPointAtTheRoot) {
  auto r = loadRulesetFromString("id: a\nname: A\nengine: toy\n", "t.yaml", toyLookup);
  EXPECT_EQ(messages(r), (Lines{"t.yaml:1:1: error: engine 'toy' requires parameter 'starting_health'",
                                "t.yaml:1:1: error: engine 'toy' requires parameter 'hand_size'"}));
}

TEST(RulesetValidator, ModelBuiltInCodeHasNoPositions) {
  Ruleset rs;
  rs.id = "Bad Id";
  rs.players = {3, 2};
  Entity e;
  e.id = "x";
  e.name = "X";
  e.count = -1;
  e.costs.push_back({"", *Expression::parse("nothing + 1")});
  rs.cards().push_back(e);
  rs.cards().push_back(e);
  Diagnostics out;
  validateRuleset(rs, nullptr, out);
  EXPECT_EQ(messages(out), (Lines{"error: invalid ruleset id 'Bad Id' (use a-z, 0-9, '_' and '-')",
                                  "error: 'players.min' (3) is larger than 'players.max' (2)",
                                  "error: 'count' must be at least 0, got -1",
                                  "error: unknown name 'nothing' in expression",
                                  "error: duplicate id 'x' (first defined at )",
                                  "error: 'count' must be at least 0, got -1",
                                  "error: unknown name 'nothing' in expression"}));
}

TEST(RulesetValidator, IdsAndNames) {
  auto r = loadRulesetFromString(
      "id: ok\nname: N\nengine: e\n"
      "parameters:\n  2fast: 1\n  fire: 2\n"
      "dice:\n  - id: fire\n    faces: []\n"
      "cards:\n  - id: has space\n    name: S\n"
      "dice_questions:\n  - id: q\n    query: odds\n  - id: r\n    query: expression\n",
      "ids.yaml");
  EXPECT_EQ(messages(r),
            (Lines{"ids.yaml:5:3: error: invalid parameter id '2fast' (use letters, digits and '_', not starting "
                   "with a digit)",
                   "ids.yaml:8:9: error: die 'fire' has the same id as a parameter (defined at ids.yaml:6:3)",
                   "ids.yaml:9:12: error: die 'fire' has no faces",
                   "ids.yaml:11:9: error: invalid id 'has space' (use letters, digits, '_' and '-')",
                   "ids.yaml:15:12: error: unknown query 'odds' in dice question 'q' (known: sum, count, at_least, "
                   "vs, target, expression)",
                   "ids.yaml:16:5: error: missing argument 'expression' for query 'expression' in dice question "
                   "'r'"}));
}

TEST(RulesetValidator, ParameterSpecs) {
  auto r = loadRulesetFromString(
      "id: ok\nname: N\nengine: e\nparameters:\n"
      "  a: {type: enum, default: x}\n"
      "  b: {type: int, default: 1, choices: [1, 2]}\n"
      "  c: {type: float, default: 1, step: 0}\n"
      "  d: {type: bool, default: maybe}\n",
      "params.yaml");
  EXPECT_EQ(messages(r),
            (Lines{"params.yaml:5:13: error: enum parameter 'a' has no choices",
                   "params.yaml:6:39: error: 'choices' is only for enum parameters, parameter 'b' is int",
                   "params.yaml:7:38: error: step of parameter 'c' must be positive, got 0",
                   "params.yaml:8:28: error: expected true or false for 'default' of parameter 'd', got 'maybe'"}));
}

TEST(RulesetValidator, OffsetLocation) {
  const SourceLocation at{"f.yaml", 3, 11};
  EXPECT_EQ(offsetLocation(at, 0), at);
  EXPECT_EQ(offsetLocation(at, 4), (SourceLocation{"f.yaml", 3, 15}));
  const SourceLocation unknown{"f.yaml", 0, 0};
  EXPECT_EQ(offsetLocation(unknown, 4), unknown);
}

}  // namespace
}  // namespace wb::model
