// Engine data shown and editable, and only what the engine declares: an Elem Master faction's specialty is a picker of the abilities
// (the baseline faction gets one added, the file changes on that line only);
// a terrain shows set / grows / effect (grows as the four elements to tick), a
// block its size / terrain / set; no Elem Master entity shows a Count or Cost
// field, and its tables have the schema's columns. An engine that declares no
// per-section fields (card-dice) keeps Cost where its entities have costs.
#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/entity_inspector.h"
#include "app/gui/editors/entity_table_model.h"
#include "app/gui/editors/properties_editor.h"
#include "app/gui/editors/section_fields.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "app/gui/window/table_page.h"
#include "model/validation/ruleset_validator.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kElemMaster = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml");
const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");
const QString kZoneplex = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/zoneplex/zoneplex.yaml");

QString readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

std::string propertyText(const RulesetDocument& doc, model::Section s, const char* id, const char* key) {
  const model::Entity* e = doc.ruleset().entity(s, id);
  const model::Field* f = e ? e->property(key) : nullptr;
  if (!f) return "<none>";
  if (!f->isList) return f->text;
  std::string out = "[";
  for (const auto& i : f->items) out += (out.size() > 1 ? "," : "") + i;
  return out + "]";
}

QStringList headers(TablePage* page) {
  QStringList out;
  for (int c = 0; c < page->model()->columnCount(); ++c)
    out << page->model()->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
  return out;
}

TEST(SchemaFields, ElemMasterFactionSpecialtyIsShownAndEditedAsAnAbilityPicker) {
  QTemporaryDir dir;
  const QString copy = dir.filePath(QStringLiteral("elem-master.yaml"));
  ASSERT_TRUE(QFile::copy(kElemMaster, copy));
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(copy));
  ASSERT_EQ(w.document()->errorCount(), 0);
  w.show();
  w.showEntity(model::Section::Factions, QStringLiteral("mage_druid"));
  EntityInspector* inspector = w.inspector();
  auto* specialty = qobject_cast<QComboBox*>(inspector->propertiesEditor()->editorFor(QStringLiteral("specialty")));
  ASSERT_NE(specialty, nullptr) << "a faction shows its specialty";
  EXPECT_EQ(specialty->currentData().toString(), QStringLiteral("druid"));
  EXPECT_TRUE(specialty->currentText().contains(QStringLiteral("Druid")));
  // The picker offers "(none)" and the 16 specialties, nothing else.
  EXPECT_EQ(specialty->count(), 1 + 16);
  EXPECT_FALSE(inspector->showsField(QStringLiteral("cost")));
  EXPECT_FALSE(inspector->showsField(QStringLiteral("count")));
  EXPECT_FALSE(inspector->showsField(QStringLiteral("effects")));
  EXPECT_EQ(inspector->propertiesEditor()->rowCount(), 1);

  // Pick another specialty: one undo step.
  const int necro = specialty->findData(QStringLiteral("necromancer"));
  ASSERT_GE(necro, 0);
  specialty->setCurrentIndex(necro);
  Q_EMIT specialty->activated(necro);
  EXPECT_EQ(propertyText(*w.document(), model::Section::Factions, "mage_druid", "specialty"), "necromancer");
  EXPECT_EQ(w.document()->undoStack()->count(), 1);
  w.document()->undoStack()->undo();
  EXPECT_EQ(propertyText(*w.document(), model::Section::Factions, "mage_druid", "specialty"), "druid");
  testing::spin(20);
  EXPECT_EQ(specialty->currentData().toString(), QStringLiteral("druid")) << "the picker follows undo";

  // The baseline faction has none; giving it one adds the key, and the save
  // changes that one line of the file.
  w.showEntity(model::Section::Factions, QStringLiteral("mage_none"));
  specialty = qobject_cast<QComboBox*>(inspector->propertiesEditor()->editorFor(QStringLiteral("specialty")));
  ASSERT_NE(specialty, nullptr);
  EXPECT_EQ(specialty->currentData().toString(), QString());
  EXPECT_EQ(specialty->currentText(), QStringLiteral("(none)"));
  const int sage = specialty->findData(QStringLiteral("sage"));
  specialty->setCurrentIndex(sage);
  Q_EMIT specialty->activated(sage);
  EXPECT_EQ(propertyText(*w.document(), model::Section::Factions, "mage_none", "specialty"), "sage");
  EXPECT_EQ(w.document()->errorCount(), 0);
  const QStringList before = readAll(copy).split(QLatin1Char('\n'));
  ASSERT_TRUE(w.save());
  const QStringList after = readAll(copy).split(QLatin1Char('\n'));
  ASSERT_EQ(before.size(), after.size());
  int changed = 0;
  for (int i = 0; i < before.size(); ++i)
    if (before[i] != after[i]) {
      ++changed;
      EXPECT_TRUE(after[i].contains(QStringLiteral("mage_none")) && after[i].contains(QStringLiteral("specialty: sage")))
          << after[i].toStdString();
    }
  EXPECT_EQ(changed, 1);
  // Back to none removes the key again.
  specialty = qobject_cast<QComboBox*>(inspector->propertiesEditor()->editorFor(QStringLiteral("specialty")));
  specialty->setCurrentIndex(0);
  Q_EMIT specialty->activated(0);
  EXPECT_EQ(propertyText(*w.document(), model::Section::Factions, "mage_none", "specialty"), "<none>");
}

TEST(SchemaFields, ElemMasterTerrainShowsSetGrowsAndEffectAndEditsThem) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElemMaster));
  w.show();
  w.showEntity(model::Section::Tiles, QStringLiteral("forest"));
  EntityInspector* inspector = w.inspector();
  PropertiesEditor* props = inspector->propertiesEditor();
  EXPECT_EQ(props->rowCount(), 3) << "a terrain: set, grows, effect";
  auto* set = qobject_cast<QComboBox*>(props->editorFor(QStringLiteral("set")));
  auto* effect = qobject_cast<QComboBox*>(props->editorFor(QStringLiteral("effect")));
  QWidget* grows = props->editorFor(QStringLiteral("grows"));
  ASSERT_TRUE(set && effect && grows);
  EXPECT_EQ(props->editorFor(QStringLiteral("size")), nullptr) << "a block's field is not a terrain's";
  EXPECT_EQ(set->currentText(), QStringLiteral("standard"));
  EXPECT_EQ(effect->currentText(), QStringLiteral("none"));
  EXPECT_EQ(effect->count(), 5);
  EXPECT_FALSE(inspector->showsField(QStringLiteral("cost")));
  EXPECT_FALSE(inspector->showsField(QStringLiteral("count")));

  // grows: the four elements as check boxes, earth ticked.
  const auto boxes = grows->findChildren<QCheckBox*>();
  ASSERT_EQ(boxes.size(), 4);
  QCheckBox* water = nullptr;
  for (auto* b : boxes) {
    EXPECT_EQ(b->isChecked(), b->text() == QStringLiteral("earth")) << b->text().toStdString();
    if (b->text() == QStringLiteral("water")) water = b;
  }
  ASSERT_NE(water, nullptr);
  water->click();
  EXPECT_EQ(propertyText(*w.document(), model::Section::Tiles, "forest", "grows"), "[earth,water]");
  const int jungle = effect->findData(QStringLiteral("jungle"));
  effect->setCurrentIndex(jungle);
  Q_EMIT effect->activated(jungle);
  EXPECT_EQ(propertyText(*w.document(), model::Section::Tiles, "forest", "effect"), "jungle");
  EXPECT_EQ(w.document()->undoStack()->count(), 2);
  EXPECT_EQ(w.document()->errorCount(), 0);

  // A block: size, terrain (a picker of the tiles), set, layout.
  w.showEntity(model::Section::Tiles, QStringLiteral("block3_forest"));
  EXPECT_NE(props->editorFor(QStringLiteral("size")), nullptr);
  auto* terrain = qobject_cast<QComboBox*>(props->editorFor(QStringLiteral("terrain")));
  ASSERT_NE(terrain, nullptr);
  EXPECT_EQ(terrain->currentData().toString(), QStringLiteral("forest"));
  EXPECT_EQ(props->editorFor(QStringLiteral("grows")), nullptr);
  // A typed size that is no number is kept as typed, with its reason.
  auto* size = qobject_cast<QLineEdit*>(props->editorFor(QStringLiteral("size")));
  ASSERT_NE(size, nullptr);
  size->setText(QStringLiteral("three"));
  Q_EMIT size->editingFinished();
  EXPECT_EQ(propertyText(*w.document(), model::Section::Tiles, "block3_forest", "size"), "3");
  EXPECT_TRUE(w.document()->hasKeptInput(QStringLiteral("tiles.block3_forest.properties.size")));
  EXPECT_EQ(size->text(), QStringLiteral("three"));
  size->setText(QStringLiteral("5"));
  Q_EMIT size->editingFinished();
  EXPECT_EQ(propertyText(*w.document(), model::Section::Tiles, "block3_forest", "size"), "5");
  EXPECT_FALSE(w.document()->hasKeptInput(QStringLiteral("tiles.block3_forest.properties.size")));
}

TEST(SchemaFields, TablesShowTheColumnsTheEngineDeclaresPerSection) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElemMaster));
  const QStringList tiles = headers(w.tablePage(RulesetExplorer::pageOf(model::Section::Tiles)));
  for (const char* key : {"Set", "Grows", "Effect", "Size", "Terrain", "Players", "Void", "Start"})
    EXPECT_TRUE(tiles.contains(QString::fromLatin1(key))) << key << " in " << tiles.join(',').toStdString();
  // A terrain's columns come first (most rows are terrains and blocks), an arena's last.
  EXPECT_LT(tiles.indexOf(QStringLiteral("Grows")), tiles.indexOf(QStringLiteral("Players")));
  EXPECT_FALSE(tiles.contains(QStringLiteral("Cost")));
  EXPECT_FALSE(tiles.contains(QStringLiteral("Count")));
  EXPECT_FALSE(tiles.contains(QStringLiteral("Specialty")));
  const QStringList factions = headers(w.tablePage(RulesetExplorer::pageOf(model::Section::Factions)));
  EXPECT_TRUE(factions.contains(QStringLiteral("Specialty")));
  EXPECT_FALSE(factions.contains(QStringLiteral("Cost")));
  EXPECT_FALSE(factions.contains(QStringLiteral("Set")));
  EXPECT_FALSE(factions.contains(QStringLiteral("Effects")));
  const QStringList abilities = headers(w.tablePage(RulesetExplorer::pageOf(model::Section::Abilities)));
  EXPECT_TRUE(abilities.contains(QStringLiteral("Effects")));
  EXPECT_FALSE(abilities.contains(QStringLiteral("Cost")));

  // card-dice declares nothing per section: cards keep Cost (they have costs).
  ASSERT_TRUE(w.openFile(kCardDice));
  const QStringList cards = headers(w.tablePage(RulesetExplorer::pageOf(model::Section::Cards)));
  EXPECT_TRUE(cards.contains(QStringLiteral("Cost")));
  EXPECT_TRUE(cards.contains(QStringLiteral("Count")));
}

TEST(SchemaFields, WithoutDeclaredFieldsAnEntityShowsThePropertiesOfItsKind) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kZoneplex));
  for (const auto& e : doc.ruleset().entities(model::Section::Tiles)) {
    const ShownFields shown = shownFields(doc.schema(), doc.ruleset(), model::Section::Tiles, &e);
    for (const auto& p : e.properties)
      EXPECT_NE(std::find(shown.properties.begin(), shown.properties.end(), p.key), shown.properties.end())
          << e.id << " hides its " << p.key;
    // Only keys some tile of the same kind has.
    for (const auto& key : shown.properties) {
      bool used = false;
      for (const auto& other : doc.ruleset().entities(model::Section::Tiles))
        if (other.kind == e.kind && other.property(key)) used = true;
      EXPECT_TRUE(used) << e.id << " (" << e.kind << ") shows " << key;
    }
  }
}

}  // namespace
}  // namespace wb::app
