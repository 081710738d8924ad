// The "conditions" object of `balance run --conditions --json` (documented in
// data/schema/run-result.md): the analysis of condition_analysis.h plus every
// cell's raw integer sums, so a reader can redo any test. A pure function of
// the tally: identical for any thread count and MPI rank count.
#pragma once

#include "simulation/conditions/condition_analysis.h"
#include "simulation/core/json_writer.h"

namespace wb::sim {

void writeConditionsJson(JsonWriter& w, const RunStats& stats);

}  // namespace wb::sim
