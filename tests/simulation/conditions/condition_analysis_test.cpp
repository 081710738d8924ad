// Setup conditions: a toy game whose setup draws two coins, `a`
// and `b`, and a weather 0..3. Weather 3 gives seat 0 a 90% roll (else 50%),
// so weather=3 must be named for the first side; a game with a == b never ends
// (a timeout at the cap), so neither coin alone changes the timeout share and
// only the pairs "a=x & b=x" may be named for it. The tally is the same for any
// thread count and survives the MPI codec.
#include <gtest/gtest.h>

#include <memory>

#include "simulation/conditions/condition_analysis.h"
#include "simulation/distributed/run_stats_codec.h"
#include "simulation/runner/monte_carlo_runner.h"

using namespace wb;

namespace {

class CoinState : public sim::State {
 public:
  CoinState(int a, int b, int weather) : m_a(a), m_b(b), m_weather(weather) {}
  int numPlayers() const override { return 2; }
  int currentPlayer() const override { return m_winner >= 0 ? sim::kTerminalPlayer : m_turn % 2; }
  void legalActions(std::vector<sim::Action>& out) const override {
    out.clear();
    if (m_winner < 0) out = {0};
  }
  bool isTerminal() const override { return m_winner >= 0; }
  std::vector<double> returns() const override {
    std::vector<double> r(2, 0.0);
    if (m_winner >= 0) r[static_cast<std::size_t>(m_winner)] = 1.0;
    return r;
  }
  int turnCount() const override { return m_turn; }
  std::unique_ptr<sim::State> clone() const override { return std::make_unique<CoinState>(*this); }
  std::string toString() const override { return "coin"; }
  void setupFeatures(std::vector<sim::SetupFeature>& out) const override {
    out = {{"a", std::to_string(m_a)}, {"b", std::to_string(m_b)}, {"weather", std::to_string(m_weather)}};
  }

 protected:
  void doApplyAction(sim::Action, sim::Rng& rng) override {
    const int me = m_turn % 2;
    ++m_turn;
    if (m_a == m_b) return;  // the stall: nobody ever wins
    const int chance = me == 0 && m_weather == 3 ? 90 : 50;
    if (sim::uniformInt(rng, 100) < chance) m_winner = me;
  }

 private:
  int m_a, m_b, m_weather;
  int m_turn = 0;
  int m_winner = -1;
};

class CoinGame : public sim::Game {
 public:
  std::string engine() const override { return "coin"; }
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup&, sim::Rng& rng) const override {
    const int a = sim::uniformInt(rng, 2), b = sim::uniformInt(rng, 2), w = sim::uniformInt(rng, 4);
    return std::make_unique<CoinState>(a, b, w);
  }
  int defaultMaxTurns() const override { return 20; }

 private:
  std::vector<std::string> m_ids;
};

sim::RunResult play(int threads) {
  CoinGame game;
  sim::RunConfig c;
  c.games = 2000;
  c.seed = 3;
  c.threads = threads;
  c.agents = {"random"};
  c.conditions = true;
  sim::MonteCarloRunner runner(game, c);
  return runner.run();
}

const sim::ConditionRow* row(const std::vector<sim::ConditionRow>& rows, const std::string& label) {
  for (const auto& r : rows)
    if (r.cell.label() == label) return &r;
  return nullptr;
}

}  // namespace

TEST(ConditionTally, TheSameForAnyThreadCountAndThroughTheCodec) {
  const auto one = play(1);
  const auto three = play(3);
  ASSERT_TRUE(one.ok());
  EXPECT_TRUE(one.stats == three.stats);
  EXPECT_EQ(one.stats.conditions().cells.size(), 2u + 2u + 4u + 4u + 8u + 8u);  // singles + pairs
  sim::RunStats back;
  ASSERT_TRUE(sim::RunStatsCodec::decode(sim::RunStatsCodec::encode(one.stats), back));
  EXPECT_TRUE(back == one.stats);
  // Without --conditions nothing is tallied.
  CoinGame game;
  sim::RunConfig c;
  c.games = 50;
  c.agents = {"random"};
  sim::MonteCarloRunner runner(game, c);
  EXPECT_TRUE(runner.run().stats.conditions().empty());
}

TEST(ConditionAnalysis, NamesTheWeatherForTheFirstSideAndThePairsForTheStall) {
  const auto r = play(2);
  const auto a = sim::analyzeConditions(r.stats);
  EXPECT_EQ(a.features, (std::vector<std::string>{"a", "b", "weather"}));
  ASSERT_EQ(a.singles.size(), 8u);
  const auto* w3 = row(a.singles, "weather=3");
  ASSERT_NE(w3, nullptr);
  ASSERT_EQ(a.measureKeys.front(), "first_side");
  EXPECT_TRUE(w3->measures[0].significant);
  EXPECT_GT(w3->measures[0].delta, 0.2);
  // The coins alone: the same timeout share (about a half) either way.
  const std::size_t t = static_cast<std::size_t>(
      std::find(a.measureKeys.begin(), a.measureKeys.end(), "timeouts") - a.measureKeys.begin());
  ASSERT_LT(t, a.measureKeys.size());
  EXPECT_FALSE(row(a.singles, "a=0")->measures[t].significant);
  EXPECT_FALSE(row(a.singles, "b=1")->measures[t].significant);
  const auto* stall = row(a.pairs, "a=1 & b=1");
  ASSERT_NE(stall, nullptr);
  EXPECT_EQ(stall->measures[t].value, 1.0);
  EXPECT_TRUE(stall->measures[t].significant);
  bool weatherFound = false, pairFound = false;
  for (const auto& f : a.findings) {
    weatherFound = weatherFound || (f.condition == "weather=3" && f.measure.key == "first_side");
    pairFound = pairFound || (f.condition == "a=1 & b=1" && f.measure.key == "timeouts" && f.pair);
    // A pair is named only where neither value alone is.
    if (f.pair) {
      EXPECT_NE(f.text.find("neither value alone"), std::string::npos);
    }
  }
  EXPECT_TRUE(weatherFound);
  EXPECT_TRUE(pairFound);
  // The feature tests: the weather decides the first side; neither coin decides the stalls alone.
  bool weatherDecides = false;
  for (const auto& ft : a.featureTests) {
    if (ft.feature == "weather" && ft.measure == "first_side") {
      weatherDecides = ft.significant;
      EXPECT_EQ(ft.highest, "3");
      EXPECT_EQ(ft.df, 3.0);
    }
    if (ft.measure == "timeouts" && (ft.feature == "a" || ft.feature == "b")) {
      EXPECT_FALSE(ft.significant) << ft.feature;
    }
  }
  EXPECT_TRUE(weatherDecides);
  ASSERT_FALSE(a.findings.empty());
  EXPECT_TRUE(a.findings.front().feature);
  EXPECT_NE(a.findings.front().text.find("weather decides first side"), std::string::npos) << a.findings.front().text;
}
