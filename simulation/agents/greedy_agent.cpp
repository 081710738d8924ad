#include "simulation/agents/greedy_agent.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

namespace wb::sim {

namespace {
// Other players' actions resolved after one own action at most (a chain of
// answers: a redirect, a ward, then the die to lose, ...); far above any engine's.
constexpr int kAnswerGuard = 64;

double finite(double v) { return std::isnan(v) ? -std::numeric_limits<double>::infinity() : v; }

// Byte-equal generators (a copy nothing drew from) are equal: a memcmp before
// Boost's comparison word by word (a fifth of a card-dice greedy game when
// that was all), which then decides the others (those that drew differ at once).
// The last 64 bytes first: they hold the position in the state, which every
// draw moves (all the bytes are compared either way).
static_assert(std::is_trivially_copyable_v<Rng>, "generators copied and compared as bytes");
bool sameBytes(const Rng& a, const Rng& b) {
  constexpr std::size_t kTail = 64;
  static_assert(sizeof(Rng) > kTail);
  const auto* x = reinterpret_cast<const unsigned char*>(&a);
  const auto* y = reinterpret_cast<const unsigned char*>(&b);
  return std::memcmp(x + sizeof(Rng) - kTail, y + sizeof(Rng) - kTail, kTail) == 0 &&
         std::memcmp(x, y, sizeof(Rng) - kTail) == 0;
}
}  // namespace

std::string GreedyAgent::spec() const {
  std::string options;
  if (m_options.samples != kDefaultGreedySamples) options += "samples=" + std::to_string(m_options.samples);
  if (!m_options.answers) options += std::string(options.empty() ? "" : ",") + "answers=off";
  return options.empty() ? "greedy" : "greedy:" + options;
}

Action GreedyAgent::choose(const State& state, Rng& rng, std::vector<Action>& scratch, std::unique_ptr<State>& copy) {
  state.legalActions(scratch);
  if (scratch.empty()) return 0;
  if (scratch.size() == 1) return scratch.front();
  const int me = state.currentPlayer();
  double best = -std::numeric_limits<double>::infinity();
  Action chosen = scratch.front();
  int ties = 0;
  for (Action a : scratch) {
    state.cloneInto(copy);
    // Chance in the look-ahead comes from the agent's own stream.
    copy->applyLegalAction(a, rng);
    const double value = finite(copy->heuristic(me));
    const double tolerance = ties == 0 ? 0.0 : 1e-9 * std::max(1.0, std::fabs(best));
    if (ties == 0 || value > best + tolerance) {
      best = value;
      chosen = a;
      ties = 1;
    } else if (std::fabs(value - best) <= tolerance) {
      // Reservoir sampling: each tied action is kept with equal probability.
      ++ties;
      if (uniformInt(rng, ties) == 0) chosen = a;
    }
  }
  return chosen;
}

void GreedyAgent::resolveAnswers(State& s, int mover, int turn, Rng& rng, std::vector<Action>& scratch,
                                 std::unique_ptr<State>& copy) {
  for (int guard = 0; guard < kAnswerGuard; ++guard) {
    if (s.isTerminal() || s.turnCount() != turn || s.currentPlayer() == mover) return;
    const Action a = choose(s, rng, scratch, copy);
    if (scratch.empty()) return;
    s.applyLegalAction(a, rng);
  }
}

double GreedyAgent::value(const State& view, Action a, int me, int turn) {
  double sum = 0.0;
  int taken = 0;
  for (std::size_t k = 0; k < m_bases.size(); ++k) {
    // m_chance is a copy of sample k's state: copied again only when the last
    // action valued drew from it (m_chanceSample: the sample it still equals).
    Rng& chance = m_chance;
    if (m_chanceSample != static_cast<int>(k)) chance = m_bases[k];
    m_chanceSample = -1;
    view.cloneInto(m_copy);
    m_copy->applyLegalAction(a, chance);
    if (m_options.answers) resolveAnswers(*m_copy, me, turn, chance, m_answerActions, m_answerCopy);
    sum += finite(m_copy->heuristic(me));
    ++taken;
    // No random number drawn: the outcome does not depend on the sample.
    if (k == 0 && sameBytes(chance, m_bases.front())) {
      m_chanceSample = 0;
      break;
    }
    if (k == 0 && chance == m_bases.front()) break;
  }
  return taken ? sum / taken : 0.0;
}

double GreedyAgent::valueOf(const State& view, Action a, Rng& rng) {
  m_bases.clear();
  for (int k = 0; k < std::max(1, m_options.samples); ++k) m_bases.emplace_back(rng());
  m_chanceSample = -1;
  return value(view, a, view.currentPlayer(), view.turnCount());
}

void GreedyAgent::valuesOf(const State& view, Rng& rng, std::vector<double>& out) {
  out.clear();
  view.legalActions(m_actions);
  m_bases.clear();
  for (int k = 0; k < std::max(1, m_options.samples); ++k) m_bases.emplace_back(rng());
  m_chanceSample = -1;
  for (Action a : m_actions) out.push_back(value(view, a, view.currentPlayer(), view.turnCount()));
}

Action GreedyAgent::decide(const State& view, Rng& rng) {
  view.legalActions(m_actions);
  if (m_actions.empty()) return 0;
  if (m_actions.size() == 1) return m_actions.front();
  const int me = view.currentPlayer();
  const int turn = view.turnCount();
  const int samples = std::max(1, m_options.samples);
  // Common random numbers: the same K generator states for every action.
  m_bases.clear();
  for (int k = 0; k < samples; ++k) m_bases.emplace_back(rng());
  m_chanceSample = -1;
  double best = -std::numeric_limits<double>::infinity();
  Action chosen = m_actions.front();
  int ties = 0;
  for (Action a : m_actions) {
    const double value = this->value(view, a, me, turn);
    const double tolerance = ties == 0 ? 0.0 : 1e-9 * std::max(1.0, std::fabs(best));
    if (ties == 0 || value > best + tolerance) {
      best = value;
      chosen = a;
      ties = 1;
    } else if (std::fabs(value - best) <= tolerance) {
      ++ties;
      if (uniformInt(rng, ties) == 0) chosen = a;
    }
  }
  return chosen;
}

}  // namespace wb::sim
