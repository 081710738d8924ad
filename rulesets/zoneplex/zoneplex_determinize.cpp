// Zoneplex: hidden information (determinize) and the text forms of states and
// actions.
#include <algorithm>
#include <sstream>

#include "rulesets/zoneplex/zoneplex_state.h"
#include "simulation/core/fast_uniform.h"

namespace wb::rulesets::zoneplex {

namespace {

// Sorted first, so the deal depends on the cards and rng, never on their hidden
// order (a canonical determinization, sim::State::determinize).
template <typename T, std::size_t N>
void shuffleRange(FixedVector<T, N>& list, int begin, int end, sim::Rng& rng) {
  if (end - begin > 1) std::sort(list.begin() + begin, list.begin() + end);
  for (int i = end - 1; i > begin; --i)
    std::swap(list[static_cast<std::size_t>(i)], list[static_cast<std::size_t>(begin + sim::fastUniformInt(rng, i - begin + 1))]);
}

const char* stageName(Stage s) {
  switch (s) {
    case Stage::Place: return "place";
    case Stage::Move: return "move";
    case Stage::DislocateChoice: return "dislocate-choice";
    case Stage::StepChoice: return "step-choice";
    case Stage::TurnEnd: return "turn-end";
    case Stage::BattleGifts: return "battle-gifts";
    case Stage::BattleJoin: return "battle-join";
    case Stage::BattleAdmit: return "battle-admit";
    case Stage::StoneChoice: return "stone-choice";
    case Stage::ReliquaryChoice: return "reliquary-choice";
    case Stage::BattleOffer: return "battle-offer";
    case Stage::BattleAnswer: return "battle-answer";
    case Stage::BattleDeclare: return "battle-declare";
    case Stage::BattleRoll: return "battle-roll";
    case Stage::Over: return "over";
  }
  return "?";
}

}  // namespace

// Hidden from `observer`: the others' sacred symbols (until phase 2), the
// others' tile hands and the tile stacks, the others' concealed relics and the
// relic deck, and the order of the action deck (the set-aside step cards stay
// on top). Each is re-dealt from what the observer cannot tell apart.
std::unique_ptr<sim::State> ZoneplexState::determinize(int observer, sim::Rng& rng) const {
  auto d = std::make_unique<ZoneplexState>(*this);
  d->redealHidden(observer, rng);
  return d;
}

void ZoneplexState::determinizeInto(int observer, sim::Rng& rng, std::unique_ptr<sim::State>& slot) const {
  sim::assignInto(*this, slot);
  static_cast<ZoneplexState&>(*slot).redealHidden(observer, rng);
}

// On a copy of the state: each hidden thing is collected (from this copy)
// before it is dealt anew.
void ZoneplexState::redealHidden(int observer, sim::Rng& rng) {
  const int n = m_players;
  if (!m_phase2) {
    std::array<std::uint8_t, kMaxSymbols> pool{};
    int count = 0;
    for (int s = 0; s < static_cast<int>(m_rules->symbols.size()); ++s)
      if (s != m_p[static_cast<std::size_t>(observer)].symbol) pool[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(s);
    for (int i = count - 1; i > 0; --i) std::swap(pool[static_cast<std::size_t>(i)], pool[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
    int next = 0;
    for (int q = 0; q < n; ++q)
      if (q != observer && next < count) m_p[static_cast<std::size_t>(q)].symbol = static_cast<std::int8_t>(pool[static_cast<std::size_t>(next++)]);
  }
  // Tiles: the others' hands and the stacks are one unseen pool.
  FixedVector<std::uint8_t, kMaxTileCopies + kMaxPlayers * 16> tiles;
  for (std::uint8_t t : m_tileSupply) tiles.push_back(t);
  for (int q = 0; q < n; ++q)
    if (q != observer)
      for (std::uint8_t t : m_p[static_cast<std::size_t>(q)].tiles) tiles.push_back(t);
  shuffleRange(tiles, 0, tiles.count(), rng);
  int k = 0;
  for (std::size_t i = 0; i < m_tileSupply.size(); ++i) m_tileSupply[i] = tiles[static_cast<std::size_t>(k++)];
  for (int q = 0; q < n; ++q)
    if (q != observer)
      for (std::uint8_t& t : m_p[static_cast<std::size_t>(q)].tiles) t = tiles[static_cast<std::size_t>(k++)];
  // Relics: the others' concealed relics and the deck (the discard pile is face up).
  FixedVector<std::uint8_t, kMaxRelicCards + kMaxPlayers * 10> relics;
  for (std::uint8_t r : m_relicDeck) relics.push_back(r);
  for (int q = 0; q < n; ++q)
    if (q != observer)
      for (const HeldRelic& h : m_p[static_cast<std::size_t>(q)].relics)
        if (!h.revealed) relics.push_back(h.type);
  shuffleRange(relics, 0, relics.count(), rng);
  k = 0;
  for (std::size_t i = 0; i < m_relicDeck.size(); ++i) m_relicDeck[i] = relics[static_cast<std::size_t>(k++)];
  for (int q = 0; q < n; ++q)
    if (q != observer)
      for (HeldRelic& h : m_p[static_cast<std::size_t>(q)].relics)
        if (!h.revealed) h.type = relics[static_cast<std::size_t>(k++)];
  // Action deck: the set-aside cards on top are shuffled among themselves, the rest likewise.
  const int deck = m_actionDeck.count();
  const int top = std::min(m_setAsideLeft, deck);
  shuffleRange(m_actionDeck, 0, deck - top, rng);
  shuffleRange(m_actionDeck, deck - top, deck, rng);
  // Which relics the others have held is theirs to know (it only feeds counters).
  for (int q = 0; q < n; ++q)
    if (q != observer) m_p[static_cast<std::size_t>(q)].everHeld = 0;
}

// Moves name what a designer sees in the state text: tiles and relics by id,
// cells as "row R cell C" (counted from the Eye), seats 1..N.
std::string ZoneplexState::actionToString(sim::Action a) const {
  const ZoneplexRules& R = *m_rules;
  const int x = payloadOf(a);
  std::ostringstream s;
  auto tileName = [&](int t) {
    return t >= 0 && t < static_cast<int>(R.tiles.size()) ? R.tiles[static_cast<std::size_t>(t)].id : std::string("?");
  };
  auto where = [&](int c) {
    if (c < 0 || c >= R.geometry.cells) return "cell #" + std::to_string(c);
    return "row " + std::to_string(R.geometry.rowOf[static_cast<std::size_t>(c)] + 1) + " cell " +
           std::to_string(R.geometry.posOf[static_cast<std::size_t>(c)] + 1);
  };
  // The relic in a seat's hand slot, by name (the slot number only if none).
  auto relicIn = [&](int seat, int slot) {
    if (seat >= 0 && seat < m_players) {
      const auto& relics = m_p[static_cast<std::size_t>(seat)].relics;
      if (slot >= 0 && slot < relics.count()) {
        const int type = relics[static_cast<std::size_t>(slot)].type;
        if (type >= 0 && type < static_cast<int>(R.relics.size())) return R.relics[static_cast<std::size_t>(type)].id;
      }
    }
    return "in slot " + std::to_string(slot + 1);
  };
  auto seat = [](int q) { return "Seat " + std::to_string(q + 1); };
  static const char* kSides[] = {"left", "right", "base"};
  switch (kindOf(a)) {
    case ActionKind::Place:
      s << "place " << tileName(x / 256) << " at " << where((x / 4) % 64);
      if (x % 4 != 3) s << " with its wall on the " << kSides[x % 4] << " side";
      break;
    case ActionKind::Step: s << "step to " << where(x); break;
    case ActionKind::Teleport: s << "teleport to " << where(x); break;
    case ActionKind::ChooseMode:
      if (x >= 100) s << "dislocate the stone at " << where(x - 100);
      else s << "explore (place tiles, then choose 1-3 steps)";
      break;
    case ActionKind::ChooseSteps: s << "move " << x << " steps"; break;
    case ActionKind::DrawRelic: s << "draw a relic"; break;
    case ActionKind::EndTurn: s << "end the turn"; break;
    case ActionKind::Gift: s << "offer relic " << relicIn(m_turnPlayer, x / 8) << " to " << seat(x % 8) << " for joining"; break;
    case ActionKind::GiftsDone: s << "no more gifts"; break;
    case ActionKind::AskToJoin: {
      s << "ask to join, promising " << joinPromised(x) << " sacrifices";
      const int item = joinItem(x);
      if (item >= kJoinItemFear) {
        const auto& fears = m_p[static_cast<std::size_t>(m_actor)].fears;
        const int i = item - kJoinItemFear;
        s << ", giving captured Fear "
          << (i < fears.count() ? R.actions[fears[static_cast<std::size_t>(i)]].id : std::to_string(i + 1));
      } else if (item >= kJoinItemRelic) {
        s << ", giving relic " << relicIn(m_actor, item - kJoinItemRelic);
      }
      break;
    }
    case ActionKind::StayOut: s << "stay out of the battle"; break;
    case ActionKind::Admit: s << "admit " << seat(m_battle.joiner); break;
    case ActionKind::Refuse: s << "refuse " << seat(m_battle.joiner); break;
    case ActionKind::PlaceStone: s << "place spirit stone"; break;
    case ActionKind::SkipStone: s << "keep spirit stone"; break;
    case ActionKind::SwapRelic: s << "discard relic " << relicIn(m_actor, x) << " and draw"; break;
    case ActionKind::SkipRelic: s << "keep relics"; break;
    case ActionKind::Offer: {
      s << "invite {";
      for (int q = 0; q < kMaxPlayers; ++q)
        if ((offerInvited(x) >> q) & 1) s << " " << seat(q);
      s << " }, Fear to " << seat(offerFearTo(x)) << ", relics";
      for (int q = 0; q < m_players; ++q)
        if (offerShare(x, q) > 0) s << " " << seat(q) << " x" << offerShare(x, q);
      break;
    }
    case ActionKind::Accept: s << "join the battle"; break;
    case ActionKind::Decline: s << "stay out"; break;
    case ActionKind::Sacrifice: s << "sacrifice the stone at " << where(x); break;
    case ActionKind::DeclareDone: s << "done declaring"; break;
    case ActionKind::Roll: s << "roll the battle"; break;
    case ActionKind::UseRelic: {
      const int slot = x / 1000, target = x % 1000;
      s << "use relic " << relicIn(m_actor, slot);
      const auto& relics = m_p[static_cast<std::size_t>(m_actor)].relics;
      if (slot < 0 || slot >= relics.count()) break;
      switch (R.relics[relics[static_cast<std::size_t>(slot)].type].op) {
        case RelicOp::MoveOther: s << ": move " << seat(target / 64) << "'s Monkle to " << where(target % 64); break;
        case RelicOp::StealRelic: s << ": take a relic of " << seat(target); break;
        case RelicOp::DislocateStone: s << ": send home the stone at " << where(target); break;
        case RelicOp::DrainWms: s << ": on " << seat(target); break;
        case RelicOp::Warp: s << ": warp to " << where(target); break;
        default: break;
      }
      break;
    }
    default: s << "action " << a; break;
  }
  return s.str();
}

// The state as a designer reads it (names, cells, Seat 1..N), yet complete:
// every field is written, so two states with the same text are the same
// state (the planner compares positions by this text).
std::string ZoneplexState::toString() const {
  const ZoneplexRules& R = *m_rules;
  std::ostringstream s;
  auto seat = [](int q) { return "Seat " + std::to_string(q + 1); };
  auto seats = [&](int mask) {
    std::string out;
    for (int q = 0; q < m_players; ++q)
      if ((mask >> q) & 1) out += (out.empty() ? "" : ", ") + seat(q);
    return out.empty() ? std::string("none") : out;
  };
  auto named = [](const auto& list, int i) {
    return i >= 0 && i < static_cast<int>(list.size()) ? list[static_cast<std::size_t>(i)].id : "#" + std::to_string(i);
  };
  auto symbol = [&](int i) {
    return i >= 0 && i < static_cast<int>(R.symbols.size()) ? R.symbols[static_cast<std::size_t>(i)] : std::string("none");
  };
  auto where = [&](int c) {
    if (c < 0) return std::string("off the pyramid");
    return "row " + std::to_string(R.geometry.rowOf[static_cast<std::size_t>(c)] + 1) + " cell " +
           std::to_string(R.geometry.posOf[static_cast<std::size_t>(c)] + 1);
  };
  auto relic = [&](const HeldRelic& h) {
    return named(R.relics, h.type) + (h.gainedTurn >= 0 ? " (gained turn " + std::to_string(h.gainedTurn) + ")" : "") +
           (h.revealed ? " revealed" : "");
  };
  static const char* kEnds[] = {"", "the Eye", "a cataclysm", "the Zoneplex wins"};
  s << "turn " << m_turn << ", " << seat(m_turnPlayer) << "'s turn, " << seat(m_actor) << " to act, stage "
    << stageName(m_stage) << ", phase " << (m_phase2 ? 2 : 1) << ", action card "
    << (m_card >= 0 ? named(R.actions, m_card) : std::string("none")) << "; tiles to place " << m_tilesToPlace
    << ", steps left " << m_stepsLeft << ", steps after placing " << m_pendingSteps << (m_chooseSteps ? " (chosen)" : "")
    << (m_landedOnTeleporter ? ", on a teleporter" : "");
  if (m_end != EndReason::None) s << "; ended by " << kEnds[static_cast<int>(m_end)];
  s << "\n";
  const Battle& b = m_battle;
  bool quiet = b.fearLeft == 0 && b.invited == 0 && b.participants == 0 && b.answered == 0 && b.asked == 0 &&
               b.fearTo == 0 && b.gifts == 0 && b.joiner == -1 && b.joinPromise == 0 && b.joinFear == -1 && !b.joinHasRelic;
  for (int q = 0; q < kMaxPlayers; ++q) {
    const auto i = static_cast<std::size_t>(q);
    quiet = quiet && b.shares[i] == 0 && b.sacrifices[i] == 0 && b.promised[i] == 0 && b.bonus[i] == 0 &&
            b.weakenRolls[i] == 0 && b.gift[i] == HeldRelic{};
  }
  if (quiet && b.joinRelic == HeldRelic{}) {
    s << "battle: none\n";
  } else {
    s << "battle: Fear strength left " << b.fearLeft << ", invited " << seats(b.invited) << ", fighting "
      << seats(b.participants) << ", answered " << seats(b.answered) << ", asked " << seats(b.asked)
      << ", the Fear goes to " << seat(b.fearTo);
    if (b.joiner >= 0 || b.joinPromise || b.joinFear >= 0 || b.joinHasRelic || !(b.joinRelic == HeldRelic{}))
      s << "; " << (b.joiner >= 0 ? seat(b.joiner) : std::string("nobody")) << " asks to join promising " << b.joinPromise
        << " stones, offering " << (b.joinFear >= 0 ? named(R.actions, b.joinFear) : std::string("no Fear")) << " and "
        << (b.joinHasRelic ? relic(b.joinRelic) : std::string("no relic")) << (b.joinHasRelic || b.joinRelic == HeldRelic{} ? "" : " [" + relic(b.joinRelic) + "]");
    for (int q = 0; q < kMaxPlayers; ++q) {
      const auto i = static_cast<std::size_t>(q);
      if (q >= m_players && b.shares[i] == 0 && b.sacrifices[i] == 0 && b.promised[i] == 0 && b.bonus[i] == 0 &&
          b.weakenRolls[i] == 0 && b.gift[i] == HeldRelic{} && !((b.gifts >> q) & 1))
        continue;
      s << "\n  " << seat(q) << ": relics drawn " << int(b.shares[i]) << ", stones sacrificed " << int(b.sacrifices[i])
        << ", promised " << int(b.promised[i]) << ", attack bonus " << int(b.bonus[i]) << ", weakening rolls "
        << int(b.weakenRolls[i]);
      if ((b.gifts >> q) & 1) s << ", gift " << relic(b.gift[i]);
      else if (!(b.gift[i] == HeldRelic{})) s << ", no gift [" << relic(b.gift[i]) << "]";
    }
    s << "\n";
  }
  s << "pyramid:";
  int empty = 0;
  for (int c = 0; c < R.geometry.cells; ++c) {
    const Cell& cell = m_board[static_cast<std::size_t>(c)];
    if (cell.tile < 0 && cell.wallSide < 0 && cell.stone < 0) {
      ++empty;
      continue;
    }
    static const char* kSides[] = {"left", "right", "base"};
    s << "\n  " << where(c) << ": " << (cell.tile >= 0 ? named(R.tiles, cell.tile) : std::string("no tile"));
    if (cell.wallSide >= 0) s << ", wall on the " << (cell.wallSide < 3 ? kSides[cell.wallSide] : "?") << " side";
    if (cell.stone >= 0) s << ", spirit stone of " << seat(cell.stone);
  }
  s << "\n  (" << empty << " empty cells)";
  for (int q = 0; q < m_players; ++q) {
    const PlayerState& ps = m_p[static_cast<std::size_t>(q)];
    s << "\n" << seat(q) << ": Monkle " << where(ps.pos) << ", symbol " << symbol(ps.symbol) << ", WMS " << int(ps.wms)
      << ", stones home " << int(ps.stonesHome) << ", canopic jars " << int(ps.jars) << "\n  tiles in hand:";
    for (std::uint8_t t : ps.tiles) s << " " << named(R.tiles, t) << ";";
    s << "\n  relics:";
    for (const HeldRelic& h : ps.relics) s << " " << relic(h) << ";";
    s << "\n  Fears captured:";
    for (std::uint8_t f : ps.fears) s << " " << named(R.actions, f) << ";";
  }
  s << "\ntile supply (top last):";
  for (std::uint8_t t : m_tileSupply) s << " " << named(R.tiles, t) << ";";
  s << "\naction deck (top last, " << m_setAsideLeft << " set aside on top):";
  for (std::uint8_t c : m_actionDeck) s << " " << named(R.actions, c) << ";";
  s << "\nrelic deck (top last):";
  for (std::uint8_t r : m_relicDeck) s << " " << named(R.relics, r) << ";";
  s << "\nrelic discard:";
  for (std::uint8_t r : m_relicDiscard) s << " " << named(R.relics, r) << ";";
  s << "\nreturns:";
  for (int q = 0; q < m_players; ++q) s << " " << seat(q) << " " << m_returns[static_cast<std::size_t>(q)] << ";";
  s << "\n";
  return s.str();
}

}  // namespace wb::rulesets::zoneplex
