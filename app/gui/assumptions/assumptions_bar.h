// AssumptionsBar: "Measure assumptions" above the parameters table: plays
// every alternative of every assumed value against the shipped
// ruleset on the same seeds — the computation of `balance assumptions`, with
// the engine's default agent and the games set here — off the GUI thread,
// with a progress bar and Cancel. The result marks the assumed values in the
// editors (AssumptionMarks); the bar says what it found.
#pragma once

#include <QWidget>

#include <string>
#include <vector>

#include "simulation/runner/run_config.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace wb::app {

class AssumptionMarks;
class RulesetDocument;

class AssumptionsBar : public QWidget {
  Q_OBJECT
 public:
  explicit AssumptionsBar(RulesetDocument* document, QWidget* parent = nullptr);

  // The run every alternative plays: games and seed from the bar, threads
  // as the machine has, the engine's default agent and fewest players (as
  // `balance assumptions` without options), unless setAgents() chose others.
  sim::RunConfig runConfig() const;
  void setGames(int games);
  void setThreads(int threads) { m_threads = threads; }
  void setAgents(const std::vector<std::string>& agents) { m_agents = agents; }
  QPushButton* measureButton() const { return m_measure; }
  QPushButton* cancelButton() const { return m_cancel; }
  QString statusText() const;

 public Q_SLOTS:
  void measure();
  void cancel();

 Q_SIGNALS:
  void message(const QString& text);

 private:
  void refresh();
  RulesetDocument* m_document;
  AssumptionMarks* m_marks;
  QPushButton* m_measure;
  QPushButton* m_cancel;
  QSpinBox* m_games;
  QProgressBar* m_progress;
  QLabel* m_status;
  int m_threads = 0;
  std::vector<std::string> m_agents;
};

}  // namespace wb::app
