// RunResult: what a Monte Carlo run returns — the effective configuration,
// the names behind the indices of RunStats (distinct agents, factions,
// entities), the mergeable statistics and the timings. The JSON document
// (results/run_result_json.h) and the CLI table are made from it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "simulation/runner/run_config.h"
#include "simulation/stats/run_stats.h"

namespace wb::sim {

struct RunResult {
  std::string ruleset;                  // the ruleset id (set by the caller)
  std::string engine;                   // Game::engine()
  RunConfig config;                     // effective: threads and maxTurns resolved
  std::vector<std::string> agents;      // distinct agent specs, RunStats::agents() order
  std::vector<std::string> factions;    // Game::factions(), RunStats::factions() order
  std::vector<std::string> entities;    // Game::entityIds(), RunStats::entities() order
  std::vector<std::string> entityKinds; // per entity its ruleset section (entityKinds(), set by the caller; may be empty)
  std::vector<std::string> counters;    // Game::counterIds(), RunStats::counters() order
  std::string schedule;                 // how factions meet (FactionSchedule::describe)
  std::uint64_t scheduleCycleGames = 0; // games in one full cycle of the schedule (0: no factions)
  RunStats stats;
  double elapsedSeconds = 0.0;
  bool cancelled = false;
  bool targetReached = false;           // untilCi: every headline half-width <= target
  std::string error;                    // non-empty: the run did not start (bad config)

  bool ok() const { return error.empty(); }
  double gamesPerSecond() const {
    return elapsedSeconds > 0 ? static_cast<double>(stats.games()) / elapsedSeconds : 0.0;
  }
  // Largest 95% Wilson half-width over the headline win rates (seats, agents
  // when there are several, factions); 1 when nothing was played.
  double maxHeadlineHalfWidth() const;
};

}  // namespace wb::sim
