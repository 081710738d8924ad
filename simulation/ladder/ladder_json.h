// The `--json` document of `balance ladder`, written from a LadderResult.
//
// {
//   "engine", "players", "games_per_pairing", "games_per_agent", "seed", "max_turns",
//   "agents": [{"agent", "elo", "elo_se", "rung"}],              // rung 0 = weakest
//   "matrix": [{"a", "b", "games", "a_wins", "b_wins", "draws", "no_winner",
//               "adjudicated", "timeouts", "a_score", "ci95"}],   // every pair a < b (as given)
//   "conclusions": [{"agent", "mean_turns", "first_side": FINDING, "seats": [FINDING],
//                    "factions": [FINDING], "entities": [FINDING],
//                    "top_entities": [...], "bottom_entities": [...]}],
//   "rank_agreement": [{"from", "to", "what", "items", "kendall_tau"}],
//   "agreement_check": [{"agent", "reference", "agrees", "first_side_conflict",
//                        "orders": [{"what", "pairs", "same_separated", "opposite",
//                                    "tied", "conflicts": [...]}]}],   // ladder_check.h
//   "changes": [{"from", "to", "id", "label", "kind", "before", "after"}],
//   "runs": [run documents: each agent's own run (data/schema/run-result.md)],
//   "cancelled", "elapsed_s"
// }
// FINDING = {"id", "label", "value", "ci95", "fair", "n", "category"}  (category -1, 0, +1)
#pragma once

#include <string>

#include "simulation/core/json_writer.h"
#include "simulation/ladder/ladder.h"

namespace wb::sim {

void writeLadderJson(JsonWriter& out, const LadderResult& result, bool withRuns = true);
std::string ladderToJson(const LadderResult& result, bool pretty = true);

}  // namespace wb::sim
