// The factions in the window: the Specialties tab plays
// `balance specialties` (sim::runSpecialties) off the GUI thread and shows each
// faction against the baseline (one row per faction with its 95% interval) and
// the round-robin heat map (a pair's two cells add up to 100%; the column
// names drawn rotated so Elem Master's 16 specialties fit side by side, full
// names in tooltips). The result names its revision: an edit marks it "played
// before 1 edit"; it is kept in the results file next to the Simulation tab's
// run and reopens with the ruleset.
#include <QFile>
#include <QFileInfo>
#include <QFontMetrics>
#include <QHeaderView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/results/results_file.h"
#include "app/gui/specialties/specialties_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kElemMaster = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml");

bool play(SpecialtiesPanel* panel) {
  testing::SignalCounter done(panel, &SpecialtiesPanel::finished);
  if (!panel->run()) return false;
  return testing::waitUntil([&] { return done.count() > 0; }, 120000);
}

TEST(SpecialtiesPanel, PlaysEachFactionAndTheRoundRobinAndMarksTheRevision) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("elem-master.yaml"));
  ASSERT_TRUE(QFile::copy(kElemMaster, path));
  {
    MainWindow w;
    w.setPromptsEnabled(false);
    SpecialtiesPanel* panel = w.specialtiesPanel();
    panel->setResultsKept(true);
    ASSERT_TRUE(w.openFile(path));
    EXPECT_FALSE(panel->result().has_value());
    panel->setAgents(QStringLiteral("random"));
    panel->setGames(4);
    panel->setMatrixGames(2);
    panel->setSeed(3);
    ASSERT_TRUE(play(panel)) << panel->errorText().toStdString();
    ASSERT_TRUE(panel->result().has_value()) << panel->errorText().toStdString();
    const sim::SpecialtiesResult& r = *panel->result();
    ASSERT_EQ(r.factions.size(), 17u);  // the baseline and 16 specialties
    // One row per specialty against the baseline, strongest first, with its interval.
    QTableWidget* table = panel->baselineTable();
    ASSERT_EQ(table->rowCount(), 16);
    for (int row = 0; row < table->rowCount(); ++row) {
      EXPECT_TRUE(table->item(row, 1)->toolTip().contains(QStringLiteral("over 4 games"))) << row;
      EXPECT_TRUE(table->item(row, 2)->text().startsWith(QLatin1Char('['))) << row;
    }
    EXPECT_GE(table->item(0, 1)->text().chopped(1).toDouble(), table->item(15, 1)->text().chopped(1).toDouble());
    // The heat map: 16 x 16, the diagonal empty, a pair's cells add up to 100%.
    QTableWidget* heat = panel->heatMap();
    ASSERT_EQ(heat->rowCount(), 16);
    ASSERT_EQ(heat->columnCount(), 16);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        if (i == j) {
          EXPECT_EQ(heat->item(i, j)->text(), QStringLiteral("\u2014"));
          continue;
        }
        EXPECT_NEAR(heat->item(i, j)->text().toDouble() + heat->item(j, i)->text().toDouble(), 100.0, 1.0);
        EXPECT_TRUE(heat->item(i, j)->toolTip().contains(QStringLiteral("against")));
      }
    // Labels that fit: full names, columns as narrow as a cell, the header as
    // tall as the longest name (drawn rotated), the full name in the tooltip.
    QHeaderView* header = heat->horizontalHeader();
    const QFontMetrics fm(header->font());
    bool constellationist = false;
    for (int c = 0; c < 16; ++c) {
      const QString name = heat->horizontalHeaderItem(c)->text();
      constellationist = constellationist || name == QStringLiteral("Constellationist");
      EXPECT_LT(header->sectionSize(c), fm.horizontalAdvance(QStringLiteral("Constellationist")));
      EXPECT_TRUE(heat->horizontalHeaderItem(c)->toolTip().contains(name));
    }
    EXPECT_TRUE(constellationist);
    EXPECT_GE(header->sizeHint().height(), fm.horizontalAdvance(QStringLiteral("Constellationist")));

    // An edit marks the result as played before it.
    EXPECT_TRUE(panel->revisionNote().isEmpty());
    ASSERT_TRUE(w.document()->setValue(QStringLiteral("parameters.event_cost"), QStringLiteral("3")));
    EXPECT_EQ(panel->editsSinceResult(), 1);
    EXPECT_TRUE(panel->revisionNote().startsWith(QStringLiteral("Played before 1 edit"))) << panel->revisionNote().toStdString();
    w.document()->undoStack()->undo();
    EXPECT_TRUE(panel->revisionNote().isEmpty());
  }
  // Kept beside the ruleset: it reopens with it, the same numbers.
  ASSERT_TRUE(ResultsFile::loadSection(path, QStringLiteral("specialties")).has_value());
  MainWindow w;
  w.setPromptsEnabled(false);
  w.specialtiesPanel()->setResultsKept(true);
  ASSERT_TRUE(w.openFile(path));
  ASSERT_TRUE(w.specialtiesPanel()->result().has_value());
  EXPECT_EQ(w.specialtiesPanel()->baselineTable()->rowCount(), 16);
  EXPECT_EQ(w.specialtiesPanel()->heatMap()->rowCount(), 16);
  EXPECT_TRUE(w.specialtiesPanel()->revisionNote().isEmpty());
  // Another ruleset shows its own (none).
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  EXPECT_FALSE(w.specialtiesPanel()->result().has_value());
  EXPECT_EQ(w.specialtiesPanel()->heatMap()->rowCount(), 0);
}

TEST(SpecialtiesPanel, AGameWithoutFactionsSaysSo) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  EXPECT_FALSE(w.specialtiesPanel()->run());
  EXPECT_TRUE(w.specialtiesPanel()->errorText().contains(QStringLiteral("no factions")));
}

}  // namespace
}  // namespace wb::app
