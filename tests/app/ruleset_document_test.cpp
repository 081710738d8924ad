// RulesetDocument and the table model: edits are undo commands, refused
// values leave the model unchanged, saving writes only what changed.
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/entity_table_model.h"
#include "app/gui/editors/parameter_table_model.h"
#include "model/path/ruleset_path.h"
#include "model/yaml/ruleset_writer.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

using testing::SignalCounter;

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");

QString readAll(const QString& path) {
  QFile f(path);
  EXPECT_TRUE(f.open(QIODevice::ReadOnly)) << path.toStdString();
  return QString::fromUtf8(f.readAll());
}

// A copy of the card-dice ruleset in a temporary folder (tests save over it).
struct CardDiceCopy {
  QTemporaryDir dir;
  QString path;
  CardDiceCopy() : path(dir.filePath(QStringLiteral("card-dice.yaml"))) { QFile::copy(kCardDice, path); }
};

std::string costOf(const RulesetDocument& doc, const std::string& id) {
  const auto v = model::getPath(doc.ruleset(), "cards." + id + ".cost");
  return v ? v->text : "?";
}

TEST(RulesetDocument, OpensTheCardDiceRulesetWithoutErrors) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  EXPECT_EQ(doc.errorCount(), 0) << doc.diagnostics().format();
  EXPECT_EQ(doc.ruleset().engine, "card_dice");
  EXPECT_NE(doc.schema(), nullptr);
  EXPECT_GT(doc.ruleset().cards().size(), 10u);
  EXPECT_FALSE(doc.isModified());
}

TEST(RulesetDocument, CardCostEditThroughTableUndoRedoSaveReopen) {
  CardDiceCopy copy;
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(copy.path));
  const model::Ruleset original = doc.ruleset();
  // Saving keeps the designer's layout (comments, quotes), so the reference is
  // the original file itself.
  const QString originalText = readAll(copy.path);

  EntityTableModel table(&doc, model::Section::Cards);
  const int row = table.rowOf(QStringLiteral("blazing_fire"));
  const int col = table.columnOf(QStringLiteral("cost"));
  ASSERT_GE(row, 0);
  ASSERT_GE(col, 0);
  const QModelIndex cell = table.index(row, col);
  EXPECT_EQ(table.data(cell, Qt::DisplayRole).toString(), QStringLiteral("12"));
  SignalCounter changed(&table, &QAbstractItemModel::dataChanged);

  ASSERT_TRUE(table.setData(cell, QStringLiteral("14")));
  EXPECT_EQ(costOf(doc, "blazing_fire"), "14");
  EXPECT_EQ(table.data(cell, Qt::DisplayRole).toString(), QStringLiteral("14"));
  EXPECT_GE(changed.count(), 1);
  EXPECT_TRUE(doc.isModified());
  EXPECT_EQ(doc.undoStack()->count(), 1);

  doc.undoStack()->undo();
  EXPECT_EQ(costOf(doc, "blazing_fire"), "12");
  EXPECT_TRUE(doc.ruleset() == original);
  EXPECT_FALSE(doc.isModified());
  doc.undoStack()->redo();
  EXPECT_EQ(costOf(doc, "blazing_fire"), "14");

  QString error;
  ASSERT_TRUE(doc.save(&error)) << error.toStdString();
  EXPECT_FALSE(doc.isModified());

  // The saved file differs from the original only at that value.
  const QStringList before = originalText.split(QLatin1Char('\n'));
  const QStringList after = readAll(copy.path).split(QLatin1Char('\n'));
  ASSERT_EQ(before.size(), after.size());
  QStringList differences;
  for (int i = 0; i < before.size(); ++i)
    if (before[i] != after[i]) differences << QStringLiteral("%1: %2 -> %3").arg(i + 1).arg(before[i], after[i]);
  ASSERT_EQ(differences.size(), 1) << differences.join(QLatin1Char('\n')).toStdString();
  EXPECT_TRUE(differences[0].contains(QStringLiteral("cost: 12 -> ")));
  EXPECT_TRUE(differences[0].endsWith(QStringLiteral("cost: 14")));

  RulesetDocument reopened;
  ASSERT_TRUE(reopened.open(copy.path));
  EXPECT_EQ(reopened.errorCount(), 0);
  EXPECT_TRUE(reopened.ruleset() == doc.ruleset());
  EXPECT_FALSE(reopened.ruleset() == original);
}

TEST(RulesetDocument, RefusedValuesLeaveTheModelUnchanged) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  const model::Ruleset before = doc.ruleset();
  EntityTableModel table(&doc, model::Section::Cards);
  const QModelIndex cost = table.index(table.rowOf(QStringLiteral("blazing_fire")), table.columnOf(QStringLiteral("cost")));
  SignalCounter refused(&table, &PathTableModel::editRefused);

  EXPECT_FALSE(table.setData(cost, QStringLiteral("2 * (fire")));
  EXPECT_FALSE(table.lastError().isEmpty());
  EXPECT_FALSE(table.setData(cost, QStringLiteral("2 * unknown_die")));
  EXPECT_TRUE(table.lastError().contains(QStringLiteral("unknown_die"))) << table.lastError().toStdString();
  const QModelIndex count = table.index(0, table.columnOf(QStringLiteral("count")));
  EXPECT_FALSE(table.setData(count, QStringLiteral("-3")));
  EXPECT_FALSE(table.setData(count, QStringLiteral("many")));
  EXPECT_EQ(refused.count(), 4);

  ParameterTableModel params(&doc);
  const int health = params.rowOf(QStringLiteral("starting_health"));
  ASSERT_GE(health, 0);
  EXPECT_FALSE(params.setData(params.index(health, 2), QStringLiteral("0")));  // below min 1
  EXPECT_TRUE(doc.ruleset() == before);
  EXPECT_EQ(doc.undoStack()->count(), 0);
  EXPECT_FALSE(doc.isModified());
}

// Each committed edit is its own step (they merged before).
TEST(RulesetDocument, RepeatedEditsOfOnePathAreEachTheirOwnStep) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  for (const char* v : {"13", "14", "15"}) ASSERT_TRUE(doc.setValue(QStringLiteral("cards.blazing_fire.cost"), QString::fromLatin1(v)));
  EXPECT_EQ(doc.undoStack()->count(), 3);
  doc.undoStack()->undo();
  EXPECT_EQ(costOf(doc, "blazing_fire"), "14");
}

TEST(RulesetDocument, EntityAndEffectCommandsUndo) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  const model::Ruleset original = doc.ruleset();
  const auto* fire = doc.ruleset().entity(model::Section::Cards, "blazing_fire");
  ASSERT_NE(fire, nullptr);
  ASSERT_FALSE(fire->effects.empty());
  const model::Effect first = fire->effects.front();

  model::Entity card;
  card.id = doc.uniqueEntityId(QStringLiteral("blazing_fire")).toStdString();
  EXPECT_EQ(card.id, "blazing_fire_2");
  card.name = "Blazing Fire II";
  card.kind = "action";
  EXPECT_TRUE(doc.addEntity(model::Section::Cards, card, 0));
  EXPECT_FALSE(doc.addEntity(model::Section::Cards, card, 0));  // duplicate id refused
  EXPECT_EQ(doc.ruleset().cards().front().id, "blazing_fire_2");

  const QString id = QStringLiteral("blazing_fire");
  EXPECT_TRUE(doc.addEffect(model::Section::Cards, id, first));
  EXPECT_TRUE(doc.moveEffect(model::Section::Cards, id, 1, 0));
  model::Effect edited = first;
  edited.arg("amount")->text = "3 * fire";
  EXPECT_TRUE(doc.editEffect(model::Section::Cards, id, 0, edited));
  edited.arg("amount")->text = "3 * (fire";
  EXPECT_FALSE(doc.editEffect(model::Section::Cards, id, 0, edited));  // bad expression refused
  EXPECT_TRUE(doc.removeEffect(model::Section::Cards, id, 1));
  EXPECT_EQ(doc.ruleset().entity(model::Section::Cards, "blazing_fire")->effects.front().arg("amount")->text, "3 * fire");
  EXPECT_TRUE(doc.removeEntity(model::Section::Cards, QStringLiteral("blazing_fire_2")));
  EXPECT_EQ(doc.undoStack()->count(), 6);

  while (doc.undoStack()->canUndo()) doc.undoStack()->undo();
  EXPECT_TRUE(doc.ruleset() == original);
  while (doc.undoStack()->canRedo()) doc.undoStack()->redo();
  EXPECT_EQ(doc.ruleset().entity(model::Section::Cards, "blazing_fire")->effects.size(), first.args.empty() ? 1u : fire->effects.size());
}

TEST(RulesetDocument, AFileWithErrorsStillOpensWithItsDiagnostics) {
  RulesetDocument doc;
  doc.openFromString(QStringLiteral("id: broken\nname: Broken\nengine: card_dice\nversion: 1\n"
                                    "cards:\n  - id: a\n    name: A\n    kind: action\n    cost: 2 * (fire\n"
                                    "    bogus_key: 1\n"),
                     QStringLiteral("broken.yaml"));
  EXPECT_GT(doc.errorCount(), 0);
  EXPECT_EQ(doc.ruleset().id, "broken");
  ASSERT_EQ(doc.ruleset().cards().size(), 1u);
  // Every diagnostic has a place; the card's are found inside the card.
  bool unknownKey = false;
  for (const auto& d : doc.diagnostics().items()) {
    EXPECT_TRUE(d.where.known()) << d.format();
    unknownKey = unknownKey || d.message.find("bogus_key") != std::string::npos;
  }
  EXPECT_TRUE(unknownKey) << doc.diagnostics().format();
  EXPECT_FALSE(doc.diagnosticsFor(model::Section::Cards, QStringLiteral("a")).isEmpty());
  // An edit keeps the loader-only problem (the unknown key) listed.
  ASSERT_TRUE(doc.setValue(QStringLiteral("cards.a.name"), QStringLiteral("Alpha")));
  bool stillListed = false;
  for (const auto& d : doc.diagnostics().items()) stillListed = stillListed || d.message.find("bogus_key") != std::string::npos;
  EXPECT_TRUE(stillListed);
}

TEST(RulesetDocument, ReportsAChangeOnDiskButNotItsOwnSave) {
  CardDiceCopy copy;
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(copy.path));
  SignalCounter onDisk(&doc, &RulesetDocument::fileChangedOnDisk);
  ASSERT_TRUE(doc.setValue(QStringLiteral("cards.blazing_fire.cost"), QStringLiteral("13")));
  ASSERT_TRUE(doc.save());
  testing::spin(300);
  EXPECT_EQ(onDisk.count(), 0);
  {
    QFile f(copy.path);
    ASSERT_TRUE(f.open(QIODevice::Append));
    f.write("# edited elsewhere\n");
  }
  EXPECT_TRUE(onDisk.wait(3000));
  doc.revert();
  EXPECT_EQ(costOf(doc, "blazing_fire"), "13");
}

}  // namespace
}  // namespace wb::app
