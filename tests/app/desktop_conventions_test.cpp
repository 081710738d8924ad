// What a designer expects from a desktop tool: redo on
// Ctrl+Y as well as Ctrl+Shift+Z, File > Save As (the window then edits the
// new file, listed first under Open Recent), the recent-files menu, window
// geometry and dock layout kept between sessions (QSettings), a Help menu
// with the format guide, the README's sections and a shortcut list built from
// the menus, the explorer's filter cleared by Esc and on opening another
// ruleset, and the "±" of the game length named a standard deviation. All
// ten tabs are in view at the default window size (no scroll arrows, which
// appeared at 1400 px once the Balance and Specialties tabs came).
#include <QAction>
#include <QDialog>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QScrollBar>
#include <QSettings>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/help_dialogs.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "model/path/ruleset_path.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kCardDice = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml");
const QString kElement = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/element/element.yaml");

QAction* findAction(QMainWindow& w, const QString& objectName) {
  for (auto* a : w.findChildren<QAction*>())
    if (a->objectName() == objectName) return a;
  return nullptr;
}

QMenu* topMenu(QMainWindow& w, const QString& title) {
  for (QAction* a : w.menuBar()->actions())
    if (a->menu() && a->text().remove(QLatin1Char('&')) == title) return a->menu();
  return nullptr;
}

QStringList actionTexts(QMenu* menu) {
  QStringList out;
  for (QAction* a : menu->actions())
    if (!a->isSeparator()) out << a->text().remove(QLatin1Char('&'));
  return out;
}

// Settings of this test program only (organization BalanceWorkbenchTests), emptied around each test.
struct CleanSettings {
  CleanSettings() { QSettings().clear(); }
  ~CleanSettings() { QSettings().clear(); }
};

TEST(DesktopConventions, RedoAnswersCtrlYAndCtrlShiftZ) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  QAction* redo = findAction(w, QStringLiteral("redoAction"));
  ASSERT_NE(redo, nullptr);
  EXPECT_TRUE(redo->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::Key_Y)));
  EXPECT_TRUE(redo->shortcuts().contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)));
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("17")));
  w.document()->undoStack()->undo();
  EXPECT_EQ(model::getPath(w.document()->ruleset(), "cards.meteor_strike.cost")->text, "18");
  redo->trigger();
  EXPECT_EQ(model::getPath(w.document()->ruleset(), "cards.meteor_strike.cost")->text, "17");
  // The shortcut list of the Help menu shows both.
  const QStringList shortcuts = shortcutList(&w);
  bool listed = false;
  for (const QString& row : shortcuts)
    if (row.startsWith(QStringLiteral("Edit > Redo")) && row.contains(QStringLiteral("Ctrl+Y")) &&
        row.contains(QStringLiteral("Ctrl+Shift+Z")))
      listed = true;
  EXPECT_TRUE(listed) << shortcuts.join('\n').toStdString();
  for (const char* row : {"File > Save As\tCtrl+Shift+S", "File > Quit\tCtrl+Q", "Help > Ruleset Format Guide\tF1"})
    EXPECT_TRUE(shortcuts.contains(QString::fromLatin1(row))) << row << "\n" << shortcuts.join('\n').toStdString();
}

TEST(DesktopConventions, SaveAsWritesTheNewFileAndListsItFirstUnderOpenRecent) {
  CleanSettings clean;
  QTemporaryDir dir;
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  ASSERT_TRUE(w.openFile(kCardDice));
  ASSERT_EQ(MainWindow::recentFiles().size(), 2);
  EXPECT_TRUE(MainWindow::recentFiles()[0].endsWith(QStringLiteral("card-dice.yaml")));
  EXPECT_TRUE(MainWindow::recentFiles()[1].endsWith(QStringLiteral("element.yaml")));
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("cards.meteor_strike.cost"), QStringLiteral("16")));
  const QString target = dir.filePath(QStringLiteral("my-variant.yaml"));
  ASSERT_TRUE(w.saveTo(target));
  EXPECT_TRUE(QFile::exists(target));
  EXPECT_EQ(QFileInfo(w.document()->filePath()).fileName(), QStringLiteral("my-variant.yaml"));
  EXPECT_FALSE(w.document()->isModified());
  EXPECT_TRUE(w.windowTitle().startsWith(QStringLiteral("my-variant.yaml")));
  RulesetDocument reopened;
  ASSERT_TRUE(reopened.open(target));
  EXPECT_EQ(model::getPath(reopened.ruleset(), "cards.meteor_strike.cost")->text, "16");
  const QStringList recent = MainWindow::recentFiles();
  ASSERT_EQ(recent.size(), 3);
  EXPECT_TRUE(recent[0].endsWith(QStringLiteral("my-variant.yaml")));

  // File > Open Recent: numbered entries, most recent first; a file that is gone is greyed.
  QMenu* file = topMenu(w, QStringLiteral("File"));
  ASSERT_NE(file, nullptr);
  EXPECT_TRUE(actionTexts(file).contains(QStringLiteral("Save As...")));
  QMenu* recentMenu = nullptr;
  for (QAction* a : file->actions())
    if (a->menu() && a->text().remove(QLatin1Char('&')) == QStringLiteral("Open Recent")) recentMenu = a->menu();
  ASSERT_NE(recentMenu, nullptr);
  QStringList entries = actionTexts(recentMenu);
  ASSERT_GE(entries.size(), 4);
  EXPECT_TRUE(entries[0].startsWith(QStringLiteral("1  my-variant.yaml")));
  EXPECT_TRUE(entries[1].startsWith(QStringLiteral("2  card-dice.yaml")));
  EXPECT_TRUE(entries.contains(QStringLiteral("Clear Recent Files")));
  QFile::remove(target);
  ASSERT_TRUE(w.openFile(kElement));  // rebuilds the menu
  for (QAction* a : recentMenu->actions())
    if (a->text().contains(QStringLiteral("my-variant.yaml"))) {
      EXPECT_FALSE(a->isEnabled());
    }
}

TEST(DesktopConventions, WindowGeometryAndDockLayoutComeBackInTheNextSession) {
  CleanSettings clean;
  QSize saved;
  {
    MainWindow first;
    first.setPromptsEnabled(false);
    EXPECT_FALSE(first.restoreSettings()) << "nothing saved yet";
    first.resize(731, 641);  // within the offscreen screen (800 x 800): a larger one is fitted to it
    first.show();
    testing::spin(30);
    saved = first.size();
    EXPECT_NE(saved, MainWindow().size()) << "not the default size";
    for (auto* d : first.findChildren<QDockWidget*>())
      if (d->objectName() == QStringLiteral("DiagnosticsDock")) d->hide();
    first.saveSettings();
  }
  MainWindow second;
  second.setPromptsEnabled(false);
  ASSERT_TRUE(second.restoreSettings());
  second.show();
  testing::spin(30);
  EXPECT_EQ(second.size(), saved);
  for (auto* d : second.findChildren<QDockWidget*>()) {
    if (d->objectName() == QStringLiteral("DiagnosticsDock")) {
      EXPECT_FALSE(d->isVisible());
    }
    if (d->objectName() == QStringLiteral("ExplorerDock")) {
      EXPECT_TRUE(d->isVisible());
    }
  }
}

// Help > Workflows showed the developer README; it shows the
// designer's guide (task by task), the README stays apart for developers.
TEST(DesktopConventions, HelpWorkflowsShowsTheDesignersGuide) {
  setDocumentationRoot(QStringLiteral(WB_SOURCE_DIR));
  MainWindow w;
  w.setPromptsEnabled(false);
  QMenu* help = topMenu(w, QStringLiteral("Help"));
  ASSERT_NE(help, nullptr);
  QAction* workflows = nullptr;
  for (QAction* a : help->actions())
    if (a->text().remove(QLatin1Char('&')).startsWith(QStringLiteral("Workflows"))) workflows = a;
  ASSERT_NE(workflows, nullptr);
  workflows->trigger();
  QTextBrowser* text = nullptr;
  for (QDialog* d : w.findChildren<QDialog*>())
    if (d->isVisible()) text = d->findChild<QTextBrowser*>(QStringLiteral("text"));
  ASSERT_NE(text, nullptr);
  EXPECT_TRUE(text->toPlainText().contains(QStringLiteral("Balance a card's cost")));
  EXPECT_FALSE(text->toPlainText().contains(QStringLiteral("cmake")));
}

TEST(DesktopConventions, HelpMenuHasTheFormatGuideTheReadmeSectionsAndTheShortcuts) {
  setDocumentationRoot(QStringLiteral(WB_SOURCE_DIR));
  MainWindow w;
  w.setPromptsEnabled(false);
  QMenu* help = topMenu(w, QStringLiteral("Help"));
  ASSERT_NE(help, nullptr);
  const QStringList items = actionTexts(help);
  for (const char* item : {"Ruleset Format Guide", "Workflows: Designer's Guide", "Developer README", "Keyboard Shortcuts", "About Balance Workbench"})
    EXPECT_TRUE(items.contains(QString::fromLatin1(item))) << item << " in " << items.join(',').toStdString();

  const QString readme = findDocument(QStringLiteral("README.md"));
  ASSERT_FALSE(readme.isEmpty());
  // The designer's guide, task by task, apart from the developer README.
  const QString guide = findDocument(QStringLiteral("data/guide/designers-guide.md"));
  ASSERT_FALSE(guide.isEmpty());
  for (const char* s : {"Balance a card's cost", "Find the first-player edge", "Compare two versions", "Watch a game",
                        "Read the ladder", "Export a report"})
    EXPECT_TRUE(markdownSections(guide).contains(QString::fromLatin1(s))) << s;
  EXPECT_TRUE(findDocument(QStringLiteral("data/schema/ruleset-format.md")).endsWith(QStringLiteral("ruleset-format.md")));
  const QStringList sections = markdownSections(readme);
  for (const char* s : {"Set up", "A five-minute tour", "Commands", "Documentation"})
    EXPECT_TRUE(sections.contains(QString::fromLatin1(s))) << s;

  // The README window lists its sections; picking one scrolls to it.
  QDialog* dialog = makeDocumentDialog(&w, QStringLiteral("README"), readme);
  dialog->resize(900, 600);
  dialog->show();
  auto* list = dialog->findChild<QListWidget*>(QStringLiteral("sections"));
  auto* text = dialog->findChild<QTextBrowser*>(QStringLiteral("text"));
  ASSERT_TRUE(list && text);
  EXPECT_EQ(list->count(), sections.size());
  EXPECT_TRUE(text->toPlainText().contains(QStringLiteral("Balance Workbench")));
  testing::spin(30);
  const auto rows = list->findItems(QStringLiteral("Documentation"), Qt::MatchExactly);
  ASSERT_EQ(rows.size(), 1);
  list->setCurrentItem(rows[0]);
  testing::spin(30);
  EXPECT_GT(text->verticalScrollBar()->value(), 0);
  // WB_GRAB_DIR=/some/dir: the windows as PNG, to look at them.
  const QString grabs = qEnvironmentVariable("WB_GRAB_DIR");
  if (!grabs.isEmpty()) {
    dialog->grab().save(grabs + QStringLiteral("/help-readme.png"));
    QDialog* keys = makeShortcutsDialog(&w);
    keys->show();
    testing::spin(30);
    keys->grab().save(grabs + QStringLiteral("/help-shortcuts.png"));
    keys->close();
  }
  dialog->close();

  // A missing document says where it was looked for instead of an empty window.
  QDialog* missing = makeDocumentDialog(&w, QStringLiteral("x"), QString());
  bool says = false;
  for (auto* l : missing->findChildren<QLabel*>()) says = says || l->text().contains(QStringLiteral("not found"));
  EXPECT_TRUE(says);
  delete missing;
}

TEST(DesktopConventions, FilterIsClearedByEscapeAndWhenAnotherRulesetOpens) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  w.show();
  QLineEdit* filter = w.findChild<RulesetExplorer*>()->filterEdit();
  EXPECT_TRUE(filter->isClearButtonEnabled());
  filter->setText(QStringLiteral("meteor"));
  QAction* escape = nullptr;
  for (QAction* a : filter->actions())
    if (a->shortcut() == QKeySequence(Qt::Key_Escape)) escape = a;
  ASSERT_NE(escape, nullptr) << "Esc in the filter box";
  EXPECT_EQ(escape->shortcutContext(), Qt::WidgetShortcut);
  escape->trigger();
  EXPECT_TRUE(filter->text().isEmpty());

  filter->setText(QStringLiteral("meteor"));
  ASSERT_TRUE(w.openFile(kElement));
  EXPECT_TRUE(filter->text().isEmpty()) << "the old filter would hide the new ruleset's entities";
}

// `workbench data/rulesets/card-dice` opens the folder's root file, as
// `balance run data/rulesets/card-dice` reads it (was "cannot open file: is a directory").
TEST(DesktopConventions, AFolderOpensItsRootFileAsTheCommandLineDoes) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/")));
  EXPECT_EQ(QFileInfo(w.document()->filePath()).fileName(), QStringLiteral("card-dice.yaml"));
  EXPECT_EQ(w.document()->errorCount(), 0);
}

TEST(DesktopConventions, GameLengthPlusMinusIsNamedAStandardDeviation) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElement));
  SimulationPanel* panel = w.simulationPanel();
  panel->setGames(20);
  testing::SignalCounter finished(panel, &SimulationPanel::finished);
  panel->run();
  // A run that started always ends with `finished`: wait for it, however loaded the machine.
  ASSERT_TRUE(panel->isRunning() || finished.count() > 0);
  testing::waitFor([&] { return finished.count() > 0; });
  bool named = false;
  for (auto* l : panel->findChildren<QLabel*>())
    if (l->text().contains(QStringLiteral("\u00b1")))
      named = l->text().contains(QStringLiteral("mean \u00b1 standard deviation"));
  EXPECT_TRUE(named);
}

TEST(DesktopConventions, EveryTabIsInViewAtTheDefaultWindowSize) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kCardDice));
  auto* tabs = qobject_cast<QTabWidget*>(w.centralWidget());
  ASSERT_NE(tabs, nullptr);
  ASSERT_EQ(tabs->count(), 10);
  // A narrower window elides the titles before it resorts to scroll arrows.
  EXPECT_EQ(tabs->elideMode(), Qt::ElideRight);
  // The default window is 1400 px wide with the explorer (250) and inspector
  // (380) docks beside the tabs: every title fits in full in what is left.
  const int needed = tabs->tabBar()->sizeHint().width();  // every tab at its full title
  EXPECT_LE(needed, 1400 - 250 - 380 - 20) << "tab titles need " << needed << " px";
  // The YAML tab's title is short; the page itself says it is read-only.
  auto* note = w.findChild<QLabel*>(QStringLiteral("yamlReadOnlyNote"));
  ASSERT_NE(note, nullptr);
  EXPECT_TRUE(note->text().startsWith(QStringLiteral("Read-only")));
  EXPECT_EQ(tabs->tabText(1), QStringLiteral("YAML"));
}

}  // namespace
}  // namespace wb::app
