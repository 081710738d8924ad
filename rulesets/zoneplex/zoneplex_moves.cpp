// Zoneplex: legal actions and the board queries behind them (placement, walls,
// movement, teleporters, relic targets).
#include <algorithm>
#include <bit>

#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex {

int ZoneplexState::currentPlayer() const { return m_stage == Stage::Over ? sim::kTerminalPlayer : m_actor; }

int ZoneplexState::stepsAhead() const {
  switch (m_stage) {
    case Stage::Move: return m_stepsLeft;
    case Stage::Place: return m_chooseSteps ? std::max(1, m_rules->actions[static_cast<std::size_t>(m_card)].steps) : m_pendingSteps;
    case Stage::StepChoice: return std::max(1, m_rules->actions[static_cast<std::size_t>(m_card)].steps);
    default: return 0;
  }
}

bool ZoneplexState::boardComplete() const {
  for (int c = 1; c < m_rules->geometry.cells; ++c)
    if (m_board[static_cast<std::size_t>(c)].tile < 0) return false;
  return true;
}

void ZoneplexState::placeTile(int tileType, int c, int wallSide) { setTile(c, tileType, wallSide); }

// Rule "A Primer on Wall Placements": a wall blocks the side it is printed on.
bool ZoneplexState::stepBlocked(int from, int to) const {
  const Geometry& g = m_rules->geometry;
  const Cell& a = m_board[static_cast<std::size_t>(from)];
  const Cell& b = m_board[static_cast<std::size_t>(to)];
  auto isWall = [&](const Cell& cell) {
    return cell.tile >= 0 && m_rules->tiles[static_cast<std::size_t>(cell.tile)].kind == TileKind::Wall;
  };
  if (isWall(a) && a.wallSide == g.sideTowards(from, to)) return true;
  if (isWall(b) && b.wallSide == g.sideTowards(to, from)) return true;
  return false;
}

// Rule "Teleporter Tiles": a coloured teleporter leads to its pair or any master;
// a master leads to every other teleporter in play. A teleporter walled in on all
// sides is no destination (tip "Walls").
int ZoneplexState::teleportDestinations(int from, std::array<std::int8_t, kMaxCells>& out) const {
  const Geometry& g = m_rules->geometry;
  const int ft = m_board[static_cast<std::size_t>(from)].tile;
  if (ft < 0) return 0;
  const TileType& src = m_rules->tiles[static_cast<std::size_t>(ft)];
  if (!src.isTeleporter()) return 0;
  int n = 0;
  for (int c = 1; c < g.cells; ++c) {
    if (c == from) continue;
    const int t = m_board[static_cast<std::size_t>(c)].tile;
    if (t < 0) continue;
    const TileType& dst = m_rules->tiles[static_cast<std::size_t>(t)];
    if (!dst.isTeleporter()) continue;
    const bool ok = src.kind == TileKind::MasterTeleporter || dst.kind == TileKind::MasterTeleporter ||
                    src.colour == dst.colour;
    if (!ok) continue;
    bool exit = false;
    for (int s = 0; s < 3 && !exit; ++s) {
      const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(s)];
      if (nb > 0 && m_board[static_cast<std::size_t>(nb)].tile >= 0 && !stepBlocked(c, nb)) exit = true;
    }
    if (exit) out[static_cast<std::size_t>(n++)] = static_cast<std::int8_t>(c);
  }
  return n;
}

void ZoneplexState::makeWays(Ways& w) const {
  const Geometry& g = m_rules->geometry;
  w = Ways{};
  for (int c = 0; c < g.cells; ++c) {
    for (int side = 0; side < 3; ++side) {
      const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(side)];
      if (nb >= 0 && !stepBlocked(c, nb)) w.open[static_cast<std::size_t>(c)] |= 1ULL << nb;
    }
    const int t = m_board[static_cast<std::size_t>(c)].tile;
    if (t < 0) continue;
    const TileType& tile = m_rules->tiles[static_cast<std::size_t>(t)];
    if (tile.isTeleporter()) {
      w.joins |= 1ULL << c;
      if (c > kEyeCell) w.teleporters |= 1ULL << c;
    }
    if (c > kEyeCell && tile.kind == TileKind::Sacred) w.sacred |= 1ULL << c;
  }
  for (int f : g.foundation) w.fixedMust |= 1ULL << f;  // the way from the base to the apex
  for (int q = 0; q < m_players; ++q)
    if (m_p[static_cast<std::size_t>(q)].pos >= 0) w.fixedMust |= 1ULL << m_p[static_cast<std::size_t>(q)].pos;
  w.before = reachable(w, -1, -1, -1);
}

// From the apex through sides that are not walled, over placed and still empty cells
// (the pyramid to be), and through teleporters in play (one network: colour pairs via
// the masters, assumed when no master is out): the closure, so the order in which
// cells are visited does not matter.
std::uint64_t ZoneplexState::reachable(const Ways& w, int extraCell, int extraTile, int extraSide) const {
  const Geometry& g = m_rules->geometry;
  std::uint64_t teleporters = w.teleporters, joins = w.joins;
  std::uint64_t extraOpen = 0, extraNeighbours = 0, extraBit = 0;
  if (extraCell >= 0) {
    // The supposed tile changes the steps between extraCell and its neighbours (both
    // ways: a wall blocks the step it faces from either side) and maybe the network.
    const std::size_t xc = static_cast<std::size_t>(extraCell);
    extraBit = 1ULL << extraCell;
    const bool extraWall = extraTile >= 0 && m_rules->tiles[static_cast<std::size_t>(extraTile)].kind == TileKind::Wall;
    for (int side = 0; side < 3; ++side) {
      const int nb = g.neighbour[xc][static_cast<std::size_t>(side)];
      if (nb < 0) continue;
      extraNeighbours |= 1ULL << nb;
      const Cell& other = m_board[static_cast<std::size_t>(nb)];
      const bool blocked =
          (extraWall && extraSide == g.sideTowards(extraCell, nb)) ||
          (other.tile >= 0 && m_rules->tiles[static_cast<std::size_t>(other.tile)].kind == TileKind::Wall &&
           other.wallSide == g.sideTowards(nb, extraCell));
      if (!blocked) extraOpen |= 1ULL << nb;
    }
    const bool teleporter = extraTile >= 0 && m_rules->tiles[static_cast<std::size_t>(extraTile)].isTeleporter();
    joins = (joins & ~extraBit) | (teleporter ? extraBit : 0);
    teleporters = (teleporters & ~extraBit) | (teleporter && extraCell > kEyeCell ? extraBit : 0);
  }
  std::uint64_t bits = 1ULL << kEyeCell, frontier = bits;
  bool teleportersJoined = false;
  while (frontier) {
    const int c = std::countr_zero(frontier);
    frontier &= frontier - 1;
    std::uint64_t next = w.open[static_cast<std::size_t>(c)];
    if (c == extraCell) next = extraOpen;
    else if ((extraNeighbours >> c) & 1ULL) next = (next & ~extraBit) | (((extraOpen >> c) & 1ULL) << extraCell);
    next &= ~bits;
    if (!teleportersJoined && ((joins >> c) & 1ULL)) {
      teleportersJoined = true;
      next |= teleporters & ~bits;
    }
    bits |= next;
    frontier |= next;
  }
  return bits;
}

// Rule "Zone Tile Placement": an empty cell inside the outline, one side touching
// a placed tile (the Eye, placed only roughly, does not count); walls must not
// trap a Monkle, wall in a sacred chamber or cut the way to the apex.
bool ZoneplexState::canPlace(int tileType, int c, int wallSide) const {
  Ways w;
  makeWays(w);
  return canPlaceGiven(tileType, c, wallSide, w);
}

bool ZoneplexState::canPlaceGiven(int tileType, int c, int wallSide, const Ways& w) const {
  const Geometry& g = m_rules->geometry;
  if (tileType < 0 || tileType >= static_cast<int>(m_rules->tiles.size())) return false;
  if (c <= kEyeCell || c >= g.cells || m_board[static_cast<std::size_t>(c)].tile >= 0) return false;
  const TileType& t = m_rules->tiles[static_cast<std::size_t>(tileType)];
  if (t.kind == TileKind::Eye) return false;
  const bool wall = t.kind == TileKind::Wall;
  if (wall ? (wallSide < 0 || wallSide > 2) : wallSide != -1) return false;
  bool touching = false;
  for (int s = 0; s < 3; ++s) {
    const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(s)];
    if (nb > kEyeCell && m_board[static_cast<std::size_t>(nb)].tile >= 0) touching = true;
  }
  if (!touching) return false;
  if (!wall) return true;
  return wallKeepsWaysGiven(tileType, c, wallSide, w);
}

bool ZoneplexState::wallKeepsWays(int tileType, int c, int wallSide) const {
  Ways w;
  makeWays(w);
  return wallKeepsWaysGiven(tileType, c, wallSide, w);
}

// Rule "Wall": after the wall, every foundation cell, every monk and every sacred
// chamber that reached the apex before (over placed and empty cells) still does.
bool ZoneplexState::wallKeepsWaysGiven(int tileType, int c, int wallSide, const Ways& w) const {
  const std::uint64_t after = reachable(w, c, tileType, wallSide);
  std::uint64_t must = w.fixedMust | w.sacred;
  if (c > kEyeCell && c < m_rules->geometry.cells) {
    must = w.fixedMust | (w.sacred & ~(1ULL << c));
    if (m_rules->tiles[static_cast<std::size_t>(tileType)].kind == TileKind::Sacred) must |= 1ULL << c;
  }
  return (must & w.before & ~after) == 0;
}

bool ZoneplexState::hasWallTile(const PlayerState& ps) const {
  for (std::uint8_t t : ps.tiles)
    if (m_rules->tiles[t].kind == TileKind::Wall) return true;
  return false;
}

bool ZoneplexState::placementStalled() const {
  if (!m_tileSupply.empty()) return false;
  for (int q = 0; q < m_players; ++q)
    if (anyPlacementFor(q)) return false;
  return true;
}

bool ZoneplexState::anyPlacement() const { return anyPlacementFor(m_turnPlayer); }

bool ZoneplexState::anyPlacementFor(int p) const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
  const int cells = m_rules->geometry.cells;
  Ways ways;
  if (hasWallTile(ps)) makeWays(ways);
  for (int i = 0; i < ps.tiles.count(); ++i) {
    const int t = ps.tiles[static_cast<std::size_t>(i)];
    const bool wall = m_rules->tiles[static_cast<std::size_t>(t)].kind == TileKind::Wall;
    for (int c = 1; c < cells; ++c)
      for (int side = wall ? 0 : -1; side < (wall ? 3 : 0); ++side)
        if (canPlaceGiven(t, c, side, ways)) return true;
  }
  return false;
}

// Cells next to which a new tile gives the monk a way to move on: the cell it
// stands on, or (before its first step) every bottom tile; 0 if a way exists.
std::uint64_t ZoneplexState::pathCells() const {
  const Geometry& g = m_rules->geometry;
  const int pos = m_p[static_cast<std::size_t>(m_turnPlayer)].pos;
  std::uint64_t from = 0;
  if (pos >= 0) from = 1ULL << pos;
  else
    for (int c : g.foundation)
      if (m_board[static_cast<std::size_t>(c)].tile >= 0) from |= 1ULL << c;
  for (int c = 1; c < g.cells; ++c) {
    if (!((from >> c) & 1ULL)) continue;
    for (int s = 0; s < 3; ++s) {
      const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(s)];
      if (nb > kEyeCell && m_board[static_cast<std::size_t>(nb)].tile >= 0 && !stepBlocked(c, nb)) return 0;
    }
  }
  return from;
}

// Rule "Movement": "if it's possible to build a path long enough to fulfill the
// required movement, the player must build it" -- while the monk has no way on
// (and must move more than its first step), only placements creating one are listed.
void ZoneplexState::addPlacements(std::vector<sim::Action>& out) const {
  const PlayerState& ps = m_p[static_cast<std::size_t>(m_turnPlayer)];
  const Geometry& g = m_rules->geometry;
  Ways ways;
  if (hasWallTile(ps)) makeWays(ways);
  const int pos = ps.pos;
  const std::uint64_t from = m_pendingSteps > (pos < 0 ? 1 : 0) ? pathCells() : 0;
  for (int pass = from ? 0 : 1; pass < 2 && out.empty(); ++pass) {
    std::uint64_t seen = 0;  // tile types already listed (copies are the same choice)
    for (int i = 0; i < ps.tiles.count(); ++i) {
      const int t = ps.tiles[static_cast<std::size_t>(i)];
      if ((seen >> t) & 1ULL) continue;
      seen |= 1ULL << t;
      const bool wall = m_rules->tiles[static_cast<std::size_t>(t)].kind == TileKind::Wall;
      for (int c = 1; c < g.cells; ++c) {
        if (pass == 0) {
          bool opens = false;
          for (int s = 0; s < 3; ++s) {
            const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(s)];
            if (nb >= 0 && (from >> nb) & 1ULL) opens = true;
          }
          if (!opens) continue;
        }
        for (int side = wall ? 0 : -1; side < (wall ? 3 : 0); ++side) {
          // A wall opens the way only through a side it does not block.
          if (pass == 0 && wall) {
            bool opens = false;
            for (int s = 0; s < 3; ++s) {
              const int nb = g.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(s)];
              if (s != side && nb >= 0 && (from >> nb) & 1ULL) opens = true;
            }
            if (!opens) continue;
          }
          if (canPlaceGiven(t, c, side, ways)) out.push_back(encode(ActionKind::Place, placePayload(t, c, side < 0 ? 3 : side)));
        }
      }
    }
  }
}

// Rule "Movement": one step to an adjacent tile, forward or back; the first
// step enters one of the bottom tiles; the Eye only for a worthy monk in phase 2.
bool ZoneplexState::anyStep() const {
  const Geometry& g = m_rules->geometry;
  const int p = m_turnPlayer;
  const int pos = m_p[static_cast<std::size_t>(p)].pos;
  if (pos < 0) {
    for (int c : g.foundation)
      if (m_board[static_cast<std::size_t>(c)].tile >= 0) return true;
    return false;
  }
  for (int s = 0; s < 3; ++s) {
    const int nb = g.neighbour[static_cast<std::size_t>(pos)][static_cast<std::size_t>(s)];
    if (nb < 0 || stepBlocked(pos, nb)) continue;
    if (nb == kEyeCell ? canEnterEye(p) : m_board[static_cast<std::size_t>(nb)].tile >= 0) return true;
  }
  return false;
}

void ZoneplexState::addSteps(std::vector<sim::Action>& out) const {
  const Geometry& g = m_rules->geometry;
  const int p = m_turnPlayer;
  const int pos = m_p[static_cast<std::size_t>(p)].pos;
  std::array<std::int8_t, kMaxCells> dest{};
  const int n = m_landedOnTeleporter && pos >= 0 ? teleportDestinations(pos, dest) : 0;
  for (int i = 0; i < n; ++i) out.push_back(encode(ActionKind::Teleport, dest[static_cast<std::size_t>(i)]));
  if (m_stepsLeft <= 0) return;  // ending on a teleporter: only teleporting
  if (pos < 0) {
    for (int c : g.foundation)
      if (m_board[static_cast<std::size_t>(c)].tile >= 0) out.push_back(encode(ActionKind::Step, c));
    return;
  }
  for (int s = 0; s < 3; ++s) {
    const int nb = g.neighbour[static_cast<std::size_t>(pos)][static_cast<std::size_t>(s)];
    if (nb < 0 || stepBlocked(pos, nb)) continue;
    if (nb == kEyeCell ? canEnterEye(p) : m_board[static_cast<std::size_t>(nb)].tile >= 0)
      out.push_back(encode(ActionKind::Step, nb));
  }
}

void ZoneplexState::legalActions(std::vector<sim::Action>& out) const {
  out.clear();
  const int p = m_actor;
  switch (m_stage) {
    case Stage::Place:
      addPlacements(out);
      break;
    case Stage::Move:
      addSteps(out);
      break;
    case Stage::DislocateChoice: {
      out.push_back(encode(ActionKind::ChooseMode, 0));
      for (int c = 1; c < m_rules->geometry.cells; ++c) {
        if (m_board[static_cast<std::size_t>(c)].stone < 0) continue;
        bool occupied = false;
        for (int q = 0; q < m_players; ++q) occupied |= m_p[static_cast<std::size_t>(q)].pos == c;
        if (!occupied) out.push_back(encode(ActionKind::ChooseMode, 100 + c));
      }
      break;
    }
    case Stage::StepChoice: {
      const ActionCardType& card = m_rules->actions[static_cast<std::size_t>(m_card)];
      for (int k = 1; k <= std::max(1, card.steps); ++k) out.push_back(encode(ActionKind::ChooseSteps, k));
      break;
    }
    case Stage::StoneChoice:
      if (stoneAllowed()) out.push_back(encode(ActionKind::PlaceStone, 0));
      out.push_back(encode(ActionKind::SkipStone, 0));
      break;
    case Stage::ReliquaryChoice:
      // "May draw 1 Relic Card"; at the limit "may discard 1 Relic Card and draw a new one".
      if (reliquaryAllowed()) {
        if (relicRoom(p) > 0) out.push_back(encode(ActionKind::DrawRelic, 0));
        else
          for (int i = 0; i < m_p[static_cast<std::size_t>(p)].relics.count(); ++i) out.push_back(encode(ActionKind::SwapRelic, i));
      }
      out.push_back(encode(ActionKind::SkipRelic, 0));
      break;
    case Stage::TurnEnd:
      out.push_back(encode(ActionKind::EndTurn, 0));
      break;
    case Stage::BattleOffer:
      addOffers(out);
      break;
    case Stage::BattleGifts: {
      const PlayerState& ps = m_p[static_cast<std::size_t>(p)];
      std::uint64_t seen = 0;
      for (int i = 0; i < ps.relics.count(); ++i) {
        const HeldRelic& h = ps.relics[static_cast<std::size_t>(i)];
        if (!tradable(h) || (seen >> h.type) & 1ULL) continue;
        seen |= 1ULL << h.type;
        for (int q = 0; q < m_players; ++q)
          if ((m_battle.invited >> q) & 1 && !((m_battle.gifts >> q) & 1) && relicRoom(q) > 0)
            out.push_back(encode(ActionKind::Gift, i * 8 + q));
      }
      out.push_back(encode(ActionKind::GiftsDone, 0));
      break;
    }
    case Stage::BattleAnswer:
      out.push_back(encode(ActionKind::Accept, 0));
      out.push_back(encode(ActionKind::Decline, 0));
      break;
    case Stage::BattleJoin:
      addJoinRequests(out);
      out.push_back(encode(ActionKind::StayOut, 0));
      break;
    case Stage::BattleAdmit:
      out.push_back(encode(ActionKind::Admit, 0));
      out.push_back(encode(ActionKind::Refuse, 0));
      break;
    case Stage::BattleDeclare:
      for (int c = 1; c < m_rules->geometry.cells; ++c)
        if (m_board[static_cast<std::size_t>(c)].stone == p) out.push_back(encode(ActionKind::Sacrifice, c));
      // A promise to sacrifice is binding (rule "Group Combat/Negotiation": the
      // promised stones are placed in front of the mat before the battle).
      if (promiseKept(p)) out.push_back(encode(ActionKind::DeclareDone, 0));
      break;
    case Stage::BattleRoll:
      out.push_back(encode(ActionKind::Roll, 0));
      break;
    case Stage::Over:
      return;
  }
  addRelicUses(out, p);
}

}  // namespace wb::rulesets::zoneplex
