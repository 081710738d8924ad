// The `workbench` program: the Qt desktop window of the Balance Workbench.
//
//   workbench [FILE]                       open FILE (default: the last file opened, else card-dice)
//   workbench --screenshot OUT.png [FILE] [--show PAGE] [--games N] [--size WxH]
//             [--sweep PATH=VALUES [--sweep-games N] [--sweep-agents A,B]]
//   PAGE: editor, overview, parameters, dice, cards.., SECTION:ID (one entity), yaml, simulation, dice-lab, sweep, history,
//         games (with --games N: the run's first games listed, game --game I (default: the longest) shown),
//         ladder (with --ladder-agents A,B,... and --ladder-games N: that ladder played first),
//         compare (with --compare-set PATH=VALUE...: those edits compared with the file, --games N per side),
//         balance (with --targets FILE: those targets and knobs in the Balance tab; with --budget N: a tune
//         of N search games played first, --tune-agents A for its search and verify agents, --verify-games N)
//         conditions (the Simulation tab's setup-condition table; with --games N),
//         parameters with --assumptions-games N [--assumptions-agents A]: "Measure assumptions" played first
//         specialties (with --games N: each faction against the baseline N games, the round robin
//         --matrix-games M per pair (default N/5, at least 2), agents --specialties-agents A[,B])
//       renders the window offscreen-capable to a PNG and exits. PAGE is one of
//       editor (the first section with entities + the inspector), overview, parameters, dice, cards, tiles,
//       events, abilities, factions, yaml, simulation, dice-lab, sweep, history;
//       --games N first runs N games in the Simulation panel; --sweep first
//       runs that sweep (VALUES: FROM:TO:STEP or V1,V2,...) in the Sweep tab.
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFileInfo>
#include <QListWidget>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>

#include "app/gui/assumptions/assumption_marks.h"
#include "app/gui/assumptions/assumptions_bar.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/balance/balance_panel.h"
#include "app/gui/balance/tune_spec_editor.h"
#include "app/gui/compare/compare_panel.h"
#include "app/gui/games/games_panel.h"
#include "app/gui/ladder/ladder_panel.h"
#include "app/gui/simulation/conditions_view.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/specialties/specialties_panel.h"
#include "app/gui/sweep/sweep_panel.h"
#include "app/gui/window/help_dialogs.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"

#ifndef WB_DATA_DIR
#define WB_DATA_DIR "data"
#endif

namespace {

QString defaultRuleset() {
  const QString rel = QStringLiteral("rulesets/card-dice/card-dice.yaml");
  const QStringList candidates = {
      QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../../data/") + rel),
      QDir(QCoreApplication::applicationDirPath()).filePath(QStringLiteral("../data/") + rel),
      QDir::current().filePath(QStringLiteral("data/") + rel),
      QStringLiteral(WB_DATA_DIR "/") + rel,
  };
  for (const QString& c : candidates)
    if (QFileInfo::exists(c)) return QFileInfo(c).canonicalFilePath();
  return {};
}

void settle(int ms) {
  QElapsedTimer t;
  t.start();
  while (t.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
}

bool applyShow(wb::app::MainWindow& w, const QString& show) {
  using wb::app::MainWindow;
  using wb::app::RulesetExplorer;
  const QString s = show.toLower();
  if (s == QLatin1String("yaml")) w.showTab(MainWindow::Tab::Yaml);
  else if (s == QLatin1String("simulation")) w.showTab(MainWindow::Tab::Simulation);
  else if (s == QLatin1String("conditions")) {
    w.showTab(MainWindow::Tab::Simulation);
    QWidget* view = w.simulationPanel()->conditionsView();
    for (QWidget* p = view->parentWidget(); p; p = p->parentWidget())
      if (auto* tabs = qobject_cast<QTabWidget*>(p)) {
        tabs->setCurrentWidget(view);
        break;
      }
  }
  else if (s == QLatin1String("dice-lab") || s == QLatin1String("dicelab")) w.showTab(MainWindow::Tab::DiceLab);
  else if (s == QLatin1String("sweep")) w.showTab(MainWindow::Tab::Sweep);
  else if (s == QLatin1String("games")) w.showTab(MainWindow::Tab::Games);
  else if (s == QLatin1String("ladder")) w.showTab(MainWindow::Tab::Ladder);
  else if (s == QLatin1String("compare")) w.showTab(MainWindow::Tab::Compare);
  else if (s == QLatin1String("balance")) w.showTab(MainWindow::Tab::Balance);
  else if (s == QLatin1String("specialties")) w.showTab(MainWindow::Tab::Specialties);
  else if (s == QLatin1String("overview")) w.showPage(RulesetExplorer::Overview);
  else if (s == QLatin1String("parameters")) w.showPage(RulesetExplorer::Parameters);
  else if (s == QLatin1String("dice")) w.showPage(RulesetExplorer::Dice);
  else if (s == QLatin1String("history")) {
    for (auto* d : w.findChildren<QDockWidget*>())
      if (d->objectName() == QLatin1String("HistoryDock")) d->raise();
  } else if (s == QLatin1String("editor") || s == QLatin1String("cards")) {
    // The first section that has entities (Elem Master has no cards), and in
    // it the entity with the most effects (a combo card shows the expression
    // editor and the effects best; card-dice: Meteor Strike).
    const auto& rs = w.document()->ruleset();
    if (rs.entity(wb::model::Section::Cards, "meteor_strike")) {
      w.showEntity(wb::model::Section::Cards, QStringLiteral("meteor_strike"));
      return true;
    }
    for (wb::model::Section section : wb::model::kSections) {
      const auto& list = rs.entities(section);
      if (list.empty()) continue;
      const auto best = std::max_element(list.begin(), list.end(), [](const auto& a, const auto& b) {
        return a.effects.size() < b.effects.size();
      });
      w.showEntity(section, QString::fromStdString(best->id));
      return true;
    }
    w.showPage(RulesetExplorer::pageOf(wb::model::Section::Cards));
  } else if (const auto colon = show.indexOf(QLatin1Char(':')); colon > 0) {
    // SECTION:ID shows that entity in the editor and the inspector (factions:mage_druid).
    const auto section = wb::model::sectionFromString(s.left(colon).toStdString());
    if (!section || !w.document()->ruleset().entity(*section, show.mid(colon + 1).toStdString())) return false;
    w.showEntity(*section, show.mid(colon + 1));
  } else {
    const auto section = wb::model::sectionFromString(s.toStdString());
    if (!section) return false;
    w.showPage(RulesetExplorer::pageOf(*section));
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QCoreApplication::setOrganizationName(QStringLiteral("BalanceWorkbench"));
  QCoreApplication::setApplicationName(QStringLiteral("workbench"));
  QCoreApplication::setApplicationVersion(QStringLiteral(WB_VERSION));

  QCommandLineParser parser;
  parser.setApplicationDescription(QStringLiteral("Balance Workbench: edit rulesets, simulate games, see the balance."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("Ruleset YAML to open (default: card-dice)."), QStringLiteral("[FILE]"));
  const QCommandLineOption screenshot(QStringLiteral("screenshot"), QStringLiteral("Render the window to OUT.png and exit."), QStringLiteral("OUT.png"));
  const QCommandLineOption show(QStringLiteral("show"), QStringLiteral("Page to show: editor, overview, parameters, dice, cards, ..., yaml, simulation, dice-lab, sweep, history."), QStringLiteral("PAGE"), QStringLiteral("editor"));
  const QCommandLineOption games(QStringLiteral("games"), QStringLiteral("Run N games in the Simulation panel first."), QStringLiteral("N"), QStringLiteral("0"));
  const QCommandLineOption size(QStringLiteral("size"), QStringLiteral("Window size for the screenshot."), QStringLiteral("WxH"), QStringLiteral("1400x860"));
  const QCommandLineOption sweep(QStringLiteral("sweep"), QStringLiteral("Run a sweep in the Sweep tab first."), QStringLiteral("PATH=VALUES"));
  const QCommandLineOption sweepGames(QStringLiteral("sweep-games"), QStringLiteral("Games per value of --sweep."), QStringLiteral("N"), QStringLiteral("1000"));
  const QCommandLineOption sweepAgents(QStringLiteral("sweep-agents"), QStringLiteral("Agents of --sweep."), QStringLiteral("A,B"));
  const QCommandLineOption gameIndex(QStringLiteral("game"), QStringLiteral("With --show games: the game to show (default: the longest listed)."), QStringLiteral("I"), QStringLiteral("-1"));
  const QCommandLineOption ladderAgents(QStringLiteral("ladder-agents"), QStringLiteral("Play the skill ladder of these agents first (Ladder tab)."), QStringLiteral("A,B"));
  const QCommandLineOption ladderGames(QStringLiteral("ladder-games"), QStringLiteral("Games per pairing of --ladder-agents."), QStringLiteral("N"), QStringLiteral("200"));
  const QCommandLineOption compareSet(QStringLiteral("compare-set"), QStringLiteral("Edit PATH=VALUE, then compare with the saved file (Compare tab; repeatable)."), QStringLiteral("PATH=VALUE"));
  const QCommandLineOption tuneTargets(QStringLiteral("targets"), QStringLiteral("Targets and knobs for the Balance tab (a targets file)."), QStringLiteral("FILE"));
  const QCommandLineOption tuneBudget(QStringLiteral("budget"), QStringLiteral("Play a tune of N search games first (Balance tab)."), QStringLiteral("N"));
  const QCommandLineOption tuneAgents(QStringLiteral("tune-agents"), QStringLiteral("Search and verify agents of --budget."), QStringLiteral("A"));
  const QCommandLineOption tuneVerifyGames(QStringLiteral("verify-games"), QStringLiteral("Games of each verification run of --budget."), QStringLiteral("N"), QStringLiteral("0"));
  const QCommandLineOption assumptionsGames(QStringLiteral("assumptions-games"), QStringLiteral("Measure the assumptions first, N games each (the parameters page's bar)."), QStringLiteral("N"), QStringLiteral("0"));
  const QCommandLineOption assumptionsAgents(QStringLiteral("assumptions-agents"), QStringLiteral("Agents of --assumptions-games (default: the engine's)."), QStringLiteral("A,B"));
  const QCommandLineOption matrixGames(QStringLiteral("matrix-games"), QStringLiteral("With --show specialties: round-robin games per pair (default: --games / 5, at least 2)."), QStringLiteral("M"));
  const QCommandLineOption specialtiesAgents(QStringLiteral("specialties-agents"), QStringLiteral("With --show specialties: the agents (default: the engine's)."), QStringLiteral("A[,B]"));
  parser.addOptions({screenshot, show, games, size, sweep, sweepGames, sweepAgents, gameIndex, ladderAgents, ladderGames, compareSet,
                     tuneTargets, tuneBudget, tuneAgents, tuneVerifyGames, assumptionsGames, assumptionsAgents, matrixGames,
                     specialtiesAgents});
  parser.process(app);

  wb::app::setDocumentationRoot(QDir(QStringLiteral(WB_DATA_DIR)).filePath(QStringLiteral("..")));
  const bool shooting = parser.isSet(screenshot);
  QString file = parser.positionalArguments().value(0);
  // Without a file: the last one opened (a desktop tool reopens where you were), else card-dice.
  if (file.isEmpty() && !shooting)
    for (const QString& recent : wb::app::MainWindow::recentFiles())
      if (QFileInfo::exists(recent)) {
        file = recent;
        break;
      }
  if (file.isEmpty()) file = defaultRuleset();

  wb::app::MainWindow window;
  window.setPromptsEnabled(!shooting);
  // Results are kept beside the ruleset and reopen with it (not for screenshots: they are reproducible).
  window.simulationPanel()->setResultsKept(!shooting);
  window.specialtiesPanel()->setResultsKept(!shooting);
  // The size and dock layout of the last session (not for screenshots: they are reproducible).
  if (!shooting) window.restoreSettings();
  const QStringList wh = parser.value(size).split(QLatin1Char('x'));
  if ((shooting || parser.isSet(size)) && wh.size() == 2 && wh[0].toInt() > 200 && wh[1].toInt() > 200) window.resize(wh[0].toInt(), wh[1].toInt());
  if (!file.isEmpty() && !window.openFile(file)) std::fprintf(stderr, "workbench: cannot read %s\n", qPrintable(file));
  window.show();
  if (!shooting) {
    if (parser.isSet(show)) applyShow(window, parser.value(show));
    return QApplication::exec();
  }

  settle(150);
  const int n = parser.value(games).toInt();
  // With --show specialties, --games N is the specialties' games per faction (no run on the Simulation tab).
  const bool specialties = parser.value(show).compare(QLatin1String("specialties"), Qt::CaseInsensitive) == 0;
  if (n > 0 && !specialties) {
    wb::app::SimulationPanel* panel = window.simulationPanel();
    window.showTab(wb::app::MainWindow::Tab::Simulation);
    panel->setGames(n);
    QEventLoop loop;
    QObject::connect(panel, &wb::app::SimulationPanel::finished, &loop, &QEventLoop::quit);
    panel->run();
    if (panel->isRunning()) loop.exec();
  }
  if (parser.isSet(sweep)) {
    const QString spec = parser.value(sweep);
    const auto eq = spec.indexOf(QLatin1Char('='));
    wb::app::SweepPanel* panel = window.sweepPanel();
    window.sweepValue(spec.left(eq));
    if (eq > 0) panel->setValuesText(spec.mid(eq + 1));
    panel->setGames(parser.value(sweepGames).toInt());
    if (parser.isSet(sweepAgents)) panel->setAgents(parser.value(sweepAgents));  // else the engine's default
    QEventLoop loop;
    QObject::connect(panel, &wb::app::SweepPanel::finished, &loop, &QEventLoop::quit);
    if (panel->run()) loop.exec();
    else std::fprintf(stderr, "workbench: sweep: %s\n", qPrintable(panel->errorText()));
  }
  if (n > 0 && parser.value(show).compare(QLatin1String("games"), Qt::CaseInsensitive) == 0) {
    // The run's games listed, one of them shown move by move.
    wb::app::GamesPanel* panel = window.gamesPanel();
    QEventLoop loop;
    QObject::connect(panel, &wb::app::GamesPanel::listed, &loop, &QEventLoop::quit);
    if (panel->listGames(std::min(n, 200))) loop.exec();
    long long index = parser.value(gameIndex).toLongLong();
    if (index < 0) {
      panel->setFilter(wb::app::GamesPanel::Longest);
      if (!panel->games().empty())
        index = static_cast<long long>(std::max_element(panel->games().begin(), panel->games().end(), [](const auto& a, const auto& b) {
                  return a.turns < b.turns;
                })->index);
    }
    if (index >= 0 && !panel->showGame(static_cast<std::uint64_t>(index)))
      std::fprintf(stderr, "workbench: games: %s\n", qPrintable(panel->errorText()));
    if (panel->moveList()->count() > 6) panel->moveList()->setCurrentRow(panel->moveList()->count() / 2);
  }
  if (parser.isSet(compareSet)) {
    for (const QString& edit : parser.values(compareSet)) {
      const auto eq = edit.indexOf(QLatin1Char('='));
      QString why;
      if (eq <= 0 || !window.document()->setValue(edit.left(eq), edit.mid(eq + 1), &why))
        std::fprintf(stderr, "workbench: --compare-set %s: %s\n", qPrintable(edit), qPrintable(why));
    }
    wb::app::ComparePanel* panel = window.comparePanel();
    if (n > 0) window.simulationPanel()->setGames(n);
    QEventLoop loop;
    QObject::connect(panel, &wb::app::ComparePanel::finished, &loop, &QEventLoop::quit);
    if (panel->compare()) loop.exec();
    else std::fprintf(stderr, "workbench: compare: %s\n", qPrintable(panel->errorText()));
  }
  if (parser.isSet(ladderAgents)) {
    wb::app::LadderPanel* panel = window.ladderPanel();
    panel->setAgents(parser.value(ladderAgents));
    panel->setGames(parser.value(ladderGames).toInt());
    QEventLoop loop;
    QObject::connect(panel, &wb::app::LadderPanel::finished, &loop, &QEventLoop::quit);
    if (panel->run()) loop.exec();
    else std::fprintf(stderr, "workbench: ladder: %s\n", qPrintable(panel->errorText()));
  }
  if (parser.isSet(tuneTargets) || parser.isSet(tuneBudget)) {
    wb::app::BalancePanel* panel = window.balancePanel();
    QString why;
    if (parser.isSet(tuneTargets) && !panel->specEditor()->loadFile(parser.value(tuneTargets), &why))
      std::fprintf(stderr, "workbench: --targets: %s\n", qPrintable(why));
    if (parser.isSet(tuneAgents)) panel->setAgents(parser.value(tuneAgents), parser.value(tuneAgents));
    panel->setVerifyGames(parser.value(tuneVerifyGames).toInt());
    if (parser.isSet(tuneBudget)) {
      panel->setBudget(parser.value(tuneBudget).toInt());
      QEventLoop loop;
      QObject::connect(panel, &wb::app::BalancePanel::finished, &loop, &QEventLoop::quit);
      if (panel->run()) loop.exec();
      else std::fprintf(stderr, "workbench: tune: %s\n", qPrintable(panel->errorText()));
    }
  }
  if (const int perAlternative = parser.value(assumptionsGames).toInt(); perAlternative > 0) {
    auto* bar = window.findChild<wb::app::AssumptionsBar*>();
    auto* marks = wb::app::AssumptionMarks::of(window.document());
    bar->setGames(perAlternative);
    if (parser.isSet(assumptionsAgents)) {
      std::vector<std::string> agents;
      for (const QString& a : parser.value(assumptionsAgents).split(QLatin1Char(','), Qt::SkipEmptyParts)) agents.push_back(a.toStdString());
      bar->setAgents(agents);
    }
    QEventLoop loop;
    QObject::connect(marks, &wb::app::AssumptionMarks::finished, &loop, &QEventLoop::quit);
    bar->measure();
    if (marks->isRunning()) loop.exec();
    else std::fprintf(stderr, "workbench: assumptions: %s\n", qPrintable(bar->statusText()));
  }
  if (specialties && n > 0) {
    wb::app::SpecialtiesPanel* panel = window.specialtiesPanel();
    panel->setGames(n);
    panel->setMatrixGames(parser.isSet(matrixGames) ? parser.value(matrixGames).toInt() : std::max(2, n / 5));
    if (parser.isSet(specialtiesAgents)) panel->setAgents(parser.value(specialtiesAgents));
    QEventLoop loop;
    QObject::connect(panel, &wb::app::SpecialtiesPanel::finished, &loop, &QEventLoop::quit);
    if (panel->run()) loop.exec();
    else std::fprintf(stderr, "workbench: specialties: %s\n", qPrintable(panel->errorText()));
  }
  if (!applyShow(window, parser.value(show))) {
    std::fprintf(stderr, "workbench: unknown --show page '%s'\n", qPrintable(parser.value(show)));
    return 2;
  }
  settle(300);
  const QString out = parser.value(screenshot);
  // Small files (the screenshots are committed for the README): a 256-colour
  // palette where the UI colours are flat, and the highest PNG compression.
  const bool png = out.endsWith(QLatin1String(".png"), Qt::CaseInsensitive);
  QImage image = window.grab().toImage();
  // (Charts have soft grid lines a palette loses: keep them in full colour.)
  // (The specialties heat map's pale greens and reds too.)
  const bool charts = parser.value(show).compare(QLatin1String("simulation"), Qt::CaseInsensitive) == 0 ||
                      parser.value(show).compare(QLatin1String("sweep"), Qt::CaseInsensitive) == 0 ||
                      parser.value(assumptionsGames).toInt() > 0 ||  // the markers' light tints
                      specialties;
  if (png && !charts) image = image.convertToFormat(QImage::Format_Indexed8, Qt::ThresholdDither | Qt::AvoidDither);
  if (!image.save(out, nullptr, png ? 0 : -1)) {
    std::fprintf(stderr, "workbench: cannot write %s\n", qPrintable(out));
    return 1;
  }
  std::printf("workbench: wrote %s\n", qPrintable(out));
  return 0;
}
