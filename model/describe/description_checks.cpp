// Static checks of a compiled description (description_compiler.h): what a
// designer would otherwise learn from a game that stalls or never ends.
#include <string>

#include "model/describe/compiler_state.h"

namespace wb::model::describe {

bool Compiler::conditionCanHold(int condition) const {
  if (condition < 0) return true;
  if (m_p.conditions[static_cast<std::size_t>(condition)].lua >= 0) return true;  // a script: not known before play
  auto range = [&](std::string_view n) { return rangeOfName(n); };
  for (const auto& all : m_p.conditions[static_cast<std::size_t>(condition)].anyOf) {
    bool can = true;
    for (const Comparison& c : all) {
      const Interval l = intervalOf(m_exprSources[static_cast<std::size_t>(c.lhs)].expr, range);
      const Interval r = c.rhs >= 0 ? intervalOf(m_exprSources[static_cast<std::size_t>(c.rhs)].expr, range)
                                    : Interval{0, 0};
      if (!canHold(l, c.op, r)) can = false;
    }
    if (can) return true;
  }
  return false;
}

void Compiler::staticChecks() {
  auto range = [&](std::string_view n) { return rangeOfName(n); };
  // Actions that can never be legal: a condition no values within the bounds
  // satisfy, a cost above what its counter can hold, a pick from a zone no card
  // ever enters.
  std::vector<bool> possible(m_p.actions.size(), true);
  for (std::size_t i = 0; i < m_p.actions.size(); ++i) {
    const Action& a = m_p.actions[i];
    std::string why;
    if (!conditionCanHold(a.condition)) why = "its condition 'when' can never hold within the counters' bounds";
    for (const Cost& c : a.costs) {
      const Interval need = intervalOf(m_exprSources[static_cast<std::size_t>(c.amount)].expr, range);
      const Counter& counter = m_p.counters[static_cast<std::size_t>(c.counter)];
      if (need.lo > counter.max)
        why = "it costs at least " + formatNumber(need.lo) + " " + counter.id + ", above its max of " +
              std::to_string(counter.max);
    }
    if (a.pickZone >= 0 && !m_zoneFilled[static_cast<std::size_t>(a.pickZone)])
      why = "it picks from zone '" + m_p.zones[static_cast<std::size_t>(a.pickZone)].id +
            "', which starts empty and into which no effect moves a card";
    if (a.pickCondition >= 0 && !conditionCanHold(a.pickCondition)) why = "no card can satisfy its pick's 'when'";
    if (!why.empty()) {
      error(a.where, "action '" + a.id + "' can never be legal: " + why);
      possible[i] = false;
    }
  }
  // Phases a turn can reach: the first; one a possible action moves to; the one
  // after a phase that can run out of legal actions (no action in it is legal
  // at every moment), since such a phase passes on to the next.
  const std::size_t n = m_p.phases.size();
  std::vector<bool> reached(n, false);
  if (n > 0) reached[0] = true;
  // Phases offered while an action waits on the stack (`during:`) are entered by the stack, not the turn.
  for (std::size_t ph = 0; ph < n; ++ph)
    if (m_p.phases[ph].role != StackRole::None) reached[ph] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t ph = 0; ph < n; ++ph) {
      if (!reached[ph]) continue;
      bool alwaysLegal = false;
      for (int ai : m_p.phases[ph].actions) {
        const Action& a = m_p.actions[static_cast<std::size_t>(ai)];
        if (!possible[static_cast<std::size_t>(ai)]) continue;
        if (a.condition < 0 && a.costs.empty() && a.limitPerTurn == 0 && a.pickZone < 0 && a.board < 0 &&
            a.unlessLegal.empty())
          alwaysLegal = true;
        for (int t : m_phaseTargets[static_cast<std::size_t>(ai)])
          if (!reached[static_cast<std::size_t>(t)]) reached[static_cast<std::size_t>(t)] = changed = true;
      }
      if (!alwaysLegal && ph + 1 < n && !reached[ph + 1]) reached[ph + 1] = changed = true;
    }
  }
  for (std::size_t ph = 0; ph < n; ++ph)
    if (!reached[ph])
      error(m_p.phases[ph].where, "phase '" + m_p.phases[ph].id + "' can never be reached: the phase before it "
                                  "always has a legal action and no action moves to it ('next_phase')");
  // An end that can come.
  if (!m_hasEnd && m_endGames == 0) {
    error(m_rulesLoc, "the game never ends: add an 'end' rule (when, winner) or an 'end_game' effect");
    return;
  }
  bool canEnd = m_endGames > 0;
  for (const EndRule& r : m_p.endRules)
    if (r.condition >= 0 && conditionCanHold(r.condition)) canEnd = true;
  if (!canEnd)
    error(m_endLoc, "the game never ends: no 'end' rule's condition can hold within the counters' bounds");
}

}  // namespace wb::model::describe
