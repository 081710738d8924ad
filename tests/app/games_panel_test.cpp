// Watch a game: the Games tab lists the games of the
// run on screen as that run played them (its capped games and seat wins add
// up to the run's own counts), filters them, and steps through one game's
// moves by the engine's names with the state before each move, each row headed
// like the command line's replay (the turn's player, reactions as reactions); a
// capped game says where it stopped.
#include <QListWidget>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTableWidget>

#include <gtest/gtest.h>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/games/games_panel.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app {
namespace {

TEST(GamesPanel, ListsTheRunsGamesAsPlayedAndStepsThroughOne) {
  MainWindow w;
  w.setPromptsEnabled(false);
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/card-dice/card-dice.yaml")));
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(40);
  sim->setSeed(11);
  sim->setThreads(1);
  sim->setAgent(0, QStringLiteral("random"));
  sim->setAgent(1, QStringLiteral("random"));
  // A low turn cap, so some games are capped.
  QSpinBox* cap = nullptr;
  for (auto* box : sim->findChildren<QSpinBox*>())
    if (box->specialValueText() == QStringLiteral("engine default")) cap = box;
  ASSERT_NE(cap, nullptr);
  cap->setValue(12);
  testing::SignalCounter done(sim, &SimulationPanel::finished);
  sim->run();
  ASSERT_TRUE(testing::waitUntil([&] { return done.count() > 0; }, 60000));
  const auto& stats = sim->lastResult().stats;
  ASSERT_GT(stats.timeouts(), 0u) << "the cap should stop some games";

  GamesPanel* games = w.gamesPanel();
  testing::SignalCounter listed(games, &GamesPanel::listed);
  ASSERT_TRUE(games->listGames(1000)) << games->errorText().toStdString();
  ASSERT_TRUE(testing::waitUntil([&] { return listed.count() > 0; }, 60000));
  ASSERT_EQ(games->games().size(), 40u);
  std::uint64_t capped = 0, seat0 = 0;
  for (const auto& g : games->games()) {
    capped += g.capped ? 1 : 0;
    seat0 += g.winnerSeat == 0 && g.winners.size() == 1 ? 1 : 0;
  }
  EXPECT_EQ(capped, stats.timeouts());
  EXPECT_EQ(seat0, stats.seats()[0].wins);

  games->setFilter(GamesPanel::Capped);
  EXPECT_EQ(static_cast<std::uint64_t>(games->table()->rowCount()), stats.timeouts());
  games->setFilter(GamesPanel::WonBySeat, 0);
  EXPECT_EQ(static_cast<std::uint64_t>(games->table()->rowCount()), seat0);
  games->setFilter(GamesPanel::Longest);
  ASSERT_EQ(games->table()->rowCount(), 40);
  EXPECT_GE(games->table()->item(0, 1)->text().toInt(), games->table()->item(39, 1)->text().toInt());

  // A capped game, move by move.
  std::uint64_t index = 0;
  for (const auto& g : games->games())
    if (g.capped) {
      index = g.index;
      break;
    }
  ASSERT_TRUE(games->showGame(index)) << games->errorText().toStdString();
  ASSERT_FALSE(games->moves().empty());
  EXPECT_EQ(games->moveList()->count(), static_cast<int>(games->moves().size()) + 1);  // and the end
  for (const auto& m : games->moves()) EXPECT_FALSE(m.name.isEmpty());
  // Each row is headed as the command line's replay heads its line: the turn and the seat
  // whose turn it is; a move of another seat (a response, a raise) says it reacts.
  int reactions = 0;
  for (std::size_t i = 0; i < games->moves().size(); ++i) {
    const auto& m = games->moves()[i];
    const QString label = games->moveList()->item(static_cast<int>(i))->text();
    EXPECT_EQ(label, m.label);
    static const QRegularExpression kHeading(QStringLiteral("turn (\\d+), Seat (\\d+)"));
    QRegularExpressionMatch last;
    for (auto it = kHeading.globalMatch(label); it.hasNext();) last = it.next();
    ASSERT_TRUE(last.hasMatch()) << label.toStdString();
    EXPECT_EQ(last.captured(1).toInt(), m.turn) << label.toStdString();
    if (last.captured(2).toInt() != m.player + 1) {
      ++reactions;
      EXPECT_TRUE(label.contains(QStringLiteral("Seat %1 reacts").arg(m.player + 1))) << label.toStdString();
    }
  }
  EXPECT_GT(reactions, 0) << "random players answer some actions";
  EXPECT_TRUE(games->stateText().startsWith(QStringLiteral("Before move 1")));
  // The window's seats are Seat 1, 2, ..., and so are the engine's.
  EXPECT_TRUE(games->stateText().contains(QStringLiteral("Seat ")));
  EXPECT_FALSE(games->stateText().contains(QStringLiteral("player 0")));
  EXPECT_TRUE(games->stopText().contains(QStringLiteral("Stopped at"))) << games->stopText().toStdString();
  games->jumpToTurn(5);
  const int row = games->moveList()->currentRow();
  ASSERT_GE(row, 0);
  ASSERT_LT(row, static_cast<int>(games->moves().size()));
  EXPECT_GE(games->moves()[static_cast<std::size_t>(row)].turn, 5);
  EXPECT_TRUE(games->stateText().contains(QStringLiteral("turn %1").arg(games->moves()[static_cast<std::size_t>(row)].turn)));

  // "Jump to turn" follows the move chosen in the list: a later move, the end.
  auto* turnBox = games->findChild<QSpinBox*>(QStringLiteral("jumpToTurn"));
  ASSERT_NE(turnBox, nullptr);
  const int later = static_cast<int>(games->moves().size()) - 1;
  ASSERT_GT(games->moves().back().turn, games->moves().front().turn);
  games->moveList()->setCurrentRow(later);
  EXPECT_EQ(turnBox->value(), games->moves().back().turn);
  EXPECT_EQ(games->moveList()->currentRow(), later) << "following the list must not jump back to the turn's first move";
  games->moveList()->setCurrentRow(0);
  EXPECT_EQ(turnBox->value(), games->moves().front().turn);
  games->moveList()->setCurrentRow(games->moveList()->count() - 1);  // the end
  EXPECT_EQ(turnBox->value(), games->moves().back().turn);

  // Another ruleset: nothing to watch until it is run.
  ASSERT_TRUE(w.openFile(QStringLiteral(WB_SOURCE_DIR "/data/rulesets/element/element.yaml")));
  EXPECT_FALSE(games->listGames(10));
}

}  // namespace
}  // namespace wb::app
