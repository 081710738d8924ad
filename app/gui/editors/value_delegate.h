// ValueDelegate: typed in-place editors for PathTableModel cells, chosen from
// the value's type (model::getPath): spin boxes limited to the declared range
// for int / float, combo boxes for enums, booleans and declared kinds, an
// ExpressionEdit that validates as you type for expressions, a line edit for
// the rest. An expression with an error is not committed: the model stays
// unchanged and editRefused() carries the message.
#pragma once

#include <QStyledItemDelegate>

namespace wb::app {

class RulesetDocument;

class ValueDelegate : public QStyledItemDelegate {
  Q_OBJECT
 public:
  explicit ValueDelegate(RulesetDocument* document, QObject* parent = nullptr);

  QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option,
                        const QModelIndex& index) const override;
  void setEditorData(QWidget* editor, const QModelIndex& index) const override;
  void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;
  void updateEditorGeometry(QWidget* editor, const QStyleOptionViewItem& option,
                            const QModelIndex& index) const override;

 Q_SIGNALS:
  void editRefused(const QString& message) const;
  void editorMessage(const QString& message) const;  // live expression errors ("" = fine)

 private:
  RulesetDocument* m_document;
};

}  // namespace wb::app
