// The assumptions experiment on the toy duel (tests/simulation/sweep/
// toy_duel.h, closed-form rates): one assumed value flips the first-player
// advantage (p0 = 50 -> 10: seat 0 wins 0.571 -> 0.174) and is flagged and
// ranked first; another changes nothing (`unused`, played on the same seeds:
// the very same games) and is listed with the size the games could detect; a
// text value and a card's mark have no alternative and are reported as such.
#include <gtest/gtest.h>

#include "simulation/assumptions/assumption_runner.h"
#include "simulation/assumptions/assumptions_json.h"
#include "tests/simulation/sweep/toy_duel.h"

using namespace wb;

namespace {

const char* kYaml = R"(id: toy-assumed
name: Toy Duel with assumptions
engine: toy_duel
version: 1
players: {min: 2, max: 2}
parameters:
  p0: {type: int, default: 50, min: 0, max: 100, assumed: "seat 0's chance", alternatives: [10]}
  p1: {type: int, default: 50, min: 0, max: 100}
  unused: {type: int, default: 3, min: 0, max: 10, assumed: "changes nothing"}
  label: {type: string, default: duel, assumed: "a text"}
  edge: {type: int, default: 0, min: 0, max: 0, assumed: "no room to step"}
cards:
  - id: charm
    name: Charm
    assumed: "a reading in words"
)";

model::Ruleset ruleset() {
  auto r = model::loadRulesetFromString(kYaml, "toy-assumed.yaml");
  EXPECT_TRUE(r.ok()) << r.diagnostics.format();
  return r.ruleset;
}

sim::RunConfig config(int threads) {
  sim::RunConfig c;
  c.games = 1500;
  c.seed = 5;
  c.threads = threads;
  c.agents = {"random"};
  return c;
}

const sim::AssumptionResult* find(const sim::AssumptionsResult& r, const std::string& path) {
  for (const auto& a : r.assumptions)
    if (a.value.path == path) return &a;
  return nullptr;
}

}  // namespace

TEST(AssumedValues, AlternativesAreDerivedOrTheReasonIsGiven) {
  const auto values = sim::assumedValues(ruleset());
  ASSERT_EQ(values.size(), 5u);
  EXPECT_EQ(values[0].path, "parameters.p0");
  EXPECT_EQ(values[0].alternatives, (std::vector<std::string>{"10"}));
  EXPECT_EQ(values[0].source, "declared");
  EXPECT_EQ(values[0].where.line, 7);
  EXPECT_EQ(values[1].path, "parameters.unused");
  EXPECT_EQ(values[1].alternatives, (std::vector<std::string>{"2", "4"}));
  EXPECT_EQ(values[1].source, "one step each way");
  EXPECT_EQ(values[2].path, "parameters.label");
  EXPECT_FALSE(values[2].playable());
  EXPECT_NE(values[2].noAlternative.find("alternatives"), std::string::npos);
  EXPECT_EQ(values[3].path, "parameters.edge");
  EXPECT_FALSE(values[3].playable());
  EXPECT_NE(values[3].noAlternative.find("range"), std::string::npos);
  EXPECT_EQ(values[4].path, "cards.charm");
  EXPECT_FALSE(values[4].playable());
  EXPECT_EQ(values[4].where.line, 15);
}

TEST(AssumedValues, BoolAndEnumTakeTheirOtherValues) {
  auto r = ruleset();
  model::Parameter b;
  b.id = "diag";
  b.type = model::ParameterType::Bool;
  b.value = true;
  b.assumed = "x";
  model::Parameter e;
  e.id = "mode";
  e.type = model::ParameterType::Enum;
  e.choices = {"a", "b", "c"};
  e.value = std::string("b");
  e.assumed = "y";
  r.parameters = {b, e};
  r.cards().clear();
  const auto values = sim::assumedValues(r);
  ASSERT_EQ(values.size(), 2u);
  EXPECT_EQ(values[0].alternatives, (std::vector<std::string>{"false"}));
  EXPECT_EQ(values[1].alternatives, (std::vector<std::string>{"a", "c"}));
}

TEST(AssumptionRunner, FlagsTheValueThatFlipsTheFirstPlayerAndNotTheOneThatChangesNothing) {
  auto registry = test::toyRegistry();
  const auto rs = ruleset();
  sim::AssumptionRunner runner(registry, rs, config(2));
  const auto r = runner.run();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_FALSE(r.cancelled);
  // Holm family: 3 alternatives x (first side, 2 seats, turns).
  EXPECT_EQ(r.tests, 12u);

  const auto* p0 = find(r, "parameters.p0");
  ASSERT_NE(p0, nullptr);
  ASSERT_EQ(p0->alternatives.size(), 1u);
  const auto& alt = p0->alternatives[0];
  ASSERT_TRUE(alt.error.empty()) << alt.error;
  const auto& fs = alt.changes[0];
  ASSERT_EQ(fs.key, "first_side");
  EXPECT_NEAR(fs.shipped, 0.571, 0.04);      // closed form, 1500 games: sd 0.013
  EXPECT_NEAR(fs.alternative, 0.174, 0.04);
  EXPECT_TRUE(fs.significant);
  EXPECT_LT(fs.ci.hi, 0.0);
  EXPECT_TRUE(p0->changesAConclusion());
  bool reverses = false;
  for (const auto& f : alt.findings) reverses = reverses || f.find("REVERSES") != std::string::npos;
  EXPECT_TRUE(reverses) << (alt.findings.empty() ? "" : alt.findings[0]);

  const auto* unused = find(r, "parameters.unused");
  ASSERT_NE(unused, nullptr);
  EXPECT_FALSE(unused->changesAConclusion());
  for (const auto& a : unused->alternatives)
    for (const auto& c : a.changes) {
      EXPECT_EQ(c.delta, 0.0) << c.key;  // common random numbers: the very same games
      EXPECT_FALSE(c.significant);
      EXPECT_GT(c.detectable, 0.0);
    }

  ASSERT_FALSE(r.ranking.empty());
  EXPECT_EQ(r.assumptions[r.ranking.front()].value.path, "parameters.p0");
  EXPECT_EQ(r.ranking.size(), 2u);  // the playable ones; label, edge and charm are listed apart
  EXPECT_FALSE(find(r, "cards.charm")->value.playable());
}

TEST(AssumptionRunner, TheDocumentIsTheSameForAnyThreadCount) {
  auto registry = test::toyRegistry();
  const auto rs = ruleset();
  sim::AssumptionRunner one(registry, rs, config(1));
  sim::AssumptionRunner three(registry, rs, config(3));
  const auto a = one.run();
  const auto b = three.run();
  ASSERT_TRUE(a.ok() && b.ok());
  EXPECT_EQ(sim::assumptionsToJson(a), sim::assumptionsToJson(b));
}
