// DescribedGame: a game written in the rules language (engine name
// "described"), its description compiled once (model/describe) and shared by
// every state; DescribedState (described_state.h) plays it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/describe/described_program.h"
#include "simulation/core/game.h"

namespace wb::rulesets::described {

class DescribedState;

// The most byte-code steps one action's effects may take, by default.
inline constexpr long long kEffectStepBudget = 2000000;

// Bounds of play a caller may lower: the fuzz target plays thousands of
// inputs a minute under the sanitizers, where the whole default budget of one
// action takes most of a second.
struct PlayLimits {
  // Steps one action's effects may take (an action that takes more ends its
  // game with no winner and the cause); validation's probe games spend about
  // this many in all.
  long long effectSteps = kEffectStepBudget;
};

class DescribedGame : public sim::Game {
 public:
  DescribedGame(std::shared_ptr<const model::describe::DescribedProgram> program, std::vector<std::string> ids);
  // Compiles the ruleset's description; nullptr (with diagnostics) when it cannot be played.
  static std::unique_ptr<DescribedGame> create(const model::Ruleset& ruleset, model::Diagnostics& out,
                                               const PlayLimits& limits = {});

  std::string engine() const override;
  const std::vector<std::string>& entityIds() const override { return m_ids; }
  // The tallied counters (described_state.h, isTallied), each player's value when the game stops.
  const std::vector<std::string>& counterIds() const override { return m_counterIds; }
  std::unique_ptr<sim::State> newInitialState(const sim::GameSetup& setup, sim::Rng& rng) const override;
  // The ruleset's `factions:`; each seat's faction is read as faction_NAME.
  std::vector<std::string> factions() const override { return m_program->factions; }
  // The description's `turn_limit` and `actions_per_turn`: a game or a turn
  // that outlasts them is a timeout with its cause (the runner's bounds).
  int defaultMaxTurns() const override { return m_program->turnLimit; }
  int defaultMaxActionsPerTurn() const override { return m_program->actionsPerTurn; }

  // The concrete state (tests set positions on it).
  std::unique_ptr<DescribedState> newGame(int players, sim::Rng& rng, const std::vector<int>& factionOfSeat = {}) const;
  const model::describe::DescribedProgram& program() const { return *m_program; }
  const PlayLimits& limits() const { return m_limits; }

 private:
  std::shared_ptr<const model::describe::DescribedProgram> m_program;
  std::vector<std::string> m_ids;
  std::vector<std::string> m_counterIds;
  PlayLimits m_limits;
};

}  // namespace wb::rulesets::described
