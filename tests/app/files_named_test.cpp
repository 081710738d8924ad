// Never a file overwritten that the user did not name. Save As of a ruleset
// with included files writes them beside the new root: one already there
// (another game's dice_questions.yaml) is replaced only after a question that
// names it; saving in place asks nothing. Export Report with a name typed
// without an extension writes NAME.html, a file the dialog never asked about:
// replaced only when the user says so.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

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

void write(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  ASSERT_TRUE(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
  f.write(bytes);
}

// card-dice.yaml includes dice_questions.yaml.
const QString kCardDiceDir = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice");

TEST(FilesNamed, SaveAsAsksBeforeReplacingAnIncludedFileItDidNotWrite) {
  QTemporaryDir source, elsewhere;
  ASSERT_TRUE(source.isValid() && elsewhere.isValid());
  for (const QString& f : {QStringLiteral("card-dice.yaml"), QStringLiteral("dice_questions.yaml")})
    ASSERT_TRUE(QFile::copy(kCardDiceDir + QLatin1Char('/') + f, source.filePath(f)));
  MainWindow w;
  w.setPromptsEnabled(false);
  QStringList asked;
  QMessageBox::StandardButton answer = QMessageBox::Cancel;
  w.setAnswerer([&](const QString& question) {
    asked << question;
    return answer;
  });
  ASSERT_TRUE(w.openFile(source.filePath(QStringLiteral("card-dice.yaml"))));
  ASSERT_FALSE(w.document()->ruleset().includes.empty());

  // Another game's questions in the folder saved to.
  const QString theirs = elsewhere.filePath(QStringLiteral("dice_questions.yaml"));
  const QByteArray theirText = "# another game's dice questions\ndice_questions: []\n";
  write(theirs, theirText);
  const QString root = elsewhere.filePath(QStringLiteral("my-card-dice.yaml"));
  EXPECT_FALSE(w.saveTo(root));
  ASSERT_EQ(asked.size(), 1);
  EXPECT_TRUE(asked.front().contains(QStringLiteral("dice_questions.yaml"))) << asked.front().toStdString();
  EXPECT_EQ(readAll(theirs), theirText) << "cancelled: their file is untouched";
  EXPECT_FALSE(QFile::exists(root)) << "and nothing else was written";

  // Yes replaces it, as asked.
  answer = QMessageBox::Yes;
  ASSERT_TRUE(w.saveTo(root));
  EXPECT_EQ(asked.size(), 2);
  EXPECT_NE(readAll(theirs), theirText);
  EXPECT_EQ(readAll(theirs), readAll(source.filePath(QStringLiteral("dice_questions.yaml"))));

  // The ruleset's own files, saved in place after an edit: no question.
  QString error;
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("17"), &error))
      << error.toStdString();
  ASSERT_TRUE(w.save());
  EXPECT_EQ(asked.size(), 2);
  // Nor into a folder with no such file.
  QTemporaryDir empty;
  ASSERT_TRUE(w.saveTo(empty.filePath(QStringLiteral("copy.yaml"))));
  EXPECT_EQ(asked.size(), 2);
  EXPECT_TRUE(QFile::exists(empty.filePath(QStringLiteral("dice_questions.yaml"))));
}

TEST(FilesNamed, ExportReportAsksBeforeReplacingTheFileItsExtensionNames) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  MainWindow w;
  w.setPromptsEnabled(false);
  QStringList asked;
  QMessageBox::StandardButton answer = QMessageBox::Cancel;
  w.setAnswerer([&](const QString& question) {
    asked << question;
    return answer;
  });
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/pig/pig.yaml")));
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(10);
  testing::SignalCounter ran(sim, &SimulationPanel::finished);
  sim->run();
  testing::waitFor([&] { return ran.count() > 0; });

  const QString typed = dir.filePath(QStringLiteral("pig-report"));
  const QString html = typed + QStringLiteral(".html");
  const QByteArray mine = "<html>my notes</html>";
  write(html, mine);
  EXPECT_FALSE(w.exportReportChosen(typed, QStringLiteral("HTML report (*.html)")));
  ASSERT_EQ(asked.size(), 1);
  EXPECT_TRUE(asked.front().contains(QStringLiteral("pig-report.html"))) << asked.front().toStdString();
  EXPECT_EQ(readAll(html), mine);
  EXPECT_FALSE(QFile::exists(typed));

  answer = QMessageBox::Yes;
  ASSERT_TRUE(w.exportReportChosen(typed, QStringLiteral("HTML report (*.html)")));
  EXPECT_NE(readAll(html), mine);
  // A new name asks nothing.
  const int before = static_cast<int>(asked.size());
  ASSERT_TRUE(w.exportReportChosen(dir.filePath(QStringLiteral("fresh")), QStringLiteral("JSON numbers (*.json)")));
  EXPECT_EQ(asked.size(), before);
  EXPECT_TRUE(QFile::exists(dir.filePath(QStringLiteral("fresh.json"))));
}

}  // namespace
}  // namespace wb::app
