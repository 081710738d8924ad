#include "simulation/agents/planner_agent.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "simulation/agents/greedy_agent.h"

namespace wb::sim {

namespace {
constexpr double kTerminalScale = 1e12;  // terminal outcomes dominate any heuristic
constexpr int kOtherActionsGuard = 256;  // other players' actions resolved per child at most
constexpr std::uint64_t kFingerprintSeed = 0x9E3779B97F4A7C15ULL;
}  // namespace

std::string PlannerAgent::spec() const {
  std::string s = "planner:width=" + std::to_string(m_options.width) + ",depth=" + std::to_string(m_options.depth);
  s += std::string(",eval=") + (m_options.lead ? "lead" : "self");
  s += ",opponent=";
  s += m_options.opponent == PlannerOptions::Opponent::Greedy ? "greedy"
       : m_options.opponent == PlannerOptions::Opponent::First ? "first" : "random";
  s += std::string(",follow=") + (m_options.follow ? "on" : "off");
  s += std::string(",common=") + (m_options.commonRandom ? "on" : "off");
  s += ",cap=" + std::to_string(m_options.turnCap);
  if (m_options.chanceSamples > 0) s += ",chance=" + std::to_string(m_options.chanceSamples);
  return s;
}

void PlannerAgent::reset() {
  for (auto& p : m_plans) p.clear();
  m_turnOf.clear();
  m_turnDecisions.clear();
}

std::unique_ptr<State> PlannerAgent::take() {
  if (m_free.empty()) return nullptr;
  std::unique_ptr<State> s = std::move(m_free.back());
  m_free.pop_back();
  return s;
}

void PlannerAgent::give(std::unique_ptr<State> s) {
  if (s) m_free.push_back(std::move(s));
}

double PlannerAgent::value(const State& s, int me) {
  const int n = s.numPlayers();
  if (s.isTerminal()) {
    const std::vector<double> r = s.returns();
    if (me < 0 || me >= static_cast<int>(r.size())) return 0.0;
    if (!m_options.lead) return kTerminalScale * (2.0 * r[static_cast<std::size_t>(me)] - 1.0);
    double others = 0.0;
    int count = 0;
    for (int q = 0; q < n; ++q)
      if (s.sideOf(q) != s.sideOf(me)) {
        others += r[static_cast<std::size_t>(q)];
        ++count;
      }
    return kTerminalScale * (r[static_cast<std::size_t>(me)] - (count ? others / count : 0.0));
  }
  double v = 0.0;
  if (m_options.lead) {
    s.heuristics(m_values);
    v = m_values[static_cast<std::size_t>(me)];
    double others = 0.0;
    int count = 0;
    for (int q = 0; q < n; ++q)
      if (s.sideOf(q) != s.sideOf(me)) {
        others += m_values[static_cast<std::size_t>(q)];
        ++count;
      }
    if (count) v -= others / count;
  } else {
    v = s.heuristic(me);
  }
  return std::isnan(v) ? -std::numeric_limits<double>::infinity() : v;
}

void PlannerAgent::resolveOthers(State& s, int me, int turn, Rng& rng) {
  for (int guard = 0; guard < kOtherActionsGuard; ++guard) {
    if (s.isTerminal() || s.turnCount() != turn || s.currentPlayer() == me) return;
    Action a = 0;
    switch (m_options.opponent) {
      case PlannerOptions::Opponent::Greedy:
        a = GreedyAgent::choose(s, rng, m_otherLegal, m_greedyCopy);
        break;
      case PlannerOptions::Opponent::First:
        s.legalActions(m_otherLegal);
        if (m_otherLegal.empty()) return;
        a = m_otherLegal.front();
        break;
      case PlannerOptions::Opponent::Random:
        s.legalActions(m_otherLegal);
        if (m_otherLegal.empty()) return;
        a = m_otherLegal[static_cast<std::size_t>(uniformInt(rng, static_cast<int>(m_otherLegal.size())))];
        break;
    }
    if (m_options.opponent == PlannerOptions::Opponent::Greedy && m_otherLegal.empty()) return;
    s.applyLegalAction(a, rng);
  }
}

// What `me` sees in `s`, comparable between a planned position and the real
// one: a determinization with a fixed seed (canonical, so it depends only on
// what `me` sees), as text, with the legal actions and the action count.
std::string PlannerAgent::fingerprint(const State& s, int me) {
  Rng fixed(kFingerprintSeed);
  std::unique_ptr<State> d = s.determinize(me, fixed);
  std::string f = d->toString();
  f += "#" + std::to_string(s.historySize()) + "#" + std::to_string(s.turnCount()) + "#";
  d->legalActions(m_otherLegal);
  for (Action a : m_otherLegal) f += std::to_string(a) + ",";
  return f;
}

Action PlannerAgent::decide(const State& view, Rng& rng) {
  const int me = view.currentPlayer();
  m_last = LastSearch{};
  if (me < 0) return 0;
  if (static_cast<int>(m_plans.size()) <= me) {
    m_plans.resize(static_cast<std::size_t>(me) + 1);
    m_turnOf.resize(static_cast<std::size_t>(me) + 1, -1);
    m_turnDecisions.resize(static_cast<std::size_t>(me) + 1, 0);
  }
  std::vector<Step>& kept = m_plans[static_cast<std::size_t>(me)];
  int& decisions = m_turnDecisions[static_cast<std::size_t>(me)];
  if (m_turnOf[static_cast<std::size_t>(me)] != view.turnCount()) {
    m_turnOf[static_cast<std::size_t>(me)] = view.turnCount();
    decisions = 0;
  }
  if (m_options.turnCap > 0 && ++decisions > m_options.turnCap) {
    Action end = 0;
    if (endTurnNow(view, rng, end)) {
      kept.clear();
      m_last.capped = true;
      m_last.plan.push_back(end);
      return end;
    }
  }
  if (m_options.follow && !kept.empty()) {
    const Step next = kept.front();
    if (fingerprint(view, me) == next.expected && view.isLegal(next.action)) {
      kept.erase(kept.begin());
      m_last.followed = true;
      m_last.plan.push_back(next.action);
      for (const Step& s : kept) m_last.plan.push_back(s.action);
      return next.action;
    }
  }
  kept.clear();
  return plan(view, rng);
}

bool PlannerAgent::endTurnNow(const State& view, Rng& rng, Action& out) {
  const int me = view.currentPlayer();
  const int turn = view.turnCount();
  std::vector<Action> legal;
  view.legalActions(legal);
  double best = -std::numeric_limits<double>::infinity();
  bool found = false;
  const Rng base = m_options.commonRandom ? Rng(rng()) : Rng();
  for (Action a : legal) {
    std::unique_ptr<State> child = take();
    view.cloneInto(child);
    Rng common = base;
    Rng& chance = m_options.commonRandom ? common : rng;
    child->applyLegalAction(a, chance);
    ++m_last.expanded;
    resolveOthers(*child, me, turn, chance);
    if (child->isTerminal() || child->turnCount() != turn) {
      const double v = value(*child, me);
      if (!found || v > best) {
        best = v;
        out = a;
        found = true;
      }
    }
    give(std::move(child));
  }
  return found;
}

bool PlannerAgent::seenBefore(const State& c, double score, std::string& text) {
  if (score == m_rootScore && m_root) {
    if (m_rootText.empty()) m_rootText = m_root->toString();
    if (text.empty()) text = c.toString();
    if (m_rootText == text) return true;
  }
  for (std::size_t k = 0; k < m_kept.size(); ++k) {
    if (m_kept[k].score != score) continue;
    std::string& other = m_keptText[k];
    if (other.empty()) other = m_kept[k].state->toString();
    if (text.empty()) text = c.toString();
    if (other == text) return true;
  }
  return false;
}

bool PlannerAgent::repeatsATie(const State& end) {
  const std::string text = end.toString();
  for (std::size_t k = 0; k < m_tiedEnds.size(); ++k) {
    if (m_tiedTexts[k].empty()) m_tiedTexts[k] = m_tiedEnds[k]->toString();
    if (m_tiedTexts[k] == text) return true;
  }
  m_tiedTexts.push_back(text);
  return false;
}

double PlannerAgent::chanceMean(const State& ps, Action a, int me, int turn, double first, Rng& rng) {
  // Sample 0 is the expansion itself; samples 1..K-1 start from the search's other
  // generator states (common random numbers) or, with common=off, from the agent's stream.
  double sum = first;
  const int k = std::max(1, m_options.chanceSamples);
  for (int j = 1; j < k; ++j) {
    std::unique_ptr<State> sample = take();
    ps.cloneInto(sample);
    Rng own = m_options.commonRandom ? m_chanceBases[static_cast<std::size_t>(j - 1)] : Rng(rng());
    sample->applyLegalAction(a, own);
    ++m_last.expanded;
    resolveOthers(*sample, me, turn, own);
    sum += value(*sample, me);
    give(std::move(sample));
  }
  return sum / k;
}

Action PlannerAgent::plan(const State& view, Rng& rng) {
  const int me = view.currentPlayer();
  const int turn = view.turnCount();
  for (Node& n : m_kept) give(std::move(n.state));
  m_kept.clear();
  m_keptText.clear();
  for (std::unique_ptr<State>& e : m_tiedEnds) give(std::move(e));
  m_tiedEnds.clear();
  m_tiedTexts.clear();
  m_root = &view;
  m_rootScore = value(view, me);
  m_rootText.clear();

  double best = -std::numeric_limits<double>::infinity();
  int bestParent = -2;
  Action bestAction = 0;
  int ties = 0;
  int bestDepth = 0;  // own actions of the best plan, minus one
  std::vector<int> parents = {-1};  // indices into m_kept; -1 = the view
  // Common random numbers (header): every expansion starts from `base`.
  const Rng base = m_options.commonRandom ? Rng(rng()) : Rng();
  // The other samples of a chance node (chance=K): the same K-1 states for the whole search.
  m_chanceBases.clear();
  if (m_options.commonRandom)
    for (int j = 1; j < m_options.chanceSamples; ++j) m_chanceBases.emplace_back(rng());
  std::vector<Action> legal;
  const bool dropRepeats = view.movesMayChangeNothing();  // header, "Moves that change nothing"
  for (int depth = 0; depth < std::max(1, m_options.depth) && !parents.empty(); ++depth) {
    const bool last = depth + 1 >= std::max(1, m_options.depth);
    m_candidates.clear();
    for (int parent : parents) {
      const State& ps = parent < 0 ? view : *m_kept[static_cast<std::size_t>(parent)].state;
      ps.legalActions(legal);
      for (Action a : legal) {
        std::unique_ptr<State> child = take();
        ps.cloneInto(child);
        Rng common = base;
        Rng& chance = m_options.commonRandom ? common : rng;
        if (m_options.chanceSamples > 0) m_beforeAction = chance;
        child->applyLegalAction(a, chance);
        ++m_last.expanded;
        // Chance inside the turn (`chance=K`, header): an own action that drew a random
        // number ends the plan, valued by the mean over K samples of what it drew.
        const bool drew = m_options.chanceSamples > 0 && !(chance == m_beforeAction);
        resolveOthers(*child, me, turn, chance);
        const bool finished =
            drew || child->isTerminal() || child->turnCount() != turn || child->currentPlayer() != me;
        double v = value(*child, me);
        if (drew) {
          ++m_last.chanceStops;
          v = chanceMean(ps, a, me, turn, v, rng);
        }
        if (finished || last) {
          ++m_last.finishedPlans;
          // Ties between finished plans are broken at random (reservoir sampling),
          // except that a longer plan ending the game never replaces a shorter
          // equal one: a win available now is taken now, not after moves that
          // change nothing (card-dice: discards before the lethal blow). The draw
          // is made either way, so the random stream is the same as without it.
          // In an engine whose moves may change nothing (State::movesMayChangeNothing),
          // a finished plan that ends in the same position as an equal plan found
          // before it (no longer: the search goes depth by depth) is that plan with
          // moves that changed nothing (ElemenZ: dice thrown into a SHIELD that covers
          // them); it is not one more tie and is never chosen. Positions are compared
          // by text, made only for plans that tie.
          const double tolerance = 1e-9 * std::max(1.0, std::fabs(best));
          if (ties == 0 || v > best + tolerance) {
            best = v;
            bestParent = parent;
            bestAction = a;
            bestDepth = depth;
            ties = 1;
            if (dropRepeats) {
              for (std::unique_ptr<State>& e : m_tiedEnds) give(std::move(e));
              m_tiedEnds.clear();
              m_tiedTexts.clear();
              m_tiedEnds.push_back(std::move(child));
              m_tiedTexts.emplace_back();
              continue;
            }
          } else if (std::fabs(v - best) <= tolerance) {
            if (dropRepeats && repeatsATie(*child)) {
              ++m_last.repeats;
              give(std::move(child));
              continue;
            }
            ++ties;
            const bool drawn = uniformInt(rng, ties) == 0;
            const bool longerEnd = child->isTerminal() && depth > bestDepth;
            if (drawn && !longerEnd) {
              bestParent = parent;
              bestAction = a;
              bestDepth = depth;
            }
            if (dropRepeats) {
              m_tiedEnds.push_back(std::move(child));
              continue;
            }
          }
          give(std::move(child));
        } else {
          m_candidates.push_back(Node{std::move(child), parent, a, v});
        }
      }
    }
    // The best `width` distinct partial plans go on (equal scores: compare the text).
    std::stable_sort(m_candidates.begin(), m_candidates.end(),
                     [](const Node& x, const Node& y) { return x.score > y.score; });
    parents.clear();
    // A candidate whose position was already expanded in this search (the
    // view, a kept plan of this or an earlier step) is a repeat: dropped. The
    // text of a position is made once, and only when another has the same
    // score (a text per candidate cost a fifth of the time).
    for (Node& c : m_candidates) {
      if (static_cast<int>(parents.size()) >= std::max(1, m_options.width)) break;
      std::string text;
      if (seenBefore(*c.state, c.score, text)) {
        ++m_last.pruned;
        continue;
      }
      parents.push_back(static_cast<int>(m_kept.size()));
      m_kept.push_back(std::move(c));
      m_keptText.push_back(std::move(text));
    }
    for (Node& c : m_candidates)
      if (c.state) give(std::move(c.state));
    m_candidates.clear();
  }
  if (bestParent == -2) {
    view.legalActions(legal);
    return legal.empty() ? 0 : legal.front();
  }
  // The chosen plan, from the root: actions and the positions between them.
  std::vector<int> chain;
  for (int k = bestParent; k >= 0; k = m_kept[static_cast<std::size_t>(k)].parent) chain.push_back(k);
  std::reverse(chain.begin(), chain.end());
  std::vector<Action> actions;
  for (int k : chain) actions.push_back(m_kept[static_cast<std::size_t>(k)].action);
  actions.push_back(bestAction);
  m_last.plan = actions;
  if (m_options.follow) {
    std::vector<Step>& kept = m_plans[static_cast<std::size_t>(me)];
    kept.clear();
    for (std::size_t j = 0; j < chain.size(); ++j)
      kept.push_back(Step{actions[j + 1], fingerprint(*m_kept[static_cast<std::size_t>(chain[j])].state, me)});
  }
  return actions.front();
}

}  // namespace wb::sim
