// ComparePanel: the Compare tab — before / after in
// the window. The open ruleset (after) is compared with the saved file, the
// revision the Simulation tab's run was played on, or another file (before),
// as `balance compare` does it (sim::ComparisonRunner on a worker thread):
// both are played with the Simulation tab's run settings and the same seeds
// (common random numbers), and the panel lists the edits, then every headline
// number that moved (seats, agents, factions, teams, draws, nobody wins,
// adjudicated, timeouts, game length) with both values, the difference and
// its 95% interval, largest first, significant ones marked.
#pragma once

#include <QWidget>

#include <atomic>
#include <optional>
#include <thread>

#include "model/core/ruleset.h"
#include "simulation/compare/comparison_runner.h"

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;

namespace wb::app {

class RulesetDocument;
class SimulationPanel;

class ComparePanel : public QWidget {
  Q_OBJECT
 public:
  enum Baseline { SavedFile = 0, RunRevision = 1, OtherFile = 2 };

  ComparePanel(RulesetDocument* document, SimulationPanel* simulation, QWidget* parent = nullptr);
  ~ComparePanel() override;

  void setBaseline(Baseline baseline);
  // The file compared with for OtherFile (File dialog otherwise).
  void setOtherFile(const QString& path) { m_otherFile = path; }
  // Plays both revisions; finished() when done. False with errorText().
  bool compare();
  void cancel();
  bool isRunning() const { return m_running.load(); }
  const std::optional<sim::ComparisonResult>& result() const { return m_result; }
  QListWidget* editsList() const { return m_edits; }
  QTableWidget* table() const { return m_table; }
  QString errorText() const { return m_error; }
  QString statusText() const;
  // The revision compared (the open ruleset when Compare was pressed).
  const model::Ruleset& resultRuleset() const { return m_resultRuleset; }

 Q_SIGNALS:
  void finished();

 private:
  bool baseline(model::Ruleset& out);
  void show(const sim::ComparisonResult& result);

  RulesetDocument* m_document;
  SimulationPanel* m_simulation;
  QComboBox* m_baseline;
  QPushButton* m_run;
  QLabel* m_status;
  QListWidget* m_edits;
  QTableWidget* m_table;
  QString m_otherFile;
  QString m_error;
  std::optional<sim::ComparisonResult> m_result;
  model::Ruleset m_resultRuleset;
  model::Ruleset m_pendingRuleset;
  std::thread m_worker;
  std::atomic<bool> m_running{false};
  std::atomic<sim::ComparisonRunner*> m_runner{nullptr};
};

}  // namespace wb::app
