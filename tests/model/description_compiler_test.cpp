// The rules language's compiler (model/describe): a description compiled once
// into flat tables and byte code, and every mistake in it reported at its
// file:line:column, all at once, with "did you mean" for a misspelt name
// (data/schema/game-description.md, "Checks").
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "model/core/atomic_file.h"
#include "model/describe/description_compiler.h"
#include "model/yaml/ruleset_loader.h"

namespace wb::model::describe {
namespace {

namespace fs = std::filesystem;

const char* kHead = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
parameters:
  goal: {type: int, default: 30}
)";

// The lines of a `rules:` section start at line 7 of the file.
// The compiler reads the ruleset's file again for positions: the text is
// written to a file, and its folder removed from the messages.
std::vector<std::string> errorsOf(const std::string& rules, std::shared_ptr<const DescribedProgram>* out = nullptr) {
  const std::string text = std::string(kHead) + "rules:\n" + rules;
  const fs::path dir = fs::temp_directory_path() / ("wb_description_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "game.yaml").string();
  EXPECT_TRUE(writeFileAtomically(path, text));
  LoadResult r = loadRuleset(path);
  Diagnostics d;
  auto program = compileDescription(r.ruleset, d);
  std::vector<std::string> lines;
  for (const auto* list : {&r.diagnostics, &d})
    for (const auto& item : list->items()) {
      std::string line = item.format();
      if (line.rfind(dir.string() + "/", 0) == 0) line.erase(0, dir.string().size() + 1);
      lines.push_back(line);
    }
  fs::remove_all(dir);
  if (out) *out = program;
  return lines;
}

// `text` with its first `from` replaced by `to`.
std::string edit(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

const char* kPigRules = R"(  counters:
    score: {per: player, min: 0, max: goal + 6}
    total: {per: player, min: 0, max: goal + 6, reset: turn}
    roll: {per: player, min: 0, max: 6}
  turn:
    actions:
      - id: roll
        effects:
          - roll: {sides: 6, into: roll}
          - if: roll == 1
            then: [end_turn]
            else: [{gain: {total: roll}}]
      - id: hold
        when: total > 0
        effects: [{gain: {score: total}}, end_turn]
  end:
    - when: score >= goal
      winner: player
)";

TEST(DescriptionCompiler, CompilesIntoFlatTablesAndByteCode) {
  std::shared_ptr<const DescribedProgram> p;
  EXPECT_TRUE(errorsOf(kPigRules, &p).empty());
  ASSERT_TRUE(p);
  EXPECT_EQ(p->counters.size(), 3u);
  EXPECT_EQ(p->playerCounters, 3);
  ASSERT_EQ(p->actions.size(), 2u);
  EXPECT_EQ(p->actions[1].id, "hold");
  EXPECT_GE(p->actions[1].condition, 0);
  // roll: Roll, JumpUnless, EndTurn, Jump, Gain, Return.
  const int pc = p->actions[0].code;
  EXPECT_EQ(p->code[static_cast<std::size_t>(pc)].op, Op::Roll);
  EXPECT_EQ(p->code[static_cast<std::size_t>(pc + 1)].op, Op::JumpUnless);
  EXPECT_EQ(p->code[static_cast<std::size_t>(pc + 2)].op, Op::EndTurn);
  EXPECT_EQ(p->code[static_cast<std::size_t>(pc + 3)].op, Op::Jump);
  EXPECT_EQ(p->code[static_cast<std::size_t>(pc + 4)].op, Op::Gain);
  EXPECT_EQ(p->code[static_cast<std::size_t>(pc + 5)].op, Op::Return);
  EXPECT_EQ(p->code[static_cast<std::size_t>(pc + 1)].b, pc + 4) << "a failed test jumps to the else branch";
  EXPECT_EQ(p->code[static_cast<std::size_t>(pc + 3)].b, pc + 5) << "the then branch jumps past the else branch";
}

TEST(DescriptionCompiler, UnknownNamesSayWhatWasMeant) {
  std::string rules = kPigRules;
  rules = edit(rules, "when: total > 0", "when: totl > 0");
  rules = edit(rules, "{gain: {score: total}}", "{gian: {score: total}}");
  const auto errors = errorsOf(rules);
  ASSERT_EQ(errors.size(), 2u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:21:15: error: unknown name 'totl' (did you mean 'total'?)");
  EXPECT_EQ(errors[1], "game.yaml:22:20: error: unknown effect 'gian' (did you mean 'gain'?)");
}

TEST(DescriptionCompiler, WrongTypesAreErrorsAtTheirValue) {
  std::string rules = kPigRules;
  rules = edit(rules, "per: player, min: 0, max: 6", "per: team, min: 0, max: 6");
  rules = edit(rules, "- id: hold", "- id: hold\n        limit: many");
  const auto errors = errorsOf(rules);
  ASSERT_EQ(errors.size(), 2u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:11:17: error: expected 'player' or 'game' for 'per', got 'team'");
  EXPECT_EQ(errors[1], "game.yaml:21:16: error: expected a number or an amount over parameters for the limit of 'hold', got "
                       "'many' (unknown parameter 'many')");
}

TEST(DescriptionCompiler, ACounterWithoutAnUpperBoundIsRefused) {
  std::string rules = kPigRules;
  rules = edit(rules, "score: {per: player, min: 0, max: goal + 6}", "score: {per: player, min: 0}");
  const auto errors = errorsOf(rules);
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:9:5: error: counter 'score' has no upper bound: give it a 'max' (a counter "
                       "without one could grow for ever)");
}

TEST(DescriptionCompiler, AnActionThatCanNeverBeLegalIsAnError) {
  std::string rules = kPigRules;
  rules = edit(rules, "when: total > 0", "when: roll == 7");
  const auto errors = errorsOf(rules);
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:20:9: error: action 'hold' can never be legal: its condition 'when' can never "
                       "hold within the counters' bounds");
}

TEST(DescriptionCompiler, AnUnreachablePhaseIsAnError) {
  const std::string rules = R"(  counters:
    score: {per: player, min: 0, max: goal}
  turn:
    phases:
      - id: main
        actions:
          - id: score
            effects: [{gain: {score: 1}}, end_turn]
      - id: bonus
        actions:
          - id: bonus
            effects: [{gain: {score: 2}}]
  end:
    - when: score >= goal
)";
  const auto errors = errorsOf(rules);
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:16:9: error: phase 'bonus' can never be reached: the phase before it always has a "
                       "legal action and no action moves to it ('next_phase')");
}

TEST(DescriptionCompiler, AGameThatNeverEndsIsAnError) {
  std::string rules = kPigRules;
  const auto end = rules.find("  end:");
  const auto errors = errorsOf(rules.substr(0, end));
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:8:3: error: the game never ends: add an 'end' rule (when, winner) or an "
                       "'end_game' effect");
  rules = edit(rules, "score >= goal", "score >= goal + 7");
  const auto never = errorsOf(rules);
  ASSERT_EQ(never.size(), 1u) << ::testing::PrintToString(never);
  EXPECT_EQ(never[0], "game.yaml:24:5: error: the game never ends: no 'end' rule's condition can hold within the "
                      "counters' bounds");
}

TEST(DescriptionCompiler, EveryProblemIsReportedAtOnce) {
  std::string rules = kPigRules;
  rules = edit(rules, "into: roll", "into: rol ");
  rules = edit(rules, "if: roll == 1", "if: roll = 1 ");
  rules = edit(rules, "winner: player", "winner: all   ");
  const auto errors = errorsOf(rules);
  ASSERT_EQ(errors.size(), 3u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:16:36: error: unknown counter 'rol' (did you mean 'roll'?)");
  EXPECT_EQ(errors[1], "game.yaml:17:22: error: '=' is not a comparison (write '==')");
  EXPECT_EQ(errors[2], "game.yaml:25:15: error: expected 'player', 'nobody', {most: counter} or {least: counter} "
                       "for 'winner'");
}

TEST(DescriptionCompiler, SizesAndDepthsAreBounded) {
  std::string deep = "          - repeat: 2\n            do:\n";
  std::string rules = R"(  counters:
    score: {per: player, min: 0, max: goal}
  turn:
    actions:
      - id: go
        effects:
)";
  std::string indent = "          ";
  for (int i = 0; i <= kMaxEffectDepth + 1; ++i) {
    rules += indent + "- repeat: 2\n" + indent + "  do:\n";
    indent += "    ";
  }
  rules += indent + "- gain: {score: 1}\n  end:\n    - when: score >= goal\n";
  const auto errors = errorsOf(rules);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].find("effects nest too deep (at most 16 levels)"), std::string::npos) << errors[0];
}

TEST(DescriptionCompiler, ARulesetWithoutRulesSaysSo) {
  LoadResult r = loadRulesetFromString(std::string(kHead), "game.yaml");
  Diagnostics d;
  EXPECT_EQ(compileDescription(r.ruleset, d), nullptr);
  EXPECT_EQ(d.format(), "game.yaml:1:1: error: a described game needs a 'rules:' section "
                        "(data/schema/game-description.md)\n");
}

}  // namespace
}  // namespace wb::model::describe
