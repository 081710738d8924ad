#include "simulation/core/game.h"

namespace wb::sim {

const std::vector<std::string>& Game::counterIds() const {
  static const std::vector<std::string> kNone;
  return kNone;
}

}  // namespace wb::sim
