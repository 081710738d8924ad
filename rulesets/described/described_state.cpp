// Turn flow, legality and the end of a described game (described_state.h).
#include "rulesets/described/described_state.h"

#include <algorithm>
#include <cmath>

namespace wb::rulesets::described {

namespace md = model::describe;

DescribedState::DescribedState(std::shared_ptr<const Program> program, int players, sim::Rng& rng,
                               const std::vector<int>& factionOfSeat)
    : m_p(std::move(program)), m_players(std::clamp(players, 1, 8)) {
  const Program& p = *m_p;
  m_faction.assign(static_cast<std::size_t>(m_players), -1);
  for (int s = 0; s < m_players && s < static_cast<int>(factionOfSeat.size()); ++s) {
    const int f = factionOfSeat[static_cast<std::size_t>(s)];
    if (f >= 0 && f < static_cast<int>(p.factions.size())) m_faction[static_cast<std::size_t>(s)] = f;
  }
  m_counters.assign(static_cast<std::size_t>(p.globalCounters + m_players * p.playerCounters), 0);
  for (std::size_t i = 0; i < p.counters.size(); ++i)
    for (int s = 0; s < (p.counters[i].perPlayer ? m_players : 1); ++s)
      counterRef(static_cast<int>(i), s) = p.counters[i].initial;
  m_zones.assign(static_cast<std::size_t>(p.sharedZones + m_players * p.playerZones), {});
  for (std::size_t z = 0; z < p.zones.size(); ++z)
    for (int s = 0; s < (p.zones[z].perPlayer ? m_players : 1); ++s)
      for (int card : p.zones[z].start) zoneRef(static_cast<int>(z), s).push_back(static_cast<std::int16_t>(card));
  m_taken.assign(p.actions.size(), 0);
  m_returns.assign(static_cast<std::size_t>(m_players), 0.0);
  log().reset(m_players, static_cast<int>(p.cards.size()));
  if (p.setupCode >= 0) run(p.setupCode, 0, -1, -1, rng);
  m_turnEnding = false;
  startTurn(true);
  settle();
}

int DescribedState::factionOf(int seat) const {
  return seat >= 0 && seat < m_players ? m_faction[static_cast<std::size_t>(seat)] : -1;
}

int& DescribedState::counterRef(int index, int subject) {
  const md::Counter& c = m_p->counters[static_cast<std::size_t>(index)];
  return m_counters[static_cast<std::size_t>(c.perPlayer ? m_p->globalCounters + subject * m_p->playerCounters + c.storage
                                                          : c.storage)];
}

int DescribedState::counter(int index, int player) const {
  return const_cast<DescribedState*>(this)->counterRef(index, player);
}

void DescribedState::setCounter(int index, int player, int value) {
  const md::Counter& c = m_p->counters[static_cast<std::size_t>(index)];
  counterRef(index, player) = std::clamp(value, c.min, c.max);
}

std::vector<std::int16_t>& DescribedState::zoneRef(int index, int subject) {
  const md::Zone& z = m_p->zones[static_cast<std::size_t>(index)];
  return m_zones[static_cast<std::size_t>(z.perPlayer ? m_p->sharedZones + subject * m_p->playerZones + z.storage
                                                      : z.storage)];
}

const std::vector<std::int16_t>& DescribedState::zone(int index, int player) const {
  return const_cast<DescribedState*>(this)->zoneRef(index, player);
}

const double* DescribedState::vars(int subject, int card) const {
  // One buffer per thread: evaluation never nests, and states are shared by no threads.
  thread_local std::vector<double> buffer;
  const Program& p = *m_p;
  const md::SlotLayout& s = p.slots;
  buffer.resize(static_cast<std::size_t>(s.total));
  double* v = buffer.data();
  std::copy(p.paramValues.begin(), p.paramValues.end(), v + s.params);
  for (int g = 0; g < p.globalCounters; ++g) v[s.globals + g] = m_counters[static_cast<std::size_t>(g)];
  const int opponent = (subject + 1) % m_players;
  const auto own = m_counters.begin() + p.globalCounters + subject * p.playerCounters;
  const auto opp = m_counters.begin() + p.globalCounters + opponent * p.playerCounters;
  for (int c = 0; c < p.playerCounters; ++c) {
    v[s.own + c] = own[c];
    v[s.opponent + c] = opp[c];
  }
  for (std::size_t z = 0; z < p.zones.size(); ++z) {
    v[s.zoneSizes + static_cast<int>(z)] = static_cast<double>(zone(static_cast<int>(z), subject).size());
    v[s.opponentZoneSizes + static_cast<int>(z)] = static_cast<double>(zone(static_cast<int>(z), opponent).size());
  }
  v[s.players] = m_players;
  v[s.turn] = m_turnCount;
  const std::size_t props = p.cardProps.size();
  for (std::size_t k = 0; k < props; ++k)
    v[s.card + static_cast<int>(k)] = card >= 0 ? p.cards[static_cast<std::size_t>(card)].props[k] : 0.0;
  const int faction = m_faction[static_cast<std::size_t>(subject)];
  for (std::size_t k = 0; k < p.factionProps.size(); ++k)
    v[s.faction + static_cast<int>(k)] = faction >= 0 ? p.factionValues[static_cast<std::size_t>(faction)][k] : 0.0;
  return v;
}

double DescribedState::eval(int expr, int subject, int card) const {
  return m_p->exprs[static_cast<std::size_t>(expr)].evaluate(vars(subject, card));
}

bool DescribedState::holds(int condition, int subject, int card) const {
  if (condition < 0) return true;
  const double* v = vars(subject, card);
  const auto& exprs = m_p->exprs;
  for (const auto& all : m_p->conditions[static_cast<std::size_t>(condition)].anyOf) {
    bool ok = true;
    for (const md::Comparison& c : all) {
      const double l = exprs[static_cast<std::size_t>(c.lhs)].evaluate(v);
      const double r = c.rhs >= 0 ? exprs[static_cast<std::size_t>(c.rhs)].evaluate(v) : 0.0;
      switch (c.op) {
        case md::Compare::Less: ok = l < r; break;
        case md::Compare::LessEqual: ok = l <= r; break;
        case md::Compare::Equal: ok = l == r; break;
        case md::Compare::NotEqual: ok = l != r; break;
        case md::Compare::GreaterEqual: ok = l >= r; break;
        case md::Compare::Greater: ok = l > r; break;
        case md::Compare::NonZero: ok = l != 0; break;
      }
      if (!ok) break;
    }
    if (ok) return true;
  }
  return false;
}

bool DescribedState::legal(int action, int card) const {
  const md::Action& a = m_p->actions[static_cast<std::size_t>(action)];
  if (a.limitPerTurn > 0 && m_taken[static_cast<std::size_t>(action)] >= a.limitPerTurn) return false;
  if (!holds(a.condition, m_current, card)) return false;
  if (card >= 0 && !holds(a.pickCondition, m_current, card)) return false;
  for (const md::Cost& c : a.costs)
    if (counter(c.counter, m_current) < std::llround(eval(c.amount, m_current, card))) return false;
  return true;
}

void DescribedState::legalActions(std::vector<sim::Action>& out) const {
  out.clear();
  if (m_terminal) return;
  for (int ai : m_p->phases[static_cast<std::size_t>(m_phase)].actions) {
    const md::Action& a = m_p->actions[static_cast<std::size_t>(ai)];
    if (a.pickZone < 0) {
      if (legal(ai, -1)) out.push_back(ai * kActionStride);
      continue;
    }
    // One action per distinct card, in card order (the same list for the same contents).
    std::vector<std::int16_t> cards = zone(a.pickZone, m_current);
    std::sort(cards.begin(), cards.end());
    cards.erase(std::unique(cards.begin(), cards.end()), cards.end());
    for (int card : cards)
      if (legal(ai, card)) out.push_back(ai * kActionStride + 1 + card);
  }
}

bool DescribedState::phaseHasLegalAction() const {
  std::vector<sim::Action> legalNow;
  legalActions(legalNow);
  return !legalNow.empty();
}

void DescribedState::startTurn(bool first) {
  if (!first) {
    m_current = (m_current + 1) % m_players;
    if (!m_p->lengthInRounds || m_current == 0) ++m_turnCount;
  }
  for (std::size_t i = 0; i < m_p->counters.size(); ++i) {
    const md::Counter& c = m_p->counters[i];
    if (c.resetEachTurn) counterRef(static_cast<int>(i), c.perPlayer ? m_current : 0) = c.initial;
  }
  std::fill(m_taken.begin(), m_taken.end(), 0);
  m_phase = 0;
  m_actionsThisTurn = 0;
  m_turnEnding = false;
}

// Moves on to the next phase, turn or player until one has a legal action.
void DescribedState::settle() {
  while (!m_terminal) {
    if (m_turnEnding) {
      startTurn(false);
      continue;
    }
    if (phaseHasLegalAction()) return;
    if (m_phase + 1 < static_cast<int>(m_p->phases.size())) {
      ++m_phase;
      continue;
    }
    // A turn that ends with no action taken in it: a full round of them is a stalemate.
    if (m_actionsThisTurn == 0 && ++m_idleTurns >= m_players) {
      m_terminal = true;
      m_adjudicated = true;
      return;
    }
    m_turnEnding = true;
  }
}

void DescribedState::doApplyAction(sim::Action a, sim::Rng& rng) {
  const int ai = static_cast<int>(a / kActionStride);
  const int card = static_cast<int>(a % kActionStride) - 1;
  const md::Action& action = m_p->actions[static_cast<std::size_t>(ai)];
  ++m_taken[static_cast<std::size_t>(ai)];
  ++m_actionsThisTurn;
  m_idleTurns = 0;
  for (const md::Cost& c : action.costs) {
    const int amount = static_cast<int>(std::llround(eval(c.amount, m_current, card)));
    setCounter(c.counter, m_current, counter(c.counter, m_current) - amount);
  }
  // Picking from a shared zone (a market, a supply) acquires the card; from one's own zones plays it.
  if (card >= 0)
    log().add(m_current, card,
              m_p->zones[static_cast<std::size_t>(action.pickZone)].perPlayer ? sim::EntityUse::Played
                                                                              : sim::EntityUse::Acquired);
  run(action.code, m_current, card, action.pickZone, rng);
  if (!m_terminal) checkEnd();
  settle();
}

void DescribedState::checkEnd() {
  for (const md::EndRule& rule : m_p->endRules) {
    if (rule.condition < 0) continue;  // an end_game effect's winner rule
    const int tests = rule.forEachPlayer ? m_players : 1;
    for (int k = 0; k < tests; ++k) {
      const int subject = (m_current + k) % m_players;
      if (holds(rule.condition, subject, -1)) {
        finish(rule, subject);
        return;
      }
    }
  }
}

void DescribedState::finish(const md::EndRule& rule, int subject) {
  m_terminal = true;
  std::fill(m_returns.begin(), m_returns.end(), 0.0);
  if (rule.winner == md::Winner::Nobody) return;
  if (rule.winner == md::Winner::Subject) {
    m_returns[static_cast<std::size_t>(subject)] = 1.0;
    return;
  }
  // Most / least of a counter, then the tie-breaks (most wins), then a shared win.
  std::vector<int> best;
  auto key = [&](int p) {
    std::vector<int> k{rule.winner == md::Winner::Most ? counter(rule.counter, p) : -counter(rule.counter, p)};
    for (int t : m_p->tieBreaks) k.push_back(counter(t, p));
    return k;
  };
  for (int p = 0; p < m_players; ++p) {
    if (best.empty() || key(p) > key(best.front()))
      best = {p};
    else if (key(p) == key(best.front()))
      best.push_back(p);
  }
  for (int p : best) m_returns[static_cast<std::size_t>(p)] = 1.0 / static_cast<double>(best.size());
}

std::vector<double> DescribedState::returns() const { return m_returns; }

void DescribedState::actionEntities(sim::Action a, std::vector<int>& out) const {
  out.clear();
  const int card = static_cast<int>(a % kActionStride) - 1;
  if (card >= 0) out.push_back(card);
}

}  // namespace wb::rulesets::described
