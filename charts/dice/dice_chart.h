// Qt Charts builder for the dice lab: a distribution as bars (probability in
// percent, left axis) with the cumulative "at least" or "at most" curve on a
// second axis (right, 0-100%), the mean as a dashed marker and, for a yes/no
// query, the bars at or above the threshold in a second colour. Outcomes that
// cannot happen are not drawn (fire x magic has 18 outcomes, not 36), and the
// axis labels thin out and negligible tails are cut for wide distributions (100d6). A compact variant
// (no title, legend or axis titles) fits next to an expression in the inspector.
// Returns a new QChart the caller owns (charts/export/chart_export.h renders it).
#pragma once

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "simulation/dice/pmf.h"

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE

namespace wb::charts {

enum class DiceCumulative { None, AtLeast, AtMost };

struct DiceChartData {
  QString title;                          // "sum of 3d6"
  QString outcomeLabel = QStringLiteral("outcome");  // x axis title
  std::vector<sim::dice::PmfRow> rows;    // sorted by outcome
  QStringList labels;                     // optional: one label per row ("missed", "reached")
  double mean = 0;
  bool showMean = true;
  bool barValueLabels = false;            // print each bar's percentage on it (few bars)
  std::optional<double> threshold;        // bars >= threshold highlighted
  QString thresholdLabel;                 // legend text: "P(sum >= 10) = 62.5%"
};

struct DiceChartOptions {
  DiceCumulative cumulative = DiceCumulative::AtLeast;
  bool compact = false;   // inspector size: no title, legend, axis titles or curve
  int maxLabels = 24;     // at most this many outcome labels on the x axis
  bool trimTails = true;  // wide distributions: drop end outcomes under 1e-5 of the peak bar
};

QChart* buildDiceChart(const DiceChartData& data, const DiceChartOptions& options = {});

// Indices of the rows whose outcome gets an x-axis label: every row when they
// fit in `maxLabels`, else every k-th row on a round step (1, 2, 5, 10, ...),
// always including the first and the last. Exposed for tests.
std::vector<std::size_t> diceLabelRows(std::size_t rows, int maxLabels);

}  // namespace wb::charts
