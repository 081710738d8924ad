// Zoneplex: setup, the turn structure and applying actions. Legal moves and
// board queries are in zoneplex_moves.cpp, battles in zoneplex_battle.cpp, the
// end of the game and the heuristic in zoneplex_scoring.cpp.
#include "rulesets/zoneplex/zoneplex_state.h"

#include <algorithm>

namespace wb::rulesets::zoneplex {

namespace {

template <typename List>
void shuffle(List& list, sim::Rng& rng) {
  for (int i = list.count() - 1; i > 0; --i) std::swap(list[static_cast<std::size_t>(i)], list[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
}

}  // namespace

ZoneplexState::ZoneplexState(std::shared_ptr<const ZoneplexRules> rules, int players)
    : m_rules(std::move(rules)), m_players(std::clamp(players, 2, kMaxPlayers)) {
  log().reset(m_players, static_cast<int>(m_rules->ids.size()));
}

int ZoneplexState::rollDie(sim::Rng& rng) const {
  const std::vector<double>& cum = m_rules->dieCumulative;
  const double x = sim::uniformReal(rng) * cum.back();
  for (std::size_t i = 0; i < cum.size(); ++i)
    if (x < cum[i]) return static_cast<int>(i);
  return static_cast<int>(cum.size()) - 1;
}

// Rule "Start a New Game" and "Player Setup".
void ZoneplexState::setUp(sim::Rng& rng) {
  const ZoneplexRules& R = *m_rules;
  int eye = -1;
  for (std::size_t t = 0; t < R.tiles.size(); ++t) {
    if (R.tiles[t].kind == TileKind::Eye) {
      if (eye < 0) eye = static_cast<int>(t);
      continue;
    }
    for (int k = 0; k < R.tiles[t].count; ++k) m_tileSupply.push_back(static_cast<std::uint8_t>(t));
  }
  shuffle(m_tileSupply, rng);
  m_board[kEyeCell].tile = static_cast<std::int8_t>(eye);
  // "Draw 7 tiles and place them face up along the marked edge": the bottom row's upward cells.
  for (int i = 0; i < R.foundationTiles && !m_tileSupply.empty(); ++i) {
    const int t = m_tileSupply.back();
    m_tileSupply.pop_back();
    const int side = R.tiles[static_cast<std::size_t>(t)].kind == TileKind::Wall ? sim::uniformInt(rng, 3) : -1;
    setTile(R.geometry.foundation[static_cast<std::size_t>(i)], t, side);
  }
  // Symbols: shuffled, one each face down.
  std::array<std::uint8_t, kMaxSymbols> symbols{};
  const int nSymbols = static_cast<int>(R.symbols.size());
  for (int s = 0; s < nSymbols; ++s) symbols[static_cast<std::size_t>(s)] = static_cast<std::uint8_t>(s);
  for (int i = nSymbols - 1; i > 0; --i) std::swap(symbols[static_cast<std::size_t>(i)], symbols[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
  for (int p = 0; p < m_players; ++p) {
    PlayerState& ps = m_p[static_cast<std::size_t>(p)];
    ps.wms = static_cast<std::int8_t>(R.wmsStart);
    ps.stonesHome = static_cast<std::int8_t>(R.spiritStones);
    ps.symbol = static_cast<std::int8_t>(p < nSymbols ? symbols[static_cast<std::size_t>(p)] : -1);
    for (int k = 0; k < R.tileHand && !m_tileSupply.empty(); ++k) {
      ps.tiles.push_back(m_tileSupply.back());
      m_tileSupply.pop_back();
    }
  }
  // Action deck: two of each step card set aside, the rest shuffled, the six shuffled on top.
  FixedVector<std::uint8_t, kMaxActionCards> aside;
  for (std::size_t a = 0; a < R.actions.size(); ++a) {
    const ActionCardType& card = R.actions[a];
    const int onTop = card.kind == CardKind::Step ? std::min(card.count, R.stepCardsOnTop) : 0;
    for (int k = 0; k < card.count; ++k) (k < onTop ? aside : m_actionDeck).push_back(static_cast<std::uint8_t>(a));
  }
  shuffle(m_actionDeck, rng);
  shuffle(aside, rng);
  for (std::uint8_t c : aside) m_actionDeck.push_back(c);
  m_setAsideLeft = aside.count();
  for (std::size_t r = 0; r < R.relics.size(); ++r)
    for (int k = 0; k < R.relics[r].count; ++k) m_relicDeck.push_back(static_cast<std::uint8_t>(r));
  shuffle(m_relicDeck, rng);
  m_turn = 0;
  startTurn(0, rng);
  advance(rng);
}

void ZoneplexState::setTile(int c, int tileType, int wallSide) {
  Cell& cell = m_board[static_cast<std::size_t>(c)];
  cell.tile = static_cast<std::int8_t>(tileType);
  cell.wallSide = static_cast<std::int8_t>(wallSide);
}

void ZoneplexState::giveRelic(int p, int relicType, int gainedTurn) {
  HeldRelic h;
  h.type = static_cast<std::uint8_t>(relicType);
  h.gainedTurn = static_cast<std::int16_t>(gainedTurn);
  h.revealed = isPassiveRelic(m_rules->relics[static_cast<std::size_t>(relicType)].op);
  m_p[static_cast<std::size_t>(p)].relics.push_back(h);
}

void ZoneplexState::setHandTiles(int p, const std::vector<int>& tileTypes) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  ps.tiles.clear();
  for (int t : tileTypes) ps.tiles.push_back(static_cast<std::uint8_t>(t));
}

void ZoneplexState::setActionDeck(const std::vector<int>& cards) {
  m_actionDeck.clear();
  for (int c : cards) m_actionDeck.push_back(static_cast<std::uint8_t>(c));
  m_setAsideLeft = 0;
}

void ZoneplexState::setRelicDeck(const std::vector<int>& relics) {
  m_relicDeck.clear();
  for (int r : relics) m_relicDeck.push_back(static_cast<std::uint8_t>(r));
}

void ZoneplexState::startTurnOf(int p, sim::Rng& rng) {
  startTurn(p, rng);
  advance(rng);
}

// Rule "Turn Order": 1. draw an action card; 2. tiles then movement, or battle.
void ZoneplexState::startTurn(int p, sim::Rng& rng) {
  m_turnPlayer = p;
  m_actor = p;
  m_tilesToPlace = 0;
  m_stepsLeft = 0;
  m_landedOnTeleporter = false;
  // Rule "Cataclysm of the Zoneplex": the action cards run out.
  if (m_actionDeck.empty()) {
    finishByCataclysm();
    return;
  }
  m_card = m_actionDeck.back();
  m_actionDeck.pop_back();
  if (m_setAsideLeft > 0) --m_setAsideLeft;
  ++m_turn;
  const ActionCardType& card = m_rules->actions[static_cast<std::size_t>(m_card)];
  log().add(p, card.entity, sim::EntityUse::Played);
  switch (card.kind) {
    case CardKind::Step:
      if (m_phase2) {
        beginMove(card.steps);  // "he/she only moves since there are no more Zone Tiles"
      } else {
        PlayerState& ps = m_p[static_cast<std::size_t>(p)];
        for (int k = 0; k < card.tiles && !m_tileSupply.empty() && !ps.tiles.full(); ++k) {
          ps.tiles.push_back(m_tileSupply.back());
          m_tileSupply.pop_back();
        }
        m_tilesToPlace = card.tiles;
        m_pendingSteps = card.steps;
        m_stage = Stage::Place;
      }
      break;
    case CardKind::Dislocate:
      m_stage = Stage::DislocateChoice;
      break;
    case CardKind::Fear:
      beginBattle(rng);
      break;
  }
}

void ZoneplexState::beginMove(int steps) {
  m_stage = Stage::Move;
  m_stepsLeft = steps;
  m_landedOnTeleporter = false;
}

// Rule "Zoneplexology": events of the tile where the movement ends.
void ZoneplexState::endMovement(sim::Rng& rng) {
  const int p = m_turnPlayer;
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  m_stepsLeft = 0;
  m_landedOnTeleporter = false;
  const int c = ps.pos;
  if (c < 0 || m_board[static_cast<std::size_t>(c)].tile < 0) {
    endTurn(rng);
    return;
  }
  bool otherMonk = false;
  for (int q = 0; q < m_players; ++q)
    if (q != p && m_p[static_cast<std::size_t>(q)].pos == c) otherMonk = true;
  const TileType& tile = m_rules->tiles[static_cast<std::size_t>(m_board[static_cast<std::size_t>(c)].tile)];
  // Rule "Spirit Stones": a free chamber (no stone, no other Monkle) takes one stone.
  if (tile.isChamber() && m_board[static_cast<std::size_t>(c)].stone < 0 && !otherMonk && ps.stonesHome > 0) {
    m_stage = Stage::StoneChoice;
    return;
  }
  // Rule "Reliquary": draw one relic if unoccupied; at the limit, discard one to draw.
  if (tile.kind == TileKind::Reliquary && !otherMonk) {
    log().add(p, tile.entity, sim::EntityUse::Triggered);
    if (ps.relics.count() < m_rules->relicLimit) {
      drawRelic(p, rng);
    } else if (!m_relicDeck.empty() || !m_relicDiscard.empty()) {
      m_stage = Stage::ReliquaryChoice;
      return;
    }
  }
  endTurn(rng);
}

// Rule "Phase 2": the player who places the last tile completes the turn, then all reveal.
void ZoneplexState::endTurn(sim::Rng& rng) {
  if (!m_phase2 && (boardComplete() || placementStalled())) m_phase2 = true;
  startTurn((m_turnPlayer + 1) % m_players, rng);
}

bool ZoneplexState::drawRelic(int p, sim::Rng& rng) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  if (ps.relics.count() >= m_rules->relicLimit || ps.relics.full()) return false;
  // Rule "Relic Cards": a depleted deck is reshuffled from the discard pile.
  if (m_relicDeck.empty()) {
    for (std::uint8_t r : m_relicDiscard) m_relicDeck.push_back(r);
    m_relicDiscard.clear();
    shuffle(m_relicDeck, rng);
  }
  if (m_relicDeck.empty()) return false;
  const int type = m_relicDeck.back();
  m_relicDeck.pop_back();
  giveRelic(p, type, m_turn);
  log().add(p, m_rules->relics[static_cast<std::size_t>(type)].entity, sim::EntityUse::Acquired);
  return true;
}

// Runs the automatic parts until someone has a decision (or the game is over).
void ZoneplexState::advance(sim::Rng& rng) {
  std::array<std::int8_t, kMaxCells> dest{};
  for (int guard = 0; guard < 1000; ++guard) {
    switch (m_stage) {
      case Stage::Place:
        if (m_tilesToPlace > 0 && !m_p[static_cast<std::size_t>(m_turnPlayer)].tiles.empty() && anyPlacement()) return;
        m_tilesToPlace = 0;
        beginMove(m_pendingSteps);
        break;
      case Stage::Move: {
        const int pos = m_p[static_cast<std::size_t>(m_turnPlayer)].pos;
        const bool teleport = m_landedOnTeleporter && pos >= 0 && teleportDestinations(pos, dest) > 0;
        if (m_stepsLeft > 0 && (teleport || anyStep())) return;
        if (m_stepsLeft <= 0 && teleport) return;  // ending on a teleporter: must teleport
        endMovement(rng);
        break;
      }
      default:
        return;
    }
  }
}

void ZoneplexState::doApplyAction(sim::Action a, sim::Rng& rng) {
  const int payload = payloadOf(a);
  const int p = m_actor;
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  switch (kindOf(a)) {
    case ActionKind::Place: {
      const int side = payload % 4, c = (payload / 4) % 64, t = payload / 256;
      placeTile(t, c, side == 3 ? -1 : side);
      ps.tiles.eraseValue(static_cast<std::uint8_t>(t));
      log().add(p, m_rules->tiles[static_cast<std::size_t>(t)].entity, sim::EntityUse::Played);
      --m_tilesToPlace;
      break;
    }
    case ActionKind::Step:
      --m_stepsLeft;
      ps.pos = static_cast<std::int8_t>(payload);
      // Rule "Endgame: Entering The Eye" (the Eye need not use all steps).
      if (payload == kEyeCell) {
        finishByEye(p);
        return;
      }
      m_landedOnTeleporter = m_board[static_cast<std::size_t>(payload)].tile >= 0 &&
                             m_rules->tiles[static_cast<std::size_t>(m_board[static_cast<std::size_t>(payload)].tile)].isTeleporter();
      break;
    case ActionKind::Teleport:
      // Rule "Teleporter Tiles": teleporting is not a step; one must step off to teleport again.
      ps.pos = static_cast<std::int8_t>(payload);
      m_landedOnTeleporter = false;
      log().add(p, m_rules->tiles[static_cast<std::size_t>(m_board[static_cast<std::size_t>(payload)].tile)].entity,
                sim::EntityUse::Triggered);
      if (m_stepsLeft <= 0) {
        endMovement(rng);
        advance(rng);
        return;
      }
      break;
    case ActionKind::ChooseMode:
      if (payload >= 100) {
        // Rule "Action Cards", dislocate: forfeit tiles and movement to return a stone to its owner.
        Cell& cell = m_board[static_cast<std::size_t>(payload - 100)];
        if (cell.stone >= 0) ++m_p[static_cast<std::size_t>(cell.stone)].stonesHome;
        cell.stone = -1;
        endTurn(rng);
      } else if (m_phase2) {
        beginMove(payload);
      } else {
        const ActionCardType& card = m_rules->actions[static_cast<std::size_t>(m_card)];
        for (int k = 0; k < card.tiles && !m_tileSupply.empty() && !ps.tiles.full(); ++k) {
          ps.tiles.push_back(m_tileSupply.back());
          m_tileSupply.pop_back();
        }
        m_tilesToPlace = card.tiles;
        m_pendingSteps = payload;
        m_stage = Stage::Place;
      }
      break;
    case ActionKind::PlaceStone:
      m_board[static_cast<std::size_t>(ps.pos)].stone = static_cast<std::int8_t>(p);
      --ps.stonesHome;
      log().add(p, m_rules->tiles[static_cast<std::size_t>(m_board[static_cast<std::size_t>(ps.pos)].tile)].entity,
                sim::EntityUse::Triggered);
      endTurn(rng);
      break;
    case ActionKind::SkipStone:
    case ActionKind::SkipRelic:
      endTurn(rng);
      break;
    case ActionKind::SwapRelic:
      m_relicDiscard.push_back(ps.relics[static_cast<std::size_t>(payload)].type);
      ps.relics.erase(static_cast<std::size_t>(payload));
      drawRelic(p, rng);
      endTurn(rng);
      break;
    case ActionKind::Offer:
      applyOffer(payload / 8, payload % 8);
      break;
    case ActionKind::Accept:
      m_participants |= 1 << p;
      m_answered |= 1 << p;
      nextAnswer();
      break;
    case ActionKind::Decline:
      m_answered |= 1 << p;
      if (m_fearTo == p) m_fearTo = m_turnPlayer;  // the offered Fear falls back to the drawer
      nextAnswer();
      break;
    case ActionKind::Sacrifice:
      // Rule "Sacrificing Spirit Stones": announced before the first roll, rolled together.
      m_board[static_cast<std::size_t>(payload)].stone = -1;
      ++ps.stonesHome;
      ++m_sacrifices[static_cast<std::size_t>(p)];
      break;
    case ActionKind::DeclareDone:
      nextDeclarer();
      break;
    case ActionKind::Roll:
      resolveBattle(rng);
      break;
    case ActionKind::UseRelic:
      useRelic(payload / 1000, payload % 1000, rng);
      break;
  }
  advance(rng);
}

// Relic powers (assumed set, data/rulesets/zoneplex/relics.yaml). Rule "Relic
// Cards": a used relic goes face up to the discard pile.
void ZoneplexState::useRelic(int slot, int target, sim::Rng& rng) {
  const int p = m_actor;
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  const HeldRelic held = ps.relics[static_cast<std::size_t>(slot)];
  ps.relics.erase(static_cast<std::size_t>(slot));
  m_relicDiscard.push_back(held.type);
  const RelicType& relic = m_rules->relics[held.type];
  log().add(p, relic.entity, sim::EntityUse::Played);
  const int amount = relic.amount;
  switch (relic.op) {
    case RelicOp::MoveOther:
      m_p[static_cast<std::size_t>(target / 64)].pos = static_cast<std::int8_t>(target % 64);
      break;
    case RelicOp::StealRelic: {
      PlayerState& victim = m_p[static_cast<std::size_t>(target)];
      int hidden = 0;
      for (const HeldRelic& h : victim.relics) hidden += h.revealed ? 0 : 1;
      if (hidden == 0) break;
      int pick = sim::uniformInt(rng, hidden);
      for (int i = 0; i < victim.relics.count(); ++i) {
        if (victim.relics[static_cast<std::size_t>(i)].revealed) continue;
        if (pick-- == 0) {
          HeldRelic taken = victim.relics[static_cast<std::size_t>(i)];
          victim.relics.erase(static_cast<std::size_t>(i));
          taken.gainedTurn = static_cast<std::int16_t>(m_turn);  // "may not be used during that same turn"
          ps.relics.push_back(taken);
          break;
        }
      }
      break;
    }
    case RelicOp::DislocateStone: {
      Cell& cell = m_board[static_cast<std::size_t>(target)];
      if (cell.stone >= 0) ++m_p[static_cast<std::size_t>(cell.stone)].stonesHome;
      cell.stone = -1;
      break;
    }
    case RelicOp::GainWms:
      ps.wms = static_cast<std::int8_t>(std::clamp(ps.wms + amount, m_rules->wmsMin, m_rules->wmsMax));
      break;
    case RelicOp::DrainWms: {
      PlayerState& victim = m_p[static_cast<std::size_t>(target)];
      victim.wms = static_cast<std::int8_t>(std::clamp(victim.wms - amount, m_rules->wmsMin, m_rules->wmsMax));
      break;
    }
    case RelicOp::ExtraSteps:
      m_stepsLeft += amount;
      break;
    case RelicOp::Warp:
      ps.pos = static_cast<std::int8_t>(target);
      m_landedOnTeleporter = false;
      break;
    case RelicOp::WeakenFear:
      m_weakenRolls[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(m_weakenRolls[static_cast<std::size_t>(p)] + amount);
      break;
    case RelicOp::AttackBonus:
      m_bonus[static_cast<std::size_t>(p)] = static_cast<std::int8_t>(m_bonus[static_cast<std::size_t>(p)] + amount);
      break;
    case RelicOp::Influence:
    case RelicOp::CanopicJar:
      break;
  }
}

std::unique_ptr<sim::State> ZoneplexState::clone() const { return std::make_unique<ZoneplexState>(*this); }

}  // namespace wb::rulesets::zoneplex
