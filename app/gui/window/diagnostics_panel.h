// DiagnosticsPanel: the dock listing every problem of the ruleset (errors,
// warnings) with its place. Activating one (double click / Enter) emits
// diagnosticActivated so the window can select the entity or show the line.
#pragma once

#include <QWidget>

#include "model/core/diagnostics.h"

class QTreeWidget;
class QLabel;

namespace wb::app {

class RulesetDocument;

class DiagnosticsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DiagnosticsPanel(RulesetDocument* document, QWidget* parent = nullptr);
  int count() const;
  void activate(int row);  // as if the user activated row `row`

 Q_SIGNALS:
  void diagnosticActivated(const wb::model::Diagnostic& diagnostic);

 private:
  void rebuild();
  RulesetDocument* m_document;
  QTreeWidget* m_list;
  QLabel* m_summary;
};

}  // namespace wb::app
