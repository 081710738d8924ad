// ScriptedAgent (`script:NAME`): plays the priority rules a game's own data
// gives a player (a described game's `players:` section: "hold when the turn
// total reaches 20", "buy the dearest card you can afford"), the way
// Dominion's simulators play "Big Money". The rules are evaluated on the
// determinized view like every agent's choice, so they read only what the
// player sees; when no rule applies it takes the first legal action. A game
// without a script by that name plays its first legal action too, and says so
// through knowsScript().
#pragma once

#include <string>

#include "simulation/core/agent.h"

namespace wb::sim {

class ScriptedAgent : public Agent {
 public:
  explicit ScriptedAgent(std::string name) : m_name(std::move(name)) {}
  std::string spec() const override { return "script:" + m_name; }
  const std::string& scriptName() const { return m_name; }
  // Whether `state`'s game defines this script.
  bool knowsScript(const State& state) const;

 protected:
  Action decide(const State& view, Rng& rng) override;

 private:
  std::string m_name;
};

}  // namespace wb::sim
