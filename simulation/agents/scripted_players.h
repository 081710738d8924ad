// ScriptedPlayers: what a position offers when its game's own data defines
// scripted players (a described game's `players:` priority rules, "hold at
// 20"). A State class that has them also derives from this interface; the
// `script:NAME` agent (scripted_agent.h) finds it with dynamic_cast, so games
// without scripts need nothing.
#pragma once

#include <string_view>

#include "simulation/core/action_history.h"

namespace wb::sim {

class ScriptedPlayers {
 public:
  virtual ~ScriptedPlayers() = default;
  // The index of the scripted player called `name`, or -1 when there is none.
  virtual int scriptIndex(std::string_view name) const = 0;
  // The legal action scripted player `script` takes now, or -1 when none of
  // its rules applies.
  virtual Action scriptedAction(int script) const = 0;
};

}  // namespace wb::sim
