// What the window writes for a designer, in the words of the game and without
// false certainty: Zoneplex's moves name cells as its state does ("row 3 cell
// 2"), relics by name, and a restricted-play lift no game moved reads "never
// played", not the certain-looking "0.0 [0.0, 0.0]".
#include <QRegularExpression>
#include <QTableWidget>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/games/games_panel.h"
#include "app/gui/simulation/impact_bar.h"
#include "app/gui/window/main_window.h"
#include "rulesets/engine_catalog.h"
#include "simulation/core/game.h"
#include "simulation/core/rng.h"
#include "simulation/core/state.h"
#include "simulation/impact/impact_runner.h"
#include "tests/app/gui_test_support.h"
#include "tests/app/last_traps_support.h"

namespace wb::app {
namespace {

// A cell, a relic slot or a target by its raw number: "step to 26", "at 17",
// "use relic slot 2 target 46".
const QRegularExpression kRawNumber(QStringLiteral("\\b(to|at) \\d+\\b|\\bslot \\d|\\btarget \\d|\\brelic \\d|#\\d"));

TEST(MoveTexts, ZoneplexMovesNameCellsAndRelicsAsItsStateDoes) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/zoneplex/zoneplex.yaml")));
  // The moves of a game as the Games tab lists them.
  ASSERT_TRUE(testing::runGames(w, 2));
  const QStringList texts = testing::watchedTexts(w);
  ASSERT_FALSE(texts.isEmpty()) << w.gamesPanel()->errorText().toStdString();
  bool steps = false;
  for (int i = 0; i + 1 < texts.size(); i += 2) {
    EXPECT_FALSE(texts[i].contains(kRawNumber)) << texts[i].toStdString();
    steps |= texts[i].contains(QRegularExpression(QStringLiteral("step to row \\d+ cell \\d+")));
  }
  EXPECT_TRUE(steps);
  // Every kind of move a game offers on the way (relics, battles, stones):
  // the legal moves of three random 3-seat games, each named.
  model::Diagnostics d;
  const auto game = rulesets::builtinEngines().compile(w.document()->ruleset(), d);
  ASSERT_TRUE(game) << d.format();
  int named = 0, relics = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    sim::Rng rng(seed);
    auto state = game->newInitialState(sim::GameSetup(3), rng);
    for (int step = 0; step < 3000 && !state->isTerminal(); ++step) {
      const auto actions = state->legalActions();
      ASSERT_FALSE(actions.empty());
      for (sim::Action a : actions) {
        const std::string name = state->actionToString(a);
        EXPECT_FALSE(QString::fromStdString(name).contains(kRawNumber)) << name;
        relics += name.rfind("use relic ", 0) == 0 ? 1 : 0;
        ++named;
      }
      state->applyAction(actions[static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(actions.size())))], rng);
    }
  }
  EXPECT_GT(named, 100);
  EXPECT_GT(relics, 0) << "no relic was usable in these games: the relic names went unchecked";
}

// Found under Xvfb: Elem Master's board showed Seat 1's pieces as "0F1" and
// its moves named squares from 0 ("grow (0,4)"): a person counts from 1.
TEST(MoveTexts, ElemMastersBoardAndMovesCountFromOne) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/elem-master/elem-master.yaml")));
  ASSERT_TRUE(testing::runGames(w, 2));
  const QStringList texts = testing::watchedTexts(w);
  ASSERT_FALSE(texts.isEmpty()) << w.gamesPanel()->errorText().toStdString();
  const QRegularExpression zeroSquare(QStringLiteral("\\(0,|,0\\)"));
  const QRegularExpression seatZeroPiece(QStringLiteral("(^|\\s)0[EFWA]\\d"));
  bool pieces = false;
  for (int i = 0; i + 1 < texts.size(); i += 2) {
    EXPECT_FALSE(texts[i].contains(zeroSquare)) << texts[i].toStdString();
    EXPECT_FALSE(texts[i + 1].contains(seatZeroPiece)) << texts[i + 1].toStdString();
    pieces |= texts[i + 1].contains(QRegularExpression(QStringLiteral("(^|\\s)1[EFWA]\\d")));
  }
  EXPECT_TRUE(pieces);
  EXPECT_TRUE(texts.value(1).contains(QStringLiteral("pieces: Seat, element"))) << texts.value(1).toStdString();
}

// A restricted-play lift over pairs none of which differed is not a measured
// zero: the Entities table says the card was never played.
TEST(LiftTexts, ALiftNoGameMovedReadsNeverPlayed) {
  QTableWidget table(2, 3);
  table.setItem(0, 0, new QTableWidgetItem(QStringLiteral("hot_springs")));
  table.setItem(1, 0, new QTableWidgetItem(QStringLiteral("meteor_strike")));
  sim::ImpactResult r;
  sim::EntityImpact passive;
  passive.id = "hot_springs";
  passive.restricted.measured = true;
  passive.restricted.restrictedGames = 12;
  for (int i = 0; i < 40; ++i) passive.restricted.lift.add(i % 2, i % 2);
  sim::EntityImpact played = passive;
  played.id = "meteor_strike";
  played.restricted.lift = {};
  for (int i = 0; i < 40; ++i) played.restricted.lift.add(i % 3 == 0 ? 1 : 0, i % 2);
  r.entities = {passive, played};
  ImpactBar::fillColumns(&table, 0, 1, 2, r);
  ASSERT_NE(table.item(0, 1), nullptr);
  EXPECT_EQ(table.item(0, 1)->text(), QStringLiteral("never played (no game changed)"));
  EXPECT_FALSE(table.item(0, 1)->text().contains(QStringLiteral("0.0 [")));
  ASSERT_NE(table.item(1, 1), nullptr);
  EXPECT_FALSE(table.item(1, 1)->text().contains(QStringLiteral("never played"))) << table.item(1, 1)->text().toStdString();
}

}  // namespace
}  // namespace wb::app
