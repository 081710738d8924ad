// Skill-matrix targets (`skill: [A, B, C]`, tune_spec.h): each agent against
// the next, one skill:A>B target per pair, played head-to-head on games of
// their own with the seats alternated (tune_evaluator.h), and verified on
// fresh seeds like every target. Nim (tests/simulation/toy/nim_game.h) knows
// its answer: greedy plays it perfectly, so with a heap of 15 (not a multiple
// of 4) the first player wins every game between two perfect players, and
// only alternated seats give each of them exactly half.
#include <gtest/gtest.h>

#include "model/yaml/ruleset_loader.h"
#include "simulation/tune/tune_evaluator.h"
#include "simulation/tune/tune_result_json.h"
#include "simulation/tune/tune_search.h"
#include "simulation/tune/tune_target.h"
#include "tests/simulation/toy/nim_game.h"
#include "tests/simulation/tune/toy_engine_registry.h"

using namespace wb;

namespace {

sim::EngineRegistry nimRegistry() {
  return sim::testing::toyEngineRegistry("toy_nim", [](const model::Ruleset& r) -> std::unique_ptr<sim::Game> {
    return std::make_unique<sim::toy::NimGame>(static_cast<int>(r.number("heap", 15)));
  });
}

const char* kNim = R"(id: nim
name: Nim
engine: toy_nim
players: {min: 2, max: 2}
parameters:
  heap: {type: int, default: 15, min: 5, max: 30}
)";

sim::TuneShape twoPlayers() {
  sim::TuneShape s;
  s.players = 2;
  s.sides = 2;
  s.agents = {"random"};
  return s;
}

std::vector<sim::Target> resolve(const std::string& yaml, model::Diagnostics& d, const sim::TuneShape& shape) {
  const sim::TuneSpec spec = sim::parseTuneSpec(yaml, "t.yaml", false, d);
  return sim::resolveTargets(spec, shape, d);
}

}  // namespace

TEST(TuneSkill, AMatrixIsOneTargetPerPairStrongestFirstWithTheDefaultBand) {
  model::Diagnostics d;
  const auto targets = resolve(
      "targets:\n"
      "  - {skill: [planner, greedy, random]}\n"
      "  - {skill: [\"mcts:iters=200\", greedy], min: 0.6, max: 0.9}\n",
      d, twoPlayers());
  ASSERT_FALSE(d.hasErrors()) << d.format();
  ASSERT_EQ(targets.size(), 3u);
  EXPECT_EQ(targets[0].metric.spec(), "skill:planner>greedy");
  EXPECT_EQ(targets[1].metric.spec(), "skill:greedy>random");
  EXPECT_EQ(targets[2].metric.spec(), "skill:mcts:iters=200>greedy");
  EXPECT_TRUE(targets[0].metric.isSkill());
  EXPECT_TRUE(targets[0].metric.isProportion());  // a win rate: Wilson intervals
  EXPECT_EQ(targets[0].min, sim::kDefaultSkillMin);
  EXPECT_EQ(targets[1].bandText(), ">= 0.55");
  EXPECT_EQ(targets[2].bandText(), "[0.6, 0.9]");
  EXPECT_EQ(targets[1].metric.label(), "greedy win rate against random (head-to-head, seats alternated)");
}

TEST(TuneSkill, BadMatricesAreErrorsAtTheirPlace) {
  model::Diagnostics d;
  resolve(
      "targets:\n"
      "  - {skill: [greedy, plannr]}\n"
      "  - {skill: [greedy]}\n"
      "  - {skill: [greedy, random], min: 0.9, max: 0.6}\n"
      "  - {skill: [greedy, random, greedy]}\n"
      "  - {skill: greedy}\n"
      "  - {skill: [greedy, random], metric: length}\n",
      d, twoPlayers());
  const std::string text = d.format();
  EXPECT_NE(text.find("t.yaml:2:22: error: skill: unknown agent 'plannr'"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:3:13: error: skill: a skill matrix needs at least two agents"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:4:46: error: target 'skill': min 0.9 > max 0.6"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:5:30: error: skill: agent 'greedy' is listed twice"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:6:13: error: expected a list of agents"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:7:"), std::string::npos) << text;
  EXPECT_NE(text.find("either 'metric' or 'skill'"), std::string::npos) << text;

  // Head-to-head needs two seats.
  model::Diagnostics three;
  sim::TuneShape shape = twoPlayers();
  shape.players = 3;
  const auto none = resolve("targets:\n  - {skill: [greedy, random]}\n", three, shape);
  EXPECT_TRUE(none.empty());
  EXPECT_NE(three.format().find("t.yaml:2:13: error: skill targets are head-to-head games of two agents: 2 players only"),
            std::string::npos)
      << three.format();
}

TEST(TuneSkill, PairsPlayWithAlternatedSeats) {
  // Two perfect players (greedy, and greedy with an option Nim never uses) on
  // a heap the first player wins: the opener wins every game. Each block of 4
  // games gives the stronger agent exactly 2 wins, which only holds when it
  // opens every other game: always first would give 4, always second 0.
  const sim::EngineRegistry registry = nimRegistry();
  const model::Ruleset rules = model::loadRulesetFromString(kNim, "nim.yaml").ruleset;
  const sim::KnobSpace none;
  sim::TuneMetric pair{sim::TuneMetric::Kind::Skill, 0, "greedy"};
  pair.other = "greedy:answers=off";
  sim::TuneRunSettings settings;
  settings.seed = 3;
  settings.threads = 2;
  settings.searchAgents = {"random"};
  settings.verifyAgents = {"greedy"};
  sim::TuneEvaluator eval(registry, rules, none, {pair}, settings);
  std::string error;
  ASSERT_TRUE(eval.prepare(error)) << error;
  EXPECT_EQ(eval.gamesPerBlock(), eval.blockGames());  // the pair's games alone
  ASSERT_TRUE(eval.play({{{}, sim::TuneEvaluator::kSearch, sim::TuneEvaluator::kSearchAgents, 8},
                         {{}, sim::TuneEvaluator::kSearch, sim::TuneEvaluator::kVerifyAgents, 8}},
                        error))
      << error;
  const sim::BlockSeries* s = eval.series({}, sim::TuneEvaluator::kSearch, sim::TuneEvaluator::kSearchAgents);
  const sim::BlockSeries* v = eval.series({}, sim::TuneEvaluator::kSearch, sim::TuneEvaluator::kVerifyAgents);
  ASSERT_NE(s, nullptr);
  ASSERT_NE(v, nullptr);
  ASSERT_EQ(s->blocks(), 8u);
  ASSERT_EQ(eval.blockGames(), 4u);
  for (std::size_t b = 0; b < s->blocks(); ++b) {
    EXPECT_EQ(s->metric[0][b].num, 2.0) << "block " << b;
    EXPECT_EQ(s->metric[0][b].den, 4.0) << "block " << b;
    // The pair defines its own mix: the same games whatever agents the run names.
    EXPECT_EQ(v->metric[0][b].num, s->metric[0][b].num);
    EXPECT_EQ(v->metric[0][b].den, s->metric[0][b].den);
  }
  // ... so they are played once for both agent sets (a verification with its
  // own agents plays the search agents' blocks beside them).
  EXPECT_EQ(eval.gamesPlayed(sim::TuneEvaluator::kSearch), 8u * eval.blockGames());
  // Also when one set's blocks were played before the other's are asked for.
  ASSERT_TRUE(eval.play({{{}, sim::TuneEvaluator::kVerify, sim::TuneEvaluator::kVerifyAgents, 3}}, error)) << error;
  ASSERT_TRUE(eval.play({{{}, sim::TuneEvaluator::kVerify, sim::TuneEvaluator::kSearchAgents, 5}}, error)) << error;
  EXPECT_EQ(eval.gamesPlayed(sim::TuneEvaluator::kVerify), 5u * eval.blockGames());
  const sim::BlockSeries* vs = eval.series({}, sim::TuneEvaluator::kVerify, sim::TuneEvaluator::kSearchAgents);
  const sim::BlockSeries* vv = eval.series({}, sim::TuneEvaluator::kVerify, sim::TuneEvaluator::kVerifyAgents);
  ASSERT_NE(vs, nullptr);
  ASSERT_NE(vv, nullptr);
  ASSERT_EQ(vs->blocks(), 5u);
  for (std::size_t b = 0; b < vv->blocks(); ++b) {
    EXPECT_EQ(vs->metric[0][b].num, vv->metric[0][b].num) << "block " << b;
    EXPECT_EQ(vs->metric[0][b].den, 4.0) << "block " << b;
  }
}

TEST(TuneSkill, TheMatrixIsVerifiedOnFreshSeedsWithItsIntervals) {
  // Greedy beats random at Nim (about 0.9 from either seat); random does not
  // beat greedy. The first matrix passes, the reversed one fails, each pair
  // read on the verification's own seeds with a Wilson interval.
  const sim::EngineRegistry registry = nimRegistry();
  const model::Ruleset rules = model::loadRulesetFromString(kNim, "nim.yaml").ruleset;
  model::Diagnostics d;
  const sim::TuneSpec spec = sim::parseTuneSpec(
      "targets:\n"
      "  - {skill: [greedy, random]}\n"
      "  - {skill: [random, \"greedy:answers=off\"], min: 0.55}\n"
      "knobs:\n"
      "  - {path: parameters.heap, range: \"13:16:1\"}\n",
      "nim-skill.yaml", false, d);
  sim::TuneConfig config;
  config.run.seed = 9;
  config.run.players = 2;
  config.run.threads = 2;
  config.run.searchAgents = {"random"};
  config.run.verifyAgents = {"random"};
  config.budget = 3000;
  config.verifyGames = 400;
  sim::TuneShape shape;
  std::string error;
  ASSERT_TRUE(sim::TuneSearch::gameShape(registry, rules, config.run, shape, error)) << error;
  const auto targets = sim::resolveTargets(spec, shape, d);
  const sim::KnobSpace knobs = sim::buildKnobSpace(rules, nullptr, spec, d);
  ASSERT_FALSE(d.hasErrors()) << d.format();
  ASSERT_EQ(targets.size(), 2u);
  sim::TuneSearch search(registry, rules, knobs, targets, config);
  const sim::TuneResult r = search.run();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.targets.size(), 2u);
  const sim::TargetOutcome& strong = r.targets[0];
  EXPECT_EQ(strong.target.metric.spec(), "skill:greedy>random");
  EXPECT_EQ(strong.verified.verdict, sim::TargetVerdict::Pass) << sim::tuneResultToJson(r);
  EXPECT_GT(strong.verified.value.ci.lo, 0.55);
  EXPECT_LT(strong.verified.value.ci.lo, strong.verified.value.value);
  EXPECT_GT(strong.verified.value.ci.hi, strong.verified.value.value);
  const sim::TargetOutcome& weak = r.targets[1];
  EXPECT_EQ(weak.verified.verdict, sim::TargetVerdict::Fail) << sim::tuneResultToJson(r);
  EXPECT_LT(weak.verified.value.ci.hi, 0.55);
  EXPECT_NE(r.verdict, sim::TuneVerdict::Pass);
  // Both pairs read on the verification's blocks, each block 4 games of the pair.
  EXPECT_EQ(weak.verified.value.blocks, strong.verified.value.blocks);
  EXPECT_GE(weak.verified.value.blocks, 30u) << sim::tuneResultToJson(r);
  const std::string json = sim::tuneResultToJson(r);
  EXPECT_NE(json.find("\"skill\": {"), std::string::npos) << json;
  EXPECT_NE(json.find("\"stronger\": \"greedy\""), std::string::npos) << json;
  EXPECT_NE(json.find("\"weaker\": \"random\""), std::string::npos) << json;
}
