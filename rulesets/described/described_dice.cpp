// Moves that name a die (model/describe/die_compiler.cpp): an action with
// `die:` lists, for each card it may pick that satisfies the spec's `when`,
// one move per die it may name, per change of it (-N..N, never 0 and never
// past the die's faces) or per pair of dice showing different values; the
// die rides on the move (DiePick above bit kDieShift) and on the stack, and
// the effects name it `die`. `reroll` rolls a counter, then lets the chooser
// roll it again (`<id> again`) or keep it (`<id> keep`) while rolls are left.
#include <algorithm>
#include <array>
#include <cmath>

#include "model/describe/die_compiler.h"
#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

namespace {

constexpr int kDieFields = 16;   // dice per move field
constexpr int kDeltaOffset = 100;

// The widest field a move can carry stays below the amount moves' numbers.
static_assert(((1 + (kDieFields - 1) + kDieFields * kDieFields +
                kDieFields * (kDieFields + 1) * (md::kMaxDieSpan + kDeltaOffset)) +
               sim::Action{1})
                      << kDieShift <
                  kAmountActionBase,
              "a die move's field reaches the amount moves");
static_assert(md::kMaxNamedDice <= kDieFields, "a move's die fields hold every named die");

sim::Action encodeDie(int die, int second, int delta) {
  const sim::Action field = 1 + die + kDieFields * (second + 1) + kDieFields * (kDieFields + 1) * (delta + kDeltaOffset);
  return field << kDieShift;
}

}  // namespace

DiePick decodeDie(sim::Action a) {
  DiePick pick;
  if (a <= kDieMask || a >= kBoardActionBase) return pick;
  const sim::Action f = (a >> kDieShift) - 1;
  pick.die = static_cast<std::int8_t>(f % kDieFields);
  pick.second = static_cast<std::int8_t>((f / kDieFields) % (kDieFields + 1) - 1);
  pick.delta = static_cast<std::int16_t>(f / (kDieFields * (kDieFields + 1)) - kDeltaOffset);
  return pick;
}

int DescribedState::dieCounter(int counter) const {
  if (counter < md::kChosenDie) return counter;
  const int pick = counter == md::kChosenDie ? m_die.die : m_die.second;
  return pick >= 0 && pick < static_cast<int>(m_p->dice.size()) ? m_p->dice[static_cast<std::size_t>(pick)] : -1;
}

std::uint32_t DescribedState::diceRead() const {
  if (m_stack.empty()) return 0;
  const StackItem& top = m_stack.back();
  std::uint32_t mask = top.card >= 0 && static_cast<std::size_t>(top.card) < m_p->cardDice.size()
                           ? m_p->cardDice[static_cast<std::size_t>(top.card)]
                           : 0u;
  if (top.die.die >= 0) mask |= 1u << top.die.die;
  if (top.die.second >= 0) mask |= 1u << top.die.second;
  return mask;
}

double DescribedState::dieSlotValue(int slot) const {
  const int k = slot - m_p->slots.die;
  auto valueOfDie = [&](int pick) {
    return pick >= 0 ? static_cast<double>(counter(m_p->dice[static_cast<std::size_t>(pick)], 0)) : 0.0;
  };
  switch (k) {
    case 0: return valueOfDie(m_die.die);
    case 1: return valueOfDie(m_die.second);
    case 2: return m_die.delta;
    case 3: return m_die.die >= 0 && (diceRead() >> m_die.die & 1u) ? 1.0 : 0.0;
    default: return m_die.die == k - 4 ? 1.0 : 0.0;
  }
}

void DescribedState::dieVars(double* v) const {
  const int n = 4 + static_cast<int>(m_p->dice.size());
  for (int k = 0; k < n; ++k) v[m_p->slots.die + k] = dieSlotValue(m_p->slots.die + k);
}

void DescribedState::addDieMoves(const md::Action& a, sim::Action base, int card,
                                 std::vector<sim::Action>& out) const {
  const Program& p = *m_p;
  const md::DieSpec& spec = p.dieSpecs[static_cast<std::size_t>(a.die)];
  const int who = actor();
  if (!holdsFor(spec.when, who, card)) {
    out.push_back(base + card);  // this card names no die
    return;
  }
  const int n = static_cast<int>(p.dice.size());
  std::array<int, 16> value{}, lo{}, hi{};
  for (int i = 0; i < n; ++i) {
    const md::Counter& c = p.counters[static_cast<std::size_t>(p.dice[static_cast<std::size_t>(i)])];
    value[static_cast<std::size_t>(i)] = counter(p.dice[static_cast<std::size_t>(i)], 0);
    lo[static_cast<std::size_t>(i)] = c.min;
    hi[static_cast<std::size_t>(i)] = c.max;
  }
  // The dice it may name: each tested with the die_ names holding that die
  // (written into this thread's buffer, then put back as they were).
  std::uint32_t allowed = n >= 32 ? ~0u : (1u << n) - 1;
  if (spec.only >= 0) {
    const md::Condition& only = p.conditions[static_cast<std::size_t>(spec.only)];
    double* w = const_cast<double*>(namesWith(only.reads, only.readsCard ? &only.cardReads : nullptr, who, card));
    const int first = p.slots.die;
    std::array<double, 4 + 16> saved{};
    std::copy_n(w + first, 4 + n, saved.begin());
    const std::uint32_t read = diceRead();
    allowed = 0;
    for (int i = 0; i < n; ++i) {
      w[first] = value[static_cast<std::size_t>(i)];
      w[first + 1] = 0;
      w[first + 2] = 0;
      w[first + 3] = (read >> i) & 1u ? 1.0 : 0.0;
      for (int j = 0; j < n; ++j) w[first + 4 + j] = j == i ? 1.0 : 0.0;
      if (holdsOn(spec.only, w)) allowed |= 1u << i;
    }
    std::copy_n(saved.begin(), 4 + n, w + first);
    if (allowed == 0) return;
  }
  const sim::Action move = base + card;
  int change = 0;
  if (spec.change >= 0) {
    const double c = valueFor(spec.change, who, card);
    change = std::isfinite(c) ? static_cast<int>(std::clamp(std::llround(c), 0LL, 100LL)) : 0;
  }
  if (change > 0) {
    // "Raise or lower one die by up to N": each change of its own, within the die's faces.
    for (int i = 0; i < n; ++i) {
      if (!(allowed >> i & 1u)) continue;
      const auto u = static_cast<std::size_t>(i);
      const int k = std::min(change, hi[u] - lo[u]);
      for (int delta = -k; delta <= k; ++delta)
        if (delta != 0 && value[u] + delta >= lo[u] && value[u] + delta <= hi[u])
          out.push_back(move + encodeDie(i, -1, delta));
    }
    return;
  }
  if (spec.pair >= 0 && holdsFor(spec.pair, who, card)) {
    // Two dice showing different values (an exchange that changes something); one of them allowed.
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j)
        if (value[static_cast<std::size_t>(i)] != value[static_cast<std::size_t>(j)] && ((allowed >> i | allowed >> j) & 1u))
          out.push_back(move + encodeDie(i, j, 0));
    return;
  }
  for (int i = 0; i < n; ++i)
    if (allowed >> i & 1u) out.push_back(move + encodeDie(i, -1, 0));
}

bool DescribedState::beginReroll(int choice, int subject, int card, sim::Rng& rng) {
  const md::Choice& spec = m_p->choices[static_cast<std::size_t>(choice)];
  const int k = dieCounter(spec.rerollInto);
  if (k < 0) return false;
  const double sides = eval(spec.sides, subject, card);
  const int s = std::isfinite(sides) ? static_cast<int>(std::clamp(std::llround(sides), 1LL, 1000000LL)) : 1;
  const double times = eval(spec.count, subject, card);
  const long long rolls = std::isfinite(times) ? std::clamp(std::llround(times), 0LL, 1000LL) : 0;
  if (rolls <= 0) return false;
  const md::Counter& c = m_p->counters[static_cast<std::size_t>(k)];
  counterRef(k, subject) = std::clamp(1 + sim::uniformInt(rng, s), c.min, c.max);
  changed();
  if (rolls == 1) return false;
  auto pending = std::make_shared<PendingChoice>();
  pending->choice = choice;
  pending->subject = pending->owner = pending->chooser = subject;
  pending->left = static_cast<int>(rolls - 1);
  pending->die = m_die;
  pending->rolled = k;
  pending->sides = s;
  m_choice = std::move(pending);
  m_legalKnown = false;
  return true;
}

bool DescribedState::applyReroll(PendingChoice& c, sim::Action a, sim::Rng& rng) {
  if (static_cast<int>(a % kActionStride) - 1 < 0) return false;  // keep
  const md::Counter& ctr = m_p->counters[static_cast<std::size_t>(c.rolled)];
  counterRef(c.rolled, c.subject) = std::clamp(1 + sim::uniformInt(rng, c.sides), ctr.min, ctr.max);
  changed();
  return --c.left > 0;
}

std::string DescribedState::dieToString(sim::Action a) const {
  std::string s = actionToString(withoutDie(a));
  const DiePick pick = decodeDie(a);
  auto name = [&](int i) {
    return i >= 0 && i < static_cast<int>(m_p->dice.size())
               ? m_p->counters[static_cast<std::size_t>(m_p->dice[static_cast<std::size_t>(i)])].id
               : std::string("?");
  };
  s += " " + name(pick.die);
  if (pick.second >= 0) s += " " + name(pick.second);
  if (pick.delta != 0) s += (pick.delta > 0 ? " +" : " ") + std::to_string(pick.delta);
  return s;
}

}  // namespace wb::rulesets::described
