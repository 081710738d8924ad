// The moves of the card-dice engine (doApplyAction) and the response stack: announcing an
// action, the responses and the window after them, resolving it, and where a played card
// goes. The card effects themselves are in card_dice_effects.cpp. Rules quoted from seed
// file 004; interpretations are marked "Assumed".
#include <algorithm>

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
      if (m_rules->cards[d.card].kind == CardKind::Action && static_cast<int>(s.hand.size()) <= handLimit(p)) {
        count(p, Counter::ActionDiscardedUnderLimit);
        ++s.discardedWithinLimit;
      }
      // A damage card the shields let through, discarded in a turn without a damage play:
      // the player did not press (counter cap_leader_discards_damage; while it leads, also
      // leader_discards_damage, which the heuristic charges as waste).
      if (m_rules->cards[d.card].dealsDamage && !s.pressedThisTurn && damageReach(p, d.card) > 0) {
        s.lastDamageDiscardTurn = m_turn;
        if (leads(p)) {
          count(p, Counter::LeaderDiscardsDamage);
          ++s.damageDiscardedLeading;
        }
      }
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
      count(p, Counter::BidOpened);
      m_auctionShop = d.die;
      m_auctionSlot = d.card;
      m_auctionLevel = 1;
      m_auctionHighIsBidder = true;
      const int cost = m_rules->cards[m_shops[d.die].display[d.card]].cost;
      if (m_players[1 - p].gold >= nextBidLevel() * cost) {
        count(p, Counter::BidContested);
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
      count(p, Counter::BidRaised);
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
  if (owner == m_turnPlayer && m_rules->cards[static_cast<std::size_t>(card)].dealsDamage)
    m_players[static_cast<std::size_t>(owner)].pressedThisTurn = true;
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
    putPlayed(item.owner, item.card);
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

void CardDiceState::putPlayed(int p, std::uint8_t card) {
  // Assumed (played_cards): the rules do not say where a played card goes. Like other deck
  // builders: it lies in play until the turn ends, then goes to the discard pile.
  PlayerState& s = m_players[p];
  (m_rules->playedToDiscardAtOnce ? s.discard : s.inPlay).push_back(card);
}

void CardDiceState::finishCard(sim::Rng& rng) {
  putPlayed(m_resumeOwner, static_cast<std::uint8_t>(m_resumeCard));
  m_resumeCard = -1;
  continueResolution(rng);
}

}  // namespace wb::rulesets::card_dice
