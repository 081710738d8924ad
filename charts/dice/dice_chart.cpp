#include "charts/dice/dice_chart.h"

#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QFont>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "charts/builders/chart_builders.h"
#include "simulation/dice/dice_report.h"

namespace wb::charts {

namespace {

const QColor kBarColor(0x3b, 0x7d, 0xd8);
const QColor kHitColor(0xe0, 0x8a, 0x1e);
const QColor kCurveColor(0x2e, 0x2e, 0x2e);
const QColor kMeanColor(0xc0, 0x39, 0x2b);

// x position of `value` on the row-index axis, interpolated between outcomes.
double indexOf(const std::vector<sim::dice::PmfRow>& rows, double value) {
  if (rows.empty()) return 0;
  if (value <= rows.front().outcome) return 0;
  for (std::size_t i = 1; i < rows.size(); ++i) {
    if (value <= rows[i].outcome) {
      const double a = rows[i - 1].outcome, b = rows[i].outcome;
      return static_cast<double>(i - 1) + (b > a ? (value - a) / (b - a) : 0.0);
    }
  }
  return static_cast<double>(rows.size() - 1);
}

// A round upper bound for a percentage axis: 5, 10, 20, 25, 50, 100.
double niceTop(double peakPercent) {
  for (double top : {1.0, 2.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0, 40.0, 50.0, 60.0, 80.0, 100.0})
    if (peakPercent * 1.08 <= top) return top;
  return 100;
}

QString percentFormat(double top) { return top < 5 ? QStringLiteral("%.1f%%") : QStringLiteral("%.0f%%"); }

}  // namespace

std::vector<std::size_t> diceLabelRows(std::size_t rows, int maxLabels) {
  std::vector<std::size_t> out;
  if (rows == 0) return out;
  const std::size_t cap = static_cast<std::size_t>(std::max(2, maxLabels));
  std::size_t step = 1;
  for (std::size_t base = 1; (rows + step - 1) / step > cap; base *= 10) {
    for (std::size_t m : {1, 2, 5}) {
      step = m * base;
      if ((rows + step - 1) / step <= cap) break;
    }
  }
  for (std::size_t i = 0; i < rows; i += step) out.push_back(i);
  return out;
}

QChart* buildDiceChart(const DiceChartData& data, const DiceChartOptions& options) {
  auto* chart = new QChart;
  applyWorkbenchStyle(chart);
  const bool compact = options.compact;
  if (!compact) chart->setTitle(data.title);
  chart->legend()->setVisible(!compact);
  if (compact) chart->setMargins(QMargins(0, 0, 0, 0));

  std::vector<sim::dice::PmfRow> rows = data.rows;
  QStringList labels = data.labels;
  bool trimmed = false;
  if (options.trimTails && rows.size() > 40) {
    double top = 0;
    for (const auto& r : rows) top = std::max(top, r.probability);
    std::size_t first = 0, last = rows.size();
    while (first + 1 < last && rows[first].probability < top * 1e-5) ++first;
    while (last > first + 1 && rows[last - 1].probability < top * 1e-5) --last;
    trimmed = first > 0 || last < rows.size();
    rows = std::vector<sim::dice::PmfRow>(rows.begin() + static_cast<std::ptrdiff_t>(first),
                                          rows.begin() + static_cast<std::ptrdiff_t>(last));
    if (!labels.isEmpty()) labels = labels.mid(static_cast<int>(first), static_cast<int>(last - first));
  }
  const std::size_t n = rows.size();
  auto* normal = new QBarSet(QObject::tr("probability"));
  normal->setColor(kBarColor);
  normal->setBorderColor(kBarColor.darker(115));
  auto* hit = new QBarSet(data.thresholdLabel.isEmpty() ? QObject::tr("at or above the threshold")
                                                        : data.thresholdLabel);
  hit->setColor(kHitColor);
  hit->setBorderColor(kHitColor.darker(115));
  double peak = 0;
  bool anyHit = false;
  for (const auto& r : rows) {
    const bool isHit = data.threshold && r.outcome >= *data.threshold - 1e-9;
    anyHit = anyHit || isHit;
    *normal << (isHit ? 0.0 : r.probability * 100);
    *hit << (isHit ? r.probability * 100 : 0.0);
    peak = std::max(peak, r.probability * 100);
  }
  auto* bars = new QStackedBarSeries(chart);
  bars->append(normal);
  if (data.threshold) bars->append(hit);
  else delete hit;
  bars->setBarWidth(n > 60 ? 1.0 : 0.8);
  if (data.barValueLabels && !compact) {
    bars->setLabelsVisible(true);
    bars->setLabelsFormat(QStringLiteral("@value%"));
    bars->setLabelsPrecision(4);
    bars->setLabelsPosition(QAbstractBarSeries::LabelsInsideEnd);
    normal->setLabelColor(Qt::white);
  }
  if (n > 60) {
    normal->setBorderColor(kBarColor);
    if (data.threshold) hit->setBorderColor(kHitColor);
  }

  // x: row index (outcomes that cannot happen take no room), labelled with the outcome.
  auto* x = new QCategoryAxis(chart);
  x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
  x->setRange(-0.5, std::max<double>(0.5, static_cast<double>(n) - 0.5));
  x->setGridLineVisible(false);
  std::vector<std::size_t> labelled = diceLabelRows(n, compact ? std::min(options.maxLabels, 10) : options.maxLabels);
  // Consecutive whole outcomes (sums): put the labels on round values (270, 280, not 269, 279).
  bool consecutive = labels.isEmpty() && n > 1;
  for (std::size_t i = 1; consecutive && i < n; ++i)
    consecutive = std::abs(rows[i].outcome - rows[i - 1].outcome - 1) < 1e-9 && std::abs(rows[i].outcome - std::round(rows[i].outcome)) < 1e-9;
  if (consecutive && labelled.size() > 1) {
    const long long step = static_cast<long long>(labelled[1] - labelled[0]);
    const long long first = static_cast<long long>(std::llround(rows[0].outcome));
    const long long offset = ((step - first % step) % step + step) % step;
    labelled.clear();
    for (std::size_t i = static_cast<std::size_t>(offset); i < n; i += static_cast<std::size_t>(step)) labelled.push_back(i);
  }
  for (std::size_t i : labelled) {
    QString label = i < static_cast<std::size_t>(labels.size())
                        ? labels[static_cast<int>(i)]
                        : QString::fromStdString(sim::dice::formatOutcome(rows[i].outcome));
    x->append(label, static_cast<double>(i));
  }
  if (!compact)
    x->setTitleText(trimmed ? QObject::tr("%1 (outcomes under 0.001% of the peak not drawn)").arg(data.outcomeLabel)
                            : data.outcomeLabel);

  auto* y = new QValueAxis(chart);
  const double top = niceTop(peak);
  y->setRange(0, top);
  y->setTickCount(compact ? 2 : 6);
  y->setLabelFormat(percentFormat(top));
  if (!compact) y->setTitleText(QObject::tr("probability"));
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);
  attach(chart, bars, x, y);
  if (!anyHit && data.threshold) {
    for (auto* m : chart->legend()->markers(bars))
      if (m->label() == hit->label()) m->setVisible(false);
  }

  if (compact) {
    QFont small = x->labelsFont();
    small.setPointSize(7);
    x->setLabelsFont(small);
    y->setLabelsFont(small);
  }

  if (!compact && options.cumulative != DiceCumulative::None && n > 0) {
    const bool atLeast = options.cumulative == DiceCumulative::AtLeast;
    auto* curve = new QLineSeries(chart);
    curve->setName(atLeast ? QObject::tr("P(at least x)") : QObject::tr("P(at most x)"));
    curve->setPen(QPen(kCurveColor, 2.0));
    curve->setPointsVisible(n <= 40);
    for (std::size_t i = 0; i < n; ++i)
      curve->append(static_cast<double>(i), (atLeast ? rows[i].atLeast : rows[i].atMost) * 100);
    auto* y2 = new QValueAxis(chart);
    y2->setRange(0, 100);
    y2->setTickCount(6);
    y2->setLabelFormat(QStringLiteral("%.0f%%"));
    y2->setGridLineVisible(false);
    y2->setTitleText(atLeast ? QObject::tr("at least (cumulative)") : QObject::tr("at most (cumulative)"));
    chart->addAxis(y2, Qt::AlignRight);
    attach(chart, curve, x, y2);
  }

  if (data.showMean && n > 1) {
    const double mx = indexOf(rows, data.mean);
    auto* mean = new QLineSeries(chart);
    mean->setName(QObject::tr("mean %1").arg(QString::fromStdString(sim::dice::formatOutcome(
        std::round(data.mean * 1000) / 1000))));
    mean->setPen(QPen(kMeanColor, compact ? 1.2 : 1.6, Qt::DashLine));
    mean->append(mx, 0);
    mean->append(mx, top);
    attach(chart, mean, x, y);
  }
  return chart;
}

}  // namespace wb::charts
