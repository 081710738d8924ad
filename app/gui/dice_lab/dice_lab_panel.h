// DiceLabPanel: the workbench's Dice Lab tab. Pick dice from the ruleset or
// type notation, choose the query (DiceRequestForm), Evaluate, and read the
// distribution as a chart, a table and a summary (DiceResultView); the
// ruleset's dice_questions are listed and evaluate with one click. Quick exact
// queries answer at once on the GUI thread; Monte Carlo runs and exact ones
// estimated at more than kQuickWork go to a worker thread with a snapshot of
// the ruleset, showing their progress, with a Cancel button, so
// the window stays responsive. Bad input shows the message, the field and
// the column; it never throws.
#pragma once

#include <QWidget>

#include <atomic>
#include <memory>
#include <thread>

#include "model/core/ruleset.h"
#include "simulation/dice/dice_lab.h"

class QGroupBox;
class QLabel;
class QListWidget;
class QPushButton;
class QVBoxLayout;

namespace wb::app {

class RulesetDocument;
class DiceRequestForm;
class DiceResultView;

class DiceLabPanel : public QWidget {
  Q_OBJECT
 public:
  // `document` may be null: then only standard and inline dice are known.
  explicit DiceLabPanel(RulesetDocument* document, QWidget* parent = nullptr);
  ~DiceLabPanel() override;  // waits for a running Monte Carlo job

  DiceRequestForm* form() const { return m_form; }
  DiceResultView* resultView() const { return m_result; }
  QListWidget* questionList() const { return m_questions; }

  // Work (dice_budget.h units, ~ns) answered on the GUI thread; more runs on a worker.
  static constexpr double kQuickWork = 2e8;

  // Evaluates the form (Monte Carlo and long exact work asynchronously: see isRunning / evaluated).
  void evaluate();
  // Stops a running evaluation (it ends with evaluated(false) and "cancelled").
  void cancel();
  QPushButton* cancelButton() const { return m_cancel; }
  QString busyText() const;  // "working... 42%" while running
  // Fills the form from the ruleset's dice question at `row` and evaluates it.
  void evaluateQuestion(int row);
  bool isRunning() const { return m_job != nullptr; }
  // The last error as shown ("" after a success).
  QString errorText() const { return m_errorText; }

 Q_SIGNALS:
  void evaluated(bool ok);             // after every evaluation, on the GUI thread
  void message(const QString& text);   // for the status bar

 private:
  struct Job;
  void refreshRuleset();
  const model::Ruleset* ruleset() const;
  void finish(bool ok, const sim::dice::DiceResult& result, const sim::dice::DiceError& error);
  void jobDone();
  void showError(const sim::dice::DiceError& error, const QString& fieldText);
  void setBusy(bool busy);

  RulesetDocument* m_document;
  QVBoxLayout* m_leftLayout;
  QGroupBox* m_questionsBox;
  QListWidget* m_questions;
  QLabel* m_questionsEmpty;
  DiceRequestForm* m_form;
  QPushButton* m_evaluate;
  QPushButton* m_cancel;
  QLabel* m_error;
  QLabel* m_busy;
  DiceResultView* m_result;
  QString m_errorText;
  std::unique_ptr<Job> m_job;
};

}  // namespace wb::app
