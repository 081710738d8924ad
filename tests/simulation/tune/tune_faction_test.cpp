// faction:ID targets are faction duels against the baseline faction,
// the measure of `balance specialties` (simulation/factions/faction_duel.h):
// the evaluator's block sums equal the duels played one by one, `faction:*`
// leaves the baseline out, and candidates share the duel seeds.
#include <gtest/gtest.h>

#include "model/yaml/ruleset_loader.h"
#include "simulation/core/rng.h"
#include "simulation/factions/faction_duel.h"
#include "simulation/tune/tune_evaluator.h"
#include "tests/simulation/toy/dice_race_game.h"
#include "tests/simulation/tune/toy_engine_registry.h"

using namespace wb;

namespace {

sim::EngineRegistry raceRegistry() {
  return sim::testing::toyEngineRegistry("toy_dice_race", [](const model::Ruleset& r) -> std::unique_ptr<sim::Game> {
    return std::make_unique<sim::toy::DiceRaceGame>(static_cast<int>(r.number("goal", 30)), true);
  });
}

const char* kRace = R"(id: race
name: Race
engine: toy_dice_race
players: {min: 2, max: 2}
parameters:
  goal: {type: int, default: 30, min: 10, max: 60}
)";

}  // namespace

TEST(TuneFactions, StarLeavesTheBaselineOutAtTwoPlayersAndTakesEveryFactionAsPlayedAtMore) {
  sim::TuneShape shape;
  shape.factions = {"swift", "steady"};
  std::vector<sim::TuneMetric> m;
  std::string error;
  ASSERT_TRUE(sim::parseTuneMetrics("faction:*", shape, m, error)) << error;
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].spec(), "faction:steady");
  EXPECT_TRUE(m[0].isDuel());
  EXPECT_FALSE(sim::parseTuneMetrics("faction:swift", shape, m, error));
  EXPECT_NE(error.find("is the baseline"), std::string::npos) << error;
  // At more players a faction target is the faction's win rate as played
  // (no baseline): every faction, read from the run's faction tallies.
  shape.players = 4;
  m.clear();
  ASSERT_TRUE(sim::parseTuneMetrics("faction:*", shape, m, error)) << error;
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].spec(), "faction:swift");
  EXPECT_FALSE(m[0].isDuel());
  EXPECT_TRUE(m[0].isProportion());
  sim::RunResult r;
  r.stats = sim::RunStats(4, 1, 2, 0);
  EXPECT_EQ(m[1].measure(r).den, 0.0);  // no games yet
  EXPECT_FALSE(sim::parseTuneMetrics("faction:stedy", shape, m, error));
  EXPECT_NE(error.find("did you mean 'steady'"), std::string::npos) << error;
}

TEST(TuneFactions, BlocksAreTheDuelsOfBalanceSpecialties) {
  const sim::EngineRegistry registry = raceRegistry();
  const model::Ruleset rules = model::loadRulesetFromString(kRace, "race.yaml").ruleset;
  const sim::KnobSpace none;
  sim::TuneRunSettings settings;
  settings.seed = 5;
  settings.threads = 2;
  settings.searchAgents = {"greedy"};
  sim::TuneEvaluator eval(registry, rules, none, {sim::TuneMetric{sim::TuneMetric::Kind::Faction, 0, "steady"}}, settings);
  std::string error;
  ASSERT_TRUE(eval.prepare(error)) << error;
  ASSERT_TRUE(eval.play({{{}, sim::TuneEvaluator::kSearch, sim::TuneEvaluator::kSearchAgents, 6}}, error)) << error;
  const sim::BlockSeries* s = eval.series({}, sim::TuneEvaluator::kSearch, sim::TuneEvaluator::kSearchAgents);
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->blocks(), 6u);
  EXPECT_EQ(eval.gamesPlayed(sim::TuneEvaluator::kSearch), 6u * eval.blockGames());
  // The same duels one by one: steady (faction 1) against swift (0), seats alternating.
  const sim::toy::DiceRaceGame game(30, true);
  const std::uint64_t B = eval.blockGames();
  const std::uint64_t factionSeed = sim::deriveSeed(settings.seed, 1, 0x6475656cULL);
  for (std::uint64_t b = 0; b < 6; ++b) {
    double score = 0;
    for (std::uint64_t i = 0; i < B; ++i) {
      const std::uint64_t g = b * B + i;
      score += sim::playFactionDuel(game, 1, 0, static_cast<int>(g % 2), {"greedy"}, sim::deriveSeed(factionSeed, g, 0),
                                    game.defaultMaxTurns())
                   .score;
    }
    EXPECT_DOUBLE_EQ(s->metric[0][b].num, score) << "block " << b;
    EXPECT_DOUBLE_EQ(s->metric[0][b].den, static_cast<double>(B));
  }
}
