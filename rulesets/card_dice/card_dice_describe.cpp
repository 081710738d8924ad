// Hidden information (determinize), text output and the scripted-setup API of
// the card-dice state.
#include <algorithm>
#include <array>
#include <cstring>
#include <sstream>

#include "rulesets/card_dice/card_dice_state.h"
#include "simulation/core/fast_uniform.h"

namespace wb::rulesets::card_dice {

namespace {

// Sorts card ids (< kMaxCardTypes <= 255): insertion sort for a few, counting sort
// for more. The same order std::sort gives (a multiset has one sorted order).
void sortIds(std::uint8_t* ids, std::size_t n) {
  if (n <= 16) {
    for (std::size_t i = 1; i < n; ++i) {
      const std::uint8_t v = ids[i];
      std::size_t k = i;
      for (; k > 0 && ids[k - 1] > v; --k) ids[k] = ids[k - 1];
      ids[k] = v;
    }
    return;
  }
  std::array<std::uint8_t, 256> count{};  // a pile holds at most kMaxCopies (250) cards
  std::uint8_t lo = 255, hi = 0;
  for (std::size_t i = 0; i < n; ++i) {
    ++count[ids[i]];
    lo = std::min(lo, ids[i]);
    hi = std::max(hi, ids[i]);
  }
  std::size_t out = 0;
  for (int c = lo; c <= hi; ++c)
    for (int k = count[static_cast<std::size_t>(c)]; k > 0; --k) ids[out++] = static_cast<std::uint8_t>(c);
}

// The last pile sorted in each of redealHidden()'s four places, per thread: MCTS
// re-deals the same position every iteration, so the same piles come again.
struct SortMemo {
  std::size_t n = 0;
  std::array<std::uint8_t, kMaxCopies> in{}, out{};
};
thread_local std::array<SortMemo, 4> t_sortMemo;

// Sorted first, so the result depends on the cards and rng, never on their
// hidden order (a canonical determinization, sim::State::determinize).
// `place` (0..3): which pile of redealHidden() (its memo slot).
void sortedShuffle(std::uint8_t* ids, std::size_t n, sim::Rng& rng, int place) {
  if (n < 2) return;
  SortMemo& memo = t_sortMemo[static_cast<std::size_t>(place)];
  if (memo.n == n && std::memcmp(memo.in.data(), ids, n) == 0) {
    std::memcpy(ids, memo.out.data(), n);
  } else {
    std::memcpy(memo.in.data(), ids, n);
    sortIds(ids, n);
    std::memcpy(memo.out.data(), ids, n);
    memo.n = n;
  }
  for (std::size_t i = n; i > 1; --i) {
    const std::size_t j = static_cast<std::size_t>(sim::fastUniformInt(rng, static_cast<int>(i)));
    std::swap(ids[i - 1], ids[j]);
  }
}

const char* kindVerb(ActionKind k) {
  switch (k) {
    case ActionKind::EndTurn: return "end turn";
    case ActionKind::GainGold: return "gain a gold";
    case ActionKind::DrawCard: return "draw a card";
    case ActionKind::Discard: return "discard";
    case ActionKind::ExecuteAction: return "play";
    case ActionKind::PlaceFaceDown: return "place face down";
    case ActionKind::PlayFaceDown: return "play face-down";
    case ActionKind::PlayBlessing: return "bless";
    case ActionKind::Bid: return "bid";
    case ActionKind::Raise: return "raise";
    case ActionKind::Yield: return "stop bidding";
    case ActionKind::RespondHand: return "respond with";
    case ActionKind::RespondFaceDown: return "respond face-down with";
    case ActionKind::Pass: return "pass";
    case ActionKind::RerollAgain: return "reroll again";
    case ActionKind::KeepDie: return "keep the die";
    case ActionKind::Recycle: return "recycle";
    case ActionKind::RecycleDone: return "done";
    case ActionKind::Tutor: return "take from deck";
    case ActionKind::Block: return "paid militia block";
    case ActionKind::ChooseDiscard: return "give up";
    case ActionKind::PutNext: return "put next on the deck";
  }
  return "?";
}

}  // namespace

std::unique_ptr<sim::State> CardDiceState::determinize(int observer, sim::Rng& rng) const {
  auto copy = std::make_unique<CardDiceState>(*this);
  copy->redealHidden(observer, rng);
  return copy;
}

void CardDiceState::determinizeInto(int observer, sim::Rng& rng, std::unique_ptr<sim::State>& slot) const {
  sim::assignInto(*this, slot);
  static_cast<CardDiceState&>(*slot).redealHidden(observer, rng);
}

void CardDiceState::redealHidden(int observer, sim::Rng& rng) {
  if (observer < 0 || observer > 1) return;
  // The observer sees their own hand and face-down cards, both discard piles, the shops'
  // displays and every passive; they do not see the opponent's hand, the opponent's
  // face-down actions, any deck order or the shop decks' order -- except what they were
  // shown (Mirror Wall, Mirror Table, Sneak Peek, Reconnaissance, Impatience, Sabotage),
  // which stays in place. Piles are sorted before shuffling, so the result depends on what
  // the observer knows and on rng, never on the hidden order.
  // Hot (MCTS redeals every iteration): no pile temporaries beyond the pool.
  const PlayerState& me = m_players[observer];
  PlayerState& opp = m_players[1 - observer];
  std::array<std::uint8_t, kMaxCopies> pool;  // written before read: [0, n)
  std::size_t n = 0;
  FixedVector<std::uint8_t, 64> knownHand, knownDown;
  // The unknown cards of `from` into the pool; the known ones (as far as they are there) kept.
  auto takeUnknown = [&](const Pile& from, const FixedVector<std::uint8_t, 64>& known,
                         FixedVector<std::uint8_t, 64>& kept) {
    if (known.empty()) {
      for (std::uint8_t c : from) pool[n++] = c;
      return;
    }
    Pile rest = from;
    for (std::uint8_t c : known)
      if (rest.eraseValue(c)) kept.push_back(c);
    for (std::uint8_t c : rest) pool[n++] = c;
  };
  takeUnknown(opp.hand, me.knownOppHand, knownHand);
  takeUnknown(opp.faceDown, me.knownOppFaceDown, knownDown);
  const std::size_t deckSize = opp.deck.size();
  const std::size_t topKnown = std::min<std::size_t>(static_cast<std::size_t>(me.knownOppTop), deckSize);
  for (std::size_t i = 0; i + topKnown < deckSize; ++i) pool[n++] = opp.deck[i];
  FixedVector<std::uint8_t, kMaxCopies> oppTop;
  for (std::size_t i = deckSize - topKnown; i < deckSize; ++i) oppTop.push_back(opp.deck[i]);
  sortedShuffle(pool.data(), n, rng, 0);
  std::sort(knownHand.begin(), knownHand.end());
  std::sort(knownDown.begin(), knownDown.end());
  const std::size_t handSize = opp.hand.size(), downSize = opp.faceDown.size();
  opp.hand.clear();
  for (std::uint8_t c : knownHand) opp.hand.push_back(c);
  opp.faceDown.clear();
  for (std::uint8_t c : knownDown) opp.faceDown.push_back(c);
  opp.deck.clear();
  // Face-down cards are actions: give those slots the first actions of the shuffled pool.
  for (std::size_t i = 0; i < n && opp.faceDown.size() < downSize; ++i) {
    if (m_rules->cards[pool[i]].kind == CardKind::Action) {
      opp.faceDown.push_back(pool[i]);
      pool[i] = 0xFF;
    }
  }
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint8_t c = pool[i];
    if (c == 0xFF) continue;
    if (opp.hand.size() < handSize) opp.hand.push_back(c);
    else opp.deck.push_back(c);
  }
  for (std::uint8_t c : oppTop) opp.deck.push_back(c);
  // Which of the face-down cards were placed this turn is unknown: the newest ones stand in.
  const std::size_t placed = std::min(opp.placedThisTurn.size(), opp.faceDown.size());
  opp.placedThisTurn.clear();
  for (std::size_t i = opp.faceDown.size() - placed; i < opp.faceDown.size(); ++i)
    opp.placedThisTurn.push_back(opp.faceDown[i]);
  // The observer's own deck: the known top stays, the rest (below it) is shuffled in place.
  Pile& own = m_players[observer].deck;
  const std::size_t ownKnown = std::min<std::size_t>(static_cast<std::size_t>(me.knownOwnTop), own.size());
  sortedShuffle(own.begin(), own.size() - ownKnown, rng, 1);
  sortedShuffle(m_shops[0].deck.begin(), m_shops[0].deck.size(), rng, 2);
  sortedShuffle(m_shops[1].deck.begin(), m_shops[1].deck.size(), rng, 3);
}

std::string CardDiceState::actionToString(sim::Action a) const {
  const DecodedAction d = decodeAction(a);
  std::string s = kindVerb(d.kind);
  const auto& cards = m_rules->cards;
  switch (d.kind) {
    case ActionKind::Bid: {
      const auto& display = m_shops[d.die & 1].display;
      if (static_cast<std::size_t>(d.card) < display.size()) s += " for " + cards[display[d.card]].name;
      return s;
    }
    case ActionKind::Discard: case ActionKind::ExecuteAction: case ActionKind::PlaceFaceDown:
    case ActionKind::PlayFaceDown: case ActionKind::PlayBlessing: case ActionKind::RespondHand:
    case ActionKind::RespondFaceDown: case ActionKind::Recycle: case ActionKind::Tutor:
    case ActionKind::ChooseDiscard: case ActionKind::PutNext: {
      if (static_cast<std::size_t>(d.card) >= cards.size()) return s;
      const CardDef& c = cards[d.card];
      s += " " + c.name;
      if (c.dieEffect >= 0 && d.kind != ActionKind::Discard && d.kind != ActionKind::PlaceFaceDown &&
          d.kind != ActionKind::Recycle && d.kind != ActionKind::Tutor && d.kind != ActionKind::ChooseDiscard &&
          d.kind != ActionKind::PutNext) {
        const auto& dice = m_rules->dice;
        if (d.die < static_cast<int>(dice.size())) s += " on " + dice[d.die].id;
        const Op op = c.effects[c.dieEffect].op;
        if (op == Op::ChangeDie) s += (d.arg > 0 ? " +" : " ") + std::to_string(d.arg);
        if (op == Op::SwapDice && d.arg >= 0 && d.arg < static_cast<int>(dice.size())) s += " and " + dice[d.arg].id;
      }
      return s;
    }
    case ActionKind::Block: return s + " " + std::to_string(d.card + 256 * d.die);
    default: return s;
  }
}

std::string CardDiceState::toString() const {
  std::ostringstream o;
  static const char* kPhases[] = {"main",  "response", "auction", "reroll",  "recycle", "tutor",
                                  "militia", "over",   "window",  "discard", "order"};
  o << "turn " << turnCount() << ", Seat " << m_turnPlayer + 1 << " to play, phase "
    << kPhases[static_cast<int>(m_phase)] << "\ndice:";
  for (int d = 0; d < m_rules->numDice(); ++d) o << ' ' << m_rules->dice[d].id << '=' << int(m_dice[d]);
  auto pile = [&](const char* name, const auto& cards) {
    o << "\n  " << name << ':';
    for (std::uint8_t c : cards) o << ' ' << m_rules->cards[c].id;
  };
  for (int p = 0; p < 2; ++p) {
    const PlayerState& s = m_players[p];
    o << "\nSeat " << p + 1 << ": health " << s.health << ", gold " << s.gold << ", deck "
      << s.deck.size() << ", discard " << s.discard.size() << ", in play " << s.inPlay.size();
    pile("hand", s.hand);
    pile("face down", s.faceDown);
    pile("passives", s.passives);
  }
  pile("cheap shop", m_shops[0].display);
  pile("expensive shop", m_shops[1].display);
  o << '\n';
  return o.str();
}

void CardDiceState::giveCard(int p, Zone zone, int card) {
  PlayerState& s = m_players[p];
  Pile& pile = zone == Zone::Deck ? s.deck : zone == Zone::Hand ? s.hand : zone == Zone::Discard ? s.discard : s.faceDown;
  pile.push_back(static_cast<std::uint8_t>(card));
}

void CardDiceState::clearZone(int p, Zone zone) {
  PlayerState& s = m_players[p];
  (zone == Zone::Deck ? s.deck : zone == Zone::Hand ? s.hand : zone == Zone::Discard ? s.discard : s.faceDown).clear();
}

void CardDiceState::setShopDisplay(int tier, const std::vector<int>& cards) {
  m_shops[tier].display.clear();
  for (int c : cards) m_shops[tier].display.push_back(static_cast<std::uint8_t>(c));
}

void CardDiceState::setupFeatures(std::vector<sim::SetupFeature>& out) const {
  out.clear();
  const CardDiceRules& r = *m_rules;
  for (int d = 0; d < r.numDice(); ++d) out.push_back({r.dice[static_cast<std::size_t>(d)].id, std::to_string(m_dice[d])});
}

}  // namespace wb::rulesets::card_dice
