// From a simulation RunResult to the plain chart inputs of chart_data.h:
// win rates (with 95% Wilson intervals) per seat, team, agent and faction, the game
// length histogram, and per-entity "win rate when used minus when not used"
// with outliers flagged. Shared by the workbench and report export.
#pragma once

#include <vector>

#include "charts/builders/chart_data.h"
#include "simulation/runner/run_result.h"

namespace wb::charts {

// Win rates are over the games someone won by the rules (wins / (wins +
// losses)), as the headline's first-player test counts them, so the fair
// share is 1 / seats. Seats are named "Seat 1".. everywhere.
std::vector<WinRateBar> seatWinRates(const sim::RunResult& result);
// One bar per side (team) of the engine (sim::RunStats::sides()).
std::vector<WinRateBar> teamWinRates(const sim::RunResult& result);
std::vector<WinRateBar> agentWinRates(const sim::RunResult& result);
std::vector<WinRateBar> factionWinRates(const sim::RunResult& result);
LengthHistogram gameLengths(const sim::RunResult& result);

// One row of the per-entity metrics table.
struct EntityMetric {
  QString id;
  long long acquired = 0, played = 0, triggered = 0;
  long long usedGames = 0;       // player-games that used it
  double usedWinRate = 0;        // win rate of player-games that used it
  double unusedWinRate = 0;      // ... that did not
  double delta = 0;              // used - unused
  double z = 0;                  // two-proportion z score of the delta
  // delta minus the mean delta of all used entities: winners use more cards,
  // so the raw delta is positive for most; the lift says which stand out.
  double lift = 0;
  bool outlier = false;          // |lift| > 2 SD of the lifts, |z| >= 3, used in >= 30 player-games
  double deltaLow = 0, deltaHigh = 0;  // 95% interval of delta (Newcombe), when both groups have games
  // Nothing to compare: every player used it (a starting card) or nobody did.
  bool contrast = false;
  // A game-end or battle counter ("end:eye", "battle:solo"), not a card, tile or ability.
  bool counter = false;
};
std::vector<EntityMetric> entityMetrics(const sim::RunResult& result);
// The lifts (in percentage points) of the entities with a contrast that are
// not counters (outliers flagged), for buildTopEntitiesChart.
std::vector<EntityValue> entityDeltas(const std::vector<EntityMetric>& metrics);

}  // namespace wb::charts
