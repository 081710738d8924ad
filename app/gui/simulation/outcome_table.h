// OutcomeTable: the Simulation tab's "Outcomes" table: one row per team (where
// the engine declares teams), seat, agent and faction, with games, wins, draws,
// losses, games nobody won, adjudicated games (won / drawn / lost as the engine
// decided at its own cap), timeouts, the win rate and its 95% interval; the
// same numbers as `balance run` prints. Columns of zeros are hidden.
#pragma once

#include <QTableWidget>

#include "model/core/ruleset.h"
#include "simulation/runner/run_result.h"

namespace wb::app {

class OutcomeTable : public QTableWidget {
  Q_OBJECT
 public:
  explicit OutcomeTable(QWidget* parent = nullptr);
  // `names`: the ruleset whose names the faction rows read ("Druid", not
  // mage_druid), as the charts beside the table do; null: the ids.
  void showResult(const sim::RunResult& result, const model::Ruleset* names = nullptr);
  // Column indices (for tests).
  enum Column { Group, Name, Games, Wins, Draws, Losses, Nobody, AdjWon, AdjDrawn, AdjLost, Timeouts, WinRate, Ci, Count };
};

}  // namespace wb::app
