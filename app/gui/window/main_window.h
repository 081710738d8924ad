// MainWindow: the Balance Workbench window. Explorer (left), editor pages /
// YAML / Simulation / Dice Lab / Sweep tabs (centre), inspector and history (right), diagnostics
// (bottom); File, Edit, View, Simulation and Help menus (main_window_menus.cpp); status bar; title
// with the modified marker; prompts to save on close and to reload when the
// file changes on disk.
#pragma once

#include <cstdint>
#include <vector>

#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <optional>

#include "model/core/diagnostics.h"
#include "model/core/entity.h"
#include "model/diff/ruleset_diff.h"
#include "simulation/runner/run_result.h"
#include "simulation/sweep/sweep_runner.h"

class QDockWidget;
class QLabel;
class QMenu;
class QStackedWidget;
class QTabWidget;
class QUndoView;

namespace wb::app {

class RulesetDocument;
class RulesetExplorer;
class EntityInspector;
class DiagnosticsPanel;
class YamlView;
class SimulationPanel;
class DiceLabPanel;
class SweepPanel;
class GamesPanel;
class LadderPanel;
class SpecialtiesPanel;
class ComparePanel;
class BalancePanel;
class TablePage;
class OverviewPage;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  enum class Tab { Editor = 0, Yaml = 1, Simulation = 2, DiceLab = 3, Sweep = 4, Games = 5, Ladder = 6, Compare = 7, Specialties = 8, Balance = 9 };

  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  // Opens a ruleset (a file with errors opens too; a folder: its root file
  // FOLDER.yaml, as `balance` takes it). False if unreadable.
  bool openFile(const QString& path);
  // File > New from Template: the template's game (game_templates.h), with no
  // file: titled by its name ("Untitled card game"), played and edited at once;
  // Save asks for a file name. False if the template cannot be read or the
  // user keeps the open ruleset (its unsaved changes).
  bool newFromTemplate(const QString& templatePath);
  // Save As asks this for the path instead of a file dialog (tests, scripted
  // use); it gets the current path ("" for a new game) and returns "" to cancel.
  void setSavePathChooser(std::function<QString(const QString& current)> choose) {
    m_savePathChooser = std::move(choose);
  }
  RulesetDocument* document() const { return m_document; }
  SimulationPanel* simulationPanel() const { return m_simulation; }
  DiceLabPanel* diceLabPanel() const { return m_diceLab; }
  SweepPanel* sweepPanel() const { return m_sweep; }
  GamesPanel* gamesPanel() const { return m_games; }
  LadderPanel* ladderPanel() const { return m_ladder; }
  SpecialtiesPanel* specialtiesPanel() const { return m_specialties; }
  ComparePanel* comparePanel() const { return m_compare; }
  BalancePanel* balancePanel() const { return m_balance; }
  EntityInspector* inspector() const { return m_inspector; }
  DiagnosticsPanel* diagnosticsPanel() const { return m_diagnostics; }
  YamlView* yamlView() const { return m_yaml; }
  // The table of the Parameters / Dice page or of a section.
  TablePage* tablePage(int explorerPage) const;
  void showTab(Tab tab);
  void showPage(int explorerPage);
  void showEntity(model::Section section, const QString& id);
  void goToDiagnostic(const model::Diagnostic& diagnostic);
  // "Sweep this value...": the Sweep tab with `path` and a range around its value.
  void sweepValue(const QString& path);
  // When off, closing / reloading never asks (tests, --screenshot).
  void setPromptsEnabled(bool on) { m_prompts = on; }
  // Answers the questions the window would ask (Export Report's "play the
  // missing games?") instead of a message box: tests, scripted use.
  void setAnswerer(std::function<QMessageBox::StandardButton(const QString& question)> answer) {
    m_answer = std::move(answer);
  }

  // View > Reset Layout: every dock docked, shown and at its first size; the
  // window within the screen.
  void resetLayout();

  bool save();
  bool saveAs();               // asks for the path, then saveTo
  bool saveTo(const QString& path);  // File > Save As without the dialog
  // The window's geometry, dock layout and toolbar state, kept in QSettings
  // when the window closes (with prompts on) and restored at start
  // (main_workbench). restoreSettings is false when nothing was saved.
  void saveSettings() const;
  bool restoreSettings();
  // Most recent first (File > Open Recent); the program opens the first one
  // that still exists when started without a file.
  static QStringList recentFiles();
  // Builds the balance report of the current ruleset (a snapshot) with the
  // Simulation tab's run options and the last finished sweep of the Sweep tab,
  // and writes `path` (.html, .pdf, .csv or .json). With prompts on, a progress
  // dialog can cancel. File > Export Report... asks for the path and calls this.
  // Reports the run and the finished sweep on screen as they are when they
  // were played on the current ruleset and settings; only what is missing is
  // played, after saying so. The report lists the unsaved edits it was made from.
  bool exportReportTo(const QString& path, QString* error = nullptr);
  // File > Export Report after its dialog: `path` as typed, `filter` the one
  // chosen ("HTML report (*.html)"); a name typed without an extension takes the
  // filter's, and a file of that name is replaced only when the user says so.
  bool exportReportChosen(const QString& path, const QString& filter);
  // File > Export > Simulation charts without the folder dialog: the charts as PNG
  // and SVG in `directory`. Files of those names already there are replaced only
  // when the question (ask) that names them is answered Yes.
  bool exportChartsTo(const QString& directory, QString* error = nullptr);
  // Games the last exportReportTo had to play (0: all from the results on screen).
  std::uint64_t lastReportGamesToPlay() const { return m_lastReportGamesToPlay; }
  // The edits of the open ruleset that its file does not have (empty when saved).
  std::vector<model::ValueChange> unsavedEdits() const;

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void buildMenus();
  void buildDocks();
  void sizeDocks();
  void fitToScreen();
  void updateTitle();
  void updateStatus();
  bool maybeSave();
  QString chooseSavePath();  // new_from_template.cpp
  // Files other than `path` that saving there would replace and that are not
  // this ruleset's own (its includes written beside a new root).
  QStringList othersFilesReplaced(const QString& path) const;
  // What is still playing ("The simulation is", "the tune is"); empty when nothing is.
  QStringList runningWork() const;
  // Why the ruleset would not save as a valid file ("" = it would): its
  // errors and the typed values that were refused. Save asks first, then says so.
  QString saveProblems() const;
  bool confirmSave(const QString& path);
  void reportSaved();
  void open();
  void revert();
  void exportRuleset();
  void exportCharts();
  void exportReport();
  void addRecent(const QString& path);
  void rebuildRecentMenu();
  void about();
  static constexpr int kStateVersion = 1;
  void onFileChangedOnDisk(const QString& path);
  void showMessage(const QString& text);
  QMessageBox::StandardButton ask(const QString& title, const QString& text, QMessageBox::StandardButtons buttons);

  RulesetDocument* m_document;
  QTabWidget* m_tabs;
  QStackedWidget* m_pages;
  OverviewPage* m_overview;
  std::vector<TablePage*> m_tables;  // index = explorer page - 1
  YamlView* m_yaml;
  SimulationPanel* m_simulation;
  DiceLabPanel* m_diceLab;
  SweepPanel* m_sweep;
  GamesPanel* m_games;
  LadderPanel* m_ladder;
  SpecialtiesPanel* m_specialties;
  ComparePanel* m_compare;
  BalancePanel* m_balance;
  RulesetExplorer* m_explorer;
  EntityInspector* m_inspector;
  DiagnosticsPanel* m_diagnostics;
  QUndoView* m_history;
  QDockWidget* m_inspectorDock = nullptr;
  QDockWidget* m_historyDock = nullptr;
  QDockWidget* m_explorerDock = nullptr;
  QDockWidget* m_diagnosticsDock = nullptr;
  bool m_sideHiddenForSimulation = false;
  QMenu* m_recentMenu = nullptr;
  QLabel* m_problemsLabel;
  QLabel* m_engineLabel;
  bool m_prompts = true;
  std::uint64_t m_lastReportGamesToPlay = 0;
  bool m_reloadPending = false;
  std::function<QMessageBox::StandardButton(const QString&)> m_answer;
  std::function<QString(const QString&)> m_savePathChooser;
  // What the last report export played, on which revision: the next export
  // of the same revision (HTML, then PDF) reuses it instead of playing again.
  struct ReportCache {
    model::Ruleset ruleset;
    sim::RunResult run;
    std::vector<sim::SweepResult> sweeps;
  };
  std::optional<ReportCache> m_reportCache;
};

}  // namespace wb::app
