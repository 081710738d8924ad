// Targets and knobs as data: the targets file is read like
// a ruleset, every problem at file:line:column, all at once; metric names with
// `*` and suggestions; knob patterns checked against the ruleset and its schema.
#include <gtest/gtest.h>

#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_spec.h"
#include "simulation/tune/tune_target.h"
#include "tests/simulation/sweep/toy_duel.h"

using namespace wb;

namespace {

sim::TuneSpec parse(const std::string& text, model::Diagnostics& d) {
  return sim::parseTuneSpec(text, "t.yaml", false, d);
}

sim::TuneShape shape() {
  sim::TuneShape s;
  s.players = 2;
  s.sides = 2;
  s.factions = {"fire", "water", "earth"};
  s.agents = {"greedy"};
  return s;
}

}  // namespace

TEST(TuneSpec, ReadsTargetsAndKnobs) {
  model::Diagnostics d;
  const auto spec = parse(
      "targets:\n"
      "  - {metric: first_side, min: 0.45, max: 0.55}\n"
      "  - {metric: timeouts, max: 0.05}\n"
      "knobs:\n"
      "  - {path: \"cards.*.cost\", values: [3, 7, 12, 18]}\n"
      "  - {path: parameters.p0, range: \"20:60:10\"}\n"
      "  - {path: parameters.unused, lock: true}\n",
      d);
  EXPECT_FALSE(d.hasErrors()) << d.format();
  ASSERT_EQ(spec.targets.size(), 2u);
  EXPECT_EQ(spec.targets[0].metric, "first_side");
  EXPECT_EQ(*spec.targets[0].min, 0.45);
  EXPECT_FALSE(spec.targets[1].min.has_value());
  EXPECT_EQ(spec.targets[1].where.line, 3);
  ASSERT_EQ(spec.knobs.size(), 3u);
  EXPECT_EQ(spec.knobs[0].values.size(), 4u);
  EXPECT_EQ(spec.knobs[1].rangeValues(), (std::vector<double>{20, 30, 40, 50, 60}));
  EXPECT_TRUE(spec.knobs[2].lock);
}

TEST(TuneSpec, EveryProblemAtItsPlaceAllAtOnce) {
  model::Diagnostics d;
  parse("targets:\n"
        "  - {metric: first_side, min: 0.6, max: 0.4}\n"
        "  - {metric: length}\n"
        "  - {metric: seat:0, mni: 0.1}\n"
        "knobs:\n"
        "  - {path: parameters.p0, range: \"60:20:10\"}\n"
        "  - {path: parameters.p1, range: \"\"}\n"
        "  - {path: parameters.p1, values: []}\n"
        "  - {path: parameters.p1, range: \"1:5:0\"}\n",
        d);
  const std::string text = d.format();
  EXPECT_NE(text.find("t.yaml:2:41: error: target 'first_side': min 0.6 > max 0.4"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:3:14: error: target 'length' has neither 'min' nor 'max'"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:4:22: error: unknown key 'mni' in target"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:6:35: error: inverted range '60:20:10'"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:7:35: error: empty range"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:8:35: error: empty list of values"), std::string::npos) << text;
  EXPECT_NE(text.find("t.yaml:9:35: error: range '1:5:0': the step must be positive"), std::string::npos) << text;
}

TEST(TuneSpec, NotYamlAndNoTargets) {
  model::Diagnostics d;
  parse("targets: [\n  - {metric: x\n", d);
  EXPECT_NE(d.format().find("t.yaml:"), std::string::npos);
  EXPECT_NE(d.format().find("YAML syntax error"), std::string::npos) << d.format();
  model::Diagnostics e;
  parse("knobs: []\nbudget: 3\n", e);
  EXPECT_NE(e.format().find("t.yaml:2:1: error: unknown key 'budget' in targets file"), std::string::npos) << e.format();
  EXPECT_NE(e.format().find("no 'targets:' list"), std::string::npos) << e.format();
  // Inside a ruleset the other keys are the loader's.
  model::Diagnostics f;
  const auto spec = sim::parseTuneSpec("id: x\nengine: toy\ntargets:\n  - {metric: length, min: 3}\n", "r.yaml", true, f);
  EXPECT_FALSE(f.hasErrors()) << f.format();
  EXPECT_EQ(spec.targets.size(), 1u);
}

TEST(TuneSpec, RulesetWithTargetsSectionLoads) {
  const std::string yaml = std::string(test::kToyDuelYaml) + "targets:\n  - {metric: first_side, min: 0.45, max: 0.55}\n";
  const auto loaded = model::loadRulesetFromString(yaml, "toy.yaml");
  EXPECT_TRUE(loaded.ok()) << loaded.diagnostics.format();
}

TEST(TuneMetric, NamesStarsAndSuggestions) {
  std::vector<sim::TuneMetric> m;
  std::string error;
  ASSERT_TRUE(sim::parseTuneMetrics("faction:*", shape(), m, error)) << error;
  // Every faction but the baseline (the first), which the others are measured against.
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[1].spec(), "faction:earth");
  m.clear();
  ASSERT_TRUE(sim::parseTuneMetrics("seat:*", shape(), m, error));
  EXPECT_EQ(m.size(), 2u);
  m.clear();
  ASSERT_TRUE(sim::parseTuneMetrics("first_player", shape(), m, error));
  EXPECT_EQ(m[0].spec(), "seat:0");
  for (const char* name : {"first_side", "length", "timeouts", "adjudicated", "nobody_wins", "draws", "seat:1"}) {
    m.clear();
    EXPECT_TRUE(sim::parseTuneMetrics(name, shape(), m, error)) << name << ": " << error;
  }
  m.clear();
  EXPECT_FALSE(sim::parseTuneMetrics("frist_side", shape(), m, error));
  EXPECT_NE(error.find("unknown metric 'frist_side' (did you mean 'first_side'?)"), std::string::npos) << error;
  EXPECT_FALSE(sim::parseTuneMetrics("faction:fier", shape(), m, error));
  EXPECT_NE(error.find("the game has no faction 'fier' (did you mean 'fire'?)"), std::string::npos) << error;
  EXPECT_FALSE(sim::parseTuneMetrics("seat:2", shape(), m, error));
  EXPECT_NE(error.find("no seat 2"), std::string::npos) << error;
  EXPECT_FALSE(sim::parseTuneMetrics("lenght", shape(), m, error));
  EXPECT_NE(error.find("did you mean 'length'"), std::string::npos) << error;
}

TEST(TuneTargets, UnknownMetricAtItsLine) {
  model::Diagnostics d;
  const auto spec = parse("targets:\n  - {metric: first_side, min: 0.4}\n  - {metric: \"faction:fier\", max: 0.6}\n", d);
  const auto targets = sim::resolveTargets(spec, shape(), d);
  EXPECT_EQ(targets.size(), 1u);
  EXPECT_NE(d.format().find("t.yaml:3:15: error: the game has no faction 'fier' (did you mean 'fire'?)"),
            std::string::npos)
      << d.format();
}

TEST(TuneTargets, VerdictsAndMisses) {
  sim::Target t;
  t.min = 0.45;
  t.max = 0.55;
  EXPECT_EQ(t.verdict({0.46, 0.54}), sim::TargetVerdict::Pass);
  EXPECT_EQ(t.verdict({0.56, 0.6}), sim::TargetVerdict::Fail);
  EXPECT_EQ(t.verdict({0.5, 0.6}), sim::TargetVerdict::Undecided);
  EXPECT_NEAR(t.miss(0.6), 0.05, 1e-12);
  EXPECT_EQ(t.miss(0.5), 0.0);
  EXPECT_EQ(t.direction(0.6), -1);
  // Half-width 0.05 around 0.52, 0.03 from the edge: (0.05 / 0.03)^2 times the games.
  EXPECT_EQ(t.gamesToDecide(0.52, {0.47, 0.57}, 900), 2500u);
}

TEST(KnobSpace, PatternsDomainsAndSchemaRanges) {
  const model::Ruleset rs = test::toyDuelRuleset();
  model::Diagnostics d;
  const auto spec = parse(
      "targets:\n  - {metric: first_side, min: 0.45}\n"
      "knobs:\n"
      "  - {path: \"parameters.p*\", range: \"20:60:10\"}\n"
      "  - {path: \"parameters.*\", values: [45, 55]}\n"
      "  - {path: parameters.unused, lock: true}\n"
      "  - {path: parameters.label, lock: true}\n",
      d);
  EXPECT_FALSE(d.hasErrors()) << d.format();
  // `parameters.p*` is not a pattern part (`*` stands for a whole part): it matches nothing.
  sim::KnobSpace space = sim::buildKnobSpace(rs, nullptr, spec, d);
  EXPECT_NE(d.format().find("t.yaml:4:13: error: knob 'parameters.p*' matches no value of the ruleset"),
            std::string::npos)
      << d.format();
  model::Diagnostics d2;
  const auto spec2 = parse(
      "targets:\n  - {metric: first_side, min: 0.45}\n"
      "knobs:\n"
      "  - {path: parameters.p0, range: \"20:60:10\"}\n"
      "  - {path: parameters.p1, values: [45, 55]}\n",
      d2);
  space = sim::buildKnobSpace(rs, nullptr, spec2, d2);
  EXPECT_FALSE(d2.hasErrors()) << d2.format();
  ASSERT_EQ(space.size(), 2u);
  EXPECT_EQ(space[0].values, (std::vector<std::string>{"20", "30", "40", "50", "60"}));
  EXPECT_EQ(space[0].base, 3u);
  // The current value (50) is put into the list.
  EXPECT_EQ(space[1].values, (std::vector<std::string>{"45", "50", "55"}));
  EXPECT_EQ(space[1].base, 1u);
  EXPECT_EQ(space.key(sim::EditSet{{0, 2}}), "parameters.p0=40");

  model::Diagnostics d3;
  const auto spec3 = parse(
      "targets:\n  - {metric: first_side, min: 0.45}\n"
      "knobs:\n  - {path: parameters.p0, range: \"50:120:10\"}\n",
      d3);
  sim::buildKnobSpace(rs, nullptr, spec3, d3);
  EXPECT_NE(d3.format().find("t.yaml:4:12: error: knob 'parameters.p0': parameters.p0: value 110 of parameter 'p0' is out of range [0, 100]"),
            std::string::npos)
      << d3.format();

  // Without knobs: every numeric value the schema bounds.
  model::Diagnostics d4;
  const auto spec4 = parse("targets:\n  - {metric: first_side, min: 0.45}\n", d4);
  space = sim::buildKnobSpace(rs, nullptr, spec4, d4);
  EXPECT_FALSE(d4.hasErrors()) << d4.format();
  ASSERT_EQ(space.size(), 3u);
  EXPECT_EQ(space[0].path, "parameters.p0");
  EXPECT_EQ(space[0].values.front(), "0");
  EXPECT_EQ(space[0].values.back(), "100");
  EXPECT_EQ(space[2].path, "parameters.unused");
}
