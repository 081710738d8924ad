#include "charts/builders/chart_fit.h"

#include <QAbstractAxis>
#include <QBarCategoryAxis>
#include <QChart>
#include <QFontMetricsF>
#include <QLegend>
#include <QLegendMarker>
#include <QValueAxis>
#include <QVariant>

#include <algorithm>
#include <cmath>

namespace wb::charts {

namespace {

constexpr const char* kFull = "wbFullText";
constexpr const char* kAllCategories = "wbAllCategories";
constexpr const char* kAllNames = "wbAllNames";
constexpr const char* kShown = "wbShownText";
constexpr const char* kBaseInterval = "wbBaseTickInterval";
// Room Qt Charts keeps above and below each value label (its label padding, twice).
constexpr double kValueLabelPadding = 10.0;
// Room Qt Charts keeps around a title inside the chart's margins (measured:
// a title 20 px narrower than the chart was still cut).
constexpr double kTitlePadding = 28.0;

// The text as it was set: the property while what is shown is ours, else the
// text someone set since.
QString fullText(QObject* o, const QString& shown) {
  if (o->property(kShown).toString() == shown && o->property(kFull).isValid()) return o->property(kFull).toString();
  o->setProperty(kFull, shown);
  return shown;
}

template <typename Set>
void fit(QObject* o, const QString& shown, const QFont& font, double width, Set set) {
  if (width <= 40) return;  // not laid out yet
  const QString full = fullText(o, shown);
  const QString wrapped = chartLines(wrapToWidth(full, font, width));
  o->setProperty(kShown, wrapped);
  if (wrapped != shown) set(wrapped);
}

// A category axis marked by keepCategoryLabelsApart: level while each label has
// its room, upright when not, and only every k-th when even upright labels
// would touch. The axis wants distinct categories, so a label left out is a
// run of zero-width spaces as long as its index (distinct, and shows nothing).
void fitCategories(QBarCategoryAxis* axis, double width) {
  if (width <= 40) return;  // not laid out yet
  QStringList all = axis->property(kAllCategories).toStringList();
  if (all.isEmpty()) {
    all = axis->categories();
    axis->setProperty(kAllCategories, all);
  }
  if (all.isEmpty()) return;
  const QFontMetricsF metrics(axis->labelsFont());
  const double room = width / static_cast<double>(all.size());
  const double gap = metrics.averageCharWidth();
  double widest = 0;
  for (const QString& c : all) widest = std::max(widest, metrics.horizontalAdvance(c));
  int angle = 0, every = 1;
  if (widest + gap > room) {
    angle = -90;
    every = std::max(1, static_cast<int>(std::ceil((metrics.height() + gap) / room)));
  }
  QStringList shown;
  for (qsizetype i = 0; i < all.size(); ++i)
    shown << (i % every == 0 ? all[i] : QString(i, QChar(0x200B)));
  if (axis->labelsAngle() != angle) axis->setLabelsAngle(angle);
  if (shown != axis->categories()) axis->setCategories(shown);
}

// A category axis marked by keepNamesWhole: each name on at most two lines of
// `width`, the second ending in "..." when the name needs more. Distinct names
// may shorten alike: zero-width spaces keep them apart (the axis wants
// distinct categories).
void fitNames(QBarCategoryAxis* axis, double width) {
  if (width <= 40) return;  // not laid out yet
  const QStringList all = axis->property(kAllNames).toStringList();
  if (all.isEmpty()) return;
  const QFontMetricsF metrics(axis->labelsFont());
  QStringList shown;
  for (qsizetype i = 0; i < all.size(); ++i) {
    QStringList lines = wrapToWidth(all[i], axis->labelsFont(), width);
    if (lines.size() > 2) lines = {lines[0], lines.mid(1).join(QLatin1Char(' '))};
    for (QString& line : lines)
      if (metrics.horizontalAdvance(line) > width) line = metrics.elidedText(line, Qt::ElideRight, width);
    QString name = chartLines(lines);
    while (shown.contains(name)) name += QChar(0x200B);
    shown << name;
  }
  if (shown != axis->categories()) axis->setCategories(shown);
}

// A value axis marked by keepValueLabelsWhole: the smallest of its interval,
// 2.5 and 5 times it whose labels each get a line of the plot's height.
void fitValueLabels(QValueAxis* axis, double height) {
  if (height <= 20) return;  // not laid out yet
  const double base = axis->property(kBaseInterval).toDouble();
  const double span = axis->max() - axis->min();
  if (base <= 0 || span <= 0) return;
  const double line = QFontMetricsF(axis->labelsFont()).height() + kValueLabelPadding;
  double interval = base;
  for (double times : {1.0, 2.5, 5.0}) {
    interval = base * times;
    if ((std::floor(span / interval) + 1) * line <= height) break;
  }
  if (axis->tickInterval() != interval) axis->setTickInterval(interval);
}

void fitAll(QChart* chart) {
  const QMargins m = chart->margins();
  const double titleWidth = chart->size().width() - m.left() - m.right() - kTitlePadding;
  fit(chart, chart->title(), chart->titleFont(), titleWidth, [chart](const QString& t) { chart->setTitle(t); });
  // A legend above or below shares the chart's width among its entries;
  // Qt cuts an entry that does not fit ("win rate, ..."): it wraps instead.
  QLegend* legend = chart->legend();
  if (legend->isVisible() && (legend->alignment() & (Qt::AlignTop | Qt::AlignBottom))) {
    QList<QLegendMarker*> shown;
    for (QLegendMarker* marker : legend->markers())
      if (marker->isVisible()) shown << marker;
    if (!shown.isEmpty()) {
      // Each entry: its share of the width, less its colour box and spacing (about 2.5 em).
      const double em = QFontMetricsF(legend->font()).height();
      const double each = titleWidth / static_cast<double>(shown.size()) - 2.5 * em;
      for (QLegendMarker* marker : shown)
        fit(marker, marker->label(), legend->font(), each, [marker](const QString& t) { marker->setLabel(t); });
    }
  }
  const QRectF plot = chart->plotArea();
  for (QAbstractAxis* axis : chart->axes(Qt::Horizontal))
    if (auto* categories = qobject_cast<QBarCategoryAxis*>(axis); categories && categories->property(kAllCategories).isValid())
      fitCategories(categories, plot.width());
  for (QAbstractAxis* axis : chart->axes(Qt::Vertical)) {
    if (auto* values = qobject_cast<QValueAxis*>(axis); values && values->property(kBaseInterval).isValid())
      fitValueLabels(values, plot.height());
    if (auto* names = qobject_cast<QBarCategoryAxis*>(axis); names && names->property(kAllNames).isValid())
      fitNames(names, kNameShare * (chart->size().width() - m.left() - m.right()));
  }
  for (QAbstractAxis* axis : chart->axes()) {
    if (axis->titleText().isEmpty()) continue;
    const double room = axis->orientation() == Qt::Horizontal ? plot.width() : plot.height();
    fit(axis, axis->titleText(), axis->titleFont(), room, [axis](const QString& t) { axis->setTitleText(t); });
    if (axis->orientation() == Qt::Vertical && room > 40) {
      // Beside a short plot Qt cuts a title of more than two lines to "win ...":
      // none then (the chart's title and the labels say what the axis is).
      const QStringList lines = wrapToWidth(axis->property(kFull).toString(), axis->titleFont(), room);
      const QFontMetricsF metrics(axis->titleFont());
      bool fits = lines.size() <= 2;
      for (const QString& l : lines) fits = fits && metrics.horizontalAdvance(l) <= room;
      if (axis->isTitleVisible() != fits) axis->setTitleVisible(fits);
    }
  }
}

}  // namespace

QStringList wrapToWidth(const QString& text, const QFont& font, double width) {
  const QFontMetricsF metrics(font);
  if (metrics.horizontalAdvance(text) <= width) return {text};
  QStringList lines;
  QString line;
  for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
    if (!line.isEmpty() && metrics.horizontalAdvance(longer) > width) {
      lines << line;
      line = word;
    } else {
      line = longer;
    }
  }
  if (!line.isEmpty()) lines << line;
  return lines;
}

QString chartLines(const QStringList& lines) {
  if (lines.size() == 1) return lines.front();
  QStringList escaped;
  for (const QString& l : lines) escaped << l.toHtmlEscaped();
  return escaped.join(QStringLiteral("<br>"));
}

void keepCategoryLabelsApart(QBarCategoryAxis* axis) {
  axis->setProperty(kAllCategories, axis->categories());
}

void keepNamesWhole(QBarCategoryAxis* axis) {
  axis->setProperty(kAllNames, axis->categories());
  axis->setTruncateLabels(false);
}

int heightForNames(const QStringList& names, const QFont& labelFont, double nameWidth) {
  const double line = QFontMetricsF(labelFont).lineSpacing();
  qsizetype lines = 1;
  for (const QString& n : names) lines = std::max(lines, std::min<qsizetype>(2, wrapToWidth(n, labelFont, nameWidth).size()));
  // Each name's slot holds its tallest neighbour with a little air; twelve
  // lines more for the title (three lines of its larger font), the value
  // labels, the axis title (three lines) and the margins: the Simulation tab's
  // entity chart at 1000 px took 157 px of 287 for them, lines of 15 px.
  const double slots = static_cast<double>(std::max<qsizetype>(1, names.size())) * static_cast<double>(lines) * 1.25;
  return static_cast<int>(std::ceil(line * (slots + 12.0)));
}

void keepValueLabelsWhole(QValueAxis* axis) {
  axis->setProperty(kBaseInterval, axis->tickInterval());
  // Thinned instead: a label Qt would cut is a label with another tick's room.
  axis->setTruncateLabels(false);
}

void keepChartTextsWhole(QChart* chart) {
  QObject::connect(chart, &QChart::geometryChanged, chart, [chart] { fitAll(chart); });
  QObject::connect(chart, &QChart::plotAreaChanged, chart, [chart] { fitAll(chart); });
}

}  // namespace wb::charts
