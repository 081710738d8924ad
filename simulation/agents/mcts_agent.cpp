#include "simulation/agents/mcts_agent.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "simulation/agents/greedy_agent.h"
#include "simulation/core/fast_uniform.h"

namespace wb::sim {

namespace {
// `sorted` is sorted.
bool contains(const std::vector<Action>& sorted, Action a) { return std::binary_search(sorted.begin(), sorted.end(), a); }
}  // namespace

std::string MctsAgent::spec() const {
  std::ostringstream s;
  s << "mcts:iters=" << m_options.iterations << ",c=" << m_options.exploration
    << ",rollout=" << (m_options.greedyRollout ? "greedy" : "random") << ",depth=" << m_options.maxRolloutDepth;
  s << ",horizon=" << m_options.horizonTurns << ",prior=" << (m_options.heuristicPrior ? "heuristic" : "none");
  return s.str();
}

void MctsAgent::heuristicReturns(const State& state, double scale, std::vector<double>& out) {
  const int n = state.numPlayers();
  if (n < 2 || !(scale > 0.0)) {
    out.assign(static_cast<std::size_t>(std::max(n, 0)), 0.5);
    return;
  }
  state.heuristics(out);
  double total = 0.0;
  for (int p = 0; p < n; ++p) total += out[static_cast<std::size_t>(p)];
  for (int p = 0; p < n; ++p) {
    const double h = out[static_cast<std::size_t>(p)];
    const double lead = h - (total - h) / (n - 1);
    const double v = 0.5 + 0.5 * std::tanh(lead / scale);
    out[static_cast<std::size_t>(p)] = std::isfinite(v) ? v : 0.5;
  }
}

int MctsAgent::addChild(int parent, Action a) {
  Node child;
  child.action = a;
  child.nextSibling = m_nodes[static_cast<std::size_t>(parent)].firstChild;
  m_nodes.push_back(child);
  const int index = static_cast<int>(m_nodes.size()) - 1;
  Node& p = m_nodes[static_cast<std::size_t>(parent)];
  p.firstChild = index;
  p.childHash += mix64(static_cast<std::uint64_t>(a));
  ++p.childCount;
  return index;
}

// The children, newest first, are m_legal read backwards (the order in which
// addChildrenWithPriors added them when they came in one batch): then the
// children are exactly the legal actions, which the hash sum would also say.
bool MctsAgent::sameAsChildren(const Node& parent) const {
  std::size_t k = m_legal.size();
  for (int c = parent.firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling) {
    if (k == 0 || m_legal[k - 1] != m_nodes[static_cast<std::size_t>(c)].action) return false;
    --k;
  }
  return k == 0;
}

// UCB over the children legal in this determinization (all of them when
// `allLegal`, else those in m_legalSet); each of them counts one more
// availability. Returns -1 if no child is legal.
int MctsAgent::select(int node, bool allLegal) {
  int best = -1;
  double bestScore = -1.0;
  for (int c = m_nodes[static_cast<std::size_t>(node)].firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling) {
    Node& child = m_nodes[static_cast<std::size_t>(c)];
    if (!allLegal && !m_legalSet.contains(child.action)) continue;
    ++child.available;
    double mean = child.visits ? child.reward / child.visits : 0.5;
    if (m_maxQ > m_minQ) mean = (mean - m_minQ) / (m_maxQ - m_minQ);
    const double explore = m_options.exploration *
        std::sqrt(std::log(static_cast<double>(child.available)) / std::max<std::uint32_t>(child.visits, 1));
    const double score = mean + explore;
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

void MctsAgent::rollout(State& state, Rng& rng, std::vector<double>& out) {
  int depth = 0;
  const bool horizon = m_options.horizonTurns > 0;
  while (!state.isTerminal() && depth < m_options.maxRolloutDepth) {
    if (horizon && state.turnCount() >= m_targetTurn) break;
    Action a;
    if (m_options.greedyRollout) {
      a = GreedyAgent::choose(state, rng, m_scratch, m_copy);
    } else {
      state.legalActions(m_scratch);
      if (m_scratch.empty()) break;
      a = m_scratch[static_cast<std::size_t>(fastUniformInt(rng, static_cast<int>(m_scratch.size())))];
    }
    state.applyLegalAction(a, rng);
    ++depth;
  }
  if (state.isTerminal()) {
    out = state.returns();
    return;
  }
  // Each player's lead over the others' mean, measured from the root's lead
  // and squashed with a scale of twice the mean |change| seen so far in this
  // search (this leaf included): ranks leaves by how much better they are.
  leads(state, out);
  if (out.empty()) return;
  for (std::size_t p = 0; p < out.size(); ++p)
    out[p] -= p < m_rootLeads.size() ? m_rootLeads[p] : 0.0;
  if (std::isfinite(out[0])) {
    m_leadSum += std::fabs(out[0]);
    m_leadCount += 1.0;
  }
  double scale = m_leadCount > 0 ? 2.0 * m_leadSum / m_leadCount : 0.0;
  if (!(scale > 1e-12)) scale = 1.0;
  for (double& v : out) {
    const double squashed = 0.5 + 0.5 * std::tanh(v / scale);
    v = std::isfinite(squashed) ? squashed : 0.5;
  }
}

void MctsAgent::leads(const State& state, std::vector<double>& out) {
  const int n = state.numPlayers();
  if (n < 2) {
    out.assign(static_cast<std::size_t>(std::max(n, 0)), 0.0);
    return;
  }
  state.heuristics(out);
  double total = 0.0;
  for (int p = 0; p < n; ++p) total += out[static_cast<std::size_t>(p)];
  for (int p = 0; p < n; ++p) {
    const double h = out[static_cast<std::size_t>(p)];
    const double lead = h - (total - h) / (n - 1);
    out[static_cast<std::size_t>(p)] = std::isfinite(lead) ? lead : 0.0;
  }
}

// Adds a child for every untried legal action (m_untried), with the heuristic
// gain of playing it for `mover`, and sets the prior weights of all the
// node's children: a softmax of their gains with a temperature of a quarter
// of their range (kept in the node, so selection computes no exponentials).
void MctsAgent::addChildrenWithPriors(int node, const State& state, int mover, Rng& rng) {
  leads(state, m_leadsScratch);
  const double base = mover >= 0 && mover < static_cast<int>(m_leadsScratch.size())
                          ? m_leadsScratch[static_cast<std::size_t>(mover)] : 0.0;
  for (Action a : m_untried) {
    state.cloneInto(m_copy);
    double gain = 0.0;
    m_copy->applyLegalAction(a, rng);
    leads(*m_copy, m_leadsScratch);
    if (mover >= 0 && mover < static_cast<int>(m_leadsScratch.size()))
      gain = m_leadsScratch[static_cast<std::size_t>(mover)] - base;
    const int child = addChild(node, a);
    m_nodes[static_cast<std::size_t>(child)].gain = std::isfinite(gain) ? gain : 0.0;
  }
  double gmax = -1e300, gmin = 1e300;
  for (int c = m_nodes[static_cast<std::size_t>(node)].firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling) {
    gmax = std::max(gmax, m_nodes[static_cast<std::size_t>(c)].gain);
    gmin = std::min(gmin, m_nodes[static_cast<std::size_t>(c)].gain);
  }
  const double temperature = (gmax - gmin) / 4.0;
  for (int c = m_nodes[static_cast<std::size_t>(node)].firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling) {
    Node& child = m_nodes[static_cast<std::size_t>(c)];
    child.weight = temperature > 1e-12 ? std::exp((child.gain - gmax) / temperature) : 1.0;
  }
}

// PUCT over the legal children (all when `allLegal`, else those in m_legalSet):
// normalised mean (0 when unvisited) plus c * prior * sqrt(availability) /
// (1 + visits), the prior the child's weight over the legal children's total.
int MctsAgent::selectPuct(int node, bool allLegal, std::size_t fresh) {
  // Means normalised over these siblings: a won or lost line elsewhere in the
  // tree must not flatten the small differences between the moves here.
  // Hot loop (every tree node of every iteration): the means are kept in the
  // nodes, and the legal flags are only needed when some child is not legal.
  // Local pointers: the node array and the flags do not change in here.
  double qmin = 1e300, qmax = -1e300, total = 0.0;
  if (!allLegal) {
    // The children added just now (in front, all legal), then m_flags of the older ones.
    m_flags.insert(m_flags.begin(), fresh, 1);
  }
  Node* const nodes = m_nodes.data();
  const char* const flags = m_flags.data();
  const int first = nodes[static_cast<std::size_t>(node)].firstChild;
  std::size_t k = 0;
  for (int c = first; c >= 0; c = nodes[static_cast<std::size_t>(c)].nextSibling, ++k) {
    Node& child = nodes[static_cast<std::size_t>(c)];
    if (!allLegal && !flags[k]) continue;
    ++child.available;
    total += child.weight;
    if (child.visits) {
      qmin = std::min(qmin, child.mean);
      qmax = std::max(qmax, child.mean);
    }
  }
  if (!(total > 0.0)) return -1;
  const double spread = qmax > qmin ? 1.0 / (qmax - qmin) : 0.0;
  const double explore = m_options.exploration / total;
  int best = -1;
  double bestScore = -1e300;
  k = 0;
  // Siblings added together share their availability: one sqrt for a run of them.
  std::uint32_t rootOf = 0;
  double root = 0.0;
  for (int c = first; c >= 0; c = nodes[static_cast<std::size_t>(c)].nextSibling, ++k) {
    if (!allLegal && !flags[k]) continue;
    const Node& child = nodes[static_cast<std::size_t>(c)];
    if (child.available != rootOf || root == 0.0) {
      rootOf = child.available;
      root = std::sqrt(static_cast<double>(rootOf));
    }
    double q = 0.0;
    double prior = explore * child.weight * root;
    if (child.visits) {
      q = spread > 0.0 ? (child.mean - qmin) * spread : child.mean;
      prior /= 1.0 + child.visits;  // unvisited: / 1.0, which changes nothing
    }
    const double score = q + prior;
    if (score > bestScore) {
      bestScore = score;
      best = c;
    }
  }
  return best;
}

bool MctsAgent::decided(int remaining) const {
  std::uint32_t best = 0, second = 0;
  for (int c = m_nodes[0].firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling) {
    const Node& child = m_nodes[static_cast<std::size_t>(c)];
    if (!contains(m_rootLegal, child.action)) continue;
    if (child.visits > best) {
      second = best;
      best = child.visits;
    } else if (child.visits > second) {
      second = child.visits;
    }
  }
  return best > second + static_cast<std::uint32_t>(std::max(remaining, 0));
}

std::vector<MctsAgent::RootChild> MctsAgent::lastRoot() const {
  std::vector<RootChild> out;
  if (m_nodes.empty()) return out;
  for (int c = m_nodes[0].firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling) {
    const Node& n = m_nodes[static_cast<std::size_t>(c)];
    out.push_back({n.action, n.visits, n.visits ? n.reward / n.visits : 0.0});
  }
  return out;
}

Action MctsAgent::decide(const State& state, Rng& rng) {
  m_nodes.clear();
  state.legalActions(m_legal);
  if (m_legal.empty()) return 0;
  if (m_legal.size() == 1) return m_legal.front();
  const int me = state.currentPlayer();
  m_rootLegal = m_legal;
  std::sort(m_rootLegal.begin(), m_rootLegal.end());

  m_leadSum = m_leadCount = 0.0;
  m_targetTurn = state.turnCount() + m_options.horizonTurns;
  leads(state, m_rootLeads);
  m_minQ = 1.0;
  m_maxQ = 0.0;
  m_nodes.clear();
  m_nodes.reserve(static_cast<std::size_t>(m_options.iterations) * 4 + 1);
  m_nodes.push_back(Node{});

  for (int it = 0; it < m_options.iterations; ++it) {
    // Stop once the most visited root child cannot be overtaken in the
    // iterations left: the choice is then the one the full budget would make.
    if ((it & 15) == 0 && it > 0 && decided(m_options.iterations - it)) break;
    state.determinizeInto(me, rng, m_det);
    State* const s = m_det.get();
    s->forgetRecords();
    int node = 0;
    m_path.clear();
    m_movers.clear();
    // Selection and expansion. With a horizon the tree stops where rollouts
    // stop, so no leaf is judged in the middle of a later turn.
    while (!s->isTerminal() && !(m_options.horizonTurns > 0 && s->turnCount() >= m_targetTurn)) {
      s->legalActions(m_legal);
      if (m_legal.empty()) break;
      // The usual case: the children are exactly the legal actions (a sum of
      // hashes says so in one pass). Otherwise expand the legal actions that
      // have no child yet (in their listed order), found through a hash set.
      const Node& here = m_nodes[static_cast<std::size_t>(node)];
      bool allLegal = here.childCount == m_legal.size() && sameAsChildren(here);
      if (!allLegal) {
        std::uint64_t legalHash = 0;
        m_legalHashes.resize(m_legal.size());
        for (std::size_t i = 0; i < m_legal.size(); ++i) {
          const std::uint64_t h = mix64(static_cast<std::uint64_t>(m_legal[i]));
          m_legalHashes[i] = h;
          legalHash += h;
        }
        allLegal = here.childCount == m_legal.size() && here.childHash == legalHash;
      }
      m_untried.clear();
      if (!allLegal) {
        m_legalSet.reset(m_legal.size());
        m_legalSlots.resize(m_legal.size());
        for (std::size_t i = 0; i < m_legal.size(); ++i) m_legalSlots[i] = m_legalSet.insert(m_legal[i], m_legalHashes[i]);
        m_flags.clear();
        for (int c = here.firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling) {
          const Action ca = m_nodes[static_cast<std::size_t>(c)].action;
          const std::size_t slot = m_legalSet.find(ca, mix64(static_cast<std::uint64_t>(ca)));
          if (slot != ActionSet::kNone) m_legalSet.mark(slot);
          m_flags.push_back(slot != ActionSet::kNone);
        }
        for (std::size_t i = 0; i < m_legal.size(); ++i)
          if (!m_legalSet.marked(m_legalSlots[i])) m_untried.push_back(m_legal[i]);
      }
      const int mover = s->currentPlayer();
      if (m_options.heuristicPrior) {
        if (!m_untried.empty()) addChildrenWithPriors(node, *s, mover, rng);
        const int child = selectPuct(node, allLegal, m_untried.size());
        if (child < 0) break;
        s->applyLegalAction(m_nodes[static_cast<std::size_t>(child)].action, rng);
        m_path.push_back(child);
        m_movers.push_back(mover);
        node = child;
        if (m_nodes[static_cast<std::size_t>(child)].visits == 0) break;
        continue;
      }
      if (!m_untried.empty()) {
        // The existing legal children were available this time too.
        for (int c = m_nodes[static_cast<std::size_t>(node)].firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling)
          if (allLegal || m_legalSet.contains(m_nodes[static_cast<std::size_t>(c)].action)) ++m_nodes[static_cast<std::size_t>(c)].available;
        const Action a = m_untried[static_cast<std::size_t>(uniformInt(rng, static_cast<int>(m_untried.size())))];
        const int child = addChild(node, a);
        ++m_nodes[static_cast<std::size_t>(child)].available;
        s->applyLegalAction(a, rng);
        m_path.push_back(child);
        m_movers.push_back(mover);
        break;
      }
      const int child = select(node, allLegal);
      if (child < 0) break;
      s->applyLegalAction(m_nodes[static_cast<std::size_t>(child)].action, rng);
      m_path.push_back(child);
      m_movers.push_back(mover);
      node = child;
    }
    // Simulation.
    rollout(*s, rng, m_returns);
    // Backpropagation: each edge earns the return of the player who took it.
    for (std::size_t k = 0; k < m_path.size(); ++k) {
      Node& n = m_nodes[static_cast<std::size_t>(m_path[k])];
      ++n.visits;
      const int mover = m_movers[k];
      if (mover >= 0 && mover < static_cast<int>(m_returns.size())) n.reward += m_returns[static_cast<std::size_t>(mover)];
      n.mean = n.reward / n.visits;
      m_minQ = std::min(m_minQ, n.mean);
      m_maxQ = std::max(m_maxQ, n.mean);
    }
  }

  // The most visited root child that is legal in the real state.
  Action chosen = m_rootLegal.front();
  std::uint32_t bestVisits = 0;
  double bestMean = -1.0;
  for (int c = m_nodes[0].firstChild; c >= 0; c = m_nodes[static_cast<std::size_t>(c)].nextSibling) {
    const Node& child = m_nodes[static_cast<std::size_t>(c)];
    if (!contains(m_rootLegal, child.action)) continue;
    const double mean = child.visits ? child.reward / child.visits : 0.0;
    if (child.visits > bestVisits || (child.visits == bestVisits && mean > bestMean)) {
      bestVisits = child.visits;
      bestMean = mean;
      chosen = child.action;
    }
  }
  if (bestVisits == 0) chosen = m_rootLegal[static_cast<std::size_t>(uniformInt(rng, static_cast<int>(m_rootLegal.size())))];
  return chosen;
}

}  // namespace wb::sim
