// ImpactBar: the row above the Simulation tab's entity table that measures
// the entities' causal impact ("Measure impact": restricted play and grant,
// paired on common random numbers, sim::ImpactRunner on a worker thread) for
// the selected rows (or every entity) and fills the table's two causal columns.
// The other columns of that table are associations (used / not used).
#pragma once

#include <QWidget>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/impact/impact_runner.h"
#include "simulation/runner/run_config.h"

class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace wb::app {

class ImpactJob;

class ImpactBar : public QWidget {
  Q_OBJECT
 public:
  // `setup` fills the snapshot and the run settings (agents, players, seed, ...);
  // false with a message when the run cannot start.
  using Setup = std::function<bool(model::Ruleset&, sim::RunConfig&, QString*)>;
  ImpactBar(QTableWidget* table, int nameColumn, int restrictedColumn, int grantColumn, Setup setup, QWidget* parent = nullptr);
  ~ImpactBar() override;

  void measure();  // starts (or restarts) the experiment: the selected rows, or every entity
  // Measures exactly these entities in one step (empty: every entity).
  void measureEntities(const std::vector<std::string>& ids);
  // Where "Measure all that stand out" gets its entities (the Simulation tab:
  // those its chart lists); the button shows only when set.
  void setStandouts(std::function<std::vector<std::string>()> standouts);
  QPushButton* standoutsButton() const { return m_standoutsButton; }
  bool isRunning() const;
  QSpinBox* pairsBox() const { return m_pairs; }
  const sim::ImpactResult& lastResult() const { return m_last; }
  // The ruleset the last result was measured on (its revision).
  const model::Ruleset& lastRuleset() const { return m_lastRuleset; }
  // Forgets the result (another ruleset was opened); cancels a running measure.
  void clear();
  // Writes the lifts of `result` into the table rows whose name matches an entity.
  static void fillColumns(QTableWidget* table, int nameColumn, int restrictedColumn, int grantColumn,
                          const sim::ImpactResult& result);

 Q_SIGNALS:
  void measured();

 private:
  // The ruleset and run settings from the Simulation tab, with the pairs box; false (status set) when not ready.
  bool prepare(model::Ruleset& snapshot, sim::ImpactConfig& config);
  void start(model::Ruleset snapshot, const sim::ImpactConfig& config, const std::vector<std::string>& ids);
  QTableWidget* m_table;
  int m_nameColumn, m_restrictedColumn, m_grantColumn;
  Setup m_setup;
  QPushButton* m_button;
  QPushButton* m_standoutsButton = nullptr;
  std::function<std::vector<std::string>()> m_standouts;
  QSpinBox* m_pairs;
  QLabel* m_status;
  std::unique_ptr<ImpactJob> m_job;
  sim::ImpactResult m_last;
  model::Ruleset m_lastRuleset;
  model::Ruleset m_runningRuleset;
};

}  // namespace wb::app
