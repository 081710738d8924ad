// A window without traps at 1000 x 700 on a game in the rules language: the
// window keeps the size it is given (the inspector's 29 properties and the
// Overview's four boxes scroll in their places), the Simulation tab never
// scrolls sideways, every entity that stands out is named whole beside its
// bar (a long name wraps, never runs off the chart), and a game with nothing
// to compare (Pig) says so instead of drawing an empty axis.
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QGraphicsScene>
#include <QGraphicsTextItem>
#include <QScrollArea>
#include <QScrollBar>

#include <gtest/gtest.h>

#include "app/gui/editors/entity_inspector.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "charts/builders/chart_builders.h"
#include "charts/builders/chart_fit.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDiceDescribed =
    QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice-described/card-dice-described.yaml");

// The texts a chart draws as a person reads them, with whether each is shown
// and lies wholly inside the chart.
struct Drawn {
  QString text;
  bool visible, inside;
};

std::vector<Drawn> drawnTexts(QChart* chart) {
  std::vector<Drawn> out;
  const QRectF box = chart->sceneBoundingRect().adjusted(-0.5, -0.5, 0.5, 0.5);
  for (QGraphicsItem* item : chart->scene()->items()) {
    auto* t = dynamic_cast<QGraphicsTextItem*>(item);
    if (!t) continue;
    QString text = t->toPlainText();
    text.replace(QChar(0x2028), QLatin1Char(' ')).replace(QLatin1Char('\n'), QLatin1Char(' ')).remove(QChar(0x200B));
    out.push_back({text.simplified(), t->isVisible(), box.contains(t->sceneBoundingRect())});
  }
  return out;
}

bool shownWhole(const std::vector<Drawn>& drawn, const QString& text) {
  return std::any_of(drawn.begin(), drawn.end(), [&](const Drawn& d) { return d.text == text && d.visible && d.inside; });
}

// Plays `games` games with these agents on the window's Simulation tab.
void run(MainWindow& w, int games, const QStringList& agents) {
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(games);
  sim->setSeed(2);
  for (int s = 0; s < agents.size(); ++s) sim->setAgent(s, agents[s]);
  testing::SignalCounter done(sim, &SimulationPanel::finished);
  sim->run();
  testing::waitFor([&] { return done.count() > 0; });
  ASSERT_TRUE(sim->hasResult());
  testing::spin(100);  // the charts lay out
}

QScrollArea* simulationScroll(MainWindow& w) {
  return qobject_cast<QScrollArea*>(w.simulationPanel()->parentWidget()->parentWidget());
}

TEST(WindowFit, ADescribedGameKeepsTheWindowAtTheSizeGiven) {
  MainWindow w;
  w.setPromptsEnabled(false);
  w.resize(1000, 700);
  w.show();
  ASSERT_TRUE(w.openFile(kCardDiceDescribed));
  w.inspector()->setEntity(model::Section::Cards, QStringLiteral("meteor_strike"));
  testing::spin(100);
  // Meteor Strike's 29 properties made the window 1,369 px tall, its status bar below the screen.
  EXPECT_LE(w.minimumSizeHint().height(), 700);
  EXPECT_EQ(w.size(), QSize(1000, 700));
  // The inspector scrolls in its dock instead, every field still there.
  auto* area = w.findChild<QScrollArea*>(QStringLiteral("inspectorScroll"));
  ASSERT_NE(area, nullptr);
  EXPECT_EQ(area->widget(), w.inspector());
  EXPECT_GT(area->verticalScrollBar()->maximum(), 0);
  EXPECT_EQ(area->horizontalScrollBar()->maximum(), 0);
}

TEST(WindowFit, TheSimulationTabDoesNotScrollSidewaysAt1000By700) {
  MainWindow w;
  w.setPromptsEnabled(false);
  w.resize(1000, 700);
  w.show();
  ASSERT_TRUE(w.openFile(kCardDiceDescribed));
  w.showTab(MainWindow::Tab::Simulation);
  testing::spin(50);
  QScrollArea* area = simulationScroll(w);
  ASSERT_NE(area, nullptr);
  EXPECT_EQ(area->horizontalScrollBar()->maximum(), 0) << "before a run";
  // Two agents: the second win-rate chart (per agent) joins the grid.
  run(w, 12, {QStringLiteral("greedy"), QStringLiteral("random")});
  EXPECT_EQ(area->horizontalScrollBar()->maximum(), 0)
      << "panel needs " << w.simulationPanel()->minimumSizeHint().width() << " px of " << area->viewport()->width();
  // Every tab of the results: the widest decides.
  for (auto* tabs : w.simulationPanel()->findChildren<QTabWidget*>())
    for (int i = 0; i < tabs->count(); ++i) {
      tabs->setCurrentIndex(i);
      testing::spin(20);
      EXPECT_EQ(area->horizontalScrollBar()->maximum(), 0) << tabs->tabText(i).toStdString();
    }
}

TEST(WindowFit, EveryEntityThatStandsOutIsNamedWholeAt1000By700) {
  MainWindow w;
  w.setPromptsEnabled(false);
  w.resize(1000, 700);
  w.show();
  ASSERT_TRUE(w.openFile(kCardDiceDescribed));
  w.showTab(MainWindow::Tab::Simulation);
  run(w, 30, {QStringLiteral("greedy"), QStringLiteral("random")});
  QChart* chart = w.simulationPanel()->entityChart();
  const auto axes = chart->axes(Qt::Vertical);
  ASSERT_EQ(axes.size(), 1);
  auto* names = qobject_cast<QBarCategoryAxis*>(axes.front());
  ASSERT_NE(names, nullptr);
  ASSERT_EQ(names->count(), 10);
  // The names as the table shows them ("Meteor Strike", "... (!)" for an outlier).
  const auto drawn = drawnTexts(chart);
  for (const QString& c : names->categories()) {
    QString name = c;
    name.replace(QStringLiteral("<br>"), QStringLiteral(" ")).remove(QChar(0x200B));
    EXPECT_TRUE(shownWhole(drawn, name)) << name.toStdString();
  }
}

TEST(WindowFit, ALongEntityNameWrapsInsideTheChart) {
  std::vector<charts::EntityValue> values;
  const QStringList names = {QStringLiteral("Magical Firestorm"), QStringLiteral("The Very Long Card Name of the Western Isles"),
                             QStringLiteral("Rainstorm"), QStringLiteral("Exploration Novice"),
                             QStringLiteral("Supercalifragilisticexpialidocious Extraordinarily Unreasonably Long Name")};
  for (int i = 0; i < names.size(); ++i) {
    charts::EntityValue v;
    v.label = names[i];
    v.value = (i % 2 ? -1.0 : 1.0) * (20.0 - i);
    v.outlier = i == 1;
    values.push_back(v);
  }
  QChartView view(charts::buildTopEntitiesChart(values, QStringLiteral("Entities that stand out"), QStringLiteral("lift (%)"), 10));
  QStringList all;
  for (const auto& v : values) all << (v.outlier ? v.label + QStringLiteral(" (!)") : v.label);
  const QFont font = view.chart()->axes(Qt::Vertical).front()->labelsFont();
  // A half-width chart of a 1000 px window (the width the names were cut at, off the left edge).
  view.resize(470, charts::heightForNames(all, font, charts::kNameShare * 470));
  view.show();
  testing::spin(80);
  const auto drawn = drawnTexts(view.chart());
  EXPECT_TRUE(shownWhole(drawn, QStringLiteral("The Very Long Card Name of the Western Isles (!)")));
  EXPECT_TRUE(shownWhole(drawn, QStringLiteral("Magical Firestorm")));
  // A name that needs more than two lines ends in "..." on its second, inside the chart.
  bool longest = false;
  for (const Drawn& d : drawn)
    if (d.text.startsWith(QStringLiteral("Supercalifragilistic"))) longest = d.visible && d.inside && d.text.endsWith(QChar(0x2026));
  EXPECT_TRUE(longest);
  // The plot keeps more than half of the chart's width.
  EXPECT_GT(view.chart()->plotArea().width(), 0.5 * (470 - 12) - 1);
}

TEST(WindowFit, AGameWithNothingToCompareSaysSoInsteadOfAnEmptyAxis) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/pig/pig.yaml")));
  w.showTab(MainWindow::Tab::Simulation);
  run(w, 20, {QStringLiteral("random"), QStringLiteral("random")});
  QChart* chart = w.simulationPanel()->entityChart();
  EXPECT_TRUE(chart->axes().isEmpty()) << "an axis from 0 to 1% with a '-' for a name";
  EXPECT_TRUE(chart->title().replace(QStringLiteral("<br>"), QStringLiteral(" ")).contains(QStringLiteral("none to compare")))
      << chart->title().toStdString();
}

}  // namespace
}  // namespace wb::app
