// File > Export Report holds everything the window measured: the Parameters
// page's "Measure assumptions", played on the ruleset as it is, goes into the
// report's "Which assumptions decide the verdict" as measured (it was left out,
// the section saying "Not measured for this report"); a measurement of an
// earlier revision does not.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "app/gui/assumptions/assumption_marks.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

TEST(ReportWindowMeasures, MeasuredAssumptionsGoIntoTheReportAsMeasured) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice-described/card-dice-described.yaml")));
  // The run on screen, so the export plays nothing.
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(8);
  sim->setSeed(4);
  sim->setThreads(1);
  sim->setAgent(0, QStringLiteral("random"));
  sim->setAgent(1, QStringLiteral("random"));
  testing::SignalCounter ran(sim, &SimulationPanel::finished);
  sim->run();
  testing::waitFor([&] { return ran.count() > 0; });
  // Measure assumptions: max_health's alternative (100) against the shipped value.
  AssumptionMarks* marks = AssumptionMarks::of(w.document());
  sim::RunConfig config;
  config.games = 6;
  config.seed = 9;
  config.threads = 1;
  config.players = 2;
  config.agents = {"random"};
  testing::SignalCounter measured(marks, &AssumptionMarks::finished);
  QString why;
  ASSERT_TRUE(marks->measure(config, &why)) << why.toStdString();
  testing::waitFor([&] { return measured.count() > 0; });
  ASSERT_TRUE(marks->result() && marks->result()->ok() && marks->resultIsCurrent());

  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString json = dir.filePath(QStringLiteral("r.json"));
  QString error;
  ASSERT_TRUE(w.exportReportTo(json, &error)) << error.toStdString();
  const QJsonObject doc = QJsonDocument::fromJson(readAll(json)).object();
  ASSERT_TRUE(doc.contains(QStringLiteral("assumptions"))) << readAll(json).left(400).toStdString();
  EXPECT_NE(QJsonDocument(doc.value(QStringLiteral("assumptions")).toObject()).toJson().indexOf("max_health"), -1);
  const QString html = dir.filePath(QStringLiteral("r.html"));
  ASSERT_TRUE(w.exportReportTo(html, &error)) << error.toStdString();
  const QByteArray page = readAll(html);
  EXPECT_EQ(page.indexOf("Not measured for this report"), -1);
  // As measured: its own games and agents, named.
  EXPECT_NE(page.indexOf("6 games each, agents random"), -1);

  // After an edit the measurement belongs to the old revision: out of the report.
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("parameters.starting_gold"), QStringLiteral("7"), &error))
      << error.toStdString();
  sim->run();
  testing::waitFor([&] { return ran.count() > 1; });
  ASSERT_TRUE(w.exportReportTo(html, &error)) << error.toStdString();
  EXPECT_NE(readAll(html).indexOf("Not measured for this report"), -1);
}

}  // namespace
}  // namespace wb::app
