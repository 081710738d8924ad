// The rules language's speed: random games per second of the Elemental
// Card-Dice Game written in the language (data/rulesets/card-dice-described)
// and of the card_dice C++ engine on the same cards, in one run, one thread,
// through the Monte Carlo runner (games/s = items_per_second). The described
// game's target is a third of the engine's rate.
//
//   cmake --build build --target wb_bench && build/bin/wb_bench --benchmark_filter=DescribedCardDice
#include <benchmark/benchmark.h>

#include <memory>
#include <string>

#include "simulation/runner/monte_carlo_runner.h"
#include "tests/rulesets/described/card_dice_agreement.h"

namespace {

using namespace wb;

const sim::Game* described() {
  static const std::unique_ptr<sim::Game> game = rulesets::described::testing::describedCardDice();
  return game.get();
}

const sim::Game* cppSameCards() {
  static const std::unique_ptr<sim::Game> game = rulesets::described::testing::cppCardDiceOnSameCards();
  return game.get();
}

void randomGames(benchmark::State& state, const sim::Game* game) {
  if (!game) {
    state.SkipWithError("the card-dice rulesets are missing or do not compile");
    return;
  }
  sim::RunConfig config;
  config.agents = {"random"};
  config.players = 2;
  config.games = 200;
  config.threads = 1;
  std::uint64_t seed = 1, played = 0;
  for (auto _ : state) {
    config.seed = seed++;
    sim::RunResult r = sim::MonteCarloRunner(*game, config).run();
    played += r.stats.games();
    benchmark::DoNotOptimize(r.stats.finishedGames());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(played));
}

void DescribedCardDiceRandom(benchmark::State& s) { randomGames(s, described()); }
void DescribedCardDiceCppEngineRandom(benchmark::State& s) { randomGames(s, cppSameCards()); }

}  // namespace

BENCHMARK(DescribedCardDiceCppEngineRandom)->UseRealTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);
BENCHMARK(DescribedCardDiceRandom)->UseRealTime()->Unit(benchmark::kMillisecond)->MinTime(2.0);
