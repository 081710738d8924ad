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
  counterLog().reset(m_players, static_cast<int>(m_rules->counterIds.size()));
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
  // "Draw 7 tiles and place them face up along the marked edge": the bottom row's
  // upward cells. A foundation Wall faces a random side among those a Wall may
  // block (rule "Wall": no trapped monk, walled-in sacred chamber or blocked way
  // to the apex); the side facing the outline is always one of them (assumed:
  // the orientation is not in the text).
  for (int i = 0; i < R.foundationTiles && !m_tileSupply.empty(); ++i) {
    const int t = m_tileSupply.back();
    m_tileSupply.pop_back();
    const int c = R.geometry.foundation[static_cast<std::size_t>(i)];
    int side = -1;
    if (R.tiles[static_cast<std::size_t>(t)].kind == TileKind::Wall) {
      std::array<int, 3> legal{};
      int n = 0;
      for (int s = 0; s < 3; ++s)
        if (wallKeepsWays(t, c, s)) legal[static_cast<std::size_t>(n++)] = s;
      side = n > 0 ? legal[static_cast<std::size_t>(sim::uniformInt(rng, n))] : 2;
    }
    setTile(c, t, side);
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
  receiveRelic(p, h);
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
  m_chooseSteps = false;
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
  noteTurnStarted(p);
  const ActionCardType& card = m_rules->actions[static_cast<std::size_t>(m_card)];
  log().add(p, card.entity, sim::EntityUse::Played);
  switch (card.kind) {
    case CardKind::Step:
      if (m_phase2) {
        beginMove(card.steps);  // "he/she only moves since there are no more Zone Tiles"
      } else {
        drawTiles(p, card.tiles);
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

bool ZoneplexState::otherMonkOn(int p, int c) const {
  for (int q = 0; q < m_players; ++q)
    if (q != p && m_p[static_cast<std::size_t>(q)].pos == c) return true;
  return false;
}

// Rule "Spirit Stones": a free chamber (no stone, no other Monkle) takes one stone.
bool ZoneplexState::stoneAllowed() const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(m_turnPlayer)];
  const int c = ps.pos;
  if (c < 0 || m_board[static_cast<std::size_t>(c)].tile < 0 || ps.stonesHome <= 0) return false;
  const TileType& tile = m_rules->tiles[static_cast<std::size_t>(m_board[static_cast<std::size_t>(c)].tile)];
  return tile.isChamber() && m_board[static_cast<std::size_t>(c)].stone < 0 && !otherMonkOn(m_turnPlayer, c);
}

// Rule "Reliquary": an unoccupied reliquary gives one relic (a swap at the limit).
bool ZoneplexState::reliquaryAllowed() const {
  const int c = m_p[static_cast<std::size_t>(m_turnPlayer)].pos;
  if (c < 0 || m_board[static_cast<std::size_t>(c)].tile < 0) return false;
  const TileType& tile = m_rules->tiles[static_cast<std::size_t>(m_board[static_cast<std::size_t>(c)].tile)];
  return tile.kind == TileKind::Reliquary && !otherMonkOn(m_turnPlayer, c) &&
         (!m_relicDeck.empty() || !m_relicDiscard.empty());
}

// Rule "Zoneplexology": events of the tile where the movement ends.
void ZoneplexState::endMovement(sim::Rng& rng) {
  const int p = m_turnPlayer;
  m_stepsLeft = 0;
  m_landedOnTeleporter = false;
  const int c = m_p[static_cast<std::size_t>(p)].pos;
  if (stoneAllowed()) {
    m_stage = Stage::StoneChoice;
    return;
  }
  // "The player may draw 1 Relic Card"; "with 4 they may discard 1 and draw a new one".
  if (reliquaryAllowed()) {
    log().add(p, m_rules->tiles[static_cast<std::size_t>(m_board[static_cast<std::size_t>(c)].tile)].entity,
              sim::EntityUse::Triggered);
    m_stage = Stage::ReliquaryChoice;
    return;
  }
  finishTurn(rng);
}

// Note in "Turn Order": "A player can always use as many Relic Cards as he/she
// desires on their turn": after the last step, the stone or the reliquary, or
// the battle, the turn player may still use relics before the turn ends.
void ZoneplexState::finishTurn(sim::Rng& rng) {
  if (m_stage == Stage::Over) return;
  m_stage = Stage::TurnEnd;
  m_actor = m_turnPlayer;
  if (!canUseRelics(m_turnPlayer)) endTurn(rng);
}

// Rule "Phase 2": the player who places the last tile completes the turn, then all reveal.
void ZoneplexState::endTurn(sim::Rng& rng) {
  if (!m_phase2 && (boardComplete() || placementStalled())) m_phase2 = true;
  startTurn((m_turnPlayer + 1) % m_players, rng);
}

void ZoneplexState::drawTiles(int p, int n) {
  PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  for (int k = 0; k < n && !m_tileSupply.empty() && !ps.tiles.full(); ++k) {
    ps.tiles.push_back(m_tileSupply.back());
    m_tileSupply.pop_back();
  }
}

// Runs the automatic parts until someone has a decision (or the game is over).
void ZoneplexState::advance(sim::Rng& rng) {
  std::array<std::int8_t, kMaxCells> dest{};
  for (int guard = 0; guard < 1000; ++guard) {
    switch (m_stage) {
      case Stage::Place:
        if (m_tilesToPlace > 0 && !m_p[static_cast<std::size_t>(m_turnPlayer)].tiles.empty() && anyPlacement()) return;
        m_tilesToPlace = 0;
        if (m_chooseSteps) {
          m_stage = Stage::StepChoice;  // dislocate card: the step count comes after the tiles
          return;
        }
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
      case Stage::TurnEnd:
        if (canUseRelics(m_turnPlayer)) return;
        endTurn(rng);  // nothing left to use
        break;
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
        finishTurn(rng);
      } else if (m_phase2) {
        m_stage = Stage::StepChoice;
      } else {
        // "Add 3 new Zone Tiles, place 3 and move 1, 2 or 3 steps": the count is
        // chosen once the tiles are down. The path rule asks for the least (1).
        drawTiles(p, m_rules->actions[static_cast<std::size_t>(m_card)].tiles);
        m_tilesToPlace = m_rules->actions[static_cast<std::size_t>(m_card)].tiles;
        m_pendingSteps = 1;
        m_chooseSteps = true;
        m_stage = Stage::Place;
      }
      break;
    case ActionKind::ChooseSteps:
      m_chooseSteps = false;
      beginMove(payload);
      break;
    case ActionKind::PlaceStone:
      m_board[static_cast<std::size_t>(ps.pos)].stone = static_cast<std::int8_t>(p);
      --ps.stonesHome;
      log().add(p, m_rules->tiles[static_cast<std::size_t>(m_board[static_cast<std::size_t>(ps.pos)].tile)].entity,
                sim::EntityUse::Triggered);
      finishTurn(rng);
      break;
    case ActionKind::SkipStone:
      finishTurn(rng);
      break;
    case ActionKind::SkipRelic:
      if (reliquaryAllowed() && relicRoom(p) > 0) counterLog().add(p, m_rules->counter.reliquarySkipped);
      finishTurn(rng);
      break;
    case ActionKind::DrawRelic:
      drawRelic(p, rng);
      finishTurn(rng);
      break;
    case ActionKind::SwapRelic:
      m_relicDiscard.push_back(ps.relics[static_cast<std::size_t>(payload)].type);
      ps.relics.erase(static_cast<std::size_t>(payload));
      drawRelic(p, rng);
      finishTurn(rng);
      break;
    case ActionKind::EndTurn:
      endTurn(rng);
      break;
    case ActionKind::Offer:
      applyOffer(payload);
      break;
    case ActionKind::Gift:
      giveGift(payload / 8, payload % 8);
      break;
    case ActionKind::GiftsDone:
      nextBargainStep();
      break;
    case ActionKind::Accept:
    case ActionKind::Decline:
      answer(kindOf(a) == ActionKind::Accept);
      break;
    case ActionKind::AskToJoin:
      askToJoin(joinPromised(payload), joinItem(payload));
      break;
    case ActionKind::StayOut:
      m_battle.asked |= 1 << p;
      nextBargainStep();
      break;
    case ActionKind::Admit:
    case ActionKind::Refuse:
      decideJoin(kindOf(a) == ActionKind::Admit);
      break;
    case ActionKind::Sacrifice:
      // Rule "Sacrificing Spirit Stones": announced before the first roll, rolled together.
      m_board[static_cast<std::size_t>(payload)].stone = -1;
      ++ps.stonesHome;
      ++m_battle.sacrifices[static_cast<std::size_t>(p)];
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

std::unique_ptr<sim::State> ZoneplexState::clone() const { return std::make_unique<ZoneplexState>(*this); }

}  // namespace wb::rulesets::zoneplex
