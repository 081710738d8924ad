// SimulationPanel: the Simulation tab — agents (with options) per seat, the
// factions that rotate over seats, games, threads, seed and turn cap; Run and
// Cancel; a progress bar with games/s and time left; and the results, updated
// live: a summary, win rate per seat / agent / faction with 95% intervals and
// the 50% line, the game length histogram, the entities that move the win
// rate most, a sortable per-entity metrics table with outliers marked, and
// the setup-condition table (conditions_view.h; every run tallies them).
// Each run takes a snapshot of the document, so editing during a run is safe.
#pragma once

#include <QWidget>

#include <memory>
#include <optional>
#include <string>

#include "model/core/ruleset.h"
#include "simulation/runner/run_config.h"
#include "simulation/runner/run_result.h"

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTabWidget;

namespace wb::app {

class RulesetDocument;
class SimulationJob;

class SimulationPanel : public QWidget {
  Q_OBJECT
 public:
  explicit SimulationPanel(RulesetDocument* document, QWidget* parent = nullptr);
  ~SimulationPanel() override;

  void setGames(int games);
  void setSeed(int seed);
  void setThreads(int threads);
  // The seat count (clamped to the ruleset's range); seats left at the engine's
  // default agent take the default of the new count.
  void setPlayers(int players);
  // Agent spec of a seat, e.g. "greedy" or "mcts:iters=200".
  void setAgent(int seat, const QString& spec);
  QStringList agentSpecs() const;
  // The run the panel is set up for (games, seed, threads, players, agents,
  // turn cap); false with a message for a bad agent spec. Also File > Export Report's run.
  bool runConfig(sim::RunConfig& config, QString* error = nullptr) const;

  bool isRunning() const;
  bool hasResult() const { return m_hasResult; }
  const sim::RunResult& lastResult() const { return m_result; }
  // The run on screen if it finished (not cancelled) on `ruleset` with the
  // settings of `config` (games, seed, players, agents, turn cap, stopping
  // rule): what File > Export Report reports instead of playing it again.
  std::optional<sim::RunResult> playedRun(const model::Ruleset& ruleset, const sim::RunConfig& config) const;
  // The ruleset the results on screen were played on (their revision).
  const model::Ruleset& resultRuleset() const { return m_runRuleset; }
  // "" when the results on screen were played on the open ruleset as it is;
  // else what the banner over them says ("Played before 2 edits: ...").
  QString revisionNote() const;
  // The headline over the charts, as plain text.
  QString summaryText() const;
  // Edits between the results' revision and the open ruleset (0 = current).
  int editsSinceResult() const;
  // Forgets the results (another ruleset was opened): placeholders again.
  void clearResults();
  // Keeps each finished run beside the ruleset (app/gui/results/results_file.h)
  // and reopens it with the ruleset. Off by default (tests open the shipped
  // files); the workbench program turns it on.
  void setResultsKept(bool on) { m_keepResults = on; }
  // The results on screen were reopened from the results file.
  bool resultReopened() const { return m_reopened; }
  QChart* winRateChart() const;
  QChart* lengthChart() const;
  QChart* entityChart() const;
  QTableWidget* entityTable() const { return m_entityTable; }
  QTableWidget* outcomeTable() const;
  class ImpactBar* impactBar() const { return m_impactBar; }
  // The "Setup conditions" page: the run's outcome by the conditions of each game's setup.
  class ConditionsView* conditionsView() const { return m_conditions; }
  // Saves the charts as winrate.png, length.png, entities.png and secondary.png (or .svg).
  bool exportCharts(const QString& directory, const QString& suffix, QString* error = nullptr) const;
  // The files exportCharts writes into `directory` (what a caller checks before replacing any).
  QStringList chartFiles(const QString& directory, const QString& suffix) const;

 public Q_SLOTS:
  void run();
  void cancel();

 Q_SIGNALS:
  void started();
  void finished();
  void message(const QString& text);
  void runningChanged(bool running);
  void cleared();  // the results were forgotten (another ruleset opened)

 private:
  void rebuildSeats();
  void onProgress();
  void onResult();
  void onFinished();
  void showResult(const sim::RunResult& result);
  void setChart(QChartView* view, QChart* chart);
  void layoutCharts(bool secondary);
  void updateRevisionNote();
  void reopenKeptResults();
  // Writes the finished run beside the ruleset; what to add to the status ("" when all went well).
  QString keepResults();

  RulesetDocument* m_document;
  std::string m_defaultAgent;  // the engine's default agent at the seats' player count (rulesets::defaultAgent)
  QSpinBox* m_players;
  QGridLayout* m_seatGrid;
  std::vector<QComboBox*> m_agentBoxes;
  std::vector<QLineEdit*> m_optionEdits;
  QLabel* m_factions;
  QSpinBox* m_games;
  QSpinBox* m_threads;
  QSpinBox* m_seed;
  QSpinBox* m_maxTurns;
  QPushButton* m_run;
  QPushButton* m_cancel;
  QProgressBar* m_progress;
  QLabel* m_status;
  QLabel* m_summary;
  QLabel* m_revision;  // "played before N edits" over the results
  QTabWidget* m_results;
  QGridLayout* m_chartGrid = nullptr;
  QChartView* m_winRateView;
  QChartView* m_secondaryView;
  QChartView* m_lengthView;
  QChartView* m_entityView;
  QTableWidget* m_entityTable;
  class OutcomeTable* m_outcomeTable = nullptr;
  class ImpactBar* m_impactBar = nullptr;
  class ConditionsView* m_conditions = nullptr;
  std::unique_ptr<SimulationJob> m_job;
  sim::RunResult m_result;
  model::Ruleset m_runRuleset;      // what the current (or last) run plays
  bool m_resultFinished = false;    // m_result is a run's final result
  bool m_hasResult = false;
  bool m_keepResults = false;
  bool m_reopened = false;          // m_result came from the results file
  bool m_otherRevision = false;     // ... and was played on another revision of the file
  std::string m_resultHash;         // content hash of the results' ruleset
  QString m_reopenedAt;             // when the reopened results were saved
};

}  // namespace wb::app
