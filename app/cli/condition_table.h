// The setup-condition table `balance run --conditions` prints after the run
// table (simulation/conditions/condition_analysis.h): each outcome measure by
// each feature value with its 95% interval, then the conditions whose outcome
// differs most from the rest of the games (Holm-corrected), pairs of features
// included where neither value alone explains it.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "simulation/runner/run_result.h"

namespace wb::app {

// `maxFindings`: the most findings printed (the JSON has them all).
// `only`: the features to show and test (balance run --conditions-of); empty = every one.
void printConditionTable(std::ostream& out, const sim::RunResult& result, std::size_t maxFindings = 20,
                         const std::vector<std::string>& only = {});

}  // namespace wb::app
