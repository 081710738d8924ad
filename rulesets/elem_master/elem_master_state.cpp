#include "rulesets/elem_master/elem_master_state.h"

#include <algorithm>
#include <iomanip>
#include <sstream>

namespace wb::rulesets::elem_master {

ElemMasterState::ElemMasterState(std::shared_ptr<const ElemMasterRules> rules) : m_rules(std::move(rules)) {
  m_slots.fill(-1);
  m_slotOwner.fill(-1);
  m_slotHidden.fill(-1);
}

// ---------------------------------------------------------------- setup

void ElemMasterState::setUp(int players, const std::vector<int>& factionOfSeat, sim::Rng& rng) {
  const ElemMasterRules& r = *m_rules;
  m_players = players == 4 ? 4 : 2;  // "Règles à 4 joueurs": 2 or 4 players
  m_side = m_players == 4 ? 10 : 6;  // "Mise en place" 2: 6x6 or 10x10
  m_cells = m_side * m_side;
  for (int s = 0; s < m_players; ++s) m_rot[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(m_players == 2 ? 2 * s : s);
  clearBoard();
  buildBoard(rng);
  log().reset(m_players, static_cast<int>(r.ids.size()));
  counterLog().reset(m_players, static_cast<int>(r.counterIds.size()));
  // "Mise en place" 5: each seat's specialty, assigned by the runner (a ranking) or drafted below.
  for (int s = 0; s < m_players; ++s) {
    PlayerState& ps = m_p[static_cast<std::size_t>(s)];
    ps.specialty = -1;
    if (r.specialtiesEnabled && !r.draftSpecialties && s < static_cast<int>(factionOfSeat.size())) {
      const int f = factionOfSeat[static_cast<std::size_t>(s)];
      if (f >= 0 && f < static_cast<int>(r.factionSpecialty.size()))
        ps.specialty = static_cast<std::int8_t>(r.factionSpecialty[static_cast<std::size_t>(f)]);
    }
    if (ps.specialty >= 0) log().add(s, ps.specialty, sim::EntityUse::Acquired);
  }
  // "Les évènements": 6 cards drawn at random, face up.
  m_deckSize = 0;
  if (r.eventsEnabled) {
    const int n = std::min<int>(static_cast<int>(r.events.size()), 32);
    for (int i = 0; i < n; ++i) m_deck[static_cast<std::size_t>(m_deckSize++)] = static_cast<std::int8_t>(i);
    for (int i = m_deckSize - 1; i > 0; --i) std::swap(m_deck[static_cast<std::size_t>(i)], m_deck[static_cast<std::size_t>(sim::uniformInt(rng, i + 1))]);
    for (int s = 0; s < r.eventsDrawn && m_deckSize > 0; ++s) m_slots[static_cast<std::size_t>(s)] = m_deck[static_cast<std::size_t>(--m_deckSize)];
  }
  m_current = 0;  // assumed: seat 0 is the first player (the runner rotates seats between games)
  m_turn = 0;
  if (r.specialtiesEnabled && r.draftSpecialties) {
    m_phase = Phase::Draft;  // "en commençant par le 1er joueur, puis en sens horaire"
    return;
  }
  afterDraft();
}

void ElemMasterState::clearBoard() {
  for (int c = 0; c < kMaxCells; ++c) {
    const bool v = m_board[static_cast<std::size_t>(c)].flags & kVoid;
    m_board[static_cast<std::size_t>(c)] = Cell{};
    if (v) m_board[static_cast<std::size_t>(c)].flags = kVoid;
  }
  for (PlayerState& p : m_p) p.reserve.fill(static_cast<std::int8_t>(m_rules->tokensPerElement));
}

void ElemMasterState::putStack(int c, int owner, int element, int level, std::uint8_t flags) {
  Cell& cl = m_board[static_cast<std::size_t>(c)];
  if (cl.owner >= 0) m_p[static_cast<std::size_t>(cl.owner)].reserve[cl.element] += static_cast<std::int8_t>(cl.level);
  cl.owner = static_cast<std::int8_t>(owner);
  cl.element = static_cast<std::uint8_t>(element);
  cl.level = static_cast<std::uint8_t>(level);
  cl.flags = static_cast<std::uint8_t>((cl.flags & kVoid) | flags);
  cl.morph = -1;
  if (owner < 0) { cl.level = 0; return; }
  m_p[static_cast<std::size_t>(owner)].reserve[static_cast<std::size_t>(element)] -= static_cast<std::int8_t>(level);
}

void ElemMasterState::setVoid(int c, bool v) {
  Cell& cl = m_board[static_cast<std::size_t>(c)];
  cl.flags = static_cast<std::uint8_t>(v ? (cl.flags | kVoid) : (cl.flags & ~kVoid));
}

void ElemMasterState::setEventSlot(int slot, int event, int owner) {
  m_slots[static_cast<std::size_t>(slot)] = static_cast<std::int8_t>(event);
  m_slotOwner[static_cast<std::size_t>(slot)] = static_cast<std::int8_t>(owner);
  m_slotHidden[static_cast<std::size_t>(slot)] = -1;
}

// "Mise en place" 2-3: four terrain blocks at random, then the arena's void blocks.
void ElemMasterState::buildBoard(sim::Rng& rng) {
  const ElemMasterRules& r = *m_rules;
  const int bs = m_players == 4 ? 5 : 3;
  static const int kSetA[6] = {0, 1, 2, 0, 0, 1};
  static const int kSetB[6] = {0, 1, 2, 1, 2, 2};
  const int a = kSetA[r.terrainSet], b = kSetB[r.terrainSet];
  std::array<int, 16> poolA{}, poolB{};
  int na = 0, nb = 0;
  for (int i = 0; i < static_cast<int>(r.blocks.size()); ++i) {
    const BlockDef& blk = r.blocks[static_cast<std::size_t>(i)];
    if (blk.size != bs) continue;
    if (blk.set == a && na < 16) poolA[static_cast<std::size_t>(na++)] = i;
    else if (blk.set == b && nb < 16) poolB[static_cast<std::size_t>(nb++)] = i;
  }
  auto draw = [&](std::array<int, 16>& pool, int& n) {
    if (n == 0) return 0;
    const int k = sim::uniformInt(rng, n);
    const int v = pool[static_cast<std::size_t>(k)];
    pool[static_cast<std::size_t>(k)] = pool[static_cast<std::size_t>(--n)];
    return v;
  };
  std::array<int, 4> quadBlock{};
  if (a == b) {
    for (int q = 0; q < 4; ++q) quadBlock[static_cast<std::size_t>(q)] = draw(poolA, na);
  } else {
    // "un bloc de chaque type est positionné devant chaque joueur": bottom pair and top pair.
    for (int half = 0; half < 2; ++half) {
      const int first = sim::uniformInt(rng, 2);
      quadBlock[static_cast<std::size_t>(half * 2 + first)] = draw(poolA, na);
      quadBlock[static_cast<std::size_t>(half * 2 + 1 - first)] = draw(poolB, nb);
    }
  }
  for (int q = 0; q < 4; ++q) {
    const BlockDef& blk = r.blocks[static_cast<std::size_t>(quadBlock[static_cast<std::size_t>(q)])];
    for (int i = 0; i < bs; ++i)
      for (int j = 0; j < bs; ++j)
        m_terrain[static_cast<std::size_t>(cellOf((q / 2) * bs + i, (q % 2) * bs + j))] = blk.cells[static_cast<std::size_t>(i * bs + j)];
  }
  for (Cell& c : m_board) c.flags = 0;
  int arena = m_players == 4 ? r.arena4 : r.arena2;
  if (arena < 0) {
    int n = 0;
    for (const ArenaDef& ad : r.arenas) n += ad.players == m_players ? 1 : 0;
    int k = n > 0 ? sim::uniformInt(rng, n) : 0;
    for (int i = 0; i < static_cast<int>(r.arenas.size()); ++i)
      if (r.arenas[static_cast<std::size_t>(i)].players == m_players && k-- == 0) arena = i;
  }
  m_arena = arena;
  if (arena >= 0)
    for (int v : r.arenas[static_cast<std::size_t>(arena)].voidCells) setVoid(v, true);
}

namespace {
// Seat-local (row 0 = back row facing the seat) to board coordinates.
void toBoard(int side, int rot, int r, int c, int& R, int& C) {
  R = side - 1 - r;
  C = c;
  for (int i = 0; i < rot; ++i) {
    const int t = R;
    R = C;
    C = side - 1 - t;
  }
}
}  // namespace

int ElemMasterState::seatLocalRow(int seat, int c) const {
  int R = c / m_side, C = c % m_side;
  for (int i = 0; i < m_rot[static_cast<std::size_t>(seat)]; ++i) {
    const int t = C;
    C = R;
    R = m_side - 1 - t;
  }
  return m_side - 1 - R;
}

void ElemMasterState::placeStart() {
  const ElemMasterRules& r = *m_rules;
  // "Les cartes Arène proposent chacune un départ prédéfini": the start of the arena drawn.
  int arenaIdx = m_arena;
  if (arenaIdx < 0)
    for (int i = 0; i < static_cast<int>(r.arenas.size()) && arenaIdx < 0; ++i)
      if (r.arenas[static_cast<std::size_t>(i)].players == m_players) arenaIdx = i;
  for (int s = 0; s < m_players && arenaIdx >= 0; ++s) {
    // "Départ prédéfini": the arena card's army, rotated to each seat.
    for (const StartToken& t : r.arenas[static_cast<std::size_t>(arenaIdx)].start) {
      int R = 0, C = 0;
      toBoard(m_side, m_rot[static_cast<std::size_t>(s)], t.row, t.col, R, C);
      const int c = cellOf(R, C);
      const int lvl = std::min({t.level, r.maxLevel, static_cast<int>(m_p[static_cast<std::size_t>(s)].reserve[static_cast<std::size_t>(t.element)])});
      if (usable(c) && m_board[static_cast<std::size_t>(c)].owner < 0 && lvl > 0) putStack(c, s, t.element, lvl);
    }
  }
}

// ---------------------------------------------------------------- turns

void ElemMasterState::beginTurn() {
  noteTurnStarted(m_current);
  PlayerState& ps = m_p[static_cast<std::size_t>(m_current)];
  m_ap = m_rules->actionPoints + ps.extraAp;
  ps.extraAp = 0;
  if (m_nextApOverride >= 0) { m_ap = m_nextApOverride; m_nextApOverride = -1; }
  m_turnAp = m_ap;
  m_own = ps.nextOwn;
  ps.nextOwn = 0;
  m_frozenStacks = m_frozenLevels = 0;
  for (int c = 0; c < m_cells; ++c) {
    const Cell& cl = m_board[static_cast<std::size_t>(c)];
    if (cl.owner == m_current && (cl.flags & kPlayed)) {
      ++m_frozenStacks;
      m_frozenLevels = static_cast<std::int8_t>(m_frozenLevels + cl.level);
    }
  }
  m_noFullMoves = m_noFullMovesNext;
  m_noFullMovesNext = false;
  m_breathNoMark = false;
  m_freeCells = {-1, -1};
  m_freeMoves = 0;
  m_growCell = -1;
  // Secousse: "Ils seront dévoilés et utilisables au début de votre prochain tour."
  for (auto& h : m_slotHidden)
    if (h == m_current) h = -1;
  // Nécromancien: "Mettez de côté jusqu'à 3 jetons Terre perdus" -- the choice for the Earth
  // tokens lost since the last one (assumed: made at the start of the player's turn).
  const SpecialtyDef* sp = ps.specialty >= 0 ? &m_rules->specialties[static_cast<std::size_t>(ps.specialty)] : nullptr;
  if (sp && sp->op == SpecOp::Reanimate && ps.lost > 0) {
    const int most = std::min({static_cast<int>(ps.lost), sp->count - ps.pool, static_cast<int>(ps.reserve[kEarth])});
    ps.lost = 0;
    if (most > 0) {
      m_pending = Pending{};
      m_pending.kind = PendingKind::SetAside;
      m_pending.count = static_cast<std::int8_t>(most);
    }
  }
}

// "Tours de jeu": at the end of the turn the active player's X markers are removed.
void ElemMasterState::endTurn() {
  for (int c = 0; c < m_cells; ++c) {
    Cell& cl = m_board[static_cast<std::size_t>(c)];
    cl.morph = -1;
    if (cl.owner != m_current) continue;
    if (cl.flags & kFrozen) cl.flags = static_cast<std::uint8_t>(cl.flags & ~kFrozen);  // Jungle
    else cl.flags = static_cast<std::uint8_t>(cl.flags & ~kPlayed);
  }
  m_pending = Pending{};
  m_repeatBy = static_cast<std::int8_t>(m_current);
  ++m_turn;
  if (m_turn >= m_rules->turnLimit) {
    m_adjudicated = true;  // assumed cap: the rules have no turn limit
    counterLog().add(m_repeatBy, static_cast<int>(m_rules->specialties.size()) + kCounterTurnLimit);
    finishByCount();
    return;
  }
  for (int i = 1; i <= m_players; ++i) {
    const int p = (m_current + i) % m_players;
    if (!m_p[static_cast<std::size_t>(p)].eliminated) {
      m_current = p;
      break;
    }
  }
  beginTurn();
  const bool repeated = repeatedPosition();
  if (m_repeats > 0)  // the turn that just ended let a position recur
    counterLog().add(m_repeatBy, static_cast<int>(m_rules->specialties.size()) + kCounterRecurred);
  if (repeated) {
    m_adjudicated = true;
    counterLog().add(m_current, static_cast<int>(m_rules->specialties.size()) + kCounterRepeated);
    finishByCount();
  }
}

bool ElemMasterState::isEnemy(int p, int q) const {
  if (p == q || p < 0 || q < 0) return false;
  if (m_players == 4 && m_rules->teams) return (p % 2) != (q % 2);
  return true;
}

int ElemMasterState::tokensOnBoard(int p, int element) const {
  int n = 0;
  for (int c = 0; c < m_cells; ++c) {
    const Cell& cl = m_board[static_cast<std::size_t>(c)];
    if (cl.owner == p && cl.element == element) n += cl.level;
  }
  return n;
}

// "Conditions de victoire": elimination without Earth; the no-Fire end.
void ElemMasterState::checkEnd() {
  if (m_terminal || m_phase != Phase::Play) return;
  std::array<bool, kMaxPlayers> hasEarth{};
  bool anyFire = false;
  for (int c = 0; c < m_cells; ++c) {
    const Cell& cl = m_board[static_cast<std::size_t>(c)];
    if (cl.owner < 0) continue;
    if (cl.element == kEarth) hasEarth[static_cast<std::size_t>(cl.owner)] = true;
    if (cl.element == kFire) anyFire = true;
  }
  std::array<bool, kMaxPlayers> justOut{};
  for (int p = 0; p < m_players; ++p) {
    PlayerState& ps = m_p[static_cast<std::size_t>(p)];
    if (ps.eliminated || hasEarth[static_cast<std::size_t>(p)]) continue;
    ps.eliminated = true;
    justOut[static_cast<std::size_t>(p)] = true;
    // "Lorsqu'un joueur est éliminé, tous ses jetons sont retirés du jeu."
    for (int c = 0; c < m_cells; ++c)
      if (m_board[static_cast<std::size_t>(c)].owner == p) removeStack(c, true);
  }
  // Sides still in the game (a team counts as one side).
  const bool teams = m_players == 4 && m_rules->teams;
  std::array<bool, kMaxPlayers> sideAlive{};
  int sides = 0;
  for (int p = 0; p < m_players; ++p) {
    const int s = teams ? p % 2 : p;
    if (!m_p[static_cast<std::size_t>(p)].eliminated && !sideAlive[static_cast<std::size_t>(s)]) {
      sideAlive[static_cast<std::size_t>(s)] = true;
      ++sides;
    }
  }
  if (sides <= 1) {
    m_terminal = true;
    m_returns.fill(0.0);
    // The last side standing wins (a team's partners share the win, eliminated or not);
    // a simultaneous wipe-out is a draw between the players just eliminated.
    std::array<bool, kMaxPlayers> win{};
    int winners = 0;
    for (int p = 0; p < m_players; ++p) {
      win[static_cast<std::size_t>(p)] = sides == 1 ? sideAlive[static_cast<std::size_t>(teams ? p % 2 : p)] : justOut[static_cast<std::size_t>(p)];
      winners += win[static_cast<std::size_t>(p)] ? 1 : 0;
    }
    for (int p = 0; p < m_players; ++p)
      if (win[static_cast<std::size_t>(p)]) m_returns[static_cast<std::size_t>(p)] = 1.0 / winners;
    return;
  }
  if (!anyFire) finishByCount();
}

// No Fire left (or the turn limit): most Earth tokens, then Water, then Air; else a draw.
void ElemMasterState::finishByCount() {
  m_terminal = true;
  m_returns.fill(0.0);
  const bool teams = m_players == 4 && m_rules->teams;
  const int nSides = teams ? 2 : m_players;
  std::array<std::array<int, 3>, kMaxPlayers> score{};
  std::array<bool, kMaxPlayers> alive{};
  static const int kOrder[3] = {kEarth, kWater, kAir};
  for (int p = 0; p < m_players; ++p) {
    if (m_p[static_cast<std::size_t>(p)].eliminated) continue;
    const int s = teams ? p % 2 : p;
    alive[static_cast<std::size_t>(s)] = true;
    for (int k = 0; k < 3; ++k) score[static_cast<std::size_t>(s)][static_cast<std::size_t>(k)] += tokensOnBoard(p, kOrder[k]);
  }
  int best = -1;
  for (int s = 0; s < nSides; ++s)
    if (alive[static_cast<std::size_t>(s)] && (best < 0 || score[static_cast<std::size_t>(s)] > score[static_cast<std::size_t>(best)])) best = s;
  if (best < 0) return;
  int winners = 0;
  for (int p = 0; p < m_players; ++p) {
    const int s = teams ? p % 2 : p;
    if (alive[static_cast<std::size_t>(s)] && score[static_cast<std::size_t>(s)] == score[static_cast<std::size_t>(best)] &&
        (teams || !m_p[static_cast<std::size_t>(p)].eliminated))
      ++winners;
  }
  for (int p = 0; p < m_players; ++p) {
    const int s = teams ? p % 2 : p;
    if (alive[static_cast<std::size_t>(s)] && score[static_cast<std::size_t>(s)] == score[static_cast<std::size_t>(best)] &&
        (teams || !m_p[static_cast<std::size_t>(p)].eliminated))
      m_returns[static_cast<std::size_t>(p)] = 1.0 / winners;
  }
}

// ---------------------------------------------------------------- tokens

int ElemMasterState::gainLevels(int c, int n, int cap) {
  Cell& cl = m_board[static_cast<std::size_t>(c)];
  if (cl.owner < 0 || n <= 0) return 0;
  std::int8_t& res = m_p[static_cast<std::size_t>(cl.owner)].reserve[cl.element];
  const int g = std::max(0, std::min({n, static_cast<int>(res), cap - cl.level}));
  cl.level = static_cast<std::uint8_t>(cl.level + g);
  res = static_cast<std::int8_t>(res - g);
  return g;
}

void ElemMasterState::loseLevels(int c, int n) {
  Cell& cl = m_board[static_cast<std::size_t>(c)];
  if (cl.owner < 0 || n <= 0) return;
  const int l = std::min<int>(n, cl.level);
  PlayerState& ps = m_p[static_cast<std::size_t>(cl.owner)];
  ps.reserve[cl.element] = static_cast<std::int8_t>(ps.reserve[cl.element] + l);
  if (cl.element == kEarth) ps.lost = static_cast<std::int8_t>(std::min(100, ps.lost + l));  // Nécromancien
  cl.level = static_cast<std::uint8_t>(cl.level - l);
  if (cl.level == 0) {
    cl.owner = -1;
    cl.flags = static_cast<std::uint8_t>(cl.flags & kVoid);
    cl.morph = -1;
  }
}

void ElemMasterState::removeStack(int c, bool toReserve) {
  Cell& cl = m_board[static_cast<std::size_t>(c)];
  if (cl.owner < 0) return;
  PlayerState& ps = m_p[static_cast<std::size_t>(cl.owner)];
  if (toReserve) ps.reserve[cl.element] = static_cast<std::int8_t>(ps.reserve[cl.element] + cl.level);
  // Nécromancien: an Earth removed (Génie, transmutation, Orage, sacrifice) is lost too.
  if (toReserve && cl.element == kEarth) ps.lost = static_cast<std::int8_t>(std::min(100, ps.lost + cl.level));
  cl.owner = -1;
  cl.level = 0;
  cl.morph = -1;
  cl.flags = static_cast<std::uint8_t>(cl.flags & kVoid);
}

// "Désert: ... Les élémentaires d'Eau perdent un niveau lorsqu'ils entrent sur ce terrain":
// only when they come from another terrain (a step from desert to desert enters nothing).
bool ElemMasterState::drainsOnEntry(int from, int to, int element) const {
  const auto desert = [&](int c) {
    return m_rules->terrains[m_terrain[static_cast<std::size_t>(c)]].effect == TerrainEffect::Desert;
  };
  return element == kWater && desert(to) && !desert(from);
}

void ElemMasterState::enterSquare(int from, int to) {
  const Cell& cl = m_board[static_cast<std::size_t>(to)];
  if (cl.owner >= 0 && drainsOnEntry(from, to, cl.element)) loseLevels(to, m_rules->desertWaterLoss);
}

// The seat that plays the next turn ("le prochain tour désigne celui de l'adversaire du joueur actif").
int ElemMasterState::nextPlayer() const {
  for (int i = 1; i <= m_players; ++i) {
    const int p = (m_current + i) % m_players;
    if (!m_p[static_cast<std::size_t>(p)].eliminated) return p;
  }
  return m_current;
}

int ElemMasterState::alivePlayers() const {
  int n = 0;
  for (int p = 0; p < m_players; ++p) n += m_p[static_cast<std::size_t>(p)].eliminated ? 0 : 1;
  return n;
}

// ---------------------------------------------------------------- text

// The board as a person reads it: rows and columns counted from 1 as the
// moves name them, each piece by its Seat (1..N), element and level.
std::string ElemMasterState::toString() const {
  std::ostringstream os;
  os << "turn " << turnCount() << ", Seat " << m_current + 1 << ", AP " << m_ap << "\n";
  os << "pieces: Seat, element (E earth, F fire, W water, A air), level; x played this turn; ### void\n";
  static const char kLetters[kElements] = {'E', 'F', 'W', 'A'};
  os << "   ";
  for (int c = 0; c < m_side; ++c) os << "  " << std::setw(2) << std::left << c + 1 << std::right << ' ';
  os << "\n";
  for (int r = 0; r < m_side; ++r) {
    os << std::setw(2) << r + 1 << ' ';
    for (int c = 0; c < m_side; ++c) {
      const Cell& cl = m_board[static_cast<std::size_t>(cellOf(r, c))];
      if (cl.flags & kVoid) os << " ### ";
      else if (cl.owner < 0) os << "  .  ";
      else os << ' ' << static_cast<int>(cl.owner) + 1 << kLetters[cl.element] << static_cast<int>(cl.level) << ((cl.flags & kPlayed) ? 'x' : ' ');
    }
    os << "\n";
  }
  return os.str();
}

std::string ElemMasterState::actionToString(sim::Action a) const {
  static const char* const kNames[kKindCount] = {
      "end", "grow", "move", "attack", "underground", "blaze", "wave", "breath", "place", "stop",
      "sacrifice", "summon", "destroy", "oracle_move", "oracle_attack", "transmute", "rune_mark",
      "enchant_attack", "morph", "reanimate", "event", "draft", "deploy"};
  const int k = static_cast<int>(actionKind(a));
  if (k < 0 || k >= kKindCount) return std::to_string(a);
  // (row, column) from 1, as the board in toString() numbers them.
  auto sq = [&](int c) { return "(" + std::to_string(c / m_side + 1) + "," + std::to_string(c % m_side + 1) + ")"; };
  std::string s = kNames[k];
  const Kind kind = actionKind(a);
  if (kind == Kind::EndTurn || kind == Kind::Stop) return s;
  if (kind == Kind::Draft)
    return s + " " + (actionA(a) < static_cast<int>(m_rules->specialties.size()) ? m_rules->specialties[static_cast<std::size_t>(actionA(a))].id : "none");
  if (kind == Kind::Deploy) return s + " " + elementName(actionX(a)) + " " + sq(actionA(a));
  if (kind == Kind::Event) {
    const int ev = m_slots[static_cast<std::size_t>(actionA(a) % kMaxEventSlots)];
    return s + " " + (ev >= 0 ? m_rules->events[static_cast<std::size_t>(ev)].id : "?");
  }
  s += " " + sq(actionA(a));
  if (kind == Kind::Move || kind == Kind::Attack || kind == Kind::Underground || kind == Kind::Breath ||
      kind == Kind::Blaze || kind == Kind::OracleMove || kind == Kind::OracleAttack || kind == Kind::EnchantAttack)
    s += "->" + sq(actionB(a));
  if (kind == Kind::Wave) s += " dir " + std::to_string(actionB(a));
  if (kind == Kind::Blaze) s += "," + sq(actionX(a));
  else if (actionX(a)) s += " x" + std::to_string(actionX(a));
  return s;
}

}  // namespace wb::rulesets::elem_master
