// The traps a designer who does not program fell into on an afternoon in the
// window, each driven as the designer drove it (key clicks where they typed):
// the targets table's Tab order and rate bands, the docks after a restart,
// one seat numbering, one win rate per seat, results that targets do not make
// stale, the knobs offered, the game state described, and the report.
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <algorithm>

#include <gtest/gtest.h>

#include "app/gui/balance/balance_panel.h"
#include "app/gui/balance/tune_result_view.h"
#include "app/gui/balance/tune_spec_editor.h"
#include "app/gui/compare/compare_panel.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/games/games_panel.h"
#include "app/gui/ladder/ladder_panel.h"
#include "app/gui/results/revision_note.h"
#include "app/gui/simulation/impact_bar.h"
#include "app/gui/simulation/outcome_table.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/specialties/specialties_panel.h"
#include "app/gui/sweep/sweep_panel.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "charts/builders/run_result_charts.h"
#include "simulation/sweep/sweep_metric.h"
#include "tests/app/gui_test_support.h"
#include "tests/app/last_traps_support.h"

namespace wb::app {
namespace {

using testing::kElement;
using testing::kZeroBasedSeat;
using testing::button;
using testing::cell;
using testing::readText;
using testing::runGames;
using testing::watchedTexts;

// Add target, Tab, 12, Tab, 16: the band lands in the new row, not in row 1.
TEST(LastTraps, AddTargetThenTabTypesIntoTheNewRow) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  w.show();
  w.showTab(MainWindow::Tab::Balance);
  QApplication::setActiveWindow(&w);
  ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
  TuneSpecEditor* editor = w.balancePanel()->specEditor();
  editor->addTarget(QStringLiteral("first_side"), QStringLiteral("0.45"), QStringLiteral("0.55"));
  QPushButton* add = button(editor, QStringLiteral("Add target"));
  ASSERT_NE(add, nullptr);
  QTest::mouseClick(add, Qt::LeftButton);
  testing::spin(50);
  ASSERT_EQ(editor->targetsTable()->rowCount(), 2);
  auto type = [](const QString& text) {
    QWidget* focus = QApplication::focusWidget();
    ASSERT_NE(focus, nullptr);
    // One key at a time to whatever has the focus: the first key opens the
    // cell's editor, which takes the next ones.
    for (const QChar c : text) {
      QTest::keyClick(QApplication::focusWidget(), c.toLatin1());
      testing::spin(10);
    }
    testing::spin(20);
  };
  auto tab = [] {
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    testing::spin(20);
  };
  tab();
  type(QStringLiteral("12"));
  tab();
  type(QStringLiteral("16"));
  tab();
  QTableWidget* t = editor->targetsTable();
  EXPECT_EQ(cell(t, 0, 0), QStringLiteral("first_side"));
  EXPECT_EQ(cell(t, 0, 1), QStringLiteral("0.45"));
  EXPECT_EQ(cell(t, 0, 2), QStringLiteral("0.55"));
  EXPECT_EQ(cell(t, 1, 0), QStringLiteral("length"));
  EXPECT_EQ(cell(t, 1, 1), QStringLiteral("12"));
  EXPECT_EQ(cell(t, 1, 2), QStringLiteral("16"));
}

// Found again under Xvfb: after the new row's last cell, Tab wrapped to row 1
// and the designer's next word went into row 1's metric ("first_sidelength").
// Tab now leaves the table for the buttons, and a name typed into a metric
// cell replaces the name there.
TEST(LastTraps, TabAfterTheLastCellLeavesTheTableAndTypingReplacesTheMetric) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  w.show();
  w.showTab(MainWindow::Tab::Balance);
  QApplication::setActiveWindow(&w);
  ASSERT_TRUE(QTest::qWaitForWindowActive(&w));
  TuneSpecEditor* editor = w.balancePanel()->specEditor();
  editor->addTarget(QStringLiteral("first_side"), QStringLiteral("0.45"), QStringLiteral("0.55"));
  QPushButton* add = button(editor, QStringLiteral("Add target"));
  ASSERT_NE(add, nullptr);
  QTest::mouseClick(add, Qt::LeftButton);
  testing::spin(50);
  auto type = [](const QString& text) {
    for (const QChar c : text) {
      QTest::keyClick(QApplication::focusWidget(), c.toLatin1());
      testing::spin(10);
    }
    testing::spin(20);
  };
  auto tab = [] {
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
    testing::spin(30);
  };
  // The new row's metric editor is open on "length": typing replaces it.
  type(QStringLiteral("first_side"));
  tab();
  type(QStringLiteral("0.4"));
  tab();
  type(QStringLiteral("0.6"));
  tab();
  QTableWidget* t = editor->targetsTable();
  EXPECT_EQ(cell(t, 1, 0), QStringLiteral("first_side"));
  EXPECT_EQ(cell(t, 1, 1), QStringLiteral("0.4"));
  EXPECT_EQ(cell(t, 1, 2), QStringLiteral("0.6"));
  // Past the last cell the focus is out of the table; more typing changes no row.
  QWidget* focus = QApplication::focusWidget();
  ASSERT_NE(focus, nullptr);
  EXPECT_FALSE(focus == t || t->isAncestorOf(focus)) << focus->metaObject()->className();
  type(QStringLiteral("length"));
  EXPECT_EQ(cell(t, 0, 0), QStringLiteral("first_side"));
  EXPECT_EQ(cell(t, 1, 0), QStringLiteral("first_side"));
  EXPECT_EQ(t->rowCount(), 2);
}

// A rate's band outside [0, 1] is refused at its row with the reason, as the
// editor refuses -5, and never reaches the ruleset.
TEST(LastTraps, ARateBandOutsideZeroToOneIsRefusedWithItsReason) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  TuneSpecEditor* editor = w.balancePanel()->specEditor();
  editor->addTarget(QStringLiteral("first_side"), QStringLiteral("0.45"), QStringLiteral("5"));
  EXPECT_TRUE(editor->targetProblem(0).contains(QStringLiteral("between 0 and 1"))) << editor->targetProblem(0).toStdString();
  EXPECT_FALSE(editor->check());
  editor->removeTarget(0);
  editor->addTarget(QStringLiteral("first_side"), QStringLiteral("45"), QStringLiteral("55"));
  EXPECT_TRUE(editor->targetProblem(0).contains(QStringLiteral("between 0 and 1")));
  for (const auto& [key, text] : w.document()->ruleset().tuning) EXPECT_EQ(text.find("55"), std::string::npos) << text;
  // A length band is turns, not a share: 12-16 stays fine.
  editor->removeTarget(0);
  editor->addTarget(QStringLiteral("length"), QStringLiteral("12"), QStringLiteral("16"));
  EXPECT_TRUE(editor->targetProblem(0).isEmpty()) << editor->targetProblem(0).toStdString();
}

// Quit while on a tab that hides the Inspector and History; relaunch: the
// Editor shows both again.
TEST(LastTraps, InspectorAndHistoryComeBackAfterARestart) {
  {
    MainWindow first;
    first.setPromptsEnabled(false);
    ASSERT_TRUE(first.openFile(kElement));
    first.show();
    testing::spin(50);
    first.showTab(MainWindow::Tab::Balance);
    testing::spin(50);
    ASSERT_FALSE(first.findChild<QDockWidget*>(QStringLiteral("InspectorDock"))->isVisible());
    first.saveSettings();
  }
  MainWindow again;
  again.setPromptsEnabled(false);
  ASSERT_TRUE(again.restoreSettings());
  ASSERT_TRUE(again.openFile(kElement));
  again.show();
  testing::spin(50);
  again.showPage(RulesetExplorer::pageOf(model::Section::Cards));
  testing::spin(50);
  EXPECT_TRUE(again.findChild<QDockWidget*>(QStringLiteral("InspectorDock"))->isVisible());
  EXPECT_FALSE(again.findChild<QDockWidget*>(QStringLiteral("HistoryDock"))->isHidden());
}

// Run 100 games, add a tuning target, export: the run on screen is the
// report's (targets are not rules), no game is played again.
TEST(LastTraps, ATargetsOnlyEditDoesNotMakeTheRunStale) {
  MainWindow w;
  w.setPromptsEnabled(false);
  int questions = 0;
  w.setAnswerer([&](const QString&) {
    ++questions;
    return QMessageBox::Cancel;
  });
  ASSERT_TRUE(w.openFile(kElement));
  ASSERT_TRUE(runGames(w, 100));
  w.balancePanel()->specEditor()->addTarget(QStringLiteral("length"), QStringLiteral("12"), QStringLiteral("16"));
  ASSERT_FALSE(w.document()->ruleset().tuning.empty());
  QTemporaryDir dir;
  QString error;
  ASSERT_TRUE(w.exportReportTo(dir.filePath(QStringLiteral("r.html")), &error)) << error.toStdString();
  EXPECT_EQ(questions, 0);
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
}

// One numbering for a person: the metric list, the sweep's metrics, the
// engines' state texts and moves and the report all say Seat 1..N.
TEST(LastTraps, SeatsAreNumberedFromOneWhereverAPersonReads) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  TuneSpecEditor* editor = w.balancePanel()->specEditor();
  const QStringList names = editor->metricNames();
  EXPECT_TRUE(names.contains(QStringLiteral("Seat 1"))) << names.join(QLatin1Char(',')).toStdString();
  EXPECT_TRUE(names.contains(QStringLiteral("Seat 2")));
  EXPECT_FALSE(names.contains(QStringLiteral("seat:0")));
  // The rule for typed seats: `seat:K` counts from 0 (scripts), `Seat N` from 1.
  std::string why;
  ASSERT_TRUE(sim::parseSweepMetric("Seat 1", why));
  EXPECT_EQ(sim::parseSweepMetric("Seat 1", why)->seat, 0);
  EXPECT_EQ(sim::parseSweepMetric("seat:1", why)->seat, 1);
  EXPECT_FALSE(sim::parseSweepMetric("Seat 0", why));
  EXPECT_EQ(sim::parseSweepMetric("seat:0", why)->label(), "Seat 1 win rate (of all games)");
  editor->addTarget(QStringLiteral("Seat 1"), QStringLiteral("0.3"), QStringLiteral("0.7"));
  EXPECT_TRUE(editor->targetProblem(0).isEmpty()) << editor->targetProblem(0).toStdString();
  bool sweepOffersSeat1 = false, sweepOffersSeat0 = false;
  for (QComboBox* box : w.sweepPanel()->findChildren<QComboBox*>()) {
    sweepOffersSeat1 |= box->findText(QStringLiteral("Seat 1")) >= 0;
    sweepOffersSeat0 |= box->findText(QStringLiteral("seat:0")) >= 0;
  }
  EXPECT_TRUE(sweepOffersSeat1);
  EXPECT_FALSE(sweepOffersSeat0);

  ASSERT_TRUE(runGames(w, 10));
  const QStringList texts = watchedTexts(w);
  ASSERT_FALSE(texts.isEmpty()) << w.gamesPanel()->errorText().toStdString();
  for (const QString& t : texts) EXPECT_FALSE(t.contains(kZeroBasedSeat)) << t.toStdString();
  EXPECT_TRUE(texts.join(QLatin1Char('\n')).contains(QStringLiteral("Seat 1")));

  QTemporaryDir dir;
  QString error;
  const QString html = dir.filePath(QStringLiteral("r.html"));
  ASSERT_TRUE(w.exportReportTo(html, &error)) << error.toStdString();
  const QString report = readText(html);
  EXPECT_TRUE(report.contains(QStringLiteral("Seat 1")));
  EXPECT_FALSE(report.contains(QRegularExpression(QStringLiteral(">seat \\d<|\"seat \\d")))) << "a report table or chart says seat N";
}

// ElemenZ's moves name the seat they aim at as the window does.
TEST(LastTraps, ElemenzMovesNameSeatsFromOne) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elemenz/elemenz.yaml")));
  ASSERT_TRUE(runGames(w, 2));
  const QStringList texts = watchedTexts(w);
  ASSERT_FALSE(texts.isEmpty()) << w.gamesPanel()->errorText().toStdString();
  for (const QString& t : texts) EXPECT_FALSE(t.contains(kZeroBasedSeat)) << t.toStdString();
}

// One win rate for one seat: the chart, the headline, the Outcomes table and
// Compare count a win rate over all games and say so; the first-side share
// says it is of the games with a winner.
TEST(LastTraps, OneWinRatePerSeatWithItsDenominatorInEveryHeader) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  ASSERT_TRUE(runGames(w, 60));
  const sim::RunResult& r = w.simulationPanel()->lastResult();
  const auto bars = charts::seatWinRates(r);
  ASSERT_FALSE(bars.empty());
  EXPECT_DOUBLE_EQ(bars[0].rate, r.stats.seats()[0].winRate());
  const auto* table = w.simulationPanel()->findChild<OutcomeTable*>();
  ASSERT_NE(table, nullptr);
  bool winRateHeaderSaysAllGames = false;
  for (int c = 0; c < table->columnCount(); ++c) {
    const QString h = table->horizontalHeaderItem(c)->text();
    if (h.startsWith(QStringLiteral("Win rate"))) winRateHeaderSaysAllGames = h.contains(QStringLiteral("of all games"));
  }
  EXPECT_TRUE(winRateHeaderSaysAllGames);
  const QString summary = w.simulationPanel()->summaryText();
  EXPECT_TRUE(summary.contains(QStringLiteral("of the"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("games with a winner (first-side share)"))) << summary.toStdString();
  EXPECT_TRUE(summary.contains(QStringLiteral("win rate: %1% of all").arg(100.0 * r.stats.seats()[0].winRate(), 0, 'f', 1)))
      << summary.toStdString();
}

// Add knob offers the numbers the schema bounds and adds one that validates.
TEST(LastTraps, AddKnobOffersTheSchemasBoundedNumbers) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  TuneSpecEditor* editor = w.balancePanel()->specEditor();
  const QStringList offered = editor->knobPaths();
  EXPECT_TRUE(offered.contains(QStringLiteral("parameters.dice_per_turn"))) << offered.join(QLatin1Char(',')).toStdString();
  for (const QString& p : offered) EXPECT_FALSE(p.contains(QLatin1Char('*')));
  editor->addTarget(QStringLiteral("length"), QStringLiteral("12"), QStringLiteral("16"));
  QPushButton* add = button(editor, QStringLiteral("Add knob"));
  ASSERT_NE(add, nullptr);
  add->click();
  testing::spin(20);
  ASSERT_EQ(editor->knobsTable()->rowCount(), 1);
  EXPECT_TRUE(offered.contains(cell(editor->knobsTable(), 0, 0))) << cell(editor->knobsTable(), 0, 0).toStdString();
  EXPECT_TRUE(editor->knobProblem(0).isEmpty()) << editor->knobProblem(0).toStdString();
  add->click();
  testing::spin(20);
  ASSERT_EQ(editor->knobsTable()->rowCount(), 2);
  EXPECT_NE(cell(editor->knobsTable(), 1, 0), cell(editor->knobsTable(), 0, 0));
  EXPECT_TRUE(editor->knobProblem(1).isEmpty()) << editor->knobProblem(1).toStdString();
}

// Zoneplex's state reads as the other engines' do: cells, tiles and relics by
// name, seats 1..N, not a dump of numbers.
TEST(LastTraps, ZoneplexDescribesItsStateByNames) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/zoneplex/zoneplex.yaml")));
  ASSERT_TRUE(runGames(w, 2));
  const QStringList texts = watchedTexts(w);
  ASSERT_FALSE(texts.isEmpty()) << w.gamesPanel()->errorText().toStdString();
  const QString all = texts.join(QLatin1Char('\n'));
  EXPECT_FALSE(all.contains(QRegularExpression(QStringLiteral("board -?\\d+:-?\\d+:-?\\d+")))) << "a raw board dump";
  EXPECT_FALSE(all.contains(QRegularExpression(QStringLiteral("actions \\d+:")))) << "a raw action deck";
  EXPECT_TRUE(all.contains(QStringLiteral("Seat 1")));
  EXPECT_TRUE(all.contains(QStringLiteral("pyramid:")));
  for (const QString& t : texts) EXPECT_FALSE(t.contains(kZeroBasedSeat)) << t.toStdString();
}

}  // namespace
}  // namespace wb::app
