// Chart texts kept whole at the size a chart is shown: Qt Charts cuts a title
// or an axis title that is wider than its room to "Win rate per seat (of all
// 200 ga...". These break such a text into lines at its spaces instead, again
// at every resize, so what a designer reads is the whole sentence; and a bar
// axis's labels (the length histogram's) are turned or thinned where they
// would run together in a narrow chart, and a value axis's labels thinned
// where a short chart would cut them to "..."; a column of names beside a
// plot (the entities that stand out) wraps to two lines instead of running
// off the chart's edge.
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
// From now on (with keepChartTextsWhole on its chart) the names of a vertical
// category axis never run off the chart's left edge: each takes at most
// kNameShare of the chart's width, on up to two lines (broken at spaces; what
// still does not fit ends in "..."), so the plot keeps the rest. Its
// categories are set before this and not changed after.
inline constexpr double kNameShare = 0.4;
void keepNamesWhole(QBarCategoryAxis* axis);
// The height at which a chart with these names down its side shows every one
// of them, with its title and value axis, when each name has `nameWidth`
// pixels of `labelFont` (keepNamesWhole: up to two lines). Qt hides a name that
// would touch its neighbour, and every name gets the same room.
int heightForNames(const QStringList& names, const QFont& labelFont, double nameWidth);
// From now on (with keepChartTextsWhole on its chart) a vertical value axis
// with dynamic ticks shows whole labels at the chart's height: Qt gives each
// label the plot's height over the label count and cuts one with less room to
// "...", so in a short plot the ticks widen from the interval set (20) to 2.5
// and 5 times it (50, 100). Its range and interval are set before this.
void keepValueLabelsWhole(QValueAxis* axis);

}  // namespace wb::charts
