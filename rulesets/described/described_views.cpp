// What players see of a described game and how agents value it: zone
// visibility decides what determinize() re-deals, the description's `value:`
// or its victory rule gives the heuristic, and scripted players (`players:`)
// pick actions by their rules.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

namespace {

// Hidden from `observer`: a zone nobody sees, and one its owner alone sees when
// the observer is not the owner (a shared zone has no owner).
bool hiddenFrom(const md::Zone& z, int owner, int observer) {
  if (z.visibility == md::Visibility::Nobody) return true;
  if (z.visibility == md::Visibility::Owner) return !z.perPlayer || owner != observer;
  return false;
}

}  // namespace

void DescribedState::determinizeInto(int observer, sim::Rng& rng, std::unique_ptr<sim::State>& slot) const {
  cloneInto(slot);
  auto& copy = static_cast<DescribedState&>(*slot);
  copy.m_legalKnown = false;
  copy.changed();
  const Program& p = *m_p;
  // Per pool (the shared zones with the players' `pool: shared` zones, then
  // each player's own), the cards of the zones the observer cannot see are
  // pooled, sorted (so the copy does not depend on their real order),
  // shuffled and dealt back into those zones' sizes.
  std::vector<std::int16_t> pool;
  // A chooser sees the zone it chooses from (a deck searched for a card).
  const md::Choice* choosing =
      m_choice && m_choice->amount < 0 && m_choice->chooser == observer && p.choices[static_cast<std::size_t>(m_choice->choice)].from >= 0
          ? &p.choices[static_cast<std::size_t>(m_choice->choice)]
          : nullptr;
  auto inPool = [&](const md::Zone& zone, int pooled, int player) {
    if (!hiddenFrom(zone, player, observer)) return false;
    if (choosing && choosing->top < 0 && &zone == &p.zones[static_cast<std::size_t>(choosing->from)] &&
        (!zone.perPlayer || player == m_choice->owner))
      return false;
    if (!zone.perPlayer) return pooled < 0;
    return zone.poolShared ? pooled < 0 : pooled == player;
  };
  // What the observer saw (a `reveal`, an order it chose) stays where it is:
  // only the other places of those piles are pooled and dealt back.
  const bool saw = m_knownLive > 0;
  std::vector<char> kept;
  for (int pooled = -1; pooled < m_players; ++pooled) {
    pool.clear();
    for (std::size_t z = 0; z < p.zones.size(); ++z)
      for (int player = 0; player < (p.zones[z].perPlayer ? m_players : 1); ++player)
        if (inPool(p.zones[z], pooled, player)) {
          const auto& pile = copy.zoneRef(static_cast<int>(z), player);
          if (!saw) {
            pool.insert(pool.end(), pile.begin(), pile.end());
            continue;
          }
          keptPositions(observer, zoneIndex(static_cast<int>(z), player), kept);
          for (std::size_t i = 0; i < pile.size(); ++i)
            if (!kept[i]) pool.push_back(pile[i]);
        }
    if (pool.size() < 2) continue;
    std::sort(pool.begin(), pool.end());
    copy.shuffle(pool, rng);
    std::size_t next = 0;
    for (std::size_t z = 0; z < p.zones.size(); ++z)
      for (int player = 0; player < (p.zones[z].perPlayer ? m_players : 1); ++player)
        if (inPool(p.zones[z], pooled, player)) {
          auto& pile = copy.zoneRef(static_cast<int>(z), player);
          if (!saw) {
            for (auto& card : pile) card = pool[next++];
            continue;
          }
          keptPositions(observer, zoneIndex(static_cast<int>(z), player), kept);
          for (std::size_t i = 0; i < pile.size(); ++i)
            if (!kept[i]) pile[i] = pool[next++];
        }
  }
}

std::unique_ptr<sim::State> DescribedState::determinize(int observer, sim::Rng& rng) const {
  std::unique_ptr<sim::State> slot;
  determinizeInto(observer, rng, slot);
  return slot;
}

// A player's standing: the designer's `value:`, else the progress towards the
// first end rule a player wins by reaching (`score >= goal`: score / goal),
// else the counter a `most` rule compares.
double DescribedState::value(int player) const {
  const Program& p = *m_p;
  if (p.value >= 0) return eval(p.value, player, -1);
  for (const md::EndRule& rule : p.endRules) {
    if (rule.winner == md::Winner::Most) return counter(rule.counter, player);
    if (rule.winner == md::Winner::Least) return -counter(rule.counter, player);
    if (rule.winner != md::Winner::Subject || rule.condition < 0) continue;
    double progress = 0;
    for (const auto& all : p.conditions[static_cast<std::size_t>(rule.condition)].anyOf)
      for (const md::Comparison& c : all)
        if ((c.op == md::Compare::GreaterEqual || c.op == md::Compare::Greater) && c.rhs >= 0) {
          const double target = eval(c.rhs, player, -1);
          if (target > 0) progress = std::max(progress, std::min(1.0, eval(c.lhs, player, -1) / target));
        }
    return progress;
  }
  return 0;
}

double DescribedState::heuristic(int player) const {
  if (m_terminal) return (m_returns[static_cast<std::size_t>(player)] - 0.5) * 1e6;
  const double mine = value(player);
  double best = -1e300;
  for (int q = 0; q < m_players; ++q)
    if (q != player) best = std::max(best, value(q));
  return m_players > 1 ? mine - best : mine;
}

std::string DescribedState::actionToString(sim::Action a) const {
  if (isBoardAction(a)) return boardActionToString(a);
  if (isAmountAction(a)) return amountToString(a);
  // The stack's pass has the number of the first choice's "done": while no choice waits it is the pass.
  if (a == passAction() && !m_choice) return "pass";
  if (isChoiceAction(a)) return choiceToString(a);
  if (a > kDieMask) return dieToString(a);
  const auto ai = static_cast<std::size_t>(a / kActionStride);
  const int card = static_cast<int>(a % kActionStride) - 1;
  if (ai == m_p->actions.size() && card < 0) return "pass";
  if (ai >= m_p->actions.size()) return "?";
  std::string s = m_p->actions[ai].id;
  if (card >= 0 && static_cast<std::size_t>(card) < m_p->cards.size()) s += " " + m_p->cards[static_cast<std::size_t>(card)].id;
  return s;
}

std::string DescribedState::toString() const {
  const Program& p = *m_p;
  std::ostringstream out;
  out << "turn " << m_turnCount << ", player " << m_current + 1 << ", phase " << p.phases[static_cast<std::size_t>(m_phase)].id
      << (m_terminal ? " (over)" : "") << "\n";
  if (m_choice && m_choice->amount >= 0)
    out << "  choosing: " << p.amountChoices[static_cast<std::size_t>(m_choice->amount)].id << ", player "
        << m_choice->chooser + 1 << ", " << m_choice->offered.size() << " numbers offered\n";
  else if (m_choice)
    out << "  choosing: " << p.choices[static_cast<std::size_t>(m_choice->choice)].id << ", player "
        << m_choice->chooser + 1 << ", " << m_choice->left << " left\n";
  if (m_scriptError) out << "  script error: " << *m_scriptError << "\n";
  for (std::size_t i = 0; i < p.counters.size(); ++i) {
    out << "  " << p.counters[i].id << ":";
    for (int s = 0; s < (p.counters[i].perPlayer ? m_players : 1); ++s) out << " " << counter(static_cast<int>(i), s);
    out << "\n";
  }
  if (p.board.present) out << boardToString();
  for (std::size_t z = 0; z < p.zones.size(); ++z) {
    out << "  " << p.zones[z].id << ":";
    for (int s = 0; s < (p.zones[z].perPlayer ? m_players : 1); ++s) out << " " << zone(static_cast<int>(z), s).size();
    out << " cards\n";
  }
  return out.str();
}

int DescribedState::scriptIndex(std::string_view name) const {
  for (std::size_t i = 0; i < m_p->scripts.size(); ++i)
    if (m_p->scripts[i].id == name) return static_cast<int>(i);
  return -1;
}

sim::Action DescribedState::scriptedAction(int script) const {
  if (script < 0 || static_cast<std::size_t>(script) >= m_p->scripts.size() || m_terminal) return -1;
  std::vector<sim::Action> legalNow;
  legalActions(legalNow);
  const auto actions = static_cast<sim::Action>(m_p->actions.size());
  for (const md::ScriptRule& rule : m_p->scripts[static_cast<std::size_t>(script)].rules) {
    if (!holds(rule.condition, actor(), -1)) continue;
    sim::Action best = -1;
    double bestValue = 0;
    for (sim::Action a : legalNow) {
      if (isBoardAction(a)) {
        if (decodeBoardAction(a).action != rule.action) continue;
        if (best < 0) best = a;  // a board action's first target (the rules' `prefer` reads cards)
        continue;
      }
      const int card = static_cast<int>(a % kActionStride) - 1;
      if (m_choice) {
        // A choice's moves (listChoice): its picks, or its move that stops early.
        const int choice = static_cast<int>(a / kActionStride - actions);
        if (std::find(rule.choices.begin(), rule.choices.end(), choice) == rule.choices.end()) continue;
        if ((card < 0) != rule.done) continue;
      } else if (m_stackPhase >= 0 && a == passAction()) {
        if (!rule.pass) continue;
      } else if (withoutDie(a) / kActionStride != rule.action) {
        continue;
      }
      const double v = rule.prefer >= 0 && card >= 0 ? eval(rule.prefer, actor(), card) : 0.0;
      if (best < 0 || v > bestValue) {
        best = a;
        bestValue = v;
      }
    }
    if (best >= 0) return best;
  }
  return -1;
}

}  // namespace wb::rulesets::described

namespace wb::rulesets::described {

// The conditions of the deal that everyone sees (`balance run --conditions`):
// each seat's counters where the setup left them apart (a faction's head
// start, a handicap), and the dearest card of each shared zone every player
// sees (the market row a game opens with). Hidden zones are not conditions a
// player could act on, and the features stay few: one per such zone and
// counter.
void DescribedState::setupFeatures(std::vector<sim::SetupFeature>& out) const {
  out.clear();
  const Program& p = *m_p;
  for (std::size_t i = 0; i < p.counters.size(); ++i) {
    const md::Counter& c = p.counters[i];
    if (!c.perPlayer) continue;
    bool apart = false;
    for (int s = 0; s < m_players; ++s) apart = apart || counter(static_cast<int>(i), s) != c.initial;
    if (!apart) continue;
    for (int s = 0; s < m_players; ++s)
      out.push_back({c.id + " of Seat " + std::to_string(s + 1), std::to_string(counter(static_cast<int>(i), s))});
  }
  for (std::size_t z = 0; z < p.zones.size(); ++z) {
    const md::Zone& zone = p.zones[z];
    if (zone.perPlayer || zone.visibility != md::Visibility::Everyone) continue;
    const auto& pile = this->zone(static_cast<int>(z), 0);
    if (pile.empty()) continue;
    int dearest = pile.front();
    for (int card : pile)
      if (p.cards[static_cast<std::size_t>(card)].props[0] > p.cards[static_cast<std::size_t>(dearest)].props[0])
        dearest = card;
    out.push_back({zone.id + ": dearest card", p.cards[static_cast<std::size_t>(dearest)].id});
  }
}

}  // namespace wb::rulesets::described
