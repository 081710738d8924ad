// Tests of the YAML loader: one fixture per diagnostic kind under
// tests/data/model/errors with the exact message and file:line:column,
// several errors reported at once, missing / empty / binary files, YAML syntax
// errors, includes, and the origins (locations, key order) the loader records.
#include <gtest/gtest.h>

#include "model/core/atomic_file.h"
#include "model/yaml/ruleset_loader.h"
#include "yaml_test_util.h"

namespace wb::model {
namespace {

using test::fixture;
using test::loadMessages;
using test::messages;
using Lines = std::vector<std::string>;

// ---- files that are not YAML at all ---------------------------------------

TEST(RulesetLoader, MissingFileIsADiagnostic) {
  EXPECT_EQ(loadMessages("errors/nope.yaml"),
            Lines{"errors/nope.yaml: error: cannot open file: No such file or directory"});
}

TEST(RulesetLoader, DirectoryIsADiagnostic) {
  EXPECT_EQ(loadMessages("errors"), Lines{"errors: error: cannot open file: is a directory"});
}

TEST(RulesetLoader, EmptyFileIsADiagnostic) {
  EXPECT_EQ(loadMessages("errors/empty.yaml"), Lines{"errors/empty.yaml:1:1: error: empty file"});
  EXPECT_EQ(loadMessages("errors/comments_only.yaml"), Lines{"errors/comments_only.yaml:1:1: error: empty file"});
}

TEST(RulesetLoader, BinaryFileIsADiagnostic) {
  EXPECT_EQ(loadMessages("errors/binary.yaml"),
            Lines{"errors/binary.yaml:1:8: error: binary file (NUL byte), expected YAML text"});
}

TEST(RulesetLoader, InvalidUtf8IsADiagnostic) {
  EXPECT_EQ(loadMessages("errors/bad_utf8.yaml"),
            Lines{"errors/bad_utf8.yaml:1:8: error: invalid UTF-8 (byte 0xE9), expected YAML text"});
}

TEST(RulesetLoader, TopLevelMustBeAMap) {
  EXPECT_EQ(loadMessages("errors/not_a_map.yaml"),
            Lines{"errors/not_a_map.yaml:1:1: error: expected a map of ruleset keys, got a list"});
}

TEST(RulesetLoader, YamlSyntaxErrorHasItsPosition) {
  // yaml-cpp notices the unclosed `[` of line 6 when it reaches line 7.
  EXPECT_EQ(loadMessages("errors/syntax_error.yaml"),
            Lines{"errors/syntax_error.yaml:7:9: error: YAML syntax error: end of sequence flow not found"});
}

TEST(RulesetLoader, SyntaxErrorFromString) {
  auto r = loadRulesetFromString("id: a\nname: b: c\n", "inline.yaml");
  EXPECT_EQ(messages(r), Lines{"inline.yaml:2:8: error: YAML syntax error: illegal map value"});
  EXPECT_FALSE(r.ok());
}

TEST(RulesetLoader, GarbageNeverThrows) {
  for (const char* text : {"{", "[[[[", "\"unterminated", "a: &x\nb: *y\n", "? [a]\n: b\n", "- - -\n", "id: [",
                           ":\n", "!!binary x\n", "cards: [1, {id: [x]}, [y]]\n", "parameters: {a: {type: [x]}}\n"}) {
    LoadResult r;
    EXPECT_NO_THROW(r = loadRulesetFromString(text, "garbage.yaml")) << text;
    EXPECT_FALSE(r.ok()) << text;
  }
}

// ---- structure: unknown keys, types, required keys, duplicates -------------

TEST(RulesetLoader, UnknownKey) {
  EXPECT_EQ(loadMessages("errors/unknown_key.yaml"),
            Lines{"errors/unknown_key.yaml:7:5: error: unknown key 'cots' in card 'fire'"});
}

TEST(RulesetLoader, WrongTypes) {
  EXPECT_EQ(loadMessages("errors/wrong_type.yaml"),
            (Lines{"errors/wrong_type.yaml:4:10: error: expected an integer for 'version', got 'one'",
                   "errors/wrong_type.yaml:5:10: error: expected a map for 'players', got a list",
                   "errors/wrong_type.yaml:9:12: error: expected an integer for 'count', got 'many'",
                   "errors/wrong_type.yaml:10:11: error: expected a list for 'tags', got 'damage'",
                   "errors/wrong_type.yaml:11:14: error: expected a list for 'effects', got a map"}));
}

TEST(RulesetLoader, MissingRequiredKeys) {
  EXPECT_EQ(loadMessages("errors/missing_key.yaml"),
            (Lines{"errors/missing_key.yaml:1:1: error: missing required key 'id' in ruleset",
                   "errors/missing_key.yaml:4:5: error: missing required key 'id' in die",
                   "errors/missing_key.yaml:4:5: error: missing required key 'faces' in die",
                   "errors/missing_key.yaml:6:5: error: missing required key 'name' in card 'fire'",
                   "errors/missing_key.yaml:8:9: error: missing required key 'op' in effect of card 'fire'"}));
}

TEST(RulesetLoader, DuplicateKeyInAMap) {
  EXPECT_EQ(loadMessages("errors/duplicate_key.yaml"),
            Lines{"errors/duplicate_key.yaml:8:5: error: duplicate key 'cost' in card 'fire' "
                  "(first at errors/duplicate_key.yaml:7:5)"});
}

TEST(RulesetLoader, DuplicateIdsNameTheFirstDefinition) {
  EXPECT_EQ(loadMessages("errors/duplicate_id.yaml"),
            (Lines{"errors/duplicate_id.yaml:7:9: error: duplicate die 'fire' (first defined at "
                   "errors/duplicate_id.yaml:5:9)",
                   // ids are unique across all entity sections
                   "errors/duplicate_id.yaml:13:9: error: duplicate id 'blaze' (first defined at "
                   "errors/duplicate_id.yaml:10:9)",
                   "errors/duplicate_id.yaml:18:9: error: duplicate dice question 'q' (first defined at "
                   "errors/duplicate_id.yaml:16:9)"}));
}

// ---- values: ranges and expressions ----------------------------------------

TEST(RulesetLoader, OutOfRangeValues) {
  EXPECT_EQ(loadMessages("errors/out_of_range.yaml"),
            (Lines{"errors/out_of_range.yaml:4:10: error: 'version' must be at least 1, got 0",
                   "errors/out_of_range.yaml:5:16: error: 'players.min' (3) is larger than 'players.max' (2)",
                   "errors/out_of_range.yaml:7:32: error: value 0 of parameter 'health' is out of range [1, 10]",
                   "errors/out_of_range.yaml:8:31: error: value 'hard' of parameter 'mode' is not one of: easy, normal",
                   "errors/out_of_range.yaml:9:33: error: value 0.5 of parameter 'ratio' is out of range [2, 1]",
                   "errors/out_of_range.yaml:9:43: error: min 2 of parameter 'ratio' is larger than its max 1",
                   "errors/out_of_range.yaml:13:9: error: face 1 of die 'bent' has weight 0, expected a positive number",
                   "errors/out_of_range.yaml:17:12: error: 'count' must be at least 0, got -1"}));
}

TEST(RulesetLoader, PlayerCountsBetweenOneAndSixteen) {
  EXPECT_EQ(loadMessages("errors/players_range.yaml"),
            (Lines{"errors/players_range.yaml:4:16: error: 'players.min' must be between 1 and 16, got 0",
                   "errors/players_range.yaml:4:24: error: 'players.max' must be between 1 and 16, got 17"}));
}

TEST(RulesetLoader, ExpressionSyntaxErrorsPointInsideTheValue) {
  // `cost: 2 * (fire + 1` — the missing ')' is after the last character;
  // `cost: "fire $ 2"` — quoted: the column skips the opening quote.
  EXPECT_EQ(loadMessages("errors/expression_error.yaml"),
            (Lines{"errors/expression_error.yaml:10:24: error: missing ')' in expression",
                   "errors/expression_error.yaml:13:17: error: unexpected '$' in expression"}));
}

TEST(RulesetLoader, UnknownNamesInExpressions) {
  EXPECT_EQ(loadMessages("errors/unknown_name.yaml"),
            (Lines{"errors/unknown_name.yaml:12:15: error: unknown name 'fier' in expression (did you mean 'fire'?)",
                   "errors/unknown_name.yaml:13:27: error: parameter 'variant' is not a number and cannot be "
                   "used in an expression"}));
}

TEST(RulesetLoader, ReportsEveryErrorAtOnce) {
  EXPECT_EQ(loadMessages("errors/many_errors.yaml"),
            (Lines{"errors/many_errors.yaml:4:10: error: 'version' must be at least 1, got 0",
                   "errors/many_errors.yaml:5:1: error: unknown key 'colour' in ruleset",
                   "errors/many_errors.yaml:7:32: error: expected an integer for 'default' of parameter 'health', "
                   "got 'lots'",
                   "errors/many_errors.yaml:11:5: error: unknown key 'cots' in card 'fire'",
                   "errors/many_errors.yaml:12:11: error: unknown name 'fier' in expression",
                   "errors/many_errors.yaml:13:9: error: duplicate id 'fire' (first defined at "
                   "errors/many_errors.yaml:9:9)",
                   "errors/many_errors.yaml:15:12: error: 'count' must be at least 0, got -2"}));
}

TEST(RulesetLoader, UnknownParameterType) {
  auto r = loadRulesetFromString("id: a\nname: A\nengine: e\nparameters:\n  x: {type: integer, default: 1}\n", "p.yaml");
  EXPECT_EQ(messages(r),
            Lines{"p.yaml:5:13: error: unknown parameter type 'integer' (known: int, float, bool, enum, string)"});
}

TEST(RulesetLoader, UnknownEngineOnlyWithALookup) {
  const std::string text = "id: a\nname: A\nengine: nope\n";
  EXPECT_TRUE(loadRulesetFromString(text, "e.yaml").ok());
  auto r = loadRulesetFromString(text, "e.yaml", [](std::string_view) -> const EngineSchema* { return nullptr; });
  EXPECT_EQ(messages(r), Lines{"e.yaml:3:9: error: unknown engine 'nope'"});
}

// ---- includes ----------------------------------------------------------------

TEST(RulesetLoader, MissingInclude) {
  // The path of the missing file is resolved next to the including file.
  auto lines = loadMessages("errors/include_missing.yaml");
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0], "errors/include_missing.yaml:4:11: error: cannot open included file 'errors/nowhere.yaml': "
                      "No such file or directory");
}

TEST(RulesetLoader, IncludeCycleAndTwiceIncluded) {
  EXPECT_EQ(loadMessages("errors/include_cycle.yaml"),
            (Lines{"errors/include_cycle.yaml:4:11: error: include cycle: 'include_cycle.yaml' is the including "
                   "file itself",
                   "errors/include_cycle.yaml:4:42: error: './part.yaml' is already included (first at "
                   "errors/include_cycle.yaml:4:31)"}));
}

TEST(RulesetLoader, IncludedFilesHoldContentOnly) {
  EXPECT_EQ(loadMessages("errors/include_nested.yaml"),
            (Lines{"errors/nested_part.yaml:1:1: error: an included file cannot include other files (list them "
                   "in the root file)",
                   "errors/nested_part.yaml:2:1: error: unknown key 'name' in included file (only parameters, "
                   "dice, cards, tiles, events, abilities, factions and dice_questions)",
                   "errors/nested_part.yaml:6:5: error: unknown key 'cots' in card 'nested_card'"}));
}

TEST(RulesetLoader, SyntaxErrorInAnIncludedFile) {
  EXPECT_EQ(loadMessages("errors/bad_syntax_part_root.yaml"),
            Lines{"errors/syntax_error.yaml:7:9: error: YAML syntax error: end of sequence flow not found"});
}

TEST(RulesetLoader, IncludedEntitiesKeepTheirFile) {
  auto r = loadRuleset(fixture("multi/root.yaml"));
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  const Entity* fire = r.ruleset.findEntity("fireball");
  ASSERT_NE(fire, nullptr);
  EXPECT_EQ(fire->origin.loc.file, fixture("multi/cards/fire.yaml"));
  EXPECT_EQ(r.ruleset.origin.loc.file, fixture("multi/root.yaml"));
  EXPECT_EQ(r.ruleset.includes, (Lines{"cards/fire.yaml", "dice.yaml"}));
  ASSERT_NE(r.ruleset.die("fire"), nullptr);
  EXPECT_EQ(r.ruleset.die("fire")->origin.loc.file, fixture("multi/dice.yaml"));
}

// ---- what the loader records -------------------------------------------------

TEST(RulesetLoader, ReadsEveryField) {
  auto r = loadRuleset(fixture("rich.yaml"));
  ASSERT_TRUE(r.ok()) << r.diagnostics.format();
  const Ruleset& rs = r.ruleset;
  EXPECT_EQ(rs.id, "rich-test");
  EXPECT_EQ(rs.name, "Rich: every field");
  EXPECT_EQ(rs.version, 3);
  EXPECT_EQ(rs.players.min, 2);
  EXPECT_EQ(rs.players.max, 4);
  EXPECT_EQ(rs.description, "A test ruleset.\nIt spans two lines.");

  const Parameter* health = rs.parameter("starting_health");
  ASSERT_NE(health, nullptr);
  EXPECT_EQ(health->type, ParameterType::Int);
  EXPECT_EQ(health->value, ParameterValue{100LL});
  EXPECT_EQ(health->min, 1.0);
  EXPECT_EQ(health->step, 1.0);
  EXPECT_EQ(health->assumed, "no source; plausible");
  ASSERT_NE(rs.parameter("speed"), nullptr);
  EXPECT_EQ(rs.parameter("speed")->type, ParameterType::Float);  // inferred from `speed: 0.5`
  EXPECT_EQ(rs.parameter("variant")->choices, (Lines{"basic", "advanced"}));
  EXPECT_EQ(rs.parameter("ratio")->value, ParameterValue{1.0});

  const Die* loaded = rs.die("loaded");
  ASSERT_NE(loaded, nullptr);
  ASSERT_EQ(loaded->faces.size(), 3u);
  EXPECT_EQ(loaded->faces[0], (DieFace{"1", 1, 2}));
  EXPECT_EQ(loaded->faces[2], (DieFace{"star", 10, 1}));
  EXPECT_TRUE(rs.die("fire")->isStandard());
  EXPECT_EQ(rs.die("zee")->faces[0], (DieFace{"fire", 0, 1}));

  const Entity* meteor = rs.entity(Section::Cards, "meteor_strike");
  ASSERT_NE(meteor, nullptr);
  EXPECT_EQ(meteor->count, 2);
  EXPECT_EQ(meteor->cost()->amount.text(), "18");
  ASSERT_NE(meteor->cost("gold"), nullptr);
  EXPECT_EQ(meteor->cost("gold")->amount.text(), "bonus + 1");
  EXPECT_EQ(meteor->tags, (Lines{"damage", "combo"}));
  ASSERT_NE(meteor->property("elements"), nullptr);
  EXPECT_TRUE(meteor->property("elements")->isList);
  ASSERT_EQ(meteor->effects.size(), 2u);
  EXPECT_EQ(meteor->effects[0].op, "damage");
  EXPECT_EQ(meteor->effects[0].arg("amount")->text, "fire * speed");
  EXPECT_EQ(meteor->effects[0].assumed, "rounding");
  EXPECT_EQ(rs.entity(Section::Abilities, "surge")->cost()->amount.text(), "max(1, starting_health / 50)");
  ASSERT_EQ(rs.diceQuestions.size(), 2u);
  EXPECT_EQ(rs.diceQuestions[1].arg("dice")->items, (Lines{"fire", "fire"}));
}

TEST(RulesetLoader, RecordsOriginsAndKeyOrder) {
  auto r = loadRuleset(fixture("rich.yaml"));
  ASSERT_TRUE(r.ok());
  const Ruleset& rs = r.ruleset;
  EXPECT_EQ(rs.origin.at("engine").toString(), fixture("rich.yaml") + ":4:9");
  EXPECT_EQ(rs.origin.keyOrder.front(), "id");
  const Entity* meteor = rs.entity(Section::Cards, "meteor_strike");
  EXPECT_EQ(meteor->origin.loc.line, 32);
  EXPECT_EQ(meteor->origin.loc.column, 5);
  EXPECT_EQ(meteor->origin.at("cost").line, 36);
  EXPECT_EQ(meteor->origin.at("cost").column, 11);
  EXPECT_EQ(meteor->origin.at("costs.gold").column, 31);
  EXPECT_EQ(meteor->origin.at("properties.element").column, 27);
  EXPECT_EQ(meteor->origin.keyOrder, (Lines{"id", "name", "kind", "count", "cost", "costs", "tags", "text",
                                            "properties", "effects", "assumed"}));
  EXPECT_EQ(meteor->effects[0].origin.keyOrder, (Lines{"op", "target", "amount", "assumed"}));
  EXPECT_EQ(meteor->effects[0].origin.at("amount").line, 44);
  // Quoted scalar: the location is its first character inside the quotes.
  const Entity* storm = rs.entity(Section::Events, "storm");
  EXPECT_EQ(storm->effects[0].origin.at("amount").column, 18);
  EXPECT_EQ(rs.parameter("starting_health")->origin.loc.line, 12);
  EXPECT_EQ(rs.parameter("starting_health")->origin.at("default").column, 41);
}

// ---- robustness ---------------------------------------------------------------

TEST(RulesetLoader, EveryPrefixOfAFileLoadsWithoutThrowing) {
  // Cutting the rich fixture at every byte gives all kinds of broken YAML
  // (open quotes, half keys, dangling lists); none may throw or crash.
  std::string text;
  ASSERT_TRUE(readFile(fixture("rich.yaml"), text));
  for (std::size_t n = 0; n <= text.size(); n += 3) {
    EXPECT_NO_THROW(loadRulesetFromString(text.substr(0, n), "cut.yaml")) << n;
  }
}

TEST(RulesetLoader, CharacterSubstitutionsLoadWithoutThrowing) {
  std::string text;
  ASSERT_TRUE(readFile(fixture("rich.yaml"), text));
  const std::string replacements = "-:{}[]'\"#&*!|> \n\t9x";
  std::size_t k = 0;
  for (std::size_t i = 0; i < text.size(); i += 7, ++k) {
    std::string broken = text;
    broken[i] = replacements[k % replacements.size()];
    EXPECT_NO_THROW(loadRulesetFromString(broken, "broken.yaml")) << i;
  }
}

}  // namespace
}  // namespace wb::model
