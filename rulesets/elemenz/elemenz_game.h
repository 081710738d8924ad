// ElemenzGame: ElemenZ compiled from its ruleset (engine name "elemenz");
// newInitialState() deals a 3-4 player duel or the 2-player monolith game. The
// shamans are the factions. See elemenz_state.h for the rules summary and the
// parameter table, elemenz_hold_policy.h for the dice hold policy.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "rulesets/elemenz/elemenz_rules.h"
#include "simulation/core/game.h"

namespace wb::rulesets::elemenz {

class ElemenzState;
class HoldPolicy;

class ElemenzGame : public sim::Game {
 public:
  explicit ElemenzGame(std::shared_ptr<const ElemenzRules> rules) : m_rules(std::move(rules)) {}
  // Compiles the ruleset; nullptr (with diagnostics) when it cannot be played.
  static std::unique_ptr<ElemenzGame> create(const model::Ruleset& ruleset, model::Diagnostics& out);

  std::string engine() const override;
  std::vector<std::string> factions() const override { return m_rules->factionIds; }
  // 2 players: each seat plays a side of two shamans (Fire+Earth, Water+Air); a
  // faction row counts the seats whose side was dealt through that shaman, so it
  // is labelled "side fire+earth (via fire)".
  std::vector<std::string> factionLabels(int players) const override;
  const std::vector<std::string>& entityIds() const override { return m_rules->ids; }
  const std::vector<std::string>& counterIds() const override { return m_rules->counterIds; }
  // A wild surge ends the turn at once, often before its player decides anything.
  std::vector<int> chanceEventCounters() const override { return {kCounterWildSurge}; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const override;
  int defaultMaxTurns() const override { return m_rules->maxTurns; }
  // Pulse tokens (on the seat's totem) and avatars (in its hand, with the expansion on).
  bool canGrant(int entity) const override;

  // The concrete state (tests use it for scripted positions).
  std::unique_ptr<ElemenzState> newGame(const sim::GameSetup& setup, sim::Rng& rng) const;
  const ElemenzRules& rules() const { return *m_rules; }

 private:
  std::shared_ptr<const ElemenzRules> m_rules;
};

}  // namespace wb::rulesets::elemenz
