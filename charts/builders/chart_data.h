// Plain inputs of the chart builders, filled from simulation results by the
// caller (app/gui, reports). Keeping charts on these small structs means a
// chart can be drawn from a live partial result, a saved JSON or a test.
#pragma once

#include <QString>

#include <vector>

namespace wb::charts {

// One bar of a win-rate chart: a seat, an agent or a faction.
struct WinRateBar {
  QString label;      // "Seat 1 (greedy)", "fire", ...
  double rate = 0;    // in [0, 1]
  double low = 0;     // 95% interval, in [0, 1]
  double high = 0;
  long long games = 0;
};

// Game lengths: counts[i] games ended after `firstLength + i` turns.
struct LengthHistogram {
  int firstLength = 0;
  std::vector<long long> counts;
  QString unit = QStringLiteral("turns");
};

// One entity's metric (e.g. win-rate delta when played), for the top-N bar chart.
struct EntityValue {
  QString label;
  double value = 0;
  bool outlier = false;
};

}  // namespace wb::charts
