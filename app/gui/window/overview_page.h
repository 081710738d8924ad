// OverviewPage: the ruleset's identity (id, name, engine, version, players),
// its description and a summary of what it holds and of its problems.
// Fields edit through the document (undo commands).
#pragma once

#include <QWidget>

class QGroupBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace wb::app {

class RulesetDocument;

class OverviewPage : public QWidget {
  Q_OBJECT
 public:
  explicit OverviewPage(RulesetDocument* document, QWidget* parent = nullptr);

 Q_SIGNALS:
  void message(const QString& text);

 private:
  void refresh();
  void commit(const QString& path, const QString& text);
  RulesetDocument* m_document;
  QLineEdit* m_id;
  QLineEdit* m_name;
  QLabel* m_engine;
  QSpinBox* m_version;
  QSpinBox* m_minPlayers;
  QSpinBox* m_maxPlayers;
  QLabel* m_description;
  QLabel* m_summary;
  QGroupBox* m_rulesBox;
  QLabel* m_rules;  // describedRulesSummary
};

}  // namespace wb::app
