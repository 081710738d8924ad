// GreedyAgent: one-ply look-ahead. On the state as its player knows it (a
// determinization, agent.h), applies each legal action to a copy and keeps the
// action whose result has the best State::heuristic() for the acting player;
// ties are broken at random. An action need not end the turn, so the
// look-ahead is one own action deep.
//
// Answers before scores (`answers=on`, the default): when the action leaves a
// decision to another player inside the same turn (an ElemenZ target choosing
// how to absorb a drain, a card-dice response or auction bid, a Zoneplex battle
// answer: currentPlayer() is not the mover and turnCount() has not changed),
// those players answer first, each by its own one-ply greedy choice (as the
// planner's opponent model does), and the position after the answers is
// scored. Without it a drain that its target may answer is valued before any
// die is lost (ElemenZ: 56% of greedy's strikes drained nothing, audit
// elemenz.md 4d). `answers=off` scores the position right after the action.
//
// Expectations, not one sample (`samples=K`): an action is valued as the mean
// heuristic over K samples of the chance that follows it (rolls, draws, the
// answers' tie-breaks), on common random numbers: the same K generator states,
// drawn once per decision from the agent's stream, for every action compared,
// so that two actions differ by what they do, not by their luck. An action whose
// first sample drew no random number is deterministic and is valued once.
// Default K = kDefaultGreedySamples = 1: one sample, on common random numbers
// across the actions; K = 4 costs about 3x on ElemenZ (data/docs/agents.md,
// "Samples and chance", has the 400-game ladder of K = 4 against K = 1).
//
// Spec: greedy[:samples=K,answers=on|off]; the spec names only non-default options.
#pragma once

#include <memory>
#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

inline constexpr int kDefaultGreedySamples = 1;

struct GreedyOptions {
  int samples = kDefaultGreedySamples;  // K: samples of what follows an action
  bool answers = true;                  // others' answers inside the turn before the score
};

class GreedyAgent : public Agent {
 public:
  explicit GreedyAgent(GreedyOptions options = {}) : m_options(options) {}
  std::string spec() const override;
  const GreedyOptions& options() const { return m_options; }

  // The plain one-ply choice on a search copy, one sample from `rng`, no answers
  // (MCTS greedy rollouts, the planner's opponent model, the answers here):
  // `scratch` is reused for the legal actions and `copy` for the look-ahead
  // state, so repeated calls do not allocate.
  static Action choose(const State& state, Rng& rng, std::vector<Action>& scratch, std::unique_ptr<State>& copy);

  // Lets the other players answer in `s` by their plain one-ply choice while
  // the turn `turn` of `mover` is not over (at most a fixed number of actions).
  static void resolveAnswers(State& s, int mover, int turn, Rng& rng, std::vector<Action>& scratch,
                             std::unique_ptr<State>& copy);

  // The value decide() gives action `a` (one of view's legal actions) for the
  // player to act: the mean heuristic over the samples, after the answers
  // (tests, tools). Draws the samples' generator states from `rng`.
  double valueOf(const State& view, Action a, Rng& rng);
  // The values decide() gives every legal action of `view`, in legalActions()
  // order, on the samples' generator states drawn from `rng` as decide() draws
  // them (tests: each is valueOf() of that action from the same `rng`).
  void valuesOf(const State& view, Rng& rng, std::vector<double>& out);

 protected:
  Action decide(const State& view, Rng& rng) override;

 private:
  double value(const State& view, Action a, int me, int turn);

  GreedyOptions m_options;
  std::vector<Action> m_actions, m_answerActions;
  std::unique_ptr<State> m_copy, m_answerCopy;
  std::vector<Rng> m_bases;
  Rng m_chance;             // the generator of the sample being valued
  int m_chanceSample = -1;  // m_chance equals m_bases[this] byte for byte; -1: none
};

}  // namespace wb::sim
