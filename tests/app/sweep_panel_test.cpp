// The Sweep tab and File > Export Report, offscreen: "Sweep this value..." in
// the cards table opens the tab with the path; a 3-value sweep of a card's
// cost fills the table and the chart (band, curve, target); applying a point
// is one undo step (and never merges with an earlier edit of the path);
// cancel stops a long sweep; bad paths and ranges are shown, not crashed on;
// the report export writes HTML (ruleset name, last sweep), JSON and PDF; the
// sweep chart marks a balance point only when the curve crosses the target.
#include <QAction>
#include <QAreaSeries>
#include <QChart>
#include <QComboBox>
#include <QFile>
#include <QLineSeries>
#include <QMenu>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/entity_table_model.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/sweep/sweep_action.h"
#include "app/gui/sweep/sweep_panel.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "app/gui/window/table_page.h"
#include "charts/builders/sweep_chart.h"
#include "model/path/ruleset_path.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");
const QString kCost = QStringLiteral("cards.meteor_strike.cost");

std::string valueOf(const MainWindow& w, const QString& path) {
  const auto v = model::getPath(w.document()->ruleset(), path.toStdString());
  return v ? v->text : std::string("<none>");
}

QWidget* currentTab(MainWindow& w) { return qobject_cast<QTabWidget*>(w.centralWidget())->currentWidget(); }

// A small, fast sweep: random agents, one thread, `games` per value.
void setUpSweep(SweepPanel* panel, const QString& values, int games) {
  panel->setPath(kCost);
  panel->setValuesText(values);
  panel->setGames(games);
  panel->setAgents(QStringLiteral("random"));
  panel->setThreads(1);
}

bool runToEnd(SweepPanel* panel) {
  testing::SignalCounter finished(panel, &SweepPanel::finished);
  if (!panel->run()) return false;
  return testing::waitUntil([&] { return finished.count() > 0; }, 120000);
}

template <typename Series>
Series* seriesNamed(QChart* chart, const QString& prefix) {
  for (auto* s : chart->series())
    if (auto* typed = qobject_cast<Series*>(s); typed && s->name().startsWith(prefix)) return typed;
  return nullptr;
}

TEST(SweepPanel, SweepThisValueInTheCardsTableOpensTheTabWithThePath) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  TablePage* page = w.tablePage(RulesetExplorer::pageOf(model::Section::Cards));
  auto* table = static_cast<EntityTableModel*>(page->model());
  const int row = table->rowOf(QStringLiteral("meteor_strike"));
  const QModelIndex cost = page->proxy()->mapFromSource(table->index(row, table->columnOf(QStringLiteral("cost"))));
  const QModelIndex name = page->proxy()->mapFromSource(table->index(row, table->columnOf(QStringLiteral("name"))));

  EXPECT_EQ(page->contextMenuFor(name), nullptr) << "a name is not a number";
  std::unique_ptr<QMenu> menu(page->contextMenuFor(cost));
  ASSERT_NE(menu, nullptr);
  QAction* sweep = menu->findChild<QAction*>(QStringLiteral("sweepThisValue"));
  ASSERT_NE(sweep, nullptr);
  EXPECT_EQ(sweep->text(), QStringLiteral("Sweep this value..."));
  sweep->trigger();
  EXPECT_TRUE(currentTab(w) == w.sweepPanel() || currentTab(w)->isAncestorOf(w.sweepPanel()));
  EXPECT_EQ(w.sweepPanel()->path(), kCost);
  // A range around the current 18 is proposed, and it parses.
  EXPECT_FALSE(w.sweepPanel()->valuesText().isEmpty());
  EXPECT_TRUE(w.sweepPanel()->valuesText().contains(QStringLiteral("18")) ||
              w.sweepPanel()->valuesText().contains(QLatin1Char(':')))
      << w.sweepPanel()->valuesText().toStdString();
  // The path box completes from every numeric path.
  EXPECT_GE(w.sweepPanel()->pathBox()->findText(kCost), 0);
  EXPECT_LT(w.sweepPanel()->pathBox()->findText(QStringLiteral("cards.meteor_strike.name")), 0);

  // The inspector's cost field offers it too.
  w.showEntity(model::Section::Cards, QStringLiteral("meteor_strike"));
  EXPECT_TRUE(isSweepable(w.document()->ruleset(), kCost));
  EXPECT_FALSE(isSweepable(w.document()->ruleset(), QStringLiteral("cards.meteor_strike.text")));
}

// Defaults that mean something: the agents field starts at the
// engine's default agent and follows the ruleset while the user has not changed it.
TEST(SweepPanel, AgentsStartAtTheEngineDefaultAgent) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  SweepPanel panel(&doc);
  EXPECT_EQ(panel.agents(), QStringLiteral("greedy:answers=off"));
  ASSERT_TRUE(doc.open(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml")));
  EXPECT_EQ(panel.agents(), QStringLiteral("planner"));
  panel.setAgents(QStringLiteral("random"));
  ASSERT_TRUE(doc.open(kCardDice));
  EXPECT_EQ(panel.agents(), QStringLiteral("random"));
}

TEST(SweepPanel, ASweepFromTheTabFillsTheTableAndTheChart) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  w.show();
  SweepPanel* panel = w.sweepPanel();
  w.sweepValue(kCost);
  setUpSweep(panel, QStringLiteral("12,15,18"), 40);
  ASSERT_TRUE(runToEnd(panel)) << panel->errorText().toStdString();
  EXPECT_TRUE(panel->errorText().isEmpty()) << panel->errorText().toStdString();
  ASSERT_TRUE(panel->finishedSweep().has_value());
  EXPECT_EQ(panel->finishedSweep()->points.size(), 3u);
  ASSERT_EQ(panel->pointTable()->rowCount(), 3);
  EXPECT_EQ(panel->pointTable()->item(0, 0)->text(), QStringLiteral("12"));
  EXPECT_EQ(panel->pointTable()->item(2, 0)->text(), QStringLiteral("18"));
  // Games played at the value: an impact point plays its 40
  // baseline games and 40 with the card restricted, 80 in all (it said 40).
  EXPECT_EQ(panel->pointTable()->item(1, 4)->text(), QStringLiteral("80"));

  QChart* chart = panel->chart();
  ASSERT_NE(chart, nullptr);
  auto* band = seriesNamed<QAreaSeries>(chart, QStringLiteral("95% interval"));
  ASSERT_NE(band, nullptr);
  EXPECT_EQ(band->upperSeries()->count(), 3);
  EXPECT_EQ(band->lowerSeries()->count(), 3);
  // A card's cost is judged by that card's causal impact by default.
  auto* curve = seriesNamed<QLineSeries>(chart, QStringLiteral("impact of meteor_strike (restricted-play lift)"));
  ASSERT_NE(curve, nullptr);
  EXPECT_EQ(curve->count(), 3);
  EXPECT_NE(seriesNamed<QLineSeries>(chart, QStringLiteral("target")), nullptr);
  EXPECT_TRUE(panel->balanceText().contains(QStringLiteral("not crossed")) ||
              panel->balanceText().contains(QStringLiteral("no detectable effect")) ||
              panel->balanceText().contains(kCost))
      << panel->balanceText().toStdString();
  // The sweep played a snapshot: the document is untouched.
  EXPECT_EQ(valueOf(w, kCost), "18");
  EXPECT_EQ(w.document()->undoStack()->count(), 0);
}

TEST(SweepPanel, ApplyingAPointIsOneUndoStep) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  SweepPanel* panel = w.sweepPanel();
  setUpSweep(panel, QStringLiteral("12,15,18"), 20);
  ASSERT_TRUE(runToEnd(panel)) << panel->errorText().toStdString();
  ASSERT_EQ(panel->pointTable()->rowCount(), 3);

  // An earlier edit of the same path stays its own step (no merging).
  ASSERT_TRUE(w.document()->setValue(kCost, QStringLiteral("17")));
  const int before = w.document()->undoStack()->count();
  QString error;
  ASSERT_TRUE(panel->applyPoint(0, &error)) << error.toStdString();
  EXPECT_EQ(valueOf(w, kCost), "12");
  EXPECT_EQ(w.document()->undoStack()->count(), before + 1);
  w.document()->undoStack()->undo();
  EXPECT_EQ(valueOf(w, kCost), "17");
  w.document()->undoStack()->redo();
  EXPECT_EQ(valueOf(w, kCost), "12");
  w.document()->undoStack()->undo();
  w.document()->undoStack()->undo();
  EXPECT_EQ(valueOf(w, kCost), "18");

  // Double-clicking a row applies it the same way.
  Q_EMIT panel->pointTable()->cellDoubleClicked(1, 0);
  EXPECT_EQ(valueOf(w, kCost), "15");
  w.document()->undoStack()->undo();
  EXPECT_EQ(valueOf(w, kCost), "18");
  EXPECT_FALSE(panel->applyPoint(7, &error));
  EXPECT_FALSE(error.isEmpty());
}

TEST(SweepPanel, CancelStopsARunningSweep) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  SweepPanel* panel = w.sweepPanel();
  setUpSweep(panel, QStringLiteral("10:30:1"), 1000000);  // far more than a test can wait for
  testing::SignalCounter finished(panel, &SweepPanel::finished);
  ASSERT_TRUE(panel->run()) << panel->errorText().toStdString();
  EXPECT_TRUE(panel->isRunning());
  testing::spin(100);
  panel->cancel();
  ASSERT_TRUE(testing::waitUntil([&] { return finished.count() > 0; }, 60000));
  EXPECT_FALSE(panel->isRunning());
  EXPECT_FALSE(panel->finishedSweep().has_value()) << "a cancelled sweep is not a result";
  EXPECT_LT(panel->points().size(), 21u);
}

TEST(SweepPanel, BadPathsAndRangesAreShownInTheTab) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  SweepPanel* panel = w.sweepPanel();
  setUpSweep(panel, QStringLiteral("12,15"), 10);
  panel->setPath(QStringLiteral("cards.no_such_card.cost"));
  EXPECT_FALSE(panel->run());
  EXPECT_TRUE(panel->errorText().contains(QStringLiteral("no_such_card"))) << panel->errorText().toStdString();
  panel->setPath(kCost);
  panel->setValuesText(QStringLiteral("18:12:1"));
  EXPECT_FALSE(panel->run());
  EXPECT_FALSE(panel->errorText().isEmpty());
  panel->setValuesText(QStringLiteral("12,abc"));
  EXPECT_FALSE(panel->run());
  EXPECT_TRUE(panel->errorText().contains(QStringLiteral("abc"))) << panel->errorText().toStdString();
  panel->setValuesText(QStringLiteral("12,15"));
  panel->setMetric(QStringLiteral("agent:greedy"));  // not among the agents
  EXPECT_FALSE(panel->run());
  EXPECT_TRUE(panel->errorText().contains(QStringLiteral("greedy"))) << panel->errorText().toStdString();
  EXPECT_FALSE(panel->isRunning());
}

TEST(ExportReport, WritesHtmlJsonAndPdfWithTheRulesetNameAndTheLastSweep) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  w.simulationPanel()->setGames(30);
  w.simulationPanel()->setThreads(1);
  SweepPanel* panel = w.sweepPanel();
  setUpSweep(panel, QStringLiteral("12,18"), 10);
  ASSERT_TRUE(runToEnd(panel)) << panel->errorText().toStdString();

  QTemporaryDir dir;
  const QString html = dir.filePath(QStringLiteral("report.html"));
  QString error;
  ASSERT_TRUE(w.exportReportTo(html, &error)) << error.toStdString();
  QFile f(html);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(f.readAll());
  EXPECT_TRUE(text.contains(QStringLiteral("Elemental Card-Dice Game")));
  EXPECT_TRUE(text.contains(kCost)) << "the sweep of the Sweep tab is in the report";
  EXPECT_TRUE(text.contains(QStringLiteral("--games 30"))) << "the Simulation tab's run options";
  EXPECT_FALSE(text.contains(QStringLiteral("src=\"http")));

  const QString json = dir.filePath(QStringLiteral("report.json"));
  ASSERT_TRUE(w.exportReportTo(json, &error)) << error.toStdString();
  EXPECT_TRUE(QFile::exists(json));
  const QString pdf = dir.filePath(QStringLiteral("report.pdf"));
  ASSERT_TRUE(w.exportReportTo(pdf, &error)) << error.toStdString();
  QFile p(pdf);
  ASSERT_TRUE(p.open(QIODevice::ReadOnly));
  EXPECT_TRUE(p.read(5).startsWith("%PDF"));
  EXPECT_FALSE(w.exportReportTo(dir.filePath(QStringLiteral("report.txt")), &error));
  EXPECT_FALSE(error.isEmpty());
}

}  // namespace
}  // namespace wb::app

namespace wb::charts {
namespace {

int seriesStartingWith(QChart* chart, const QString& prefix) {
  int n = 0;
  for (auto* s : chart->series()) n += s->name().startsWith(prefix) ? 1 : 0;
  return n;
}

TEST(Charts, SweepChartMarksTheBalancePointOnlyWhenCrossed) {
  SweepChartData d;
  d.xLabel = QStringLiteral("cards.x.cost");
  d.target = 0.5;
  d.points = {{14, 0.40, 0.35, 0.45}, {12, 0.55, 0.50, 0.60}, {16, 0.30, 0.25, 0.35}};
  std::unique_ptr<QChart> flat(buildSweepChart(d, QStringLiteral("not crossed")));
  EXPECT_EQ(seriesStartingWith(flat.get(), QStringLiteral("balance")), 0);
  auto* band = qobject_cast<QAreaSeries*>(flat->series().front());
  ASSERT_NE(band, nullptr);
  // Drawn sorted by the swept value.
  ASSERT_EQ(band->upperSeries()->count(), 3);
  EXPECT_EQ(band->upperSeries()->at(0).x(), 12);
  EXPECT_EQ(band->upperSeries()->at(2).x(), 16);

  d.crossed = true;
  d.balance = 13.3;
  d.balanceLow = 12.5;  // the high end lies beyond the range
  std::unique_ptr<QChart> crossed(buildSweepChart(d, QStringLiteral("crossed")));
  EXPECT_EQ(seriesStartingWith(crossed.get(), QStringLiteral("balance point 13.3")), 1);
  EXPECT_EQ(seriesStartingWith(crossed.get(), QStringLiteral("balance interval")), 1);
  EXPECT_EQ(seriesStartingWith(crossed.get(), QStringLiteral("target 50.0%")), 1);
}

}  // namespace
}  // namespace wb::charts
