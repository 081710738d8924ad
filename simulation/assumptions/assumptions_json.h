// The `--json` document of `balance assumptions` (documented in
// data/schema/assumptions-result.md). A pure function of (ruleset, agents,
// players, seed, games, max turns): no timings, no thread count, so it is
// byte-identical for any --threads and any number of MPI ranks.
#pragma once

#include <string>

#include "simulation/assumptions/assumption_runner.h"

namespace wb::sim {

std::string assumptionsToJson(const AssumptionsResult& result);

}  // namespace wb::sim
