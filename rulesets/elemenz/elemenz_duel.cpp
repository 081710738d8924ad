// ElemenZ, the 2-player game (rules "Game Setup (2 player)" to "Winning the
// Game"): Fire+Earth against Water+Air, 3+3 dice from the central pool, a rolled
// Zee leaves the hand for the turn, combos usable after any roll, pair combos
// take dice from the pool, drains send the opponent's dice back, monolith
// combos lock a die of the right colour showing its own symbol.
#include <algorithm>

#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz {

namespace {
bool isFree(const TurnDie& d) { return !(d.flags & (kDieAside | kDieUnrolled | kDiePending | kDieUsed)); }
}  // namespace

void ElemenzState::setUpDuel(const std::vector<int>& factionOfSeat, sim::Rng& rng) {
  const ElemenzRules& R = *m_rules;
  const int nf = static_cast<int>(R.factionElement.size());
  auto factionAt = [&](int s) {
    const int f = s < static_cast<int>(factionOfSeat.size()) ? factionOfSeat[static_cast<std::size_t>(s)] : s;
    return f >= 0 && f < nf ? f : s % nf;
  };
  const int e0 = R.factionElement[static_cast<std::size_t>(factionAt(0))];
  int e1 = R.factionElement[static_cast<std::size_t>(factionAt(1))];
  const int side0 = R.sideOf[static_cast<std::size_t>(e0)];
  if (R.sideOf[static_cast<std::size_t>(e1)] == side0) {
    // Both seats were dealt one side: the second seat plays the other side's shaman
    // in the same place of its pair.
    const int pos = R.sideElements[static_cast<std::size_t>(side0)][0] == e1 ? 0 : 1;
    e1 = R.sideElements[static_cast<std::size_t>(1 - side0)][static_cast<std::size_t>(pos)];
  }
  const std::array<int, 2> elements = {e0, e1};
  for (int c = 0; c < kElements; ++c) m_pool[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(R.dicePerShaman);
  for (int s = 0; s < 2; ++s) {
    PlayerState& ps = m_p[static_cast<std::size_t>(s)];
    ps.shaman = static_cast<std::int8_t>(elements[static_cast<std::size_t>(s)]);
    ps.side = static_cast<std::int8_t>(R.sideOf[static_cast<std::size_t>(ps.shaman)]);
    counterLog().add(s, R.sideCounter[static_cast<std::size_t>(ps.side)]);
    // "each player draws 3 dice of each of their corresponding colours"; the harder
    // game's "only 4 dice of one of their colours" is each player's choice, made at
    // the start of the first turn (chooseColour).
    if (R.duelVariant != DuelVariant::Harder)
      for (int m = 0; m < 2; ++m) {
        const int colour = R.sideElements[static_cast<std::size_t>(ps.side)][static_cast<std::size_t>(m)];
        const int n = std::min<int>(R.duelDicePerColour, m_pool[static_cast<std::size_t>(colour)]);
        m_pool[static_cast<std::size_t>(colour)] = static_cast<std::uint8_t>(m_pool[static_cast<std::size_t>(colour)] - n);
        ps.hand[static_cast<std::size_t>(colour)] = static_cast<std::uint8_t>(n);
        ps.dice = static_cast<std::int8_t>(ps.dice + n);
      }
    ps.totemGone = true;  // assumed (duel_rule duel_no_totems): the 2-player setup has no totems
  }
  m_colourChooser = R.duelVariant == DuelVariant::Harder ? 0 : -1;
  startTurn(0, rng);
}

// Harder game: the player choosing (seat 0, then seat 1) takes duel_harder_dice dice
// of `colour` from the pool; then the first player rolls.
void ElemenzState::chooseColour(int colour, sim::Rng& rng) {
  PlayerState& ps = m_p[static_cast<std::size_t>(m_colourChooser)];
  const int n = std::min<int>(m_rules->duelHarderDice, m_pool[static_cast<std::size_t>(colour)]);
  m_pool[static_cast<std::size_t>(colour)] = static_cast<std::uint8_t>(m_pool[static_cast<std::size_t>(colour)] - n);
  ps.hand[static_cast<std::size_t>(colour)] = static_cast<std::uint8_t>(ps.hand[static_cast<std::size_t>(colour)] + n);
  ps.dice = static_cast<std::int8_t>(ps.dice + n);
  if (++m_colourChooser < 2) {
    m_actor = m_colourChooser;
    return;
  }
  m_colourChooser = -1;
  rollDuelHand(m_active, rng);
}

int ElemenzState::duelMinCombo(int p) const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  int best = 99;
  for (int c : m_rules->sideBoard[static_cast<std::size_t>(ps.side)]) {
    const Combo& cb = m_rules->combos[static_cast<std::size_t>(c)];
    if (cb.kind == ComboKind::Monolith && ((ps.locked >> c) & 1U)) continue;
    best = std::min(best, cb.spaces);
  }
  return best;
}

void ElemenzState::startDuelTurn(int p, sim::Rng& rng) {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  // "The winner is ... the opponent does not have enough energy dice to complete
  // further combos": checked before the starved player's turn starts (assumed,
  // duel_rule duel_starvation: fewer dice in hand than the smallest open combo).
  if (m_colourChooser < 0 && ps.dice < duelMinCombo(p)) {
    counterLog().add(1 - p, kCounterDuelWinStarved);
    finish(1 - p);
    return;
  }
  resetTurn(p);
  if (m_colourChooser >= 0) {
    m_stage = Stage::ColourChoice;
    m_actor = m_colourChooser;
    return;
  }
  rollDuelHand(p, rng);
}

void ElemenzState::rollDuelHand(int p, sim::Rng& rng) {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  for (int c = 0; c < kElements; ++c)
    for (int k = 0; k < ps.hand[static_cast<std::size_t>(c)] && !m_dice.full(); ++k)
      m_dice.push_back(TurnDie{static_cast<std::uint8_t>(c), 0, kDieUnrolled});
  beginPending(0, RollKind::Main);
  rollPending(rng);
}

// "When rolled, any dice that show wild symbols are temporarily removed from the
// Shaman player's hand" (the easier variant keeps them as anchored jokers).
void ElemenzState::afterDuelRoll() {
  if (m_rules->duelVariant == DuelVariant::Easier) return;
  for (TurnDie& d : m_dice)
    if (isFree(d) && d.face == kZee) d.flags |= kDieAside;
}

// A combo of the 2-player board: for a monolith combo one die of the lock colour
// must show its own symbol ("correct symbol on the correct coloured dice"); the
// other spaces take natural dice, then (easier variant) anchored Zee.
bool ElemenzState::planDuel(int combo, FillPlan& plan, int& lockDie) const {
  const Combo& c = m_rules->combos[static_cast<std::size_t>(combo)];
  plan.dice.clear();
  plan.slots.clear();
  lockDie = -1;
  std::array<bool, kMaxTurnDice> taken{};
  Counts need = c.need;
  if (c.kind == ComboKind::Monolith) {
    for (int i = 0; i < m_dice.count() && lockDie < 0; ++i) {
      const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
      if (isFree(d) && d.colour == c.lockElement && d.face == c.lockElement) lockDie = i;
    }
    if (lockDie < 0) return false;
    taken[static_cast<std::size_t>(lockDie)] = true;
    plan.dice.push_back(static_cast<std::uint8_t>(lockDie));
    --need[static_cast<std::size_t>(c.lockElement)];
  }
  std::array<int, kElements> shortfall{};
  for (int e = 0; e < kElements; ++e) {
    int n = need[static_cast<std::size_t>(e)];
    // Prefer dice of the other colour for non-lock spaces (keeps lock dice for later).
    for (int pass = 0; pass < 2; ++pass)
      for (int i = 0; i < m_dice.count() && n > 0; ++i) {
        const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
        if (!isFree(d) || d.face != e || taken[static_cast<std::size_t>(i)] || (pass == 0) == (d.colour == e)) continue;
        taken[static_cast<std::size_t>(i)] = true;
        plan.dice.push_back(static_cast<std::uint8_t>(i));
        --n;
      }
    shortfall[static_cast<std::size_t>(e)] = n;
  }
  const bool wild = m_rules->duelVariant == DuelVariant::Easier;
  for (int e = 0; e < kElements; ++e) {
    int n = shortfall[static_cast<std::size_t>(e)];
    if (n > 0 && wild && anchored(e)) {
      for (int i = 0; i < m_dice.count() && n > 0; ++i) {
        const TurnDie& d = m_dice[static_cast<std::size_t>(i)];
        if (isFree(d) && d.face == kZee && !taken[static_cast<std::size_t>(i)]) {
          taken[static_cast<std::size_t>(i)] = true;
          plan.dice.push_back(static_cast<std::uint8_t>(i));
          --n;
        }
      }
    }
    if (n > 0) return false;
  }
  return true;
}

bool ElemenzState::fillDuelCheck(int combo) const {
  FillPlan plan;
  int lock = -1;
  return planDuel(combo, plan, lock);
}

void ElemenzState::completeDuel(int combo, int target, sim::Rng& rng) {
  const ElemenzRules& R = *m_rules;
  const Combo& c = R.combos[static_cast<std::size_t>(combo)];
  PlayerState& ps = m_p[static_cast<std::size_t>(m_active)];
  FillPlan plan;
  int lock = -1;
  if (!planDuel(combo, plan, lock)) return;
  for (std::uint8_t i : plan.dice) m_dice[i].flags |= kDieUsed;  // "dice used for a combo must remain in place"
  m_doneCombos |= std::uint64_t{1} << combo;
  counterLog().add(m_active, c.counter);
  log().add(m_active, c.entity, sim::EntityUse::Played);
  if (c.kind == ComboKind::Monolith && lock >= 0) {
    // The locked die leaves the hand for good.
    --ps.hand[static_cast<std::size_t>(c.lockElement)];
    --ps.dice;
    m_dice[static_cast<std::size_t>(lock)].flags |= kDieAside;
    ps.locked |= std::uint64_t{1} << combo;
    counterLog().add(m_active, kCounterDiceLocked);
    bool all = true;
    for (int k : R.sideBoard[static_cast<std::size_t>(ps.side)])
      if (R.combos[static_cast<std::size_t>(k)].kind == ComboKind::Monolith && !((ps.locked >> k) & 1U)) all = false;
    if (all) {
      counterLog().add(m_active, kCounterDuelWinMonolith);
      finish(m_active);
      return;
    }
  }
  for (const ComboEffect& e : c.effects) {
    if (e.op == EffectOp::TakeDie && e.element >= 0 && m_pool[static_cast<std::size_t>(e.element)] > 0 && !m_dice.full()) {
      --m_pool[static_cast<std::size_t>(e.element)];
      ++ps.hand[static_cast<std::size_t>(e.element)];
      ++ps.dice;
      // "this new dice can be used immediately as part of the players hand" (with the next roll).
      m_dice.push_back(TurnDie{static_cast<std::uint8_t>(e.element), 0,
                               static_cast<std::uint8_t>(rollingOpen() ? kDieUnrolled : kDieAside)});
    } else if (e.op == EffectOp::Lose || e.op == EffectOp::Strike) {
      pushHit(m_active, target, EffectOp::Lose, std::max(1, e.amount), combo);
    }
  }
  if (!m_hits.empty()) processHits(rng);
}

void ElemenzState::endDuelTurn() {
  // Dice on combos and Zee set aside return to the hand (the hand counts never changed).
  m_dice.clear();
  m_hits.clear();
}

}  // namespace wb::rulesets::elemenz
