// More traps of the same afternoon (see last_traps_test.cpp): the report
// holds everything the window measured, a failed tune says what it misses,
// and the smaller ones (the Games tab's status, named undo steps, the Balance
// tab while tuning, the Games value, quitting during a run, the Assumed field,
// the revision banner, bulk impact's status), the guide and scripts/wb.
#include <QApplication>
#include <QSpinBox>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QValueAxis>
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
#include "app/gui/sweep/sweep_results_view.h"
#include "app/gui/specialties/specialties_panel.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "charts/builders/run_result_charts.h"
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

// A designer's afternoon: a run, a compare, a tune, a ladder and the
// specialties in the window, then Export Report as HTML and as PDF: both hold
// all five, each with its revision, their game counts agree, and no game is
// played.
TEST(LastTraps, TheReportHoldsEverythingTheWindowMeasuredAndPlaysNoGame) {
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("elem-master.yaml"));
  ASSERT_TRUE(QFile::copy(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml"), file));
  MainWindow w;
  w.setPromptsEnabled(false);
  int questions = 0;
  w.setAnswerer([&](const QString&) {
    ++questions;
    return QMessageBox::Cancel;
  });
  ASSERT_TRUE(w.openFile(file));
  ASSERT_TRUE(runGames(w, 20));

  ComparePanel* compare = w.comparePanel();
  compare->setBaseline(ComparePanel::SavedFile);
  testing::SignalCounter compared(compare, &ComparePanel::finished);
  ASSERT_TRUE(compare->compare()) << compare->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return compared.count() > 0; }, 120000));
  ASSERT_TRUE(compare->result().has_value()) << compare->errorText().toStdString();

  BalancePanel* balance = w.balancePanel();
  balance->specEditor()->addTarget(QStringLiteral("length"), QStringLiteral("1"), QStringLiteral("1000"));
  balance->specEditor()->addKnob(QStringLiteral("parameters.action_points"), QStringLiteral("2:4:1"));
  balance->setAgents(QStringLiteral("random"), QStringLiteral("random"));
  balance->setBudget(120);
  balance->setVerifyGames(40);
  balance->setSeed(3);
  testing::SignalCounter tuned(balance, &BalancePanel::finished);
  ASSERT_TRUE(balance->run()) << balance->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return tuned.count() > 0; }, 300000));
  ASSERT_TRUE(balance->result().has_value()) << balance->errorText().toStdString();

  LadderPanel* ladder = w.ladderPanel();
  ladder->setAgents(QStringLiteral("random,greedy"));
  ladder->setGames(4);
  ladder->setSeed(2);
  testing::SignalCounter laddered(ladder, &LadderPanel::finished);
  ASSERT_TRUE(ladder->run()) << ladder->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return laddered.count() > 0; }, 300000));
  ASSERT_TRUE(ladder->result().has_value()) << ladder->errorText().toStdString();

  SpecialtiesPanel* specialties = w.specialtiesPanel();
  specialties->setAgents(QStringLiteral("random"));
  specialties->setGames(2);
  specialties->setMatrixGames(1);
  specialties->setSeed(3);
  testing::SignalCounter played(specialties, &SpecialtiesPanel::finished);
  ASSERT_TRUE(specialties->run()) << specialties->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return played.count() > 0; }, 300000));
  ASSERT_TRUE(specialties->result().has_value()) << specialties->errorText().toStdString();

  QString error;
  const QString html = dir.filePath(QStringLiteral("r.html"));
  ASSERT_TRUE(w.exportReportTo(html, &error)) << error.toStdString();
  EXPECT_EQ(questions, 0);
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  const QString text = readText(html);
  for (const char* part : {"Compare (the Compare tab)", "Tune (the Balance tab)", "Skill ladder (the Ladder tab)",
                           "Specialties (the Specialties tab)"})
    EXPECT_TRUE(text.contains(QString::fromLatin1(part))) << part;
  EXPECT_GE(text.count(QStringLiteral("Measured on revision")), 4);
  EXPECT_FALSE(text.contains(QStringLiteral("No skill ladder was run")));
  // An association names the games it comes from.
  EXPECT_TRUE(text.contains(QStringLiteral("association (pts, the run&#39;s 20 games)")) ||
              text.contains(QStringLiteral("association (pts, the run's 20 games)")));
  EXPECT_TRUE(text.contains(QStringLiteral("the run&#39;s 20 games: the results on screen")) ||
              text.contains(QStringLiteral("the run's 20 games: the results on screen")));

  const QString pdf = dir.filePath(QStringLiteral("r.pdf"));
  ASSERT_TRUE(w.exportReportTo(pdf, &error)) << error.toStdString();
  EXPECT_EQ(questions, 0);
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  QProcess toText;
  toText.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
  if (!toText.waitForFinished(60000) || toText.exitCode() != 0) GTEST_SKIP() << "pdftotext is not available";
  const QString pdfText = QString::fromUtf8(toText.readAllStandardOutput()).simplified();
  for (const char* part : {"Compare (the Compare tab)", "Tune (the Balance tab)", "Skill ladder (the Ladder tab)",
                           "Specialties (the Specialties tab)", "the run's 20 games: the results on screen"})
    EXPECT_TRUE(pdfText.contains(QString::fromLatin1(part))) << part;
  EXPECT_FALSE(pdfText.contains(QStringLiteral("(220 games)")));
}

// A failed tune says its proposal is the closest, not a fix: which target it
// misses, that it does not move it, and the measured step that would; the
// Apply button says the proposal fails.
TEST(LastTraps, AFailedTuneSaysWhatItsClosestProposalMisses) {
  sim::TuneResult r;
  r.verdict = sim::TuneVerdict::Fail;
  sim::TargetOutcome length;
  sim::TuneMetric m;
  m.kind = sim::TuneMetric::Kind::Length;
  length.target.metric = m;
  length.target.min = 12;
  length.target.max = 16;
  length.baseline.value.value = 10.4;
  length.baseline.value.se = 0.2;
  length.verified.value.value = 10.4;
  length.verified.value.se = 0.2;
  length.verified.verdict = sim::TargetVerdict::Fail;
  length.verified.miss = 1.6;
  r.targets.push_back(length);
  r.editText.push_back({"parameters.fortress_size", "3", "4"});
  sim::Sensitivity step;
  step.path = "parameters.dice_per_turn";
  step.metric = "length";
  step.direction = -1;
  step.from = "4";
  step.to = "3";
  step.effect.value = 8.2;
  r.sensitivity.push_back(step);
  TuneResultView view;
  view.showResult(r);
  const QString verdict = view.verdictLabel()->text();
  EXPECT_TRUE(verdict.contains(QStringLiteral("not a fix"))) << verdict.toStdString();
  EXPECT_TRUE(verdict.contains(QStringLiteral("does not move it"))) << verdict.toStdString();
  EXPECT_TRUE(verdict.contains(QStringLiteral("parameters.dice_per_turn 4"))) << verdict.toStdString();

  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  BalancePanel* panel = w.balancePanel();
  panel->specEditor()->addTarget(QStringLiteral("length"), QStringLiteral("100"), QStringLiteral("200"));
  panel->specEditor()->addKnob(QStringLiteral("parameters.dice_per_turn"), QStringLiteral("2:6:1"));
  panel->setAgents(QStringLiteral("random"), QStringLiteral("random"));
  panel->setBudget(200);
  panel->setVerifyGames(60);
  panel->setSeed(3);
  testing::SignalCounter done(panel, &BalancePanel::finished);
  ASSERT_TRUE(panel->run()) << panel->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 300000));
  ASSERT_TRUE(panel->result().has_value()) << panel->errorText().toStdString();
  ASSERT_EQ(panel->result()->verdict, sim::TuneVerdict::Fail);
  if (panel->applyButton()->isEnabled() || !panel->result()->editText.empty()) {
    EXPECT_TRUE(panel->applyButton()->text().contains(QStringLiteral("fails length"))) << panel->applyButton()->text().toStdString();
  }
  EXPECT_TRUE(panel->resultView()->verdictLabel()->text().contains(QStringLiteral("not a fix")));
}

// The smaller traps of the same afternoon.
TEST(LastTraps, GamesTabSaysARunIsPlayingOnlyWhileOneIs) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  ASSERT_TRUE(runGames(w, 10));
  testing::spin(20);
  EXPECT_FALSE(w.gamesPanel()->statusText().contains(QStringLiteral("is playing"))) << w.gamesPanel()->statusText().toStdString();
}

TEST(LastTraps, EachTargetEditIsANamedUndoStepAndTheFileKeepingIsSaid) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  TuneSpecEditor* editor = w.balancePanel()->specEditor();
  QUndoStack* undo = w.document()->undoStack();
  editor->addTarget(QStringLiteral("length"), QStringLiteral("12"), QStringLiteral("16"));
  EXPECT_EQ(undo->undoText(), QStringLiteral("Add target length"));
  editor->targetsTable()->item(0, 1)->setText(QStringLiteral("10"));
  EXPECT_EQ(undo->undoText(), QStringLiteral("Target length: min 10"));
  editor->addKnob(QStringLiteral("parameters.dice_per_turn"), QStringLiteral("2:6:1"));
  EXPECT_EQ(undo->undoText(), QStringLiteral("Add knob parameters.dice_per_turn"));
  const auto* note = editor->findChild<QLabel*>(QStringLiteral("tuneKeptNote"));
  ASSERT_NE(note, nullptr);
  EXPECT_TRUE(note->text().contains(QStringLiteral("targets:")));
}

TEST(LastTraps, TheBalanceTabDoesNotSayNoTuneYetWhileTuning) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  BalancePanel* panel = w.balancePanel();
  panel->specEditor()->addTarget(QStringLiteral("length"), QStringLiteral("12"), QStringLiteral("16"));
  panel->specEditor()->addKnob(QStringLiteral("parameters.dice_per_turn"), QStringLiteral("2:6:1"));
  panel->setAgents(QStringLiteral("random"), QStringLiteral("random"));
  panel->setBudget(200);
  panel->setVerifyGames(40);
  testing::SignalCounter done(panel, &BalancePanel::finished);
  ASSERT_TRUE(panel->run()) << panel->errorText().toStdString();
  EXPECT_FALSE(panel->resultView()->verdictLabel()->text().contains(QStringLiteral("No tune yet")));
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 300000));
}

TEST(LastTraps, TheGamesValueBelongsToItsRulesetAndToTheReopenedResults) {
  QTemporaryDir dir;
  const QString file = dir.filePath(QStringLiteral("element.yaml"));
  ASSERT_TRUE(QFile::copy(kElement, file));
  {
    MainWindow w;
    w.setPromptsEnabled(false);
    w.simulationPanel()->setResultsKept(true);
    ASSERT_TRUE(w.openFile(file));
    ASSERT_TRUE(runGames(w, 300));
  }
  MainWindow w;
  w.setPromptsEnabled(false);
  w.simulationPanel()->setResultsKept(true);
  ASSERT_TRUE(w.openFile(file));
  ASSERT_TRUE(w.simulationPanel()->hasResult());
  sim::RunConfig c;
  ASSERT_TRUE(w.simulationPanel()->runConfig(c));
  EXPECT_EQ(c.games, 300u);
  w.simulationPanel()->setGames(170);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  ASSERT_TRUE(w.simulationPanel()->runConfig(c));
  EXPECT_NE(c.games, 170u);
}

TEST(LastTraps, QuittingDuringARunAsksFirst) {
  MainWindow w;
  w.setPromptsEnabled(false);
  int questions = 0;
  w.setAnswerer([&](const QString&) {
    ++questions;
    return QMessageBox::Cancel;
  });
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  w.show();
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(2000000);
  sim->setThreads(1);
  testing::SignalCounter done(sim, &SimulationPanel::finished);
  sim->run();
  ASSERT_TRUE(sim->isRunning());
  EXPECT_FALSE(w.close());
  EXPECT_EQ(questions, 1);
  EXPECT_TRUE(w.isVisible());
  sim->cancel();
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 60000));
}

TEST(LastTraps, TheAssumedFieldReadsFromItsStart) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  const model::Entity* marked = nullptr;
  for (const auto& e : w.document()->ruleset().cards())
    if (e.assumed.size() > 20) marked = &e;
  ASSERT_NE(marked, nullptr);
  w.showEntity(model::Section::Cards, QString::fromStdString(marked->id));
  const QString text = QString::fromStdString(marked->assumed);
  QLineEdit* field = nullptr;
  for (QLineEdit* e : w.findChildren<QLineEdit*>())
    if (e->text() == text) field = e;
  ASSERT_NE(field, nullptr);
  EXPECT_EQ(field->cursorPosition(), 0);
}

TEST(LastTraps, TheRevisionBannerSaysWhatChangedNotTwoHashes) {
  model::Ruleset r;
  const QString note = otherRevisionNote("25f19f7000000000", r, QStringLiteral("today"));
  EXPECT_FALSE(note.contains(QStringLiteral("hash"))) << note.toStdString();
  EXPECT_TRUE(note.contains(QStringLiteral("edited"))) << note.toStdString();
}

TEST(LastTraps, BulkImpactsStatusWrapsInsteadOfWideningTheTab) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  QLabel* status = nullptr;
  for (QLabel* l : w.simulationPanel()->impactBar()->findChildren<QLabel*>())
    if (l->text().startsWith(QStringLiteral("Causal columns"))) status = l;
  ASSERT_NE(status, nullptr);
  EXPECT_TRUE(status->wordWrap());
  status->setText(QString(600, QLatin1Char('x')));
  EXPECT_LT(w.simulationPanel()->impactBar()->minimumSizeHint().width(), 600);
}

// The guide explains the Balance tab and counts Elem Master's factions as the
// window lists them; `scripts/wb run FILE` reads FILE from the folder it was
// typed in.
TEST(LastTraps, TheGuideHasTheBalanceTabAndTheScriptTakesARelativePath) {
  const QString guide = readText(QStringLiteral(WB_SOURCE_DIR "/data/guide/designers-guide.md"));
  EXPECT_TRUE(guide.contains(QStringLiteral("## Tune with the Balance tab")));
  EXPECT_TRUE(guide.contains(QStringLiteral("17 factions")));
  EXPECT_FALSE(guide.contains(QStringLiteral("Elem Master's 16 specialties:")));

  QTemporaryDir dir;
  ASSERT_TRUE(QDir(dir.path()).mkpath(QStringLiteral("work")));
  const QString file = dir.filePath(QStringLiteral("my-game.yaml"));
  ASSERT_TRUE(QFile::copy(kElement, file));
  QProcess wb;
  wb.setWorkingDirectory(dir.filePath(QStringLiteral("work")));
  wb.start(QStringLiteral("bash"), {QStringLiteral(WB_SOURCE_DIR "/scripts/wb"), QStringLiteral("path"), QStringLiteral("../my-game.yaml")});
  ASSERT_TRUE(wb.waitForFinished(30000));
  EXPECT_EQ(wb.exitCode(), 0) << wb.readAllStandardError().toStdString();
  EXPECT_EQ(QFileInfo(QString::fromUtf8(wb.readAllStandardOutput()).trimmed()).canonicalFilePath(),
            QFileInfo(file).canonicalFilePath());
}

// Elem Master's factions read by name in the chart and the Games filter, and
// the chart's axis leaves room for a whisker at 100%.
TEST(LastTraps, FactionsReadByTheirNames) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml")));
  ASSERT_TRUE(runGames(w, 8));
  bool named = false, rawId = false, roomAbove = false;
  for (QChartView* view : w.simulationPanel()->findChildren<QChartView*>()) {
    if (!view->chart()) continue;
    for (QAbstractAxis* axis : view->chart()->axes()) {
      if (auto* x = qobject_cast<QBarCategoryAxis*>(axis)) {
        named |= x->categories().contains(QStringLiteral("No specialty"));
        rawId |= x->categories().contains(QStringLiteral("mage_none"));
      }
      if (auto* y = qobject_cast<QValueAxis*>(axis); y && y->titleText().contains(QStringLiteral("win rate"))) roomAbove |= y->max() > 100;
    }
  }
  EXPECT_TRUE(named);
  EXPECT_FALSE(rawId);
  EXPECT_TRUE(roomAbove);
  GamesPanel* games = w.gamesPanel();
  testing::SignalCounter listed(games, &GamesPanel::listed);
  ASSERT_TRUE(games->listGames(4));
  ASSERT_TRUE(testing::waitUntil([&] { return listed.count() > 0; }, 60000));
  games->setFilter(GamesPanel::WonByFaction, 0);
  bool filterNamed = false;
  for (QComboBox* box : games->findChildren<QComboBox*>()) filterNamed |= box->findText(QStringLiteral("No specialty")) >= 0;
  EXPECT_TRUE(filterNamed);
}

// A capped game lists the cap's turns, as the statistics count it.
TEST(LastTraps, CappedGamesListTheCapsTurns) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  QSpinBox* cap = nullptr;
  for (auto* box : w.simulationPanel()->findChildren<QSpinBox*>())
    if (box->specialValueText() == QStringLiteral("engine default")) cap = box;
  ASSERT_NE(cap, nullptr);
  cap->setValue(12);
  ASSERT_TRUE(runGames(w, 20));
  GamesPanel* games = w.gamesPanel();
  testing::SignalCounter listed(games, &GamesPanel::listed);
  ASSERT_TRUE(games->listGames(20));
  ASSERT_TRUE(testing::waitUntil([&] { return listed.count() > 0; }, 60000));
  int capped = 0;
  for (const auto& g : games->games())
    if (g.capped) {
      ++capped;
      EXPECT_LE(g.turns, 12) << "game " << g.index;
    }
  EXPECT_GT(capped, 0);
}

// A sweep whose values change no game says so instead of asking for more games.
TEST(LastTraps, ASweepThatChangesNoGameSaysSo) {
  sim::SweepConfig config;
  config.axes = {sim::SweepAxis{"parameters.unused", {1, 2, 3}}};
  config.metric.kind = sim::SweepMetric::Kind::FirstSide;
  config.run.players = 2;
  SweepResultsView view;
  view.start(config);
  std::vector<sim::SweepPoint> points(3);
  for (std::size_t i = 0; i < points.size(); ++i) {
    points[i].values = {static_cast<double>(i + 1)};
    points[i].metric.games = 100;
    points[i].metric.wins = 50;
    points[i].estimate = 0.5;
    points[i].ci = {0.4, 0.6};
  }
  sim::BalancePoint none;
  none.gamesFor2Points = 4747;
  view.redraw(points, none);
  EXPECT_TRUE(view.balanceText().contains(QStringLiteral("no game changed"))) << view.balanceText().toStdString();
  EXPECT_FALSE(view.balanceText().contains(QStringLiteral("games per value"))) << view.balanceText().toStdString();
}

}  // namespace
}  // namespace wb::app
