// TuneSpecEditor: the Balance tab's request — a table of targets (metric, min,
// max; the metric names offered from the open ruleset's game) and a table of
// knobs (path pattern, domain "a:b:step" or "v1, v2, ...", lock), with Add /
// Remove under each. Every change is checked by simulation/tune's validators
// (tune_spec.h for the form, tune_setup.h for the names against the game);
// a row with a problem keeps what was typed and shows the problem in place
// (red cells, tooltip, the list under the tables). A request without
// problems is saved into the ruleset's `targets:` and `knobs:` sections
// (model::Ruleset::tuning) as one undo step (SetTuning); the tables show
// those sections when a ruleset opens and after undo / redo.
#pragma once

#include <QWidget>

#include <functional>

#include "app/gui/balance/tune_rows.h"
#include "simulation/tune/tune_evaluator.h"
#include "simulation/tune/tune_setup.h"

class QLabel;
class QTableWidget;

namespace wb::app {

class RulesetDocument;

class TuneSpecEditor : public QWidget {
  Q_OBJECT
 public:
  // `settings` gives the run settings the names are checked with (players, agents).
  TuneSpecEditor(RulesetDocument* document, std::function<sim::TuneRunSettings()> settings, QWidget* parent = nullptr);

  TuneRows rows() const;
  // Checks the rows (form and names) against the open ruleset and marks each
  // row's problem in place; true when there is none (`setup` then holds the
  // resolved targets and knobs).
  bool check(sim::TuneSetup* setup = nullptr);
  // Replaces the rows with a targets file's (one undo step); false with `error`.
  bool loadFile(const QString& path, QString* error = nullptr);
  void addTarget(const QString& metric, const QString& min, const QString& max);
  void addKnob(const QString& path, const QString& domain, bool lock = false);
  void removeTarget(int row);
  void removeKnob(int row);

  QTableWidget* targetsTable() const { return m_targets; }
  QTableWidget* knobsTable() const { return m_knobs; }
  // The problem shown on a row ("" = none).
  QString targetProblem(int row) const;
  QString knobProblem(int row) const;
  // The metric names the picker offers for the open ruleset (`*` forms first).
  QStringList metricNames() const;
  // The values the knob picker offers: every number the engine's schema bounds
  // (what the tuner moves without knob rows), as paths.
  QStringList knobPaths() const;

 Q_SIGNALS:
  void edited();

 private:
  void showRows(const TuneRows& rows);
  void mark(const RowProblems& problems);
  void commit();
  void reloadFromRuleset();
  // The History line of one edit of the rows.
  static QString describeEdit(const TuneRows& before, const TuneRows& after);

  RulesetDocument* m_document;
  std::function<sim::TuneRunSettings()> m_settings;
  QTableWidget* m_targets;
  QTableWidget* m_knobs;
  QLabel* m_problems;
  bool m_updating = false;
};

}  // namespace wb::app
