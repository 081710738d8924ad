// MctsAgent: UCT Monte Carlo tree search that plays any game through State.
// Hidden information: every iteration plays on state.determinize(me, rng), a
// sample of what `me` cannot see, and all samples share one tree keyed by
// action sequences (information-set MCTS; a child's UCB uses how often it was
// available). Chance inside applyAction makes the tree open-loop.
// Leaves are valued by a random or greedy rollout; a rollout that reaches the
// depth cap is valued from State::heuristic(): each player's lead over the
// others, minus that lead at the root, squashed into (0, 1). The heuristic has
// no fixed scale, so the squashing scale adapts to the changes seen in the
// current search. UCB (prior=none) uses means min-max normalised over the
// whole tree; PUCT normalises over the siblings it chooses between, so a won or
// lost line elsewhere in the tree does not flatten the small heuristic
// differences between the moves at hand (with tree-wide normalisation, 1000
// iterations played card-dice worse than 200). With a horizon, the tree
// stops where rollouts stop.
// The search stops early once the most visited root child cannot be overtaken
// in the iterations left (the choice the full budget would make, found sooner).
// Spec: mcts[:iters=N,c=X,rollout=random|greedy,depth=D,horizon=T,prior=heuristic|none].
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "simulation/agents/action_set.h"
#include "simulation/core/agent.h"

namespace wb::sim {

struct MctsOptions {
  int iterations = 1000;
  double exploration = 1.4;    // UCT constant c
  bool greedyRollout = false;  // rollout=greedy
  int maxRolloutDepth = 200;   // actions per rollout before the heuristic estimate
  // > 0: rollouts stop at the start of turn (root turn + horizon), so every
  // leaf is judged at the same point of the turn cycle (no half-played turns);
  // 0: rollouts run to the end or maxRolloutDepth actions (always the cap).
  int horizonTurns = 2;
  // prior=heuristic: PUCT, each child's prior from the one-ply heuristic gain
  // of its action (softmax), all legal children added at once; prior=none: UCT,
  // one random untried child added per iteration.
  bool heuristicPrior = true;
};

class MctsAgent : public Agent {
 public:
  explicit MctsAgent(MctsOptions options = {}) : m_options(options) {}
  std::string spec() const override;
  const MctsOptions& options() const { return m_options; }

  // The root of the last search, to explain a choice: each tried action with
  // its visits and mean return for the player who chose it.
  struct RootChild {
    Action action = 0;
    std::uint32_t visits = 0;
    double mean = 0.0;
  };
  std::vector<RootChild> lastRoot() const;

  // Values in (0, 1) per player from the heuristic, for positions cut off by
  // the depth cap: 0.5 + 0.5 * tanh(lead / scale), where lead = heuristic(p)
  // minus the mean of the others' (scale > 0).
  static void heuristicReturns(const State& state, double scale, std::vector<double>& out);

 protected:
  Action decide(const State& view, Rng& rng) override;

 private:
  struct Node {
    Action action = 0;
    int firstChild = -1;
    int nextSibling = -1;
    std::uint32_t visits = 0;
    std::uint32_t available = 0;
    double reward = 0.0;  // summed returns of the player who chose `action`
    double mean = 0.0;    // reward / visits (0 when unvisited), kept by backpropagation
    double gain = 0.0;    // prior=heuristic: one-ply heuristic gain of `action` for its mover
    double weight = 1.0;  // prior=heuristic: softmax weight of `gain` among the siblings
    std::uint64_t childHash = 0;  // sum of mix64(action) over the children
    std::uint32_t childCount = 0;
  };
  void addChildrenWithPriors(int node, const State& state, int mover, Rng& rng);
  // allLegal: every child is legal now; else the `fresh` children just added
  // (in front) and those flagged in m_flags (the older ones, in order) are.
  int selectPuct(int node, bool allLegal, std::size_t fresh);
  int select(int node, bool allLegal);
  int addChild(int parent, Action a);
  bool sameAsChildren(const Node& parent) const;
  // The most visited legal root child leads the runner-up by more than `remaining` visits.
  bool decided(int remaining) const;
  void rollout(State& state, Rng& rng, std::vector<double>& out);
  static void leads(const State& state, std::vector<double>& out);
  int m_targetTurn = 0;              // horizon: the turn whose start ends rollouts
  std::vector<double> m_rootLeads;  // leads of the root position (per player)

  MctsOptions m_options;
  std::vector<Node> m_nodes;          // the tree, reused between calls
  std::vector<int> m_path;            // nodes visited this iteration
  std::vector<int> m_movers;          // player who chose each node's action
  std::vector<Action> m_legal, m_rootLegal, m_untried, m_scratch;  // m_rootLegal: sorted
  std::vector<std::uint64_t> m_legalHashes;  // mix64 of each of m_legal
  std::vector<std::size_t> m_legalSlots;     // m_legalSet slot of each of m_legal
  ActionSet m_legalSet;               // m_legal, marked: has a child (when not every child is legal)
  std::vector<char> m_flags;          // per child of the node being expanded / selected from: legal now
  std::vector<double> m_returns, m_leadsScratch;
  std::unique_ptr<State> m_copy;      // look-ahead copy (priors, greedy rollouts)
  std::unique_ptr<State> m_det;       // this iteration's determinization (reused)
  double m_leadSum = 0.0;   // |lead| summed over the heuristic leaves of this search
  double m_leadCount = 0.0;
  double m_minQ = 0.0, m_maxQ = 0.0;  // range of the node means seen (normalisation)
};

}  // namespace wb::sim
