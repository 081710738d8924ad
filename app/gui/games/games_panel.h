// GamesPanel: the Games tab — watch the games of the
// run on the Simulation tab. "List games" replays the first N games of that
// run exactly as it played them (MonteCarloRunner::replay: game i from (seed,
// i)) on a worker thread and lists each one's length and result; a filter
// keeps the capped or adjudicated games, the games won by a seat or a
// faction, or sorts them longest / shortest first. Choosing a game replays it
// once more and shows its moves by the engine's names (as `balance run
// --replay` prints them), one row per move, with the engine's description of
// the state before each move (and the final state); "Jump to turn" goes to a
// turn's first move; a capped game says which cap or bound stopped it.
#pragma once

#include <QWidget>

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/runner/run_config.h"

class QComboBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace wb::app {

class SimulationPanel;

// One listed game.
struct GameSummary {
  std::uint64_t index = 0;
  int turns = 0;
  bool capped = false;       // stopped at the run's turn cap or an action bound (a timeout)
  bool adjudicated = false;  // decided by the engine at a cap of its own
  int winnerSeat = -1;       // a seat of the winning side; -1: draw, nobody, capped
  std::vector<int> winners;  // every winning seat (a team)
  std::vector<int> factionOfSeat;  // faction index per seat (empty: no factions)
  QString result;            // "Seat 2 wins", "draw", "nobody wins", "capped: ..."
};

// One move of the viewed game.
struct GameMove {
  int turn = 0, player = 0;
  QString name;   // State::actionToString, a card by its name (app/report/engine_words.h)
  QString state;  // State::toString before the move, seats numbered "Seat N" as everywhere
  // The move as the replay text heads it (app/report/replay_text.h): the turn's player,
  // a reaction as a reaction, turns without a decision and chance events before it.
  QString label;
};

class GamesPanel : public QWidget {
  Q_OBJECT
 public:
  enum Filter { All, Capped, Adjudicated, Longest, Shortest, WonBySeat, WonByFaction };

  GamesPanel(SimulationPanel* simulation, QWidget* parent = nullptr);
  ~GamesPanel() override;

  // Replays the first `count` games of the run on screen on a worker thread;
  // listed() when done. False with errorText() when there is no run to list.
  bool listGames(int count);
  bool isListing() const { return m_listing.load(); }
  const std::vector<GameSummary>& games() const { return m_games; }
  // The rows shown: the filter applied (`value`: the seat or faction index).
  void setFilter(Filter filter, int value = 0);
  QTableWidget* table() const { return m_table; }
  // Replays game `index` and shows its moves; false with errorText().
  bool showGame(std::uint64_t index);
  const std::vector<GameMove>& moves() const { return m_moves; }
  QListWidget* moveList() const { return m_moveList; }
  QString stateText() const;
  QString stopText() const;
  QString statusText() const;
  void jumpToTurn(int turn);
  QString errorText() const { return m_error; }

 Q_SIGNALS:
  void listed();

 private:
  bool prepare(model::Ruleset& ruleset, sim::RunConfig& config);
  void fillTable();
  void onFiltered();
  void showMove(int row);

  SimulationPanel* m_simulation;
  QSpinBox* m_count;
  QPushButton* m_list;
  QComboBox* m_filter;
  QComboBox* m_filterValue;
  QLabel* m_status;
  QTableWidget* m_table;
  QLabel* m_gameTitle;
  QSpinBox* m_turn;
  QListWidget* m_moveList;
  QPlainTextEdit* m_state;
  QLabel* m_stop;
  std::vector<GameSummary> m_games;
  std::vector<std::string> m_factionNames;
  std::vector<GameMove> m_moves;
  QString m_finalState;
  QString m_stopReason;
  QString m_error;
  Filter m_currentFilter = All;
  int m_filterArg = 0;
  std::thread m_worker;
  std::atomic<bool> m_listing{false};
  std::atomic<bool> m_cancel{false};
};

}  // namespace wb::app
