// The sweep curve chart: a swept value (x) against a win-rate metric (y) with
// its 95% interval as a shaded band, the target as a dashed line and the
// balance point (where the curve crosses the target) marked with its interval.
// Plain inputs (no simulation types), so the workbench can draw a curve while
// it grows and a test can draw one from a few numbers.
//
//   SweepChartData d;  d.xLabel = "cards.meteor_strike.cost";  d.target = 0.5;
//   d.points = {{12, 0.55, 0.51, 0.59}, {14, 0.49, 0.45, 0.53}};
//   QChart* chart = buildSweepChart(d, "Meteor Strike cost");  // caller owns it
#pragma once

#include <QString>

#include <optional>
#include <vector>

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace wb::charts {

struct SweepChartPoint {
  double x = 0;     // the swept value
  double rate = 0;  // the metric, in [0, 1]
  double low = 0;   // its 95% interval
  double high = 0;
};

struct SweepChartData {
  std::vector<SweepChartPoint> points;  // any order; drawn sorted by x
  QString xLabel;                       // the swept path
  QString yLabel = QStringLiteral("win rate");
  double target = 0.5;
  double yFloor = 0.0;                  // lowest y shown: 0 for rates, -1 for lifts (differences)
  bool crossed = false;                 // a balance point exists
  double balance = 0;                   // its value
  std::optional<double> balanceLow, balanceHigh;  // its interval (nullopt: beyond the range)
  // Sweep x range when known (the planned values), so a growing curve keeps its axis.
  std::optional<double> xMin, xMax;
};

// The data are fractions (a rate in [0, 1], a lift in [-1, 1]); the chart
// draws them in % like the sweep table (y = 100 x the value, labels "40%").
// Series (names, for the legend and tests): "95% interval" (QAreaSeries),
// "target 50.0%", the metric line (named yLabel; its point markers have no
// legend entry) and, when crossed, "balance interval" (a thick segment on the
// target line; open ends run to the axis) and "balance point 14.3" (a marker).
QChart* buildSweepChart(const SweepChartData& data, const QString& title);

}  // namespace wb::charts
