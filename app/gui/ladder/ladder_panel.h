// LadderPanel: the Ladder tab — the skill ladder of
// `balance ladder` in the window (sim::LadderRunner on a worker thread): the
// agents as rungs, each pair head to head and each agent against itself;
// shown as the ratings (Elo scale, weakest first), the head-to-head matrix as
// a heat map (row agent's score against the column agent, with its 95%
// interval in the tooltip) and the conclusions that change with skill. Like
// every result it names its revision (results belong to a revision): after an edit it is marked
// "played before N edits" (app/gui/results/revision_note.h), and a ladder that
// finishes after another ruleset was opened is dropped, not shown against it.
#pragma once

#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>
#include <thread>

#include "model/core/ruleset.h"
#include "simulation/ladder/ladder.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace wb::app {

class RulesetDocument;

class LadderPanel : public QWidget {
  Q_OBJECT
 public:
  explicit LadderPanel(RulesetDocument* document, QWidget* parent = nullptr);
  ~LadderPanel() override;

  void setAgents(const QString& commaSeparated);
  void setGames(int gamesPerPairing);
  void setSeed(int seed);
  // Starts the ladder on a snapshot of the ruleset; false with errorText().
  bool run();
  void cancel();
  bool isRunning() const { return m_running.load(); }
  const std::optional<sim::LadderResult>& result() const { return m_result; }
  QTableWidget* ratingsTable() const { return m_ratings; }
  QTableWidget* matrix() const { return m_matrix; }
  QListWidget* changesList() const { return m_changes; }
  QString errorText() const { return m_error; }
  QString statusText() const;
  const model::Ruleset& resultRuleset() const { return m_resultRuleset; }
  // "Played before N edits ..." when the ruleset changed since the result's
  // snapshot was taken (at Run); "" otherwise (shown above the tables).
  QString revisionNote() const;
  int editsSinceResult() const;

 Q_SIGNALS:
  void finished();

 private:
  void show(const sim::LadderResult& result);
  void clear();
  void updateRevisionNote();

  RulesetDocument* m_document;
  QLineEdit* m_agents;
  QSpinBox* m_games;
  QSpinBox* m_seed;
  QPushButton* m_run;
  QLabel* m_status;
  QLabel* m_revision;
  QTableWidget* m_ratings;
  QTableWidget* m_matrix;
  QListWidget* m_changes;
  std::optional<sim::LadderResult> m_result;
  model::Ruleset m_resultRuleset;  // the revision the result on screen was played on
  QString m_error;
  std::thread m_worker;
  std::atomic<bool> m_running{false};
  std::shared_ptr<sim::LadderRunner> m_runner;  // the running ladder (GUI thread only), so Cancel always reaches it
  int m_generation = 0;                         // bumped by clear(): a ladder finishing after it is dropped
};

}  // namespace wb::app
