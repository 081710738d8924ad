// The rules language's vocabulary for more than the turn's player acting and
// for things that happen on their own (data/schema/game-description.md,
// "Triggers" and `by:`): a phase taken by the opponent, triggers at a turn's
// start and end, moving from a pile's bottom, what a pick counts as. Each
// keyword compiles, and each misuse is an error at its file:line:column with
// "did you mean".
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
cards:
  - {id: coin, name: Coin, count: 3, cost: 1}
)";

// Every diagnostic of the ruleset kHead + `rules:` + rules (line 9 on), folder removed.
std::vector<std::string> errorsOf(const std::string& rules, std::shared_ptr<const DescribedProgram>* out = nullptr) {
  const std::string text = std::string(kHead) + "rules:\n" + rules;
  const fs::path dir = fs::temp_directory_path() / ("wb_vocabulary_" + std::to_string(::getpid()));
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

std::string edit(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// Line 10 is `  counters:`.
const char* kRules = R"(  counters:
    score: {per: player, min: 0, max: goal}
  zones:
    shop: {per: game, visibility: everyone, start: {coin: 3}}
    old: {per: game, visibility: everyone}
    mine: {per: player, visibility: everyone}
  triggers:
    turn_start: [{gain: {score: 1}}]
    turn_end: [{move: {from: shop, to: old, count: 1, at: bottom}}]
  turn:
    phases:
      - id: offer
        actions:
          - id: offer
            pick: {from: shop, counts_as: nothing}
            effects: [{next_phase: answer}]
          - id: pass
            effects: [end_turn]
      - id: answer
        by: opponent
        actions:
          - id: take
            pick: {from: shop, counts_as: nothing}
            effects: [{count_as: acquired}, {move: {to: mine}}, end_turn]
  end:
    - when: score >= goal
)";

TEST(DescriptionVocabulary, TheNewKeywordsCompile) {
  std::shared_ptr<const DescribedProgram> p;
  const auto errors = errorsOf(kRules, &p);
  ASSERT_TRUE(errors.empty()) << ::testing::PrintToString(errors);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->phases[0].actor, 0);
  EXPECT_EQ(p->phases[1].actor, 1);
  EXPECT_GE(p->turnStartCode, 0);
  EXPECT_GE(p->turnEndCode, 0);
  EXPECT_EQ(p->actions[0].countsAs, CardUse::Nothing);
  EXPECT_EQ(p->actions[1].countsAs, CardUse::Default);
  const Instr& move = p->code[static_cast<std::size_t>(p->turnEndCode)];
  EXPECT_EQ(move.op, Op::MoveTop);
  EXPECT_EQ(move.d, 1) << "at: bottom";
  EXPECT_EQ(p->code[static_cast<std::size_t>(p->actions[2].code)].op, Op::CountAs);
}

TEST(DescriptionVocabulary, AMisspeltByTriggerOrEndSaysWhatWasMeant) {
  std::string rules = kRules;
  rules = edit(rules, "by: opponent", "by: oponent");
  rules = edit(rules, "turn_start:", "turn_strat:");
  rules = edit(rules, "at: bottom", "at: botom");
  rules = edit(rules, "counts_as: nothing}\n            effects: [{next", "counts_as: nothin}\n            effects: [{next");
  rules = edit(rules, "{count_as: acquired}", "{count_as: aquired}");
  const auto errors = errorsOf(rules);
  ASSERT_EQ(errors.size(), 5u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:17:5: error: unknown trigger 'turn_strat' (known: turn_start, turn_end) "
                       "(did you mean 'turn_start'?)");
  EXPECT_EQ(errors[1], "game.yaml:18:59: error: expected 'top' or 'bottom' for 'at', got 'botom' "
                       "(did you mean 'bottom'?)");
  EXPECT_EQ(errors[2], "game.yaml:24:43: error: expected 'nothing', 'played' or 'acquired', got 'nothin' "
                       "(did you mean 'nothing'?)");
  EXPECT_EQ(errors[3], "game.yaml:29:13: error: expected 'player' (whose turn it is) or 'opponent' (the next "
                       "player) for 'by', got 'oponent' (did you mean 'opponent'?)");
  EXPECT_EQ(errors[4], "game.yaml:33:34: error: expected 'played' or 'acquired' for 'count_as', got 'aquired' "
                       "(did you mean 'acquired'?)");
}

TEST(DescriptionVocabulary, CountingACardNeedsAPickedOne) {
  const auto errors = errorsOf(edit(kRules, "turn_start: [{gain: {score: 1}}]", "turn_start: [{count_as: played}]"));
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:17:29: error: 'count_as' counts the picked card: only an action with 'pick' has one");
}

TEST(DescriptionVocabulary, ATriggerCannotMoveToAPhase) {
  const auto errors = errorsOf(edit(kRules, "turn_start: [{gain: {score: 1}}]", "turn_start: [next_phase]"));
  ASSERT_EQ(errors.size(), 1u) << ::testing::PrintToString(errors);
  EXPECT_EQ(errors[0], "game.yaml:17:18: error: 'next_phase' outside an action needs a phase");
}

TEST(DescriptionVocabulary, TriggersMustBeAMap) {
  const auto errors = errorsOf(edit(kRules,
                                    "  triggers:\n    turn_start: [{gain: {score: 1}}]\n"
                                    "    turn_end: [{move: {from: shop, to: old, count: 1, at: bottom}}]\n",
                                    "  triggers: [x]\n"));
  ASSERT_GE(errors.size(), 1u);
  EXPECT_NE(errors[0].find("error: expected a map of triggers (turn_start, turn_end), got a list"), std::string::npos)
      << errors[0];
}

}  // namespace
}  // namespace wb::model::describe
