// Vocabulary for answers (a stack): an action's `resolve:` puts it on the
// stack when taken, a phase's `during: answers` / `during: window` lists what
// may be played while it waits, an answer's `answers:` says which waiting
// actions it may answer (the answered_card_ names), and the `cancel` effect
// stops the answered action (data/schema/game-description.md, "Answers").
// The engine side is rulesets/described/described_stack.cpp.
#include <algorithm>
#include <set>

#include "model/describe/compiler_state.h"
#include "model/describe/description_compiler.h"
#include "model/validation/name_suggestion.h"

namespace wb::model::describe {

StackRole Compiler::stackRole(const YAML::Node& node) {
  const std::string role = scalar(node, "'during'");
  if (role == "answers") return StackRole::Answers;
  if (role == "window") return StackRole::Window;
  m_duringInvalid = true;  // its actions' answers and cancels are not errors of their own
  error(m_r.loc(node), "expected 'answers' (the next player answers the action waiting on the stack) or 'window' "
                       "(its owner plays more after an answer to it resolved) for 'during', got '" + role + "'" +
                           validation::didYouMean(role, {"answers", "window"}));
  return StackRole::None;
}

bool Compiler::readStackActionKey(const yaml::MapEntry& e, int index, YAML::Node& resolve) {
  if (e.key == "resolve") {
    if (e.value.IsNull())
      error(e.valueLoc, "expected the effects run when the action resolves for 'resolve', got nothing");
    else
      resolve.reset(e.value);
    return true;
  }
  if (e.key != "answers") return false;
  const int phase = m_p.actions[static_cast<std::size_t>(index)].phase;
  if (m_p.phases[static_cast<std::size_t>(phase)].role != StackRole::Answers) {
    if (m_duringInvalid) return true;
    error(e.keyLoc, "'answers' says which waiting action this one answers: only an action of a phase with "
                    "'during: answers' has one");
    return true;
  }
  m_p.actions[static_cast<std::size_t>(index)].answers = condition(e.value);
  return true;
}

void Compiler::readResolve(const YAML::Node& resolve, int index) {
  Action& a = m_p.actions[static_cast<std::size_t>(index)];
  m_inResolve = true;
  m_inAnswerResolve = m_p.phases[static_cast<std::size_t>(a.phase)].role == StackRole::Answers;
  const int code = effectBlock(resolve, "the 'resolve' of action '" + a.id + "'");
  m_p.actions[static_cast<std::size_t>(index)].resolveCode = code;
  m_inResolve = m_inAnswerResolve = false;
}

bool Compiler::stackEffect(const std::string& key, const YAML::Node& value, const SourceLocation& where) {
  if (key != "cancel") return false;
  if (scalar(value, "'cancel'") != "answered") {
    error(where, "expected 'answered' for 'cancel' (the action this one answers)");
    return true;
  }
  if (!m_inAnswerResolve && !m_inCardEffects && !m_duringInvalid) {
    error(where, "'cancel: answered' stops the action an answer answers: only the 'resolve' of an action of a "
                 "phase with 'during: answers' (or a card it plays) has one");
    return true;
  }
  emit(Op::CancelAnswered);
  return true;
}

void Compiler::bindStackNames(int& next) {
  SlotLayout& s = m_p.slots;
  s.answered = next;
  for (const auto& prop : m_p.cardProps) {
    const std::string name = "answered_card_" + prop;
    if (!m_slots.emplace(name, next).second) error(m_rulesLoc, "the name '" + name + "' is already used");
    m_names.insert(name);
    ++next;
  }
  s.myTurn = next++;
  if (!m_slots.emplace("my_turn", s.myTurn).second) error(m_rulesLoc, "the name 'my_turn' is already used");
  m_names.insert("my_turn");
}

bool Compiler::stackNameRange(int slot, Interval& out) const {
  const SlotLayout& s = m_p.slots;
  if (s.answered < 0) return false;
  if (slot == s.myTurn) {
    out = {0, 1};
    return true;
  }
  const int k = slot - s.answered;
  if (k < 0 || k >= static_cast<int>(m_p.cardProps.size())) return false;
  out = {0, 0};  // no card waits: zeros
  for (const auto& c : m_p.cards) {
    out.lo = std::min(out.lo, c.props[static_cast<std::size_t>(k)]);
    out.hi = std::max(out.hi, c.props[static_cast<std::size_t>(k)]);
  }
  return true;
}

void Compiler::finishStack() {
  bool stacks = false;
  for (const Action& a : m_p.actions) stacks = stacks || a.resolveCode >= 0;
  bool turnPhaseAfter = false;
  for (std::size_t i = 0; i < m_p.phases.size(); ++i) {
    Phase& ph = m_p.phases[i];
    if (ph.role == StackRole::None) {
      if (turnPhaseAfter)
        error(ph.where, "phase '" + ph.id + "' follows a phase with 'during': list the phases offered while an "
                        "action waits on the stack after the turn's phases");
      continue;
    }
    turnPhaseAfter = true;
    if (i == 0) error(ph.where, "the first phase starts every turn: it cannot be one with 'during'");
    int& slot = ph.role == StackRole::Answers ? m_p.answerPhase : m_p.windowPhase;
    if (slot >= 0)
      error(ph.where, "a second phase with 'during: " + std::string(ph.role == StackRole::Answers ? "answers" : "window") +
                          "' (one of each)");
    else
      slot = static_cast<int>(i);
    if (!stacks)
      error(ph.where, "phase '" + ph.id + "' is offered while an action waits on the stack, but no action has "
                      "'resolve:' (nothing ever waits)");
  }
  for (std::size_t ai = 0; ai < m_phaseTargets.size(); ++ai)
    for (int t : m_phaseTargets[ai])
      if (m_p.phases[static_cast<std::size_t>(t)].role != StackRole::None)
        error(m_p.actions[ai].where, "action '" + m_p.actions[ai].id + "' moves to phase '" +
                                         m_p.phases[static_cast<std::size_t>(t)].id +
                                         "', which is offered only while an action waits on the stack");
  // Which cards may answer which: per waiting card (or none) and answering
  // card, whether some answer's pick `when` and `answers:` can hold, with the
  // two cards' properties known and every other name anywhere within its
  // bounds (the intervals of the static checks). Decided here once, so that
  // when nobody holds an answer an action is not offered to anyone.
  const std::size_t cards = m_p.cards.size();
  m_p.answerTables.clear();
  m_p.answerWithoutPick = false;
  if (m_p.answerPhase < 0) return;
  for (int ai : m_p.phases[static_cast<std::size_t>(m_p.answerPhase)].actions) {
    const Action& a = m_p.actions[static_cast<std::size_t>(ai)];
    if (a.pickZone < 0) {
      m_p.answerWithoutPick = true;  // an answer that picks no card: anyone may answer
      continue;
    }
    DescribedProgram::AnswerTable table;
    table.zone = a.pickZone;
    table.pairs.assign((cards + 1) * cards, 0);
    std::size_t c = 0, t = 0;  // the answering and the waiting card (t = cards: none)
    auto exact = [&](std::size_t card, std::string_view prop) -> Interval {
      for (std::size_t k = 0; k < m_p.cardProps.size(); ++k)
        if (m_p.cardProps[k] == prop) {
          const double v = card < cards ? m_p.cards[card].props[k] : 0.0;
          return {v, v};
        }
      return {0, 0};
    };
    auto range = [&](std::string_view n) -> Interval {
      if (n.rfind("answered_card_", 0) == 0) return exact(t, n.substr(14));
      if (n.rfind("card_", 0) == 0) return exact(c, n.substr(5));
      return rangeOfName(n);
    };
    auto can = [&](int condition) {
      if (condition < 0 || m_p.conditions[static_cast<std::size_t>(condition)].lua >= 0) return true;
      for (const auto& all : m_p.conditions[static_cast<std::size_t>(condition)].anyOf) {
        bool ok = true;
        for (const Comparison& cmp : all) {
          const Interval l = intervalOf(m_exprSources[static_cast<std::size_t>(cmp.lhs)].expr, range);
          const Interval r = cmp.rhs >= 0 ? intervalOf(m_exprSources[static_cast<std::size_t>(cmp.rhs)].expr, range)
                                          : Interval{0, 0};
          if (!canHold(l, cmp.op, r)) ok = false;
        }
        if (ok) return true;
      }
      return false;
    };
    for (c = 0; c < cards; ++c)
      for (t = 0; t <= cards; ++t)
        table.pairs[t * cards + c] = can(a.pickCondition) && can(a.answers) && can(a.condition) ? 1 : 0;
    t = cards;
    for (const Cost& cost : a.costs) {
      table.costCounters.push_back(cost.counter);
      std::vector<double> floor(cards, 0.0);
      for (c = 0; c < cards; ++c)
        floor[c] = intervalOf(m_exprSources[static_cast<std::size_t>(cost.amount)].expr, range).lo;
      table.costFloor.push_back(std::move(floor));
    }
    m_p.answerTables.push_back(std::move(table));
  }
}

}  // namespace wb::model::describe
