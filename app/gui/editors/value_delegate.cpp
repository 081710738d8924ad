#include "app/gui/editors/value_delegate.h"

#include <QAbstractProxyModel>
#include <QComboBox>
#include <QLineEdit>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/expression_edit.h"
#include "app/gui/editors/path_table_model.h"
#include "model/path/ruleset_path.h"

namespace wb::app {

ValueDelegate::ValueDelegate(RulesetDocument* document, QObject* parent)
    : QStyledItemDelegate(parent), m_document(document) {}

QWidget* ValueDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                                     const QModelIndex& index) const {
  const QString path = index.data(PathTableModel::PathRole).toString();
  const QStringList choices = index.data(PathTableModel::ChoicesRole).toStringList();
  if (!choices.isEmpty()) {
    auto* combo = new QComboBox(parent);
    combo->addItems(choices);
    combo->setFrame(false);
    return combo;
  }
  const auto value = path.isEmpty() ? std::nullopt : model::getPath(m_document->ruleset(), path.toStdString());
  if (!value) return QStyledItemDelegate::createEditor(parent, option, index);
  switch (value->type) {
    case model::ValueType::Int:
    case model::ValueType::Float: {
      // A plain line edit, not a spin box: a spin box bounded to 1..4 turns a
      // typed 50 into 5 without a word. Out-of-range input is refused by the
      // document with its reason and kept as typed.
      auto* edit = new QLineEdit(parent);
      edit->setFrame(false);
      edit->setAlignment(Qt::AlignRight);
      return edit;
    }
    case model::ValueType::Expression: {
      auto* edit = new ExpressionEdit(parent);
      edit->setFrame(false);
      RulesetDocument* doc = m_document;
      edit->setChecker([doc](const QString& text, int* column) { return doc->checkExpression(text, column); });
      connect(edit, &ExpressionEdit::errorChanged, this, &ValueDelegate::editorMessage);
      return edit;
    }
    default: return QStyledItemDelegate::createEditor(parent, option, index);
  }
}

void ValueDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
  const QString text = index.data(Qt::EditRole).toString();
  if (auto* combo = qobject_cast<QComboBox*>(editor)) {
    const int i = combo->findText(text);
    if (i < 0) combo->addItem(text);
    combo->setCurrentIndex(i < 0 ? combo->count() - 1 : i);
  } else if (auto* line = qobject_cast<QLineEdit*>(editor)) {
    line->setText(text);
  } else {
    QStyledItemDelegate::setEditorData(editor, index);
  }
}

void ValueDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const {
  QString text;
  if (auto* expr = qobject_cast<ExpressionEdit*>(editor)) {
    if (!expr->isValid()) {
      // Refused: the model stays as it was; the text is kept as typed.
      const QString path = index.data(PathTableModel::PathRole).toString();
      if (!path.isEmpty()) m_document->keepInput(path, expr->text().trimmed(), expr->errorMessage());
      Q_EMIT editRefused(expr->errorMessage());
      return;
    }
    text = expr->text().trimmed();
  } else if (auto* combo = qobject_cast<QComboBox*>(editor)) {
    text = combo->currentText();
  } else if (auto* line = qobject_cast<QLineEdit*>(editor)) {
    text = line->text().trimmed();
  } else {
    QStyledItemDelegate::setModelData(editor, model, index);
    return;
  }
  if (text == index.data(Qt::EditRole).toString()) return;
  if (!model->setData(index, text, Qt::EditRole)) {
    // The table model reports the reason through its own signal; repeat it here
    // for whoever listens to the delegate.
    QAbstractItemModel* source = model;
    while (auto* proxy = qobject_cast<QAbstractProxyModel*>(source)) source = proxy->sourceModel();
    if (auto* table = qobject_cast<PathTableModel*>(source)) Q_EMIT editRefused(table->lastError());
  }
}

void ValueDelegate::updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                                         const QModelIndex&) const {
  editor->setGeometry(option.rect);
}

}  // namespace wb::app
