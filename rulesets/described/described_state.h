// DescribedState: one position of a described game. Counters are a flat int
// array (the game's, then each player's), zones are piles of card indices
// (top = back), and the turn is (player, phase, actions taken). Actions are
// integers: the action's index times kActionStride, plus 1 + the picked
// card's index for an action with `pick` (one action per distinct card).
//
// Rules of play, fixed for every described game (data/schema/game-description.md):
// a turn starts in the first phase with the player's `reset: turn` counters
// reset; a phase in which no action is legal passes to the next, and the turn
// ends after the last; after every action the end rules are checked (each
// player as the subject, the player to act first) and the first that holds
// ends the game; a round in which no player had a legal action ends it with
// no winner (adjudicated).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/describe/described_program.h"
#include "simulation/agents/scripted_players.h"
#include "simulation/core/state.h"

namespace wb::rulesets::described {

inline constexpr sim::Action kActionStride = 1024;
// The most byte-code steps one action's effects may take.
inline constexpr long long kEffectStepBudget = 2000000;

class DescribedState : public sim::State, public sim::ScriptedPlayers {
 public:
  using Program = model::describe::DescribedProgram;
  // factionOfSeat: the faction (index into Program::factions) each seat plays;
  // a seat without one (or a game without factions) reads faction_ names as 0.
  DescribedState(std::shared_ptr<const Program> program, int players, sim::Rng& rng,
                 const std::vector<int>& factionOfSeat = {});

  int numPlayers() const override { return m_players; }
  int currentPlayer() const override { return m_terminal ? sim::kTerminalPlayer : m_current; }
  void legalActions(std::vector<sim::Action>& out) const override;
  bool isTerminal() const override { return m_terminal; }
  std::vector<double> returns() const override;
  bool adjudicated() const override { return m_adjudicated; }
  int turnCount() const override { return m_turnCount; }
  int factionOf(int seat) const override;
  void setupFeatures(std::vector<sim::SetupFeature>& out) const override;
  void actionEntities(sim::Action a, std::vector<int>& out) const override;
  std::unique_ptr<sim::State> clone() const override { return std::make_unique<DescribedState>(*this); }
  void cloneInto(std::unique_ptr<sim::State>& slot) const override { sim::assignInto(*this, slot); }
  std::unique_ptr<sim::State> determinize(int observer, sim::Rng& rng) const override;
  void determinizeInto(int observer, sim::Rng& rng, std::unique_ptr<sim::State>& slot) const override;
  double heuristic(int player) const override;
  std::string actionToString(sim::Action a) const override;
  std::string toString() const override;
  // The description's scripted players (`players:`), for the script:NAME agent.
  int scriptIndex(std::string_view name) const override;
  sim::Action scriptedAction(int script) const override;

  // For tests and scripts: counters and zones by index (see Program).
  int counter(int index, int player) const;
  void setCounter(int index, int player, int value);
  const std::vector<std::int16_t>& zone(int index, int player) const;
  int phase() const { return m_phase; }
  // The error of a `call` whose Lua function failed (`lua:line: message`), or
  // of effects that outgrew kEffectStepBudget, which ended the game with no
  // winner; nullptr when none did.
  const std::string* scriptError() const { return m_scriptError.get(); }
  // Byte-code steps the effects have taken in this game so far (setup
  // included): what validation's probe games spend, so that slow effects
  // (nested repeats within the per-action budget) cannot make it hang.
  long long effectSteps() const { return m_effectSteps; }
  const Program& program() const { return *m_p; }

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override;

 private:
  int& counterRef(int index, int subject);
  std::vector<std::int16_t>& zoneRef(int index, int subject);
  // The values of every expression name for `subject` (and a picked `card`, or -1).
  const double* vars(int subject, int card) const;
  double eval(int expr, int subject, int card) const;
  bool holds(int condition, int subject, int card) const;
  bool legal(int action, int card) const;
  bool phaseHasLegalAction() const;
  void run(int pc, int subject, int card, int pickZone, sim::Rng& rng);
  void shuffle(std::vector<std::int16_t>& pile, sim::Rng& rng);
  void finish(const model::describe::EndRule& rule, int subject);
  void checkEnd();
  void startTurn(bool first);
  void settle();
  double value(int player) const;

  std::shared_ptr<const Program> m_p;
  int m_players = 2;
  int m_current = 0;
  int m_phase = 0;
  int m_turnCount = 1;
  int m_actionsThisTurn = 0;
  int m_idleTurns = 0;  // consecutive turns in which the player had no legal action
  bool m_terminal = false;
  bool m_adjudicated = false;
  bool m_turnEnding = false;
  std::vector<int> m_counters;
  std::vector<int> m_faction;  // per seat, -1 none
  std::vector<std::vector<std::int16_t>> m_zones;
  std::vector<std::uint16_t> m_taken;  // per action, this turn
  std::vector<double> m_returns;
  std::shared_ptr<const std::string> m_scriptError;
  long long m_effectSteps = 0;
};

}  // namespace wb::rulesets::described
