// Chart texts kept whole at the size a chart is shown: Qt Charts cuts a title
// or an axis title that is wider than its room to "Win rate per seat (of all
// 200 ga...". These break such a text into lines at its spaces instead, again
// at every resize, so what a designer reads is the whole sentence; and a bar
// axis's labels (the length histogram's) are turned or thinned where they
// would run together in a narrow chart, and a value axis's labels thinned
// where a short chart would cut them to "...".
#pragma once

#include <QString>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QBarCategoryAxis;
class QChart;
class QFont;
class QValueAxis;
QT_END_NAMESPACE

namespace wb::charts {

// The lines of `text` (broken at spaces) that each fit in `width` pixels of
// `font`; a single word wider than `width` stays one line of its own.
QStringList wrapToWidth(const QString& text, const QFont& font, double width);
// Joins lines for a chart text: escaped, and a <br> between them (one line:
// the text unchanged, so a title that fits reads as it was set).
QString chartLines(const QStringList& lines);
// From now on the chart's title, its legend entries and its axes' titles are rewrapped to the
// chart's width (and the plot's) whenever the chart is resized; a vertical axis's
// title that would take more than two lines beside a short plot is hidden.
void keepChartTextsWhole(QChart* chart);
// From now on (with keepChartTextsWhole on its chart) the axis's labels never
// run together at the chart's width: level while each fits its bar, upright
// when not, and every k-th label only when even upright ones would touch.
// Its categories are set before this and not changed after.
void keepCategoryLabelsApart(QBarCategoryAxis* axis);
// From now on (with keepChartTextsWhole on its chart) a vertical value axis
// with dynamic ticks shows whole labels at the chart's height: Qt gives each
// label the plot's height over the label count and cuts one with less room to
// "...", so in a short plot the ticks widen from the interval set (20) to 2.5
// and 5 times it (50, 100). Its range and interval are set before this.
void keepValueLabelsWhole(QValueAxis* axis);

}  // namespace wb::charts
