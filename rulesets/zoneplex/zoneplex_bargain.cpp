// Zoneplex: the bargain before a Fear battle (rules "Group Combat/Negotiation"
// and "Battle: Turn Order" step 2). Every part is a player's decision:
//
//  1. The drawer's offer (Offer): which players are invited, who takes the Fear
//     and how many of its relics each participant draws -- "this player has the
//     last word regarding how the Fear Card and the Relic Cards are divided".
//     Shares never exceed a player's free relic places (the hand sizes are
//     public), so no share is lost to a full hand by construction.
//  2. The drawer may add relics from the hand to the invitation, one per
//     invitee (Gift): "you can offer ... Relics". A gift is handed over when the
//     invitee joins and comes back if they decline.
//  3. Each invitee, clockwise from the drawer, joins or declines (Accept /
//     Decline): "other players may choose not to help a player who is being too
//     greedy". A decliner's Fear and relic shares fall back to the drawer.
//  4. Each player who was not invited, clockwise, may ask to join (AskToJoin)
//     offering a promise to sacrifice stones, a relic or a captured Fear -- "even
//     when you attempt to join a battle that you are not invited to, you can
//     offer your captured Fears, Relics, or a promise that you will sacrifice
//     Spirit Stones" -- or stay out. The drawer admits or refuses (Admit /
//     Refuse). An admitted player takes no share of the Fear or its relics (the
//     split was fixed in step 1; assumed) and hands over what they offered.
//  5. A promise is binding: "once the participating players agree ... they
//     place their intended sacrificial Spirit Stones in front of their Player
//     Mats", so the promiser cannot finish declaring before sacrificing the
//     promised stones (or every placed stone they still have).
// Counter-offers by invitees and the drawer giving away captured Fears are not
// modelled: rulesets/zoneplex/README.md, "Interpretations (the rules are silent
// ...)", its item "The bargain", and the ruleset's top-level `assumed:` line in
// data/rulesets/zoneplex/zoneplex.yaml ("there are no counter-offers and the
// drawer cannot pay with Fears").
#include <algorithm>
#include <bit>

#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

namespace {

// The most stones a player may promise (all of a player's stones could be placed).
int placedStones(const ZoneplexState& s, int p) {
  int n = 0;
  for (int c = 1; c < s.rules().geometry.cells; ++c) n += s.cell(c).stone == p ? 1 : 0;
  return n;
}

}  // namespace

// Every invited set, every receiver of the Fear among the participants, and
// every split of the Fear's relics (as many as the participants have room for)
// among the participants within their free places.
void ZoneplexState::addOffers(std::vector<sim::Action>& out) const {
  const int drawer = m_turnPlayer;
  const int relics = m_rules->actions[static_cast<std::size_t>(m_card)].relics;
  std::array<int, kMaxPlayers> room{}, seats{}, shares{};
  for (int q = 0; q < m_players; ++q) room[static_cast<std::size_t>(q)] = relicRoom(q);
  for (int mask = 0; mask < (1 << m_players); ++mask) {
    if ((mask >> drawer) & 1) continue;
    const int inBattle = mask | 1 << drawer;
    int n = 0, totalRoom = 0;
    for (int q = 0; q < m_players; ++q)
      if ((inBattle >> q) & 1) {
        seats[static_cast<std::size_t>(n++)] = q;
        totalRoom += room[static_cast<std::size_t>(q)];
      }
    const int toDeal = std::min(relics, totalRoom);
    // Compositions of toDeal over the n participants, each within its room.
    shares.fill(0);
    auto emit = [&]() {
      for (int k = 0; k < n; ++k) {
        const int fearTo = seats[static_cast<std::size_t>(k)];
        out.push_back(encode(ActionKind::Offer, offerPayload(mask, fearTo, shares.data(), m_players)));
      }
    };
    auto split = [&](auto&& self, int k, int left) -> void {
      const int q = seats[static_cast<std::size_t>(k)];
      if (k == n - 1) {
        if (left > room[static_cast<std::size_t>(q)]) return;
        shares[static_cast<std::size_t>(q)] = left;
        emit();
        shares[static_cast<std::size_t>(q)] = 0;
        return;
      }
      for (int v = 0; v <= std::min(left, room[static_cast<std::size_t>(q)]); ++v) {
        shares[static_cast<std::size_t>(q)] = v;
        self(self, k + 1, left - v);
      }
      shares[static_cast<std::size_t>(q)] = 0;
    };
    split(split, 0, toDeal);
  }
}

void ZoneplexState::applyOffer(int payload) {
  const int drawer = m_turnPlayer;
  Battle& b = m_battle;
  b.invited = offerInvited(payload) & ~(1 << drawer);
  b.fearTo = offerFearTo(payload);
  b.participants = 1 << drawer;
  b.answered = 0;
  b.asked = 0;
  int given = 0;
  for (int q = 0; q < m_players; ++q) {
    b.shares[static_cast<std::size_t>(q)] = static_cast<std::int8_t>(offerShare(payload, q));
    if (q != drawer) given += offerShare(payload, q);
  }
  const CounterIndex& k = m_rules->counter;
  counterLog().add(drawer, k.invitationOffered, static_cast<std::uint32_t>(std::popcount(static_cast<unsigned>(b.invited))));
  if (b.fearTo != drawer) counterLog().add(drawer, k.fearGiven);
  counterLog().add(drawer, k.relicShareGiven, static_cast<std::uint32_t>(given));
  if (anyGift()) {
    m_stage = Stage::BattleGifts;
    m_actor = drawer;
    return;
  }
  nextBargainStep();
}

// The drawer still holds a relic that could go with an invitation that has none.
bool ZoneplexState::anyGift() const {
  bool canGive = false;
  for (const HeldRelic& h : m_p[static_cast<std::size_t>(m_turnPlayer)].relics) canGive |= tradable(h);
  if (!canGive) return false;
  for (int q = 0; q < m_players; ++q)
    if ((m_battle.invited >> q) & 1 && !((m_battle.gifts >> q) & 1) && relicRoom(q) > 0) return true;
  return false;
}

void ZoneplexState::giveGift(int slot, int seat) {
  PlayerState& ps = m_p[static_cast<std::size_t>(m_turnPlayer)];
  m_battle.gift[static_cast<std::size_t>(seat)] = ps.relics[static_cast<std::size_t>(slot)];
  m_battle.gifts |= 1 << seat;
  ps.relics.erase(static_cast<std::size_t>(slot));
  counterLog().add(m_turnPlayer, m_rules->counter.giftOffered);
  if (!anyGift()) nextBargainStep();
}

// The next decision of the bargain: invitees answer, then the uninvited may
// ask to join, then the participants declare sacrifices (drawer first).
void ZoneplexState::nextBargainStep() {
  const Battle& b = m_battle;
  for (int k = 1; k < m_players; ++k) {
    const int q = (m_turnPlayer + k) % m_players;
    if ((b.invited >> q) & 1 && !((b.answered >> q) & 1)) {
      m_stage = Stage::BattleAnswer;
      m_actor = q;
      return;
    }
  }
  for (int k = 1; k < m_players; ++k) {
    const int q = (m_turnPlayer + k) % m_players;
    if (!((b.invited >> q) & 1) && !((b.asked >> q) & 1)) {
      m_stage = Stage::BattleJoin;
      m_actor = q;
      return;
    }
  }
  m_stage = Stage::BattleDeclare;
  m_actor = m_turnPlayer;
}

void ZoneplexState::answer(bool accept) {
  const int q = m_actor, drawer = m_turnPlayer;
  Battle& b = m_battle;
  b.answered |= 1 << q;
  const bool gift = (b.gifts >> q) & 1;
  b.gifts &= ~(1 << q);
  if (accept) {
    b.participants |= 1 << q;
    counterLog().add(q, m_rules->counter.invitationAccepted);
    if (gift) {
      HeldRelic h = b.gift[static_cast<std::size_t>(q)];
      h.gainedTurn = static_cast<std::int16_t>(m_turn);  // "cannot use Relics on the same turn in which they are acquired"
      receiveRelic(q, h);
    }
  } else {
    counterLog().add(q, m_rules->counter.invitationDeclined);
    if (b.fearTo == q) b.fearTo = drawer;  // the offered Fear falls back to the drawer
    b.shares[static_cast<std::size_t>(drawer)] =
        static_cast<std::int8_t>(b.shares[static_cast<std::size_t>(drawer)] + b.shares[static_cast<std::size_t>(q)]);
    b.shares[static_cast<std::size_t>(q)] = 0;
    if (gift) m_p[static_cast<std::size_t>(drawer)].relics.push_back(b.gift[static_cast<std::size_t>(q)]);
  }
  nextBargainStep();
}

// What an uninvited player may offer to be let in: a promise of 0..(placed
// stones) sacrifices, with nothing else, one relic (if the drawer has room) or
// one captured Fear.
void ZoneplexState::addJoinRequests(std::vector<sim::Action>& out) const {
  const int q = m_actor;
  const PlayerState& ps = m_p[static_cast<std::size_t>(q)];
  const int maxPromise = placedStones(*this, q);
  const bool drawerRoom = relicRoom(m_turnPlayer) > 0;
  for (int promise = 0; promise <= maxPromise; ++promise) {
    out.push_back(encode(ActionKind::AskToJoin, joinPayload(promise, kJoinItemNone)));
    std::uint64_t seen = 0;
    if (drawerRoom)
      for (int i = 0; i < ps.relics.count(); ++i) {
        const HeldRelic& h = ps.relics[static_cast<std::size_t>(i)];
        if (!tradable(h) || (seen >> h.type) & 1ULL) continue;
        seen |= 1ULL << h.type;
        out.push_back(encode(ActionKind::AskToJoin, joinPayload(promise, kJoinItemRelic + i)));
      }
    for (int i = 0; i < ps.fears.count(); ++i)
      out.push_back(encode(ActionKind::AskToJoin, joinPayload(promise, kJoinItemFear + i)));
  }
}

void ZoneplexState::askToJoin(int promised, int item) {
  const int q = m_actor;
  PlayerState& ps = m_p[static_cast<std::size_t>(q)];
  Battle& b = m_battle;
  b.asked |= 1 << q;
  b.joiner = q;
  b.joinPromise = promised;
  b.joinHasRelic = false;
  b.joinFear = -1;
  if (item >= kJoinItemFear) {
    b.joinFear = ps.fears[static_cast<std::size_t>(item - kJoinItemFear)];
    ps.fears.erase(static_cast<std::size_t>(item - kJoinItemFear));
  } else if (item >= kJoinItemRelic) {
    b.joinHasRelic = true;
    b.joinRelic = ps.relics[static_cast<std::size_t>(item - kJoinItemRelic)];
    ps.relics.erase(static_cast<std::size_t>(item - kJoinItemRelic));
  }
  counterLog().add(q, m_rules->counter.joinAsked);
  counterLog().add(q, m_rules->counter.sacrificePromised, static_cast<std::uint32_t>(promised));
  m_stage = Stage::BattleAdmit;
  m_actor = m_turnPlayer;
}

void ZoneplexState::decideJoin(bool admit) {
  Battle& b = m_battle;
  const int q = b.joiner, drawer = m_turnPlayer;
  PlayerState& joiner = m_p[static_cast<std::size_t>(q)];
  PlayerState& ds = m_p[static_cast<std::size_t>(drawer)];
  if (admit) {
    b.participants |= 1 << q;
    b.promised[static_cast<std::size_t>(q)] = static_cast<std::int8_t>(b.joinPromise);
    counterLog().add(q, m_rules->counter.joinAdmitted);
    if (b.joinFear >= 0) ds.fears.push_back(static_cast<std::uint8_t>(b.joinFear));
    if (b.joinHasRelic) {
      HeldRelic h = b.joinRelic;
      h.gainedTurn = static_cast<std::int16_t>(m_turn);
      if (relicRoom(drawer) > 0) receiveRelic(drawer, h);
      else joiner.relics.push_back(b.joinRelic);  // no room after all: the relic stays with its owner
    }
  } else {
    counterLog().add(q, m_rules->counter.joinRefused);
    if (b.joinFear >= 0) joiner.fears.push_back(static_cast<std::uint8_t>(b.joinFear));
    if (b.joinHasRelic) joiner.relics.push_back(b.joinRelic);
  }
  b.joiner = -1;
  b.joinFear = -1;
  b.joinHasRelic = false;
  b.joinPromise = 0;
  nextBargainStep();
}

// Rule "Group Combat/Negotiation": promised stones are set apart before the battle.
bool ZoneplexState::promiseKept(int p) const {
  const Battle& b = m_battle;
  if (b.sacrifices[static_cast<std::size_t>(p)] >= b.promised[static_cast<std::size_t>(p)]) return true;
  return placedStones(*this, p) == 0;  // nothing left to keep it with
}

}  // namespace wb::rulesets::zoneplex
