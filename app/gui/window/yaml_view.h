// YamlView: the read-only YAML text of the current ruleset (model::toYaml),
// with light syntax colouring, refreshed shortly after every edit. goToLine()
// highlights a line (used when a diagnostic has no entity to select).
#pragma once

#include <QPlainTextEdit>

class QTimer;

namespace wb::app {

class RulesetDocument;

class YamlView : public QPlainTextEdit {
  Q_OBJECT
 public:
  explicit YamlView(RulesetDocument* document, QWidget* parent = nullptr);
  void goToLine(int line);
  // Line (1-based) of `id: <id>` in the text, or 0.
  int lineOfEntity(const QString& id) const;
  void refreshNow();

 private:
  RulesetDocument* m_document;
  QTimer* m_timer;
};

}  // namespace wb::app
