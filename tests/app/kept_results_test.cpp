// Results belong to a revision and are kept beside the ruleset: a finished run is written to <ruleset>.results.json with the
// ruleset's content hash and settings, reopens with the ruleset after a
// restart (the same numbers, bit for bit), and File > Export Report reuses it
// without playing a game. Opened on another revision of the file, the results
// show under a banner that says so.
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/results/results_file.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "app/report/report_data.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kSource = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/");

TEST(KeptResults, ARunReopensWithItsRulesetAndAnExportPlaysNothing) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  for (const char* f : {"card-dice.yaml", "dice_questions.yaml"})
    QFile::copy(kSource + QString::fromLatin1(f), dir.filePath(QString::fromLatin1(f)));
  const QString path = dir.filePath(QStringLiteral("card-dice.yaml"));

  sim::RunStats played;
  std::string hash;
  {
    MainWindow w;
    w.setPromptsEnabled(false);
    w.simulationPanel()->setResultsKept(true);
    ASSERT_TRUE(w.openFile(path));
    EXPECT_FALSE(w.simulationPanel()->hasResult());
    SimulationPanel* sim = w.simulationPanel();
    sim->setGames(40);
    sim->setSeed(9);
    sim->setThreads(1);
    sim->setAgent(0, QStringLiteral("random"));
    sim->setAgent(1, QStringLiteral("random"));
    testing::SignalCounter done(sim, &SimulationPanel::finished);
    sim->run();
    ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 60000));
    played = sim->lastResult().stats;
    hash = contentHash(w.document()->ruleset());
  }
  const QString kept = dir.filePath(QStringLiteral("card-dice.results.json"));
  ASSERT_EQ(ResultsFile::pathFor(path), kept);
  ASSERT_TRUE(QFileInfo::exists(kept));
  QFile f(kept);
  ASSERT_TRUE(f.open(QIODevice::ReadOnly));
  const QJsonObject run = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("run")).toObject();
  EXPECT_EQ(run.value(QStringLiteral("content_hash")).toString().toStdString(), hash);
  EXPECT_EQ(run.value(QStringLiteral("settings")).toObject().value(QStringLiteral("games")).toString(), QStringLiteral("40"));

  // A restart: the same numbers, current, and a report plays no game.
  {
    MainWindow w;
    w.setPromptsEnabled(false);
    w.simulationPanel()->setResultsKept(true);
    ASSERT_TRUE(w.openFile(path));
    SimulationPanel* sim = w.simulationPanel();
    ASSERT_TRUE(sim->hasResult());
    EXPECT_TRUE(sim->resultReopened());
    EXPECT_TRUE(sim->lastResult().stats == played);
    EXPECT_TRUE(sim->revisionNote().isEmpty()) << sim->revisionNote().toStdString();
    sim->setGames(40);
    sim->setSeed(9);
    sim->setAgent(0, QStringLiteral("random"));
    sim->setAgent(1, QStringLiteral("random"));
    QString error;
    ASSERT_TRUE(w.exportReportTo(dir.filePath(QStringLiteral("report.json")), &error)) << error.toStdString();
    EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
    // The file changes (an edit saved): the kept results are of another revision.
    ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("16")));
    EXPECT_TRUE(sim->revisionNote().contains(QStringLiteral("before 1 edit"))) << sim->revisionNote().toStdString();
    ASSERT_TRUE(w.save());
  }
  {
    MainWindow w;
    w.setPromptsEnabled(false);
    w.simulationPanel()->setResultsKept(true);
    ASSERT_TRUE(w.openFile(path));
    SimulationPanel* sim = w.simulationPanel();
    ASSERT_TRUE(sim->hasResult());
    EXPECT_TRUE(sim->revisionNote().contains(QStringLiteral("another revision"))) << sim->revisionNote().toStdString();
    auto* note = sim->findChild<QLabel*>(QStringLiteral("revisionNote"));
    ASSERT_NE(note, nullptr);
    EXPECT_FALSE(note->isHidden());
  }
}

TEST(KeptResults, AResultsFileOfAnotherFormatIsIgnoredWithAReason) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("x.yaml"));
  QFile f(ResultsFile::pathFor(path));
  ASSERT_TRUE(f.open(QIODevice::WriteOnly));
  f.write("{\"format\": \"balance-workbench-results\", \"version\": 99}");
  f.close();
  QString error;
  EXPECT_FALSE(ResultsFile::loadRun(path, &error).has_value());
  EXPECT_TRUE(error.contains(QStringLiteral("version 99"))) << error.toStdString();
}

}  // namespace
}  // namespace wb::app
