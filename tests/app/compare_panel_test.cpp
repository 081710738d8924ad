// Before / after in the window: the Compare tab plays
// the saved file and the open ruleset with the Simulation tab's settings on
// the same seeds (as `balance compare`), lists the edits and every headline
// number with both values, the difference and its 95% interval, significant
// moves first and then the largest; the revision of the run on screen works
// as the "before" too.
#include <QFile>
#include <QListWidget>
#include <QTableWidget>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "app/gui/compare/compare_panel.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

bool compareNow(ComparePanel* panel) {
  testing::SignalCounter done(panel, &ComparePanel::finished);
  if (!panel->compare()) return false;
  return testing::waitUntil([&] { return done.count() > 0; }, 120000) && panel->result().has_value();
}

TEST(ComparePanel, ComparesTheEditsWithTheSavedFileAndTheRunsRevision) {
  QTemporaryDir dir;
  for (const char* f : {"card-dice.yaml", "dice_questions.yaml"})
    QFile::copy(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/") + QString::fromLatin1(f), dir.filePath(QString::fromLatin1(f)));
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(dir.filePath(QStringLiteral("card-dice.yaml"))));
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(60);
  sim->setSeed(4);
  sim->setThreads(1);
  sim->setAgent(0, QStringLiteral("random"));
  sim->setAgent(1, QStringLiteral("random"));
  ComparePanel* panel = w.comparePanel();
  panel->setBaseline(ComparePanel::SavedFile);
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("parameters.starting_health"), QStringLiteral("60")));
  ASSERT_TRUE(compareNow(panel)) << panel->errorText().toStdString();
  ASSERT_EQ(panel->editsList()->count(), 1);
  EXPECT_TRUE(panel->editsList()->item(0)->text().startsWith(QStringLiteral("parameters.starting_health: ")))
      << panel->editsList()->item(0)->text().toStdString();
  const sim::ComparisonResult& r = *panel->result();
  EXPECT_EQ(r.a.stats.games(), 60u);
  EXPECT_EQ(r.b.stats.games(), 60u);
  QTableWidget* table = panel->table();
  ASSERT_EQ(table->rowCount(), static_cast<int>(r.metrics.size()));
  ASSERT_GT(table->rowCount(), 2);
  // Significant moves first.
  bool seenNotSignificant = false;
  for (int row = 0; row < table->rowCount(); ++row) {
    const bool significant = table->item(row, 5)->text() == QStringLiteral("significant");
    EXPECT_FALSE(significant && seenNotSignificant) << "row " << row;
    seenNotSignificant = seenNotSignificant || !significant;
    EXPECT_TRUE(table->item(row, 4)->text().startsWith(QLatin1Char('[')));
  }
  // Seats named as everywhere else.
  bool seatRow = false;
  for (int row = 0; row < table->rowCount(); ++row) seatRow = seatRow || table->item(row, 0)->text() == QStringLiteral("Seat 1 win rate (of all games)");
  EXPECT_TRUE(seatRow);

  // The revision of the run on screen as "before".
  testing::SignalCounter ran(sim, &SimulationPanel::finished);
  sim->run();
  ASSERT_TRUE(testing::waitUntil([&] { return ran.count() > 0; }, 60000));
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("14")));
  panel->setBaseline(ComparePanel::RunRevision);
  ASSERT_TRUE(compareNow(panel)) << panel->errorText().toStdString();
  ASSERT_EQ(panel->editsList()->count(), 1);
  EXPECT_EQ(panel->editsList()->item(0)->text(), QStringLiteral("cards.meteor_strike.cost: 18 -> 14"));
}

}  // namespace
}  // namespace wb::app
