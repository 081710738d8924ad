// Printing a dice lab result: the readable table of `balance dice` (outcome,
// probability, at least, at most, exact fraction) and its `--json` object.
//
// JSON object (one per result):
//   {"query": "sum", "title": "sum of 3d6", "pool": "3d6", ...request fields...,
//    "exact": true, "samples": 0,
//    "pmf": {"3": 0.00463, ..., "18": 0.00463},         outcome -> probability
//    "fractions": {"3": "1/216", ...},                  when exactly known
//    "table": [{"outcome": 3, "probability": ..., "at_least": ..., "at_most": ...}, ...],
//    "mean": 10.5, "sd": 2.958,
//    "probability": 0.625, "probability_label": "P(sum >= 10)", "probability_fraction": "135/216",
//    "probability_interval": [lo, hi], "mean_interval": [lo, hi],     Monte Carlo only
//    "policy": [{"showing": [...], "probability": p, "hold": [...], "success": s}, ...],  target
//    "elapsed_ms": 0.12}
#pragma once

#include <string>

#include "simulation/core/json_writer.h"
#include "simulation/dice/dice_lab.h"

namespace wb::sim::dice {

// The outcome as a JSON key / table cell: "10", "0.5", "-2".
std::string formatOutcome(double outcome);

// `maxPolicyRows`: how many first-roll hold advices to print (most likely first).
std::string formatDiceText(const DiceResult& result, std::size_t maxPolicyRows = 12);
void writeDiceJson(JsonWriter& json, const DiceResult& result);
// CSV for export (GUI): header `outcome,probability,at_least,at_most,fraction`,
// one row per outcome; fraction is empty when not exactly known.
std::string formatDiceCsv(const DiceResult& result);

}  // namespace wb::sim::dice
