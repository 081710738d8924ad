// Moves and card effects of the card-dice engine: playing actions and blessings,
// the response stack, auctions, and every op of the schema. Rules quoted from
// seed file 004; interpretations are marked "Assumed".
#include <algorithm>
#include <cmath>

#include "rulesets/card_dice/card_dice_state.h"

namespace wb::rulesets::card_dice {

namespace {

void shuffleInto(Pile& pile, sim::Rng& rng) {
  for (std::size_t i = pile.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(i)));
    std::swap(pile[i - 1], pile[j]);
  }
}

}  // namespace

void CardDiceState::fillVars(int p, double* vars) const {
  std::copy(m_rules->baseVars.begin(), m_rules->baseVars.end(), vars);
  for (int d = 0; d < m_rules->numDice(); ++d) vars[d] = m_dice[d];
  vars[kSlotMyGold] = m_players[p].gold;
  vars[kSlotMyHealth] = m_players[p].health;
  vars[kSlotOpponentGold] = m_players[1 - p].gold;
  vars[kSlotOpponentHealth] = m_players[1 - p].health;
}

int CardDiceState::effectAmount(int p, const EffectDef& e) const {
  if (!e.hasAmount) return 0;
  double vars[kMaxSlots];
  fillVars(p, vars);
  return amountFrom(p, e, vars);
}

int CardDiceState::amountFrom(int p, const EffectDef& e, const double* vars, bool buffed) const {
  if (!e.hasAmount) return 0;
  double v = e.amount.evaluate(vars);
  if (!buffed) {
    const double up = std::ceil(v - 1e-9);
    return up > 0 ? static_cast<int>(std::min(up, static_cast<double>(kMaxAmount))) : 0;
  }
  // Buffs: "Double the strength of all your <element> effects for the rest of this turn";
  // Purism: "... all your non-combo effects". Assumed: buffs multiply, and non-combo
  // means an amount using dice without multiplying two different ones.
  const PlayerState& s = m_players[p];
  for (int d = 0; d < m_rules->numDice(); ++d)
    if (e.diceMask & (1u << d)) v *= s.buff[d];
  if (e.diceMask != 0 && !e.combo) v *= s.nonComboBuff;
  // Rule: "All fractional number amounts are always rounded up before execution."
  const double up = std::ceil(v - 1e-9);
  return up > 0 ? static_cast<int>(std::min(up, static_cast<double>(kMaxAmount))) : 0;
}

void CardDiceState::rollDie(int d, sim::Rng& rng) {
  const DieDef& die = m_rules->dice[d];
  const double r = sim::uniformReal(rng) * die.cumulative.back();
  std::size_t k = 0;
  while (k + 1 < die.values.size() && die.cumulative[k] <= r) ++k;
  m_dice[d] = static_cast<std::int8_t>(die.values[k]);
}

void CardDiceState::checkEnd() {
  // Rule: "The player whose health reaches zero first loses and the other wins."
  if (m_players[0].health <= 0 || m_players[1].health <= 0) {
    m_phase = Phase::Over;
    settleBuffs();
  }
}

void CardDiceState::noteAmountUsed(int p, const EffectDef& e) {
  if (!e.hasAmount || e.diceMask == 0) return;
  PlayerState& s = m_players[p];
  for (int d = 0; d < m_rules->numDice(); ++d)
    if (e.diceMask & (1u << d)) s.unmatchedBuffs[static_cast<std::size_t>(d)] = 0;
  if (!e.combo) s.unmatchedBuffs[kMaxDice] = 0;
}

void CardDiceState::settleBuffs() {
  for (int p = 0; p < 2; ++p) {
    for (std::uint8_t& n : m_players[p].unmatchedBuffs) {
      if (n > 0) counterLog().add(p, static_cast<int>(Counter::BuffUnmatched), n);
      n = 0;
    }
  }
}

void CardDiceState::doApplyAction(sim::Action a, sim::Rng& rng) {
  const DecodedAction d = decodeAction(a);
  const int p = currentPlayer();
  PlayerState& s = m_players[p];
  const auto card8 = static_cast<std::uint8_t>(d.card);
  if (++m_turnActions == m_rules->maxActionsPerTurn) count(m_turnPlayer, Counter::TurnActionCap);
  switch (d.kind) {
    case ActionKind::EndTurn: endTurn(rng); return;
    case ActionKind::GainGold:
      s.usedGold = true;
      s.gold += m_rules->freeGoldPerTurn;
      return;
    case ActionKind::DrawCard: {
      s.usedDraw = true;
      for (int k = 0; k < m_rules->freeDrawsPerTurn && drawCard(p, rng); ++k) {}
      return;
    }
    case ActionKind::Discard:
      if (m_rules->cards[d.card].kind == CardKind::Action && static_cast<int>(s.hand.size()) <= handLimit(p))
        count(p, Counter::ActionDiscardedUnderLimit);
      s.hand.eraseValue(card8);
      forgetHandCard(p, card8);
      s.discard.push_back(card8);
      return;
    case ActionKind::ExecuteAction:
      // Rule: "Playing an action consists of either executing it or placing it face down".
      s.hand.eraseValue(card8);
      forgetHandCard(p, card8);
      --s.actionsLeft;
      log().add(p, d.card, sim::EntityUse::Played);
      announce(p, d.card, d.die, d.arg, false, rng);
      return;
    case ActionKind::PlaceFaceDown:
      s.hand.eraseValue(card8);
      forgetHandCard(p, card8);
      --s.actionsLeft;
      s.faceDown.push_back(card8);
      if (!s.placedThisTurn.full()) s.placedThisTurn.push_back(card8);
      return;
    case ActionKind::PlayFaceDown:
    case ActionKind::RespondFaceDown:
    case ActionKind::RespondHand: {
      const bool faceDown = d.kind != ActionKind::RespondHand;
      const int cost = responseCost(p, d.card, faceDown);
      if (faceDown && cost < m_rules->cards[d.card].cost)
        for (std::uint8_t c : s.passives)
          for (const EffectDef& e : m_rules->cards[c].effects)
            if (e.op == Op::FreeFaceDown) log().add(p, c, sim::EntityUse::Triggered);
      (faceDown ? s.faceDown : s.hand).eraseValue(card8);
      if (faceDown) forgetFaceDownCard(p, card8);
      else forgetHandCard(p, card8);
      s.gold -= cost;
      log().add(p, d.card, sim::EntityUse::Played);
      announce(p, d.card, d.die, d.arg, m_phase == Phase::Response, rng);
      return;
    }
    case ActionKind::PlayBlessing:
      s.hand.eraseValue(card8);
      forgetHandCard(p, card8);
      log().add(p, d.card, sim::EntityUse::Played);
      // Truly Blessed: "Draw a card each time you play a blessing".
      for (std::uint8_t c : s.passives)
        for (const EffectDef& e : m_rules->cards[c].effects)
          if (e.op == Op::DrawOnBlessing) {
            log().add(p, c, sim::EntityUse::Triggered);
            for (int k = effectAmount(p, e); k > 0 && drawCard(p, rng); --k) {}
          }
      runCard(p, d.card, 0, 0, 0, rng);
      return;
    case ActionKind::Bid: {
      // Rule: "Bidding for a card consists of a player announcing their interest in buying a
      // card from one of the shops for its stated cost."
      --s.bidsLeft;
      m_auctionShop = d.die;
      m_auctionSlot = d.card;
      m_auctionLevel = 1;
      m_auctionHighIsBidder = true;
      const int cost = m_rules->cards[m_shops[d.die].display[d.card]].cost;
      if (m_players[1 - p].gold >= nextBidLevel() * cost) {
        m_phase = Phase::Auction;
        m_auctionOpen = true;
        m_actor = 1 - p;
      } else {
        finishAuction(p);
      }
      return;
    }
    case ActionKind::Raise: {
      // Rule: "This bidding in multiples of the stated cost continues until either the
      // opponent doesn't outbid or the player doesn't match."
      const int cost = m_rules->cards[m_shops[m_auctionShop].display[m_auctionSlot]].cost;
      if (m_auctionHighIsBidder) {
        m_auctionLevel = nextBidLevel();
        m_auctionHighIsBidder = false;
        m_actor = m_turnPlayer;
        // The bidder may still play actions (gold) before matching: the auction stays open
        // while they have a move besides stopping.
        if (m_players[m_turnPlayer].gold < m_auctionLevel * cost) {
          std::vector<sim::Action> moves;
          legalActions(moves);
          if (moves.size() <= 1) finishAuction(1 - m_turnPlayer);
        }
      } else {
        m_auctionHighIsBidder = true;
        m_actor = 1 - m_turnPlayer;
        if (m_players[m_actor].gold < nextBidLevel() * cost) finishAuction(m_turnPlayer);
      }
      return;
    }
    case ActionKind::Yield:
      finishAuction(m_auctionHighIsBidder ? m_turnPlayer : 1 - m_turnPlayer);
      return;
    case ActionKind::Pass:
      if (m_phase == Phase::Window) {
        m_stack.back().window = false;  // the responder may answer again, then it resolves
        continueResolution(rng);
        return;
      }
      resolveTop(rng);
      return;
    case ActionKind::ChooseDiscard:
      discardForced(p, m_choiceFaceDown, card8);
      if (--m_choiceLeft > 0 && !(m_choiceFaceDown ? s.faceDown : s.hand).empty()) return;
      runCard(m_resumeOwner, m_resumeCard, m_resumeDie, m_resumeArg, m_resumeEffect, rng);
      return;
    case ActionKind::PutNext:
      m_ordering.eraseValue(card8);
      m_ordered.push_back(card8);
      if (m_ordering.size() > 1) return;
      finishOrdering();
      runCard(m_resumeOwner, m_resumeCard, m_resumeDie, m_resumeArg, m_resumeEffect, rng);
      return;
    case ActionKind::RerollAgain:
      rollDie(m_choiceDie, rng);
      if (--m_choiceLeft > 0) return;
      runCard(m_resumeOwner, m_resumeCard, m_resumeDie, m_resumeArg, m_resumeEffect, rng);
      return;
    case ActionKind::Recycle: {
      // Recycling: "Remove up to k cards from your hand and return them to the card store."
      // Assumed: the card is shuffled into the shop deck of its tier.
      s.hand.eraseValue(card8);
      forgetHandCard(p, card8);
      Pile& deck = m_shops[m_rules->cards[d.card].cheap ? 0 : 1].deck;
      deck.push_back(card8);
      const std::size_t j = static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(deck.size())));
      std::swap(deck[j], deck.back());
      if (--m_choiceLeft > 0 && !s.hand.empty()) return;
      runCard(m_resumeOwner, m_resumeCard, m_resumeDie, m_resumeArg, m_resumeEffect, rng);
      return;
    }
    case ActionKind::Tutor:
      // Magnetic Hands: "Move a chosen card from your deck to your hand and then shuffle".
      if (s.deck.eraseValue(card8)) s.hand.push_back(card8);
      shuffleInto(s.deck, rng);
      deckShuffled(p);
      runCard(m_resumeOwner, m_resumeCard, m_resumeDie, m_resumeArg, m_resumeEffect, rng);
      return;
    case ActionKind::Block: {
      const int affordable = std::min(m_pendingDamage, s.gold / m_pendingPer);
      finishMilitia(std::clamp(d.card + 256 * d.die, 0, affordable));
      const int followUp = m_pendingFollowUp;
      m_phase = Phase::Main;
      if (followUp >= 0 && m_firstDead < 0) {
        const int dealer = m_pendingDealer;
        const EffectDef& e = m_rules->cards[m_resumeCard].effects[m_resumeEffect - 1];
        if (!dealDamage(dealer, 1 - dealer, followUp, e, false)) return;
      }
      checkEnd();
      if (m_phase == Phase::Over) return;
      runCard(m_resumeOwner, m_resumeCard, m_resumeDie, m_resumeArg, m_resumeEffect, rng);
      return;
    }
    case ActionKind::KeepDie:
    case ActionKind::RecycleDone:
      runCard(m_resumeOwner, m_resumeCard, m_resumeDie, m_resumeArg, m_resumeEffect, rng);
      return;
  }
}

void CardDiceState::announce(int owner, int card, int die, int arg, bool response, sim::Rng& rng) {
  StackItem item;
  item.response = response;
  item.card = static_cast<std::uint8_t>(card);
  item.owner = static_cast<std::int8_t>(owner);
  item.die = static_cast<std::uint8_t>(die);
  item.arg = static_cast<std::int8_t>(arg);
  m_stack.push_back(item);
  continueResolution(rng);
}

void CardDiceState::continueResolution(sim::Rng& rng) {
  if (m_phase == Phase::Over) return;
  if (m_stack.empty()) {
    // An auction during which the bidder played an action goes on.
    m_phase = m_auctionOpen ? Phase::Auction : Phase::Main;
    if (m_auctionOpen) m_actor = m_turnPlayer;
    return;
  }
  // Rule: "A player may respond to their opponent's action ...; the response is executed
  // before the action that triggered it. ... In the case of actions, the player may respond
  // to them as well." Assumed: after a response resolves, the responder may answer the
  // original action again (with another card) or pass.
  const StackItem& top = m_stack.back();
  // Rule: "The opponent is then allowed to play further actions and/or blessings before
  // executing the original action that triggered the response."
  if (top.window && !top.cancelled && windowHasPlays(top.owner)) {
    m_phase = Phase::Window;
    m_actor = top.owner;
    return;
  }
  const int responder = 1 - top.owner;
  if (!top.cancelled && canRespond(responder)) {
    m_phase = Phase::Response;
    m_actor = responder;
    return;
  }
  resolveTop(rng);
}

void CardDiceState::resolveTop(sim::Rng& rng) {
  const StackItem item = m_stack.back();
  m_stack.pop_back();
  if (item.response && !m_stack.empty()) m_stack.back().window = true;
  if (item.cancelled) {
    m_players[item.owner].discard.push_back(item.card);
    continueResolution(rng);
    return;
  }
  runCard(item.owner, item.card, item.die, item.arg, 0, rng);
}

void CardDiceState::runCard(int owner, int card, int die, int arg, int fromEffect, sim::Rng& rng) {
  m_phase = Phase::Main;
  m_resumeCard = card;
  m_resumeOwner = owner;
  m_resumeDie = die;
  m_resumeArg = arg;
  const std::vector<EffectDef>& effects = m_rules->cards[card].effects;
  for (int i = fromEffect; i < static_cast<int>(effects.size()); ++i) {
    const bool done = applyEffect(owner, card, i, die, arg, rng);
    if (m_phase == Phase::Over) return;
    if (!done) {
      m_resumeEffect = i + 1;  // a choice phase is open; the card continues afterwards
      return;
    }
  }
  finishCard(rng);
}

void CardDiceState::finishCard(sim::Rng& rng) {
  // Assumed: played actions and blessings go to their owner's discard pile.
  m_players[m_resumeOwner].discard.push_back(static_cast<std::uint8_t>(m_resumeCard));
  m_resumeCard = -1;
  continueResolution(rng);
}

bool CardDiceState::applyEffect(int owner, int card, int index, int die, int arg, sim::Rng& rng) {
  const EffectDef& e = m_rules->cards[card].effects[index];
  const int opp = 1 - owner;
  PlayerState& me = m_players[owner];
  const int n = effectAmount(owner, e);
  noteAmountUsed(owner, e);
  switch (e.op) {
    case Op::Damage:
      // Heavy Rain etc. hurt their owner first; the end is checked once both are hit, so both
      // reaching 0 together is a draw.
      if (!(e.target == Target::Opponent ? dealDamage(owner, opp, n, e, false)
                                         : dealDamage(owner, owner, n, e, e.target == Target::Both)))
        return false;
      checkEnd();
      return true;
    case Op::Heal:
      // Assumed: healing stops at max_health (the rules are silent; 0 = no limit).
      me.health = std::min(me.health + n, m_rules->maxHealth > 0 ? std::max(me.health, m_rules->maxHealth) : kMaxAmount);
      return true;
    case Op::GainGold: me.gold = std::min(me.gold + n, kMaxAmount); return true;
    case Op::Buff:
      me.buff[e.die] = std::min(me.buff[e.die] * static_cast<float>(n), static_cast<float>(kMaxAmount));
      count(owner, Counter::BuffPlayed);
      if (me.unmatchedBuffs[static_cast<std::size_t>(e.die)] < 255) ++me.unmatchedBuffs[static_cast<std::size_t>(e.die)];
      return true;
    case Op::BuffNonCombo:
      me.nonComboBuff = std::min(me.nonComboBuff * static_cast<float>(n), static_cast<float>(kMaxAmount));
      count(owner, Counter::BuffPlayed);
      if (me.unmatchedBuffs[kMaxDice] < 255) ++me.unmatchedBuffs[kMaxDice];
      return true;
    case Op::RerollDie:
      rollDie(die, rng);
      if (n > 1) {  // "Reroll a die up to k times": the owner may roll again
        m_phase = Phase::RerollChoice;
        m_actor = owner;
        m_choiceLeft = n - 1;
        m_choiceDie = die;
        return false;
      }
      return true;
    case Op::ChangeDie: {
      const DieDef& dd = m_rules->dice[die];
      m_dice[die] = static_cast<std::int8_t>(std::clamp(m_dice[die] + arg, dd.min, dd.max));
      return true;
    }
    case Op::FlipDie: {
      // Perspective Shift: "Flip a die over" -- a d6 shows 7 minus its value.
      const DieDef& dd = m_rules->dice[die];
      m_dice[die] = static_cast<std::int8_t>(dd.min + dd.max - m_dice[die]);
      return true;
    }
    case Op::SwapDice: std::swap(m_dice[die], m_dice[arg]); return true;
    case Op::Draw:
      // Truly Blessed: "you may no longer draw cards from active effects" (Assumed: actions).
      if (m_rules->cards[card].kind == CardKind::Action && hasPassive(owner, Op::BlockEffectDraws)) return true;
      for (int k = 0; k < n && drawCard(owner, rng); ++k) {}
      return true;
    case Op::Look:
      // The information blessings: what they show, the player knows (determinize keeps it).
      switch (e.lookAt) {
        case LookAt::OpponentHand:
          me.knownOppHand.clear();
          for (std::uint8_t c : m_players[opp].hand)
            if (!me.knownOppHand.full()) me.knownOppHand.push_back(c);
          break;
        case LookAt::OpponentFaceDown:
          me.knownOppFaceDown.clear();
          for (std::uint8_t c : m_players[opp].faceDown)
            if (!me.knownOppFaceDown.full()) me.knownOppFaceDown.push_back(c);
          break;
        case LookAt::OwnDeck:
          me.knownOwnTop = std::max(me.knownOwnTop, std::min(n, static_cast<int>(me.deck.size())));
          break;
        case LookAt::OpponentDeck:
          me.knownOppTop = std::max(me.knownOppTop, std::min(n, static_cast<int>(m_players[opp].deck.size())));
          break;
      }
      return true;
    case Op::ReorderDeck: {
      // Impatience / Sabotage: "Look at and reorder the top k cards" -- the player sees them
      // and chooses the order (OrderChoice), one card at a time from the top.
      const int whose = e.target == Target::Self ? owner : opp;
      Pile& deck = m_players[whose].deck;
      const int k = std::min(n, static_cast<int>(deck.size()));
      m_orderOwner = whose;
      m_ordering.clear();
      m_ordered.clear();
      for (int i = 0; i < k; ++i) {
        m_ordering.push_back(deck.back());  // top first
        deck.pop_back();
      }
      if (m_ordering.size() <= 1) {
        finishOrdering();
        return true;
      }
      m_phase = Phase::OrderChoice;
      m_actor = owner;
      return false;
    }
    case Op::Tutor:
      if (me.deck.empty()) return true;
      m_phase = Phase::TutorChoice;
      m_actor = owner;
      return false;
    case Op::TakeBought:
      // Express Shipping: "Move a card you just bought to your hand."
      if (me.lastBought >= 0 && me.discard.eraseValue(static_cast<std::uint8_t>(me.lastBought))) {
        me.hand.push_back(static_cast<std::uint8_t>(me.lastBought));
        me.lastBought = -1;
      }
      return true;
    case Op::DiscardOpponentHand: return forcedDiscard(opp, false, n);
    case Op::DiscardOpponentFaceDown: return forcedDiscard(opp, true, n);
    case Op::Veto:
      // Veto: "Cancel an action of your opponent." -- the action it responded to.
      if (!m_stack.empty()) m_stack.back().cancelled = true;
      return true;
    case Op::ExtraActions: me.actionsLeft += n; return true;
    case Op::Recycle:
      if (n <= 0 || me.hand.empty()) return true;
      m_phase = Phase::RecycleChoice;
      m_actor = owner;
      m_choiceLeft = n;
      return false;
    default: return true;  // passive ops act elsewhere
  }
}

bool CardDiceState::dealDamage(int dealer, int victim, int amount, const EffectDef& e, bool thenOpponent) {
  PlayerState& v = m_players[victim];
  int remaining = amount;
  // Shields (passive): "Shield <amount> against <element> damage"; Magical Barrier: "against
  // combo damage". Assumed: each subtracts from each matching instance, never below 0.
  for (std::uint8_t c : v.passives)
    for (const EffectDef& f : m_rules->cards[c].effects) {
      const bool matches = (f.op == Op::Shield && (f.againstMask & e.diceMask)) ||
                           (f.op == Op::ComboShield && e.combo);
      if (!matches || remaining <= 0) continue;
      const int s = effectAmount(victim, f);
      noteAmountUsed(victim, f);
      if (s <= 0) continue;
      remaining = std::max(0, remaining - s);
      log().add(victim, c, sim::EntityUse::Triggered);
    }
  m_pendingDealer = dealer;
  m_pendingVictim = victim;
  m_pendingDamage = remaining;
  m_pendingFollowUp = thenOpponent ? amount : -1;
  // Paid Militia: "Shield any amount of damage by paying one gold per unit of damage." The
  // victim decides how much (a choice, after the other shields).
  if (remaining > 0)
    for (std::uint8_t c : v.passives)
      for (const EffectDef& f : m_rules->cards[c].effects) {
        if (f.op != Op::PaidShield) continue;
        const int per = std::max(1, effectAmount(victim, f));
        if (v.gold < per) continue;
        m_pendingPer = per;
        m_pendingMilitia = c;
        m_phase = Phase::MilitiaChoice;
        m_actor = victim;
        return false;
      }
  finishMilitia(0);
  // Rule: "The player whose health reaches zero first loses": a caster at 0 from its own
  // Heavy Rain has lost before the opponent is hit.
  return m_pendingFollowUp < 0 || m_firstDead >= 0 || dealDamage(dealer, 1 - dealer, m_pendingFollowUp, e, false);
}

void CardDiceState::finishMilitia(int blocked) {
  PlayerState& v = m_players[m_pendingVictim];
  if (blocked > 0) {
    v.gold -= blocked * m_pendingPer;
    log().add(m_pendingVictim, m_pendingMilitia, sim::EntityUse::Triggered);
  }
  const int dealt = m_pendingDamage - blocked;
  v.health -= dealt;
  if (v.health <= 0 && m_firstDead < 0) m_firstDead = m_pendingVictim;
  // Rule: "A player dealing damage (to their opponent or themselves) receives gold equal to
  // the damage dealt."
  m_players[m_pendingDealer].gold = std::min(m_players[m_pendingDealer].gold + dealt, kMaxAmount);
}

}  // namespace wb::rulesets::card_dice
