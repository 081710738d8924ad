// The card-dice heuristic (State::heuristic): material(p) - material(opponent) - waste(p)
// [+ waste(opponent)] + press(p), a pending stack judged by its outcome; the lead term, the
// shields' reach and the waste counts. The terms and their reasons: card_dice_heuristic.h.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <vector>

#include "rulesets/card_dice/card_dice_heuristic.h"

namespace wb::rulesets::card_dice {

using namespace heuristic_terms;

double CardDiceState::press(int p) const {
  // Press a won position: with kLeadRatio times the opponent's effective health E', the lead
  // kPress h0 ln(E / (kLeadRatio E')) counts, so each point of damage that reaches the
  // opponent (or drains its Militia's counted gold) is worth kPress h0 / E' more. E is p's
  // effective health when its turn began (leadBase), so no heal of p's counts as pressing.
  // Only in p's own judgement (heuristic(p) adds press(p), never subtracts press(opponent)):
  // the player behind does not heal all the more for the leader's term, which stalls a game.
  const double h0 = std::max(1, m_rules->startingHealth);
  const double base = m_players[static_cast<std::size_t>(p)].leadBase;
  if (base <= 0) return 0;
  return kPress * h0 * std::max(0.0, std::log(base / effectiveHealth(1 - p)) - std::log(kLeadRatio));
}

double CardDiceState::effectiveHealth(int p) const {
  // Paid Militia turns gold into blocked damage, one point per `per` gold ("Shield any amount
  // of damage by paying one gold per unit of damage"). The lead reads the player's own
  // effective health as its turn began (leadBase), so gold gained within a turn is no lead.
  const PlayerState& s = m_players[static_cast<std::size_t>(p)];
  double e = std::max(1, s.health);
  for (std::uint8_t c : s.passives)
    for (const EffectDef& f : m_rules->cards[c].effects)
      if (f.op == Op::PaidShield) return e + static_cast<double>(std::max(0, s.gold)) / std::max(1, effectAmount(p, f));
  return e;
}

bool CardDiceState::leads(int p) const { return effectiveHealth(p) >= kLeadRatio * effectiveHealth(1 - p); }

double CardDiceState::damageReach(int p, int card) const {
  // The opponent's element and combo shields subtract from each matching damage instance
  // (card_dice_effects.cpp, dealDamage); Paid Militia is gold, counted by the lead term.
  const PlayerState& o = m_players[static_cast<std::size_t>(1 - p)];
  double total = 0, through = 0;
  for (const EffectDef& e : m_rules->cards[static_cast<std::size_t>(card)].effects) {
    if (e.op != Op::Damage || e.target == Target::Self) continue;
    const int a = effectAmount(p, e);
    int left = a;
    for (std::uint8_t c : o.passives)
      for (const EffectDef& f : m_rules->cards[c].effects)
        if ((f.op == Op::Shield && (f.againstMask & e.diceMask)) || (f.op == Op::ComboShield && e.combo))
          left = std::max(0, left - effectAmount(1 - p, f));
    total += a;
    through += left;
  }
  return total > 0 ? through / total : 0.0;
}

double CardDiceState::waste(int p) const {
  const PlayerState& s = m_players[p];
  // An integer sum: exactly the double sum it replaces (the counts are small integers);
  // usually all zero, which one pass of ORs tells.
  static_assert(sizeof s.unmatchedBuffs == 17, "two words and a byte");
  std::uint64_t w0, w1;
  std::memcpy(&w0, s.unmatchedBuffs.data(), 8);
  std::memcpy(&w1, s.unmatchedBuffs.data() + 8, 8);
  const std::uint64_t any = w0 | w1 | s.unmatchedBuffs[16];
  int pending = 0;
  if (any != 0)
    for (std::uint8_t u : s.unmatchedBuffs) pending += u;
  return kDiscardWaste * s.discardedWithinLimit + kBuffWaste * s.buffsWasted + kBuffPending * pending +
         kLeaderDamageWaste * s.damageDiscardedLeading;
}

double CardDiceState::opponentWaste(int p) const {
  // Not for the turn player once its turn has seen a move: greedy's choices stay as they were.
  if (p == m_turnPlayer && m_turnActions > 0) return 0;
  return waste(1 - p);
}

void CardDiceState::heuristics(std::vector<double>& out) const {
  // heuristic() of both players, each material computed once (the planner's `lead` and MCTS).
  out.resize(2);
  if (isTerminal()) {
    for (int p = 0; p < 2; ++p) out[static_cast<std::size_t>(p)] = State::heuristic(p);
    return;
  }
  if (m_phase != Phase::Main) {
    for (int p = 0; p < 2; ++p) out[static_cast<std::size_t>(p)] = heuristic(p);
    return;
  }
  const double m0 = material(0), m1 = material(1);
  const double w0 = waste(0), w1 = waste(1);  // opponentWaste(p) is waste(1 - p) or 0
  const bool turnMoved = m_turnActions > 0;
  out[0] = m0 - m1 - w0 + (m_turnPlayer == 0 && turnMoved ? 0.0 : w1) + press(0);
  out[1] = m1 - m0 - w1 + (m_turnPlayer == 1 && turnMoved ? 0.0 : w0) + press(1);
}

namespace {
// heuristic()'s scratch for resolving a pending stack, per thread (heuristic() is
// asked for every action greedy values, and a stack is pending after most cards
// played): a state assigned into (a fresh copy clears every pile first), a
// generator copied from one seeded for the same seed (seeding a Mersenne
// twister is 312 dependent multiplications; greedy values all the actions of a
// decision at one history size, so at one seed) and the moves' vector. The same
// state, numbers and moves as a fresh copy, a fresh generator and a fresh vector.
struct PendingScratch {
  std::unique_ptr<CardDiceState> copy;
  std::vector<sim::Action> moves;
  sim::Rng& rng(std::uint64_t seed) {
    if (!m_seeded || m_seed != seed) {
      m_fresh.seed(seed);
      m_seed = seed;
      m_seeded = true;
    }
    m_rng = m_fresh;
    return m_rng;
  }

 private:
  bool m_seeded = false;
  std::uint64_t m_seed = 0;
  sim::Rng m_fresh, m_rng;  // seeded with m_seed, never drawn from; the one handed out
};

PendingScratch& pendingScratch() {
  thread_local PendingScratch scratch;
  return scratch;
}
}  // namespace

double CardDiceState::heuristic(int player) const {
  if (isTerminal()) return State::heuristic(player);
  if (m_phase == Phase::Response || m_phase == Phase::RerollChoice ||
      m_phase == Phase::RecycleChoice || m_phase == Phase::TutorChoice ||
      m_phase == Phase::MilitiaChoice || m_phase == Phase::Window || m_phase == Phase::DiscardChoice ||
      m_phase == Phase::OrderChoice) {
    // Judge a pending stack by its outcome: resolve a copy with every player passing.
    // The copy, the generator and the moves are this thread's scratch (pendingScratch).
    PendingScratch& scratch = pendingScratch();
    if (scratch.copy) *scratch.copy = *this;
    else scratch.copy = std::make_unique<CardDiceState>(*this);
    CardDiceState& copy = *scratch.copy;
    sim::Rng& rng = scratch.rng(0x5eedULL + static_cast<std::uint64_t>(historySize()));
    std::vector<sim::Action>& moves = scratch.moves;
    for (int guard = 0; guard < 64 && copy.m_phase != Phase::Main && !copy.isTerminal(); ++guard) {
      if (copy.m_phase == Phase::Auction) break;
      copy.legalActions(moves);
      copy.doApplyAction(moves.front(), rng);  // Pass / KeepDie / RecycleDone / first Tutor / Block all / first card
    }
    if (copy.isTerminal()) return copy.State::heuristic(player);
    return copy.material(player) - copy.material(1 - player) - copy.waste(player) + copy.opponentWaste(player) +
           copy.press(player);
  }
  return material(player) - material(1 - player) - waste(player) + opponentWaste(player) + press(player);
}

}  // namespace wb::rulesets::card_dice
