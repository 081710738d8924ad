// The stack of a described game (data/schema/game-description.md, "Answers"):
// an action with `resolve:` waits on the stack when taken; the next player
// after its owner may answer it with an action of the `during: answers` phase
// (an answer may itself wait and be answered), or pass; the top resolves last
// in, first out. After an answer resolved, the owner of the action it answered
// may play the `during: window` phase's actions before that action resolves,
// then the answerer may answer it again. Nothing is offered to a player who
// has no move but passing, and a player who holds none of the cards an answer
// may pick against the waiting one and afford (DescribedProgram::answerTables, decided at load) is not asked at all.
#include <algorithm>

#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

namespace {
// Answers nest at most this deep; a full stack offers nothing more.
constexpr std::size_t kMaxStack = 16;
}  // namespace

// `held`: the card whose properties v's answered_card_ names hold (-1
// zeros, -2 unknown): written only when the waiting card changes.
void DescribedState::stackVars(double* v, int subject, int& held) const {
  const Program& p = *m_p;
  v[p.slots.myTurn] = subject == m_current ? 1.0 : 0.0;
  if (p.answerPhase < 0) return;
  const int card = m_stack.empty() ? -1 : m_stack.back().card;
  if (card == held) return;
  const std::size_t props = p.cardProps.size();
  double* answered = v + p.slots.answered;
  if (card < 0)
    std::fill_n(answered, props, 0.0);
  else
    std::copy_n(p.cards[static_cast<std::size_t>(card)].props.begin(), props, answered);
  held = card;
}

void DescribedState::pushStack(int action, int card, int subject) {
  StackItem item;
  item.action = action;
  item.card = card;
  item.subject = subject;
  item.answer = m_stackPhase >= 0 && m_stackPhase == m_p->answerPhase;
  item.die = m_die;
  m_stack.push_back(item);
  m_stackPhase = -1;
  m_legalKnown = false;
  changed();
}

bool DescribedState::mayAnswerHeld(int who) const {
  const Program& p = *m_p;
  if (p.answerWithoutPick) return true;
  const std::size_t cards = p.cards.size();
  const int waiting = m_stack.back().card;
  const std::size_t row = (waiting < 0 ? cards : static_cast<std::size_t>(waiting)) * cards;
  for (const auto& table : p.answerTables)
    for (std::int16_t c : zone(table.zone, who)) {
      const auto card = static_cast<std::size_t>(c);
      if (!table.pairs[row + card]) continue;
      bool affordable = true;
      for (std::size_t k = 0; k < table.costCounters.size() && affordable; ++k)
        affordable = counter(table.costCounters[k], who) >= table.costFloor[k][card] - 0.5;
      if (affordable) return true;
    }
  return false;
}

bool DescribedState::offerStackPhase(int phase, int who) {
  m_stackPhase = phase;
  m_stackActor = who;
  listLegal(m_legal);
  if (m_legal.size() > 1) {
    m_legalKnown = true;
    return true;
  }
  m_stackPhase = -1;
  m_legalKnown = false;
  return false;
}

void DescribedState::continueStack(sim::Rng& rng) {
  const Program& p = *m_p;
  // The end rules are checked once after each change that may matter: before
  // anything is offered, and after each resolution (not again when the
  // action taken resolves at once, as one that cannot be answered is).
  bool checked = false;
  auto ended = [&]() {
    if (!checked) checkEnd();
    checked = true;
    return m_terminal;
  };
  while (!m_terminal) {
    // A choice began while an item resolved: the stack waits for it
    // (applyChoice() continues it once the choice and the effects after it are done).
    if (m_choice) return;
    m_stackPhase = -1;
    m_legalKnown = false;
    if (m_stack.empty()) {
      ended();
      return;
    }
    const StackItem top = m_stack.back();
    const bool room = m_stack.size() < kMaxStack;
    if (room && top.window && !top.cancelled && p.windowPhase >= 0) {
      if (ended()) return;
      if (offerStackPhase(p.windowPhase, top.subject)) return;
    }
    const int answerer = (top.subject + 1) % m_players;
    if (room && !top.cancelled && p.answerPhase >= 0 && mayAnswerHeld(answerer)) {
      if (ended()) return;
      if (offerStackPhase(p.answerPhase, answerer)) return;
    }
    if (resolveTop(rng)) checked = true;
  }
}

bool DescribedState::resolveTop(sim::Rng& rng) {
  const StackItem item = m_stack.back();
  m_stack.pop_back();
  if (item.answer && !m_stack.empty()) m_stack.back().window = true;
  m_stackPhase = -1;
  m_legalKnown = false;
  changed();
  if (item.cancelled) return false;
  const md::Action& a = m_p->actions[static_cast<std::size_t>(item.action)];
  setDie(item.die);
  run(a.resolveCode, item.subject, item.card, a.pickZone, rng);
  if (!m_terminal) checkEnd();
  return true;
}

void DescribedState::passStack(sim::Rng& rng) {
  // Passing a window: the answerer may answer again. Passing an answer: the top resolves.
  if (m_stackPhase == m_p->windowPhase)
    m_stack.back().window = false;
  else
    resolveTop(rng);
  continueStack(rng);
}

}  // namespace wb::rulesets::described
