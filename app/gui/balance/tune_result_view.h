// TuneResultView: a tune's answer in the Balance tab — the overall verdict
// (pass / fail / undecided / interrupted, with what it means), the proposal as
// a table of edits (path, old -> new) and each target's baseline and verified
// value with its 95% interval and verdict (fresh seeds, the verify agents),
// then the alternatives with fewer edits and what they miss. The same fields
// `balance tune` prints (app/cli/tune_command.cpp).
#pragma once

#include <QWidget>

#include "simulation/tune/tune_result.h"

class QLabel;
class QTableWidget;

namespace wb::app {

class TuneResultView : public QWidget {
  Q_OBJECT
 public:
  explicit TuneResultView(QWidget* parent = nullptr);

  void showResult(const sim::TuneResult& result);
  void clear();

  QLabel* verdictLabel() const { return m_verdict; }
  QTableWidget* editsTable() const { return m_edits; }
  QTableWidget* targetsTable() const { return m_targets; }
  QTableWidget* alternativesTable() const { return m_alternatives; }

 private:
  QLabel* m_verdict;
  QTableWidget* m_edits;
  QTableWidget* m_targets;
  QTableWidget* m_alternatives;
};

// "0.512 [0.488, 0.536]" style texts shared with the report.
QString tuneValueText(const sim::TargetReading& reading, bool proportion);
QString tuneIntervalText(const sim::TargetReading& reading, bool proportion);

}  // namespace wb::app
