// What the Simulation tab shows and where:
// results belong to the open ruleset and revision (another ruleset starts
// empty; an edit marks them "played before N edits"); charts that do not
// mislead (the fair line at 1 / seats, bars over the same games as the
// headline, in %, seats named alike in charts and tables, no placeholder
// numbers, no counters or starting cards among the entities that stand out,
// intervals and per-game counts in the entity table, readable faction
// labels); and a layout that can be reset and fits the screen.
#include <QAbstractBarSeries>
#include <QAction>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QGuiApplication>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QScreen>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>
#include <QValueAxis>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

QString ruleset(const char* file) { return QStringLiteral(WB_SOURCE_DIR "/data/rulesets/") + QString::fromLatin1(file); }

// The seats spin box of the Simulation tab (the one whose range is the ruleset's players).
QSpinBox* seatsBox(MainWindow& w) {
  const auto& players = w.document()->ruleset().players;
  for (auto* box : w.simulationPanel()->findChildren<QSpinBox*>())
    if (box->minimum() == std::max(1, players.min) && box->maximum() == std::max(players.min, players.max)) return box;
  return nullptr;
}

bool runGames(MainWindow& w, int games, int seats = 0) {
  SimulationPanel* sim = w.simulationPanel();
  if (seats > 0) {
    QSpinBox* box = seatsBox(w);
    if (!box) return false;
    box->setValue(seats);
  }
  sim->setGames(games);
  sim->setSeed(3);
  sim->setThreads(1);
  for (int s = 0; s < std::max(2, seats); ++s) sim->setAgent(s, QStringLiteral("random"));
  testing::SignalCounter done(sim, &SimulationPanel::finished);
  sim->run();
  return testing::waitUntil([&] { return done.count() > 0; }, 120000) && sim->hasResult();
}

QStringList chartTitles(SimulationPanel* sim) {
  return {sim->winRateChart()->title(), sim->lengthChart()->title(), sim->entityChart()->title()};
}

QStringList categoriesOf(QChart* chart, Qt::Orientation orientation) {
  for (auto* axis : chart->axes(orientation))
    if (auto* cat = qobject_cast<QBarCategoryAxis*>(axis)) return cat->categories();
  return {};
}

class ResultsView : public ::testing::Test {
 protected:
  void SetUp() override { w.setPromptsEnabled(false); }
  MainWindow w;
};

TEST_F(ResultsView, OpeningAnotherRulesetClearsTheResults) {
  ASSERT_TRUE(w.openFile(ruleset("card-dice/card-dice.yaml")));
  ASSERT_TRUE(runGames(w, 30));
  ASSERT_GT(w.simulationPanel()->outcomeTable()->rowCount(), 0);
  ASSERT_TRUE(w.openFile(ruleset("element/element.yaml")));
  EXPECT_FALSE(w.simulationPanel()->hasResult());
  EXPECT_EQ(w.simulationPanel()->outcomeTable()->rowCount(), 0);
  EXPECT_EQ(w.simulationPanel()->entityTable()->rowCount(), 0);
  for (const QString& title : chartTitles(w.simulationPanel())) EXPECT_FALSE(title.contains(QStringLiteral("agents"))) << title.toStdString();
}

TEST_F(ResultsView, AnEditMarksTheResultsPlayedBeforeIt) {
  ASSERT_TRUE(w.openFile(ruleset("card-dice/card-dice.yaml")));
  ASSERT_TRUE(runGames(w, 30));
  auto* note = w.simulationPanel()->findChild<QLabel*>(QStringLiteral("revisionNote"));
  ASSERT_NE(note, nullptr);
  EXPECT_TRUE(note->isHidden());
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("14")));
  EXPECT_FALSE(note->isHidden());
  EXPECT_TRUE(note->text().contains(QStringLiteral("before 1 edit"))) << note->text().toStdString();
  EXPECT_TRUE(note->text().contains(QStringLiteral("cards.meteor_strike.cost: 18 -> 14"))) << note->text().toStdString();
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.fire.cost"), QStringLiteral("4")));
  EXPECT_TRUE(note->text().contains(QStringLiteral("before 2 edits"))) << note->text().toStdString();
  w.document()->undoStack()->undo();
  w.document()->undoStack()->undo();
  EXPECT_TRUE(note->isHidden());  // back on the revision the results were played on
  EXPECT_TRUE(w.simulationPanel()->hasResult());
}

TEST_F(ResultsView, BeforeARunTheChartsShowNoMadeUpNumbers) {
  ASSERT_TRUE(w.openFile(ruleset("card-dice/card-dice.yaml")));
  SimulationPanel* sim = w.simulationPanel();
  for (const QString& title : chartTitles(sim)) EXPECT_FALSE(title.contains(QStringLiteral("agents"))) << title.toStdString();
  EXPECT_TRUE(sim->lengthChart()->axes().isEmpty());
  EXPECT_TRUE(sim->winRateChart()->series().isEmpty());
}

TEST_F(ResultsView, FourSeatsDrawTheFairLineAtAQuarterOverTheGamesWithAWinner) {
  ASSERT_TRUE(w.openFile(ruleset("zoneplex/zoneplex.yaml")));
  ASSERT_TRUE(runGames(w, 24, 4));
  QChart* chart = w.simulationPanel()->winRateChart();
  bool fairAtQuarter = false;
  double barSum = 0;
  for (auto* series : chart->series()) {
    if (auto* line = qobject_cast<QLineSeries*>(series); line && !line->name().isEmpty()) {
      ASSERT_EQ(line->count(), 2);
      const double y = line->at(0).y();
      fairAtQuarter = std::abs(y - 25.0) < 1e-9;  // in %
      EXPECT_TRUE(line->name().contains(QStringLiteral("25%"))) << line->name().toStdString();
    }
    if (auto* bars = qobject_cast<QAbstractBarSeries*>(series))
      for (auto* set : bars->barSets())
        for (int i = 0; i < set->count(); ++i) barSum += set->at(i);
  }
  EXPECT_TRUE(fairAtQuarter);
  // Over the games someone won, the seats' shares add up to 100%, as the headline counts them.
  if (w.simulationPanel()->lastResult().stats.sideWinGames() > 0) {
    EXPECT_NEAR(barSum, 100.0, 1e-6);
  }
  // The same names in the chart and the Outcomes table.
  const QStringList seats = categoriesOf(chart, Qt::Horizontal);
  ASSERT_EQ(seats.size(), 4);
  EXPECT_EQ(seats[0], QStringLiteral("Seat 1"));
  QTableWidget* outcomes = w.simulationPanel()->outcomeTable();
  QStringList tableSeats;
  for (int r = 0; r < outcomes->rowCount(); ++r)
    if (outcomes->item(r, 0)->text() == QStringLiteral("seat")) tableSeats << outcomes->item(r, 1)->text();
  EXPECT_EQ(tableSeats, seats);
  // Game-end and battle counters do not stand out as entities.
  for (const QString& name : categoriesOf(w.simulationPanel()->entityChart(), Qt::Vertical))
    EXPECT_FALSE(name.contains(QLatin1Char(':'))) << name.toStdString();
}

TEST_F(ResultsView, EntityRowsHaveIntervalsPerGameCountsAndALegend) {
  ASSERT_TRUE(w.openFile(ruleset("card-dice/card-dice.yaml")));
  ASSERT_TRUE(runGames(w, 60));
  QTableWidget* table = w.simulationPanel()->entityTable();
  EXPECT_TRUE(table->horizontalHeaderItem(1)->text().contains(QStringLiteral("/ game")));
  bool interval = false;
  for (int r = 0; r < table->rowCount(); ++r)
    interval = interval || table->item(r, 7)->text().contains(QLatin1Char('['));
  EXPECT_TRUE(interval);
  auto* legend = w.simulationPanel()->findChild<QLabel*>(QStringLiteral("entityLegend"));
  ASSERT_NE(legend, nullptr);
  EXPECT_TRUE(legend->text().contains(QStringLiteral("(!)")));
  EXPECT_TRUE(legend->text().contains(QStringLiteral("Highlighted rows")));
  // The chart's axis is in % like the tables (a little room above 100% for a whisker).
  for (auto* axis : w.simulationPanel()->winRateChart()->axes(Qt::Vertical))
    if (auto* v = qobject_cast<QValueAxis*>(axis)) {
      EXPECT_GE(v->max(), 100.0);
      EXPECT_LE(v->max(), 105.0);
    }
}

TEST_F(ResultsView, SeventeenFactionLabelsAreTurnedToFit) {
  ASSERT_TRUE(w.openFile(ruleset("elem-master/elem-master.yaml")));
  if (w.document()->ruleset().entities(model::Section::Factions).size() < 12) GTEST_SKIP() << "fewer factions now";
  ASSERT_TRUE(runGames(w, 20));
  // The faction chart: the one whose categories are the factions.
  // Named as in the editor ("No specialty", not mage_none).
  QStringList factions;
  for (const auto& f : w.simulationPanel()->lastResult().factions) {
    const model::Entity* e = w.document()->ruleset().entity(model::Section::Factions, f);
    factions << QString::fromStdString(e && !e->name.empty() ? e->name : f);
  }
  bool found = false, turned = false;
  for (auto* view : w.simulationPanel()->findChildren<QChartView*>()) {
    if (categoriesOf(view->chart(), Qt::Horizontal) != factions) continue;
    found = true;
    for (auto* axis : view->chart()->axes(Qt::Horizontal)) turned = turned || axis->labelsAngle() != 0;
  }
  ASSERT_TRUE(found);
  EXPECT_TRUE(turned);
}

TEST_F(ResultsView, ResetLayoutBringsBackTheDocksAndTheExplorerKeepsItsWidth) {
  ASSERT_TRUE(w.openFile(ruleset("card-dice/card-dice.yaml")));
  w.show();
  testing::spin(30);
  const QRect screen = (w.screen() ? w.screen() : QGuiApplication::primaryScreen())->availableGeometry();
  EXPECT_LE(w.width(), screen.width());
  EXPECT_LE(w.height(), screen.height());
  QDockWidget* explorer = w.findChild<QDockWidget*>(QStringLiteral("ExplorerDock"));
  ASSERT_NE(explorer, nullptr);
  // It cannot shrink until every name reads "...".
  EXPECT_GE(std::max(explorer->widget()->minimumWidth(), explorer->widget()->minimumSizeHint().width()), 150);
  explorer->setFloating(true);
  explorer->hide();
  QAction* reset = w.findChild<QAction*>(QStringLiteral("resetLayoutAction"));
  ASSERT_NE(reset, nullptr);
  reset->trigger();
  testing::spin(30);
  EXPECT_TRUE(explorer->isVisible());
  EXPECT_FALSE(explorer->isFloating());
  EXPECT_EQ(w.dockWidgetArea(explorer), Qt::LeftDockWidgetArea);
}

}  // namespace
}  // namespace wb::app
