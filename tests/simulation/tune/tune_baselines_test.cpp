// The tuner's peers (tune_baselines.h) on the toy duel with a known answer
// (tune_search_test.cpp): the one fix of first_side in [0.46, 0.54] is
// parameters.p0: 50 -> 40. Each peer must find it, stay within its budget,
// and give the same result for a seed with any thread count.
#include <gtest/gtest.h>

#include <regex>

#include "simulation/tune/tune_result_json.h"
#include "simulation/tune/tune_search.h"
#include "tests/simulation/sweep/toy_duel.h"

using namespace wb;

namespace {

struct Toy {
  sim::EngineRegistry registry = test::toyRegistry();
  model::Ruleset ruleset = test::toyDuelRuleset();
  sim::KnobSpace knobs;
  std::vector<sim::Target> targets;

  explicit Toy(const std::string& yaml) {
    model::Diagnostics d;
    const sim::TuneSpec spec = sim::parseTuneSpec(yaml, "toy-targets.yaml", false, d);
    sim::TuneShape shape;
    std::string error;
    EXPECT_TRUE(sim::TuneSearch::gameShape(registry, ruleset, config(1, sim::TuneStrategy::Tuner).run, shape, error))
        << error;
    targets = sim::resolveTargets(spec, shape, d);
    knobs = sim::buildKnobSpace(ruleset, nullptr, spec, d);
    EXPECT_FALSE(d.hasErrors()) << d.format();
  }

  static sim::TuneConfig config(int threads, sim::TuneStrategy strategy, std::uint64_t budget = 30000) {
    sim::TuneConfig c;
    c.run.seed = 11;
    c.run.players = 2;
    c.run.threads = threads;
    c.run.searchAgents = {"random"};
    c.run.verifyAgents = {"random"};
    c.budget = budget;
    c.verifyGames = 4000;
    c.strategy = strategy;
    return c;
  }

  sim::TuneResult run(int threads, sim::TuneStrategy strategy, std::uint64_t budget = 30000) const {
    sim::TuneSearch search(registry, ruleset, knobs, targets, config(threads, strategy, budget));
    return search.run();
  }
};

const char* kToyTargets =
    "targets:\n"
    "  - {metric: first_side, min: 0.46, max: 0.54}\n"
    "  - {metric: timeouts, max: 0.01}\n"
    "knobs:\n"
    "  - {path: parameters.p0, range: \"20:60:10\"}\n"
    "  - {path: parameters.p1, values: [40, 60]}\n"
    "  - {path: parameters.unused, range: \"0:10:1\"}\n";

std::string withoutTimings(std::string json) {
  return std::regex_replace(json, std::regex("\"elapsed_s\": [^,\\n]*"), "\"elapsed_s\": T");
}

// The proposal holds p0 -> 40, and besides it at most edits of `unused` (which changes nothing).
void expectTheEasySetting(const sim::TuneResult& r) {
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.searchPassed);
  EXPECT_EQ(r.verdict, sim::TuneVerdict::Pass) << sim::tuneResultToJson(r);
  bool p0 = false;
  for (const auto& e : r.editText) {
    if (e.path == "parameters.p0") {
      p0 = true;
      EXPECT_EQ(e.to, "40");
    } else {
      EXPECT_EQ(e.path, "parameters.unused") << sim::tuneResultToJson(r);
    }
  }
  EXPECT_TRUE(p0) << sim::tuneResultToJson(r);
  EXPECT_EQ(r.targets[0].verified.verdict, sim::TargetVerdict::Pass);
  EXPECT_EQ(r.targets[0].baseline.verdict, sim::TargetVerdict::Fail);
  EXPECT_EQ(r.verifyGames, 2u * 4000u);
}

}  // namespace

TEST(TuneBaselines, StrategyNamesRoundTrip) {
  for (sim::TuneStrategy s : {sim::TuneStrategy::Tuner, sim::TuneStrategy::Random, sim::TuneStrategy::OneAtATime,
                              sim::TuneStrategy::Ntbea}) {
    sim::TuneStrategy back = sim::TuneStrategy::Tuner;
    ASSERT_TRUE(sim::parseTuneStrategy(sim::toString(s), back));
    EXPECT_EQ(back, s);
  }
  sim::TuneStrategy x = sim::TuneStrategy::Random;
  EXPECT_FALSE(sim::parseTuneStrategy("grid", x));
  EXPECT_EQ(x, sim::TuneStrategy::Random);
}

TEST(TuneBaselines, RandomSearchFindsTheEasySetting) {
  Toy toy(kToyTargets);
  const sim::TuneResult r = toy.run(2, sim::TuneStrategy::Random);
  EXPECT_EQ(r.strategy, sim::TuneStrategy::Random);
  expectTheEasySetting(r);
  EXPECT_NE(sim::tuneResultToJson(r).find("\"strategy\": \"random\""), std::string::npos);
}

TEST(TuneBaselines, OneAtATimeFindsTheEasySetting) {
  Toy toy(kToyTargets);
  const sim::TuneResult r = toy.run(2, sim::TuneStrategy::OneAtATime);
  expectTheEasySetting(r);
  // p0 is the first knob swept: its value 40 passes before any other knob moves.
  ASSERT_EQ(r.editText.size(), 1u);
  EXPECT_EQ(toy.knobs.key(r.edits), "parameters.p0=40");
}

TEST(TuneBaselines, EachStaysWithinItsBudgetWhenNothingPasses) {
  // No setting puts the first side under 0.25 (p0 = 20 gives 0.308): both
  // peers search until the budget is spent, never past it, and say fail.
  Toy toy(
      "targets:\n  - {metric: first_side, min: 0.20, max: 0.25}\n"
      "knobs:\n  - {path: parameters.p0, range: \"20:60:10\"}\n  - {path: parameters.p1, values: [40, 60]}\n"
      "  - {path: parameters.unused, range: \"0:10:1\"}\n");
  for (sim::TuneStrategy s : {sim::TuneStrategy::Random, sim::TuneStrategy::OneAtATime}) {
    const sim::TuneResult r = toy.run(2, s, 3000);
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_FALSE(r.searchPassed);
    EXPECT_EQ(r.verdict, sim::TuneVerdict::Fail) << sim::toString(s);
    EXPECT_LE(r.searchGames, 3000u) << sim::toString(s);
    // The closest setting lowers p0 (the first side falls with it).
    ASSERT_FALSE(r.edits.empty()) << sim::toString(s);
    EXPECT_GT(r.targets[0].verified.miss, 0.0);
    EXPECT_LT(r.targets[0].verified.value.value, r.targets[0].baseline.value.value) << sim::toString(s);
  }
  // The random search spends the budget: fewer games left than one
  // candidate's evaluation (screenBlocks = 64 blocks of 4 games).
  EXPECT_GT(toy.run(1, sim::TuneStrategy::Random, 3000).searchGames, 3000u - 256u);
}

TEST(TuneBaselines, SameResultForASeedWithAnyThreadCount) {
  Toy toy(kToyTargets);
  for (sim::TuneStrategy s : {sim::TuneStrategy::Random, sim::TuneStrategy::OneAtATime}) {
    const std::string one = withoutTimings(sim::tuneResultToJson(toy.run(1, s)));
    const std::string two = withoutTimings(sim::tuneResultToJson(toy.run(2, s)));
    EXPECT_EQ(one, two) << sim::toString(s);
  }
  // Another seed draws other random candidates on another bank.
  sim::TuneConfig c = Toy::config(2, sim::TuneStrategy::Random);
  c.run.seed = 12;
  sim::TuneSearch other(toy.registry, toy.ruleset, toy.knobs, toy.targets, c);
  const sim::TuneResult r = other.run();
  EXPECT_NE(withoutTimings(sim::tuneResultToJson(r)),
            withoutTimings(sim::tuneResultToJson(toy.run(2, sim::TuneStrategy::Random))));
  expectTheEasySetting(r);
}

TEST(TuneBaselines, NtbeaFindsTheEasySettingWithinTheBudgetAndAlikeForAnyThreadCount) {
  // NTBEA (tune_ntbea.cpp): noisy single evaluations on fresh seeds, the
  // model's pick raced on the bank, the same verification.
  Toy toy(kToyTargets);
  const sim::TuneResult r = toy.run(2, sim::TuneStrategy::Ntbea);
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.strategy, sim::TuneStrategy::Ntbea);
  EXPECT_LE(r.searchGames, 30000u);
  EXPECT_EQ(r.verdict, sim::TuneVerdict::Pass) << sim::tuneResultToJson(r);
  bool p0 = false;
  for (const auto& e : r.editText) p0 = p0 || (e.path == "parameters.p0" && e.to == "40");
  EXPECT_TRUE(p0) << sim::tuneResultToJson(r);
  EXPECT_NE(sim::tuneResultToJson(r).find("\"ntbea\": "), std::string::npos);  // its games by step
  EXPECT_EQ(withoutTimings(sim::tuneResultToJson(toy.run(1, sim::TuneStrategy::Ntbea))),
            withoutTimings(sim::tuneResultToJson(r)));
}
