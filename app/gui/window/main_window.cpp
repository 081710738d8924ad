#include "app/gui/window/main_window.h"

#include "app/gui/document/same_rules.h"
#include "app/gui/report/window_results.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QScreen>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QUndoStack>
#include <QUndoView>
#include <QVBoxLayout>

#include "app/gui/assumptions/assumption_marks.h"
#include "app/gui/assumptions/assumptions_bar.h"
#include "app/gui/dice_lab/dice_lab_panel.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/dice_table_model.h"
#include "app/gui/compare/compare_panel.h"
#include "app/gui/games/games_panel.h"
#include "app/gui/ladder/ladder_panel.h"
#include "app/gui/balance/balance_panel.h"
#include "app/gui/specialties/specialties_panel.h"
#include "app/gui/editors/entity_inspector.h"
#include "app/gui/editors/entity_table_model.h"
#include "app/gui/editors/parameter_table_model.h"
#include "app/gui/report/report_export.h"
#include "app/gui/simulation/impact_bar.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/sweep/sweep_panel.h"
#include "app/gui/window/diagnostics_panel.h"
#include "app/gui/window/overview_page.h"
#include "app/gui/window/ruleset_explorer.h"
#include "app/gui/window/table_page.h"
#include "app/gui/window/yaml_view.h"
#include "app/report/report_request.h"
#include "model/core/atomic_file.h"
#include "model/diff/ruleset_diff.h"
#include "model/yaml/ruleset_loader.h"
#include "model/yaml/ruleset_writer.h"
#include "rulesets/engine_catalog.h"

namespace wb::app {

namespace {
const char* const kSectionTitles[] = {"Cards", "Tiles", "Events", "Abilities", "Factions"};
}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_document(new RulesetDocument(this)) {
  setObjectName(QStringLiteral("MainWindow"));
  resize(1400, 860);
  fitToScreen();

  m_tabs = new QTabWidget(this);
  m_tabs->setDocumentMode(true);
  // All ten tabs in view at the default size: a narrower window first shortens
  // the titles (elided), and only a very narrow one falls back to scroll arrows
  // (so the window still fits a small screen); Ctrl+1..9, Ctrl+0 reach every tab.
  m_tabs->setElideMode(Qt::ElideRight);
  m_pages = new QStackedWidget(m_tabs);
  m_overview = new OverviewPage(m_document, m_pages);
  // Its four boxes (a described game's rules among them) scroll rather than
  // make the window taller than a 700 px screen.
  auto* overviewArea = new QScrollArea(m_pages);
  overviewArea->setObjectName(QStringLiteral("overviewScroll"));
  overviewArea->setWidgetResizable(true);
  overviewArea->setFrameShape(QFrame::NoFrame);
  overviewArea->setWidget(m_overview);
  m_pages->addWidget(overviewArea);
  m_tables.push_back(new TablePage(m_document, new ParameterTableModel(m_document), std::nullopt, tr("Parameters"), m_pages));
  // Every assumed value carries a marker; the parameters page measures which
  // of them decide the verdict.
  auto* assumptionsBar = new AssumptionsBar(m_document);
  m_tables.front()->addBar(assumptionsBar);
  connect(assumptionsBar, &AssumptionsBar::message, this, &MainWindow::showMessage);
  m_tables.push_back(new TablePage(m_document, new DiceTableModel(m_document), std::nullopt, tr("Dice"), m_pages));
  for (model::Section s : model::kSections)
    m_tables.push_back(new TablePage(m_document, new EntityTableModel(m_document, s), s,
                                     tr(kSectionTitles[static_cast<int>(s)]), m_pages));
  for (TablePage* page : m_tables) {
    m_pages->addWidget(page);
    connect(page, &TablePage::message, this, &MainWindow::showMessage);
    connect(page, &TablePage::sweepRequested, this, &MainWindow::sweepValue);
    connect(page, &TablePage::entitySelected, this, [this](model::Section s, const QString& id) {
      m_inspector->setEntity(s, id);
      m_explorer->select(RulesetExplorer::pageOf(s), id);
    });
  }
  m_yaml = new YamlView(m_document, m_tabs);
  m_simulation = new SimulationPanel(m_document, m_tabs);
  m_tabs->addTab(m_pages, tr("Editor"));
  // Read-only, and it says so (a line above the text; the tab title stays short
  // so every tab fits): edits go through the editor (every one undoable).
  auto* yamlPage = new QWidget(m_tabs);
  auto* yamlLayout = new QVBoxLayout(yamlPage);
  yamlLayout->setContentsMargins(0, 0, 0, 0);
  yamlLayout->setSpacing(0);
  auto* yamlNote = new QLabel(tr("Read-only: the ruleset as it would be saved. Edit in the Editor tab (every edit "
                                 "can be undone) or in your text editor (the workbench reloads a changed file)."),
                              yamlPage);
  yamlNote->setObjectName(QStringLiteral("yamlReadOnlyNote"));
  yamlNote->setWordWrap(true);
  yamlNote->setContentsMargins(6, 3, 6, 3);
  yamlLayout->addWidget(yamlNote);
  yamlLayout->addWidget(m_yaml, 1);
  m_tabs->addTab(yamlPage, tr("YAML"));
  m_tabs->setTabToolTip(static_cast<int>(Tab::Yaml),
                        tr("The ruleset as YAML, as it would be saved. Read-only: edit in the Editor tab or in your text "
                           "editor (the workbench reloads a file changed on disk)."));
  // The wide tabs scroll rather than push the window past a small screen.
  auto scrolled = [this](QWidget* panel) {
    auto* area = new QScrollArea(m_tabs);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidget(panel);
    return area;
  };
  m_tabs->addTab(scrolled(m_simulation), tr("Simulation"));
  m_diceLab = new DiceLabPanel(m_document, m_tabs);
  m_tabs->addTab(scrolled(m_diceLab), tr("Dice Lab"));
  m_sweep = new SweepPanel(m_document, m_tabs);
  m_tabs->addTab(scrolled(m_sweep), tr("Sweep"));
  m_games = new GamesPanel(m_simulation, m_tabs);
  m_tabs->addTab(scrolled(m_games), tr("Games"));
  m_tabs->setTabToolTip(static_cast<int>(Tab::Games), tr("Watch the games of the run on the Simulation tab, move by move."));
  m_ladder = new LadderPanel(m_document, m_tabs);
  m_tabs->addTab(scrolled(m_ladder), tr("Ladder"));
  m_tabs->setTabToolTip(static_cast<int>(Tab::Ladder), tr("The skill ladder: ratings, head to head, and the conclusions that change with skill."));
  m_compare = new ComparePanel(m_document, m_simulation, m_tabs);
  m_tabs->addTab(scrolled(m_compare), tr("Compare"));
  m_tabs->setTabToolTip(static_cast<int>(Tab::Compare), tr("Before / after: the open ruleset against the saved file, the run's revision or another file."));
  m_specialties = new SpecialtiesPanel(m_document, m_tabs);
  m_tabs->addTab(scrolled(m_specialties), tr("Specialties"));
  m_tabs->setTabToolTip(static_cast<int>(Tab::Specialties), tr("Faction balance: each faction against the baseline, and the round-robin matrix."));
  m_balance = new BalancePanel(m_document, m_tabs);
  m_tabs->addTab(scrolled(m_balance), tr("Balance"));
  m_tabs->setTabToolTip(static_cast<int>(Tab::Balance), tr("Automatic balancing: state targets and knobs; the tuner proposes the fewest edits that meet them, verified on fresh seeds."));
  connect(m_balance, &BalancePanel::message, this, &MainWindow::showMessage);
  setCentralWidget(m_tabs);

  buildDocks();
  buildMenus();

  m_problemsLabel = new QLabel(this);
  m_engineLabel = new QLabel(this);
  statusBar()->addPermanentWidget(m_engineLabel);
  statusBar()->addPermanentWidget(m_problemsLabel);

  connect(m_overview, &OverviewPage::message, this, &MainWindow::showMessage);
  connect(m_simulation, &SimulationPanel::message, this, &MainWindow::showMessage);
  connect(m_diceLab, &DiceLabPanel::message, this, &MainWindow::showMessage);
  connect(m_sweep, &SweepPanel::message, this, &MainWindow::showMessage);
  connect(m_specialties, &SpecialtiesPanel::message, this, &MainWindow::showMessage);
  connect(m_document, &RulesetDocument::modifiedChanged, this, &MainWindow::updateTitle);
  connect(m_document, &RulesetDocument::filePathChanged, this, &MainWindow::updateTitle);
  connect(m_document, &RulesetDocument::reset, this, &MainWindow::updateTitle);
  connect(m_document, &RulesetDocument::diagnosticsChanged, this, &MainWindow::updateStatus);
  connect(m_document, &RulesetDocument::fileChangedOnDisk, this, &MainWindow::onFileChangedOnDisk);
  connect(m_document, &RulesetDocument::changed, this, [this](const DocumentChange& c) {
    // A removed entity leaves the inspector empty; an added one can be shown.
    if (c.kind == DocumentChange::Kind::Entities && !m_inspector->entityId().isEmpty() &&
        !m_document->ruleset().entity(m_inspector->section(), m_inspector->entityId().toStdString()))
      m_inspector->setEntity(m_inspector->section(), QString());
  });
  // The charts need the width: the inspector steps aside on the Simulation tab.
  connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
    const bool simulation = index == static_cast<int>(Tab::Simulation) || index == static_cast<int>(Tab::DiceLab) ||
                            index == static_cast<int>(Tab::Sweep) || index == static_cast<int>(Tab::Games) ||
                            index == static_cast<int>(Tab::Ladder) || index == static_cast<int>(Tab::Compare) ||
                            index == static_cast<int>(Tab::Specialties) ||
                            index == static_cast<int>(Tab::Balance);
    if (simulation && m_inspectorDock->isVisible()) {
      m_inspectorDock->hide();
      m_historyDock->hide();
      m_sideHiddenForSimulation = true;
    } else if (!simulation && m_sideHiddenForSimulation) {
      m_inspectorDock->show();
      m_historyDock->show();
      m_inspectorDock->raise();
      m_sideHiddenForSimulation = false;
    }
  });
  updateTitle();
  updateStatus();
  showPage(RulesetExplorer::Overview);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildDocks() {
  setDockNestingEnabled(true);
  auto dock = [this](const QString& title, const QString& name, QWidget* w, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setWidget(w);
    addDockWidget(area, d);
    return d;
  };
  m_explorer = new RulesetExplorer(m_document, this);
  auto* explorerDock = dock(tr("Ruleset"), QStringLiteral("ExplorerDock"), m_explorer, Qt::LeftDockWidgetArea);
  m_inspector = new EntityInspector(m_document, this);
  // A card with many properties (a described game's 29) scrolls in its dock
  // rather than making the window taller than the screen.
  auto* inspectorArea = new QScrollArea(this);
  inspectorArea->setObjectName(QStringLiteral("inspectorScroll"));
  inspectorArea->setWidgetResizable(true);
  inspectorArea->setFrameShape(QFrame::NoFrame);
  inspectorArea->setWidget(m_inspector);
  auto* inspectorDock = dock(tr("Inspector"), QStringLiteral("InspectorDock"), inspectorArea, Qt::RightDockWidgetArea);
  m_history = new QUndoView(m_document->undoStack(), this);
  m_history->setEmptyLabel(tr("<opened>"));
  auto* historyDock = dock(tr("History"), QStringLiteral("HistoryDock"), m_history, Qt::RightDockWidgetArea);
  tabifyDockWidget(inspectorDock, historyDock);
  m_inspectorDock = inspectorDock;
  m_historyDock = historyDock;
  inspectorDock->raise();
  m_diagnostics = new DiagnosticsPanel(m_document, this);
  auto* diagnosticsDock = dock(tr("Diagnostics"), QStringLiteral("DiagnosticsDock"), m_diagnostics, Qt::BottomDockWidgetArea);
  // The explorer never shrinks until every name reads "...".
  m_explorer->setMinimumWidth(170);
  m_explorerDock = explorerDock;
  m_diagnosticsDock = diagnosticsDock;
  // Sizes apply once the window has its layout.
  QTimer::singleShot(0, this, [this] { sizeDocks(); });

  connect(m_explorer, &RulesetExplorer::pageSelected, this, &MainWindow::showPage);
  connect(m_explorer, &RulesetExplorer::entitySelected, this, &MainWindow::showEntity);
  connect(m_explorer, &RulesetExplorer::filterChanged, this, [this](const QString& text) {
    for (TablePage* page : m_tables) page->setFilter(text);
  });
  connect(m_inspector, &EntityInspector::message, this, &MainWindow::showMessage);
  connect(m_inspector, &EntityInspector::sweepRequested, this, &MainWindow::sweepValue);
  connect(m_diagnostics, &DiagnosticsPanel::diagnosticActivated, this, &MainWindow::goToDiagnostic);
}

void MainWindow::sizeDocks() {
  resizeDocks({m_explorerDock, m_inspectorDock}, {250, 380}, Qt::Horizontal);
  resizeDocks({m_diagnosticsDock}, {m_document->diagnostics().empty() ? 40 : 130}, Qt::Vertical);
}

void MainWindow::resetLayout() {
  // Every dock back in its place, shown, docked, at its first size.
  for (QDockWidget* d : {m_explorerDock, m_inspectorDock, m_historyDock, m_diagnosticsDock}) {
    d->setFloating(false);
    removeDockWidget(d);
  }
  addDockWidget(Qt::LeftDockWidgetArea, m_explorerDock);
  addDockWidget(Qt::RightDockWidgetArea, m_inspectorDock);
  addDockWidget(Qt::RightDockWidgetArea, m_historyDock);
  tabifyDockWidget(m_inspectorDock, m_historyDock);
  addDockWidget(Qt::BottomDockWidgetArea, m_diagnosticsDock);
  const bool sideHidden = m_tabs->currentIndex() == static_cast<int>(Tab::Simulation) ||
                          m_tabs->currentIndex() == static_cast<int>(Tab::DiceLab) ||
                          m_tabs->currentIndex() == static_cast<int>(Tab::Sweep) ||
                          m_tabs->currentIndex() == static_cast<int>(Tab::Games) ||
                          m_tabs->currentIndex() == static_cast<int>(Tab::Ladder) ||
                          m_tabs->currentIndex() == static_cast<int>(Tab::Compare) ||
                          m_tabs->currentIndex() == static_cast<int>(Tab::Specialties) ||
                          m_tabs->currentIndex() == static_cast<int>(Tab::Balance);
  for (QDockWidget* d : {m_explorerDock, m_diagnosticsDock}) d->show();
  m_inspectorDock->setVisible(!sideHidden);
  m_historyDock->setVisible(!sideHidden);
  m_sideHiddenForSimulation = sideHidden;
  m_inspectorDock->raise();
  fitToScreen();
  sizeDocks();
  showMessage(tr("Layout reset."));
}

void MainWindow::fitToScreen() {
  const QScreen* s = screen() ? screen() : QGuiApplication::primaryScreen();
  if (!s) return;
  const QRect available = s->availableGeometry();
  const QSize most(std::max(400, available.width() - 20), std::max(300, available.height() - 40));
  if (width() > most.width() || height() > most.height())
    resize(std::min(width(), most.width()), std::min(height(), most.height()));
}

bool MainWindow::openFile(const QString& given) {
  // A ruleset's folder, as every `balance` command takes it: its root file FOLDER.yaml.
  QString path = given;
  if (const QFileInfo info(given); info.isDir())
    for (const char* ext : {".yaml", ".yml"})
      if (const QString root = QDir(given).filePath(QDir(QDir(given).absolutePath()).dirName() + QLatin1String(ext));
          QFileInfo(root).isFile()) {
        path = root;
        break;
      }
  const bool ok = m_document->open(path);
  if (ok) addRecent(m_document->filePath());
  m_explorer->filterEdit()->clear();  // another ruleset: the old filter would hide what it has
  m_inspector->setEntity(model::Section::Cards, QString());
  showPage(RulesetExplorer::Overview);
  const int errors = m_document->errorCount();
  showMessage(!ok ? tr("Cannot read %1").arg(path)
                  : errors ? tr("Opened %1 with %n error(s).", nullptr, errors).arg(QFileInfo(path).fileName())
                           : tr("Opened %1.").arg(QFileInfo(path).fileName()));
  return ok;
}

TablePage* MainWindow::tablePage(int explorerPage) const {
  const int i = explorerPage - 1;
  return i >= 0 && i < static_cast<int>(m_tables.size()) ? m_tables[static_cast<std::size_t>(i)] : nullptr;
}

void MainWindow::showTab(Tab tab) { m_tabs->setCurrentIndex(static_cast<int>(tab)); }

void MainWindow::showPage(int explorerPage) {
  m_pages->setCurrentIndex(std::clamp(explorerPage, 0, m_pages->count() - 1));
  if (m_tabs->currentIndex() != static_cast<int>(Tab::Editor)) showTab(Tab::Editor);
  m_explorer->select(explorerPage);
}

void MainWindow::showEntity(model::Section section, const QString& id) {
  const int page = RulesetExplorer::pageOf(section);
  m_pages->setCurrentIndex(page);
  showTab(Tab::Editor);
  if (TablePage* t = tablePage(page)) t->selectRow(id);
  m_explorer->select(page, id);
  m_inspector->setEntity(section, id);
}

void MainWindow::goToDiagnostic(const model::Diagnostic& diagnostic) {
  model::Section section{};
  if (const model::Entity* e = m_document->entityAt(diagnostic.where, &section)) {
    showEntity(section, QString::fromStdString(e->id));
  } else if (diagnostic.where.known()) {
    showTab(Tab::Yaml);
    m_yaml->goToLine(diagnostic.where.line);
  }
  showMessage(QString::fromStdString(diagnostic.format()));
}

void MainWindow::sweepValue(const QString& path) {
  m_sweep->setPath(path);
  showTab(Tab::Sweep);
  showMessage(tr("Sweep %1: check the values and press Run sweep.").arg(path));
}

void MainWindow::updateTitle() {
  setWindowTitle(tr("%1[*] \u2014 Balance Workbench").arg(m_document->displayName()));
  setWindowModified(m_document->isModified());
}

void MainWindow::updateStatus() {
  const int errors = m_document->errorCount(), warnings = m_document->warningCount();
  m_problemsLabel->setText(errors + warnings == 0
                               ? tr("\u2714 no problems")
                               : tr("%1 error(s), %2 warning(s)").arg(errors).arg(warnings));
  m_problemsLabel->setStyleSheet(errors ? QStringLiteral("color: #c62828;") : QStringLiteral("color: #2e7d32;"));
  m_engineLabel->setText(tr("engine: %1").arg(QString::fromStdString(m_document->ruleset().engine)));
}

void MainWindow::showMessage(const QString& text) { statusBar()->showMessage(text, 8000); }

bool MainWindow::maybeSave() {
  if (!m_document->isModified() || !m_prompts) return true;
  const auto answer = QMessageBox::warning(
      this, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(m_document->displayName()),
      QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return save();
  return answer == QMessageBox::Discard;
}

void MainWindow::closeEvent(QCloseEvent* event) {
  // Quitting during a run would throw its games away: ask first.
  const QStringList running = runningWork();
  if (!running.isEmpty() && (m_prompts || m_answer) &&
      ask(tr("Quit"), tr("%1 still playing. Quit and lose it?").arg(running.join(tr(" and "))),
          QMessageBox::Yes | QMessageBox::Cancel) != QMessageBox::Yes) {
    event->ignore();
    return;
  }
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  m_simulation->cancel();
  m_sweep->cancel();
  if (m_prompts) saveSettings();
  event->accept();
}

QStringList MainWindow::runningWork() const {
  QStringList out;
  if (m_simulation->isRunning()) out << tr("The simulation is");
  if (m_sweep->isRunning()) out << tr("the sweep is");
  if (m_compare->isRunning()) out << tr("the comparison is");
  if (m_ladder->isRunning()) out << tr("the ladder is");
  if (m_specialties->isRunning()) out << tr("the specialties are");
  if (m_balance->isRunning()) out << tr("the tune is");
  if (!out.isEmpty()) out[0][0] = out[0][0].toUpper();
  return out;
}

void MainWindow::open() {
  if (!maybeSave()) return;
  const QString dir = m_document->filePath().isEmpty() ? QString() : QFileInfo(m_document->filePath()).absolutePath();
  const QString path = QFileDialog::getOpenFileName(this, tr("Open ruleset"), dir, tr("Rulesets (*.yaml *.yml);;All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

QString MainWindow::saveProblems() const {
  const int kept = m_document->keptInputCount();
  const int errors = m_document->errorCount() - kept;  // each kept input is one error
  QStringList parts;
  if (errors > 0)
    parts << tr("it does not validate: %n error(s) (see Diagnostics); `balance validate` and simulations will refuse it",
                nullptr, errors);
  if (kept > 0)
    parts << tr("%n typed value(s) shown in red were refused and are not in the file", nullptr, kept);
  return parts.join(tr("; "));
}

bool MainWindow::confirmSave(const QString& path) {
  const QString problems = saveProblems();
  if (problems.isEmpty() || !m_prompts) return true;
  return QMessageBox::warning(this, tr("Save a ruleset with problems"),
                              tr("%1: %2.\n\nSave anyway?").arg(QFileInfo(path).fileName(), problems),
                              QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel) == QMessageBox::Save;
}

void MainWindow::reportSaved() {
  const QString problems = saveProblems();
  showMessage(problems.isEmpty() ? tr("Saved %1.").arg(m_document->filePath())
                                 : tr("Saved %1, but %2.").arg(m_document->filePath(), problems));
}

bool MainWindow::save() {
  if (m_document->filePath().isEmpty()) return saveAs();
  if (!confirmSave(m_document->filePath())) return false;
  QString error;
  if (!m_document->save(&error)) {
    if (m_prompts) QMessageBox::critical(this, tr("Save failed"), error);
    showMessage(tr("Save failed: %1").arg(error));
    return false;
  }
  reportSaved();
  return true;
}

bool MainWindow::saveAs() {
  const QString path = chooseSavePath();
  if (path.isEmpty()) return false;
  return saveTo(path);
}

bool MainWindow::saveTo(const QString& path) {
  if (!confirmSave(path)) return false;
  // The dialog asked about the file named; the included files written beside it are asked about here.
  if (const QStringList others = othersFilesReplaced(path); !others.isEmpty()) {
    QStringList names;
    for (const QString& o : others) names << QDir::toNativeSeparators(o);
    if (ask(tr("Save As"),
            tr("Saving as %1 also writes the ruleset's included files beside it, and would replace %2, which %3 not "
               "this ruleset's. Replace?")
                .arg(QFileInfo(path).fileName(), names.join(QStringLiteral(", ")),
                     others.size() == 1 ? tr("is") : tr("are")),
            QMessageBox::Yes | QMessageBox::Cancel) != QMessageBox::Yes) {
      showMessage(tr("Not saved: %1 would have been replaced.").arg(names.join(QStringLiteral(", "))));
      return false;
    }
  }
  QString error;
  if (!m_document->saveAs(path, &error)) {
    if (m_prompts) QMessageBox::critical(this, tr("Save failed"), error);
    showMessage(tr("Save failed: %1").arg(error));
    return false;
  }
  addRecent(m_document->filePath());
  reportSaved();
  return true;
}

void MainWindow::revert() {
  if (m_document->filePath().isEmpty()) return;
  if (m_document->isModified() && m_prompts &&
      QMessageBox::question(this, tr("Revert"), tr("Drop every unsaved change and reload %1?").arg(m_document->displayName())) !=
          QMessageBox::Yes)
    return;
  m_document->revert();
  showMessage(tr("Reverted to the file on disk."));
}

void MainWindow::exportRuleset() {
  const QString path = QFileDialog::getSaveFileName(this, tr("Export ruleset as one YAML file"), QString(),
                                                    tr("YAML (*.yaml *.yml)"));
  if (path.isEmpty()) return;
  std::string error;
  if (!model::writeFileAtomically(path.toStdString(), model::toYaml(m_document->ruleset()), &error))
    QMessageBox::critical(this, tr("Export failed"), QString::fromStdString(error));
  else
    showMessage(tr("Exported %1.").arg(path));
}

void MainWindow::exportCharts() {
  if (!m_simulation->hasResult()) {
    showMessage(tr("Run a simulation first: there are no charts to export."));
    return;
  }
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Export charts to folder"));
  if (dir.isEmpty()) return;
  QString error;
  if (!exportChartsTo(dir, &error) && !error.isEmpty()) QMessageBox::critical(this, tr("Export failed"), error);
}

bool MainWindow::exportChartsTo(const QString& dir, QString* error) {
  // The folder is the user's choice, the file names are ours: none already there
  // is replaced without asking.
  QStringList existing;
  for (const QString& suffix : {QStringLiteral("png"), QStringLiteral("svg")})
    for (const QString& f : m_simulation->chartFiles(dir, suffix))
      if (QFileInfo::exists(f)) existing << QFileInfo(f).fileName();
  if (!existing.isEmpty() &&
      ask(tr("Export charts"), tr("%1 already holds %2. Replace them?").arg(dir, existing.join(QStringLiteral(", "))),
          QMessageBox::Yes | QMessageBox::No) != QMessageBox::Yes) {
    showMessage(tr("Nothing exported: %1 already holds %2.").arg(dir, existing.join(QStringLiteral(", "))));
    if (error) error->clear();
    return false;
  }
  QString why;
  if (!m_simulation->exportCharts(dir, QStringLiteral("png"), &why) ||
      !m_simulation->exportCharts(dir, QStringLiteral("svg"), &why)) {
    if (error) *error = why;
    return false;
  }
  showMessage(tr("Charts exported to %1 (PNG and SVG).").arg(dir));
  return true;
}

void MainWindow::exportReport() {
  const QString stem = m_document->filePath().isEmpty() ? QStringLiteral("report")
                                                        : QFileInfo(m_document->filePath()).completeBaseName() +
                                                              QStringLiteral("-report");
  QString filter = tr("HTML report (*.html)");
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export balance report"), stem + QStringLiteral(".html"),
      tr("HTML report (*.html);;PDF report (*.pdf);;CSV numbers (*.csv);;JSON numbers (*.json)"), &filter);
  if (!path.isEmpty()) exportReportChosen(path, filter);
}

bool MainWindow::exportReportChosen(const QString& path, const QString& filter) {
  QString target = path;
  if (reportFormat(target).isEmpty()) {
    // No extension typed: take the chosen filter's.
    const int star = filter.indexOf(QStringLiteral("*."));
    target += filter.mid(star + 1, filter.indexOf(QLatin1Char(')'), star) - star - 1);
    // The dialog asked about the name typed, not the one with the extension.
    if (QFileInfo::exists(target) &&
        ask(tr("Export Report"), tr("%1 already exists. Replace it?").arg(QDir::toNativeSeparators(target)),
            QMessageBox::Yes | QMessageBox::Cancel) != QMessageBox::Yes) {
      showMessage(tr("Nothing exported: %1 already exists.").arg(target));
      return false;
    }
  }
  QString error;
  if (!exportReportTo(target, &error)) {
    if (m_prompts && error != tr("Export cancelled.")) QMessageBox::critical(this, tr("Export failed"), error);
    showMessage(error);
    return false;
  }
  return true;
}

namespace {

// The agent of every seat ("random" alone plays them all).
std::vector<std::string> seatAgents(const sim::RunConfig& c) {
  return c.agents.size() == 1 ? std::vector<std::string>(static_cast<std::size_t>(std::max(1, c.players)), c.agents[0])
                              : c.agents;
}

// Same games, seed, seats, agents and turn cap (threads do not change results).
bool sameRun(const sim::RunConfig& a, const sim::RunConfig& b) {
  return a.games == b.games && a.seed == b.seed && a.players == b.players && seatAgents(a) == seatAgents(b) &&
         (a.maxTurns == 0 || b.maxTurns == 0 || a.maxTurns == b.maxTurns) && a.untilCi == b.untilCi;
}

// The same, whatever the games: a sweep's games per value are its own, and
// a sweep played on this revision with these seats, agents and seed is current.
bool sameSettings(const sim::RunConfig& a, const sim::RunConfig& b) {
  sim::RunConfig c = a;
  c.games = b.games;
  c.untilCi = b.untilCi;
  return sameRun(c, b);
}

}  // namespace

std::vector<model::ValueChange> MainWindow::unsavedEdits() const {
  if (!m_document->isModified() || m_document->filePath().isEmpty()) return {};
  const auto saved = model::loadRuleset(m_document->filePath().toStdString(), rulesets::builtinEngines().schemaLookup());
  return model::diffRulesets(saved.ruleset, m_document->ruleset());
}

bool MainWindow::exportReportTo(const QString& path, QString* error) {
  auto fail = [&](const QString& why) {
    if (error) *error = why;
    return false;
  };
  if (m_document->errorCount() > 0)
    return fail(tr("The ruleset has %n error(s); fix them (see Diagnostics) before exporting a report.", nullptr,
                   m_document->errorCount()));
  sim::RunConfig run;
  QString why;
  if (!m_simulation->runConfig(run, &why)) return fail(why);
  const model::Ruleset snapshot = m_document->ruleset();
  const QString file = m_document->filePath().isEmpty() ? m_document->displayName() : m_document->filePath();
  // The edits not in the file: value edits become --set (the command line
  // reproduces them); every edit is listed in the report.
  std::vector<std::string> sets, edits;
  bool structural = false;
  for (const auto& change : unsavedEdits()) {
    edits.push_back(change.describe());
    if (change.kind == model::ValueChange::Kind::Changed)
      sets.push_back(change.path + "=" + change.after);
    else
      structural = true;
  }
  ReportRequest request = makeReportRequest(file.toStdString(), run, sets);
  request.unsavedEdits = edits;
  // The run on screen, when it was played on this ruleset with these settings.
  request.playedRun = m_simulation->playedRun(snapshot, run);
  if (request.playedRun) request.run = request.playedRun->config;
  // Results of an earlier export on this revision (HTML, then PDF): reused.
  if (!request.playedRun && m_reportCache && sameRules(m_reportCache->ruleset, snapshot) && sameRun(m_reportCache->run.config, run))
    request.playedRun = m_reportCache->run;
  if (request.playedRun) request.run = request.playedRun->config;
  // The Sweep tab's last finished sweep: reported as it is when it was played
  // on this ruleset with the report's seats, agents and seed (its games per
  // value are its own); else played again with the report's run (same seed:
  // common random numbers) or, if the designer says No, left out. Its metric
  // may not fit the report's agents; then the report's default metric is used.
  QStringList missing;
  if (!request.playedRun) missing << tr("the run (%L1 games)").arg(run.games);
  QString optionalPart;  // what No leaves out
  if (const auto& sweep = m_sweep->finishedSweep(); sweep && sweep->config.axes.size() == 1) {
    const bool current = sameRules(m_sweep->finishedSweepRuleset(), snapshot);
    if (current && sameSettings(sweep->config.run, run)) {
      request.sweeps = sweep->config.axes;
      request.metric = sweep->config.metric;
      request.target = sweep->config.target;
      request.playedSweeps = {*sweep};
    } else {
      sim::SweepConfig c;
      c.axes = sweep->config.axes;
      c.run = request.run;
      c.metric = sweep->config.metric;
      c.target = sweep->config.target;
      std::string invalid;
      if (!sim::SweepRunner(rulesets::builtinEngines(), snapshot, c).validate(invalid)) c.metric = request.metric;
      if (sim::SweepRunner(rulesets::builtinEngines(), snapshot, c).validate(invalid)) {
        request.sweeps = c.axes;
        request.metric = c.metric;
        request.target = c.target;
        // Played for an earlier export of this revision?
        if (m_reportCache && sameRules(m_reportCache->ruleset, snapshot))
          for (const auto& played : m_reportCache->sweeps)
            if (played.config.axes.size() == 1 && played.config.axes[0].path == c.axes[0].path &&
                played.config.axes[0].values == c.axes[0].values && sameRun(played.config.run, request.run))
              request.playedSweeps = {played};
        if (request.playedSweeps.empty()) {
          optionalPart = tr("the sweep of %1 (%L2 games: %3)")
                             .arg(QString::fromStdString(c.axes[0].path))
                             .arg(static_cast<qulonglong>(request.run.games * c.axes[0].values.size()))
                             .arg(current ? tr("it was played with other seats, agents or seed")
                                          : tr("it was played before the latest edits"));
          missing << optionalPart;
        }
      } else {
        showMessage(tr("The report leaves the sweep out: %1").arg(QString::fromStdString(invalid)));
      }
    }
  }
  // Impact measured with Measure impact on this revision and these settings.
  if (const auto& impact = m_simulation->impactBar()->lastResult();
      !impact.entities.empty() && !impact.cancelled && sameRules(m_simulation->impactBar()->lastRuleset(), snapshot) &&
      sameSettings(impact.config.run, run))
    request.playedImpact = impact;
  // The Balance tab's tune, when it was played from this ruleset with the settings on screen.
  if (auto tune = m_balance->reportableResult()) {
    request.tune = std::move(tune);
    request.tuneHash = contentHash(m_balance->resultRuleset());
  }
  // The Ladder on screen is the robustness section; it and the window's other
  // results (Compare, the tune, Specialties) go in as measured, each with its
  // revision: exporting plays none of them again.
  if (const auto& ladder = m_ladder->result(); ladder && ladder->ok() && !m_ladder->isRunning()) {
    request.playedLadder = ladder;
    request.ladderHash = contentHash(m_ladder->resultRuleset());
  }
  // "Measure assumptions" of the Parameters page, when it was played on the ruleset as it is now.
  if (const AssumptionMarks* marks = AssumptionMarks::of(m_document);
      marks->result() && marks->result()->ok() && !marks->result()->cancelled && marks->resultIsCurrent() &&
      !marks->isRunning())
    request.playedAssumptions = marks->result();
  request.window = windowResults(WindowPanels{m_compare, m_balance, m_ladder, m_specialties}, snapshot);
  request.command = reportCommandLine(request, path.toStdString());
  if (structural) request.command += "   # from unsaved edits --set cannot express: save the ruleset first";
  // Say what will be played before playing it. No leaves the sweep out (the
  // run is the report's core: it is played or the export is cancelled).
  std::uint64_t toPlay = gamesToPlay(request);
  if (toPlay > 0) {
    QString text = tr("The report needs %L1 games that are not on screen: %2. Play them now?")
                       .arg(static_cast<qulonglong>(toPlay))
                       .arg(missing.join(tr(" and ")));
    if (!optionalPart.isEmpty())
      text += tr("\n\nNo leaves the sweep out of the report%1.").arg(request.playedRun ? QString() : tr(" and plays the run only"));
    const auto answer = ask(tr("Export Report"), text,
                            optionalPart.isEmpty() ? QMessageBox::Yes | QMessageBox::Cancel
                                                   : QMessageBox::Yes | QMessageBox::No | QMessageBox::Cancel);
    if (answer == QMessageBox::Cancel) return fail(tr("Export cancelled."));
    if (answer == QMessageBox::No && !optionalPart.isEmpty()) {
      request.sweeps.clear();
      request.playedSweeps.clear();
      request.metric = makeReportRequest(file.toStdString(), run, sets).metric;
      request.target = -1;
      request.command = reportCommandLine(request, path.toStdString());
      if (structural) request.command += "   # from unsaved edits --set cannot express: save the ruleset first";
      toPlay = gamesToPlay(request);
      showMessage(tr("The report leaves the sweep out."));
    } else {
      showMessage(text.left(text.indexOf(QLatin1Char('?')) + 1));
    }
  }
  m_lastReportGamesToPlay = toPlay;
  ReportData built;
  if (!app::exportReport(snapshot, std::move(request), path, m_prompts ? this : nullptr, &why, &built)) return fail(why);
  m_reportCache = ReportCache{snapshot, built.run, built.sweeps};
  showMessage(toPlay == 0 ? tr("Report written to %1 from the results on screen (no game played again).").arg(path)
                          : tr("Report written to %1.").arg(path));
  return true;
}

QMessageBox::StandardButton MainWindow::ask(const QString& title, const QString& text,
                                            QMessageBox::StandardButtons buttons) {
  if (m_answer) return m_answer(text);
  if (!m_prompts) return QMessageBox::Yes;
  return QMessageBox::question(this, title, text, buttons, QMessageBox::Yes);
}

void MainWindow::onFileChangedOnDisk(const QString& path) {
  if (m_reloadPending) return;
  m_reloadPending = true;
  bool reload = !m_document->isModified();
  if (m_prompts) {
    const QString text = m_document->isModified()
                             ? tr("%1 changed on disk, and you have unsaved changes.\nReload it and lose your changes?")
                             : tr("%1 changed on disk.\nReload it?");
    reload = QMessageBox::question(this, tr("File changed"), text.arg(QFileInfo(path).fileName())) == QMessageBox::Yes;
  }
  if (reload) {
    m_document->revert();
    showMessage(tr("Reloaded %1 from disk.").arg(QFileInfo(path).fileName()));
  }
  m_reloadPending = false;
}

}  // namespace wb::app
