// File > Export Report from the results on screen: after a
// run and a sweep on the current ruleset, exporting plays no game again (the
// report's numbers are those on screen, byte for byte in the JSON), and the
// report lists the unsaved edits it was made from. A run on other settings is
// played again, and the export says how many games first.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/sweep/sweep_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");
constexpr int kGames = 120;

QJsonObject readJson(const QString& path) {
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(f.readAll()).object();
}

QString readText(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

class ReportReuse : public ::testing::Test {
 protected:
  void SetUp() override {
    w.setPromptsEnabled(false);
    ASSERT_TRUE(w.openFile(kCardDice));
    // An unsaved edit: the report must say it was made from it.
    ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("16")));
    SimulationPanel* sim = w.simulationPanel();
    sim->setGames(kGames);
    sim->setSeed(7);
    sim->setThreads(1);
    sim->setAgent(0, QStringLiteral("random"));
    sim->setAgent(1, QStringLiteral("random"));
    SweepPanel* sweep = w.sweepPanel();
    sweep->setPath(QStringLiteral("cards.fire.cost"));
    sweep->setValuesText(QStringLiteral("3,9"));
    sweep->setGames(kGames);
    sweep->setSeed(7);
    sweep->setAgents(QStringLiteral("random"));
    sweep->setThreads(1);
  }

  bool runBoth() {
    testing::SignalCounter simDone(w.simulationPanel(), &SimulationPanel::finished);
    w.simulationPanel()->run();
    if (!testing::waitUntil([&] { return simDone.count() > 0; }, 60000)) return false;
    testing::SignalCounter sweepDone(w.sweepPanel(), &SweepPanel::finished);
    if (!w.sweepPanel()->run()) return false;
    return testing::waitUntil([&] { return sweepDone.count() > 0; }, 60000) && w.sweepPanel()->finishedSweep();
  }

  MainWindow w;
  QTemporaryDir dir;
};

TEST_F(ReportReuse, ExportAfterARunAndASweepPlaysNoGameAgain) {
  if (!w.document()->ruleset().entity(model::Section::Cards, "fire"))
    GTEST_SKIP() << "card-dice has no fire card any more";
  ASSERT_TRUE(runBoth()) << w.sweepPanel()->errorText().toStdString();
  ASSERT_EQ(w.simulationPanel()->lastResult().stats.games(), static_cast<std::uint64_t>(kGames));

  const QString json = dir.filePath(QStringLiteral("report.json"));
  QString error;
  ASSERT_TRUE(w.exportReportTo(json, &error)) << error.toStdString();
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  const QJsonObject report = readJson(json);
  const QJsonObject head = report.value(QStringLiteral("report")).toObject();
  EXPECT_EQ(head.value(QStringLiteral("games_played")).toInteger(), 0);
  // The run's games and the sweep's two points, all from the screen.
  EXPECT_EQ(head.value(QStringLiteral("games_reused")).toInteger(), 3 * kGames);
  // The same numbers as on screen: the seat tallies of the run.
  const auto& seats = w.simulationPanel()->lastResult().stats.seats();
  const QJsonArray jsonSeats = report.value(QStringLiteral("run")).toObject().value(QStringLiteral("seats")).toArray();
  ASSERT_EQ(jsonSeats.size(), static_cast<qsizetype>(seats.size()));
  for (qsizetype i = 0; i < jsonSeats.size(); ++i)
    EXPECT_EQ(jsonSeats[i].toObject().value(QStringLiteral("wins")).toInteger(),
              static_cast<qint64>(seats[static_cast<std::size_t>(i)].wins));

  // The unsaved edit is listed, and the command line reproduces it with --set.
  const QJsonArray edits = head.value(QStringLiteral("unsaved_edits")).toArray();
  ASSERT_EQ(edits.size(), 1);
  EXPECT_EQ(edits[0].toString(), QStringLiteral("cards.meteor_strike.cost: 18 -> 16"));
  EXPECT_TRUE(head.value(QStringLiteral("command")).toString().contains(QStringLiteral("--set cards.meteor_strike.cost=16")))
      << head.value(QStringLiteral("command")).toString().toStdString();

  // HTML: the summary opens the report and names the edit; still nothing played.
  const QString html = dir.filePath(QStringLiteral("report.html"));
  ASSERT_TRUE(w.exportReportTo(html, &error)) << error.toStdString();
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  const QString text = readText(html);
  const auto summary = text.indexOf(QStringLiteral("<h2>Summary</h2>"));
  EXPECT_GE(summary, 0);
  EXPECT_LT(summary, text.indexOf(QStringLiteral("<h2>Setup</h2>")));
  EXPECT_TRUE(text.contains(QStringLiteral("1 unsaved edit")));
  EXPECT_TRUE(text.contains(QStringLiteral("cards.meteor_strike.cost: 18 -&gt; 16")));
}

TEST_F(ReportReuse, OtherSettingsOrEditsArePlayedAgainAndCounted) {
  if (!w.document()->ruleset().entity(model::Section::Cards, "fire"))
    GTEST_SKIP() << "card-dice has no fire card any more";
  ASSERT_TRUE(runBoth());
  // An edit after the run: the run on screen is not this ruleset's any more.
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("15")));
  const QString json = dir.filePath(QStringLiteral("again.json"));
  QString error;
  ASSERT_TRUE(w.exportReportTo(json, &error)) << error.toStdString();
  EXPECT_EQ(w.lastReportGamesToPlay(), static_cast<std::uint64_t>(3 * kGames));
  const QJsonObject head = readJson(json).value(QStringLiteral("report")).toObject();
  EXPECT_EQ(head.value(QStringLiteral("games_played")).toInteger(), 3 * kGames);
  EXPECT_EQ(head.value(QStringLiteral("games_reused")).toInteger(), 0);
  EXPECT_EQ(head.value(QStringLiteral("unsaved_edits")).toArray().first().toString(),
            QStringLiteral("cards.meteor_strike.cost: 18 -> 15"));
}

}  // namespace
}  // namespace wb::app
