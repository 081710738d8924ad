#include "charts/builders/chart_builders.h"

#include "charts/builders/chart_fit.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QFont>
#include <QHorizontalStackedBarSeries>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace wb::charts {

namespace {

const QColor kBarColor(0x3b, 0x7d, 0xd8);
const QColor kErrorColor(0x22, 0x22, 0x22);
const QColor kFairColor(0xd0, 0x45, 0x45);
const QColor kPositiveColor(0x3a, 0x9a, 0x5b);
const QColor kNegativeColor(0xc8, 0x5a, 0x3a);

QLineSeries* polyline(QChart* chart, const std::vector<QPointF>& points, const QPen& pen) {
  auto* s = new QLineSeries(chart);
  for (const auto& p : points) s->append(p);
  s->setPen(pen);
  return s;
}

}  // namespace

void attach(QChart* chart, QAbstractSeries* series, QAbstractAxis* x, QAbstractAxis* y) {
  chart->addSeries(series);
  series->attachAxis(x);
  series->attachAxis(y);
}

void hideLegendFor(QChart* chart, QAbstractSeries* series) {
  for (auto* marker : chart->legend()->markers(series)) marker->setVisible(false);
}

void applyWorkbenchStyle(QChart* chart) {
  chart->setTheme(QChart::ChartThemeLight);
  chart->setAnimationOptions(QChart::NoAnimation);
  chart->setBackgroundRoundness(0);
  chart->setMargins(QMargins(6, 6, 6, 6));
  QFont title = chart->titleFont();
  title.setPointSize(11);
  title.setBold(true);
  chart->setTitleFont(title);
  chart->legend()->setAlignment(Qt::AlignBottom);
  keepChartTextsWhole(chart);
}

QChart* buildPlaceholderChart(const QString& title) {
  auto* chart = new QChart;
  applyWorkbenchStyle(chart);
  chart->setTitle(title);
  chart->legend()->setVisible(false);
  return chart;
}

QChart* buildWinRateChart(const std::vector<WinRateBar>& bars, const QString& title, double fair) {
  auto* chart = new QChart;
  applyWorkbenchStyle(chart);
  chart->setTitle(title);

  // In percent, like every table of the workbench.
  auto* set = new QBarSet(QObject::tr("Win rate"));
  set->setColor(kBarColor);
  set->setBorderColor(kBarColor.darker(120));
  set->setLabelColor(Qt::black);
  QStringList categories;
  int chars = 0;
  for (const auto& b : bars) {
    *set << 100.0 * b.rate;
    categories << b.label;
    chars += static_cast<int>(b.label.size()) + 2;
  }
  auto* series = new QBarSeries(chart);
  series->append(set);
  series->setBarWidth(0.55);
  series->setLabelsVisible(false);

  auto* x = new QBarCategoryAxis(chart);
  x->setTruncateLabels(false);
  // Many names (Elem Master's 17 factions) would overlap: stand them upright
  // and smaller. Turned at a slant, the first and the last stuck out past the
  // plot and Qt dropped them (15 of 17 labels shown). A few long names
  // (ElemenZ's 2-player sides, "side air+water (as water)") read level on two
  // lines: turned, they ran out of the chart's bottom and lost their start.
  const bool many = categories.size() > 6 && chars > 50;
  const bool longNames = !many && categories.size() > 1 && chars > 16 * static_cast<int>(categories.size());
  if (many) {
    x->setLabelsAngle(-90);
    QFont f = x->labelsFont();
    f.setPointSizeF(std::max(6.5, f.pointSizeF() - (categories.size() > 12 ? 2 : 1)));
    x->setLabelsFont(f);
  } else if (longNames) {
    for (QString& c : categories) {
      // Two lines split at the space nearest the middle.
      const int middle = static_cast<int>(c.size()) / 2;
      int best = -1;
      for (int i = 0; i < c.size(); ++i)
        if (c[i] == QLatin1Char(' ') && (best < 0 || std::abs(i - middle) < std::abs(best - middle))) best = i;
      if (best > 0) c = chartLines({c.left(best), c.mid(best + 1)});
    }
  }
  if (many || longNames) {
    // Names below the plot reach down into a bottom legend: the legend goes
    // above the plot instead.
    chart->legend()->setAlignment(Qt::AlignTop);
  }
  x->append(categories.isEmpty() ? QStringList{QStringLiteral("-")} : categories);
  auto* y = new QValueAxis(chart);
  // A little above 100%, so a whisker reaching 100% is drawn whole; the
  // ticks stay at 0, 20, .. 100.
  y->setRange(0, 104);
  y->setTickType(QValueAxis::TicksDynamic);
  y->setTickAnchor(0);
  y->setTickInterval(20);
  y->setLabelFormat(QStringLiteral("%.0f%%"));
  y->setTitleText(QObject::tr("win rate (%)"));
  keepValueLabelsWhole(y);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  attach(chart, series, x, y);

  // Error bars: one whisker per bar, x in category units (bar i spans i +- 0.5).
  QPen whisker(kErrorColor, 1.6);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const double cx = static_cast<double>(i);
    const double lo = 100.0 * std::clamp(bars[i].low, 0.0, 1.0), hi = 100.0 * std::clamp(bars[i].high, 0.0, 1.0);
    const double cap = 0.08;
    auto* s = polyline(chart,
                       {{cx - cap, lo}, {cx + cap, lo}, {cx, lo}, {cx, hi}, {cx - cap, hi}, {cx + cap, hi}},
                       whisker);
    attach(chart, s, x, y);
    hideLegendFor(chart, s);
  }

  // The fair line: the even share (1 / seats), named with its value.
  QPen fairPen(kFairColor, 1.4, Qt::DashLine);
  const double last = bars.empty() ? 0.0 : static_cast<double>(bars.size() - 1);
  const double f = 100.0 * std::clamp(fair, 0.0, 1.0);
  auto* line = polyline(chart, {{-0.5, f}, {last + 0.5, f}}, fairPen);
  line->setName(QObject::tr("fair share %1%").arg(QString::number(f, 'f', f == std::round(f) ? 0 : 1)));
  attach(chart, line, x, y);
  set->setLabel(QObject::tr("win rate, 95% interval"));
  return chart;
}

QChart* buildLengthHistogram(const LengthHistogram& lengths, const QString& title, int binWidth) {
  auto* chart = new QChart;
  applyWorkbenchStyle(chart);
  chart->setTitle(title);
  chart->legend()->setVisible(false);

  // Trim empty tails so the bars use the width.
  std::size_t first = 0, last = lengths.counts.size();
  while (first < last && lengths.counts[first] == 0) ++first;
  while (last > first && lengths.counts[last - 1] == 0) --last;
  const int span = static_cast<int>(last - first);
  if (binWidth <= 0) {
    // At most ~16 bars, on a round width (1, 2, 5, 10, 20, 50, ...).
    const int raw = std::max(1, (span + 15) / 16);
    int nice = 1;
    for (int base = 1; nice < raw; base *= 10)
      for (int m : {1, 2, 5})
        if (nice < raw) nice = m * base;
    binWidth = nice;
  }

  auto* set = new QBarSet(QObject::tr("games"));
  set->setColor(kBarColor);
  set->setBorderColor(kBarColor.darker(120));
  QStringList categories;
  long long peak = 0;
  // Bins aligned on multiples of the width: [0, w), [w, 2w), ...
  const int lo = lengths.firstLength + static_cast<int>(first);
  const int hi = lengths.firstLength + static_cast<int>(last);  // exclusive
  const int alignedLo = lo >= 0 ? lo / binWidth * binWidth : lo;
  for (int from = alignedLo; from < std::max(hi, alignedLo + 1); from += binWidth) {
    long long n = 0;
    for (int len = std::max(from, lo); len < from + binWidth && len < hi; ++len)
      n += lengths.counts[static_cast<std::size_t>(len - lengths.firstLength)];
    categories << QString::number(from);  // the bin's first length; the axis title gives the width
    *set << static_cast<double>(n);
    peak = std::max(peak, n);
  }
  auto* series = new QBarSeries(chart);
  series->append(set);
  series->setBarWidth(0.9);
  auto* x = new QBarCategoryAxis(chart);
  x->setTruncateLabels(false);
  x->append(categories);
  // Labels that would run into each other at the width shown are turned, then thinned.
  keepCategoryLabelsApart(x);
  x->setTitleText(binWidth == 1 ? lengths.unit
                                 : QObject::tr("%1 (bars of %2)").arg(lengths.unit).arg(binWidth));
  auto* y = new QValueAxis(chart);
  y->setRange(0, std::max<double>(1.0, static_cast<double>(peak) * 1.08));
  y->setLabelFormat(QStringLiteral("%d"));
  y->setTitleText(QObject::tr("games"));
  y->applyNiceNumbers();
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  attach(chart, series, x, y);
  return chart;
}

QChart* buildTopEntitiesChart(const std::vector<EntityValue>& values, const QString& title,
                              const QString& valueLabel, int topN) {
  auto* chart = new QChart;
  applyWorkbenchStyle(chart);
  chart->setTitle(title);
  chart->legend()->setVisible(false);

  std::vector<EntityValue> top = values;
  std::stable_sort(top.begin(), top.end(),
                   [](const auto& a, const auto& b) { return std::abs(a.value) > std::abs(b.value); });
  if (topN > 0 && static_cast<int>(top.size()) > topN) top.resize(static_cast<std::size_t>(topN));
  std::reverse(top.begin(), top.end());  // horizontal bars draw bottom-up: largest on top

  auto* positive = new QBarSet(QObject::tr("higher"));
  auto* negative = new QBarSet(QObject::tr("lower"));
  positive->setColor(kPositiveColor);
  negative->setColor(kNegativeColor);
  QStringList categories;
  double extent = 0;
  for (const auto& v : top) {
    categories << (v.outlier ? v.label + QStringLiteral(" (!)") : v.label);
    *positive << (v.value >= 0 ? v.value : 0.0);
    *negative << (v.value < 0 ? v.value : 0.0);
    extent = std::max(extent, std::abs(v.value));
  }
  auto* series = new QHorizontalStackedBarSeries(chart);  // one slot per entity: + and - stack
  series->append(positive);
  series->append(negative);
  series->setBarWidth(0.8);
  auto* y = new QBarCategoryAxis(chart);
  y->append(categories.isEmpty() ? QStringList{QStringLiteral("-")} : categories);
  keepNamesWhole(y);
  auto* x = new QValueAxis(chart);
  extent = extent > 0 ? extent * 1.1 : 1.0;
  const bool anyNegative = std::any_of(top.begin(), top.end(), [](const auto& v) { return v.value < 0; });
  x->setRange(anyNegative ? -extent : 0, extent);
  x->setTitleText(valueLabel);
  x->applyNiceNumbers();
  x->setLabelFormat(QStringLiteral("%.1f%%"));
  chart->addAxis(y, Qt::AlignLeft);
  chart->addAxis(x, Qt::AlignBottom);
  chart->addSeries(series);
  series->attachAxis(x);
  series->attachAxis(y);
  return chart;
}

}  // namespace wb::charts
