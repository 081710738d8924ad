#include "simulation/core/game.h"

#include <algorithm>

namespace wb::sim {

long long Game::maxActionsFor(int maxTurns) const {
  const long long fixed = defaultMaxActions();
  if (fixed > 0) return fixed;
  return std::max(kMinMaxActions, kActionsPerTurnOfCap * static_cast<long long>(std::max(1, maxTurns)));
}

const std::vector<std::string>& Game::counterIds() const {
  static const std::vector<std::string> kNone;
  return kNone;
}

}  // namespace wb::sim
