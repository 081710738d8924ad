// TablePage: one table editor (parameters, dice or a section of entities) —
// a sortable, filterable QTableView over a PathTableModel with the typed
// ValueDelegate, and for entity sections a small toolbar to add, duplicate
// and remove rows (undo commands). Right-clicking a numeric cell offers
// "Sweep this value..." (sweepRequested).
#pragma once

#include <QWidget>

#include <optional>

#include "model/core/entity.h"

class QMenu;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;
class QLabel;

namespace wb::app {

class RulesetDocument;
class PathTableModel;
class ValueDelegate;

class TablePage : public QWidget {
  Q_OBJECT
 public:
  // `section` set: an entity table with add / duplicate / remove.
  TablePage(RulesetDocument* document, PathTableModel* model, std::optional<model::Section> section,
            const QString& title, QWidget* parent = nullptr);

  PathTableModel* model() const { return m_model; }
  QSortFilterProxyModel* proxy() const { return m_proxy; }
  QTableView* view() const { return m_view; }
  ValueDelegate* delegate() const { return m_delegate; }
  void setFilter(const QString& text);
  // Puts `bar` (e.g. the parameters page's "Measure assumptions") under the heading.
  void addBar(QWidget* bar);
  void selectRow(const QString& id);
  QString currentId() const;
  // The context menu of a cell (a proxy index): "Sweep this value..." for a
  // numeric value. The caller owns the menu; nullptr when it would be empty.
  QMenu* contextMenuFor(const QModelIndex& index);

 protected:
  // Esc on a cell that keeps refused input drops it (the model's value shows again).
  bool eventFilter(QObject* watched, QEvent* event) override;

 Q_SIGNALS:
  void entitySelected(wb::model::Section section, const QString& id);
  void message(const QString& text);
  // "Sweep this value..." was chosen for `path`.
  void sweepRequested(const QString& path);

 private:
  void addEntity(bool duplicate);
  void removeEntity();
  void updateCount();

  RulesetDocument* m_document;
  PathTableModel* m_model;
  std::optional<model::Section> m_section;
  QSortFilterProxyModel* m_proxy;
  QTableView* m_view;
  ValueDelegate* m_delegate;
  QLabel* m_count;
};

}  // namespace wb::app
