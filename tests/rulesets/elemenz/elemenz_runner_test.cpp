// ElemenZ through the Monte Carlo runner: the faction rows count the shaman each
// seat really played (State::factionOf), also in the 2-player game where the
// balanced schedule sometimes deals both seats shamans of one side.
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/rulesets/elemenz/elemenz_fixture.h"

namespace wb::rulesets::elemenz::test {
namespace {

int counterIndex(const sim::RunResult& r, const std::string& id) {
  for (std::size_t i = 0; i < r.counters.size(); ++i)
    if (r.counters[i] == id) return static_cast<int>(i);
  ADD_FAILURE() << "no counter " << id;
  return -1;
}

TEST(ElemenzRunner, TwoPlayerFactionRowsFollowTheSidePlayed) {
  auto game = shippedGame();
  sim::RunConfig config;
  config.games = 48;  // 4 cycles of the 12-game round robin
  config.players = 2;
  config.threads = 1;
  sim::MonteCarloRunner runner(*game, config);
  const sim::RunResult r = runner.run();
  ASSERT_TRUE(r.error.empty()) << r.error;
  const sim::CounterTally& c = r.stats.counters();
  const int fe = counterIndex(r, "duel_side:fire+earth");
  const int wa = counterIndex(r, "duel_side:air+water");
  const auto& rows = r.stats.factions();
  // Faction order of the shipped file: fire, water, earth, air.
  EXPECT_EQ(rows[0].games + rows[2].games, c.total[static_cast<std::size_t>(fe)]);
  EXPECT_EQ(rows[1].games + rows[3].games, c.total[static_cast<std::size_t>(wa)]);
  EXPECT_EQ(c.at(c.byFaction, 1, fe) + c.at(c.byFaction, 3, fe), 0u) << "Water and Air never counted on the Fire+Earth side";
  EXPECT_EQ(c.at(c.byFaction, 0, wa) + c.at(c.byFaction, 2, wa), 0u);
  EXPECT_EQ(c.total[static_cast<std::size_t>(fe)], 48u);
}

}  // namespace
}  // namespace wb::rulesets::elemenz::test
