// EffectsEditor: the effects list of one entity in the inspector — add,
// remove, move up / down, and edit the selected effect's op (from the engine's
// schema) and arguments. Every change is one undo command on the document
// (AddEffect, RemoveEffect, MoveEffect, EditEffect); a refused argument (e.g.
// an amount `earth * magik`) is kept as typed, its cell framed in red with the
// reason under the table and in the Diagnostics dock
// (RulesetDocument::keepInput); the model is left unchanged. An effect marked
// `assumed` carries the assumed marker (AssumptionMarks) on its list item and
// its argument values.
#pragma once

#include <QWidget>

#include <optional>

#include "model/core/entity.h"

class QComboBox;
class QLabel;
class QListWidget;
class QTableWidget;
class QToolButton;
class QTableWidgetItem;

namespace wb::app {

class RulesetDocument;
class ExpressionDistributionView;
struct AssumptionMark;

class EffectsEditor : public QWidget {
  Q_OBJECT
 public:
  explicit EffectsEditor(RulesetDocument* document, QWidget* parent = nullptr);

  void setEntity(model::Section section, const QString& id);  // empty id = none
  void refresh();
  int currentEffect() const;
  void selectEffect(int index);

 Q_SIGNALS:
  void message(const QString& text);

 private:
  const model::Entity* entity() const;
  void showEffect(int index);
  void addEffect();
  void removeEffect();
  void moveEffect(int delta);
  void changeOp(const QString& op);
  void argEdited(QTableWidgetItem* item);
  void showError(const QString& text);
  QString argPath(int effect, const QString& key) const;
  // The assumed marker of effect `effect` of the shown entity (assumption_marks.h).
  std::optional<AssumptionMark> effectMark(int effect) const;

  RulesetDocument* m_document;
  model::Section m_section = model::Section::Cards;
  QString m_id;
  QListWidget* m_list;
  QToolButton* m_add;
  QToolButton* m_remove;
  QToolButton* m_up;
  QToolButton* m_down;
  QComboBox* m_op;
  QTableWidget* m_args;
  QLabel* m_opHelp;
  QLabel* m_error;
  ExpressionDistributionView* m_distribution;
  bool m_filling = false;
};

}  // namespace wb::app
