// A tuning request that cannot mean anything is refused at its line, and an
// answer says what it did not try: identity and prose are never knobs, a
// value is a knob of one entry, a band must hold a value the metric can take
// and have width, an infinite bound has its own message, a faction's short
// name finds its id, the answer names the knobs it never moved, and an
// interval never leaves the metric's range.
#include <gtest/gtest.h>

#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_search.h"
#include "simulation/tune/tune_spec.h"
#include "simulation/tune/tune_target.h"
#include "tests/simulation/sweep/toy_duel.h"

using namespace wb;

namespace {

sim::TuneSpec parse(const std::string& text, model::Diagnostics& d) { return sim::parseTuneSpec(text, "t.yaml", false, d); }

sim::TuneShape shape() {
  sim::TuneShape s;
  s.players = 2;
  s.sides = 2;
  s.factions = {"mage_none", "mage_alchemist", "mage_druid"};
  s.agents = {"random"};
  return s;
}

std::string knobErrors(const std::string& knobs) {
  model::Diagnostics d;
  const auto spec = parse("targets:\n  - {metric: first_side, min: 0.45, max: 0.55}\nknobs:\n" + knobs, d);
  EXPECT_FALSE(d.hasErrors()) << d.format();
  sim::buildKnobSpace(test::toyDuelRuleset(), nullptr, spec, d);
  return d.format();
}

std::string targetErrors(const std::string& targets) {
  model::Diagnostics d;
  const auto spec = parse("targets:\n" + targets, d);
  sim::resolveTargets(spec, shape(), d);
  return d.format();
}

sim::TuneRunSettings settings() {
  sim::TuneRunSettings s;
  s.seed = 5;
  s.players = 2;
  s.threads = 1;
  s.searchAgents = {"random"};
  s.verifyAgents = {"random"};
  return s;
}

sim::TuneResult tuneToy(const std::string& yaml, std::uint64_t budget, std::uint64_t verifyGames,
                        sim::TuneStrategy strategy = sim::TuneStrategy::Tuner) {
  const sim::EngineRegistry registry = test::toyRegistry();
  const model::Ruleset ruleset = test::toyDuelRuleset();
  model::Diagnostics d;
  const sim::TuneSpec spec = parse(yaml, d);
  sim::TuneShape sh;
  std::string error;
  EXPECT_TRUE(sim::TuneSearch::gameShape(registry, ruleset, settings(), sh, error)) << error;
  const auto targets = sim::resolveTargets(spec, sh, d);
  const auto knobs = sim::buildKnobSpace(ruleset, nullptr, spec, d);
  EXPECT_FALSE(d.hasErrors()) << d.format();
  sim::TuneConfig c;
  c.run = settings();
  c.budget = budget;
  c.verifyGames = verifyGames;
  c.strategy = strategy;
  sim::TuneSearch search(registry, ruleset, knobs, targets, c);
  if (c.budget < search.minimumBudget()) c.budget = search.minimumBudget();
  sim::TuneSearch atLeast(registry, ruleset, knobs, targets, c);
  return atLeast.run();
}

}  // namespace

TEST(TuneMeaning, IdentityAndProseAreNeverKnobs) {
  for (const char* k : {"  - {path: \"*\", values: [0, 1]}\n", "  - {path: engine, values: [toy_duel, element]}\n",
                        "  - {path: id, values: [a, b]}\n", "  - {path: description, values: [a, b]}\n"}) {
    const std::string errors = knobErrors(k);
    EXPECT_NE(errors.find("matches no value of the ruleset the tuner may change"), std::string::npos) << k << errors;
  }
}

TEST(TuneMeaning, AValueIsAKnobOfOneEntry) {
  const std::string errors = knobErrors("  - {path: parameters.p0, values: [40, 60]}\n"
                                        "  - {path: parameters.p0, values: [10, 20]}\n");
  EXPECT_NE(errors.find("t.yaml:5:12: error: knob 'parameters.p0': parameters.p0 is already a knob (line 4"),
            std::string::npos)
      << errors;
}

TEST(TuneMeaning, ABandMustHoldAValueTheMetricCanTakeAndHaveWidth) {
  std::string e = targetErrors("  - {metric: first_side, min: -5, max: -1}\n");
  EXPECT_NE(e.find("t.yaml:2:14: error: target 'first_side': the band [-5, -1] lies outside what first_side can be "
                   "(a share between 0 and 1)"),
            std::string::npos)
      << e;
  e = targetErrors("  - {metric: first_side, min: 0.5, max: 0.5}\n");
  EXPECT_NE(e.find("a band of no width [0.5, 0.5] can never be met"), std::string::npos) << e;
  e = targetErrors("  - {metric: \"seat:*\", min: 1.5}\n");
  EXPECT_NE(e.find("the band >= 1.5 lies outside what seat:0 can be"), std::string::npos) << e;
  e = targetErrors("  - {metric: length, max: -2}\n");
  EXPECT_NE(e.find("a mean of at least 0 turns"), std::string::npos) << e;
  // Bands that can be met stay accepted.
  EXPECT_EQ(targetErrors("  - {metric: first_side, min: 0.45, max: 0.55}\n  - {metric: length, min: 3}\n"
                         "  - {metric: timeouts, max: 0.05}\n"),
            "");
}

TEST(TuneMeaning, AnInfiniteBoundSaysSoNotThatThereIsNone) {
  model::Diagnostics d;
  parse("targets:\n  - {metric: length, min: -.inf, max: .inf}\n", d);
  const std::string e = d.format();
  EXPECT_EQ(e.find("has neither"), std::string::npos) << e;
  EXPECT_NE(e.find("t.yaml:2:27: error: expected a number for 'min', got '-.inf'"), std::string::npos) << e;
  EXPECT_NE(e.find("t.yaml:2:39: error: expected a number for 'max', got '.inf'"), std::string::npos) << e;
  model::Diagnostics big;
  parse("targets:\n  - {metric: length, min: 1e999}\n", big);
  EXPECT_EQ(big.format().find("has neither"), std::string::npos) << big.format();
  EXPECT_NE(big.format().find("t.yaml:2:27: error: expected a number for 'min'"), std::string::npos) << big.format();
}

TEST(TuneMeaning, AFactionsShortNameFindsItsId) {
  const std::string e = targetErrors("  - {metric: \"faction:alchemist\", min: 0.4, max: 0.6}\n");
  EXPECT_NE(e.find("the game has no faction 'alchemist' (did you mean 'mage_alchemist'?)"), std::string::npos) << e;
}

TEST(TuneMeaning, TheAnswerNamesTheKnobsItNeverMoved) {
  // The least budget of the random peer plays only the starting ruleset: no
  // candidate, so every knob is named as not tried.
  const sim::TuneResult r = tuneToy("targets:\n  - {metric: first_side, min: 0.46, max: 0.54}\n"
                                    "knobs:\n  - {path: parameters.p0, range: \"20:60:10\"}\n"
                                    "  - {path: parameters.p1, values: [40, 60]}\n",
                                    1, 200, sim::TuneStrategy::Random);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_TRUE(r.edits.empty());
  EXPECT_EQ(r.untried, (std::vector<std::string>{"parameters.p0", "parameters.p1"}));
  // With a budget that tries them, none is left out.
  const sim::TuneResult wide = tuneToy("targets:\n  - {metric: first_side, min: 0.46, max: 0.54}\n"
                                       "knobs:\n  - {path: parameters.p0, range: \"20:60:10\"}\n",
                                       20000, 2000);
  ASSERT_TRUE(wide.ok()) << wide.error;
  EXPECT_TRUE(wide.untried.empty());
}

TEST(TuneMeaning, AnIntervalStaysInsideTheMetricsRange) {
  // Few blocks: a t interval of the length would reach below 0 turns.
  const sim::TuneResult r = tuneToy("targets:\n  - {metric: length, min: 40}\n"
                                    "knobs:\n  - {path: parameters.p0, values: [10, 20]}\n",
                                    1, 8);
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_FALSE(r.targets.empty());
  for (const auto& t : r.targets) {
    EXPECT_GE(t.baseline.value.ci.lo, 0.0);
    EXPECT_GE(t.verified.value.ci.lo, 0.0);
  }
}
