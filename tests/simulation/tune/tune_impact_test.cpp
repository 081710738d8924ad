// Impact targets (`{metric: "impact:ID", min, max}`, the restricted-
// play lift in points as `balance impact` measures it) and the budget the search
// never passes, on a toy with a known answer.
//
// The charm toy: two players alternate; on a turn a random player rolls
// (action 0: wins at once with probability p = 30%), passes (action 1) or casts
// the charm (action 2, entity "charm": wins with probability c =
// parameters.charm percent). Per turn a random player wins with q = (30 + c) / 300;
// a seat restricted from the charm rolls or passes: q_r = 30 / 200 = 0.15. With
// the treated seat rotating, the baseline scores 1/2 and the restricted seat
//   s_r = (q_r + (1 - q) q_r) / (2 (q_r + q - q_r q)),
// so the lift 100 (1/2 - s_r) is +13.8 points at c = 45, +7.8 at 30, exactly 0
// at 15 (q = q_r) and -10.6 at 0. Only charm = 15 lies inside [-6, 6].
#include <gtest/gtest.h>

#include "simulation/tune/tune_result_json.h"
#include "simulation/tune/tune_search.h"
#include "model/yaml/ruleset_loader.h"

using namespace wb;

namespace {

class CharmState : public sim::State {
 public:
  explicit CharmState(int charm) : m_charm(charm) {}
  int numPlayers() const override { return 2; }
  int currentPlayer() const override { return m_winner >= 0 ? sim::kTerminalPlayer : m_turn % 2; }
  void legalActions(std::vector<sim::Action>& out) const override {
    out.clear();
    if (m_winner < 0) out = {0, 1, 2};
  }
  void actionEntities(sim::Action a, std::vector<int>& out) const override {
    out.clear();
    if (a == 2) out.push_back(0);
  }
  bool isTerminal() const override { return m_winner >= 0; }
  std::vector<double> returns() const override {
    std::vector<double> r(2, 0.0);
    if (m_winner >= 0) r[static_cast<std::size_t>(m_winner)] = 1.0;
    return r;
  }
  int turnCount() const override { return m_turn + (isTerminal() ? 0 : 1); }
  std::unique_ptr<sim::State> clone() const override { return std::make_unique<CharmState>(*this); }
  std::string toString() const override { return "turn " + std::to_string(m_turn); }

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override {
    const int me = m_turn % 2;
    const int chance = a == 0 ? 30 : a == 2 ? m_charm : 0;
    if (a != 1 && sim::uniformInt(rng, 100) < chance) m_winner = me;
    ++m_turn;
  }

 private:
  int m_charm;
  int m_turn = 0;
  int m_winner = -1;
};

class CharmGame : public sim::Game {
 public:
  explicit CharmGame(int charm) : m_charm(charm) {}
  std::string engine() const override { return "toy_charm"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup&, sim::Rng&) const override {
    return std::make_unique<CharmState>(m_charm);
  }
  int defaultMaxTurns() const override { return 2000; }

 private:
  int m_charm;
  std::vector<std::string> m_ids = {"charm"};
};

sim::EngineRegistry charmRegistry() {
  sim::EngineRegistry registry;
  sim::EngineInfo info;
  info.name = "toy_charm";
  info.description = "toy with one entity, for impact targets";
  info.schema.engine = "toy_charm";
  info.create = [](const model::Ruleset& r, model::Diagnostics&) -> std::unique_ptr<sim::Game> {
    return std::make_unique<CharmGame>(static_cast<int>(r.number("charm", 45)));
  };
  registry.add(info);
  return registry;
}

const char* kCharmYaml = R"(id: toy-charm
name: Toy Charm
engine: toy_charm
version: 1
players: {min: 2, max: 2}
parameters:
  charm: {type: int, default: 45, min: 0, max: 100}
  unused: {type: int, default: 3, min: 0, max: 10}
)";

struct Charm {
  sim::EngineRegistry registry = charmRegistry();
  model::Ruleset ruleset = model::loadRulesetFromString(kCharmYaml, "toy-charm.yaml").ruleset;
  sim::KnobSpace knobs;
  std::vector<sim::Target> targets;
  sim::TuneShape shape;

  explicit Charm(const std::string& yaml) {
    model::Diagnostics d;
    const sim::TuneSpec spec = sim::parseTuneSpec(yaml, "charm-targets.yaml", false, d);
    std::string error;
    EXPECT_TRUE(sim::TuneSearch::gameShape(registry, ruleset, settings(), shape, error)) << error;
    targets = sim::resolveTargets(spec, shape, d);
    knobs = sim::buildKnobSpace(ruleset, nullptr, spec, d);
    EXPECT_FALSE(d.hasErrors()) << d.format();
  }

  static sim::TuneRunSettings settings(int threads = 2) {
    sim::TuneRunSettings s;
    s.seed = 5;
    s.players = 2;
    s.threads = threads;
    s.searchAgents = {"random"};
    s.verifyAgents = {"random"};
    return s;
  }

  sim::TuneConfig config(std::uint64_t budget, int threads = 2) const {
    sim::TuneConfig c;
    c.run = settings(threads);
    c.budget = budget;
    c.verifyGames = 8000;
    return c;
  }
};

const char* kCharmTargets =
    "targets:\n"
    "  - {metric: \"impact:charm\", min: -6, max: 6}\n"
    "knobs:\n"
    "  - {path: parameters.charm, values: [0, 15, 30, 45]}\n"
    "  - {path: parameters.unused, range: \"0:10:1\"}\n";

}  // namespace

TEST(TuneImpact, ImpactMetricsParseExpandAndSuggest) {
  Charm toy(kCharmTargets);
  ASSERT_EQ(toy.shape.entities, (std::vector<std::string>{"charm"}));
  std::vector<sim::TuneMetric> m;
  std::string error;
  ASSERT_TRUE(sim::parseTuneMetrics("impact:*", toy.shape, m, error)) << error;
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].spec(), "impact:charm");
  EXPECT_TRUE(m[0].isImpact());
  EXPECT_FALSE(m[0].isProportion());
  m.clear();
  EXPECT_FALSE(sim::parseTuneMetrics("impact:charn", toy.shape, m, error));
  EXPECT_EQ(error, "the game has no entity 'charn' (did you mean 'charm'?)");
  EXPECT_FALSE(sim::parseTuneMetrics("impact:charm:grant", toy.shape, m, error));
  EXPECT_NE(error.find("grant lift is not tuned"), std::string::npos) << error;
  const std::vector<std::string> names = sim::tuneMetricNames(toy.shape);
  EXPECT_NE(std::find(names.begin(), names.end(), "impact:*"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "impact:charm"), names.end());
}

TEST(TuneImpact, AnImpactTargetIsMetByItsKnobAndVerifiedWithItsInterval) {
  Charm toy(kCharmTargets);
  sim::TuneSearch search(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(20000));
  const sim::TuneResult r = search.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.verdict, sim::TuneVerdict::Pass) << sim::tuneResultToJson(r);
  EXPECT_EQ(toy.knobs.key(r.edits), "parameters.charm=15") << sim::tuneResultToJson(r);
  const sim::TargetOutcome& t = r.targets[0];
  // The baseline's lift (+13.8 points) lies above the band, the proposal's (0) inside it.
  EXPECT_EQ(t.baseline.verdict, sim::TargetVerdict::Fail);
  EXPECT_GT(t.baseline.value.ci.lo, 6.0);
  EXPECT_LT(t.baseline.value.ci.hi, 25.0);
  EXPECT_EQ(t.verified.verdict, sim::TargetVerdict::Pass);
  EXPECT_GT(t.verified.value.ci.lo, -6.0);
  EXPECT_LT(t.verified.value.ci.hi, 6.0);
  EXPECT_LT(t.verified.value.ci.lo, t.verified.value.ci.hi);
  // Each block is played untreated and restricted: two games per pair.
  EXPECT_EQ(r.verifyGames % 2, 0u);
  EXPECT_LE(r.searchGames, 20000u);
  // The same for any thread count.
  sim::TuneSearch one(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(20000, 1));
  auto timeless = [](std::string json) {
    const auto at = json.find("\"elapsed_s\"");
    if (at != std::string::npos) json.erase(at, json.find_first_of(",\n}", at) - at);
    return json;
  };
  EXPECT_EQ(timeless(sim::tuneResultToJson(one.run())), timeless(sim::tuneResultToJson(r)));
}

TEST(TuneImpact, TheSearchNeverPassesItsBudget) {
  // A budget that fits the starting ruleset's measurement and the first
  // screening round only in part: every step plays only what fits.
  Charm toy(kCharmTargets);
  for (std::uint64_t budget : {400u, 700u, 1000u, 1500u}) {
    sim::TuneSearch search(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(budget));
    ASSERT_LE(search.minimumBudget(), budget);
    const sim::TuneResult r = search.run();
    ASSERT_TRUE(r.ok()) << r.error;
    EXPECT_LE(r.searchGames, budget) << sim::tuneResultToJson(r);
    std::uint64_t byStep = 0;
    for (const auto& [phase, games] : r.phaseGames) byStep += games;
    EXPECT_EQ(byStep, r.searchGames);
  }
  // Below the least that screens every knob once: refused before any game.
  sim::TuneSearch tooSmall(toy.registry, toy.ruleset, toy.knobs, toy.targets, toy.config(100));
  const sim::TuneResult r = tooSmall.run();
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.searchGames, 0u);
  EXPECT_NE(r.error.find("is below the least these knobs and targets need: " + std::to_string(tooSmall.minimumBudget())),
            std::string::npos)
      << r.error;
}
