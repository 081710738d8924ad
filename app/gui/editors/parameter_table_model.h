// ParameterTableModel: the table editor of the ruleset's parameters (id, type,
// value, min, max, description). The value cell edits `parameters.<id>` with
// the parameter's type and declared range.
#pragma once

#include "app/gui/editors/path_table_model.h"

namespace wb::app {

class ParameterTableModel : public PathTableModel {
  Q_OBJECT
 public:
  explicit ParameterTableModel(RulesetDocument* document, QObject* parent = nullptr);
  QString rowId(int row) const override;

 protected:
  int rows() const override;
  QString rowPrefix(int row) const override;
  QVariant computed(int row, int column, int role) const override;
  bool affectedBy(const DocumentChange& change) const override;
};

}  // namespace wb::app
