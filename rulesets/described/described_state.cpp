// Turn flow, legality and the end of a described game (described_state.h).
#include "rulesets/described/described_state.h"

#include <algorithm>
#include <cmath>

#include "model/describe/description_compiler.h"
#include "rulesets/described/described_lua.h"

namespace wb::rulesets::described {

namespace md = model::describe;

DescribedState::DescribedState(std::shared_ptr<const Program> program, int players, sim::Rng& rng,
                               const std::vector<int>& factionOfSeat, long long effectStepBudget)
    : m_p(std::move(program)), m_players(std::clamp(players, 1, 8)), m_effectStepBudget(std::max(1LL, effectStepBudget)) {
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
  changed();
  log().reset(m_players, static_cast<int>(p.cards.size()));
  if (p.board.present) boardSetUp();
  if (p.setupCode >= 0) run(p.setupCode, 0, -1, -1, rng);
  m_turnEnding = false;
  startTurn(true, rng);
  settle(rng);
  counterLog().reset(m_players, talliedCounters(*m_p));
  logCounters();
}

int DescribedState::factionOf(int seat) const {
  return seat >= 0 && seat < m_players ? m_faction[static_cast<std::size_t>(seat)] : -1;
}

void DescribedState::setCounter(int index, int player, int value) {
  const md::Counter& c = m_p->counters[static_cast<std::size_t>(index)];
  counterRef(index, player) = std::clamp(value, c.min, c.max);
  m_legalKnown = false;
  changed();
}

double DescribedState::eval(int expr, int subject, int card) const {
  return m_p->exprs[static_cast<std::size_t>(expr)].evaluate(vars(subject, card));
}

bool DescribedState::holds(int condition, int subject, int card) const {
  if (condition < 0) return true;
  if (const int f = m_p->conditions[static_cast<std::size_t>(condition)].lua; f >= 0) return holdsLua(f, subject, card);
  return holdsOn(condition, vars(subject, card));
}

bool DescribedState::holdsLua(int function, int subject, int card) const {
  bool result = false;
  std::string error;
  if (testLua(*m_p, function, *this, subject, card, result, error)) return result;
  if (!m_conditionError) m_conditionError = std::make_shared<const std::string>(error);
  return false;
}

bool DescribedState::conditionFailed() {
  if (!m_conditionError) return false;
  if (!m_terminal) {
    m_scriptError = m_conditionError;
    m_terminal = true;
    m_adjudicated = true;
    std::fill(m_returns.begin(), m_returns.end(), 0.0);
  }
  m_legalKnown = false;
  return true;
}

// `v`: the names the phase's actions read, filled once for all the actions of
// a decision; only its card slots change here (the picked card's properties).
bool DescribedState::pickHolds(const md::Action& a, int card, double* v) const {
  return holdsWith(a.pickCondition, card, v);
}

bool DescribedState::legal(int action, int card, double* v, int who) const {
  const md::Action& a = m_p->actions[static_cast<std::size_t>(action)];
  if (a.limitPerTurn > 0 && m_taken[static_cast<std::size_t>(action)] >= a.limitPerTurn) return false;
  if (!holdsWithInline(a.condition, card, v)) return false;
  if (card >= 0 && !holdsWithInline(a.pickCondition, card, v)) return false;
  if (a.costs.empty() && a.unlessLegal.empty()) return true;
  if (a.answers >= 0 && !holdsWith(a.answers, card, v)) return false;
  // The costs may read the card (the conditions hold what they read of it).
  for (const md::Cost& c : a.costs) {
    if (!a.sameForEveryCard && m_p->exprReadsCard[static_cast<std::size_t>(c.amount)]) holdCardIn(v, card, c.amount);
    if (counter(c.counter, who) < rounded(valueOf(c.amount, v))) return false;
  }
  for (int other : a.unlessLegal)
    if (actionHasLegal(other)) return false;
  return true;
}

bool DescribedState::isLegal(sim::Action a) const {
  if (!m_legalKnown) {
    listLegal(m_legal);
    m_legalKnown = true;
  }
  return std::find(m_legal.begin(), m_legal.end(), a) != m_legal.end();
}

void DescribedState::legalActions(std::vector<sim::Action>& out) const {
  if (m_legalKnown) {
    out = m_legal;
    return;
  }
  listLegal(m_legal);
  m_legalKnown = true;
  out = m_legal;
}

// Flattened: legal() and the condition tests it makes are inlined here, where
// a listing makes millions of them a run (their calls cost as much as the tests).
__attribute__((flatten)) void DescribedState::listLegal(std::vector<sim::Action>& out) const {
  out.clear();
  if (m_terminal) return;
  if (m_choice) {
    listChoice(out);
    return;
  }
  // The names the phase's actions read, once per decision (the actor's view);
  // each pick's zone sorted once, its distinct cards in card order (the same list for the same contents).
  // While an action waits on the stack, the `during:` phase offered (passing is a move).
  const md::Phase& phase = m_p->phases[static_cast<std::size_t>(m_stackPhase >= 0 ? m_stackPhase : m_phase)];
  const int who = actor();
  double* v = const_cast<double*>(phase.readsAll ? vars(who, -1) : namesWith(phase.reads, nullptr, who, -1));
  thread_local std::vector<std::int16_t> distinct[md::kMaxZones];
  std::uint32_t sorted = 0;
  if (m_stackPhase >= 0) out.push_back(passAction());
  // At the turn's bound: only the first of the `then` actions, in the phase's order, that has a legal move.
  const bool atBound = atTurnBound();
  const std::size_t before = out.size();
  for (int ai : phase.actions) {
    const md::Action& a = m_p->actions[static_cast<std::size_t>(ai)];
    if (atBound) {
      if (out.size() > before) break;
      if (!a.atBound) continue;
    }
    if (a.board >= 0) {
      if (legal(ai, -1, v, who)) boardLegalActions(ai, out);
      continue;
    }
    if (a.pickZone < 0) {
      if (legal(ai, -1, v, who)) out.push_back(ai * kActionStride);
      continue;
    }
    // `when` and costs that read no card_ name: tested once, then only the pick's own `when`.
    const bool shared = a.sameForEveryCard;
    if (shared && !legal(ai, -1, v, who)) continue;
    std::vector<std::int16_t>& cards = distinct[a.pickZone];
    if (!(sorted >> a.pickZone & 1u)) {
      sorted |= 1u << a.pickZone;
      // Inserted in order, repeats skipped: a hand or a shop row is a few cards, for which this beats a sort's call.
      cards.clear();
      for (std::int16_t c : zone(a.pickZone, who)) {
        auto at = cards.end();
        while (at != cards.begin() && *(at - 1) > c) --at;
        if (at != cards.begin() && *(at - 1) == c) continue;
        cards.insert(at, c);
      }
    }
    const sim::Action base = ai * kActionStride + 1;
    // A card of an action with `die:` may be one move per die it names (described_dice.cpp).
    auto push = [&](int card) {
      if (a.die < 0)
        out.push_back(base + card);
      else
        addDieMoves(a, base, card, out);
    };
    if (!shared) {
      for (int card : cards)
        if (legal(ai, card, v, who)) push(card);
    } else if (a.pickCondition < 0) {
      for (int card : cards) push(card);
    } else if (const auto& byCard = m_p->conditions[static_cast<std::size_t>(a.pickCondition)].byCard; !byCard.empty()) {
      for (int card : cards)
        if (byCard[static_cast<std::size_t>(card + 1)]) push(card);
    } else {
      for (int card : cards)
        if (pickHolds(a, card, v)) push(card);
    }
  }
}

bool DescribedState::phaseHasLegalAction() const {
  listLegal(m_legal);
  m_legalKnown = true;
  return !m_legal.empty();
}

void DescribedState::startTurn(bool first, sim::Rng& rng) {
  if (!first) {
    m_current = (m_current + 1) % m_players;
    if (!m_p->lengthInRounds || m_current == 0) ++m_turnCount;
  }
  for (std::size_t i = 0; i < m_p->counters.size(); ++i) {
    const md::Counter& c = m_p->counters[i];
    if (c.resetEachTurn) counterRef(static_cast<int>(i), c.perPlayer ? m_current : 0) = c.initial;
  }
  changed();
  std::fill(m_taken.begin(), m_taken.end(), 0);
  m_phase = 0;
  m_actionsThisTurn = 0;
  m_turnEnding = false;
  if (m_p->turnStartCode >= 0) {
    run(m_p->turnStartCode, m_current, -1, -1, rng);
    m_turnEnding = false;  // a turn_start trigger cannot end the turn it starts
    if (!m_terminal) checkEnd();
  }
}

// Moves on to the next phase, turn or player until one has a legal action.
void DescribedState::settle(sim::Rng& rng) {
  while (!m_terminal) {
    if (conditionFailed()) return;
    if (m_turnEnding) {
      if (m_p->turnEndCode >= 0) {
        m_phase = 0;
        run(m_p->turnEndCode, m_current, -1, -1, rng);
        if (!m_terminal) checkEnd();
        if (m_terminal) return;
      }
      startTurn(false, rng);
      continue;
    }
    if (phaseHasLegalAction()) {
      conditionFailed();
      return;
    }
    if (m_phase + 1 < static_cast<int>(m_p->phases.size()) &&
        m_p->phases[static_cast<std::size_t>(m_phase + 1)].role == md::StackRole::None) {
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
  if (isBoardAction(a)) {
    boardChanged();
    boardApply(a, rng);
    logCounters();
    return;
  }
  if (m_choice) {
    applyChoice(a, rng);
    return;
  }
  const int ai = static_cast<int>(withoutDie(a) / kActionStride);
  const int card = static_cast<int>(a % kActionStride) - 1;
  setDie(decodeDie(a));
  if (m_stackPhase >= 0 && a == passAction()) {
    m_legalKnown = false;
    ++m_actionsThisTurn;
    changed();  // turn_moves reads it
    m_idleTurns = 0;
    passStack(rng);
    settle(rng);
    return;
  }
  const md::Action& action = m_p->actions[static_cast<std::size_t>(ai)];
  const bool fromStack = m_stackPhase >= 0;
  m_legalKnown = false;
  ++m_taken[static_cast<std::size_t>(ai)];
  ++m_actionsThisTurn;
  changed();  // turn_moves reads it
  m_idleTurns = 0;
  const int who = actor();
  for (const md::Cost& c : action.costs) {
    const int amount = static_cast<int>(std::llround(eval(c.amount, who, card)));
    setCounter(c.counter, who, counter(c.counter, who) - amount);
  }
  // Picking from a shared zone (a market, a supply) acquires the card; from one's own zones plays it
  // (unless the pick says what it counts as).
  if (card >= 0 && action.countsAs != md::CardUse::Nothing) {
    const bool acquired = action.countsAs == md::CardUse::Default
                              ? !m_p->zones[static_cast<std::size_t>(action.pickZone)].perPlayer
                              : action.countsAs == md::CardUse::Acquired;
    log().add(who, card, acquired ? sim::EntityUse::Acquired : sim::EntityUse::Played);
  }
  run(action.code, who, card, action.pickZone, rng);
  if (!m_terminal && action.resolveCode >= 0) pushStack(ai, card, who);
  if (!m_terminal && (fromStack || action.resolveCode >= 0))
    continueStack(rng);  // checks the end rules itself
  else if (!m_terminal)
    checkEnd();
  settle(rng);
  logCounters();
}

void DescribedState::logCounters() {
  sim::CounterLog& log = counterLog();
  if (log.empty()) return;  // an agent's private copy keeps no records
  int k = 0;
  for (std::size_t i = 0; i < m_p->counters.size(); ++i) {
    if (!isTallied(m_p->counters[i])) continue;
    for (int s = 0; s < m_players; ++s) log.set(s, k, static_cast<std::uint32_t>(counter(static_cast<int>(i), s)));
    ++k;
  }
}

void DescribedState::checkEnd() {
  for (const md::EndRule& rule : m_p->endRules) {
    if (rule.condition < 0) continue;  // an end_game effect's winner rule
    const int tests = rule.forEachPlayer ? m_players : 1;
    for (int k = 0; k < tests; ++k) {
      const int subject = (m_current + k) % m_players;
      if (holdsFor(rule.condition, subject, -1)) {
        finish(rule, subject);
        return;
      }
      if (conditionFailed()) return;
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
  if (isBoardAction(a)) {
    const BoardTarget t = decodeBoardAction(a);
    if (t.piece >= 0) out.push_back(m_p->board.pieces[static_cast<std::size_t>(t.piece)].card);
    return;
  }
  // A card picked in a choice is not one the move uses: a restriction on it never forbids the choice.
  if (isChoiceAction(a)) return;
  const int card = static_cast<int>(a % kActionStride) - 1;
  if (card >= 0) out.push_back(card);
}

}  // namespace wb::rulesets::described
