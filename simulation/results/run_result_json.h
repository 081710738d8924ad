// The `--json` result document of `balance run`, written from a RunResult.
// Documented in data/schema/run-result.md. Every field but elapsed_s and
// games_per_s is a pure function of (ruleset, agents, players, seed, games,
// max turns): identical for any thread count.
//
// {
//   "ruleset": "card-dice", "engine": "card_dice", "games": 10000, "seed": 1,
//   "players": 2, "max_turns": 200, "agents": ["greedy", "greedy"],
//   "finished": 9990, "draws": 12,
//   "timeouts": {"count": 10, "games": [{"index": 17, "seed": 123...}, ...]},   // at most 100 listed
//   "seats":    [{"seat": 0, "games", "wins", "draws", "losses", "win_rate", "ci95": [lo, hi]}, ...],
//   "by_agent": [{"agent": "greedy", "games", "wins", "draws", "losses", "win_rate", "ci95"}, ...],
//   "by_faction": [{"faction": "fire", ...same...}],            // only when the game has factions
//   "first_player": {"games", "wins", "win_rate", "fair_rate", "ci95", "p_value"},
//   "turns": {"mean", "sd", "min", "max", "histogram": [{"turns": 12, "games": 30}, ...]},
//   "entities": {"meteor_strike": {"acquired", "played", "triggered",          // totals
//                 "acquired_per_game", "played_per_game", "triggered_per_game",
//                 "used": {"players", "wins", "win_rate", "ci95"},
//                 "unused": {...same...}, "win_rate_delta"}, ...},
//   "until_ci": {"target", "reached", "max_half_width"},          // only with --until-ci
//   "cancelled": false, "elapsed_s": 1.23, "games_per_s": 8130.1
// }
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
