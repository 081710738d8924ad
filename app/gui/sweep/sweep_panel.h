// SweepPanel: the Sweep tab — "what if this value were 12, 14, ... 18?".
//
// Left: the value's path (an editable combo completing every numeric path of
// the ruleset; "Sweep this value..." in the editors fills it), the values
// (FROM:TO:STEP or a comma list), games per point, agents, seed, threads,
// metric and target; Run and Cancel; progress with games done and time left.
// Right: the curve of the metric against the value with its 95% band, the
// target line and the balance point, growing point by point, and the table
// of points (SweepResultsView). Double-clicking a point (or
// "Apply value") sets that value in the document as one undoable edit.
// Each sweep plays a snapshot of the document (SweepJob), so editing is safe.
#pragma once

#include <QWidget>

#include <memory>
#include <optional>

#include "model/core/ruleset.h"
#include "simulation/sweep/sweep_runner.h"

QT_BEGIN_NAMESPACE
class QChart;
QT_END_NAMESPACE
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace wb::app {

class RulesetDocument;
class SweepJob;
class SweepResultsView;

class SweepPanel : public QWidget {
  Q_OBJECT
 public:
  explicit SweepPanel(RulesetDocument* document, QWidget* parent = nullptr);
  ~SweepPanel() override;

  // The swept path; a new path also proposes a range around its current value.
  void setPath(const QString& path);
  QString path() const;
  void setValuesText(const QString& text);  // "12:18:2" or "12,14,16"
  QString valuesText() const;
  void setGames(int gamesPerPoint);
  void setAgents(const QString& specs);     // "random" or "greedy,random"
  QString agents() const;                   // as typed; starts at the engine's default agent
  void setSeed(int seed);
  void setThreads(int threads);             // 0 = all cores
  void setMetric(const QString& spec);      // "" = default; "seat:0", "agent:greedy", ...
  void setTarget(double target);            // win rate in [0, 1]; < 0 = fair (1 / players)

  bool isRunning() const;
  // The last sweep that ran to its end (nullopt before, or when cancelled / failed).
  const std::optional<sim::SweepResult>& finishedSweep() const { return m_finished; }
  // The ruleset the finished sweep was played on (its base, before the swept values).
  const model::Ruleset& finishedSweepRuleset() const { return m_finishedRuleset; }
  // Points of the current (or last) sweep, in play order.
  const std::vector<sim::SweepPoint>& points() const { return m_points; }
  QString errorText() const;    // the problem shown in the tab ("" = none)
  QString balanceText() const;  // "cards.x.cost = 14.3 [12.9, 15.8]", "not crossed ...", "no detectable effect ..."
  QChart* chart() const;
  QTableWidget* pointTable() const;
  QComboBox* pathBox() const { return m_path; }

  // Sets the value(s) of the point in table row `row` in the document as one
  // undo step; false with a message (no such row, the path no longer exists).
  bool applyPoint(int row, QString* error = nullptr);

 public Q_SLOTS:
  // Starts a sweep; false (and the reason in the tab) for a bad path / range / setup.
  bool run();
  void cancel();

 Q_SIGNALS:
  void started();
  void finished();
  void runningChanged(bool running);
  void message(const QString& text);

 private:
  void refreshPaths();
  void refreshMetrics();
  void updateCurrent();
  void onProgress();
  void onPoint();
  void onFinished();
  void showError(const QString& text);
  void redraw(const std::optional<sim::BalancePoint>& balance);
  bool buildConfig(sim::SweepConfig& config, QString& error) const;

  RulesetDocument* m_document;
  QComboBox* m_path;
  QLabel* m_current;
  QLineEdit* m_values;
  QSpinBox* m_games;
  QLineEdit* m_agents;
  QString m_defaultAgent;  // the engine's default agent the field was given
  QSpinBox* m_seed;
  QSpinBox* m_threads;
  QComboBox* m_metric;
  QDoubleSpinBox* m_target;
  QPushButton* m_run;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLabel* m_status;
  QLabel* m_error;
  SweepResultsView* m_results;
  std::unique_ptr<SweepJob> m_job;
  sim::SweepConfig m_config;                // of the current / last sweep
  std::vector<sim::SweepPoint> m_points;
  std::optional<sim::SweepResult> m_finished;
  model::Ruleset m_sweepRuleset;     // what the current (or last) sweep plays
  model::Ruleset m_finishedRuleset;  // what m_finished was played on
};

}  // namespace wb::app
