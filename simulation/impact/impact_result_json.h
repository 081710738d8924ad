// The `balance impact --json` document, written from an ImpactResult
// (data/schema/impact-result.md). Every field but elapsed_s is a pure function
// of (ruleset, agents, players, seed, pairs, max turns, entities).
//
// {
//   "ruleset", "engine", "pairs", "seed", "players", "max_turns", "agents": [...],
//   "design": "...",                       // how the pairs are made, in words
//   "baseline": {"games", "side_wins", "draws", "nobody_wins", "adjudicated", "timeouts", "mean_turns"},
//   "entities": [{"entity", "association": {...}, "restricted_play": MEASURE, "grant": MEASURE}, ...],
//   "cancelled", "elapsed_s"
// }
// MEASURE = {"measured", "note", "pairs", "lift", "ci95", "p_value", "significant",
//            "rate_with", "rate_without", "better", "worse", "treated_timeouts",
//            "restricted_games", "restricted_decisions" (restricted play only)}
#pragma once

#include <string>

#include "simulation/core/json_writer.h"
#include "simulation/impact/impact_runner.h"

namespace wb::sim {

void writeImpactMeasureJson(JsonWriter& w, const ImpactMeasure& m, bool restricted);
void writeImpactResultJson(JsonWriter& w, const ImpactResult& result);
std::string impactResultToJson(const ImpactResult& result, bool pretty = true);

}  // namespace wb::sim
