// RulesetExplorer: the tree on the left of the workbench — Overview,
// Parameters, Dice, then Cards, Tiles, Events, Abilities, Factions with their
// counts and entities — and the filter box above it. Selecting a node asks the
// main window for that page (and entity).
#pragma once

#include <QWidget>

#include "model/core/entity.h"

class QLineEdit;
class QTreeWidget;
class QTreeWidgetItem;

namespace wb::app {

class RulesetDocument;

class RulesetExplorer : public QWidget {
  Q_OBJECT
 public:
  // Pages of the editor: Overview, Parameters, Dice, then one per section.
  enum Page { Overview = 0, Parameters = 1, Dice = 2, FirstSection = 3 };
  static int pageOf(model::Section s) { return FirstSection + static_cast<int>(s); }

  explicit RulesetExplorer(RulesetDocument* document, QWidget* parent = nullptr);

  QString filterText() const;
  QLineEdit* filterEdit() const { return m_filter; }
  // Selects the node of a page / an entity without emitting anything twice.
  void select(int page, const QString& entityId = {});

 Q_SIGNALS:
  void pageSelected(int page);
  void entitySelected(wb::model::Section section, const QString& id);
  void filterChanged(const QString& text);

 private:
  void rebuild();
  void applyFilter();
  void onCurrentChanged(QTreeWidgetItem* item);

  RulesetDocument* m_document;
  QLineEdit* m_filter;
  QTreeWidget* m_tree;
  bool m_rebuilding = false;
};

}  // namespace wb::app
