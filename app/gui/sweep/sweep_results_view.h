// SweepResultsView: the right half of the Sweep tab — the curve (charts/
// builders/sweep_chart.h) with its band, target and balance point, the
// balance point as text, and the table of points (value, win rate, 95%
// interval, games, timeouts) with "Apply value". It only shows; SweepPanel
// owns the sweep and applies a point when asked (applyRequested).
#pragma once

#include <QWidget>

#include <optional>
#include <vector>

#include "simulation/sweep/sweep_runner.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE
class QLabel;
class QPushButton;
class QTableWidget;

namespace wb::app {

class SweepResultsView : public QWidget {
  Q_OBJECT
 public:
  explicit SweepResultsView(QWidget* parent = nullptr);

  // A new sweep: empty table, the chart's axes from `config`.
  void start(const sim::SweepConfig& config);
  // Appends the table row of points[index].
  void addPoint(const sim::SweepPoint& point, int index);
  // Redraws the curve of `points` with `balance` (nullopt: not known yet).
  void redraw(const std::vector<sim::SweepPoint>& points, const std::optional<sim::BalancePoint>& balance);

  // The index of the point shown in table row `row`, or -1.
  int pointAt(int row) const;
  QChart* chart() const;
  QTableWidget* table() const { return m_table; }
  QString balanceText() const;

 Q_SIGNALS:
  // Double-click or "Apply value" on table row `row`.
  void applyRequested(int row);

 private:
  std::optional<sim::SweepConfig> m_config;
  QChartView* m_chartView;
  QLabel* m_balance;
  QTableWidget* m_table;
  QPushButton* m_apply;
};

}  // namespace wb::app
