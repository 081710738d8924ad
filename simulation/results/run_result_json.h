// The `--json` result document of `balance run`, written from a RunResult.
// Documented in data/schema/run-result.md. Every field but elapsed_s and
// games_per_s is a pure function of (ruleset, agents, players, seed, games,
// max turns): identical for any thread count.
//
// Outline (data/schema/run-result.md has every field):
// {
//   "ruleset", "engine", "games", "seed", "players", "max_turns", "agents": [...],
//   "finished", "side_wins", "draws", "nobody_wins", "adjudicated",
//   "schedule": {"description", "cycle_games"},                     // only with factions
//   "timeouts": {"count", "games": [{"index", "seed"}, ...]},      // at most 100 listed
//   "seats": [{"seat", TALLY}], "teams": bool, "sides": [{"side", "seats": [..], TALLY}],
//   "by_agent": [{"agent", TALLY}], "by_faction": [{"faction", TALLY}],
//   "first_side": {"sides", "teams", "games", "wins", "win_rate", "fair_rate", "ci95", "p_value", "without_winner"},
//   "turns": {"mean", "sd", "min", "max", "censored", "censored_at", "mean_uncensored", "histogram"},
//   "entities": {id: {"acquired", ..., "association": {"measure", "used", "unused", "win_rate_delta"}}},
//   "counters": {id: {"total", "per_game", "games_with", "by_seat", "by_agent", "by_faction"}},
//   "conditions": {...},                                           // only with --conditions
//   "until_ci": {...}, "cancelled", "elapsed_s", "games_per_s"
// }
// TALLY = "games", "wins", "draws", "losses", "nobody_wins",
//         "adjudicated": {"wins", "draws", "losses"}, "timeouts", "win_rate", "ci95"
#pragma once

#include <string>
#include <vector>

#include "simulation/core/json_writer.h"
#include "simulation/runner/run_result.h"

namespace wb::sim {

// "agents" lists RunConfig::agents as given; by_agent uses the distinct specs.
void writeRunResultJson(JsonWriter& out, const RunResult& result);
std::string runResultToJson(const RunResult& result, bool pretty = true);

}  // namespace wb::sim
