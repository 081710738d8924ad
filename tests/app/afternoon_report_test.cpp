// A designer's afternoon driven through the window's own controls (the
// Simulation menu's Run, each tab's button, File > Export Report... with its
// file dialog): an edit, a compare of it with the saved file, a run, a tune,
// a ladder and the specialties. The report exported afterwards holds all five,
// each with the revision it was measured on (the edited one: this report's),
// and plays no game.
#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTimer>

#include <gtest/gtest.h>

#include "app/gui/balance/balance_panel.h"
#include "app/gui/balance/tune_spec_editor.h"
#include "app/gui/compare/compare_panel.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/ladder/ladder_panel.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/specialties/specialties_panel.h"
#include "app/gui/window/main_window.h"
#include "app/report/report_data.h"
#include "tests/app/gui_test_support.h"
#include "tests/app/last_traps_support.h"

namespace wb::app {
namespace {

QAction* menuAction(MainWindow& w, const QString& menu, const QString& text) {
  for (QAction* top : w.menuBar()->actions())
    if (top->text() == menu && top->menu())
      for (QAction* a : top->menu()->actions())
        if (a->text() == text) return a;
  return nullptr;
}

// Answers the next file dialog with `path` (as typed into it) and the filter named.
void answerFileDialog(const QString& path, const QString& filter) {
  auto* timer = new QTimer;
  timer->setInterval(20);
  QObject::connect(timer, &QTimer::timeout, [timer, path, filter] {
    auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
    if (!dialog) return;
    timer->stop();
    timer->deleteLater();
    dialog->selectNameFilter(filter);
    dialog->selectFile(path);
    // As typed: the dialog's own name box holds the name (selectFile alone may
    // leave the suggested name there while the folder is still being read).
    dialog->setDirectory(QFileInfo(path).absolutePath());
    if (auto* edit = dialog->findChild<QLineEdit*>(QStringLiteral("fileNameEdit")))
      edit->setText(QFileInfo(path).fileName());
    QMetaObject::invokeMethod(dialog, "accept", Qt::QueuedConnection);
  });
  timer->start();
}

template <typename Panel>
bool clickAndWait(Panel* panel, const QString& buttonText) {
  QPushButton* b = testing::button(panel, buttonText);
  if (!b || !b->isEnabled()) return false;
  testing::SignalCounter done(panel, &Panel::finished);
  b->click();
  return testing::waitUntil([&] { return done.count() > 0; }, 300000);
}

TEST(AfternoonReport, FiveResultsFromTheWindowsControlsEachWithItsRevisionAndNoGamePlayed) {
  QTemporaryDir dir;
  // WB_KEEP_REPORT=1 keeps the exported files to look at (the path is printed).
  if (qEnvironmentVariableIsSet("WB_KEEP_REPORT")) dir.setAutoRemove(false);
  const QString file = dir.filePath(QStringLiteral("elem-master.yaml"));
  ASSERT_TRUE(QFile::copy(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml"), file));
  QFile::setPermissions(file, QFile::ReadOwner | QFile::WriteOwner);
  MainWindow w;
  w.setPromptsEnabled(false);
  int questions = 0;
  w.setAnswerer([&](const QString&) {
    ++questions;
    return QMessageBox::Cancel;
  });
  ASSERT_TRUE(w.openFile(file));
  w.show();

  // The edit the afternoon is about, then Compare: the edit against the saved file.
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("parameters.action_points.default"), QStringLiteral("4")));
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(20);
  sim->setSeed(3);
  sim->setThreads(1);
  for (int p = 0; p < 2; ++p) sim->setAgent(p, QStringLiteral("random"));
  w.comparePanel()->setBaseline(ComparePanel::SavedFile);
  ASSERT_TRUE(clickAndWait(w.comparePanel(), QStringLiteral("Compare"))) << w.comparePanel()->errorText().toStdString();
  ASSERT_TRUE(w.comparePanel()->result().has_value()) << w.comparePanel()->errorText().toStdString();

  // Simulation > Run (F5).
  QAction* run = menuAction(w, QStringLiteral("&Simulation"), QStringLiteral("&Run"));
  ASSERT_NE(run, nullptr);
  testing::SignalCounter ran(sim, &SimulationPanel::finished);
  run->trigger();
  ASSERT_TRUE(testing::waitUntil([&] { return ran.count() > 0; }, 120000));
  ASSERT_TRUE(sim->hasResult());

  BalancePanel* balance = w.balancePanel();
  balance->specEditor()->addTarget(QStringLiteral("length"), QStringLiteral("1"), QStringLiteral("1000"));
  balance->specEditor()->addKnob(QStringLiteral("parameters.action_points"), QStringLiteral("2:4:1"));
  balance->setAgents(QStringLiteral("random"), QStringLiteral("random"));
  balance->setBudget(120);
  balance->setVerifyGames(40);
  balance->setSeed(3);
  ASSERT_TRUE(clickAndWait(balance, QStringLiteral("Run tune"))) << balance->errorText().toStdString();
  ASSERT_TRUE(balance->result().has_value()) << balance->errorText().toStdString();

  LadderPanel* ladder = w.ladderPanel();
  ladder->setAgents(QStringLiteral("random,greedy"));
  ladder->setGames(4);
  ladder->setSeed(2);
  ASSERT_TRUE(clickAndWait(ladder, QStringLiteral("Run ladder"))) << ladder->errorText().toStdString();
  ASSERT_TRUE(ladder->result().has_value()) << ladder->errorText().toStdString();

  SpecialtiesPanel* specialties = w.specialtiesPanel();
  specialties->setAgents(QStringLiteral("random"));
  specialties->setGames(2);
  specialties->setMatrixGames(1);
  specialties->setSeed(3);
  ASSERT_TRUE(clickAndWait(specialties, QStringLiteral("Run specialties"))) << specialties->errorText().toStdString();
  ASSERT_TRUE(specialties->result().has_value()) << specialties->errorText().toStdString();

  // File > Export Report..., as HTML and as PDF.
  QAction* exportReport = menuAction(w, QStringLiteral("&File"), QStringLiteral("Export &Report..."));
  ASSERT_NE(exportReport, nullptr);
  const QString html = dir.filePath(QStringLiteral("afternoon.html"));
  answerFileDialog(html, QStringLiteral("HTML report (*.html)"));
  exportReport->trigger();
  ASSERT_TRUE(QFile::exists(html));
  EXPECT_EQ(questions, 0);
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  const QString text = testing::readText(html);
  // The revision on screen at export: the edit (and the tuning targets, which are not rules).
  const QString revision = QString::fromStdString(contentHash(w.document()->ruleset()));
  EXPECT_TRUE(text.contains(QStringLiteral("this report&#39;s revision is <code>%1</code>").arg(revision)) ||
              text.contains(QStringLiteral("this report's revision is <code>%1</code>").arg(revision)))
      << "the report is not of the edited revision";
  EXPECT_TRUE(text.contains(QStringLiteral("the run&#39;s 20 games: the results on screen")) ||
              text.contains(QStringLiteral("the run's 20 games: the results on screen")));
  for (const char* part : {"Compare (the Compare tab)", "Tune (the Balance tab)", "Skill ladder (the Ladder tab)",
                           "Specialties (the Specialties tab)"}) {
    const qsizetype at = text.indexOf(QString::fromLatin1(part));
    ASSERT_GE(at, 0) << part;
    // The section's first line names its revision: the edited one, this report's.
    const QString head = text.mid(at, 400);
    EXPECT_TRUE(head.contains(QStringLiteral("Measured on revision <code>%1</code> (this report&#39;s)").arg(revision)) ||
                head.contains(QStringLiteral("Measured on revision <code>%1</code> (this report's)").arg(revision)))
        << part << ": " << head.toStdString();
  }
  EXPECT_FALSE(text.contains(QStringLiteral("No skill ladder was run")));

  // The PDF straight through what the action calls once its dialog has a
  // path (a second file dialog in one test once came back without a file).
  const QString pdf = dir.filePath(QStringLiteral("afternoon.pdf"));
  QString error;
  ASSERT_TRUE(w.exportReportTo(pdf, &error)) << error.toStdString();
  EXPECT_EQ(questions, 0);
  EXPECT_EQ(w.lastReportGamesToPlay(), 0u);
  if (qEnvironmentVariableIsSet("WB_KEEP_REPORT")) std::printf("kept %s and %s\n", qPrintable(html), qPrintable(pdf));
  QProcess toText;
  toText.start(QStringLiteral("pdftotext"), {pdf, QStringLiteral("-")});
  if (!toText.waitForFinished(60000) || toText.exitCode() != 0) GTEST_SKIP() << "pdftotext is not available";
  const QString pdfText = QString::fromUtf8(toText.readAllStandardOutput()).simplified();
  for (const char* part : {"Compare (the Compare tab)", "Tune (the Balance tab)", "Skill ladder (the Ladder tab)",
                           "Specialties (the Specialties tab)", "the run's 20 games: the results on screen"})
    EXPECT_TRUE(pdfText.contains(QString::fromLatin1(part))) << part;
  EXPECT_GE(pdfText.count(QStringLiteral("Measured on revision %1 (this report's)").arg(revision)), 4) << pdfText.toStdString().substr(0, 400);
}

}  // namespace
}  // namespace wb::app
