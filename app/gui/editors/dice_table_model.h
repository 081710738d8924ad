// DiceTableModel: the dice of the ruleset — id, name, faces (editable as a
// comma-separated list), number of faces, mean value.
#pragma once

#include "app/gui/editors/path_table_model.h"

namespace wb::app {

class DiceTableModel : public PathTableModel {
  Q_OBJECT
 public:
  explicit DiceTableModel(RulesetDocument* document, QObject* parent = nullptr);
  QString rowId(int row) const override;

 protected:
  int rows() const override;
  QString rowPrefix(int row) const override;
  QVariant computed(int row, int column, int role) const override;
  bool affectedBy(const DocumentChange& change) const override;
};

}  // namespace wb::app
