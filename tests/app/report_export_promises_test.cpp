// File > Export Report does not replay what is on screen:
// a sweep played on this revision with the run's seats, agents and seed is
// current whatever its games per value; HTML then PDF play the games once;
// No leaves an out-of-date sweep out instead of cancelling the export; the
// impact measured with Measure impact reaches the report.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/impact_bar.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/sweep/sweep_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");

QJsonObject readJson(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(f.readAll()).object();
}

class ReportExport : public ::testing::Test {
 protected:
  void SetUp() override {
    w.setPromptsEnabled(false);
    ASSERT_TRUE(w.openFile(kCardDice));
    SimulationPanel* sim = w.simulationPanel();
    sim->setGames(60);
    sim->setSeed(5);
    sim->setThreads(1);
    sim->setAgent(0, QStringLiteral("random"));
    sim->setAgent(1, QStringLiteral("random"));
  }
  bool run() {
    testing::SignalCounter done(w.simulationPanel(), &SimulationPanel::finished);
    w.simulationPanel()->run();
    return testing::waitUntil([&] { return done.count() > 0; }, 60000);
  }
  bool sweep(int gamesPerValue) {
    SweepPanel* sweep = w.sweepPanel();
    sweep->setPath(QStringLiteral("cards.fire.cost"));
    sweep->setValuesText(QStringLiteral("3,9"));
    sweep->setGames(gamesPerValue);
    sweep->setSeed(5);
    sweep->setAgents(QStringLiteral("random"));
    sweep->setThreads(1);
    testing::SignalCounter done(sweep, &SweepPanel::finished);
    if (!sweep->run()) return false;
    return testing::waitUntil([&] { return done.count() > 0; }, 60000) && sweep->finishedSweep();
  }
  MainWindow w;
  QTemporaryDir dir;
};

TEST_F(ReportExport, ASweepWithItsOwnGamesPerValueIsStillCurrent) {
  ASSERT_TRUE(run());
  ASSERT_TRUE(sweep(40));  // 40 per value, the Simulation tab says 60
  QString error;
  const QString json = dir.filePath(QStringLiteral("r.json"));
  ASSERT_TRUE(w.exportReportTo(json, &error)) << error.toStdString();
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  const QJsonObject head = readJson(json).value(QStringLiteral("report")).toObject();
  EXPECT_EQ(head.value(QStringLiteral("games_played")).toInteger(), 0);
  EXPECT_EQ(head.value(QStringLiteral("games_reused")).toInteger(), 60 + 2 * 40);
}

TEST_F(ReportExport, HtmlThenPdfPlayTheGamesOnce) {
  QString error;
  ASSERT_TRUE(w.exportReportTo(dir.filePath(QStringLiteral("r.html")), &error)) << error.toStdString();
  EXPECT_EQ(w.lastReportGamesToPlay(), 60u);
  ASSERT_TRUE(w.exportReportTo(dir.filePath(QStringLiteral("r.pdf")), &error)) << error.toStdString();
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  ASSERT_TRUE(w.exportReportTo(dir.filePath(QStringLiteral("r.json")), &error)) << error.toStdString();
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
}

TEST_F(ReportExport, MeasuredImpactReachesTheReport) {
  ASSERT_TRUE(run());
  ImpactBar* bar = w.simulationPanel()->impactBar();
  QTableWidget* table = w.simulationPanel()->entityTable();
  int row = -1;
  for (int r = 0; r < table->rowCount(); ++r)
    if (table->item(r, 0)->text() == QStringLiteral("meteor_strike")) row = r;
  ASSERT_GE(row, 0);
  table->selectRow(row);
  bar->pairsBox()->setValue(10);
  testing::SignalCounter measured(bar, &ImpactBar::measured);
  bar->measure();
  ASSERT_TRUE(testing::waitUntil([&] { return measured.count() > 0; }, 60000));
  ASSERT_FALSE(bar->lastResult().entities.empty());

  QString error;
  const QString json = dir.filePath(QStringLiteral("impact.json"));
  ASSERT_TRUE(w.exportReportTo(json, &error)) << error.toStdString();
  const QJsonObject report = readJson(json);
  ASSERT_TRUE(report.contains(QStringLiteral("impact"))) << QJsonDocument(report).toJson().left(400).toStdString();
  EXPECT_TRUE(QJsonDocument(report.value(QStringLiteral("impact")).toObject()).toJson().contains("meteor_strike"));
}

TEST_F(ReportExport, NoLeavesAnOutOfDateSweepOutInsteadOfCancelling) {
  ASSERT_TRUE(sweep(30));
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("16")));
  ASSERT_TRUE(run());  // the run is current, the sweep was played before the edit
  QString asked;
  w.setAnswerer([&](const QString& question) {
    asked = question;
    return QMessageBox::No;
  });
  QString error;
  const QString json = dir.filePath(QStringLiteral("nosweep.json"));
  ASSERT_TRUE(w.exportReportTo(json, &error)) << error.toStdString();
  EXPECT_TRUE(asked.contains(QStringLiteral("before the latest edits"))) << asked.toStdString();
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  EXPECT_TRUE(readJson(json).value(QStringLiteral("sweeps")).toArray().isEmpty());
}

// Impact in bulk, in one step, and into the report.
TEST_F(ReportExport, MeasureAllThatStandOutMeasuresTheChartsEntitiesAndReportsThem) {
  ASSERT_TRUE(run());
  ImpactBar* bar = w.simulationPanel()->impactBar();
  ASSERT_NE(bar->standoutsButton(), nullptr);
  bar->pairsBox()->setValue(10);
  testing::SignalCounter measured(bar, &ImpactBar::measured);
  bar->standoutsButton()->click();
  ASSERT_TRUE(testing::waitUntil([&] { return measured.count() > 0; }, 120000));
  const auto& impact = bar->lastResult();
  ASSERT_FALSE(impact.entities.empty());
  EXPECT_LE(impact.entities.size(), 10u);
  // Exactly the entities the chart lists, none of the engine's counters.
  for (const auto& e : impact.entities) EXPECT_EQ(e.id.find(':'), std::string::npos) << e.id;
  QString error;
  const QString json = dir.filePath(QStringLiteral("bulk.json"));
  ASSERT_TRUE(w.exportReportTo(json, &error)) << error.toStdString();
  const QByteArray text = QJsonDocument(readJson(json).value(QStringLiteral("impact")).toObject()).toJson();
  for (const auto& e : impact.entities) EXPECT_TRUE(text.contains(QByteArray::fromStdString(e.id))) << e.id;
}

}  // namespace
}  // namespace wb::app
