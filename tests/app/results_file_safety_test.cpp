// The window's results file never loses what is in it: a newer version is
// not replaced (and says so), keys this version does not know are kept, a
// damaged file is kept as NAME.bak before the new one is written, and a file
// that cannot be written is said where the results are shown. A results file
// of another ruleset is not shown as a revision of this one, and one whose
// names do not match its statistics is refused.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/results/results_file.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kSource = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/");

QByteArray readBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void writeBytes(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(bytes);
}

StoredRun someRun() {
  StoredRun s;
  s.contentHash = "abc";
  s.run.ruleset = "x";
  s.run.engine = "element";
  return s;
}

TEST(ResultsFileSafety, ANewerVersionIsNotReplacedAndSaysSo) {
  QTemporaryDir dir;
  const QString ruleset = dir.filePath(QStringLiteral("x.yaml"));
  const QString kept = ResultsFile::pathFor(ruleset);
  const QByteArray newer =
      "{\"format\": \"balance-workbench-results\", \"version\": 2, \"run\": {}, \"heatmaps\": {\"a\": 1}}\n";
  writeBytes(kept, newer);
  QString error;
  EXPECT_FALSE(ResultsFile::saveRun(ruleset, someRun(), &error));
  EXPECT_TRUE(error.contains(QStringLiteral("newer workbench (version 2"))) << error.toStdString();
  EXPECT_TRUE(error.contains(QStringLiteral("not replaced"))) << error.toStdString();
  EXPECT_EQ(readBytes(kept), newer);
  EXPECT_FALSE(ResultsFile::saveSection(ruleset, QStringLiteral("specialties"), QJsonObject{}, &error));
  EXPECT_EQ(readBytes(kept), newer);
}

TEST(ResultsFileSafety, KeysThisVersionDoesNotKnowAreKept) {
  QTemporaryDir dir;
  const QString ruleset = dir.filePath(QStringLiteral("x.yaml"));
  const QString kept = ResultsFile::pathFor(ruleset);
  writeBytes(kept, "{\"format\": \"balance-workbench-results\", \"version\": 1, \"heatmaps\": {\"a\": 1}}\n");
  QString error;
  ASSERT_TRUE(ResultsFile::saveRun(ruleset, someRun(), &error)) << error.toStdString();
  const QJsonObject root = QJsonDocument::fromJson(readBytes(kept)).object();
  EXPECT_EQ(root.value(QStringLiteral("heatmaps")).toObject().value(QStringLiteral("a")).toInt(), 1);
  EXPECT_TRUE(root.contains(QStringLiteral("run")));
  EXPECT_EQ(root.value(QStringLiteral("version")).toInt(), 1);
}

TEST(ResultsFileSafety, ADamagedFileIsKeptAsBakBeforeTheNewOneIsWritten) {
  QTemporaryDir dir;
  const QString ruleset = dir.filePath(QStringLiteral("x.yaml"));
  const QString kept = ResultsFile::pathFor(ruleset);
  const QByteArray truncated = "{\"format\": \"balance-workbench-results\", \"version\": 1, \"run\": {\"content_ha";
  writeBytes(kept, truncated);
  QString error, note;
  ASSERT_TRUE(ResultsFile::saveRun(ruleset, someRun(), &error, &note)) << error.toStdString();
  EXPECT_EQ(readBytes(kept + QStringLiteral(".bak")), truncated);
  EXPECT_TRUE(note.contains(QStringLiteral("x.results.json.bak"))) << note.toStdString();
  EXPECT_TRUE(ResultsFile::loadRun(ruleset).has_value());
  // A second damaged file does not replace the first copy.
  writeBytes(kept, "not json");
  ASSERT_TRUE(ResultsFile::saveRun(ruleset, someRun(), &error, &note)) << error.toStdString();
  EXPECT_EQ(readBytes(kept + QStringLiteral(".bak")), truncated);
  EXPECT_EQ(readBytes(kept + QStringLiteral(".bak.2")), QByteArray("not json"));
}

// Plays 20 random games of `path` in a window that keeps its results; the status text at the end.
QString playAndKeep(const QString& path) {
  MainWindow w;
  w.setPromptsEnabled(false);
  w.simulationPanel()->setResultsKept(true);
  EXPECT_TRUE(w.openFile(path));
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(20);
  sim->setSeed(3);
  sim->setThreads(1);
  sim->setAgent(0, QStringLiteral("random"));
  sim->setAgent(1, QStringLiteral("random"));
  testing::SignalCounter done(sim, &SimulationPanel::finished);
  sim->run();
  EXPECT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 60000));
  auto* status = sim->findChild<QLabel*>(QStringLiteral("runStatus"));
  return status ? status->text() : QString();
}

TEST(ResultsFileSafety, AFileThatCannotBeWrittenIsSaidWhereTheResultsAreShown) {
  QTemporaryDir dir;
  QFile::copy(kSource + QStringLiteral("element/element.yaml"), dir.filePath(QStringLiteral("element.yaml")));
  const QString path = dir.filePath(QStringLiteral("element.yaml"));
  ASSERT_TRUE(QDir(dir.path()).mkdir(QStringLiteral("element.results.json")));  // a folder where the file goes
  const QString status = playAndKeep(path);
  EXPECT_TRUE(status.contains(QStringLiteral("NOT kept"))) << status.toStdString();
  EXPECT_TRUE(status.contains(QStringLiteral("is a folder"))) << status.toStdString();
}

TEST(ResultsFileSafety, AnotherRulesetsResultsAreNotShownAsARevisionOfThisOne) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("card-dice.yaml"));
  QFile::copy(kSource + QStringLiteral("element/element.yaml"), path);
  playAndKeep(path);  // element's results in card-dice.results.json
  // The file now holds card-dice's rules under the same name: element's numbers are not its revision.
  QFile::remove(path);
  QFile::copy(kSource + QStringLiteral("card-dice/card-dice.yaml"), path);
  QFile::copy(kSource + QStringLiteral("card-dice/dice_questions.yaml"), dir.filePath(QStringLiteral("dice_questions.yaml")));
  MainWindow w;
  w.setPromptsEnabled(false);
  w.simulationPanel()->setResultsKept(true);
  QStringList messages;
  QObject::connect(w.simulationPanel(), &SimulationPanel::message, [&](const QString& m) { messages << m; });
  ASSERT_TRUE(w.openFile(path));
  EXPECT_FALSE(w.simulationPanel()->hasResult()) << w.simulationPanel()->revisionNote().toStdString();
}

TEST(ResultsFileSafety, AShortenedEntityListIsRefused) {
  QTemporaryDir dir;
  const QString path = dir.filePath(QStringLiteral("element.yaml"));
  QFile::copy(kSource + QStringLiteral("element/element.yaml"), path);
  playAndKeep(path);
  const QString kept = ResultsFile::pathFor(path);
  QJsonObject root = QJsonDocument::fromJson(readBytes(kept)).object();
  QJsonObject run = root.value(QStringLiteral("run")).toObject();
  QJsonArray entities = run.value(QStringLiteral("entities")).toArray();
  ASSERT_GE(entities.size(), 2);
  entities.removeLast();
  run[QStringLiteral("entities")] = entities;
  root[QStringLiteral("run")] = run;
  writeBytes(kept, QJsonDocument(root).toJson());
  QString error;
  EXPECT_FALSE(ResultsFile::loadRun(path, &error).has_value());
  EXPECT_TRUE(error.contains(QStringLiteral("entities"))) << error.toStdString();
}

}  // namespace
}  // namespace wb::app
