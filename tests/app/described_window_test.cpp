// Games written in the rules language in the window, unchanged: their cards
// (with the properties the rules read) fill the Cards table and the inspector,
// the Overview lists the counters, zones and phases the engine plays, the YAML
// view holds the rules; a property edits with undo, a save keeps the file's
// layout, and the Simulation tab plays the game with scripted players.
// File > New from Template opens a card or a dice game without a file, played
// at once, and Save asks where to keep it (the template is never written).
#include <QAction>
#include <QDir>
#include <QFile>
#include <QGroupBox>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/editors/entity_table_model.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/game_templates.h"
#include "app/gui/window/help_dialogs.h"
#include "app/gui/window/main_window.h"
#include "app/gui/window/ruleset_explorer.h"
#include "app/gui/window/table_page.h"
#include "app/gui/window/yaml_view.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

const QString kMarketRow = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/market-row/market-row.yaml");

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Plays `games` games of the document's ruleset as the Simulation tab does.
bool simulate(RulesetDocument* doc, int games, const QStringList& agents, sim::RunResult* out) {
  SimulationPanel panel(doc);
  panel.setGames(games);
  panel.setSeed(3);
  for (int s = 0; s < agents.size(); ++s) panel.setAgent(s, agents[s]);
  if (panel.agentSpecs() != agents) return false;  // the seat refused the agent (a script the box lacks)
  testing::SignalCounter finished(&panel, &SimulationPanel::finished);
  panel.run();
  if (!testing::waitUntil([&] { return finished.count() > 0; }, 120000)) return false;
  *out = panel.lastResult();
  return panel.hasResult();
}

TEST(DescribedWindow, TheDeclaredComponentsFillTheTablesTheOverviewAndTheYaml) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(kMarketRow));
  EXPECT_EQ(w.document()->errorCount(), 0);
  TablePage* cards = w.tablePage(RulesetExplorer::pageOf(model::Section::Cards));
  ASSERT_NE(cards, nullptr);
  auto* table = static_cast<EntityTableModel*>(cards->model());
  EXPECT_EQ(table->rowCount(), 7);
  // The properties the rules read (card_coins, card_points) are columns.
  ASSERT_GE(table->columnOf(QStringLiteral("properties.coins")), 0);
  ASSERT_GE(table->columnOf(QStringLiteral("properties.points")), 0);
  const QModelIndex gold = table->index(table->rowOf(QStringLiteral("gold")), table->columnOf(QStringLiteral("properties.coins")));
  EXPECT_EQ(table->data(gold, Qt::DisplayRole).toString(), QStringLiteral("3"));

  // The Overview's Rules box: counters with bounds, zones with who sees them, phases.
  auto* rules = w.findChild<QGroupBox*>(QStringLiteral("describedRules"));
  ASSERT_NE(rules, nullptr);
  EXPECT_FALSE(rules->isHidden());
  const QString text = rules->findChild<QLabel*>()->text();
  EXPECT_TRUE(text.contains(QStringLiteral("coins (each player, 0..100)"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("hand (each player, seen by its owner)"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("buy: buy / cleanup"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("most points wins"))) << text.toStdString();
  EXPECT_TRUE(text.contains(QStringLiteral("script:big_money"))) << text.toStdString();

  w.yamlView()->refreshNow();
  const QString yaml = w.yamlView()->toPlainText();
  EXPECT_TRUE(yaml.contains(QStringLiteral("rules:"))) << yaml.toStdString();
  EXPECT_TRUE(yaml.contains(QStringLiteral("big_money"))) << yaml.toStdString();

  // A C++ engine's ruleset has no Rules box.
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  EXPECT_TRUE(rules->isHidden());
}

TEST(DescribedWindow, APropertyEditsWithUndoAndTheSaveKeepsTheLayout) {
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString path = dir.filePath(QStringLiteral("market-row.yaml"));
  ASSERT_TRUE(QFile::copy(kMarketRow, path));
  const QByteArray original = readAll(path);
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(path));
  RulesetDocument* doc = w.document();
  QString error;
  ASSERT_TRUE(doc->setValue(QStringLiteral("cards.smithy.properties.draws"), QStringLiteral("2"), &error))
      << error.toStdString();
  EXPECT_TRUE(doc->isModified());
  EXPECT_EQ(doc->ruleset().entity(model::Section::Cards, "smithy")->property("draws")->asNumber(), 2.0);
  doc->undoStack()->undo();
  EXPECT_EQ(doc->ruleset().entity(model::Section::Cards, "smithy")->property("draws")->asNumber(), 3.0);
  EXPECT_FALSE(doc->isModified());
  doc->undoStack()->redo();
  ASSERT_TRUE(doc->setValue(QStringLiteral("cards.gold.cost"), QStringLiteral("5"), &error)) << error.toStdString();
  ASSERT_TRUE(w.save());
  // Only the two values changed; the comments, the flow maps and the rules stay as written.
  QByteArray expected = original;
  expected.replace("properties: {draws: 3}", "properties: {draws: 2}");
  const QByteArray goldBefore = "  - id: gold\n    name: Gold\n    count: 12\n    cost: 6\n";
  ASSERT_TRUE(expected.contains(goldBefore));
  expected.replace(goldBefore, "  - id: gold\n    name: Gold\n    count: 12\n    cost: 5\n");
  EXPECT_EQ(readAll(path).toStdString(), expected.toStdString());
  EXPECT_FALSE(doc->isModified());
  // No temporary file is left beside it (the save wrote one and renamed it).
  EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("market-row.yaml")});
}

TEST(DescribedWindow, TheSimulationTabPlaysADescribedGameWithScriptedPlayers) {
  RulesetDocument doc;
  ASSERT_TRUE(doc.open(kMarketRow));
  sim::RunResult result;
  ASSERT_TRUE(simulate(&doc, 20, {QStringLiteral("script:big_money"), QStringLiteral("random")}, &result));
  EXPECT_EQ(result.stats.games(), 20u);
  EXPECT_FALSE(result.cancelled);
}

TEST(NewFromTemplate, TheMenuListsTheTemplatesOfTheDataFolder) {
  setDocumentationRoot(QStringLiteral(WB_SOURCE_DIR));
  const QList<GameTemplate> templates = gameTemplates();
  QStringList titles;
  for (const auto& t : templates) titles << t.title;
  EXPECT_TRUE(titles.contains(QStringLiteral("Card game"))) << titles.join(QLatin1Char(',')).toStdString();
  EXPECT_TRUE(titles.contains(QStringLiteral("Dice game"))) << titles.join(QLatin1Char(',')).toStdString();
  MainWindow w;
  auto* menu = w.menuBar()->findChild<QMenu*>(QStringLiteral("newFromTemplateMenu"));
  ASSERT_NE(menu, nullptr);
  EXPECT_TRUE(menu->isEnabled());
  QStringList actions;
  for (QAction* a : menu->actions()) actions << a->text();
  EXPECT_EQ(actions, titles);
}

// Every template validates and plays to an end with the scripted, random and
// greedy players: a designer's first Run shows numbers, not timeouts.
TEST(NewFromTemplate, EveryTemplateOpensUntitledAndPlays) {
  setDocumentationRoot(QStringLiteral(WB_SOURCE_DIR));
  for (const GameTemplate& t : gameTemplates()) {
    MainWindow w;
    w.setPromptsEnabled(false);
    ASSERT_TRUE(w.newFromTemplate(t.path)) << t.title.toStdString();
    RulesetDocument* doc = w.document();
    EXPECT_TRUE(doc->filePath().isEmpty());
    EXPECT_EQ(doc->errorCount(), 0) << t.title.toStdString() << doc->diagnostics().format();
    EXPECT_TRUE(w.windowTitle().startsWith(QStringLiteral("Untitled"))) << w.windowTitle().toStdString();
    for (const QString& agent : {QStringLiteral("random"), QStringLiteral("greedy")}) {
      sim::RunResult result;
      ASSERT_TRUE(simulate(doc, 40, {agent, agent}, &result)) << t.title.toStdString();
      EXPECT_EQ(result.stats.games(), 40u);
      EXPECT_EQ(result.stats.timeouts(), 0u) << t.title.toStdString() << " " << agent.toStdString();
    }
  }
}

TEST(NewFromTemplate, ANewGameIsEditedPlayedAndSavedWhereTheUserSays) {
  setDocumentationRoot(QStringLiteral(WB_SOURCE_DIR));
  const QString card = QStringLiteral(WB_SOURCE_DIR "/data/templates/card-game.yaml");
  const QByteArray templateText = readAll(card);
  ASSERT_FALSE(templateText.isEmpty());
  MainWindow w;
  w.setPromptsEnabled(false);
  w.resize(1300, 860);
  ASSERT_TRUE(w.newFromTemplate(card));
  RulesetDocument* doc = w.document();
  EXPECT_FALSE(doc->isModified());
  // The window as a designer sees the new game (WB_TEST_GRAB_DIR: kept to look at).
  w.show();
  const QImage grab = w.grab().toImage();
  EXPECT_FALSE(grab.isNull());
  if (const QString dir = qEnvironmentVariable("WB_TEST_GRAB_DIR"); !dir.isEmpty())
    grab.save(QDir(dir).filePath(QStringLiteral("new-card-game.png")));

  // Edited and played at once, without a file.
  QString error;
  ASSERT_TRUE(doc->setValue(QStringLiteral("cards.crown.cost"), QStringLiteral("6"), &error)) << error.toStdString();
  ASSERT_TRUE(doc->setValue(QStringLiteral("parameters.goal"), QStringLiteral("12"), &error)) << error.toStdString();
  EXPECT_TRUE(doc->isModified());
  sim::RunResult result;
  ASSERT_TRUE(simulate(doc, 20, {QStringLiteral("script:buy_best"), QStringLiteral("random")}, &result));
  EXPECT_EQ(result.stats.games(), 20u);

  // Save asks for a name; cancelling writes nothing.
  QStringList asked;
  QString answer;
  w.setSavePathChooser([&](const QString& current) {
    asked << current;
    return answer;
  });
  EXPECT_FALSE(w.save());
  ASSERT_EQ(asked.size(), 1);
  EXPECT_TRUE(asked.front().isEmpty()) << "a new game has no file to suggest";
  EXPECT_TRUE(doc->isModified());
  EXPECT_EQ(readAll(card), templateText) << "the template is never written";

  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  answer = dir.filePath(QStringLiteral("my-game.yaml"));
  ASSERT_TRUE(w.save());
  EXPECT_EQ(asked.size(), 2);
  EXPECT_EQ(doc->filePath(), answer);
  EXPECT_FALSE(doc->isModified());
  EXPECT_TRUE(w.windowTitle().startsWith(QStringLiteral("my-game.yaml"))) << w.windowTitle().toStdString();
  EXPECT_EQ(readAll(card), templateText) << "the template is never written";
  // The saved file is the edited game and opens as it was.
  RulesetDocument reopened;
  ASSERT_TRUE(reopened.open(answer));
  EXPECT_EQ(reopened.errorCount(), 0) << reopened.diagnostics().format();
  EXPECT_EQ(reopened.ruleset().number("goal"), 12.0);
  // Save again goes to the file the user named, without asking.
  ASSERT_TRUE(doc->setValue(QStringLiteral("parameters.goal"), QStringLiteral("14"), &error)) << error.toStdString();
  ASSERT_TRUE(w.save());
  EXPECT_EQ(asked.size(), 2);
}

}  // namespace
}  // namespace wb::app
