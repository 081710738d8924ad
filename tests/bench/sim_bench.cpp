// Throughput of the Monte Carlo runner: games per second for the random,
// greedy and MCTS agents on the toy dice race (tests/simulation/toy) and on
// the Elemental Card-Dice Game (data/rulesets/card-dice, skipped if it is
// missing or does not compile), with 1 and 2 threads.
//
//   cmake --build build --target wb_bench && build/bin/wb_bench --benchmark_filter=Sim
//
// items_per_second is games per second (wall clock, all threads).
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"
#include "tests/bench/bench_source_dir.h"
#include "simulation/runner/monte_carlo_runner.h"
#include "tests/simulation/toy/dice_race_game.h"

namespace {

using namespace wb;

using bench::sourceDir;

// Compiled once per process; nullptr if the ruleset is missing or invalid.
const sim::Game* cardDice() {
  static const std::unique_ptr<sim::Game> game = [] {
    const std::string path = sourceDir() + "/data/rulesets/card-dice/card-dice.yaml";
    auto loaded = model::loadRuleset(path, rulesets::builtinEngines().schemaLookup());
    if (!loaded.ok()) return std::unique_ptr<sim::Game>();
    model::Diagnostics diags;
    return rulesets::builtinEngines().compile(loaded.ruleset, diags);
  }();
  return game.get();
}

const sim::Game& toyRace() {
  static const sim::toy::DiceRaceGame game(30);
  return game;
}

void runGames(benchmark::State& state, const sim::Game* game, std::vector<std::string> agents, std::uint64_t games) {
  if (!game) {
    state.SkipWithError("data/rulesets/card-dice/card-dice.yaml missing or does not compile");
    return;
  }
  sim::RunConfig config;
  config.agents = std::move(agents);
  config.players = 2;
  config.games = games;
  config.threads = static_cast<int>(state.range(0));
  std::uint64_t seed = 1;
  std::uint64_t played = 0, timeouts = 0;
  for (auto _ : state) {
    config.seed = seed++;
    sim::RunResult r = sim::MonteCarloRunner(*game, config).run();
    played += r.stats.games();
    timeouts += r.stats.timeouts();
    benchmark::DoNotOptimize(r.stats.finishedGames());
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(played));
  state.counters["timeout_share"] = played ? static_cast<double>(timeouts) / static_cast<double>(played) : 0.0;
}

void SimToyRandom(benchmark::State& s) { runGames(s, &toyRace(), {"random"}, 2000); }
void SimToyGreedy(benchmark::State& s) { runGames(s, &toyRace(), {"greedy"}, 1000); }
void SimToyMcts(benchmark::State& s) { runGames(s, &toyRace(), {"mcts:iters=200"}, 10); }
void SimCardDiceRandom(benchmark::State& s) { runGames(s, cardDice(), {"random"}, 200); }
void SimCardDiceGreedy(benchmark::State& s) { runGames(s, cardDice(), {"greedy"}, 200); }
// The default MCTS budget (1000 iterations per move) against greedy, seats rotated.
void SimCardDiceMctsVsGreedy(benchmark::State& s) { runGames(s, cardDice(), {"mcts", "greedy"}, 4); }

}  // namespace

BENCHMARK(SimToyRandom)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(SimToyGreedy)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(SimToyMcts)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(SimCardDiceRandom)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(SimCardDiceGreedy)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(SimCardDiceMctsVsGreedy)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond)->Iterations(1);
