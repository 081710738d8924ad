// The text table `balance run` prints for a RunResult: outcomes (wins by one
// side, draws between sides, games nobody won, adjudicated games, timeouts),
// team rows where the engine declares teams, seat / agent / faction rows, the
// first-side test over the games that have a winner, game length with the
// capped games censored, the engine's event counters and the entities'
// association numbers. Every block names the agents behind it.
#pragma once

#include <iosfwd>
#include <string>

#include "simulation/runner/run_result.h"

namespace wb::app {

void printRunTable(std::ostream& out, const sim::RunResult& result);

}  // namespace wb::app
