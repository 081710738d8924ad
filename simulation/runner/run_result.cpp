#include "simulation/runner/run_result.h"

#include <algorithm>

#include "simulation/stats/statistics.h"

namespace wb::sim {

double RunResult::maxHeadlineHalfWidth() const {
  double worst = 0.0;
  bool any = false;
  auto consider = [&](const OutcomeTally& t) {
    worst = std::max(worst, wilsonInterval(t.wins, t.games).halfWidth());
    any = true;
  };
  for (const auto& t : stats.seats()) consider(t);
  if (stats.agents().size() > 1)
    for (const auto& t : stats.agents()) consider(t);
  for (const auto& t : stats.factions()) consider(t);
  return any ? worst : 1.0;
}

}  // namespace wb::sim
