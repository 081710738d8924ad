// Dice lab benchmarks: representative exact queries.
//   build-*/bin/wb_bench --benchmark_filter=Dice
#include <benchmark/benchmark.h>

#include "simulation/dice/dice_notation.h"
#include "simulation/dice/expression_distribution.h"
#include "simulation/dice/pool_engine.h"
#include "simulation/dice/target_solver.h"

namespace {

using namespace wb::sim::dice;

Pool pool(const char* text) { return *parsePool(text, nullptr); }

void BM_DiceSum20d6(benchmark::State& state) {
  Pool p = pool("20d6");
  for (auto _ : state) benchmark::DoNotOptimize(sumDistribution(p));
}
BENCHMARK(BM_DiceSum20d6)->Unit(benchmark::kMicrosecond);

void BM_DiceSum100d6(benchmark::State& state) {
  Pool p = pool("100d6");
  for (auto _ : state) benchmark::DoNotOptimize(sumDistribution(p));
}
BENCHMARK(BM_DiceSum100d6)->Unit(benchmark::kMicrosecond);

void BM_DiceExplodingKeepHighest_6d10x4kh3(benchmark::State& state) {
  Pool p = pool("6d10!4kh3");
  for (auto _ : state) benchmark::DoNotOptimize(sumDistribution(p));
}
BENCHMARK(BM_DiceExplodingKeepHighest_6d10x4kh3)->Unit(benchmark::kMicrosecond);

void BM_DiceExplodingKeepHighest_10d6x10kh5(benchmark::State& state) {
  Pool p = pool("10d6!10kh5");
  for (auto _ : state) benchmark::DoNotOptimize(sumDistribution(p));
}
BENCHMARK(BM_DiceExplodingKeepHighest_10d6x10kh5)->Unit(benchmark::kMicrosecond);

void BM_DiceOpposed10d6vs10d6(benchmark::State& state) {
  Pool a = pool("10d6"), b = pool("10d6");
  for (auto _ : state) benchmark::DoNotOptimize(opposedDistribution(a, b));
}
BENCHMARK(BM_DiceOpposed10d6vs10d6)->Unit(benchmark::kMillisecond);

void BM_DiceTarget7Dice3RollsAnchoredWild(benchmark::State& state) {
  DieSpec die = pool("1d{fire:2,earth,water,air,Z}").terms[0].die;
  TargetSpec spec{*parseTarget("fire:2,earth:2|fire:3|water:2,air:2"), 3, "Z", true};
  for (auto _ : state) benchmark::DoNotOptimize(TargetSolver::solve(die, 7, spec)->probability());
}
BENCHMARK(BM_DiceTarget7Dice3RollsAnchoredWild)->Unit(benchmark::kMillisecond);

void BM_DiceTarget10d6ThreeRollsAnchoredWild(benchmark::State& state) {
  TargetSpec spec{*parseTarget("1:4,2:3|6:5"), 3, "5", true};
  DieSpec d6 = DieSpec::standard(6);
  for (auto _ : state) benchmark::DoNotOptimize(TargetSolver::solve(d6, 10, spec)->probability());
}
BENCHMARK(BM_DiceTarget10d6ThreeRollsAnchoredWild)->Unit(benchmark::kMillisecond);

void BM_DiceExpressionThreeDice(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(expressionDistribution("2 * d6 + d8 * d10", nullptr));
}
BENCHMARK(BM_DiceExpressionThreeDice)->Unit(benchmark::kMicrosecond);

}  // namespace
