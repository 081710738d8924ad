// The promises the editor broke: an out-of-range
// value never reaches the model, the undo history or the file, for any field
// of any shipped ruleset; a file that does not validate is not saved without
// saying so; each committed edit is its own undo step, named "18 -> 14"; Esc
// and the first Ctrl+Z drop text that could not be applied.
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QKeyEvent>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/entity_inspector.h"
#include "app/gui/editors/entity_table_model.h"
#include "app/gui/editors/expression_edit.h"
#include "app/gui/window/main_window.h"
#include "model/path/ruleset_path.h"
#include "model/validation/ruleset_validator.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");
const char* const kRulesets[] = {"card-dice/card-dice.yaml", "elem-master/elem-master.yaml", "element/element.yaml",
                                 "elemenz/elemenz.yaml", "zoneplex/zoneplex.yaml"};

int validatorErrors(const RulesetDocument& doc) {
  model::Diagnostics d;
  model::validateRuleset(doc.ruleset(), doc.schema(), d);
  int n = 0;
  for (const auto& item : d.items()) n += item.severity == model::Severity::Error ? 1 : 0;
  return n;
}

QString costOf(const RulesetDocument& doc, const char* card) {
  return QString::fromStdString(model::getPath(doc.ruleset(), std::string("cards.") + card + ".cost")->text);
}

// Every numeric value of every shipped ruleset, set to -5 (a cost, a count,
// a parameter below its minimum): whatever the document accepts validates.
TEST(EditorPromises, NoFieldOfAnyRulesetTakesAValueThatDoesNotValidate) {
  for (const char* file : kRulesets) {
    RulesetDocument doc;
    ASSERT_TRUE(doc.open(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/") + QString::fromLatin1(file)));
    ASSERT_EQ(validatorErrors(doc), 0) << file;
    int refused = 0, accepted = 0;
    for (const auto& value : model::listPaths(doc.ruleset(), true)) {
      const QString path = QString::fromStdString(value.path);
      QString error;
      if (!doc.setValue(path, QStringLiteral("-5"), &error)) {
        ++refused;
        EXPECT_FALSE(error.isEmpty()) << file << " " << value.path;
        continue;
      }
      ++accepted;
      EXPECT_EQ(validatorErrors(doc), 0) << file << ": " << value.path << " = -5 was accepted and does not validate";
      doc.undoStack()->undo();
    }
    EXPECT_GT(refused, 0) << file;
    EXPECT_EQ(doc.undoStack()->index(), 0) << file;
  }
}

TEST(EditorPromises, ANegativeCostInTheTableIsKeptRedInItsOwnCellWithTheReason) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  const model::Ruleset before = doc.ruleset();
  EntityTableModel table(&doc, model::Section::Cards);
  const int row = table.rowOf(QStringLiteral("meteor_strike"));
  const QModelIndex cost = table.index(row, table.columnOf(QStringLiteral("cost")));
  const QModelIndex id = table.index(row, table.columnOf(QStringLiteral("id")));
  EXPECT_FALSE(table.setData(cost, QStringLiteral("-5")));
  EXPECT_TRUE(doc.ruleset() == before);
  EXPECT_EQ(doc.undoStack()->count(), 0);
  EXPECT_EQ(table.data(cost, Qt::DisplayRole).toString(), QStringLiteral("-5"));
  EXPECT_TRUE(table.data(cost, Qt::ToolTipRole).toString().contains(QStringLiteral("must be at least 0")))
      << table.data(cost, Qt::ToolTipRole).toString().toStdString();
  EXPECT_TRUE(table.data(cost, Qt::BackgroundRole).isValid());
  EXPECT_FALSE(table.data(id, Qt::BackgroundRole).isValid());  // the bad cell is red, not the Id
}

TEST(EditorPromises, AWordAsACostSaysANumberOrAnExpressionIsExpected) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  QString error;
  EXPECT_FALSE(doc.setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("abc"), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("expected a number or an expression"))) << error.toStdString();
}

TEST(EditorPromises, SavingAFileThatDoesNotValidateSaysSo) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  // card-dice with Meteor Strike at cost -5, as a text editor could leave it.
  QFile in(kCardDice);
  ASSERT_TRUE(in.open(QIODevice::ReadOnly));
  QString text = QString::fromUtf8(in.readAll());
  const int at = text.indexOf(QStringLiteral("id: meteor_strike"));
  ASSERT_GE(at, 0);
  const int cost = text.indexOf(QStringLiteral("cost: 18"), at);
  ASSERT_GT(cost, at);
  text.replace(cost, 8, QStringLiteral("cost: -5"));
  const QString path = dir.filePath(QStringLiteral("card-dice.yaml"));
  QFile out(path);
  ASSERT_TRUE(out.open(QIODevice::WriteOnly));
  out.write(text.toUtf8());
  out.close();
  for (const char* extra : {"dice_questions.yaml"}) {
    QFile::copy(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/") + QString::fromLatin1(extra),
                dir.filePath(QString::fromLatin1(extra)));
  }

  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(path));
  ASSERT_GT(w.document()->errorCount(), 0);
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.fire.cost"), QStringLiteral("4")));
  ASSERT_TRUE(w.save());
  const QString said = w.statusBar()->currentMessage();
  EXPECT_TRUE(said.contains(QStringLiteral("does not validate"))) << said.toStdString();

  // A refused value typed in a valid ruleset: saved without it, and it says so.
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("18")));
  ASSERT_EQ(w.document()->errorCount(), 0);
  EXPECT_FALSE(w.document()->setValue(QStringLiteral("cards.fire.cost"), QStringLiteral("-1")));
  w.document()->keepInput(QStringLiteral("cards.fire.cost"), QStringLiteral("-1"), QStringLiteral("below 0"));
  ASSERT_TRUE(w.save());
  EXPECT_TRUE(w.statusBar()->currentMessage().contains(QStringLiteral("not in the file")))
      << w.statusBar()->currentMessage().toStdString();
}

TEST(EditorPromises, EachCommittedEditIsItsOwnStepNamedWithBothValues) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  EntityTableModel table(&doc, model::Section::Cards);
  const QModelIndex cost = table.index(table.rowOf(QStringLiteral("meteor_strike")), table.columnOf(QStringLiteral("cost")));
  ASSERT_TRUE(table.setData(cost, QStringLiteral("14")));
  ASSERT_TRUE(table.setData(cost, QStringLiteral("16")));
  ASSERT_EQ(doc.undoStack()->count(), 2);
  EXPECT_TRUE(doc.undoStack()->text(0).contains(QStringLiteral("18 -> 14"))) << doc.undoStack()->text(0).toStdString();
  EXPECT_TRUE(doc.undoStack()->text(1).contains(QStringLiteral("14 -> 16"))) << doc.undoStack()->text(1).toStdString();
  doc.undoStack()->undo();
  EXPECT_EQ(costOf(doc, "meteor_strike"), QStringLiteral("14"));
  doc.undoStack()->undo();
  EXPECT_EQ(costOf(doc, "meteor_strike"), QStringLiteral("18"));
}

TEST(EditorPromises, TheFirstUndoDropsTextNotAppliedThenUndoesTheEdits) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  RulesetDocument* doc = w.document();
  ASSERT_TRUE(doc->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("14")));
  // A typo committed in the table: kept, red, not applied.
  EntityTableModel* table = nullptr;
  for (auto* m : w.findChildren<EntityTableModel*>())
    if (m->rowOf(QStringLiteral("meteor_strike")) >= 0) table = m;
  ASSERT_NE(table, nullptr);
  const QModelIndex cost =
      table->index(table->rowOf(QStringLiteral("meteor_strike")), table->columnOf(QStringLiteral("cost")));
  EXPECT_FALSE(table->setData(cost, QStringLiteral("abc")));
  ASSERT_TRUE(doc->hasKeptInput(QStringLiteral("cards.meteor_strike.cost")));

  QAction* undo = w.findChild<QAction*>(QStringLiteral("undoAction"));
  ASSERT_NE(undo, nullptr);
  ASSERT_TRUE(undo->isEnabled());
  undo->trigger();  // drops the typo, keeps 14
  EXPECT_FALSE(doc->hasKeptInput(QStringLiteral("cards.meteor_strike.cost")));
  EXPECT_EQ(costOf(*doc, "meteor_strike"), QStringLiteral("14"));
  EXPECT_EQ(table->data(cost, Qt::DisplayRole).toString(), QStringLiteral("14"));
  undo->trigger();  // then the edit
  EXPECT_EQ(costOf(*doc, "meteor_strike"), QStringLiteral("18"));
}

TEST(EditorPromises, EscInTheInspectorDropsTheRefusedCost) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  w.show();
  w.showEntity(model::Section::Cards, QStringLiteral("meteor_strike"));
  auto edits = w.inspector()->findChildren<ExpressionEdit*>();
  ASSERT_FALSE(edits.isEmpty());
  ExpressionEdit* cost = edits.front();
  cost->setFocus();
  cost->setText(QStringLiteral("-5"));
  Q_EMIT cost->editingFinished();
  testing::spin(30);
  EXPECT_EQ(costOf(*w.document(), "meteor_strike"), QStringLiteral("18"));  // never in the model
  EXPECT_EQ(w.document()->undoStack()->count(), 0);
  EXPECT_TRUE(w.document()->hasKeptInput(QStringLiteral("cards.meteor_strike.cost")));
  EXPECT_EQ(cost->text(), QStringLiteral("-5"));
  EXPECT_TRUE(cost->toolTip().contains(QStringLiteral("must be at least 0"))) << cost->toolTip().toStdString();

  QKeyEvent esc(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
  QApplication::sendEvent(cost, &esc);
  testing::spin(30);
  EXPECT_FALSE(w.document()->hasKeptInput(QStringLiteral("cards.meteor_strike.cost")));
  EXPECT_EQ(cost->text(), QStringLiteral("18"));
}

// Found under Xvfb: a cost the editor refuses showed its
// long reason on one line in the inspector, whose dock then took most of the
// window's width (the layout must keep its proportions).
TEST(EditorPromises, ARefusedCostsReasonWrapsInsteadOfWideningTheInspector) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  w.resize(1400, 860);
  w.show();
  w.showEntity(model::Section::Cards, QStringLiteral("meteor_strike"));
  testing::spin(30);
  const int before = w.inspector()->minimumSizeHint().width();
  auto edits = w.inspector()->findChildren<ExpressionEdit*>();
  ASSERT_FALSE(edits.isEmpty());
  ExpressionEdit* cost = edits.front();
  cost->setFocus();
  cost->setText(QStringLiteral("abc"));
  Q_EMIT cost->editingFinished();
  testing::spin(30);
  ASSERT_TRUE(w.document()->hasKeptInput(QStringLiteral("cards.meteor_strike.cost")));
  EXPECT_LE(w.inspector()->minimumSizeHint().width(), std::max(before, 420))
      << "the inspector asks for " << w.inspector()->minimumSizeHint().width() << " px (" << before << " before)";
}

}  // namespace
}  // namespace wb::app
