// `choose` in play (model/describe/choice_compiler.cpp): a player picks cards
// inside an effect, one move per card, and the effects after the choice wait
// (PendingChoice's frames) until it is made. The chooser's moves are the
// choice's index past the actions (its name and the card, or "done" when it
// may stop early), so a replay names them without the position.
#include <algorithm>

#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

namespace {
long long clampedCount(double v) {
  return std::isfinite(v) ? std::llround(std::clamp(v, 0.0, double(md::kMaxStartCards))) : 0;
}
}  // namespace

bool DescribedState::beginChoice(int choice, int subject, int card) {
  const md::Choice& spec = m_p->choices[static_cast<std::size_t>(choice)];
  auto c = std::make_shared<PendingChoice>();
  c->choice = choice;
  c->subject = subject;
  const int next = (subject + 1) % m_players;
  c->owner = spec.ofOpponent ? next : subject;
  c->chooser = spec.byOpponent ? next : subject;
  c->die = m_die;
  c->left = static_cast<int>(clampedCount(eval(spec.count, subject, card)));
  if (spec.top >= 0) {
    // The cards looked at leave the zone while the chooser decides (nothing else runs meanwhile).
    const long long k = clampedCount(eval(spec.top, subject, card));
    auto& from = zoneRef(spec.from, c->owner);
    for (long long i = 0; i < k && !from.empty(); ++i) {
      c->looked.push_back(from.back());
      knownTaken(spec.from, c->owner, from.size() - 1, from.back());
      from.pop_back();
    }
    changed();
  }
  if (advanceChoice(*c)) {
    m_choice = std::move(c);
    m_legalKnown = false;
    return true;
  }
  finishChoice(*c);
  return false;
}

void DescribedState::choiceCandidates(const PendingChoice& c, std::vector<std::int16_t>& out) const {
  const md::Choice& spec = m_p->choices[static_cast<std::size_t>(c.choice)];
  out.clear();
  const auto& pile = spec.top >= 0 ? c.looked : zone(spec.from, c.owner);
  for (std::int16_t card : pile)
    if (spec.when < 0 || holds(spec.when, c.subject, card)) out.push_back(card);
}

// Makes the picks nobody could make otherwise; true when a decision is left.
bool DescribedState::advanceChoice(PendingChoice& c) {
  const md::Choice& spec = m_p->choices[static_cast<std::size_t>(c.choice)];
  std::vector<std::int16_t> cards;
  while (true) {
    choiceCandidates(c, cards);
    if (c.left <= 0 || cards.empty()) return false;
    if (spec.upTo) return true;  // stopping is always a choice
    const bool oneKind = std::all_of(cards.begin(), cards.end(), [&](std::int16_t x) { return x == cards.front(); });
    if (oneKind) {
      pickChoice(c, cards.front());
      continue;
    }
    // Every card must go and their order does not count: all at once, top first.
    if (!spec.order && c.left >= static_cast<int>(cards.size())) {
      if (spec.top < 0) std::reverse(cards.begin(), cards.end());
      for (std::int16_t x : cards) pickChoice(c, x);
      return false;
    }
    return true;
  }
}

void DescribedState::pickChoice(PendingChoice& c, std::int16_t card) {
  const md::Choice& spec = m_p->choices[static_cast<std::size_t>(c.choice)];
  if (spec.top >= 0) {
    const auto it = std::find(c.looked.begin(), c.looked.end(), card);
    if (it == c.looked.end()) return;
    c.looked.erase(it);
  } else {
    auto& from = zoneRef(spec.from, c.owner);
    const auto it = std::find(from.rbegin(), from.rend(), card);
    if (it == from.rend()) return;
    knownTaken(spec.from, c.owner, static_cast<std::size_t>(from.rend() - it) - 1, card);
    from.erase(std::next(it).base());
  }
  auto& to = zoneRef(spec.to, c.owner);
  // `order`: under the cards this choice placed, so that the first picked ends on top.
  const std::size_t at = spec.order ? to.size() - std::min<std::size_t>(to.size(), std::size_t(c.placed)) : to.size();
  to.insert(to.begin() + static_cast<std::ptrdiff_t>(at), card);
  // Who orders cards knows where each went.
  knownAdded(spec.to, c.owner, at, spec.order ? c.chooser : -1);
  ++c.placed;
  --c.left;
  changed();
}

void DescribedState::finishChoice(PendingChoice& c) {
  if (c.looked.empty()) return;
  // The cards looked at and not picked go back on top, in their order.
  const int fromZone = m_p->choices[static_cast<std::size_t>(c.choice)].from;
  auto& from = zoneRef(fromZone, c.owner);
  for (std::size_t i = c.looked.size(); i > 0; --i) {
    from.push_back(c.looked[i - 1]);
    knownAdded(fromZone, c.owner, from.size() - 1);
  }
  c.looked.clear();
  changed();
}

void DescribedState::listChoice(std::vector<sim::Action>& out) const {
  const PendingChoice& c = *m_choice;
  if (c.amount >= 0) {
    listAmount(out);
    return;
  }
  const sim::Action base = static_cast<sim::Action>(m_p->actions.size() + static_cast<std::size_t>(c.choice)) * kActionStride;
  // At the turn's bound a reroll only keeps its value, a choice that may stop only stops.
  const bool atBound = atTurnBound();
  if (m_p->choices[static_cast<std::size_t>(c.choice)].reroll) {
    out.push_back(base);                     // keep the value
    if (!atBound) out.push_back(base + 1);  // roll again
    return;
  }
  if (m_p->choices[static_cast<std::size_t>(c.choice)].upTo) {
    out.push_back(base);
    if (atBound) return;
  }
  std::vector<std::int16_t> cards;
  choiceCandidates(c, cards);
  std::sort(cards.begin(), cards.end());
  cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
  for (std::int16_t card : cards) out.push_back(base + 1 + card);
}

void DescribedState::applyChoice(sim::Action a, sim::Rng& rng) {
  if (m_choice->amount >= 0) {
    applyAmount(a, rng);
    return;
  }
  // A copy: other states may share the choice.
  auto c = std::make_shared<PendingChoice>(*m_choice);
  m_legalKnown = false;
  ++m_actionsThisTurn;
  changed();  // turn_moves reads it
  m_idleTurns = 0;
  const int card = static_cast<int>(a % kActionStride) - 1;
  bool waits;
  if (m_p->choices[static_cast<std::size_t>(c->choice)].reroll) {
    waits = applyReroll(*c, a, rng);
  } else {
    if (card < 0)
      c->left = 0;  // done
    else
      pickChoice(*c, static_cast<std::int16_t>(card));
    waits = advanceChoice(*c);
  }
  if (waits) {
    m_choice = std::move(c);
    changed();
    if (!m_terminal) checkEnd();
    return;
  }
  finishChoice(*c);
  m_choice.reset();
  changed();
  setDie(c->die);
  resumeEffects(std::move(c->frames), rng);
}

void DescribedState::resumeEffects(std::vector<EffectFrame> rest, sim::Rng& rng) {
  // The effects that waited, innermost first; a new choice among them waits with the rest.
  for (std::size_t i = 0; i < rest.size(); ++i) {
    const EffectFrame& f = rest[i];
    run(f.pc, f.subject, f.card, f.pickZone, rng, &f);
    if (m_choice) {
      m_choice->frames.insert(m_choice->frames.end(), rest.begin() + static_cast<std::ptrdiff_t>(i) + 1, rest.end());
      break;
    }
    if (m_terminal || m_turnEnding) break;
  }
  // The choice was made while an action resolved from the stack: what waits below it goes on.
  if (!m_terminal && !m_choice && !m_stack.empty())
    continueStack(rng);  // checks the end rules itself
  else if (!m_terminal)
    checkEnd();
  settle(rng);
}

std::string DescribedState::choiceToString(sim::Action a) const {
  const auto index = static_cast<std::size_t>(a / kActionStride) - m_p->actions.size();
  if (index >= m_p->choices.size()) return "?";
  const int card = static_cast<int>(a % kActionStride) - 1;
  std::string s = m_p->choices[index].id;
  if (m_p->choices[index].reroll) return s + (card < 0 ? " keep" : " again");
  if (card < 0) return s + " done";
  if (static_cast<std::size_t>(card) < m_p->cards.size()) s += " " + m_p->cards[static_cast<std::size_t>(card)].id;
  return s;
}

}  // namespace wb::rulesets::described
