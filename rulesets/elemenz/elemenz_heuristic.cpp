// The ElemenZ heuristic: what a shaman values in the coming turns, in energy dice.
//
// 3-4 players: value(p) = S(p) - (1 / (N - 1)) * sum over the others of S(q), with
//   S(q) = 0 for an eliminated shaman, else
//        dice in hand (every die is energy: it rolls, fills combos and must be drained)
//      + 2 for being in the game (an eliminated shaman no longer attacks: finishing one
//        off is worth more than its last die)
//      + pulse tokens (own by kind: Restore 0.8, Totemic Buff 0.5, element 0.4, Winds of
//        Change 0.35, Wild Pulse 0.3; another's face-down tokens 0.4 each) and 0.3 for a
//        totem still standing (it can be re-energised)
//      + 0.45 per defence die (SHIELD, Earth's free die, starting bonus; at most 3) scaled
//        by the opponents still attacking: the drains it will stop before the next turn
//      + a waiting ward 0.4; a waiting forced re-roll 0.1 per turn of another still to
//        come before the owner's next turn (at most 2; it expires unused), 0.4 per avatar
//      + for the shaman whose turn it is, the rest of the turn (TurnValue): the best plan
//        of combos the dice showing complete, or before a roll max over plans of value x
//        P(plan | holds) from the dice lab's exact solver, times the chance of no surge.
//        Another shaman's turn that has only just begun (its first roll showing, no
//        decision taken yet) is valued before that roll (TurnValue::openingValue):
//        the player judging it did not choose that roll, and a look-ahead that ends
//        there (the planner's finished plan, greedy's end of turn) would otherwise
//        compare its plans by one sampled roll of the next shaman.
//   A terminal position is +100 / -100 (win / loss).
// 2 players: value(p) = S(p) - S(opponent) with S = dice in hand + 1.5 more for each of
//   the first four (they decide whether any combo can be made) + 3 per lock-in combo
//   filled - 6 when the hand is smaller than the smallest combo still usable (the
//   starvation loss; - 1.5 when one drain away from it), + the rest of the turn for
//   the active shaman (the opponent's just-begun turn valued before its roll, as above).
#include <algorithm>
#include <array>

#include "rulesets/elemenz/elemenz_state.h"
#include "rulesets/elemenz/elemenz_turn_value.h"

namespace wb::rulesets::elemenz {

namespace {

// S(q) as `observer` sees it, without the turn term (strength() adds it last).
double baseStrength(const ElemenzState& s, int q, int observer) {
  const PlayerState& qs = s.player(q);
  if (!qs.alive) return 0.0;
  const ElemenzRules& R = s.rules();
  const ValueWeights w;
  if (s.duel()) {
    int locked = 0;
    for (int c : R.sideBoard[static_cast<std::size_t>(qs.side)]) locked += (qs.locked >> c) & 1U;
    const int need = s.duelMinCombo(q);
    const double hand = qs.dice + 1.5 * std::min<int>(qs.dice, 4);  // the first dice decide whether combos are possible at all
    const double danger = qs.dice < need ? ValueWeights::kStarved : qs.dice == need ? 0.25 * ValueWeights::kStarved : 0.0;
    return hand + ValueWeights::kLock * locked - danger;
  }
  double v = qs.dice + ValueWeights::kAlive;
  if (q == observer) {
    for (std::uint8_t t : qs.totem) v += w.tokenValue(R, t);
  } else {
    v += qs.totem.count() * ValueWeights::kToken;  // face down: their kinds are not known
  }
  if (!qs.totemGone) v += ValueWeights::kTotem;
  v += ValueWeights::kDefence * std::min(s.defence(q), 3) * s.opponentsAlive(q) / 3.0;
  for (std::uint8_t c : qs.armed) v += ValueWeights::armedValue(s, q, c);
  v += ValueWeights::kAvatar * qs.avatars.count();
  return v;
}

double strength(const ElemenzState& s, int q, int observer, double turn) {
  if (!s.player(q).alive) return 0.0;
  return baseStrength(s, q, observer) + turn;
}

}  // namespace

double ElemenzState::heuristic(int player) const {
  if (m_stage == Stage::Over) return m_winner == player ? 100.0 : -100.0;
  const TurnValue tv(*this);
  const bool othersTurnJustBegun = m_active != player && m_turnActions == 0;
  const double turn = othersTurnJustBegun ? tv.openingValue() : tv.value();
  const double mine = strength(*this, player, player, player == m_active ? turn : 0.0);
  double others = 0;
  for (int q = 0; q < m_players; ++q)
    if (q != player) others += strength(*this, q, player, q == m_active ? turn : 0.0);
  return mine - others / std::max(1, m_players - 1);
}

// Every player's heuristic(p) at once, the same numbers: the turn term (TurnValue,
// most of the cost) is computed once, not once per player, and each shaman's S(q)
// once as its own observer and once as the others see it.
void ElemenzState::heuristics(std::vector<double>& out) const {
  out.resize(static_cast<std::size_t>(m_players));
  if (m_stage == Stage::Over) {
    for (int p = 0; p < m_players; ++p) out[static_cast<std::size_t>(p)] = m_winner == p ? 100.0 : -100.0;
    return;
  }
  const TurnValue tv(*this);
  double turnValue = 0.0, opening = 0.0;
  bool haveValue = false, haveOpening = false;
  std::array<double, kMaxPlayers> own{}, seen{};
  for (int q = 0; q < m_players; ++q) {
    own[static_cast<std::size_t>(q)] = baseStrength(*this, q, q);
    seen[static_cast<std::size_t>(q)] = baseStrength(*this, q, q == 0 ? 1 : 0);
  }
  // strength(q, observer, turn) with S(q) already known.
  auto withTurn = [&](int q, double base, double turn) { return player(q).alive ? base + turn : 0.0; };
  for (int p = 0; p < m_players; ++p) {
    const bool othersTurnJustBegun = m_active != p && m_turnActions == 0;
    double turn = 0.0;
    if (othersTurnJustBegun) {
      if (!haveOpening) opening = tv.openingValue(), haveOpening = true;
      turn = opening;
    } else {
      if (!haveValue) turnValue = tv.value(), haveValue = true;
      turn = turnValue;
    }
    const double mine = withTurn(p, own[static_cast<std::size_t>(p)], p == m_active ? turn : 0.0);
    double others = 0;
    for (int q = 0; q < m_players; ++q)
      if (q != p) others += withTurn(q, seen[static_cast<std::size_t>(q)], q == m_active ? turn : 0.0);
    out[static_cast<std::size_t>(p)] = mine - others / std::max(1, m_players - 1);
  }
}

}  // namespace wb::rulesets::elemenz
