// The tuner's search on a toy with a known answer:
// the toy duel's first-side share with random agents is q0 / (q0 + q1 - q0 q1),
// q = p / 200 (toy_duel.h): 0.571 at p0 = p1 = 50, exactly 1/2 at p0 = 40, 0.414
// at p0 = 30 and 0.632 at p0 = 60; p1 = 40 gives 0.625 and p1 = 60 0.526 (both
// outside [0.46, 0.54] with p0 = 50, as is p0 = p1 = 40 at 0.556), and
// parameters.unused changes nothing. So the one fix is p0: 50 -> 40.
// Games of the toy take microseconds: the whole file runs in about a second.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>

#include "simulation/tune/tune_result_json.h"
#include "simulation/stats/statistics.h"
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
    EXPECT_TRUE(sim::TuneSearch::gameShape(registry, ruleset, settings(1), shape, error)) << error;
    targets = sim::resolveTargets(spec, shape, d);
    knobs = sim::buildKnobSpace(ruleset, nullptr, spec, d);
    EXPECT_FALSE(d.hasErrors()) << d.format();
  }

  static sim::TuneRunSettings settings(int threads) {
    sim::TuneRunSettings s;
    s.seed = 11;
    s.players = 2;
    s.threads = threads;
    s.searchAgents = {"random"};
    s.verifyAgents = {"random"};
    return s;
  }

  sim::TuneConfig config(int threads) const {
    sim::TuneConfig c;
    c.run = settings(threads);
    c.budget = 30000;
    c.verifyGames = 4000;
    return c;
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

}  // namespace

TEST(TuneSearch, FindsTheKnownBestSettingAndVerifiesIt) {
  Toy toy(kToyTargets);
  sim::TuneSearch search(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(2));
  const sim::TuneResult r = search.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.searchPassed);
  EXPECT_EQ(r.verdict, sim::TuneVerdict::Pass) << sim::tuneResultToJson(r);
  ASSERT_EQ(r.editText.size(), 1u) << sim::tuneResultToJson(r);
  EXPECT_EQ(r.editText[0].path, "parameters.p0");
  EXPECT_EQ(r.editText[0].from, "50");
  EXPECT_EQ(r.editText[0].to, "40");
  // Verified on fresh seeds: 1/2 inside [0.46, 0.54], the baseline at 0.571 outside.
  const sim::TargetOutcome& fs = r.targets[0];
  EXPECT_EQ(fs.verified.verdict, sim::TargetVerdict::Pass);
  EXPECT_GT(fs.verified.value.ci.lo, 0.46);
  EXPECT_LT(fs.verified.value.ci.hi, 0.54);
  EXPECT_EQ(fs.baseline.verdict, sim::TargetVerdict::Fail);
  EXPECT_LE(r.searchGames, 30000u + 4000u);
  EXPECT_EQ(r.verifyGames, 2u * 4000u);
  EXPECT_EQ(r.verifyLooks, 1);  // decided at the first look: nothing more played
  // The alternative with fewer edits is the starting ruleset, whose first side lies above the band.
  ASSERT_FALSE(r.alternatives.empty());
  EXPECT_TRUE(r.alternatives.back().edits.empty());
  EXPECT_GT(r.alternatives.back().targets[0].miss, 0.0);
  // The sensitivity model saw that `unused` moves nothing (common random numbers: exactly 0).
  bool sawUnused = false;
  for (const auto& s : r.sensitivity)
    if (s.path == "parameters.unused") {
      sawUnused = true;
      EXPECT_EQ(s.effect.value, 0.0);
    }
  EXPECT_TRUE(sawUnused);
}

TEST(TuneSearch, APassOnTheBankIsConfirmedOnTheBanksNextBlocks) {
  // The winner's curse (tune_search.h, step 4): the raced pass p0 = 40 is
  // played again on as many blocks of the bank as chose it, and counts only
  // because those agree. The step's games are reported on their own.
  Toy toy(kToyTargets);
  sim::TuneSearch search(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(1));
  const sim::TuneResult r = search.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_TRUE(r.searchPassed);
  std::uint64_t confirmation = 0, proposals = 0;
  for (const auto& [step, games] : r.phaseGames) {
    if (step == "confirmation") confirmation = games;
    if (step == "proposals") proposals = games;
  }
  EXPECT_GT(confirmation, 0u) << sim::tuneResultToJson(r);
  EXPECT_GT(proposals, 0u);
  EXPECT_EQ(r.editText.size(), 1u);
}

TEST(TuneSearch, SameResultForAnyThreadCount) {
  Toy toy(kToyTargets);
  sim::TuneSearch one(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(1));
  sim::TuneSearch two(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(2));
  const std::string a = withoutTimings(sim::tuneResultToJson(one.run()));
  const std::string b = withoutTimings(sim::tuneResultToJson(two.run()));
  EXPECT_EQ(a, b);
  // And another seed is another bank (the answer stays).
  sim::TuneConfig c = toy.config(2);
  c.run.seed = 12;
  sim::TuneSearch other(toy.registry, toy.ruleset, toy.knobs, toy.targets, c);
  const sim::TuneResult r = other.run();
  EXPECT_NE(withoutTimings(sim::tuneResultToJson(r)), a);
  ASSERT_EQ(r.editText.size(), 1u) << sim::tuneResultToJson(r);
  EXPECT_EQ(r.editText[0].path, "parameters.p0") << sim::tuneResultToJson(r);
  EXPECT_EQ(r.editText[0].to, "40");
}

TEST(TuneSearch, BackwardEliminationDropsAPlantedUselessEdit) {
  Toy toy(kToyTargets);
  sim::TuneSearch search(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(2));
  // p0 -> 40 (knob 0, level 2) fixes the game; unused -> 7 (knob 2) does nothing.
  ASSERT_EQ(toy.knobs[2].path, "parameters.unused");
  const sim::EditSet planted = {{0, 2}, {2, 7}};
  ASSERT_TRUE(search.passesOnBank(planted, 256));
  const sim::EditSet kept = search.eliminate(planted);
  EXPECT_EQ(toy.knobs.key(kept), "parameters.p0=40");
}

TEST(TuneSearch, NoKnobReachesTheBandSaysFail) {
  // p1 alone cannot bring the first side under 0.50: the closest is p1 = 60 (0.526).
  Toy toy("targets:\n  - {metric: first_side, max: 0.50}\nknobs:\n  - {path: parameters.p1, values: [40, 60]}\n");
  sim::TuneSearch search(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(2));
  const sim::TuneResult r = search.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_FALSE(r.searchPassed);
  EXPECT_EQ(r.verdict, sim::TuneVerdict::Fail) << sim::tuneResultToJson(r);
  ASSERT_EQ(r.editText.size(), 1u);
  EXPECT_EQ(r.editText[0].to, "60");
  EXPECT_GT(r.targets[0].verified.miss, 0.0);
}

TEST(TuneSearch, CancelReturnsTheBestSoFarInterrupted) {
  Toy toy(kToyTargets);
  sim::TuneSearch search(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(1));
  int calls = 0;
  search.setProgressCallback([&](const sim::TuneProgress&) {
    if (++calls == 2) search.cancel();
  });
  const sim::TuneResult r = search.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.verdict, sim::TuneVerdict::Interrupted);
  EXPECT_EQ(r.verifyGames, 0u);
}

TEST(TuneSearch, ALongJumpCrossesAPlateau) {
  // At p0 >= 100 a roll always wins, so from p0 = 140 one step either way
  // (120, 160) changes no game of the bank: a model of one steps alone sees
  // nothing to move (the first side stays at 0.8). The jump to the end of the
  // domain, p0 = 40, is the fix (exactly 1/2): the search must find it.
  std::string yaml = test::kToyDuelYaml;
  yaml.replace(yaml.find("p0: {type: int, default: 50, min: 0, max: 100}"),
               std::string("p0: {type: int, default: 50, min: 0, max: 100}").size(),
               "p0: {type: int, default: 140, min: 0, max: 200}");
  model::LoadResult loaded = model::loadRulesetFromString(yaml, "toy-plateau.yaml");
  ASSERT_FALSE(loaded.diagnostics.hasErrors()) << loaded.diagnostics.format();
  const sim::EngineRegistry registry = test::toyRegistry();
  model::Diagnostics d;
  const sim::TuneSpec spec = sim::parseTuneSpec(
      "targets:\n  - {metric: first_side, min: 0.46, max: 0.54}\n"
      "knobs:\n  - {path: parameters.p0, range: \"40:200:20\"}\n  - {path: parameters.p1, values: [40, 60]}\n",
      "plateau.yaml", false, d);
  sim::TuneShape shape;
  std::string error;
  ASSERT_TRUE(sim::TuneSearch::gameShape(registry, loaded.ruleset, Toy::settings(1), shape, error)) << error;
  const std::vector<sim::Target> targets = sim::resolveTargets(spec, shape, d);
  const sim::KnobSpace knobs = sim::buildKnobSpace(loaded.ruleset, nullptr, spec, d);
  ASSERT_FALSE(d.hasErrors()) << d.format();
  sim::TuneConfig c;
  c.run = Toy::settings(2);
  c.budget = 20000;
  c.verifyGames = 4000;
  sim::TuneSearch search(registry, loaded.ruleset, knobs, targets, c);
  const sim::TuneResult r = search.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.verdict, sim::TuneVerdict::Pass) << sim::tuneResultToJson(r);
  EXPECT_EQ(knobs.key(r.edits), "parameters.p0=40") << sim::tuneResultToJson(r);
  // One step from the plateau moves nothing on common random numbers.
  bool sawStep = false;
  for (const auto& s : r.sensitivity)
    if (s.path == "parameters.p0" && s.from == "140" && s.to == "120") {
      sawStep = true;
      EXPECT_EQ(s.effect.value, 0.0);
    }
  EXPECT_TRUE(sawStep);
}

TEST(TuneSearch, AnUndecidedVerificationPlaysOnWithTheBudgetLeftAndDecidesOn99Percent) {
  // p0 = p1 = 50 gives the first side 0.571, inside "at most 0.585" by less
  // than a 95% interval of 400 games (+- 0.048) or of 800: undecided at both
  // looks. Nothing the knob does changes a game, so the search leaves most of
  // its budget, and every strategy's verification plays on alike: 400 games
  // and as many again (the proposal, no edit, is the baseline's own run).
  Toy toy("targets:\n  - {metric: first_side, max: 0.585}\nknobs:\n  - {path: parameters.unused, range: \"0:4:1\"}\n");
  for (sim::TuneStrategy strategy : {sim::TuneStrategy::Tuner, sim::TuneStrategy::Random}) {
    sim::TuneConfig c = toy.config(2);
    c.budget = 6000;
    c.verifyGames = 400;
    c.strategy = strategy;
    sim::TuneSearch search(toy.registry, toy.ruleset, toy.knobs, toy.targets, c);
    const sim::TuneResult r = search.run();
    ASSERT_TRUE(r.ok()) << r.error;
    ASSERT_LT(r.searchGames, c.budget - 400) << sim::tuneResultToJson(r);
    EXPECT_EQ(r.verdict, sim::TuneVerdict::Undecided) << sim::tuneResultToJson(r);
    EXPECT_EQ(r.verifyLooks, 2);
    EXPECT_TRUE(r.edits.empty());
    EXPECT_EQ(r.verifyGames, 2u * 400u) << sim::tuneResultToJson(r);
    // The second look's interval is the 99% one: wider than a 95% Wilson
    // interval of the 800 games by about 2.576 / 1.96.
    const sim::Interval& ci = r.targets[0].verified.value.ci;
    const double p = r.targets[0].verified.value.value;
    const sim::Interval w95 = sim::wilsonInterval(static_cast<std::uint64_t>(std::lround(p * 800)), 800);
    EXPECT_GT(ci.hi - ci.lo, 1.2 * (w95.hi - w95.lo));
    EXPECT_LT(ci.lo, 0.571);
    EXPECT_GT(ci.hi, 0.585);
  }
  // Without games left of the budget the verification stops at its first look.
  sim::TuneConfig c = toy.config(2);
  c.verifyGames = 400;
  c.strategy = sim::TuneStrategy::Random;
  sim::TuneSearch probe(toy.registry, toy.ruleset, toy.knobs, toy.targets, c);
  c.budget = probe.minimumBudget();
  sim::TuneSearch tight(toy.registry, toy.ruleset, toy.knobs, toy.targets, c);
  const sim::TuneResult r = tight.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.verifyLooks, 1) << sim::tuneResultToJson(r);
  EXPECT_EQ(r.verifyGames, 400u);
}
