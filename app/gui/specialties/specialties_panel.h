// SpecialtiesPanel: the Specialties tab — the faction
// balance question of `balance specialties` in the window
// (sim::runSpecialties on a worker thread, with progress and Cancel): each
// faction against the baseline faction with its 95% interval and verdict, and
// the round-robin matrix as a heat map (the row faction's score against the
// column faction) whose column names are drawn rotated so 16 or more factions
// fit without overlap (full names and intervals in the tooltips). The result
// names its revision: after an edit it is marked "played before N edits"; it
// is kept in the results file beside the ruleset (key "specialties") and
// reopens with it.
#pragma once

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>

#include "model/core/ruleset.h"
#include "simulation/factions/specialties.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace wb::app {

class RulesetDocument;

class SpecialtiesPanel : public QWidget {
  Q_OBJECT
 public:
  explicit SpecialtiesPanel(RulesetDocument* document, QWidget* parent = nullptr);
  ~SpecialtiesPanel() override;

  void setAgents(const QString& commaSeparated);  // "" = the engine's default agent
  void setGames(int gamesPerFaction);
  void setMatrixGames(int gamesPerPair);
  void setSeed(int seed);
  // Keep results in (and reopen them from) the results file beside the ruleset.
  void setResultsKept(bool kept);
  // Starts the experiment on a snapshot of the ruleset; false with errorText().
  bool run();
  void cancel();
  bool isRunning() const { return m_running.load(); }
  const std::optional<sim::SpecialtiesResult>& result() const { return m_result; }
  QTableWidget* baselineTable() const { return m_table; }
  QTableWidget* heatMap() const { return m_matrix; }
  QString errorText() const { return m_error; }
  QString statusText() const;
  // The content hash of the revision the result on screen was played on.
  const std::string& resultHash() const { return m_resultHash; }
  // "" when the result on screen is the open ruleset's, else what marks it.
  QString revisionNote() const;
  int editsSinceResult() const;

 Q_SIGNALS:
  void finished();
  void message(const QString& text);

 private:
  void showResult();
  void clear();
  void updateRevisionNote();
  void updateBaselines();
  void keepResult();
  void reopenKeptResult();

  RulesetDocument* m_document;
  QLineEdit* m_agents;
  QSpinBox* m_games;
  QSpinBox* m_matrixGames;
  QComboBox* m_baseline;
  QSpinBox* m_seed;
  QPushButton* m_run;
  QProgressBar* m_progress;
  QLabel* m_status;
  QLabel* m_revision;
  QTableWidget* m_table;
  QTableWidget* m_matrix;
  std::optional<sim::SpecialtiesResult> m_result;
  std::vector<std::string> m_names;  // display names of m_result's factions
  model::Ruleset m_resultRuleset;    // the revision played (empty when reopened from another revision)
  bool m_otherRevision = false;      // reopened from a results file of another content hash
  std::string m_resultHash;
  QString m_savedAt;
  bool m_keepResults = false;
  QString m_error;
  std::thread m_worker;
  std::atomic<bool> m_running{false};
  std::atomic<bool> m_cancel{false};
  int m_generation = 0;  // bumped by clear(): a run finishing after it is dropped
};

}  // namespace wb::app
