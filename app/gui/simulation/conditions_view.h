// ConditionsView: the Simulation tab's "Setup conditions" page (which
// setups decide the game): the run's games by the conditions of their setup (the engine's
// State::setupFeatures: card-dice's seven die values, Elem Master's arena,
// ...), each outcome measure per feature value with its 95% interval, the
// cells that differ from the other games after Holm's correction marked, and
// the conditions whose outcome differs most from the rest in words — the same
// analysis and numbers as `balance run --conditions` prints
// (sim::analyzeConditions, app/cli/condition_table.h).
#pragma once

#include <QWidget>

#include "simulation/runner/run_result.h"

class QLabel;
class QListWidget;
class QTableWidget;

namespace wb::app {

class ConditionsView : public QWidget {
  Q_OBJECT
 public:
  explicit ConditionsView(QWidget* parent = nullptr);
  void showResult(const sim::RunResult& result);
  QTableWidget* table() const { return m_table; }
  QListWidget* findings() const { return m_findings; }
  QString headerText() const;
  // Columns before the measures.
  enum Column { Condition, Games, FirstMeasure };

 private:
  QLabel* m_header;
  QTableWidget* m_table;
  QListWidget* m_findings;
};

}  // namespace wb::app
