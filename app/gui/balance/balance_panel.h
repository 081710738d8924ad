// BalancePanel: the Balance tab — automatic balancing in
// the window. The designer states targets and knobs (TuneSpecEditor, saved in
// the ruleset), the budget and the agents; Run plays simulation/tune's search
// (sim::TuneSearch, the same evaluator and search as `balance tune`) on a
// snapshot of the ruleset on a worker thread, with progress and the best
// proposal so far; Cancel stops it (the best so far, marked interrupted). The
// answer (TuneResultView): the edits, each target's baseline and verified
// value with its interval and verdict, the alternatives. "Apply proposal"
// sets every edit as ONE undo step (RulesetDocument::setValues). The result
// names its revision: after an edit it says it was played before it.
#pragma once

#include <QWidget>

#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>

#include "model/core/ruleset.h"
#include "simulation/tune/tune_result.h"
#include "simulation/tune/tune_search.h"

class QCheckBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace wb::app {

class RulesetDocument;
class TuneResultView;
class TuneSpecEditor;

class BalancePanel : public QWidget {
  Q_OBJECT
 public:
  explicit BalancePanel(RulesetDocument* document, QWidget* parent = nullptr);
  ~BalancePanel() override;

  void setBudget(int games);
  void setVerifyGames(int games);  // 0: budget / 16
  void setAgents(const QString& searchAgents, const QString& verifyAgents = QString());
  void setSeed(int seed);
  // Starts the tune on a snapshot of the ruleset; false with errorText()
  // (a request with problems shows them in place).
  bool run();
  void cancel();
  // Sets every edit of the proposal on screen as one undo step; false with errorText().
  bool applyProposal();
  bool isRunning() const { return m_running.load(); }

  const std::optional<sim::TuneResult>& result() const { return m_result; }
  // The result when it is finished and the form still holds its settings
  // (budget, seed, agents): what a report of the ruleset it started from shows.
  std::optional<sim::TuneResult> reportableResult() const;
  // The ruleset the result was played from (its revision).
  const model::Ruleset& resultRuleset() const { return m_resultRuleset; }
  // Edits between the result's revision and the open ruleset (0 = current).
  int editsSinceResult() const;
  QString revisionNote() const;
  TuneSpecEditor* specEditor() const { return m_spec; }
  TuneResultView* resultView() const { return m_view; }
  QPushButton* applyButton() const { return m_apply; }
  // The content guard (tuning-guard.md): on by default, as in `balance tune`;
  // off: as `--no-guard`.
  QCheckBox* guardBox() const { return m_guard; }
  QString statusText() const;
  QString errorText() const { return m_error; }
  // The run settings of the form (players, agents, seed): what the names are checked with.
  sim::TuneRunSettings runSettings() const;

 Q_SIGNALS:
  void finished();
  void message(const QString& text);

 private:
  bool config(sim::TuneConfig& config, QString& error) const;
  void showProgress(const sim::TuneProgress& p);
  void finish(sim::TuneResult result);
  void updateRevision();

  RulesetDocument* m_document;
  TuneSpecEditor* m_spec = nullptr;
  TuneResultView* m_view = nullptr;
  QSpinBox* m_budget = nullptr;
  QSpinBox* m_verifyGames = nullptr;
  QSpinBox* m_seed = nullptr;
  QLineEdit* m_searchAgents = nullptr;
  QLineEdit* m_verifyAgents = nullptr;
  QCheckBox* m_guard = nullptr;
  QPushButton* m_run = nullptr;
  QPushButton* m_apply = nullptr;
  QProgressBar* m_progress = nullptr;
  QLabel* m_status = nullptr;
  QLabel* m_revision = nullptr;
  std::optional<sim::TuneResult> m_result;
  model::Ruleset m_resultRuleset;
  QString m_error;
  std::thread m_worker;
  std::atomic<bool> m_running{false};
  int m_generation = 0;  // counts the rulesets opened: a late result of the one before is dropped
  std::mutex m_searchMutex;
  sim::TuneSearch* m_search = nullptr;  // the running search (m_searchMutex)
};

}  // namespace wb::app
