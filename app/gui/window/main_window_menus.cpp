// MainWindow's menus, recent files, Help windows and saved window settings
// (split from main_window.cpp).
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFileInfo>
#include <QKeySequence>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QUndoStack>

#include <boost/version.hpp>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/game_templates.h"
#include "app/gui/window/help_dialogs.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"

#ifndef WB_YAML_CPP_VERSION
#define WB_YAML_CPP_VERSION "unknown"
#endif

namespace wb::app {

namespace {
constexpr int kMaxRecent = 8;
}  // namespace

void MainWindow::buildMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  // A new game written in the rules language, from a file of data/templates.
  QMenu* fromTemplate = file->addMenu(tr("&New from Template"));
  fromTemplate->setObjectName(QStringLiteral("newFromTemplateMenu"));
  for (const GameTemplate& t : gameTemplates())
    fromTemplate->addAction(t.title, this, [this, path = t.path] { newFromTemplate(path); });
  fromTemplate->setEnabled(!fromTemplate->isEmpty());
  file->addAction(tr("&Open..."), QKeySequence::Open, this, &MainWindow::open);
  m_recentMenu = file->addMenu(tr("Open &Recent"));
  rebuildRecentMenu();
  file->addSeparator();
  file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
  // Explicit keys where a platform theme may have none (Save As, Quit: none offscreen).
  file->addAction(tr("Save &As..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::saveAs);
  file->addAction(tr("Re&vert"), this, &MainWindow::revert);
  QMenu* exportMenu = file->addMenu(tr("&Export"));
  exportMenu->addAction(tr("Ruleset as one YAML file..."), this, &MainWindow::exportRuleset);
  exportMenu->addAction(tr("Simulation charts (PNG / SVG)..."), this, &MainWindow::exportCharts);
  file->addAction(tr("Export &Report..."), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R), this,
                  &MainWindow::exportReport);
  file->addSeparator();
  file->addAction(tr("&Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q), this, &QWidget::close);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  // Undo first drops text typed into a field that could not be applied (it
  // is not on the undo stack), then undoes the committed edits one by one.
  auto* undo = new QAction(tr("&Undo"), this);
  undo->setShortcut(QKeySequence::Undo);
  auto updateUndo = [this, undo] {
    QUndoStack* stack = m_document->undoStack();
    const bool kept = m_document->hasAnyKeptInput();
    undo->setEnabled(kept || stack->canUndo());
    undo->setText(kept                        ? tr("&Undo: drop the text not applied")
                  : stack->undoText().isEmpty() ? tr("&Undo")
                                                : tr("&Undo %1").arg(stack->undoText()));
  };
  connect(undo, &QAction::triggered, this, [this] {
    if (m_document->discardLastKeptInput()) {
      showMessage(tr("Dropped the text that was not applied."));
      return;
    }
    m_document->undoStack()->undo();
  });
  connect(m_document->undoStack(), &QUndoStack::indexChanged, undo, updateUndo);
  connect(m_document->undoStack(), &QUndoStack::cleanChanged, undo, updateUndo);
  connect(m_document, &RulesetDocument::diagnosticsChanged, undo, updateUndo);
  connect(m_document, &RulesetDocument::reset, undo, updateUndo);
  updateUndo();
  QAction* redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
  // Ctrl+Y as well as the platform's redo (Ctrl+Shift+Z here): designers come from both.
  QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
  for (const QKeySequence& k : {QKeySequence(Qt::CTRL | Qt::Key_Y), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)})
    if (!redoKeys.contains(k)) redoKeys << k;
  redo->setShortcuts(redoKeys);
  redo->setObjectName(QStringLiteral("redoAction"));
  undo->setObjectName(QStringLiteral("undoAction"));
  edit->addAction(undo);
  edit->addAction(redo);
  edit->addSeparator();
  edit->addAction(tr("&Find..."), QKeySequence::Find, this, [this] {
    m_explorer->filterEdit()->setFocus();
    m_explorer->filterEdit()->selectAll();
  });

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("&Editor"), QKeySequence(Qt::CTRL | Qt::Key_1), this, [this] { showTab(Tab::Editor); });
  view->addAction(tr("&YAML"), QKeySequence(Qt::CTRL | Qt::Key_2), this, [this] { showTab(Tab::Yaml); });
  view->addAction(tr("&Simulation"), QKeySequence(Qt::CTRL | Qt::Key_3), this, [this] { showTab(Tab::Simulation); });
  view->addAction(tr("&Dice Lab"), QKeySequence(Qt::CTRL | Qt::Key_4), this, [this] { showTab(Tab::DiceLab); });
  view->addAction(tr("S&weep"), QKeySequence(Qt::CTRL | Qt::Key_5), this, [this] { showTab(Tab::Sweep); });
  view->addAction(tr("&Games"), QKeySequence(Qt::CTRL | Qt::Key_6), this, [this] { showTab(Tab::Games); });
  view->addAction(tr("&Ladder"), QKeySequence(Qt::CTRL | Qt::Key_7), this, [this] { showTab(Tab::Ladder); });
  view->addAction(tr("C&ompare"), QKeySequence(Qt::CTRL | Qt::Key_8), this, [this] { showTab(Tab::Compare); });
  view->addAction(tr("Spe&cialties"), QKeySequence(Qt::CTRL | Qt::Key_9), this, [this] { showTab(Tab::Specialties); });
  view->addAction(tr("&Balance"), QKeySequence(Qt::CTRL | Qt::Key_0), this, [this] { showTab(Tab::Balance); });
  view->addSeparator();
  for (QDockWidget* d : findChildren<QDockWidget*>()) view->addAction(d->toggleViewAction());
  view->addSeparator();
  view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout)->setObjectName(QStringLiteral("resetLayoutAction"));

  QMenu* simulation = menuBar()->addMenu(tr("&Simulation"));
  QAction* run = simulation->addAction(tr("&Run"), QKeySequence(Qt::Key_F5), this, [this] {
    showTab(Tab::Simulation);
    m_simulation->run();
  });
  QAction* cancel = simulation->addAction(tr("&Cancel"), QKeySequence(Qt::SHIFT | Qt::Key_F5), m_simulation,
                                          &SimulationPanel::cancel);
  cancel->setEnabled(false);
  connect(m_simulation, &SimulationPanel::runningChanged, this, [run, cancel](bool running) {
    run->setEnabled(!running);
    cancel->setEnabled(running);
  });

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("Ruleset &Format Guide"), QKeySequence::HelpContents, this, [this] {
    makeDocumentDialog(this, tr("Ruleset Format Guide"), findDocument(QStringLiteral("data/schema/ruleset-format.md")))->show();
  });
  // The workflows are the designer's guide (task by task); the README is for developers.
  help->addAction(tr("&Workflows: Designer's Guide"), this, [this] {
    makeDocumentDialog(this, tr("Designer's Guide"), findDocument(QStringLiteral("data/guide/designers-guide.md")))->show();
  })->setObjectName(QStringLiteral("workflowsAction"));
  help->addAction(tr("Developer &README"), this, [this] {
    makeDocumentDialog(this, tr("Balance Workbench README"), findDocument(QStringLiteral("README.md")))->show();
  });
  help->addAction(tr("&Keyboard Shortcuts"), QKeySequence(Qt::CTRL | Qt::Key_Slash), this,
                  [this] { makeShortcutsDialog(this)->show(); });
  help->addSeparator();
  help->addAction(tr("&About Balance Workbench"), this, &MainWindow::about);
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::addRecent(const QString& path) {
  QSettings settings;
  QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
  recent.removeAll(path);
  recent.prepend(path);
  while (recent.size() > kMaxRecent) recent.removeLast();
  settings.setValue(QStringLiteral("recentFiles"), recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  if (!m_recentMenu) return;
  m_recentMenu->clear();
  const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
  int n = 0;
  for (const QString& path : recent) {
    // Numbered (Alt+1..9); a file that is gone is listed, greyed.
    QAction* a = m_recentMenu->addAction(QStringLiteral("&%1  %2  \u2014  %3").arg(++n).arg(QFileInfo(path).fileName(), path),
                                         this, [this, path] {
                                           if (maybeSave()) openFile(path);
                                         });
    a->setEnabled(QFileInfo::exists(path));
  }
  if (!recent.isEmpty()) {
    m_recentMenu->addSeparator();
    m_recentMenu->addAction(tr("&Clear Recent Files"), this, [this] {
      QSettings().remove(QStringLiteral("recentFiles"));
      rebuildRecentMenu();
    });
  }
  m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::about() {
  QMessageBox::about(
      this, tr("About Balance Workbench"),
      tr("<h3>Balance Workbench %1</h3>"
         "<p>Edit tabletop-game rulesets, simulate thousands of games between AI agents and see what the numbers do.</p>"
         "<p>Qt %2 (built with %3)<br>yaml-cpp %4<br>Boost %5.%6.%7</p>")
          .arg(QStringLiteral(WB_VERSION), QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR),
               QStringLiteral(WB_YAML_CPP_VERSION))
          .arg(BOOST_VERSION / 100000)
          .arg(BOOST_VERSION / 100 % 1000)
          .arg(BOOST_VERSION % 100));
}

QStringList MainWindow::recentFiles() { return QSettings().value(QStringLiteral("recentFiles")).toStringList(); }

void MainWindow::saveSettings() const {
  QSettings settings;
  settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
  // The Inspector and History step aside on the result tabs only; the layout
  // kept for the next launch (which opens on the Editor) has them where the
  // designer left them on the Editor.
  if (m_sideHiddenForSimulation) {
    m_inspectorDock->show();
    m_historyDock->show();
  }
  settings.setValue(QStringLiteral("window/state"), saveState(kStateVersion));
  if (m_sideHiddenForSimulation) {
    m_inspectorDock->hide();
    m_historyDock->hide();
  }
}

bool MainWindow::restoreSettings() {
  const QSettings settings;
  const QByteArray geometry = settings.value(QStringLiteral("window/geometry")).toByteArray();
  const QByteArray state = settings.value(QStringLiteral("window/state")).toByteArray();
  bool restored = !geometry.isEmpty() && restoreGeometry(geometry);
  if (!state.isEmpty()) restored = restoreState(state, kStateVersion) || restored;
  fitToScreen();  // a geometry saved on a larger screen
  return restored;
}

}  // namespace wb::app
