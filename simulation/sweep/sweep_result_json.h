// The `--json` document of `balance sweep`, written from a SweepResult;
// documented in data/schema/sweep-result.md. Every point carries the metric
// and the full run document of `balance run` (results/run_result_json.h).
#pragma once

#include <string>

#include "simulation/core/json_writer.h"
#include "simulation/sweep/sweep_runner.h"

namespace wb::sim {

void writeSweepResultJson(JsonWriter& out, const SweepResult& result, bool withRuns = true);
std::string sweepResultToJson(const SweepResult& result, bool pretty = true, bool withRuns = true);
// A balance point as JSON: {"crossed", "value", "ci95": [lo|null, hi|null], "crossings"}.
void writeBalancePointJson(JsonWriter& out, const BalancePoint& bp);

}  // namespace wb::sim
