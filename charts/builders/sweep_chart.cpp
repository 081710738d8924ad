#include "charts/builders/sweep_chart.h"

#include <QAreaSeries>
#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

#include "charts/builders/chart_builders.h"

namespace wb::charts {

namespace {

const QColor kCurveColor(0x3b, 0x7d, 0xd8);
const QColor kTargetColor(0xd0, 0x45, 0x45);
const QColor kBalanceColor(0x2e, 0x7d, 0x32);
constexpr double kPercent = 100.0;  // the chart's y is in %

}  // namespace

QChart* buildSweepChart(const SweepChartData& data, const QString& title) {
  auto* chart = new QChart;
  applyWorkbenchStyle(chart);
  chart->setTitle(title);

  std::vector<SweepChartPoint> points = data.points;
  std::sort(points.begin(), points.end(), [](const auto& a, const auto& b) { return a.x < b.x; });

  double xMin = data.xMin.value_or(points.empty() ? 0.0 : points.front().x);
  double xMax = data.xMax.value_or(points.empty() ? 1.0 : points.back().x);
  if (!points.empty()) {
    xMin = std::min(xMin, points.front().x);
    xMax = std::max(xMax, points.back().x);
  }
  if (xMax - xMin < 1e-9) {
    xMin -= 1;
    xMax += 1;
  }
  const double pad = (xMax - xMin) * 0.03;

  auto* x = new QValueAxis(chart);
  x->setRange(xMin - pad, xMax + pad);
  x->setTitleText(data.xLabel);
  x->setLabelFormat(QStringLiteral("%g"));
  // Ticks on the swept values (anchored at the first, every gap of them), or
  // on a round step for a dense sweep; never on the padded ends.
  double interval = 0;
  for (std::size_t i = 1; i < points.size(); ++i) {
    const double gap = points[i].x - points[i - 1].x;
    if (gap > 1e-9 && (interval == 0 || gap < interval)) interval = gap;
  }
  if (interval <= 0 || (xMax - xMin) / interval > 12) {
    const double raw = (xMax - xMin) / 8;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    const double r = raw / magnitude;
    interval = (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * magnitude;
  }
  x->setTickType(QValueAxis::TicksDynamic);
  x->setTickAnchor(xMin);
  x->setTickInterval(interval);
  // The y range: the band and the target with some air, in [yFloor, 1];
  // drawn in % (as the sweep table prints it): every y is scaled by 100.
  double yLo = data.target, yHi = data.target;
  for (const auto& p : points) {
    yLo = std::min(yLo, p.low);
    yHi = std::max(yHi, p.high);
  }
  yLo = std::max(data.yFloor, std::floor((yLo - 0.05) * 10) / 10);
  yHi = std::min(1.0, std::ceil((yHi + 0.05) * 10) / 10);
  auto* y = new QValueAxis(chart);
  y->setRange(kPercent * yLo, kPercent * yHi);
  y->setTickCount(static_cast<int>(std::lround((yHi - yLo) * 10)) + 1);
  y->setLabelFormat(QStringLiteral("%.0f%%"));
  y->setTitleText(data.yLabel + QStringLiteral(" (%)"));
  chart->addAxis(x, Qt::AlignBottom);
  chart->addAxis(y, Qt::AlignLeft);

  // The 95% band between the low and high bound curves.
  auto* upper = new QLineSeries(chart);
  auto* lower = new QLineSeries(chart);
  for (const auto& p : points) {
    upper->append(p.x, kPercent * std::clamp(p.high, data.yFloor, 1.0));
    lower->append(p.x, kPercent * std::clamp(p.low, data.yFloor, 1.0));
  }
  auto* band = new QAreaSeries(upper, lower);
  band->setName(QObject::tr("95% interval"));
  QColor fill = kCurveColor;
  fill.setAlpha(55);
  band->setBrush(fill);
  QColor edge = kCurveColor;
  edge.setAlpha(110);
  band->setPen(QPen(edge, 1));
  attach(chart, band, x, y);

  if (data.crossed && (data.balanceLow || data.balanceHigh)) {
    // Its interval as a thick segment on the target line (an open end runs to
    // the axis; with both ends open it says nothing and is left out).
    auto* range = new QLineSeries(chart);
    range->setName(QObject::tr("balance interval"));
    range->append(data.balanceLow.value_or(xMin - pad), kPercent * data.target);
    range->append(data.balanceHigh.value_or(xMax + pad), kPercent * data.target);
    QColor c = kBalanceColor;
    c.setAlpha(150);
    range->setPen(QPen(c, 5, Qt::SolidLine, Qt::FlatCap));
    attach(chart, range, x, y);
  }
  // The target line across the whole axis (over the balance interval).
  auto* target = new QLineSeries(chart);
  target->setName(QObject::tr("target %1%").arg(100.0 * data.target, 0, 'f', 1));
  target->append(xMin - pad, kPercent * data.target);
  target->append(xMax + pad, kPercent * data.target);
  target->setPen(QPen(kTargetColor, 1.4, Qt::DashLine));
  attach(chart, target, x, y);

  // The estimate with a marker at every point.
  auto* curve = new QLineSeries(chart);
  curve->setName(data.yLabel);
  curve->setPen(QPen(kCurveColor, 2.2));
  auto* markers = new QScatterSeries(chart);
  markers->setMarkerSize(8);
  markers->setColor(kCurveColor);
  markers->setBorderColor(Qt::white);
  for (const auto& p : points) {
    curve->append(p.x, kPercent * p.rate);
    markers->append(p.x, kPercent * p.rate);
  }
  attach(chart, curve, x, y);
  attach(chart, markers, x, y);
  hideLegendFor(chart, markers);

  if (data.crossed) {
    auto* point = new QScatterSeries(chart);
    // Two decimals, trailing zeros dropped (as the reports print it).
    QString value = QString::number(data.balance, 'f', 2);
    while (value.contains(QLatin1Char('.')) && (value.endsWith(QLatin1Char('0')) || value.endsWith(QLatin1Char('.'))))
      value.chop(1);
    point->setName(QObject::tr("balance point %1").arg(value));
    point->setMarkerShape(QScatterSeries::MarkerShapeRectangle);
    point->setMarkerSize(13);
    point->setColor(kBalanceColor);
    point->setBorderColor(Qt::white);
    point->append(data.balance, kPercent * data.target);
    attach(chart, point, x, y);
  }
  return chart;
}

}  // namespace wb::charts
