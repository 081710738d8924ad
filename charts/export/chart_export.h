// Renders a QChart to a widget-free image: PNG (raster) or SVG (vector), for
// reports, the `--screenshot` option and tests. Works with the offscreen
// platform; never needs a visible window.
#pragma once

#include <QImage>
#include <QSize>
#include <QString>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace wb::charts {

// Draws `chart` at `size` into an image (the chart keeps its scene, if any).
QImage renderChart(QChart* chart, QSize size = QSize(800, 500));
// Saves as PNG or SVG, chosen by the file suffix (.svg -> SVG, otherwise PNG).
bool saveChart(QChart* chart, const QString& path, QSize size = QSize(800, 500),
               QString* error = nullptr);
// A view with antialiasing on, taking ownership of `chart`.
QChartView* makeChartView(QChart* chart);

}  // namespace wb::charts
