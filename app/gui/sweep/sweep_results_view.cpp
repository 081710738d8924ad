#include "app/gui/sweep/sweep_results_view.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "app/report/text_format.h"
#include "charts/builders/sweep_chart.h"
#include "charts/export/chart_export.h"
#include "model/core/scalar.h"

namespace wb::app {

namespace {

enum Column { kValue, kRate, kLow, kHigh, kGames, kTimeouts, kColumns };

QString percent(double v) { return QString::number(100.0 * v, 'f', 1) + QLatin1Char('%'); }

QTableWidgetItem* cell(const QString& text) {
  auto* item = new QTableWidgetItem(text);
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
  return item;
}

QString number(double v) { return QString::fromStdString(model::formatNumber(v)); }

// What to do after "not crossed in range": the least-squares line through the
// estimates, extended to the target, gives the next range to sweep (beyond the
// end the curve heads for, as wide as this one, the same step); a curve that
// does not head for the target asks for a wider range or more games.
QString nextStep(const std::vector<sim::SweepPoint>& points, const sim::BalancePoint& balance, double target,
                 const QString& path, std::vector<double> values) {
  double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0;
  for (const auto& p : points) {
    if (p.metric.games == 0 || p.values.empty()) continue;
    n += 1;
    sx += p.values[0];
    sy += p.rate();
    sxx += p.values[0] * p.values[0];
    sxy += p.values[0] * p.rate();
  }
  std::sort(values.begin(), values.end());
  const QString games = QObject::tr("or about %L1 games per value to see a 2-point effect")
                            .arg(static_cast<qulonglong>(balance.gamesFor2Points));
  if (n < 2 || values.size() < 2) return QObject::tr("Next: sweep a wider range, %1.").arg(games);
  const double lo = values.front(), hi = values.back(), width = hi - lo;
  double step = width;
  for (std::size_t i = 1; i < values.size(); ++i)
    if (values[i] - values[i - 1] > 1e-9) step = std::min(step, values[i] - values[i - 1]);
  const double denominator = n * sxx - sx * sx;
  const double slope = std::abs(denominator) > 1e-12 ? (n * sxy - sx * sy) / denominator : 0.0;
  const double meanX = sx / n, meanY = sy / n;
  if (std::abs(slope) * width < 1e-3) return QObject::tr("Next: the curve is flat here; sweep a wider range, %1.").arg(games);
  // Where the line meets the target (rounded: the fit's last bits are noise).
  const double at = std::round((meanX + (target - meanY) / slope) * 1000.0) / 1000.0;
  if (at >= lo && at <= hi)
    return QObject::tr("Next: the curve nears the target inside the range but not clear of noise; play %1.")
        .arg(QObject::tr("about %L1 games per value").arg(static_cast<qulonglong>(balance.gamesFor2Points)));
  double from = 0, to = 0;
  if (at > hi) {
    from = hi;
    to = hi + std::ceil((at - hi + width / 2) / step - 1e-9) * step;
  } else {
    to = lo;
    from = lo - std::ceil((lo - at + width / 2) / step - 1e-9) * step;
    if (lo >= 0 && from < 0) from = 0;  // costs and counts are rarely negative
  }
  return QObject::tr("Next: the curve heads for the target near %1 = %2; try %1 %3:%4:%5, %6.")
      .arg(path, number(at), number(from), number(to), number(step), games);
}

}  // namespace

SweepResultsView::SweepResultsView(QWidget* parent) : QWidget(parent) {
  auto* outer = new QVBoxLayout(this);
  outer->setContentsMargins(0, 0, 0, 0);
  auto* results = new QSplitter(Qt::Vertical, this);
  outer->addWidget(results);
  auto* top = new QWidget(results);
  auto* topLayout = new QVBoxLayout(top);
  topLayout->setContentsMargins(0, 0, 0, 0);
  m_chartView = charts::makeChartView(charts::buildSweepChart({}, tr("Sweep")));
  m_chartView->setParent(top);
  m_chartView->setMinimumHeight(260);
  topLayout->addWidget(m_chartView, 1);
  m_balance = new QLabel(top);
  m_balance->setWordWrap(true);
  m_balance->setTextInteractionFlags(Qt::TextSelectableByMouse);
  m_balance->setContentsMargins(6, 2, 6, 2);
  topLayout->addWidget(m_balance);
  results->addWidget(top);

  auto* bottom = new QWidget(results);
  auto* bottomLayout = new QVBoxLayout(bottom);
  bottomLayout->setContentsMargins(0, 0, 0, 0);
  m_table = new QTableWidget(0, kColumns, bottom);
  m_table->setHorizontalHeaderLabels({tr("Value"), tr("Win rate"), tr("95% low"), tr("95% high"), tr("Games"),
                                      tr("Timeouts")});
  m_table->verticalHeader()->hide();
  m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 8);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setSelectionMode(QAbstractItemView::SingleSelection);
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->setAlternatingRowColors(true);
  m_table->setToolTip(tr("Double-click a point to set its value in the ruleset (one undo step)"));
  bottomLayout->addWidget(m_table, 1);
  auto* applyBar = new QHBoxLayout;
  auto* hint = new QLabel(tr("Double-click a point, or select it and apply its value to the ruleset."), bottom);
  hint->setStyleSheet(QStringLiteral("color: #666;"));
  applyBar->addWidget(hint, 1);
  m_apply = new QPushButton(tr("Apply value"), bottom);
  m_apply->setEnabled(false);
  applyBar->addWidget(m_apply);
  bottomLayout->addLayout(applyBar);
  results->addWidget(bottom);
  results->setStretchFactor(0, 3);
  results->setStretchFactor(1, 2);

  connect(m_table, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { Q_EMIT applyRequested(row); });
  connect(m_table, &QTableWidget::itemSelectionChanged, this,
          [this] { m_apply->setEnabled(!m_table->selectedItems().isEmpty()); });
  connect(m_apply, &QPushButton::clicked, this, [this] { Q_EMIT applyRequested(m_table->currentRow()); });
  redraw({}, std::nullopt);
}

QChart* SweepResultsView::chart() const { return m_chartView->chart(); }
QString SweepResultsView::balanceText() const { return m_balance->text(); }

int SweepResultsView::pointAt(int row) const {
  if (row < 0 || row >= m_table->rowCount() || !m_table->item(row, kValue)) return -1;
  return m_table->item(row, kValue)->data(Qt::UserRole).toInt();
}

void SweepResultsView::start(const sim::SweepConfig& config) {
  m_config = config;
  m_table->setRowCount(0);
  // The column says what is swept (an impact sweep's points are lifts, not win rates).
  const QString metric = config.axes.empty() ? tr("Win rate") : QString::fromStdString(config.metric.label());
  m_table->horizontalHeaderItem(kRate)->setText(metric.left(1).toUpper() + metric.mid(1));
  m_table->horizontalHeaderItem(kRate)->setToolTip(metric);
  m_table->horizontalHeaderItem(kGames)->setToolTip(
      config.metric.isImpact() ? tr("Games played at this value: the baseline games and, paired with them, the games "
                                    "with the entity restricted or granted (twice the games per value).")
                               : tr("Games played at this value."));
  m_apply->setEnabled(false);
  redraw({}, std::nullopt);
}

void SweepResultsView::addPoint(const sim::SweepPoint& point, int index) {
  const int row = m_table->rowCount();
  m_table->insertRow(row);
  auto* value = cell(QString::fromStdString(model::formatNumber(point.values.empty() ? 0.0 : point.values[0])));
  value->setData(Qt::UserRole, index);
  m_table->setItem(row, kValue, value);
  const bool any = point.metric.games > 0;
  m_table->setItem(row, kRate, cell(any ? percent(point.rate()) : QStringLiteral("\u2013")));
  m_table->setItem(row, kLow, cell(any ? percent(point.ci.lo) : QStringLiteral("\u2013")));
  m_table->setItem(row, kHigh, cell(any ? percent(point.ci.hi) : QStringLiteral("\u2013")));
  // The games played at this value: an impact point plays each of its games twice (with and without the entity).
  const std::uint64_t played = point.result.stats.games() + (point.impact ? point.impact->lift.pairs : 0);
  m_table->setItem(row, kGames, cell(QString::number(static_cast<qulonglong>(played))));
  m_table->setItem(row, kTimeouts, cell(QString::number(point.result.stats.timeouts())));
}

void SweepResultsView::redraw(const std::vector<sim::SweepPoint>& points,
                              const std::optional<sim::BalancePoint>& balance) {
  charts::SweepChartData data;
  const bool configured = m_config && !m_config->axes.empty();
  data.xLabel = configured ? QString::fromStdString(m_config->axes[0].path) : tr("value");
  data.yLabel = configured ? QString::fromStdString(m_config->metric.label()) : tr("win rate");
  data.target = configured ? m_config->effectiveTarget() : 0.5;
  if (configured && m_config->metric.isImpact()) data.yFloor = -1.0;
  if (configured && !m_config->axes[0].values.empty()) {
    const auto [lo, hi] = std::minmax_element(m_config->axes[0].values.begin(), m_config->axes[0].values.end());
    data.xMin = *lo;
    data.xMax = *hi;
  }
  // Points where every game timed out have no estimate: the curve skips them.
  for (const auto& p : points)
    if (p.metric.games > 0) data.points.push_back({p.values[0], p.rate(), p.ci.lo, p.ci.hi});
  if (balance && balance->crossed) {
    data.crossed = true;
    data.balance = balance->value;
    data.balanceLow = balance->lo;
    data.balanceHigh = balance->hi;
  }
  QString agents;
  if (configured)
    for (const auto& a : m_config->run.agents) agents += (agents.isEmpty() ? QString() : QStringLiteral(",")) + QString::fromStdString(a);
  const QString title = configured ? tr("%1 vs %2 (agents %3)").arg(data.yLabel, data.xLabel, agents) : tr("Sweep");
  QChart* old = m_chartView->chart();
  m_chartView->setChart(charts::buildSweepChart(data, title));
  delete old;

  if (!configured) {
    m_balance->setText(tr("No sweep yet."));
  } else if (!balance || data.points.size() < 2) {
    m_balance->setText(tr("Balance point: \u2026"));
  } else {
    const std::string text = balancePointText(*balance, m_config->axes[0].path, m_config->axes[0].values);
    QString shown = tr("Balance point (%1 = %2): %3").arg(data.yLabel, percent(data.target), QString::fromStdString(text));
    // Every value played the very same games (common random numbers, the same
    // tallies): the value changed no game, and more games would not either.
    const bool noGameChanged =
        points.size() >= 2 && !m_config->metric.isImpact() &&
        points.front().metric.games > 0 && std::all_of(points.begin() + 1, points.end(), [&](const sim::SweepPoint& p) {
          return p.estimate == points.front().estimate && p.metric == points.front().metric &&
                 p.result.stats == points.front().result.stats;
        });
    if (noGameChanged)
      shown = tr("Balance point (%1 = %2): none, because no game changed: every value played the same games move for "
                 "move, so %3 does not matter to these agents (or is never reached). More games will not change "
                 "that; sweep another value.")
                  .arg(data.yLabel, percent(data.target), QString::fromStdString(m_config->axes[0].path));
    else if (!balance->crossed && !balance->noDetectableEffect())
      shown += QLatin1Char('\n') + nextStep(points, *balance, data.target,
                                             QString::fromStdString(m_config->axes[0].path), m_config->axes[0].values);
    m_balance->setText(shown);
  }
  m_balance->setStyleSheet(balance && balance->crossed ? QStringLiteral("color: #2e7d32; font-weight: bold;")
                                                       : QStringLiteral("color: #555;"));
}

}  // namespace wb::app
