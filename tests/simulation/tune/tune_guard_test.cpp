// The content guard (tune_guard.cpp, tuning-guard.md) and use targets on a toy
// with a known answer.
//
// The spark toy: two players alternate; on a turn a random player rolls
// (action 0: wins at once with probability p0 percent for seat 0, 40 for seat
// 1) or, while the card "spark" costs at most 5 coins (cards.spark.cost), buys
// it (action 1: an acquisition of spark, nothing else). A random player rolls
// on half its turns while spark is for sale, on every turn once it is not;
// per turn seat s wins with q_s = p_s / 200 or p_s / 100, and the first side's
// share of the wins is q0 / (q0 + q1 - q0 q1): 0.556 at p0 = 40 with spark for
// sale, 0.625 when spark is priced out (cost 9) and 0.625 at p0 = 50 with
// spark for sale (0.469 at p0 = 30). So both spark: 5 -> 9 and p0: 40 -> 50
// bring first_side into [0.6, 0.65]; the first switches the card off (from
// about 2.8 acquisitions a game to none), the second keeps about 2.5.
#include <gtest/gtest.h>

#include "model/path/ruleset_path.h"
#include "model/yaml/ruleset_loader.h"
#include "simulation/distributed/distribution.h"
#include "simulation/tune/tune_result_json.h"
#include "simulation/tune/tune_search.h"
#include "simulation/tune/tune_setup.h"
#include "tests/simulation/sweep/toy_duel.h"

using namespace wb;

namespace {

class SparkState : public sim::State {
 public:
  SparkState(int p0, bool forSale) : m_p{p0, 40}, m_forSale(forSale) { log().reset(2, 1); }
  int numPlayers() const override { return 2; }
  int currentPlayer() const override { return m_winner >= 0 ? sim::kTerminalPlayer : m_turn % 2; }
  void legalActions(std::vector<sim::Action>& out) const override {
    out.clear();
    if (m_winner < 0) out = m_forSale ? std::vector<sim::Action>{0, 1} : std::vector<sim::Action>{0};
  }
  bool isTerminal() const override { return m_winner >= 0; }
  std::vector<double> returns() const override {
    std::vector<double> r(2, 0.0);
    if (m_winner >= 0) r[static_cast<std::size_t>(m_winner)] = 1.0;
    return r;
  }
  int turnCount() const override { return m_turn + (isTerminal() ? 0 : 1); }
  std::unique_ptr<sim::State> clone() const override { return std::make_unique<SparkState>(*this); }
  std::string toString() const override { return "turn " + std::to_string(m_turn); }

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override {
    const int me = m_turn % 2;
    if (a == 0 && sim::uniformInt(rng, 100) < m_p[me]) m_winner = me;
    if (a == 1) log().add(me, 0, sim::EntityUse::Acquired);
    ++m_turn;
  }

 private:
  int m_p[2];
  bool m_forSale;
  int m_turn = 0;
  int m_winner = -1;
};

class SparkGame : public sim::Game {
 public:
  SparkGame(int p, int cost) : m_p(p), m_cost(cost) {}
  std::string engine() const override { return "toy_spark"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup&, sim::Rng&) const override {
    return std::make_unique<SparkState>(m_p, m_cost <= 5);
  }
  int defaultMaxTurns() const override { return 2000; }

 private:
  int m_p, m_cost;
  std::vector<std::string> m_ids = {"spark"};
};

sim::EngineRegistry sparkRegistry() {
  sim::EngineRegistry registry;
  sim::EngineInfo info;
  info.name = "toy_spark";
  info.description = "toy with one card that a cost can price out";
  info.schema.engine = "toy_spark";
  info.create = [](const model::Ruleset& r, model::Diagnostics&) -> std::unique_ptr<sim::Game> {
    const auto cost = model::getPath(r, "cards.spark.cost");
    return std::make_unique<SparkGame>(static_cast<int>(r.number("p0", 40)), cost ? std::stoi(cost->text) : 5);
  };
  registry.add(info);
  return registry;
}

const char* kSparkYaml = R"(id: toy-spark
name: Toy Spark
engine: toy_spark
version: 1
players: {min: 2, max: 2}
parameters:
  p0: {type: int, default: 40, min: 1, max: 100}
cards:
  - id: spark
    name: Spark
    cost: 5
)";

struct Spark {
  sim::EngineRegistry registry = sparkRegistry();
  model::Ruleset ruleset = model::loadRulesetFromString(kSparkYaml, "toy-spark.yaml").ruleset;
  sim::TuneSetup setup;
  sim::GuardSpec guard;
  model::Diagnostics diagnostics;

  explicit Spark(const std::string& yaml) {
    const sim::TuneSpec spec = sim::parseTuneSpec(yaml, "spark-targets.yaml", false, diagnostics);
    guard = spec.guard;
    std::string error;
    EXPECT_TRUE(sim::resolveTuneSetup(registry, ruleset, settings(), spec, setup, diagnostics, error)) << error;
  }

  static sim::TuneRunSettings settings() {
    sim::TuneRunSettings s;
    s.seed = 7;
    s.players = 2;
    s.threads = 2;
    s.searchAgents = {"random"};
    s.verifyAgents = {"random"};
    return s;
  }

  sim::TuneResult tune() {
    sim::TuneConfig c;
    c.run = settings();
    c.budget = 40000;
    c.verifyGames = 6000;
    c.guard = guard;
    sim::TuneSearch search(registry, ruleset, setup.knobs, setup.targets, c);
    return search.run();
  }
};

std::string withGuard(const std::string& knobs, const std::string& guard = "") {
  return "targets:\n  - {metric: first_side, min: 0.6, max: 0.65}\nknobs:\n" + knobs + guard;
}

const char* kCostOnly = "  - {path: cards.spark.cost, values: [3, 5, 9]}\n";
const char* kCostAndP = "  - {path: cards.spark.cost, values: [3, 5, 9]}\n  - {path: parameters.p0, values: [30, 40, 50]}\n";

}  // namespace

TEST(TuneGuard, APlantedCostThatSwitchesACardOffIsNotAPass) {
  // Without the guard the one fix is pricing spark out, and it passes.
  Spark off(withGuard(kCostOnly, "guard: off\n"));
  ASSERT_FALSE(off.diagnostics.hasErrors()) << off.diagnostics.format();
  const sim::TuneResult free = off.tune();
  ASSERT_TRUE(free.ok()) << free.error;
  EXPECT_EQ(free.verdict, sim::TuneVerdict::Pass) << sim::tuneResultToJson(free);
  ASSERT_EQ(free.editText.size(), 1u);
  EXPECT_EQ(free.editText[0].to, "9");
  EXPECT_FALSE(free.guardOn);

  // With the guard (the default) the same answer is not a pass.
  Spark on(withGuard(kCostOnly));
  const sim::TuneResult guarded = on.tune();
  ASSERT_TRUE(guarded.ok()) << guarded.error;
  EXPECT_TRUE(guarded.guardOn);
  EXPECT_NE(guarded.verdict, sim::TuneVerdict::Pass) << sim::tuneResultToJson(guarded);
  EXPECT_FALSE(guarded.searchPassed);
  // The guard names what it protected: spark's acquisitions.
  bool named = false;
  for (const auto& g : guarded.guard) named = named || (g.target.metric.spec() == "use_per_turn:spark:acquired");
  EXPECT_TRUE(named) << sim::tuneResultToJson(guarded);
}

TEST(TuneGuard, TheGuardedTunerFindsTheFixThatKeepsTheCard) {
  Spark s(withGuard(kCostAndP));
  ASSERT_FALSE(s.diagnostics.hasErrors()) << s.diagnostics.format();
  const sim::TuneResult r = s.tune();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.verdict, sim::TuneVerdict::Pass) << sim::tuneResultToJson(r);
  ASSERT_EQ(r.editText.size(), 1u) << sim::tuneResultToJson(r);
  EXPECT_EQ(r.editText[0].path, "parameters.p0");
  EXPECT_EQ(r.editText[0].to, "50");
  EXPECT_EQ(r.editText[0].steps, 1);
  for (const auto& g : r.guard) EXPECT_FALSE(g.breached) << g.target.metric.spec();
}

TEST(TuneGuard, WithoutAPassTheClosestProposalKeepsTheGuard) {
  // First side in [0.62, 0.66] and p0 at most 45: nothing both passes and
  // keeps spark. Pricing spark out (cost 9), with p0: 40 -> 45, lands inside
  // the band (0.61 alone, on this seed's bank); keeping spark, p0: 40 -> 45
  // comes closest (0.59, verified 0.586). The guard, loosened to a twentieth
  // of each use, makes the priced-out card's guard miss (0.025 a turn, a
  // quarter of a target scale) smaller than what it gains on the target, so
  // ranking by the targets' and the guard's misses together would pick a
  // priced-out card (or, as the search's rounds went before the closest
  // proposal was ranked, p0 = 45 with a spark cost 5 -> 3 that does nothing).
  // The closest proposal that keeps the guard is p0 = 45 alone.
  Spark s("targets:\n  - {metric: first_side, min: 0.62, max: 0.66}\nknobs:\n"
          "  - {path: cards.spark.cost, values: [3, 5, 9]}\n  - {path: parameters.p0, values: [30, 40, 45]}\n"
          "guard: {min: 0.05}\n");
  ASSERT_FALSE(s.diagnostics.hasErrors()) << s.diagnostics.format();
  const sim::TuneResult r = s.tune();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_FALSE(r.searchPassed) << sim::tuneResultToJson(r);
  EXPECT_NE(r.verdict, sim::TuneVerdict::Pass);
  EXPECT_TRUE(r.guardKept) << sim::tuneResultToJson(r);
  ASSERT_EQ(r.editText.size(), 1u) << sim::tuneResultToJson(r);
  EXPECT_EQ(r.editText[0].path, "parameters.p0");
  EXPECT_EQ(r.editText[0].to, "45");
  // On fresh seeds too, spark keeps its place.
  for (const auto& g : r.guard) EXPECT_FALSE(g.breached) << g.target.metric.spec();
  // The result names what the guard refused: spark priced out, for spark's acquisitions.
  bool refused = false;
  for (const auto& g : r.guardRefused) {
    bool pricedOut = false, spark = false;
    for (const auto& e : g.text) pricedOut = pricedOut || (e.path == "cards.spark.cost" && e.to == "9");
    for (const auto& b : g.breaks) spark = spark || b.find(":spark:") != std::string::npos;
    refused = refused || (pricedOut && spark);
  }
  EXPECT_TRUE(refused) << sim::tuneResultToJson(r);
}

TEST(TuneGuard, UseTargetsReadWhatTheEntityDoesWithAnInterval) {
  // spark is acquired on half the turns while for sale: use:spark is its acquisitions.
  Spark s("targets:\n  - {metric: \"use:spark\", min: 0.1}\n  - {metric: diversity, min: 0}\nknobs:\n" +
          std::string(kCostOnly));
  // One card: no kind with two entities, so `diversity` is an error at its line.
  ASSERT_TRUE(s.diagnostics.hasErrors());
  EXPECT_NE(s.diagnostics.format().find("spark-targets.yaml:3:"), std::string::npos) << s.diagnostics.format();
  Spark u("targets:\n  - {metric: \"use:spark\", min: 0.1}\nknobs:\n" + std::string(kCostOnly));
  ASSERT_FALSE(u.diagnostics.hasErrors()) << u.diagnostics.format();
  ASSERT_EQ(u.setup.targets.size(), 1u);
  EXPECT_EQ(u.setup.targets[0].metric.spec(), "use:spark:acquired");
}

TEST(TuneGuard, BadUseTargetsAndGuardBandsAreErrorsAtTheirPlace) {
  model::Diagnostics d;
  const sim::TuneSpec spec = sim::parseTuneSpec(
      "targets:\n  - {metric: \"use:sprak\", min: 0.1}\nguard: {min: 0.8, max: 0.5}\n", "t.yaml", false, d);
  EXPECT_NE(d.format().find("t.yaml:3:"), std::string::npos) << d.format();
  EXPECT_NE(d.format().find("min 0.8 > max 0.5"), std::string::npos) << d.format();
  Spark s("targets:\n  - {metric: \"use:sprak\", min: 0.1}\n");
  EXPECT_NE(s.diagnostics.format().find("spark-targets.yaml:2:"), std::string::npos) << s.diagnostics.format();
  EXPECT_NE(s.diagnostics.format().find("did you mean 'spark'"), std::string::npos) << s.diagnostics.format();
}

TEST(TuneGuard, DiversityAndUseOnAGameWithoutEntitiesAreErrorsAndPlayNothing) {
  // The toy duel reports no entities.
  const sim::EngineRegistry registry = test::toyRegistry();
  const model::Ruleset ruleset = test::toyDuelRuleset();
  model::Diagnostics d;
  const sim::TuneSpec spec = sim::parseTuneSpec(
      "targets:\n  - {metric: first_side, min: 0.4, max: 0.6}\n  - {metric: diversity, min: 2}\n"
      "  - {metric: \"use:*\", min: 0.1}\n",
      "none.yaml", false, d);
  sim::TuneSetup setup;
  std::string error;
  ASSERT_TRUE(sim::resolveTuneSetup(registry, ruleset, Spark::settings(), spec, setup, d, error)) << error;
  const std::string text = d.format();
  EXPECT_NE(text.find("none.yaml:3:14: error: a diversity target needs entities (cards, abilities, ...), and this "
                      "game reports none"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("none.yaml:4:15: error: the game reports no entities"), std::string::npos) << text;
  EXPECT_TRUE(setup.shape.entityUse.empty());  // nothing played to learn the uses
}

TEST(TuneGuard, AFailedBaselineJobEndsTheSearchWithoutAnotherJob) {
  // A distribution whose every job fails at its first merged chunk (as a lost
  // rank would): the baseline's job fails, and the search must end there with
  // the error, not go on to play the guard's starting blocks (or anything
  // else) through the same distribution.
  Spark s(withGuard(kCostAndP));
  ASSERT_FALSE(s.diagnostics.hasErrors()) << s.diagnostics.format();
  int jobs = 0;
  sim::DistributionOptions options;
  options.stopAfterMerge = [&jobs](std::uint64_t) {
    ++jobs;
    return true;
  };
  sim::Distribution failing(options);
  sim::Distribution::install(&failing);
  const sim::TuneResult r = s.tune();
  sim::Distribution::install(nullptr);
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.error.find("test hook"), std::string::npos) << r.error;
  EXPECT_EQ(jobs, 1);
  EXPECT_EQ(r.verifyGames, 0u);
}
