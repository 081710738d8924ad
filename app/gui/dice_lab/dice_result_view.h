// DiceResultView: the answer half of the Dice Lab — the distribution chart
// (bars with the at-least / at-most curve, charts/dice/dice_chart.h), a
// summary (mean, sd, the yes/no probability with its exact fraction or its
// Monte Carlo interval, time), the table (outcome, probability, at least, at
// most) and, for target queries, the best hold after each first roll. Exports
// the chart (PNG / SVG) and the table (CSV, sim::dice::formatDiceCsv).
#pragma once

#include <QWidget>

#include <optional>

#include "charts/dice/dice_chart.h"
#include "simulation/dice/dice_lab.h"

class QChart;
class QChartView;
class QComboBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace wb::app {

class DiceResultView : public QWidget {
  Q_OBJECT
 public:
  explicit DiceResultView(QWidget* parent = nullptr);

  void setResult(const sim::dice::DiceResult& result);
  void clear();
  const std::optional<sim::dice::DiceResult>& result() const { return m_result; }

  QTableWidget* table() const { return m_table; }
  QTableWidget* policyTable() const { return m_policy; }
  QLabel* summaryLabel() const { return m_summary; }
  QChart* chart() const;
  void setCumulative(charts::DiceCumulative cumulative);

  // False (and `error`) when there is no result or the file cannot be written.
  bool exportCsv(const QString& path, QString* error = nullptr) const;
  bool exportChart(const QString& path, QSize size = QSize(900, 540), QString* error = nullptr) const;

 Q_SIGNALS:
  void message(const QString& text);

 private:
  charts::DiceChartData chartData() const;
  void rebuildChart();
  void fillTable();
  void fillSummary();
  void askExportCsv();
  void askExportChart();

  std::optional<sim::dice::DiceResult> m_result;
  QChartView* m_view;
  QComboBox* m_cumulative;
  QLabel* m_summary;
  QTableWidget* m_table;
  QWidget* m_policyBox;
  QLabel* m_policyTitle;
  QTableWidget* m_policy;
  QPushButton* m_exportPng;
  QPushButton* m_exportCsv;
};

}  // namespace wb::app
