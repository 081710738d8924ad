// PathTableModel: a table over a RulesetDocument whose cells are ruleset paths
// (model/path/ruleset_path.h). Reading goes through model::getPath; writing
// through RulesetDocument::setValue, i.e. one undo command per edit. A refused
// value (wrong type, out of range, bad expression) leaves the model unchanged,
// returns false from setData and is reported by editRefused() and lastError().
// Subclasses say which rows exist and which path each cell shows. A row
// whose path is marked `assumed` carries the marker of AssumptionMarks (an
// icon, a tint and its measured sensitivity in the tooltip) on its id cell
// and on the cell of the row's own path (a parameter's value).
#pragma once

#include <QAbstractTableModel>
#include <QStringList>

#include "app/gui/document/ruleset_document.h"

namespace wb::app {

class PathTableModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  enum Role {
    PathRole = Qt::UserRole + 1,  // QString: the cell's path ("" = not a path)
    ChoicesRole,                  // QStringList: allowed values (combo box), if any
    SortRole,                     // numbers as double, the rest as text
    RowIdRole,                    // QString: the row's id
    AssumedRole,                  // QString: the assumed mark's state ("" = not assumed; assumption_marks.h)
  };

  explicit PathTableModel(RulesetDocument* document, QObject* parent = nullptr);

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  int columnCount(const QModelIndex& parent = {}) const override;

  RulesetDocument* document() const { return m_document; }
  QString lastError() const { return m_lastError; }
  // The row showing `id`, or -1.
  int rowOf(const QString& id) const;
  virtual QString rowId(int row) const = 0;

 Q_SIGNALS:
  void editRefused(const QString& path, const QString& message);

 protected:
  struct Column {
    QString title;
    QString field;     // path suffix after the row's prefix ("" = the prefix itself)
    bool editable = true;
    QString tip;
  };
  virtual int rows() const = 0;
  virtual QString rowPrefix(int row) const = 0;  // e.g. "cards.fire"
  // Cells that are not paths (summaries); return an invalid QVariant for path cells.
  virtual QVariant computed(int row, int column, int role) const;
  virtual QStringList choices(int row, int column) const;
  // Diagnostics of the row (shown on its first cell).
  virtual QStringList rowProblems(int row) const;
  // Whether a change concerns this table (Entities / Effects of other sections do not).
  virtual bool affectedBy(const DocumentChange& change) const;
  void setColumns(std::vector<Column> columns);
  const std::vector<Column>& columns() const { return m_columns; }
  QString pathAt(int row, int column) const;
  // The validator's errors at the line of `path`'s value (shown on that cell).
  QStringList cellProblems(const QString& path) const;
  void onChanged(const DocumentChange& change);

  RulesetDocument* m_document;

 private:
  // data() without the assumed marker (which data() adds: the row's id cell
  // and the cell whose path is the row's own, e.g. a parameter's value).
  QVariant cellData(const QModelIndex& index, int role) const;
  std::vector<Column> m_columns;
  QString m_lastError;
};

}  // namespace wb::app
