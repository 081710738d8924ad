// The values of the names expressions read (described_program.h's
// SlotLayout), kept in one buffer per thread. Listing the legal actions,
// running effects and testing the end rules fill only the slots the
// expression or condition at hand reads (DescribedProgram::exprReads,
// Condition::reads), through a table of where each comes from, and look a
// condition on the card alone up (Condition::byCard); vars() fills every
// slot some expression reads (values, scripted players, a board's names,
// which are counted together). The values are the same either way: only how
// many are computed differs.
#include <algorithm>
#include <atomic>

#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

namespace {

// vars()'s buffer, one per thread: evaluation never nests, and states are
// shared by no threads. It keeps the program whose parameters it holds (they
// never change) and the card whose properties it holds (legal() writes them too).
// Where a slot's value comes from (SlotLayout), by slot: namesWith() fills a
// slot with one table look-up instead of walking the layout's bounds.
enum class Source : std::uint8_t { Global, Own, Opponent, SharedZone, OwnZone, OpponentZone, Other };
struct SlotSource {
  Source kind = Source::Other;
  int index = 0;  // the counter's or the zone's storage
};

struct NameBuffer {
  std::vector<double> values;
  std::vector<SlotSource> sources;  // the program's, by slot
  bool full = false;  // every slot some expression reads holds the value of this stamp and subject
  std::uint64_t program = 0;
  int card = -2;
  std::uint64_t stamp = 0;  // DescribedState::m_stamp of the values held (0: none)
  int subject = -1;
};
thread_local NameBuffer t_namesStorage;
// The buffer through a plain pointer: a thread_local with a constructor is
// reached through a call that checks it was made, on every access.
thread_local NameBuffer* t_namesPointer = nullptr;
NameBuffer& names() {
  NameBuffer* b = t_namesPointer;
  if (__builtin_expect(b == nullptr, 0)) t_namesPointer = b = &t_namesStorage;
  return *b;
}

// Puts `card`'s properties (zeros for no card) in the card_ names of `v`, this
// thread's buffer, unless they are there already: legal() and pickHolds() change
// only these slots from one card to the next.
void holdCard(const md::DescribedProgram& p, double* v, int card) {
  NameBuffer& b = names();
  if (b.card == card) return;
  const std::size_t props = p.cardProps.size();
  if (card >= 0)
    std::copy_n(p.cards[static_cast<std::size_t>(card)].props.begin(), props, v + p.slots.card);
  else
    std::fill_n(v + p.slots.card, props, 0.0);
  b.card = card;
}

// Only the card properties `props` of `card`: the buffer then holds no whole
// card (-2), unless it held this one already. A condition or an amount reads
// one or two of a card's properties; copying all of them per card was most of
// a listing's work on card games.
void holdCardProps(const md::DescribedProgram& p, double* v, int card, const std::vector<int>& props) {
  NameBuffer& b = names();
  if (b.card == card) return;
  double* at = v + p.slots.card;
  if (card >= 0) {
    const double* values = p.cards[static_cast<std::size_t>(card)].props.data();
    for (int k : props) at[k] = values[k];
  } else {
    for (int k : props) at[k] = 0.0;
  }
  b.card = -2;
}

// Stamps: this thread's number in the high bits (given at its first stamp), a count in the low ones.
std::atomic<std::uint64_t> g_threads{0};
thread_local std::uint64_t t_stamp = 0;
}  // namespace

void DescribedState::changed() {
  if (__builtin_expect(t_stamp == 0, 0)) t_stamp = (g_threads.fetch_add(1) + 1) << 40;
  m_stamp = ++t_stamp;
}

double* DescribedState::namesFor(int subject) const {
  NameBuffer& b = names();
  // A stamp is this state's alone (a copy shares it only while they are the
  // same): the buffer holds its values, so the program's too.
  if (b.stamp == m_stamp && b.subject == subject && b.stamp != 0) return b.values.data();
  const Program& p = *m_p;
  const md::SlotLayout& s = p.slots;
  if (b.program != p.serial || b.values.size() < static_cast<std::size_t>(s.total)) {
    b.values.assign(static_cast<std::size_t>(s.total), 0.0);
    b.sources.assign(static_cast<std::size_t>(s.total), SlotSource{});
    for (int slot = s.globals; slot < s.players && slot < s.total; ++slot) {
      SlotSource& src = b.sources[static_cast<std::size_t>(slot)];
      if (slot < s.own) {
        src = {Source::Global, slot - s.globals};
      } else if (slot < s.opponent) {
        src = {Source::Own, slot - s.own};
      } else if (slot < s.zoneSizes) {
        src = {Source::Opponent, slot - s.opponent};
      } else {
        const bool opp = slot >= s.opponentZoneSizes;
        const md::Zone& zone = p.zones[static_cast<std::size_t>(slot - (opp ? s.opponentZoneSizes : s.zoneSizes))];
        src = {!zone.perPlayer ? Source::SharedZone : opp ? Source::OpponentZone : Source::OwnZone, zone.storage};
      }
    }
    std::copy(p.paramValues.begin(), p.paramValues.end(), b.values.begin() + s.params);
    b.program = p.serial;
    b.card = -1;
    b.stamp = 0;
    b.full = false;
  }
  if (b.stamp == 0 || b.stamp != m_stamp || b.subject != subject) {
    b.stamp = m_stamp;
    b.subject = subject;
    b.full = false;
  }
  return b.values.data();
}

const double* DescribedState::vars(int subject, int card) const {
  double* v = namesFor(subject);
  NameBuffer& b = names();
  const Program& p = *m_p;
  if (b.full) {
    holdCard(p, v, card);
    return v;
  }
  b.full = true;
  const md::SlotLayout& s = p.slots;
  // Only the names some expression reads (DescribedProgram::read*).
  const int* counters = m_counters.data();
  for (int g : p.readGlobals) v[s.globals + g] = counters[g];
  const int opponent = (subject + 1) % m_players;
  const int* own = counters + p.globalCounters + subject * p.playerCounters;
  const int* opp = counters + p.globalCounters + opponent * p.playerCounters;
  for (int c : p.readOwn) v[s.own + c] = own[c];
  for (int c : p.readOpponent) v[s.opponent + c] = opp[c];
  const auto* piles = m_zones.data();
  const int ownBase = p.sharedZones + subject * p.playerZones;
  const int oppBase = p.sharedZones + opponent * p.playerZones;
  for (int z : p.readZoneSizes) {
    const md::Zone& zone = p.zones[static_cast<std::size_t>(z)];
    v[s.zoneSizes + z] = static_cast<double>(piles[zone.perPlayer ? ownBase + zone.storage : zone.storage].size());
  }
  for (int z : p.readOpponentZoneSizes) {
    const md::Zone& zone = p.zones[static_cast<std::size_t>(z)];
    v[s.opponentZoneSizes + z] =
        static_cast<double>(piles[zone.perPlayer ? oppBase + zone.storage : zone.storage].size());
  }
  v[s.players] = m_players;
  v[s.turn] = m_turnCount;
  v[s.turnMoves] = m_actionsThisTurn;
  holdCard(p, v, card);
  const int faction = m_faction[static_cast<std::size_t>(subject)];
  for (std::size_t k = 0; k < p.factionProps.size(); ++k)
    v[s.faction + static_cast<int>(k)] = faction >= 0 ? p.factionValues[static_cast<std::size_t>(faction)][k] : 0.0;
  if (p.board.present) boardVars(v, subject);
  if (s.die >= 0) dieVars(v);
  if (s.answered >= 0) {
    // Written each time: namesWith() may have filled some of these slots for another waiting card.
    int held = -2;
    stackVars(v, subject, held);
  }
  return v;
}

// One slot's value for `subject`, as vars() fills it (neither a parameter nor a card property).
double DescribedState::slotValue(int slot, int subject) const {
  const Program& p = *m_p;
  const md::SlotLayout& s = p.slots;
  const int* counters = m_counters.data();
  if (slot < s.own) return counters[slot - s.globals];
  // Without a division: this runs for every name of every listing.
  const int opponent = subject + 1 < m_players ? subject + 1 : 0;
  if (slot < s.opponent) return counters[p.globalCounters + subject * p.playerCounters + (slot - s.own)];
  if (slot < s.zoneSizes) return counters[p.globalCounters + opponent * p.playerCounters + (slot - s.opponent)];
  if (slot < s.players) {
    const bool opp = slot >= s.opponentZoneSizes;
    const md::Zone& zone = p.zones[static_cast<std::size_t>(slot - (opp ? s.opponentZoneSizes : s.zoneSizes))];
    const int base = p.sharedZones + (opp ? opponent : subject) * p.playerZones;
    return static_cast<double>(m_zones[static_cast<std::size_t>(zone.perPlayer ? base + zone.storage : zone.storage)].size());
  }
  if (slot == s.players) return m_players;
  if (slot == s.turn) return m_turnCount;
  if (slot == s.turnMoves) return m_actionsThisTurn;
  if (slot == s.myTurn) return subject == m_current ? 1.0 : 0.0;
  if (s.die >= 0 && slot >= s.die) return dieSlotValue(slot);
  if (s.answered >= 0 && slot >= s.answered && slot < s.answered + static_cast<int>(p.cardProps.size())) {
    // The card of the action waiting on the stack (zeros when none waits).
    const int waiting = m_stack.empty() ? -1 : m_stack.back().card;
    return waiting < 0 ? 0.0 : p.cards[static_cast<std::size_t>(waiting)].props[static_cast<std::size_t>(slot - s.answered)];
  }
  const int faction = m_faction[static_cast<std::size_t>(subject)];
  return faction >= 0 ? p.factionValues[static_cast<std::size_t>(faction)][static_cast<std::size_t>(slot - s.faction)] : 0.0;
}

// The names `slots` (and the card's properties with `card`) for `subject`:
// only those filled, unless a board's names (counted together) need them all.
const double* DescribedState::namesWith(const std::vector<int>& slots, const std::vector<int>* cardProps, int subject,
                                         int card) const {
  const Program& p = *m_p;
  if (p.board.present) return vars(subject, card);
  double* v = namesFor(subject);
  NameBuffer& b = names();
  if (!b.full) {
    // Every slot asked for, each time: looking up which are already filled cost as much as filling them.
    const int opponent = subject + 1 < m_players ? subject + 1 : 0;
    const int* counters = m_counters.data();
    const int* own = counters + p.globalCounters + subject * p.playerCounters;
    const int* opp = counters + p.globalCounters + opponent * p.playerCounters;
    const auto* piles = m_zones.data();
    const auto* ownPiles = piles + p.sharedZones + subject * p.playerZones;
    const auto* oppPiles = piles + p.sharedZones + opponent * p.playerZones;
    const SlotSource* sources = b.sources.data();
    for (int slot : slots) {
      const SlotSource src = sources[slot];
      double& at = v[slot];
      switch (src.kind) {
        case Source::Global: at = counters[src.index]; break;
        case Source::Own: at = own[src.index]; break;
        case Source::Opponent: at = opp[src.index]; break;
        case Source::SharedZone: at = static_cast<double>(piles[src.index].size()); break;
        case Source::OwnZone: at = static_cast<double>(ownPiles[src.index].size()); break;
        case Source::OpponentZone: at = static_cast<double>(oppPiles[src.index].size()); break;
        case Source::Other: at = slotValue(slot, subject); break;
      }
    }
  }
  if (cardProps) holdCardProps(p, v, card, *cardProps);
  return v;
}

bool DescribedState::holdsOn(int condition, const double* v) const {
  if (condition < 0) return true;
  const Program& p = *m_p;
  for (const auto& all : p.conditions[static_cast<std::size_t>(condition)].anyOf) {
    bool ok = true;
    for (const md::Comparison& c : all) {
      // A lone name or number read as the compiler noted it (Comparison::lhsSlot ...).
      const double l = c.lhsSlot >= 0 ? v[c.lhsSlot]
                       : c.lhsIsNumber ? c.lhsNumber
                                       : p.exprs[static_cast<std::size_t>(c.lhs)].evaluate(v);
      const double r = c.rhsSlot >= 0 ? v[c.rhsSlot]
                       : c.rhsIsNumber ? c.rhsNumber
                                       : p.exprs[static_cast<std::size_t>(c.rhs)].evaluate(v);
      ok = md::compare(c.op, l, r);
      if (!ok) break;
    }
    if (ok) return true;
  }
  return false;
}

// Flattened, as the tests below: the names' filling and the condition's test
// inlined into the calls effects, end rules and listings make millions of a run.
__attribute__((flatten)) double DescribedState::valueFor(int expr, int subject, int card) const {
  const auto e = static_cast<std::size_t>(expr);
  if (m_p->isLoneNumber[e]) return m_p->loneNumber[e];
  return valueOf(expr, namesWith(m_p->exprReads[e], m_p->exprReadsCard[e] ? &m_p->exprCardReads[e] : nullptr, subject, card));
}

__attribute__((flatten)) bool DescribedState::holdsFor(int condition, int subject, int card) const {
  if (condition < 0) return true;
  const md::Condition& c = m_p->conditions[static_cast<std::size_t>(condition)];
  if (!c.byCard.empty()) return c.byCard[static_cast<std::size_t>(card + 1)] != 0;
  if (c.lua >= 0) return holdsLua(c.lua, subject, card);
  return holdsOn(condition, namesWith(c.reads, c.readsCard ? &c.cardReads : nullptr, subject, card));
}


__attribute__((flatten)) bool DescribedState::holdsWith(int condition, int card, double* v) const {
  if (condition < 0) return true;
  const md::Condition& c = m_p->conditions[static_cast<std::size_t>(condition)];
  if (!c.byCard.empty()) return c.byCard[static_cast<std::size_t>(card + 1)] != 0;
  if (c.lua >= 0) return holdsLua(c.lua, actor(), card);  // `v` is the actor's
  if (c.readsCard) holdCardProps(*m_p, v, card, c.cardReads);
  return holdsOn(condition, v);
}

void DescribedState::holdCardIn(double* v, int card, int expr) const {
  const auto e = static_cast<std::size_t>(expr);
  if (m_p->exprReadsCard[e]) holdCardProps(*m_p, v, card, m_p->exprCardReads[e]);
}

}  // namespace wb::rulesets::described
