// `choose_amount` in play (model/describe/amount_compiler.cpp): a player
// chooses a whole number between the choice's `min` and `max`, read for the
// subject when the effect runs, one move per number; the effects after it
// wait as frames (PendingChoice, as for `choose`) and the subject's `into`
// counter holds the number when they go on. A range of one number is stored
// without asking (Paid Militia with no gold, or nothing left to block). A
// range of more than kMaxAmountMoves numbers offers a grid: `max`, then every
// step-th number down, `min`, and `also` when it lies between and off the
// grid, so that a decision never lists thousands of moves.
#include <algorithm>
#include <cmath>

#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

namespace {

// An amount as a whole number within the counters' magnitude.
long long wholeAmount(double v) {
  const double bound = md::kMaxCounterMagnitude;
  return std::isfinite(v) ? std::llround(std::clamp(v, -bound, bound)) : 0;
}

}  // namespace

bool DescribedState::beginAmount(int choice, int subject, int card) {
  const md::AmountChoice& spec = m_p->amountChoices[static_cast<std::size_t>(choice)];
  const long long lo = wholeAmount(valueFor(spec.min, subject, card));
  // A max below the min leaves the min alone.
  const long long hi = std::max(lo, wholeAmount(valueFor(spec.max, subject, card)));
  if (hi == lo) {
    const md::Counter& into = m_p->counters[static_cast<std::size_t>(spec.into)];
    counterRef(spec.into, subject) = static_cast<int>(std::clamp<long long>(lo, into.min, into.max));
    changed();
    return false;
  }
  auto c = std::make_shared<PendingChoice>();
  c->amount = choice;
  c->subject = subject;
  c->die = m_die;
  c->owner = subject;
  c->chooser = spec.byOpponent ? (subject + 1) % m_players : subject;
  // From the most down, as the card_dice engine lists Paid Militia's blocks.
  const long long span = hi - lo;
  if (span < md::kMaxAmountMoves) {
    c->offered.reserve(static_cast<std::size_t>(span + 1));
    for (long long v = hi; v >= lo; --v) c->offered.push_back(static_cast<int>(v));
  } else {
    const long long step = (span + md::kMaxAmountMoves - 2) / (md::kMaxAmountMoves - 1);
    for (long long v = hi; v > lo; v -= step) c->offered.push_back(static_cast<int>(v));
    c->offered.push_back(static_cast<int>(lo));
    if (spec.also >= 0) {
      const long long also = wholeAmount(valueFor(spec.also, subject, card));
      if (also > lo && also < hi && (hi - also) % step != 0) c->offered.push_back(static_cast<int>(also));
    }
  }
  m_choice = std::move(c);
  m_legalKnown = false;
  return true;
}

void DescribedState::listAmount(std::vector<sim::Action>& out) const {
  const PendingChoice& c = *m_choice;
  out.reserve(c.offered.size());
  for (int v : c.offered) out.push_back(encodeAmountAction(c.amount, v));
}

void DescribedState::applyAmount(sim::Action a, sim::Rng& rng) {
  // The choice may be shared with copies of this state: read it, then let it go.
  const std::shared_ptr<const PendingChoice> c = std::move(m_choice);
  m_choice.reset();
  m_legalKnown = false;
  ++m_actionsThisTurn;
  changed();  // turn_moves reads it
  m_idleTurns = 0;
  const md::AmountChoice& spec = m_p->amountChoices[static_cast<std::size_t>(c->amount)];
  const md::Counter& into = m_p->counters[static_cast<std::size_t>(spec.into)];
  const long long number = (a - kAmountActionBase) % (sim::Action{1} << 32) - (sim::Action{1} << 31);
  counterRef(spec.into, c->subject) = static_cast<int>(std::clamp<long long>(number, into.min, into.max));
  changed();
  setDie(c->die);  // the die the action that waits named, for the effects after the choice
  resumeEffects(c->frames, rng);
}

std::string DescribedState::amountToString(sim::Action a) const {
  const sim::Action r = a - kAmountActionBase;
  const auto index = static_cast<std::size_t>(r >> 32);
  if (index >= m_p->amountChoices.size()) return "?";
  const long long number = r % (sim::Action{1} << 32) - (sim::Action{1} << 31);
  return m_p->amountChoices[index].id + " " + std::to_string(number);
}

}  // namespace wb::rulesets::described
