// Turn structure, legal moves, shops and auctions of the card-dice engine.
// Rules quoted from seed file 004; interpretations are marked "Assumed".
#include "rulesets/card_dice/card_dice_state.h"

#include <algorithm>

namespace wb::rulesets::card_dice {

namespace {

void shuffle(Pile& pile, sim::Rng& rng) {
  for (std::size_t i = pile.size(); i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(sim::uniformInt(rng, static_cast<int>(i)));
    std::swap(pile[i - 1], pile[j]);
  }
}

// Distinct card indices seen so far in a loop (a 256-bit set on the stack).
struct SeenCards {
  std::array<std::uint64_t, 4> bits{};
  bool insert(int c) {
    const std::uint64_t m = 1ULL << (c & 63);
    if (bits[c >> 6] & m) return false;
    bits[c >> 6] |= m;
    return true;
  }
};

}  // namespace

CardDiceState::CardDiceState(std::shared_ptr<const CardDiceRules> rules) : m_rules(std::move(rules)) {}

void CardDiceState::setUp(sim::Rng& rng) {
  const CardDiceRules& r = *m_rules;
  log().reset(2, static_cast<int>(r.cards.size()));
  counterLog().reset(2, kCounterCount);
  // Rule: "Seven dice are rolled at the start of the game."
  for (int d = 0; d < r.numDice(); ++d) rollDie(d, rng);
  // Rule: "Players start with 100 health, 6 gold, 5 Basic Income cards in their deck and
  // no cards in their hand."
  for (PlayerState& p : m_players) {
    p.health = r.startingHealth;
    p.gold = r.startingGold;
    for (int k = 0; k < r.startingCards; ++k) p.deck.push_back(static_cast<std::uint8_t>(r.startingCard));
    shuffle(p.deck, rng);
  }
  // Rule: "All other cards are shuffled into two decks: cheap (costing 3 or 7 gold) and
  // expensive (costing 12 or 18 gold). Four cards are dealt from each deck."
  for (std::size_t c = 0; c < r.cards.size(); ++c) {
    int copies = r.cards[c].count;
    if (static_cast<int>(c) == r.startingCard) copies -= 2 * r.startingCards;
    for (int k = 0; k < copies; ++k)
      m_shops[r.cards[c].cheap ? 0 : 1].deck.push_back(static_cast<std::uint8_t>(c));
  }
  for (Shop& s : m_shops) {
    shuffle(s.deck, rng);
    refillShop(s, rng);
  }
  m_turn = 0;
  startTurn(0);
}

int CardDiceState::currentPlayer() const {
  if (m_phase == Phase::Over) return sim::kTerminalPlayer;
  return m_phase == Phase::Main ? m_turnPlayer : m_actor;
}

std::vector<double> CardDiceState::returns() const {
  if (m_phase != Phase::Over) return {0.0, 0.0};
  const bool dead0 = m_players[0].health <= 0;
  const bool dead1 = m_players[1].health <= 0;
  // Rule: "The player whose health reaches zero first loses and the other wins."
  // Assumed: both reaching zero by the same effect is a draw.
  if (dead0 && dead1) return {0.5, 0.5};
  return dead0 ? std::vector<double>{0.0, 1.0} : std::vector<double>{1.0, 0.0};
}

std::unique_ptr<sim::State> CardDiceState::clone() const { return std::make_unique<CardDiceState>(*this); }

void CardDiceState::startTurn(int p) {
  m_turnPlayer = p;
  m_turnActions = 0;
  PlayerState& s = m_players[p];
  s.actionsLeft = m_rules->actionsPerTurn;
  s.bidsLeft = m_rules->bidsPerTurn;
  s.usedGold = false;
  s.usedDraw = false;
  s.lastBought = -1;
  // Buffs last "for the rest of this turn".
  for (PlayerState& q : m_players) {
    q.buff.fill(1.0f);
    q.nonComboBuff = 1.0f;
  }
  m_phase = Phase::Main;
}

void CardDiceState::endTurn(sim::Rng& rng) {
  const PlayerState& me = m_players[m_turnPlayer];
  if (m_rules->freeDrawsPerTurn > 0 && (me.usedDraw || !me.deck.empty() || !me.discard.empty())) {
    count(m_turnPlayer, Counter::TurnDrawAvailable);
    if (!me.usedDraw) count(m_turnPlayer, Counter::TurnDrawSkipped);
  }
  settleBuffs();
  // Big Handed counts as triggered when the turn ends with more cards than the base limit.
  if (static_cast<int>(m_players[m_turnPlayer].hand.size()) > m_rules->handLimit)
    for (std::uint8_t c : m_players[m_turnPlayer].passives)
      for (const EffectDef& e : m_rules->cards[c].effects)
        if (e.op == Op::HandLimit) log().add(m_turnPlayer, c, sim::EntityUse::Triggered);
  // Rule: "At the end of a player's turn, the oldest card in each of the two card shops is
  // removed. Then both shops are refilled back to four cards ... The removed cards are set aside."
  for (Shop& s : m_shops) {
    if (!s.display.empty()) {
      s.setAside.push_back(s.display[0]);
      s.display.erase(0);
    }
    refillShop(s, rng);
  }
  ++m_turn;
  startTurn(1 - m_turnPlayer);
}

void CardDiceState::refillShop(Shop& s, sim::Rng& rng) {
  while (s.display.size() < static_cast<std::size_t>(m_rules->shopSize)) {
    if (s.deck.empty()) {
      // Rule: "When a shop's deck is empty but a card must be drawn from it, the pile of
      // removed cards is shuffled and added to the shop's deck." (Assumed: one pile per shop.)
      if (s.setAside.empty()) return;
      for (std::uint8_t c : s.setAside) s.deck.push_back(c);
      s.setAside.clear();
      shuffle(s.deck, rng);
    }
    s.display.push_back(s.deck.back());
    s.deck.pop_back();
  }
}

bool CardDiceState::drawCard(int p, sim::Rng& rng) {
  PlayerState& s = m_players[p];
  if (s.deck.empty()) {
    // Rule: "When a player must draw but their deck is empty, their discard pile is shuffled
    // and then added to their deck."
    if (s.discard.empty()) return false;
    for (std::uint8_t c : s.discard) s.deck.push_back(c);
    s.discard.clear();
    shuffle(s.deck, rng);
  }
  s.hand.push_back(s.deck.back());
  s.deck.pop_back();
  return true;
}

int CardDiceState::handLimit(int p) const {
  // Rule: "The player must end their turn with at most 5 cards in their hand." (+ Big Handed)
  int limit = m_rules->handLimit;
  for (std::uint8_t c : m_players[p].passives)
    for (const EffectDef& e : m_rules->cards[c].effects)
      if (e.op == Op::HandLimit) limit += effectAmount(p, e);
  return limit;
}

bool CardDiceState::hasPassive(int p, Op op) const {
  for (std::uint8_t c : m_players[p].passives)
    for (const EffectDef& e : m_rules->cards[c].effects)
      if (e.op == op) return true;
  return false;
}

int CardDiceState::responseCost(int p, int card, bool faceDown) const {
  // Rule: responding "requires paying the cost of the action"; Cheapskate: "Face down
  // actions no longer cost gold to play."
  if (faceDown && hasPassive(p, Op::FreeFaceDown)) return 0;
  return m_rules->cards[card].cost;
}

bool CardDiceState::canRespond(int p) const {
  if (m_stack.full()) return false;
  const PlayerState& s = m_players[p];
  for (std::uint8_t c : s.hand)
    if (m_rules->cards[c].canRespond && s.gold >= responseCost(p, c, false)) return true;
  for (std::uint8_t c : s.faceDown)
    if (m_rules->cards[c].canRespond && s.gold >= responseCost(p, c, true)) return true;
  return false;
}

void CardDiceState::addVariants(std::vector<sim::Action>& out, ActionKind kind, int p, int card) const {
  const CardDef& def = m_rules->cards[card];
  if (def.dieEffect < 0) {
    out.push_back(encodeAction(kind, card));
    return;
  }
  const EffectDef& e = def.effects[def.dieEffect];
  const int n = m_rules->numDice();
  for (int d = 0; d < n; ++d) {
    const DieDef& dd = m_rules->dice[d];
    const int v = m_dice[d];
    switch (e.op) {
      case Op::RerollDie:
        out.push_back(encodeAction(kind, card, d));
        break;
      case Op::ChangeDie: {
        // Rule: "Change the value of a die by up to k" (Assumed: staying within its faces).
        const int k = std::min(effectAmount(p, e), dd.max - dd.min);
        for (int delta = -k; delta <= k; ++delta)
          if (delta != 0 && v + delta >= dd.min && v + delta <= dd.max)
            out.push_back(encodeAction(kind, card, d, delta));
        break;
      }
      case Op::FlipDie:
        if (dd.min + dd.max - v != v) out.push_back(encodeAction(kind, card, d));
        break;
      case Op::SwapDice:
        for (int d2 = d + 1; d2 < n; ++d2)
          if (m_dice[d2] != v) out.push_back(encodeAction(kind, card, d, d2));
        break;
      default: break;
    }
  }
}

void CardDiceState::legalActions(std::vector<sim::Action>& out) const {
  out.clear();
  const CardDiceRules& r = *m_rules;
  switch (m_phase) {
    case Phase::Over: return;
    case Phase::Main: {
      const int p = m_turnPlayer;
      const PlayerState& s = m_players[p];
      if (turnClosing()) {
        // Assumed (max_actions_per_turn): the turn ends; discarding down to the hand limit first.
        if (static_cast<int>(s.hand.size()) <= handLimit(p)) {
          out.push_back(encodeAction(ActionKind::EndTurn));
        } else {
          SeenCards seen;
          for (std::uint8_t c : s.hand)
            if (seen.insert(c)) out.push_back(encodeAction(ActionKind::Discard, c));
        }
        return;
      }
      // Rule: "On each turn a player may do the following in any order: gain one gold, draw
      // one card, discard any number of cards, play one action, play any number of blessings
      // and/or bid for one card."
      if (static_cast<int>(s.hand.size()) <= handLimit(p)) out.push_back(encodeAction(ActionKind::EndTurn));
      if (!s.usedGold && r.freeGoldPerTurn > 0) out.push_back(encodeAction(ActionKind::GainGold));
      if (!s.usedDraw && (!s.deck.empty() || !s.discard.empty())) out.push_back(encodeAction(ActionKind::DrawCard));
      SeenCards seen;
      for (std::uint8_t c : s.hand) {
        if (!seen.insert(c)) continue;
        out.push_back(encodeAction(ActionKind::Discard, c));
        const CardDef& def = r.cards[c];
        if (def.kind == CardKind::Blessing) {
          out.push_back(encodeAction(ActionKind::PlayBlessing, c));
        } else if (def.kind == CardKind::Action && s.actionsLeft > 0) {
          // Veto only makes sense against an action: it is kept for responses.
          if (!def.veto) addVariants(out, ActionKind::ExecuteAction, p, c);
          out.push_back(encodeAction(ActionKind::PlaceFaceDown, c));
        }
      }
      // Rule: "Executing it later isn't counted towards that turn's action limit but requires
      // paying its cost."
      SeenCards seenDown;
      for (std::uint8_t c : s.faceDown)
        if (seenDown.insert(c) && !r.cards[c].veto && s.gold >= responseCost(p, c, true))
          addVariants(out, ActionKind::PlayFaceDown, p, c);
      if (s.bidsLeft > 0)
        for (int t = 0; t < 2; ++t)
          for (std::size_t k = 0; k < m_shops[t].display.size(); ++k)
            if (s.gold >= r.cards[m_shops[t].display[k]].cost)
              out.push_back(encodeAction(ActionKind::Bid, static_cast<int>(k), t));
      return;
    }
    case Phase::Response: {
      const PlayerState& s = m_players[m_actor];
      out.push_back(encodeAction(ActionKind::Pass));
      if (turnClosing()) return;
      SeenCards seen, seenDown;
      for (std::uint8_t c : s.hand)
        if (seen.insert(c) && r.cards[c].canRespond && s.gold >= responseCost(m_actor, c, false))
          addVariants(out, ActionKind::RespondHand, m_actor, c);
      for (std::uint8_t c : s.faceDown)
        if (seenDown.insert(c) && r.cards[c].canRespond && s.gold >= responseCost(m_actor, c, true))
          addVariants(out, ActionKind::RespondFaceDown, m_actor, c);
      return;
    }
    case Phase::Auction: {
      // Rule: "their opponent may outbid them to two times that. The player may then match
      // their opponent's bid." The opponent raises by one multiple; the bidder matches.
      out.push_back(encodeAction(ActionKind::Yield));
      if (turnClosing()) return;
      const int cost = r.cards[m_shops[m_auctionShop].display[m_auctionSlot]].cost;
      const int needed = (m_auctionHighIsBidder ? m_auctionLevel + 1 : m_auctionLevel) * cost;
      if (m_players[m_actor].gold >= needed) out.push_back(encodeAction(ActionKind::Raise));
      return;
    }
    case Phase::RerollChoice:
      out.push_back(encodeAction(ActionKind::KeepDie));
      if (!turnClosing()) out.push_back(encodeAction(ActionKind::RerollAgain));
      return;
    case Phase::RecycleChoice: {
      out.push_back(encodeAction(ActionKind::RecycleDone));
      if (turnClosing()) return;
      SeenCards seen;
      for (std::uint8_t c : m_players[m_actor].hand)
        if (seen.insert(c)) out.push_back(encodeAction(ActionKind::Recycle, c));
      return;
    }
    case Phase::MilitiaChoice: {
      // Paid Militia: "Shield any amount of damage by paying one gold per unit of damage."
      // Offered: everything the victim can pay for, nothing, or just enough to survive.
      const int affordable = std::min(m_pendingDamage, m_players[m_actor].gold / m_pendingPer);
      const int survive = m_pendingDamage - m_players[m_actor].health + 1;
      out.push_back(encodeAction(ActionKind::Block, 1));
      out.push_back(encodeAction(ActionKind::Block, 0));
      if (survive > 0 && survive < affordable) out.push_back(encodeAction(ActionKind::Block, 2));
      return;
    }
    case Phase::TutorChoice: {
      SeenCards seen;
      for (std::uint8_t c : m_players[m_actor].deck)
        if (seen.insert(c)) out.push_back(encodeAction(ActionKind::Tutor, c));
      if (out.empty()) out.push_back(encodeAction(ActionKind::RecycleDone));
      return;
    }
  }
}

void CardDiceState::finishAuction(int winner) {
  // Rule: "Its winner gets the card. If it is a passive card, it is immediately activated for
  // the rest of the game. Otherwise, it is added to the player's discard pile."
  Shop& shop = m_shops[m_auctionShop];
  const int card = shop.display[m_auctionSlot];
  shop.display.erase(m_auctionSlot);
  PlayerState& w = m_players[winner];
  w.gold -= m_auctionLevel * m_rules->cards[card].cost;
  log().add(winner, card, sim::EntityUse::Acquired);
  if (m_rules->cards[card].kind == CardKind::Passive) {
    w.passives.push_back(static_cast<std::uint8_t>(card));
  } else {
    w.discard.push_back(static_cast<std::uint8_t>(card));
    w.lastBought = card;
  }
  m_phase = Phase::Main;
}

}  // namespace wb::rulesets::card_dice
