// Helpers of the last-traps GUI tests (last_traps_test.cpp,
// last_traps_more_test.cpp): play a run in the window, watch one of its games,
// read a file, find a button or a cell.
#pragma once

#include <QFile>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableWidget>

#include <algorithm>

#include "app/gui/document/ruleset_document.h"
#include "app/gui/games/games_panel.h"
#include "app/gui/simulation/simulation_panel.h"
#include "app/gui/window/main_window.h"
#include "tests/app/gui_test_support.h"

namespace wb::app::testing {

inline const QString kElement = QStringLiteral(WB_SOURCE_DIR "/data/rulesets/element/element.yaml");

inline QPushButton* button(QWidget* in, const QString& text) {
  for (QPushButton* b : in->findChildren<QPushButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

inline QString cell(const QTableWidget* t, int row, int column) {
  const QTableWidgetItem* item = t->item(row, column);
  return item ? item->text() : QString();
}

inline QString readText(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
}

inline bool runGames(MainWindow& w, int games, const QString& agent = QStringLiteral("random")) {
  SimulationPanel* sim = w.simulationPanel();
  sim->setGames(games);
  sim->setSeed(3);
  sim->setThreads(1);
  const int players = std::max(1, w.document()->ruleset().players.initial());
  for (int p = 0; p < players; ++p) sim->setAgent(p, agent);
  SignalCounter done(sim, &SimulationPanel::finished);
  sim->run();
  return waitUntil([&] { return done.count() > 0; }, 120000) && sim->hasResult();
}

// The state texts and move names of a game of the run on screen.
inline QStringList watchedTexts(MainWindow& w) {
  GamesPanel* games = w.gamesPanel();
  SignalCounter listed(games, &GamesPanel::listed);
  if (!games->listGames(2)) return {};
  if (!waitUntil([&] { return listed.count() > 0; }, 60000)) return {};
  if (!games->showGame(0)) return {};
  QStringList out;
  for (const auto& m : games->moves()) out << m.name << m.state;
  return out;
}

// A seat counted from 0 where a person reads ("player 0", "on seat 1" for the first).
inline const QRegularExpression kZeroBasedSeat(QStringLiteral("\\b(seat|player) 0\\b|on seat \\d|of seat \\d"));

}  // namespace wb::app::testing
