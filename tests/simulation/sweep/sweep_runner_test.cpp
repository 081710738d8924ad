// Sweeps: common random numbers, balance points by
// interpolation with an interval, "not crossed", 2-D grids, bad input.
// The toy duel's seat-0 win rate is known in closed form (toy_duel.h): with
// p1 = 50 and random agents it is exactly 1/2 at p0 = 40.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>

#include "simulation/sweep/balance_point.h"
#include "simulation/sweep/sweep_result_json.h"
#include "simulation/sweep/sweep_runner.h"
#include "tests/simulation/sweep/toy_duel.h"
#include "tests/simulation/toy/card_race_game.h"

using namespace wb;

namespace {

sim::SweepConfig config(std::vector<double> values, std::uint64_t games = 4000) {
  sim::SweepConfig c;
  c.axes = {{"parameters.p0", std::move(values)}};
  c.run.games = games;
  c.run.seed = 7;
  c.run.threads = 2;
  c.run.agents = {"random"};
  return c;
}

}  // namespace

TEST(BalancePoint, InterpolatesTheCrossingAndItsInterval) {
  // Rising curve through 0.5 between x = 10 and 20 (at 15); bounds cross at 12.5 and 17.5.
  std::vector<sim::CurvePoint> pts = {{20, 0.6, 0.55, 0.65}, {10, 0.4, 0.35, 0.45}, {30, 0.8, 0.75, 0.85}};
  auto bp = sim::findBalancePoint(pts, 0.5);
  ASSERT_TRUE(bp.crossed);
  EXPECT_DOUBLE_EQ(bp.value, 15.0);
  ASSERT_TRUE(bp.lo && bp.hi);
  EXPECT_DOUBLE_EQ(*bp.lo, 12.5);
  EXPECT_DOUBLE_EQ(*bp.hi, 17.5);
  EXPECT_EQ(bp.crossings, 1);
  // A falling curve works the same way.
  std::vector<sim::CurvePoint> down = {{10, 0.6, 0.55, 0.65}, {20, 0.4, 0.35, 0.45}};
  auto d = sim::findBalancePoint(down, 0.5);
  EXPECT_DOUBLE_EQ(d.value, 15.0);
  EXPECT_DOUBLE_EQ(*d.lo, 12.5);
  EXPECT_DOUBLE_EQ(*d.hi, 17.5);
  // Never reaching the target: not crossed.
  std::vector<sim::CurvePoint> high = {{1, 0.7, 0.6, 0.8}, {2, 0.9, 0.8, 1.0}};
  EXPECT_FALSE(sim::findBalancePoint(high, 0.5).crossed);
  // The estimate crosses but no interval is clear of the target: no balance point
  // (this once printed "5 [< 0, > 10]", a noisy crossing presented as an answer).
  std::vector<sim::CurvePoint> open = {{0, 0.45, 0.3, 0.6}, {10, 0.55, 0.4, 0.7}};
  auto o = sim::findBalancePoint(open, 0.5);
  EXPECT_FALSE(o.crossed);
  EXPECT_EQ(o.crossings, 1);
  EXPECT_TRUE(o.noDetectableEffect());
}

TEST(SweepRange, ParsesValuesAndRanges) {
  std::string error;
  auto r = sim::parseSweepRange("12:18:1.5", error);
  ASSERT_TRUE(r) << error;
  EXPECT_EQ(*r, (std::vector<double>{12, 13.5, 15, 16.5, 18}));
  auto f = sim::parseSweepRange("0.1:0.3:0.1", error);
  ASSERT_TRUE(f) << error;
  EXPECT_EQ(f->size(), 3u);
  EXPECT_DOUBLE_EQ(f->back(), 0.3);
  EXPECT_FALSE(sim::parseSweepRange("3:1:1", error));
  EXPECT_FALSE(sim::parseSweepRange("1:3:0", error));
  EXPECT_FALSE(sim::parseSweepRange("1:3", error));
  EXPECT_FALSE(sim::parseSweepValues("3,x,7", error));
  EXPECT_NE(error.find("'x'"), std::string::npos);
  auto v = sim::parseSweepValues("3, 7,12,18", error);
  ASSERT_TRUE(v);
  EXPECT_EQ(v->size(), 4u);
}

TEST(SweepRunner, FindsTheKnownBalancePointOfTheToyDuel) {
  auto registry = test::toyRegistry();
  auto base = test::toyDuelRuleset();
  sim::SweepRunner sweep(registry, base, config({20, 30, 40, 50, 60}));
  int progressCalls = 0;
  sweep.setProgressCallback([&](const sim::SweepProgress&) { ++progressCalls; }, 0.0);
  auto r = sweep.run();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.points.size(), 5u);
  EXPECT_GT(progressCalls, 0);
  // The win rate rises with p0 and each point is close to the exact value.
  for (const auto& p : r.points) {
    const double q0 = p.values[0] / 200.0, q1 = 0.25;
    const double exact = q0 / (q0 + q1 - q0 * q1);
    // 4,000 games: sd <= 0.0079; 4.5 sd.
    EXPECT_NEAR(p.rate(), exact, 0.036) << p.values[0];
    EXPECT_EQ(p.metric.games, 4000u);
  }
  ASSERT_EQ(r.curves.size(), 1u);
  const auto& bp = r.curves[0].balance;
  ASSERT_TRUE(bp.crossed);
  EXPECT_NEAR(bp.value, 40.0, 4.0);
  ASSERT_TRUE(bp.lo && bp.hi);
  EXPECT_LT(*bp.lo, bp.value);
  EXPECT_GT(*bp.hi, bp.value);
  EXPECT_LE(*bp.lo, 40.0 + 1e-9 + 4.0);
  EXPECT_GE(*bp.hi, 40.0 - 4.0);
  // The JSON holds every point and the balance point.
  auto json = sim::sweepResultToJson(r, true, false);
  EXPECT_NE(json.find("\"balance_points\""), std::string::npos);
  EXPECT_NE(json.find("\"parameters.p0\": 60"), std::string::npos) << json.substr(0, 600);
}

TEST(SweepRunner, CommonRandomNumbersGiveTheSameGamesAtEqualSettings) {
  auto registry = test::toyRegistry();
  auto base = test::toyDuelRuleset();
  // The same value twice: identical statistics, because every point uses the run seed.
  sim::SweepRunner sweep(registry, base, config({50, 50, 35}, 2000));
  auto r = sweep.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.points[0].result.stats, r.points[1].result.stats);
  EXPECT_NE(r.points[0].result.stats, r.points[2].result.stats);
}

TEST(SweepRunner, NotCrossedInRange) {
  auto registry = test::toyRegistry();
  auto base = test::toyDuelRuleset();
  sim::SweepRunner sweep(registry, base, config({70, 80, 90}, 1000));
  auto r = sweep.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_FALSE(r.curves[0].balance.crossed);
  EXPECT_NE(sim::sweepResultToJson(r).find("\"crossed\": false"), std::string::npos);
}

TEST(SweepRunner, TwoDimensionalGridHasABalancePointPerRow) {
  auto registry = test::toyRegistry();
  auto base = test::toyDuelRuleset();
  auto c = config({10, 30, 50, 70}, 2000);
  c.axes.push_back({"parameters.p1", {30, 70}});
  sim::SweepRunner sweep(registry, base, c);
  auto r = sweep.run();
  ASSERT_TRUE(r.ok()) << r.error;
  ASSERT_EQ(r.points.size(), 8u);
  ASSERT_EQ(r.curves.size(), 2u);
  EXPECT_EQ(r.at(2, 1).values, (std::vector<double>{50, 70}));
  // Exact: p0 = 200 q1 / (1 + q1): 26.1 for p1 = 30, 52.2 for p1 = 70.
  ASSERT_TRUE(r.curves[0].balance.crossed);
  ASSERT_TRUE(r.curves[1].balance.crossed);
  EXPECT_NEAR(r.curves[0].balance.value, 26.1, 5.0);
  EXPECT_NEAR(r.curves[1].balance.value, 52.2, 6.0);
  EXPECT_DOUBLE_EQ(r.curves[1].value2, 70.0);
}

TEST(SweepRunner, BadPathsValuesAndMetricsAreErrors) {
  auto registry = test::toyRegistry();
  auto base = test::toyDuelRuleset();
  std::string error;
  auto c = config({1, 2});
  c.axes[0].path = "parameters.nope";
  EXPECT_FALSE(sim::SweepRunner(registry, base, c).validate(error));
  EXPECT_NE(error.find("unknown path"), std::string::npos) << error;
  c.axes[0].path = "parameters.label";
  EXPECT_FALSE(sim::SweepRunner(registry, base, c).validate(error));
  EXPECT_NE(error.find("not a numeric"), std::string::npos) << error;
  c = config({50, 150});  // out of the declared range
  EXPECT_FALSE(sim::SweepRunner(registry, base, c).validate(error));
  c = config({50, 50.5});  // not an int
  EXPECT_FALSE(sim::SweepRunner(registry, base, c).validate(error));
  c = config({50});
  c.metric.kind = sim::SweepMetric::Kind::Agent;
  c.metric.id = "mcts";
  EXPECT_FALSE(sim::SweepRunner(registry, base, c).validate(error));
  auto r = sim::SweepRunner(registry, base, c).run();
  EXPECT_FALSE(r.ok());
  EXPECT_TRUE(sim::parseSweepMetric("seat:1", error));
  EXPECT_TRUE(sim::parseSweepMetric("seat0", error));
  EXPECT_TRUE(sim::parseSweepMetric("agent:greedy", error));
  EXPECT_FALSE(sim::parseSweepMetric("seat:x", error));
  EXPECT_FALSE(sim::parseSweepMetric("loser", error));
}

TEST(SweepRunner, CancelStopsTheSweep) {
  auto registry = test::toyRegistry();
  auto base = test::toyDuelRuleset();
  sim::SweepRunner sweep(registry, base, config({10, 20, 30, 40, 50, 60}, 200000));
  sweep.setProgressCallback([&](const sim::SweepProgress& p) {
    if (p.gamesDone > 1000) sweep.cancel();
  }, 0.0);
  auto r = sweep.run();
  EXPECT_TRUE(r.cancelled);
  EXPECT_LT(r.points.size(), 6u);
}

TEST(SweepMetric, DefaultFollowsWhatIsSwept) {
  sim::RunConfig c;
  c.agents = {"greedy", "random"};
  const sim::SweepMetric automatic = sim::defaultSweepMetric(c);
  EXPECT_EQ(automatic.kind, sim::SweepMetric::Kind::Auto);
  const std::vector<std::string> ids = {"fire", "meteor_strike"};
  // An entity's value: that entity's causal impact (target 0 points).
  auto m = sim::resolveSweepMetric(automatic, "cards.meteor_strike.cost", ids);
  EXPECT_EQ(m.kind, sim::SweepMetric::Kind::EntityImpact);
  EXPECT_EQ(m.id, "meteor_strike");
  EXPECT_EQ(m.spec(), "impact:meteor_strike");
  EXPECT_EQ(m.label(), "impact of meteor_strike (restricted-play lift)");
  EXPECT_EQ(m.defaultTarget(2, 2), 0.0);
  // A global parameter: the first-side share (target 1/sides).
  auto g = sim::resolveSweepMetric(automatic, "parameters.starting_health", ids);
  EXPECT_EQ(g.kind, sim::SweepMetric::Kind::FirstSide);
  EXPECT_DOUBLE_EQ(g.defaultTarget(4, 2), 0.5);
  EXPECT_EQ(sim::resolveSweepMetric(automatic, "cards.unknown_card.cost", ids).kind, sim::SweepMetric::Kind::FirstSide);
  // An explicit metric stays.
  std::string error;
  auto explicitSeat = sim::parseSweepMetric("seat:1", error);
  ASSERT_TRUE(explicitSeat);
  EXPECT_EQ(sim::resolveSweepMetric(*explicitSeat, "cards.fire.cost", ids).kind, sim::SweepMetric::Kind::Seat);
  auto grant = sim::parseSweepMetric("impact:fire:grant", error);
  ASSERT_TRUE(grant);
  EXPECT_TRUE(grant->grant);
  EXPECT_EQ(grant->spec(), "impact:fire:grant");
}

// A balance point needs a crossing clear of noise: an interval below the target
// on one side and one above it on the other.
TEST(BalancePoint, ANoisyCrossingIsNoBalancePoint) {
  std::vector<sim::CurvePoint> noisy = {{10, 0.48, 0.44, 0.52, 0.5}, {20, 0.52, 0.48, 0.56, 0.5}};
  auto n = sim::findBalancePoint(noisy, 0.5);
  EXPECT_FALSE(n.crossed);
  EXPECT_EQ(n.crossings, 1);
  EXPECT_TRUE(n.noDetectableEffect());
  // ((1.959964 + 0.841621) * 0.5 / 0.02)^2 = 4905.55: games per value for a 2-point effect.
  EXPECT_EQ(n.gamesFor2Points, 4906u);
  // One side clear, the other not: still no balance point.
  std::vector<sim::CurvePoint> half = {{10, 0.40, 0.36, 0.44}, {20, 0.52, 0.48, 0.56}};
  EXPECT_FALSE(sim::findBalancePoint(half, 0.5).crossed);
  // Clearly above everywhere: "not crossed", and an effect was detected.
  std::vector<sim::CurvePoint> above = {{10, 0.60, 0.56, 0.64}, {20, 0.70, 0.66, 0.74}};
  auto a = sim::findBalancePoint(above, 0.5);
  EXPECT_FALSE(a.crossed);
  EXPECT_FALSE(a.noDetectableEffect());
  EXPECT_EQ(a.above, 2);
}

// A sweep of a value with no effect finds "no detectable effect", never a balance point.
TEST(SweepRunner, AValueWithNoEffectHasNoDetectableEffect) {
  auto registry = test::toyRegistry();
  auto base = test::toyDuelRuleset();
  base.parameter("p0")->value = 40LL;  // exactly fair: seat 0 wins 1/2
  auto c = config({0, 2, 4, 6, 8, 10}, 600);
  c.axes[0].path = "parameters.unused";
  sim::SweepRunner sweep(registry, base, c);
  auto r = sweep.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.config.metric.kind, sim::SweepMetric::Kind::FirstSide);
  EXPECT_DOUBLE_EQ(r.config.effectiveTarget(), 0.5);
  // Common random numbers: every point is the same games.
  for (const auto& p : r.points) EXPECT_EQ(p.result.stats, r.points.front().result.stats);
  const auto& bp = r.curves[0].balance;
  EXPECT_FALSE(bp.crossed);
  EXPECT_TRUE(bp.noDetectableEffect());
  EXPECT_GT(bp.gamesFor2Points, 4000u);
  const std::string json = sim::sweepResultToJson(r);
  EXPECT_NE(json.find("\"no_detectable_effect\": true"), std::string::npos);
  // A real but small change around the fair value, with few games: a noisy crossing is no balance point either.
  auto noisy = config({36, 40, 44}, 300);
  auto rn = sim::SweepRunner(registry, test::toyDuelRuleset(), noisy).run();
  ASSERT_TRUE(rn.ok()) << rn.error;
  EXPECT_FALSE(rn.curves[0].balance.crossed);
}

namespace {

// The toy card race (tests/simulation/toy/card_race_game.h) as a ruleset: its
// cards have a cost the engine ignores, so sweeping the dud's cost changes nothing.
const char* kToyCardRaceYaml = R"(id: toy-card-race
name: Toy Card Race
engine: toy_card_race
version: 1
players: {min: 2, max: 2}
parameters:
  goal: {type: int, default: 40, min: 4, max: 200}
cards:
  - id: power_card
    name: Power Card
    kind: action
    cost: 4
  - id: dud_card
    name: Dud Card
    kind: action
    cost: 3
)";

sim::EngineRegistry cardRaceRegistry() {
  sim::EngineRegistry registry;
  sim::EngineInfo info;
  info.name = "toy_card_race";
  info.description = "toy card race for tests";
  info.schema.engine = "toy_card_race";
  info.create = [](const model::Ruleset& r, model::Diagnostics&) -> std::unique_ptr<sim::Game> {
    return std::make_unique<sim::toy::CardRaceGame>(static_cast<int>(r.number("goal", 40)));
  };
  registry.add(info);
  return registry;
}

}  // namespace

// A sweep of a card's value follows that card's causal impact by
// default; a value with no effect gives "no detectable effect", never a balance point.
TEST(SweepRunner, ACardValueWithNoEffectHasNoDetectableImpact) {
  auto registry = cardRaceRegistry();
  const auto loaded = model::loadRulesetFromString(kToyCardRaceYaml, "toy-card-race.yaml");
  ASSERT_FALSE(loaded.diagnostics.hasErrors()) << loaded.diagnostics.format();
  sim::SweepConfig c;
  c.axes = {{"cards.dud_card.cost", {1, 3, 5, 7}}};
  c.run.games = 400;
  c.run.seed = 5;
  c.run.threads = 2;
  c.run.agents = {"random"};
  sim::SweepRunner sweep(registry, loaded.ruleset, c);
  auto r = sweep.run();
  ASSERT_TRUE(r.ok()) << r.error;
  EXPECT_EQ(r.config.metric.kind, sim::SweepMetric::Kind::EntityImpact);
  EXPECT_EQ(r.config.metric.label(), "impact of dud_card (restricted-play lift)");
  EXPECT_DOUBLE_EQ(r.config.effectiveTarget(), 0.0);
  ASSERT_EQ(r.points.size(), 4u);
  for (const auto& p : r.points) {
    ASSERT_TRUE(p.impact);
    EXPECT_EQ(p.metric.games, 400u);           // pairs
    EXPECT_GT(p.impact->lift.better, 0u);      // the restriction changed real games
    EXPECT_LE(p.ci.lo, 0.0);
    EXPECT_GE(p.ci.hi, 0.0);
  }
  const auto& bp = r.curves[0].balance;
  EXPECT_FALSE(bp.crossed);
  EXPECT_TRUE(bp.noDetectableEffect());
  EXPECT_EQ(bp.above + bp.below, 0);
  EXPECT_GT(bp.gamesFor2Points, 400u);
  EXPECT_NE(sim::sweepResultToJson(r).find("\"no_detectable_effect\": true"), std::string::npos);
}

// A 100 x 100 grid took 2.2 GB and wrote a 676 MB JSON. The
// grid is bounded (every point keeps its whole run) and refused before it plays.
TEST(SweepRunner, AGridBeyondTheBoundIsRefusedBeforeItPlays) {
  auto registry = test::toyRegistry();
  auto base = test::toyDuelRuleset();
  std::vector<double> hundred;
  for (int v = 0; v < 100; ++v) hundred.push_back(v);
  auto c = config(hundred, 10);
  c.axes.push_back({"parameters.p1", hundred});
  std::string error;
  EXPECT_FALSE(sim::SweepRunner(registry, base, c).validate(error));
  EXPECT_NE(error.find("the sweep has 10000 points (at most 1000"), std::string::npos) << error;
  c.axes[1].values.resize(10);  // 100 x 10 is within the bound
  EXPECT_TRUE(sim::SweepRunner(registry, base, c).validate(error)) << error;
}

