// What the window writes where a designer reads it: entities by the names the
// editor gives them (the Simulation tab's chart of entities that stand out, the
// Compare tab's rows and so the report's), the Games tab's numbers as
// `balance run --replay` counts them, its factions column whole at the default
// window size and each move's state naming the move's turn, a tune that is
// undecided for the content guard saying so (never "about 0 verification
// games"), the length histogram's labels apart in a narrow chart, and the
// Specialties tab's powers only where the game counts them; and Export charts
// replacing no file without asking.
#include <QApplication>
#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFileInfo>
#include <QFontMetricsF>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include "app/gui/balance/tune_result_view.h"
#include "app/gui/compare/compare_panel.h"
#include "app/gui/document/ruleset_document.h"
#include "app/gui/games/games_panel.h"
#include "app/gui/simulation/outcome_table.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/specialties/specialties_panel.h"
#include "app/gui/window/main_window.h"
#include "app/report/text_format.h"
#include "app/report/tune_section.h"
#include "charts/builders/chart_builders.h"
#include "tests/app/gui_test_support.h"
#include "tests/app/last_traps_support.h"

namespace wb::app {
namespace {

const QString kElemMaster = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml");

// The ids of the ruleset's entities whose name is not the id ("mage_druid" for Druid).
QStringList namedIds(const model::Ruleset& r) {
  QStringList out;
  for (model::Section s : model::kSections)
    for (const auto& e : r.entities(s))
      if (!e.name.empty() && e.name != e.id) out << QString::fromStdString(e.id);
  return out;
}

bool containsWord(const QString& text, const QString& word) {
  return text.contains(QRegularExpression(QStringLiteral("(^|[^a-z_])") + QRegularExpression::escape(word) +
                                          QStringLiteral("($|[^a-z_])")));
}

TEST(WindowWords, TheEntityChartAndTheCompareRowsNameEntitiesAsTheEditorDoes) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElemMaster));
  ASSERT_TRUE(testing::runGames(w, 30));
  const QStringList ids = namedIds(w.document()->ruleset());
  ASSERT_TRUE(ids.contains(QStringLiteral("mage_druid")));

  // The chart of entities that stand out: its bars are named.
  QStringList bars;
  for (auto* axis : w.simulationPanel()->entityChart()->axes())
    if (auto* c = qobject_cast<QBarCategoryAxis*>(axis)) bars << c->categories();
  ASSERT_FALSE(bars.isEmpty());
  for (const QString& bar : bars)
    for (const QString& id : ids) EXPECT_FALSE(containsWord(bar, id)) << bar.toStdString() << " shows the id " << id.toStdString();

  // The Outcomes table's faction rows, as the faction chart beside them ("Druid").
  QTableWidget* outcomes = w.simulationPanel()->outcomeTable();
  int factionRows = 0;
  for (int row = 0; row < outcomes->rowCount(); ++row) {
    if (testing::cell(outcomes, row, OutcomeTable::Group) != QStringLiteral("faction")) continue;
    ++factionRows;
    const QString name = testing::cell(outcomes, row, OutcomeTable::Name);
    for (const QString& id : ids) EXPECT_FALSE(containsWord(name, id)) << name.toStdString();
  }
  EXPECT_GT(factionRows, 0);

  // Compare: every row, the faction rows too ("faction Druid win rate (of all
  // games)": the seats' denominator, said alike), the agents listed with spaces.
  ComparePanel* compare = w.comparePanel();
  compare->setBaseline(ComparePanel::SavedFile);
  ASSERT_TRUE(w.document()->setValue(QStringLiteral("parameters.action_points"), QStringLiteral("4")));
  testing::SignalCounter done(compare, &ComparePanel::finished);
  ASSERT_TRUE(compare->compare()) << compare->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 120000));
  ASSERT_TRUE(compare->result().has_value()) << compare->errorText().toStdString();
  QTableWidget* table = compare->table();
  bool druid = false;
  for (int row = 0; row < table->rowCount(); ++row) {
    const QString label = testing::cell(table, row, 0);
    druid = druid || label == QStringLiteral("faction Druid win rate (of all games)");
    for (const QString& id : ids) EXPECT_FALSE(containsWord(label, id)) << label.toStdString();
  }
  EXPECT_TRUE(druid);
  // The agents as the Simulation tab says them ("planner (every seat)", not "planner,planner").
  const QString status = compare->statusText();
  EXPECT_TRUE(status.contains(QStringLiteral("agents ") + QString::fromStdString(agentsText(compare->result()->a.config.agents))))
      << status.toStdString();
  EXPECT_FALSE(status.mid(status.indexOf(QStringLiteral("agents "))).contains(QRegularExpression(QStringLiteral(",\\S"))))
      << status.toStdString();
}

TEST(WindowWords, TheGamesTabCountsGamesAsReplayDoesAndShowsItsFactionsWhole) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kElemMaster));
  w.show();
  w.resize(1400, 860);  // the window's default size
  ASSERT_TRUE(testing::runGames(w, 6));
  w.showTab(MainWindow::Tab::Games);
  GamesPanel* games = w.gamesPanel();
  testing::SignalCounter listed(games, &GamesPanel::listed);
  ASSERT_TRUE(games->listGames(6));
  ASSERT_TRUE(testing::waitUntil([&] { return listed.count() > 0; }, 60000));
  testing::spin(100);
  auto* table = games->findChild<QTableWidget*>();
  ASSERT_NE(table, nullptr);
  // The numbers are the run's game indexes, as --replay takes them, and say so.
  EXPECT_TRUE(table->horizontalHeaderItem(0)->toolTip().contains(QStringLiteral("--replay INDEX")));
  QStringList numbers;
  for (int r = 0; r < table->rowCount(); ++r) numbers << testing::cell(table, r, 0);
  EXPECT_TRUE(numbers.contains(QStringLiteral("0")) && numbers.contains(QStringLiteral("5"))) << numbers.join(u' ').toStdString();
  ASSERT_TRUE(games->showGame(2));
  QString title;
  for (auto* label : games->findChildren<QLabel*>())
    if (label->text().startsWith(QStringLiteral("Game 2 "))) title = label->text();
  EXPECT_TRUE(title.startsWith(QStringLiteral("Game 2 of seed 3 (balance run --replay 2)"))) << title.toStdString();
  // "Factions (by seat)": the header whole and inside the list at the default size.
  QHeaderView* header = table->horizontalHeader();
  ASSERT_FALSE(table->isColumnHidden(3));
  const double text = QFontMetricsF(header->font()).horizontalAdvance(QStringLiteral("Factions (by seat)"));
  EXPECT_GE(header->sectionSize(3), text);
  EXPECT_LE(header->sectionViewportPosition(3) + header->sectionSize(3), table->viewport()->width())
      << "the factions column starts at " << header->sectionViewportPosition(3) << " of " << table->viewport()->width();
}

// The state text beside each move names the move's turn as its label does
// ("turn 148, Seat 2" beside "turn 148, Seat 2: move ..."), in the C++
// engines that count turns from 0 inside.
TEST(WindowWords, TheStateBesideAMoveNamesTheMovesTurn) {
  for (const char* file : {"elem-master/elem-master.yaml", "card-dice/card-dice.yaml", "element/element.yaml"}) {
    MainWindow w;
    w.setPromptsEnabled(false);
    ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/") + QString::fromLatin1(file)));
    ASSERT_TRUE(testing::runGames(w, 2)) << file;
    GamesPanel* games = w.gamesPanel();
    ASSERT_TRUE(games->showGame(0)) << file;
    ASSERT_FALSE(games->moves().empty()) << file;
    for (const auto& m : games->moves())
      ASSERT_TRUE(m.state.startsWith(QStringLiteral("turn %1,").arg(m.turn)))
          << file << ": move of turn " << m.turn << " beside " << m.state.left(40).toStdString();
  }
}

// Export charts writes files the window names (winrate.png, ...) into the
// folder the user chose: one already there is replaced only after asking.
TEST(WindowWords, ExportChartsReplacesNoFileWithoutAsking) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/pig/pig.yaml")));
  ASSERT_TRUE(testing::runGames(w, 4));
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString mine = dir.filePath(QStringLiteral("length.svg"));
  {
    QFile f(mine);
    ASSERT_TRUE(f.open(QIODevice::WriteOnly));
    f.write("the designer's own drawing");
  }
  QString asked;
  w.setAnswerer([&](const QString& q) {
    asked = q;
    return QMessageBox::No;
  });
  EXPECT_FALSE(w.exportChartsTo(dir.path()));
  EXPECT_TRUE(asked.contains(QStringLiteral("length.svg"))) << asked.toStdString();
  EXPECT_EQ(testing::readText(mine), QStringLiteral("the designer's own drawing"));
  EXPECT_FALSE(QFileInfo::exists(dir.filePath(QStringLiteral("winrate.png"))));
  w.setAnswerer([](const QString&) { return QMessageBox::Yes; });
  EXPECT_TRUE(w.exportChartsTo(dir.path()));
  EXPECT_NE(testing::readText(mine), QStringLiteral("the designer's own drawing"));
}

// A tune whose targets all pass and whose content guard found a number outside
// its band is undecided with no more games to play: the verdict says why.
TEST(WindowWords, AnUndecidedTuneForTheGuardSaysSoInTheWindowAndTheReport) {
  sim::TuneResult r;
  r.ruleset = "card-dice";
  r.verdict = sim::TuneVerdict::Undecided;
  r.gamesToDecide = 0;
  r.searchGames = 4000;
  r.verifyGames = 500;
  r.budget = 4000;
  r.guardOn = true;
  sim::GuardOutcome g;
  g.target.metric.kind = sim::TuneMetric::Kind::Use;
  g.target.metric.id = "meteor_strike";
  g.target.min = 0.2;
  g.verified.value.value = 0.05;
  g.verified.miss = 0.15;
  g.breached = true;
  r.guard = {g};
  TuneResultView view;
  view.showResult(r);
  const QString verdict = view.verdictLabel()->text();
  EXPECT_FALSE(verdict.contains(QStringLiteral("about 0"))) << verdict.toStdString();
  EXPECT_TRUE(verdict.contains(QStringLiteral("content guard"))) << verdict.toStdString();
  EXPECT_TRUE(verdict.contains(QStringLiteral("meteor_strike"))) << verdict.toStdString();

  ReportData data;
  data.tune = r;
  const std::string html = proposedChangesHtml(data);
  EXPECT_EQ(html.find("About 0"), std::string::npos);
  EXPECT_NE(html.find("the content guard keeps it from a pass"), std::string::npos) << html;
}

// Sixteen bars of game length in a chart 260 pixels wide: the labels shown
// fit side by side (level) or one above the other's width (upright).
TEST(WindowWords, ANarrowLengthHistogramKeepsItsLabelsApart) {
  charts::LengthHistogram h;
  h.firstLength = 0;
  h.unit = QStringLiteral("turns");
  for (int len = 0; len < 320; ++len) h.counts.push_back(len >= 10 && len < 310 ? 5 + len % 7 : 0);
  QChartView view(charts::buildLengthHistogram(h, QStringLiteral("Game length")));
  view.resize(260, 300);
  view.show();
  testing::spin(200);
  QBarCategoryAxis* x = nullptr;
  for (auto* axis : view.chart()->axes(Qt::Horizontal)) x = x ? x : qobject_cast<QBarCategoryAxis*>(axis);
  ASSERT_NE(x, nullptr);
  const QStringList labels = x->categories();
  ASSERT_GE(labels.size(), 12);
  const QFontMetricsF m(x->labelsFont());
  double need = 0;
  int shown = 0;
  for (const QString& l : labels) {
    if (l.trimmed().remove(QChar(0x200B)).isEmpty()) continue;
    ++shown;
    need += x->labelsAngle() == 0 ? m.horizontalAdvance(l) : m.height();
  }
  EXPECT_GE(shown, 3);
  EXPECT_LE(need, view.chart()->plotArea().width())
      << shown << " labels at angle " << x->labelsAngle() << " in " << view.chart()->plotArea().width() << " px";
  // The first bar keeps its label: the axis starts where the games do.
  EXPECT_EQ(labels.front(), QStringLiteral("0"));
}

// A described game with factions counts no powers: the column says so rather than 0.
TEST(WindowWords, SpecialtiesShowNoPowerCountForAGameThatKeepsNone) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/tests/data/described/pig_houses.yaml")));
  SpecialtiesPanel* panel = w.specialtiesPanel();
  panel->setAgents(QStringLiteral("random"));
  panel->setGames(4);
  panel->setMatrixGames(0);
  panel->setSeed(3);
  testing::SignalCounter done(panel, &SpecialtiesPanel::finished);
  ASSERT_TRUE(panel->run()) << panel->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 60000));
  ASSERT_TRUE(panel->result().has_value()) << panel->errorText().toStdString();
  EXPECT_FALSE(panel->result()->powersCounted);
  QTableWidget* table = panel->baselineTable();
  ASSERT_GT(table->rowCount(), 0);
  for (int row = 0; row < table->rowCount(); ++row)
    EXPECT_EQ(testing::cell(table, row, 5), QStringLiteral("\u2014")) << row;
}

}  // namespace
}  // namespace wb::app
