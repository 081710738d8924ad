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

void CardDiceState::setUp(sim::Rng& rng, const std::vector<sim::Grant>& grants) {
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
  // Nobody has left a turn's draw or gold unused before the first turn.
  for (PlayerState& p : m_players) p.usedDraw = p.usedGold = true;
  // Granted cards are there from the start: a granted Always Lucky ("Draw an additional card
  // each turn") draws in the first turn too.
  applyGrants(grants);
  startTurn(0, rng);
}

int CardDiceState::currentPlayer() const {
  if (m_phase == Phase::Over) return sim::kTerminalPlayer;
  return m_phase == Phase::Main ? m_turnPlayer : m_actor;
}

std::vector<double> CardDiceState::returns() const {
  if (m_phase != Phase::Over) return {0.0, 0.0};
  const bool dead0 = m_players[0].health <= 0;
  const bool dead1 = m_players[1].health <= 0;
  // Rule: "The player whose health reaches zero first loses and the other wins." Damage to
  // both players (Heavy Rain) hits its caster first, so a mutual kill is the caster's loss.
  if (m_firstDead >= 0) return m_firstDead == 0 ? std::vector<double>{0.0, 1.0} : std::vector<double>{1.0, 0.0};
  if (dead0 && dead1) return {0.5, 0.5};  // only reachable through the test API
  return dead0 ? std::vector<double>{0.0, 1.0} : std::vector<double>{1.0, 0.0};
}

std::unique_ptr<sim::State> CardDiceState::clone() const { return std::make_unique<CardDiceState>(*this); }

void CardDiceState::startTurn(int p, sim::Rng& rng) {
  m_turnPlayer = p;
  noteTurnStarted(p);
  m_turnActions = 0;
  PlayerState& s = m_players[p];
  s.actionsLeft = m_rules->actionsPerTurn;
  s.actionsGranted = 0;
  s.bidsLeft = m_rules->bidsPerTurn;
  s.usedGold = false;
  s.usedDraw = false;
  s.lastBought = -1;
  s.discardedWithinLimit = 0;
  s.buffsWasted = 0;
  s.damageDiscardedLeading = 0;
  s.pressedThisTurn = false;
  s.leadBase = effectiveHealth(p);
  s.unspentFor.clear();
  // Buffs last "for the rest of this turn".
  for (PlayerState& q : m_players) {
    q.placedThisTurn.clear();
    q.buff.fill(1.0f);
    q.nonComboBuff = 1.0f;
  }
  m_phase = Phase::Main;
  // Always Lucky: "Draw an additional card each turn." -- every turn, whether or not the
  // player takes the turn's draw.
  for (std::uint8_t c : s.passives)
    for (const EffectDef& e : m_rules->cards[c].effects)
      if (e.op == Op::ExtraDraw) {
        log().add(p, c, sim::EntityUse::Triggered);
        for (int k = effectAmount(p, e); k > 0 && drawCard(p, rng); --k) {}
      }
}

void CardDiceState::endTurn(sim::Rng& rng) {
  PlayerState& me = m_players[m_turnPlayer];
  if (m_rules->freeDrawsPerTurn > 0 && (me.usedDraw || !me.deck.empty() || !me.discard.empty())) {
    count(m_turnPlayer, Counter::TurnDrawAvailable);
    if (!me.usedDraw) count(m_turnPlayer, Counter::TurnDrawSkipped);
  }
  // Blunder counter: the turn ends with its bid unused while the player's gold
  // pays for a buff or damage card on display -- a gold lead not turned into damage.
  if (me.bidsLeft > 0 && me.bidsLeft == m_rules->bidsPerTurn) convertibleCards(m_turnPlayer, me.unspentFor);
  if (!me.unspentFor.empty()) count(m_turnPlayer, Counter::TurnGoldUnconverted);
  // The causes of a game about to stop at the turn cap: the last turn max_turns
  // lets be played has ended with nobody dead.
  if (m_turn + 1 == m_rules->maxTurns) countCapCauses();
  settleBuffs();
  // Assumed (played_cards: turn_end): the cards played this turn, by either player, go to
  // their owners' discard piles.
  for (PlayerState& q : m_players) {
    for (std::uint8_t c : q.inPlay) q.discard.push_back(c);
    q.inPlay.clear();
  }
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
  startTurn(1 - m_turnPlayer, rng);
}

void CardDiceState::countCapCauses() {
  // One cause per game, in this order (card_dice_counters.h): a rich Paid Militia ("Shield
  // any amount of damage by paying one gold per unit of damage"), else health healed above
  // the start (no heal cap: max_health 0, assumed), else unexplained.
  bool militia = false;
  for (int p = 0; p < 2; ++p)
    if (m_players[p].gold >= m_rules->startingHealth && hasPassive(p, Op::PaidShield)) {
      count(p, Counter::CapMilitiaRich);
      militia = true;
    }
  if (militia) return;
  bool healed = false;
  for (int p = 0; p < 2; ++p)
    if (m_players[p].health > m_rules->startingHealth) {
      count(p, Counter::CapHealthAboveStart);
      healed = true;
    }
  if (!healed) count(m_turnPlayer, Counter::CapUnexplained);
  // Besides the cause: a leader that threw away damage it could deal in the last 100 turns
  // (50 of its own) stopped pressing; the stall is the player's.
  for (int p = 0; p < 2; ++p)
    if (leads(p) && m_players[p].lastDamageDiscardTurn >= 0 && m_turn - m_players[p].lastDamageDiscardTurn < 100)
      count(p, Counter::CapLeaderDiscardsDamage);
}

void CardDiceState::convertibleCards(int p, CardList<16>& out) const {
  out.clear();
  const int gold = m_players[p].gold;
  for (const Shop& shop : m_shops)
    for (std::uint8_t c : shop.display) {
      const CardDef& def = m_rules->cards[c];
      if ((def.buffs || def.dealsDamage) && gold >= def.cost && !out.full()) out.push_back(c);
    }
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
    deckShuffled(p);
  }
  s.hand.push_back(s.deck.back());
  s.deck.pop_back();
  deckTopDrawn(p);
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

bool CardDiceState::respondsTo(int p, int card, const StackItem& target) const {
  // Rule: "A player may respond to their opponent's action by playing an action which affects
  // (or may affect) its result". Assumed reading: Veto answers any action; a die change one
  // whose amounts read a die (or that changes a die); a heal an action that damages the
  // responder; a buff one that damages the responder when a shield of theirs uses the buffed
  // die; a gold gain one that damages the responder when they hold Paid Militia.
  const CardDef& c = m_rules->cards[card];
  const CardDef& t = m_rules->cards[target.card];
  if (!c.canRespond || target.owner == p) return false;
  if (c.veto) return true;
  if (c.dieEffect >= 0) return diceAffecting(target) != 0;
  if (!t.dealsDamage) return false;
  if (c.heals) return true;
  if (c.gainsGold && hasPassive(p, Op::PaidShield)) return true;
  if (c.buffs)
    for (const EffectDef& b : c.effects) {
      if (b.op != Op::Buff && b.op != Op::BuffNonCombo) continue;
      for (std::uint8_t q : m_players[p].passives)
        for (const EffectDef& f : m_rules->cards[q].effects) {
          if (f.op != Op::Shield && f.op != Op::ComboShield) continue;
          if (b.op == Op::Buff ? (f.diceMask >> b.die) & 1u : (f.diceMask != 0 && !f.combo)) return true;
        }
    }
  return false;
}

std::uint32_t CardDiceState::diceAffecting(const StackItem& target) const {
  // Rule: a response "affects (or may affect) its result", so a die-change response may only
  // move a die the answered action's result depends on. Assumed: that is a die its amounts
  // read, a die it changes itself, or the die of a shield that would reduce its damage.
  const CardDef& t = m_rules->cards[target.card];
  std::uint32_t mask = t.readsDice;
  if (t.dieEffect >= 0) {
    mask |= 1u << target.die;
    if (t.effects[t.dieEffect].op == Op::SwapDice) mask |= 1u << static_cast<unsigned>(target.arg);
  }
  for (const EffectDef& e : t.effects) {
    if (e.op != Op::Damage) continue;
    const int victim = 1 - target.owner;
    for (int v : {victim, static_cast<int>(target.owner)}) {
      if (v == target.owner && e.target != Target::Both) continue;
      if (v == victim && e.target == Target::Self) continue;
      for (std::uint8_t q : m_players[v].passives)
        for (const EffectDef& f : m_rules->cards[q].effects)
          if ((f.op == Op::Shield && (f.againstMask & e.diceMask)) || (f.op == Op::ComboShield && e.combo))
            mask |= f.diceMask;
    }
  }
  return mask;
}

bool CardDiceState::faceDownPlayable(int p, int card) const {
  // Rule: an action is placed face down "for a later turn".
  const PlayerState& s = m_players[p];
  const auto c = static_cast<std::uint8_t>(card);
  return s.faceDown.countOf(c) > s.placedThisTurn.countOf(c);
}

bool CardDiceState::canRespond(int p) const {
  if (m_stack.full() || m_stack.empty()) return false;
  const StackItem& target = m_stack.back();
  const PlayerState& s = m_players[p];
  for (std::uint8_t c : s.hand)
    if (s.gold >= responseCost(p, c, false) && respondsTo(p, c, target)) return true;
  for (std::uint8_t c : s.faceDown)
    if (s.gold >= responseCost(p, c, true) && faceDownPlayable(p, c) && respondsTo(p, c, target)) return true;
  return false;
}

bool CardDiceState::windowHasPlays(int p) const {
  // Rule: "The opponent is then allowed to play further actions and/or blessings before
  // executing the original action that triggered the response."
  if (m_stack.full()) return false;
  const PlayerState& s = m_players[p];
  for (std::uint8_t c : s.hand) {
    const CardDef& def = m_rules->cards[c];
    if (def.kind == CardKind::Blessing) return true;
    if (def.kind == CardKind::Action && !def.veto &&
        (p == m_turnPlayer ? s.actionsLeft > 0 : s.gold >= responseCost(p, c, false)))
      return true;
  }
  for (std::uint8_t c : s.faceDown)
    if (!m_rules->cards[c].veto && s.gold >= responseCost(p, c, true) && faceDownPlayable(p, c)) return true;
  return false;
}

void CardDiceState::addMilitiaChoices(std::vector<sim::Action>& out) const {
  // Paid Militia: "Shield any amount of damage by paying one gold per unit of damage." Every
  // amount from all the victim can pay for down to nothing (first: all, the engine's
  // default in heuristic look-ahead). Above 255 blockable points a grid of 256 amounts and
  // the amount that just survives stand for the rest.
  const int affordable = std::min({m_pendingDamage, m_players[m_actor].gold / m_pendingPer, 65535});
  const int survive = m_pendingDamage - m_players[m_actor].health + 1;
  auto add = [&](int amount) { out.push_back(encodeAction(ActionKind::Block, amount & 0xFF, amount >> 8)); };
  if (affordable <= 255) {
    for (int b = affordable; b >= 0; --b) add(b);
    return;
  }
  const int step = (affordable + 254) / 255;
  for (int b = affordable; b > 0; b -= step) add(b);
  add(0);
  if (survive > 0 && survive < affordable && survive % step != affordable % step) add(survive);
}

void CardDiceState::addVariants(std::vector<sim::Action>& out, ActionKind kind, int p, int card,
                                std::uint32_t dice) const {
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
    const bool allowed = (dice >> d) & 1u;
    if (!allowed && e.op != Op::SwapDice) continue;
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
          if (m_dice[d2] != v && (allowed || ((dice >> d2) & 1u))) out.push_back(encodeAction(kind, card, d, d2));
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
        if (seenDown.insert(c) && !r.cards[c].veto && s.gold >= responseCost(p, c, true) && faceDownPlayable(p, c))
          addVariants(out, ActionKind::PlayFaceDown, p, c);
      if (s.bidsLeft > 0) {
        const CardDef* const cards = r.cards.data();  // hot (every MCTS node): no reloads
        const int gold = s.gold;
        for (int t = 0; t < 2; ++t) {
          const auto& display = m_shops[t].display;
          const std::size_t shown = display.size();
          for (std::size_t k = 0; k < shown; ++k)
            if (gold >= cards[display[k]].cost) out.push_back(encodeAction(ActionKind::Bid, static_cast<int>(k), t));
        }
      }
      return;
    }
    case Phase::Response: {
      const PlayerState& s = m_players[m_actor];
      out.push_back(encodeAction(ActionKind::Pass));
      if (turnClosing()) return;
      const StackItem& target = m_stack.back();
      const std::uint32_t dice = diceAffecting(target);
      SeenCards seen, seenDown;
      for (std::uint8_t c : s.hand)
        if (seen.insert(c) && s.gold >= responseCost(m_actor, c, false) && respondsTo(m_actor, c, target))
          addVariants(out, ActionKind::RespondHand, m_actor, c, dice);
      for (std::uint8_t c : s.faceDown)
        if (seenDown.insert(c) && s.gold >= responseCost(m_actor, c, true) && faceDownPlayable(m_actor, c) &&
            respondsTo(m_actor, c, target))
          addVariants(out, ActionKind::RespondFaceDown, m_actor, c, dice);
      return;
    }
    case Phase::Window: {
      // Rule: after a response, "The opponent is then allowed to play further actions and/or
      // blessings before executing the original action". On their own turn an action from hand
      // uses the turn's action; otherwise it is paid like a response. Face-down ones are paid.
      const int p = m_actor;
      const PlayerState& s = m_players[p];
      out.push_back(encodeAction(ActionKind::Pass));
      if (turnClosing() || m_stack.full()) return;
      SeenCards seen, seenDown;
      for (std::uint8_t c : s.hand) {
        if (!seen.insert(c)) continue;
        const CardDef& def = r.cards[c];
        if (def.kind == CardKind::Blessing) out.push_back(encodeAction(ActionKind::PlayBlessing, c));
        else if (def.kind == CardKind::Action && !def.veto) {
          if (p == m_turnPlayer && s.actionsLeft > 0) addVariants(out, ActionKind::ExecuteAction, p, c);
          else if (p != m_turnPlayer && s.gold >= responseCost(p, c, false)) addVariants(out, ActionKind::RespondHand, p, c);
        }
      }
      for (std::uint8_t c : s.faceDown)
        if (seenDown.insert(c) && !r.cards[c].veto && s.gold >= responseCost(p, c, true) && faceDownPlayable(p, c))
          addVariants(out, ActionKind::PlayFaceDown, p, c);
      return;
    }
    case Phase::Auction: {
      // Rule: "their opponent may outbid them to two times that. The player may then match
      // their opponent's bid." The opponent raises by one multiple; the bidder matches.
      out.push_back(encodeAction(ActionKind::Yield));
      if (turnClosing()) return;
      const int cost = r.cards[m_shops[m_auctionShop].display[m_auctionSlot]].cost;
      const int needed = (m_auctionHighIsBidder ? nextBidLevel() : m_auctionLevel) * cost;
      if (m_players[m_actor].gold >= needed) out.push_back(encodeAction(ActionKind::Raise));
      // Rule: "The player is allowed to play actions during the auction" -- the bidder, when
      // it is theirs to match, from hand (the turn's action) or face down (paying the cost).
      if (m_actor == m_turnPlayer && !m_stack.full()) {
        const PlayerState& s = m_players[m_actor];
        SeenCards seen, seenDown;
        if (s.actionsLeft > 0)
          for (std::uint8_t c : s.hand)
            if (seen.insert(c) && r.cards[c].kind == CardKind::Action && !r.cards[c].veto)
              addVariants(out, ActionKind::ExecuteAction, m_actor, c);
        for (std::uint8_t c : s.faceDown)
          if (seenDown.insert(c) && !r.cards[c].veto && s.gold >= responseCost(m_actor, c, true) &&
              faceDownPlayable(m_actor, c))
            addVariants(out, ActionKind::PlayFaceDown, m_actor, c);
      }
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
    case Phase::MilitiaChoice: addMilitiaChoices(out); return;
    case Phase::DiscardChoice: {
      // Weak Hands / Faulty Table: "Your opponent must discard k cards" -- the opponent picks.
      const PlayerState& s = m_players[m_actor];
      SeenCards seen;
      for (std::uint8_t c : m_choiceFaceDown ? s.faceDown : s.hand)
        if (seen.insert(c)) out.push_back(encodeAction(ActionKind::ChooseDiscard, c));
      return;
    }
    case Phase::OrderChoice: {
      // Impatience / Sabotage: "Look at and reorder the top k cards": the player picks the
      // card to go next from the top, until one is left.
      SeenCards seen;
      for (std::uint8_t c : m_ordering)
        if (seen.insert(c)) out.push_back(encodeAction(ActionKind::PutNext, c));
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
  m_auctionOpen = false;
  m_phase = Phase::Main;
}

int CardDiceState::nextBidLevel() const {
  // Assumed (bid_steps): linear 1x, 2x, 3x ... of the cost, or doubling 1x, 2x, 4x ...
  return m_rules->bidDoubling ? 2 * m_auctionLevel : m_auctionLevel + 1;
}

}  // namespace wb::rulesets::card_dice
