// MctsAgent: UCT Monte Carlo tree search that plays any game through State.
// Hidden information: every iteration plays on state.determinize(me, rng), a
// sample of what `me` cannot see, and all samples share one tree keyed by
// action sequences (information-set MCTS; a child's UCB uses how often it was
// available). Chance inside applyAction makes the tree open-loop.
// Leaves are valued by a random or greedy rollout; a rollout that reaches the
// depth cap is valued from State::heuristic() (see heuristicReturns()).
// Spec: mcts[:iters=N,c=X,rollout=random|greedy,depth=D].
#pragma once

#include <cstdint>
#include <vector>

#include "simulation/core/agent.h"

namespace wb::sim {

struct MctsOptions {
  int iterations = 1000;
  double exploration = 1.4;    // UCT constant c
  bool greedyRollout = false;  // rollout=greedy
  int maxRolloutDepth = 200;   // actions per rollout before the heuristic estimate
};

class MctsAgent : public Agent {
 public:
  explicit MctsAgent(MctsOptions options = {}) : m_options(options) {}
  std::string spec() const override;
  Action chooseAction(const State& state, Rng& rng) override;
  const MctsOptions& options() const { return m_options; }

  // Values in (0, 1) per player from the heuristic, for positions cut off by
  // the depth cap: 0.5 + 0.5 * tanh(3 * relative lead over the others' mean).
  static void heuristicReturns(const State& state, std::vector<double>& out);

 private:
  struct Node {
    Action action = 0;
    int firstChild = -1;
    int nextSibling = -1;
    std::uint32_t visits = 0;
    std::uint32_t available = 0;
    double reward = 0.0;  // summed returns of the player who chose `action`
  };
  int select(int node, const std::vector<Action>& legal);
  int addChild(int parent, Action a);
  void rollout(State& state, Rng& rng, std::vector<double>& out);

  MctsOptions m_options;
  std::vector<Node> m_nodes;          // the tree, reused between calls
  std::vector<int> m_path;            // nodes visited this iteration
  std::vector<int> m_movers;          // player who chose each node's action
  std::vector<Action> m_legal, m_rootLegal, m_untried, m_scratch;
  std::vector<double> m_returns;
};

}  // namespace wb::sim
