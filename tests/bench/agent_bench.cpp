// Agent speed on the shipped games: MCTS iterations per
// second, games per second per agent, and the cost of one state copy and one
// action (the units the published peers quote: OpenSpiel games/s, TAG's
// "copy" and "next" times).
//
//   build-headless/bin/wb_bench --benchmark_filter='Agent|Copy|Next'
//
// Games: card-dice (2 players), Zoneplex (4 players), Elem Master (2 players),
// each the shipped YAML under data/rulesets. Positions: 16 per game, reached by
// uniformly random legal play from fixed seeds (5..80 actions in), the same for
// every agent and every build, so numbers compare across commits.
// Repeatable instruction counts (the machine is shared, wall time is noisy):
//   valgrind --tool=callgrind --toggle-collect='*mctsSearches*' build-headless/bin/wb_bench
//     --benchmark_filter='AgentMctsIterations/card-dice' --benchmark_min_time=0   (one line)
// then instructions / the `iterations` counter = instructions per MCTS iteration.
// Counters: iters_per_s (MCTS iterations, counted as the root's visits, per
// second of this thread's CPU time), games_per_s (wall clock, one thread); the
// MCTS rows' label roots=... hashes one search's root visits per position (a
// pure speed change leaves it as it was);
// CopyState and NextAction report their time per copy / per action in the
// Time and CPU columns.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/engine_catalog.h"
#include "tests/bench/bench_source_dir.h"
#include "simulation/agents/agent_factory.h"
#include "simulation/agents/mcts_agent.h"
#include "simulation/runner/monte_carlo_runner.h"

namespace {

using namespace wb;

using bench::sourceDir;

struct Shipped {
  const char* name;
  const char* path;
  int players;
};
constexpr Shipped kGames[] = {
    {"card-dice", "/data/rulesets/card-dice/card-dice.yaml", 2},
    {"zoneplex-4p", "/data/rulesets/zoneplex/zoneplex.yaml", 4},
    {"elem-master", "/data/rulesets/elem-master/elem-master.yaml", 2},
};

const sim::Game* game(int g) {
  static std::unique_ptr<sim::Game> games[3];
  static bool loaded[3] = {false, false, false};
  if (!loaded[g]) {
    loaded[g] = true;
    auto r = model::loadRuleset(sourceDir() + kGames[g].path, rulesets::builtinEngines().schemaLookup());
    if (r.ok()) {
      model::Diagnostics d;
      games[g] = rulesets::builtinEngines().compile(r.ruleset, d);
    }
  }
  return games[g].get();
}

// 16 non-terminal positions of game g, by random play from fixed seeds.
std::vector<std::unique_ptr<sim::State>> makePositions(int g) {
  std::vector<std::unique_ptr<sim::State>> out;
  const sim::Game* gm = game(g);
  if (!gm) return out;
  std::vector<sim::Action> legal;
  for (std::uint64_t k = 0; out.size() < 16 && k < 200; ++k) {
    sim::Rng rng(sim::deriveSeed(2024, k, 0));
    auto s = gm->newInitialState(sim::GameSetup{kGames[g].players}, rng);
    const int steps = 5 + static_cast<int>((k * 37) % 76);
    for (int i = 0; i < steps && !s->isTerminal(); ++i) {
      s->legalActions(legal);
      s->applyAction(legal[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(legal.size())))], rng);
    }
    s->legalActions(legal);
    if (!s->isTerminal() && legal.size() > 1) out.push_back(std::move(s));
  }
  return out;
}

// Made once per process, on first use.
const std::vector<std::unique_ptr<sim::State>>& positions(int g) {
  static std::vector<std::unique_ptr<sim::State>> all[3];
  static bool made[3] = {false, false, false};
  if (!made[g]) {
    made[g] = true;
    all[g] = makePositions(g);
  }
  return all[g];
}

// One search per position; the MCTS iterations done. Out of line, so that
// callgrind can count it alone (--toggle-collect='*mctsSearches*').
[[gnu::noinline]] std::uint64_t mctsSearches(const std::vector<std::unique_ptr<sim::State>>& pos, sim::Agent& agent,
                                             sim::Rng& rng) {
  std::uint64_t iterations = 0;
  auto* mcts = dynamic_cast<sim::MctsAgent*>(&agent);
  for (const auto& s : pos) {
    benchmark::DoNotOptimize(agent.chooseAction(*s, rng));
    for (const auto& c : mcts->lastRoot()) iterations += c.visits;
  }
  return iterations;
}

// A hash of the root statistics (action, visits) of one search per position,
// from a fresh agent and rng: equal before and after a pure speed change.
std::string rootFingerprint(const std::vector<std::unique_ptr<sim::State>>& pos, const std::string& spec) {
  std::string error;
  auto agent = sim::makeAgent(spec, error);
  auto* mcts = dynamic_cast<sim::MctsAgent*>(agent.get());
  if (!mcts) return "?";
  sim::Rng rng(7);
  std::uint64_t h = 0;
  for (const auto& s : pos) {
    h = sim::mix64(h ^ static_cast<std::uint64_t>(agent->chooseAction(*s, rng)));
    for (const auto& c : mcts->lastRoot()) h = sim::mix64(h ^ (static_cast<std::uint64_t>(c.action) * 31 + c.visits));
  }
  char text[32];
  std::snprintf(text, sizeof text, "roots=%016llx", static_cast<unsigned long long>(h));
  return text;
}

// MCTS iterations per second from the fixed positions (one search each). The
// label is rootFingerprint(): a speed change must leave it as it was.
void AgentMctsIterations(benchmark::State& state, int g, std::string spec) {
  const auto& pos = positions(g);
  if (pos.empty()) {
    state.SkipWithError("ruleset missing or does not compile");
    return;
  }
  state.SetLabel(rootFingerprint(pos, spec));
  std::string error;
  auto agent = sim::makeAgent(spec, error);
  std::uint64_t iterations = 0;
  sim::Rng rng(7);
  for (auto _ : state) iterations += mctsSearches(pos, *agent, rng);
  state.counters["iters_per_s"] = benchmark::Counter(static_cast<double>(iterations), benchmark::Counter::kIsRate);
  state.counters["iterations"] = static_cast<double>(iterations);  // for instruction counts per iteration (callgrind)
}

// Whole games per second, one thread, seats rotated.
void AgentGames(benchmark::State& state, int g, std::string spec, std::uint64_t games) {
  const sim::Game* gm = game(g);
  if (!gm) {
    state.SkipWithError("ruleset missing or does not compile");
    return;
  }
  sim::RunConfig config;
  config.agents = {std::move(spec)};
  config.players = kGames[g].players;
  config.games = games;
  config.threads = 1;
  std::uint64_t seed = 1, played = 0, timeouts = 0;
  for (auto _ : state) {
    config.seed = seed++;
    sim::RunResult r = sim::MonteCarloRunner(*gm, config).run();
    played += r.stats.games();
    timeouts += r.stats.timeouts();
  }
  state.counters["games_per_s"] = benchmark::Counter(static_cast<double>(played), benchmark::Counter::kIsRate);
  state.counters["timeout_share"] = played ? static_cast<double>(timeouts) / static_cast<double>(played) : 0.0;
}

// One greedy decision (Agent::chooseAction: the view, then one look-ahead per
// legal action) on each of the 16 positions, the agent's stream fixed: the
// unit the tuner's card-dice games (greedy:answers=off) spend their time in.
// Label: a hash of the chosen actions (a pure speed change leaves it as it was).
void GreedyDecisions(benchmark::State& state, int g, std::string spec) {
  const auto& pos = positions(g);
  std::string error;
  auto agent = sim::makeAgent(spec, error);
  if (pos.empty() || !agent) {
    state.SkipWithError("ruleset missing or does not compile");
    return;
  }
  std::uint64_t decisions = 0, hash = 1469598103934665603ULL;
  bool first = true;
  for (auto _ : state) {
    sim::Rng rng(5);
    for (const auto& s : pos) {
      const sim::Action a = agent->chooseAction(*s, rng);
      if (first) hash = sim::mix64(hash ^ static_cast<std::uint64_t>(a));
      ++decisions;
    }
    first = false;
  }
  char label[32];
  std::snprintf(label, sizeof label, "choices=%016llx", static_cast<unsigned long long>(hash));
  state.SetLabel(label);
  state.counters["decisions_per_s"] = benchmark::Counter(static_cast<double>(decisions), benchmark::Counter::kIsRate);
}

// One clone() of a mid-game state.
void CopyState(benchmark::State& state, int g) {
  const auto& pos = positions(g);
  if (pos.empty()) {
    state.SkipWithError("ruleset missing or does not compile");
    return;
  }
  std::size_t i = 0;
  for (auto _ : state) {
    auto c = pos[i++ % pos.size()]->clone();
    benchmark::DoNotOptimize(c.get());
  }
}

// One legal-action listing plus one applyAction (a random legal action), as in a random playout.
void NextAction(benchmark::State& state, int g) {
  const sim::Game* gm = game(g);
  if (!gm) {
    state.SkipWithError("ruleset missing or does not compile");
    return;
  }
  sim::Rng rng(11);
  std::vector<sim::Action> legal;
  auto s = gm->newInitialState(sim::GameSetup{kGames[g].players}, rng);
  for (auto _ : state) {
    if (s->isTerminal() || s->turnCount() > 300) {
      state.PauseTiming();
      s = gm->newInitialState(sim::GameSetup{kGames[g].players}, rng);
      state.ResumeTiming();
    }
    s->legalActions(legal);
    s->applyAction(legal[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(legal.size())))], rng);
  }
}

const int kRegistered = [] {
  for (int g = 0; g < 3; ++g) {
    const std::string name = kGames[g].name;
    benchmark::RegisterBenchmark(("AgentMctsIterations/" + name + "/iters=200").c_str(), AgentMctsIterations, g,
                                 std::string("mcts:iters=200"))
        ->Unit(benchmark::kMillisecond);  // iters_per_s per CPU second: the shared machine's wall time is noisy
    for (const char* spec : {"random", "greedy"})
      benchmark::RegisterBenchmark(("AgentGames/" + name + "/" + spec).c_str(), AgentGames, g, std::string(spec),
                                   std::uint64_t{20})
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    for (const char* spec : {"greedy", "greedy:answers=off"})
      benchmark::RegisterBenchmark(("GreedyDecisions/" + name + "/" + spec).c_str(), GreedyDecisions, g,
                                   std::string(spec))
          ->Unit(benchmark::kMicrosecond);
    if (name == "card-dice")  // the engine's default agent, which `balance tune` plays by default
      benchmark::RegisterBenchmark(("AgentGames/" + name + "/greedy:answers=off").c_str(), AgentGames, g,
                                   std::string("greedy:answers=off"), std::uint64_t{20})
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
    benchmark::RegisterBenchmark(("AgentGames/" + name + "/mcts:iters=200").c_str(), AgentGames, g,
                                 std::string("mcts:iters=200"), std::uint64_t{2})
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime()
        ->Iterations(1);
    benchmark::RegisterBenchmark(("CopyState/" + name).c_str(), CopyState, g)->Unit(benchmark::kMicrosecond);
    benchmark::RegisterBenchmark(("NextAction/" + name).c_str(), NextAction, g)->Unit(benchmark::kMicrosecond);
  }
  return 0;
}();

}  // namespace
