// Invalid input is kept, not thrown away: a cost "earth *
// magik" typed in the inspector, an amount typed in the effects table and an
// out-of-range value typed in a table cell stay as typed, the problem is shown
// where it was typed and in the Diagnostics dock (with "did you mean
// 'magic'?" for a misspelt name), the model and the undo stack are untouched,
// and the error clears when the value is fixed. Also: a spin box no
// longer clamps a typed 50, and a cost of -5 is a problem in the GUI (since
// then refused before it reaches the model, and kept as typed).
#include <QLabel>
#include <QLineEdit>
#include <QSortFilterProxyModel>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTableWidget>
#include <QTreeWidget>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/effects_editor.h"
#include "app/gui/editors/entity_inspector.h"
#include "app/gui/editors/expression_edit.h"
#include "app/gui/editors/path_table_model.h"
#include "app/gui/editors/value_delegate.h"
#include "app/gui/window/diagnostics_panel.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "app/gui/window/table_page.h"
#include "model/path/ruleset_path.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");

// The texts of the Diagnostics dock's rows (place and message).
QStringList dockRows(MainWindow& w) {
  QStringList out;
  auto* tree = w.diagnosticsPanel()->findChild<QTreeWidget*>();
  if (!tree) return out;
  for (int i = 0; i < tree->topLevelItemCount(); ++i)
    out << tree->topLevelItem(i)->text(0) + QStringLiteral(" | ") + tree->topLevelItem(i)->text(1);
  return out;
}

bool anyContains(const QStringList& list, const QString& what) {
  for (const auto& s : list)
    if (s.contains(what)) return true;
  return false;
}

// The visible labels of a widget that say `what`.
bool showsLabel(QWidget* root, const QString& what) {
  for (auto* label : root->findChildren<QLabel*>())
    if (label->isVisible() && label->text().contains(what)) return true;
  return false;
}

ExpressionEdit* costEdit(EntityInspector* inspector) {
  const auto edits = inspector->findChildren<ExpressionEdit*>();
  return edits.isEmpty() ? nullptr : edits.front();
}

class KeptInput : public ::testing::Test {
 protected:
  void SetUp() override {
    w.setPromptsEnabled(false);
    ASSERT_TRUE(w.openFile(kCardDice));
    w.show();
    before = w.document()->ruleset();
  }
  MainWindow w;
  model::Ruleset before;
};

TEST_F(KeptInput, AMisspeltCostStaysAsTypedWithItsErrorInPlaceAndInTheDock) {
  w.showEntity(model::Section::Cards, QStringLiteral("meteor_strike"));
  ExpressionEdit* cost = costEdit(w.inspector());
  ASSERT_NE(cost, nullptr);
  const QString typed = QStringLiteral("earth * magik");
  cost->setFocus();
  cost->setText(typed);
  Q_EMIT cost->editingFinished();
  w.inspector()->setFocus();  // leave the field: the inspector refreshes from the document
  testing::spin(50);

  // Not applied, nothing on the undo stack, and the text is still what was typed.
  EXPECT_TRUE(w.document()->ruleset() == before);
  EXPECT_EQ(w.document()->undoStack()->count(), 0);
  EXPECT_EQ(cost->text(), typed);
  EXPECT_FALSE(cost->isValid());
  // In place: the message under the field names the likely intent.
  EXPECT_TRUE(showsLabel(w.inspector(), QStringLiteral("unknown name 'magik' in expression (did you mean 'magic'?)")));
  // In the Diagnostics dock, at the cost's line of card-dice.yaml.
  const int costLine = model::getPath(before, "cards.meteor_strike.cost")->where.line;
  const QStringList rows = dockRows(w);
  EXPECT_TRUE(anyContains(rows, QStringLiteral("card-dice.yaml:%1:").arg(costLine))) << rows.join('\n').toStdString();
  EXPECT_TRUE(anyContains(rows, QStringLiteral("cards.meteor_strike.cost: 'earth * magik' not applied: unknown name "
                                               "'magik' in expression (did you mean 'magic'?)")))
      << rows.join('\n').toStdString();
  EXPECT_EQ(w.document()->errorCount(), 1);

  // Selecting another card and coming back keeps it.
  w.showEntity(model::Section::Cards, QStringLiteral("earthquake"));
  testing::spin(20);
  w.showEntity(model::Section::Cards, QStringLiteral("meteor_strike"));
  testing::spin(20);
  EXPECT_EQ(cost->text(), typed);

  // Fixed: applied as one undo step, and every trace of the error is gone. (A
  // cost the engine can play: card_dice costs take numbers and parameters, not
  // dice, and validation now says so at the line.)
  cost->setFocus();
  cost->setText(QStringLiteral("17"));
  Q_EMIT cost->editingFinished();
  w.inspector()->setFocus();
  testing::spin(50);
  EXPECT_EQ(model::getPath(w.document()->ruleset(), "cards.meteor_strike.cost")->text, "17");
  EXPECT_EQ(w.document()->undoStack()->count(), 1);
  EXPECT_FALSE(w.document()->hasKeptInput(QStringLiteral("cards.meteor_strike.cost")));
  EXPECT_EQ(w.document()->errorCount(), 0);
  EXPECT_FALSE(anyContains(dockRows(w), QStringLiteral("not applied")));
  EXPECT_FALSE(showsLabel(w.inspector(), QStringLiteral("magik")));
}

TEST_F(KeptInput, AMisspeltAmountInTheEffectsTableIsKept) {
  w.showEntity(model::Section::Cards, QStringLiteral("meteor_strike"));
  EffectsEditor* effects = w.inspector()->effectsEditor();
  auto* args = effects->findChild<QTableWidget*>();
  ASSERT_NE(args, nullptr);
  int row = -1;
  for (int r = 0; r < args->rowCount(); ++r)
    if (args->item(r, 0)->text() == QStringLiteral("amount")) row = r;
  ASSERT_GE(row, 0);
  ASSERT_EQ(args->item(row, 1)->text(), QStringLiteral("earth * magic"));

  args->item(row, 1)->setText(QStringLiteral("earth * magik"));
  testing::spin(50);
  EXPECT_TRUE(w.document()->ruleset() == before);
  EXPECT_EQ(w.document()->undoStack()->count(), 0);
  const QString path = QStringLiteral("cards.meteor_strike.effects.0.amount");
  EXPECT_TRUE(w.document()->hasKeptInput(path));
  // The cell keeps the text, framed in red, with the reason under the table.
  args = effects->findChild<QTableWidget*>();
  EXPECT_EQ(args->item(row, 1)->text(), QStringLiteral("earth * magik"));
  EXPECT_TRUE(args->item(row, 1)->toolTip().contains(QStringLiteral("did you mean 'magic'?")));
  EXPECT_TRUE(showsLabel(effects, QStringLiteral("did you mean 'magic'?")));
  EXPECT_TRUE(anyContains(dockRows(w), path + QStringLiteral(": 'earth * magik' not applied")));

  // Fixed in the same cell: applied, and the error is gone from both places.
  args->item(row, 1)->setText(QStringLiteral("earth * magic * 2"));
  testing::spin(50);
  EXPECT_EQ(model::getPath(w.document()->ruleset(), path.toStdString())->text, "earth * magic * 2");
  EXPECT_FALSE(w.document()->hasKeptInput(path));
  EXPECT_FALSE(showsLabel(effects, QStringLiteral("magik")));
  EXPECT_FALSE(anyContains(dockRows(w), QStringLiteral("not applied")));
}

TEST_F(KeptInput, AnOutOfRangeParameterTypedInTheTableIsKeptNotClamped) {
  TablePage* page = w.tablePage(RulesetExplorer::Parameters);
  ASSERT_NE(page, nullptr);
  auto* table = static_cast<PathTableModel*>(page->model());
  const QString id = QString::fromStdString(before.parameters.front().id);
  const auto value = model::getPath(before, "parameters." + id.toStdString());
  ASSERT_TRUE(value && value->max);
  const QModelIndex cell = page->proxy()->mapFromSource(table->index(table->rowOf(id), 2));  // the Value column
  ASSERT_TRUE(cell.isValid());
  ASSERT_EQ(cell.data(PathTableModel::PathRole).toString(), QStringLiteral("parameters.") + id);

  // The editor is a line edit: 50 x the maximum is kept as typed, not clamped to a digit.
  QStyleOptionViewItem option;
  QWidget* editor = page->delegate()->createEditor(page->view()->viewport(), option, cell);
  auto* line = qobject_cast<QLineEdit*>(editor);
  ASSERT_NE(line, nullptr);
  const QString typed = QString::number(static_cast<long long>(*value->max) * 50);
  line->setText(typed);
  page->delegate()->setModelData(line, page->proxy(), cell);
  delete editor;
  testing::spin(20);
  EXPECT_TRUE(w.document()->ruleset() == before);
  EXPECT_EQ(cell.data(Qt::DisplayRole).toString(), typed);
  EXPECT_FALSE(cell.data(Qt::ToolTipRole).toString().isEmpty());
  EXPECT_TRUE(anyContains(dockRows(w), QStringLiteral("parameters.%1: '%2' not applied").arg(id, typed)))
      << dockRows(w).join('\n').toStdString();
}

TEST_F(KeptInput, ANegativeCostIsAProblemInTheInspectorAndTheDock) {
  w.showEntity(model::Section::Cards, QStringLiteral("meteor_strike"));
  ExpressionEdit* cost = costEdit(w.inspector());
  ASSERT_NE(cost, nullptr);
  cost->setFocus();
  cost->setText(QStringLiteral("-5"));
  Q_EMIT cost->editingFinished();
  w.inspector()->setFocus();
  testing::spin(50);
  // Refused before it reaches the model: kept as typed, with the reason.
  EXPECT_EQ(model::getPath(w.document()->ruleset(), "cards.meteor_strike.cost")->text, "18");
  EXPECT_EQ(w.document()->undoStack()->count(), 0);
  EXPECT_EQ(cost->text(), QStringLiteral("-5"));
  EXPECT_EQ(w.document()->errorCount(), 1);
  EXPECT_TRUE(anyContains(dockRows(w), QStringLiteral("'cost' of 'meteor_strike' must be at least 0, got -5")));
  EXPECT_TRUE(showsLabel(w.inspector(), QStringLiteral("must be at least 0, got -5")));
}

TEST_F(KeptInput, EntitiesWithoutACostShowNoRedCostField) {
  for (const auto& e : before.cards()) {
    if (e.cost()) continue;
    w.showEntity(model::Section::Cards, QString::fromStdString(e.id));
    testing::spin(20);
    ExpressionEdit* cost = costEdit(w.inspector());
    ASSERT_NE(cost, nullptr);
    EXPECT_TRUE(cost->text().isEmpty());
    EXPECT_TRUE(cost->isValid()) << e.id;
    return;
  }
}

}  // namespace
}  // namespace wb::app
