// Text helpers shared by the report writers and the sweep / compare / report
// commands: percentages, intervals, numbers and balance points as text.
#pragma once

#include <string>
#include <vector>

#include "simulation/impact/impact_runner.h"
#include "simulation/stats/statistics.h"
#include "simulation/sweep/balance_point.h"

namespace wb::app {

// 0.5234 -> "52.3" (digits after the point); never "-0.0".
std::string percentText(double x, int digits = 1);
// [0.51, 0.55] -> "[51.0, 55.0]".
std::string intervalText(const sim::Interval& ci, int digits = 1);
// A difference in points: 0.123 -> "+12.3", -0.004 -> "-0.4", 0 -> "0.0".
std::string signedPointsText(double x, int digits = 1);
// [−0.02, 0.05] -> "[-2.0, +5.0]".
std::string signedIntervalText(const sim::Interval& ci, int digits = 1);
// "p = 0.034", "p < 0.001" (never "p = 2.2e-25").
std::string pValueText(double p);
// A restricted-play lift over pairs none of which differed (a passive card
// nobody plays by choice): not a measured zero. The window, the report and
// `balance impact` all write it as kNeverPlayedText.
bool changedNoGame(const sim::ImpactMeasure& restricted);
inline constexpr const char* kNeverPlayedText = "never played (no game changed)";
// The agents behind a set of numbers: "random (every seat)", "greedy, random
// (rotating over the seats)".
std::string agentsText(const std::vector<std::string>& agents);
// A number with up to `digits` decimals, trailing zeros dropped: 14.30 -> "14.3".
std::string numberText(double x, int digits = 2);
// "PATH = 14.3 [12.9, 15.8]" ("<" / ">" mark an interval end beyond the swept
// values) when the crossing is clear of noise; "not crossed in range (every value
// is above the target, 2 of them clearly)"; or "no detectable effect in this range
// (about N games per value would detect a 2-point effect)".
std::string balancePointText(const sim::BalancePoint& bp, const std::string& name, const std::vector<double>& values);

}  // namespace wb::app
