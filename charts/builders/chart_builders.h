// Qt Charts builders over simulation results (see chart_data.h):
//   - win rate per seat / agent / faction with 95% error bars and the fair line
//     (1 / seats: 25% at four seats), in %, labels turned when many,
//   - game length histogram,
//   - top-N entities by a metric (horizontal bars, outliers highlighted).
// Each returns a new QChart the caller owns (put it in a QChartView, or render
// it to a file with charts/export/chart_export.h).
#pragma once

#include <QString>

#include <vector>

#include "charts/builders/chart_data.h"

QT_BEGIN_NAMESPACE
class QChart;
class QAbstractAxis;
class QAbstractSeries;
QT_END_NAMESPACE

namespace wb::charts {

// `fair`: the even share drawn as a dashed line (1 / seats), in [0, 1].
QChart* buildWinRateChart(const std::vector<WinRateBar>& bars, const QString& title, double fair = 0.5);
// A chart with only a title (before any result): no axes, no made-up numbers.
QChart* buildPlaceholderChart(const QString& title);
// Bins of `binWidth` turns (0 = chosen so there are at most ~30 bars).
QChart* buildLengthHistogram(const LengthHistogram& lengths, const QString& title, int binWidth = 0);
// The `topN` entities with the largest |value|, largest first; `valueLabel` names the axis.
QChart* buildTopEntitiesChart(const std::vector<EntityValue>& values, const QString& title,
                              const QString& valueLabel, int topN = 10);

// The look every workbench chart shares (font sizes, margins, theme).
void applyWorkbenchStyle(QChart* chart);

// Building blocks of the builders: add a series to the chart on two axes; hide
// a series from the legend (reference lines, bands drawn twice).
void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y);
void hideLegendFor(QChart* chart, QAbstractSeries* series);

}  // namespace wb::charts
