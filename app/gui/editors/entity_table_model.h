// EntityTableModel: the table editor of one section (cards, tiles, events,
// abilities or factions): id, name, kind, count, cost, the engine's extra cost
// resources and properties, tags, rules text and an effects summary. Kinds
// the engine declares come as choices (combo box).
#pragma once

#include "app/gui/editors/path_table_model.h"
#include "model/core/entity.h"

namespace wb::app {

class EntityTableModel : public PathTableModel {
  Q_OBJECT
 public:
  EntityTableModel(RulesetDocument* document, model::Section section, QObject* parent = nullptr);

  model::Section section() const { return m_section; }
  QString rowId(int row) const override;
  // Column of a field ("cost", "name", ...), or -1.
  int columnOf(const QString& field) const;

 protected:
  int rows() const override;
  QString rowPrefix(int row) const override;
  QVariant computed(int row, int column, int role) const override;
  QStringList choices(int row, int column) const override;
  QStringList rowProblems(int row) const override;
  bool affectedBy(const DocumentChange& change) const override;

 private:
  void rebuildColumns();
  const model::Entity* entityAt(int row) const;
  model::Section m_section;
};

// One line per effect: `damage(target=opponent, amount=2 * fire)`.
QString effectSummary(const model::Effect& effect);

}  // namespace wb::app
