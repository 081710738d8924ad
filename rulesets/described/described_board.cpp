// The board of a described game in play (described_board.h): setup, the
// targets of `place:` and `move_token:` actions, their resolution, the
// board's expression names and the effects `spread` and `lock_group`.
//
// A piece may go on a cell no token stands on that is empty or holds a piece
// it beats and is not locked; it comes from its supply counter and what it
// replaces goes back to its own. A token steps to a free neighbour (no piece,
// no other token) in its step directions, and a token that jumps crosses a
// straight line of jumpable pieces to the free cell after it, for no step,
// chained: a move goes to any cell reachable now and spends the fewest steps.
#include <algorithm>
#include <bit>
#include <cctype>
#include <string>

#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

void DescribedState::boardSetUp() {
  const md::BoardSpec& b = m_p->board;
  m_board.piece.assign(static_cast<std::size_t>(b.cells), -1);
  m_board.locked.assign(static_cast<std::size_t>(b.cells), 0);
  m_board.mark.assign(static_cast<std::size_t>(b.cells), 0);
  m_board.token.assign(static_cast<std::size_t>(m_players) * b.tokens.size(), static_cast<std::int16_t>(md::kNoCell));
  for (std::size_t t = 0; t < b.tokens.size(); ++t)
    for (int p = 0; p < m_players && p < static_cast<int>(b.tokens[t].start.size()); ++p)
      m_board.token[static_cast<std::size_t>(p) * b.tokens.size() + t] =
          static_cast<std::int16_t>(b.tokens[t].start[static_cast<std::size_t>(p)]);
  m_board.escapes.assign(static_cast<std::size_t>(m_players), -1);
  for (const auto& [cell, piece] : b.start) putPiece(cell, piece);
}

void DescribedState::setTurn(int player, int phase) {
  m_current = std::clamp(player, 0, m_players - 1);
  // A new turn set by hand: nothing of the old one waits (a choice's picks,
  // actions on the stack and the answers offered to them).
  m_choice.reset();
  m_stack.clear();
  m_stackPhase = -1;
  m_stackActor = 0;
  const bool first = true;  // startTurn(true) resets the turn without passing it on
  // A position set by hand has no game's generator: a turn_start trigger that
  // draws takes its draws from a fixed one, so the same set-up gives the same position.
  sim::Rng fixed(0);
  startTurn(first, fixed);
  m_phase = std::clamp(phase, 0, static_cast<int>(m_p->phases.size()) - 1);
  m_legalKnown = false;  // listed for the position before
  changed();
}

int DescribedState::supplyOf(int piece, int subject) const {
  const int c = m_p->board.pieces[static_cast<std::size_t>(piece)].supply;
  return c < 0 ? 1 : counter(c, subject);
}

// Supplies are the player's to act (a per-player counter) or the table's.
void DescribedState::changeSupply(int piece, int delta) {
  const int c = m_p->board.pieces[static_cast<std::size_t>(piece)].supply;
  if (c >= 0) setCounter(c, m_current, counter(c, m_current) + delta);
}

int DescribedState::tokenCell(int player, int token) const {
  const std::size_t n = m_p->board.tokens.size();
  if (token < 0 || static_cast<std::size_t>(token) >= n || player < 0 || player >= m_players) return md::kNoCell;
  return m_board.token[static_cast<std::size_t>(player) * n + static_cast<std::size_t>(token)];
}

void DescribedState::setToken(int player, int token, int cell) {
  boardChanged();
  const std::size_t n = m_p->board.tokens.size();
  m_board.token[static_cast<std::size_t>(player) * n + static_cast<std::size_t>(token)] = static_cast<std::int16_t>(cell);
}

int DescribedState::tokenAt(int cell) const {
  const std::size_t n = m_p->board.tokens.size();
  for (std::size_t i = 0; i < m_board.token.size(); ++i)
    if (m_board.token[i] == cell) return static_cast<int>(i / n);
  return -1;
}

bool DescribedState::canPlacePiece(int piece, int cell) const {
  if (cell < 0 || cell >= m_p->board.cells || tokenAt(cell) >= 0) return false;
  const int old = m_board.piece[static_cast<std::size_t>(cell)];
  if (old < 0) return true;
  if (m_board.locked[static_cast<std::size_t>(cell)]) return false;
  return (m_p->board.pieces[static_cast<std::size_t>(piece)].beats >> old) & 1u;
}

void DescribedState::putPiece(int cell, int piece) {
  boardChanged();
  const int old = m_board.piece[static_cast<std::size_t>(cell)];
  if (old >= 0) changeSupply(old, +1);
  changeSupply(piece, -1);
  m_board.piece[static_cast<std::size_t>(cell)] = static_cast<std::int8_t>(piece);
  m_board.locked[static_cast<std::size_t>(cell)] = 0;
}

void DescribedState::removePiece(int cell) {
  boardChanged();
  const int old = m_board.piece[static_cast<std::size_t>(cell)];
  if (old >= 0) changeSupply(old, +1);
  m_board.piece[static_cast<std::size_t>(cell)] = -1;
  m_board.locked[static_cast<std::size_t>(cell)] = 0;
}

void DescribedState::movePiece(int from, int to) {
  boardChanged();
  const int moving = m_board.piece[static_cast<std::size_t>(from)];
  if (from == to || moving < 0) return;
  const int old = m_board.piece[static_cast<std::size_t>(to)];
  if (old >= 0) changeSupply(old, +1);
  m_board.piece[static_cast<std::size_t>(to)] = static_cast<std::int8_t>(moving);
  m_board.locked[static_cast<std::size_t>(to)] = 0;
  m_board.piece[static_cast<std::size_t>(from)] = -1;
  m_board.locked[static_cast<std::size_t>(from)] = 0;
}

// No piece and no token but this one's own.
bool DescribedState::freeFor(int cell, int player, int token) const {
  if (m_board.piece[static_cast<std::size_t>(cell)] >= 0) return false;
  const std::size_t n = m_p->board.tokens.size();
  for (std::size_t i = 0; i < m_board.token.size(); ++i)
    if (m_board.token[i] == cell && i != static_cast<std::size_t>(player) * n + static_cast<std::size_t>(token)) return false;
  return true;
}

int DescribedState::jumpLanding(int from, int dir, int player, int token, int* jumped) const {
  const md::BoardSpec& b = m_p->board;
  int x = b.neighbour[static_cast<std::size_t>(from)][static_cast<std::size_t>(dir)];
  int n = 0;
  while (x != md::kNoCell) {
    const int piece = m_board.piece[static_cast<std::size_t>(x)];
    if (piece < 0 || !b.pieces[static_cast<std::size_t>(piece)].jumpable) break;
    ++n;
    x = b.neighbour[static_cast<std::size_t>(x)][static_cast<std::size_t>(dir)];
  }
  if (n == 0 || x == md::kNoCell || !freeFor(x, player, token)) return md::kNoCell;
  if (jumped) *jumped = n;
  return x;
}

// Breadth first, one layer per step spent; within a layer every jump is
// followed first (jumps cost nothing), so each cell is reached with the fewest
// steps, and among those with the fewest jumps.
void DescribedState::reach(int player, int token, int steps, std::vector<BoardReach>& out) const {
  const md::BoardSpec& b = m_p->board;
  const md::BoardToken& tk = b.tokens[static_cast<std::size_t>(token)];
  out.clear();
  const int start = tokenCell(player, token);
  if (start == md::kNoCell) return;
  thread_local std::vector<int> best;
  best.assign(static_cast<std::size_t>(b.cells), -1);
  out.push_back({start, 0, 0});
  best[static_cast<std::size_t>(start)] = 0;
  std::size_t layerBegin = 0;
  for (int k = 0;; ++k) {
    if (tk.jumps)
      for (std::size_t i = layerBegin; i < out.size(); ++i) {
        const BoardReach at = out[i];
        for (int d = 0; d < md::kBoardDirs; ++d) {
          int jumped = 0;
          const int land = jumpLanding(at.cell, d, player, token, &jumped);
          if (land == md::kNoCell || best[static_cast<std::size_t>(land)] >= 0) continue;
          best[static_cast<std::size_t>(land)] = k;
          out.push_back({land, k, at.jumps + jumped});
        }
      }
    if (k >= steps) break;
    const std::size_t layerEnd = out.size();
    for (std::size_t i = layerBegin; i < layerEnd; ++i) {
      const BoardReach at = out[i];
      for (unsigned m = tk.stepDirs; m != 0; m &= m - 1) {
        const int n = b.neighbour[static_cast<std::size_t>(at.cell)][static_cast<std::size_t>(std::countr_zero(m))];
        if (n == md::kNoCell || best[static_cast<std::size_t>(n)] >= 0 || !freeFor(n, player, token)) continue;
        best[static_cast<std::size_t>(n)] = k + 1;
        out.push_back({n, k + 1, at.jumps});
      }
    }
    if (out.size() == layerEnd) break;
    layerBegin = layerEnd;
  }
  out.erase(out.begin());  // the start
}

int DescribedState::escapes(int player) const {
  std::int8_t& cached = m_board.escapes[static_cast<std::size_t>(player)];
  if (cached >= 0) return cached;
  const md::BoardSpec& b = m_p->board;
  if (b.tokens.empty()) return cached = 0;
  const md::BoardToken& tk = b.tokens.front();
  const int at = tokenCell(player, 0);
  if (at == md::kNoCell) return cached = 0;
  int n = 0;
  for (unsigned m = tk.stepDirs; m != 0; m &= m - 1) {
    const int x = b.neighbour[static_cast<std::size_t>(at)][static_cast<std::size_t>(std::countr_zero(m))];
    if (x != md::kNoCell && freeFor(x, player, 0)) ++n;
  }
  if (tk.jumps)
    for (int d = 0; d < md::kBoardDirs; ++d)
      if (jumpLanding(at, d, player, 0, nullptr) != md::kNoCell) ++n;
  cached = static_cast<std::int8_t>(n);
  return n;
}

void DescribedState::boardVars(double* v, int subject) const {
  const md::BoardSlots& s = m_p->board.slots;
  v[s.escapes] = escapes(subject);
  v[s.opponentEscapes] = escapes((subject + 1) % m_players);
  v[s.toAct] = subject == m_current ? 1.0 : 0.0;
  v[s.pathSteps] = m_board.pathSteps;
  v[s.pathJumps] = m_board.pathJumps;
}

bool DescribedState::actionHasLegal(int action) const {
  const md::Action& a = m_p->actions[static_cast<std::size_t>(action)];
  double* v = const_cast<double*>(vars(actor(), -1));
  if (a.pickZone >= 0) {
    for (int card : zone(a.pickZone, m_current))
      if (legal(action, card, v, actor())) return true;
    return false;
  }
  if (!legal(action, -1, v, actor())) return false;
  if (a.board < 0) return true;
  thread_local std::vector<sim::Action> some;
  some.clear();
  boardLegalActions(action, some, true);
  return !some.empty();
}

void DescribedState::boardLegalActions(int action, std::vector<sim::Action>& out, bool first) const {
  const md::BoardSpec& b = m_p->board;
  const md::Action& a = m_p->actions[static_cast<std::size_t>(action)];
  const md::BoardAction& ba = b.actions[static_cast<std::size_t>(a.board)];
  if (ba.kind == md::BoardActionKind::Place) {
    thread_local std::vector<std::uint8_t> tokenHere;
    tokenHere.assign(static_cast<std::size_t>(b.cells), 0);
    for (std::int16_t c : m_board.token)
      if (c != md::kNoCell) tokenHere[static_cast<std::size_t>(c)] = 1;
    for (std::size_t k = 0; k < b.pieces.size(); ++k) {
      if (!((ba.pieces >> k) & 1u) || supplyOf(static_cast<int>(k), m_current) <= 0) continue;
      if (!holds(ba.condition, m_current, b.pieces[k].card)) continue;
      const std::uint32_t beats = b.pieces[k].beats;
      for (int c = 0; c < b.cells; ++c) {
        const auto cell = static_cast<std::size_t>(c);
        const int old = m_board.piece[cell];
        // canPlacePiece, with the tokens' cells looked up once.
        if (tokenHere[cell] || (old >= 0 && (m_board.locked[cell] || !((beats >> old) & 1u)))) continue;
        out.push_back(boardAction(action, static_cast<int>(k), c));
        if (first) return;
      }
    }
    return;
  }
  const int steps = static_cast<int>(std::clamp(eval(ba.steps, m_current, -1), 0.0, double(md::kMaxBoardCells)));
  thread_local std::vector<BoardReach> reached;
  reach(m_current, ba.token, steps, reached);
  if (ba.condition < 0 || m_p->conditions[static_cast<std::size_t>(ba.condition)].lua >= 0) {
    // A script's condition reads no path_ names: the same for every target.
    if (ba.condition >= 0 && !holds(ba.condition, m_current, -1)) return;
    for (const BoardReach& r : reached) {
      out.push_back(boardAction(action, kNoPiece, r.cell));
      if (first) break;
    }
    return;
  }
  // The names but the path's are the same for every target: read once, then
  // only the path's two slots change (vars() fills a buffer of this thread's).
  double* v = const_cast<double*>(vars(m_current, -1));
  const md::BoardSlots& s = b.slots;
  for (const BoardReach& r : reached) {
    v[s.pathSteps] = r.steps;
    v[s.pathJumps] = r.jumps;
    if (holdsOn(ba.condition, v)) {
      out.push_back(boardAction(action, kNoPiece, r.cell));
      if (first) break;
    }
  }
  // vars() hands the same buffer back while the state is unchanged: leave it as it found it.
  v[s.pathSteps] = m_board.pathSteps;
  v[s.pathJumps] = m_board.pathJumps;
}

void DescribedState::boardApply(sim::Action a, sim::Rng& rng) {
  const md::BoardSpec& b = m_p->board;
  const BoardTarget t = decodeBoardAction(a);
  const md::Action& action = m_p->actions[static_cast<std::size_t>(t.action)];
  const md::BoardAction& ba = b.actions[static_cast<std::size_t>(action.board)];
  ++m_taken[static_cast<std::size_t>(t.action)];
  ++m_actionsThisTurn;
  changed();  // turn_moves reads it
  m_idleTurns = 0;
  int card = -1;
  if (ba.kind == md::BoardActionKind::Place) {
    card = b.pieces[static_cast<std::size_t>(t.piece)].card;
    for (const md::Cost& c : action.costs)
      setCounter(c.counter, m_current, counter(c.counter, m_current) - static_cast<int>(std::llround(eval(c.amount, m_current, card))));
    putPiece(t.cell, t.piece);
    log().add(m_current, card, sim::EntityUse::Played);
    m_board.cell = t.cell;
    m_board.placed = t.piece;
  } else {
    const int steps = static_cast<int>(std::clamp(eval(ba.steps, m_current, -1), 0.0, double(md::kMaxBoardCells)));
    std::vector<BoardReach> reached;
    reach(m_current, ba.token, steps, reached);
    for (const BoardReach& r : reached)
      if (r.cell == t.cell) {
        m_board.pathSteps = r.steps;
        m_board.pathJumps = r.jumps;
      }
    for (const md::Cost& c : action.costs)
      setCounter(c.counter, m_current, counter(c.counter, m_current) - static_cast<int>(std::llround(eval(c.amount, m_current, -1))));
    setToken(m_current, ba.token, t.cell);
    m_board.cell = t.cell;
    m_board.placed = -1;
    if (m_board.pathJumps > 0)
      for (const md::BoardPiece& piece : b.pieces)
        if (piece.jumpable) {
          log().add(m_current, piece.card, sim::EntityUse::Triggered);
          break;
        }
  }
  run(action.code, m_current, card, -1, rng);
  m_board.cell = m_board.placed = -1;
  m_board.pathSteps = m_board.pathJumps = 0;
  if (!m_terminal) checkEnd();
  settle(rng);
}

// `spread`: for each orthogonal line of its own kind the placed piece touches,
// one more at the far end, if a piece of that kind may go there (a spread
// piece spreads no further). `lock_group`: the orthogonally connected group of
// its kind, once it has `size` pieces, is locked.
void DescribedState::boardOp(const md::Instr& in, int subject) {
  const md::BoardSpec& b = m_p->board;
  const int cell = m_board.cell, piece = m_board.placed;
  if (cell < 0 || piece < 0) return;
  const int card = b.pieces[static_cast<std::size_t>(piece)].card;
  auto nb = [&](int c, int d) { return static_cast<int>(b.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)]); };
  auto at = [&](int c) { return static_cast<int>(m_board.piece[static_cast<std::size_t>(c)]); };
  int count = 0;
  if (static_cast<md::BoardOp>(in.a) == md::BoardOp::Spread) {
    for (int d = 0; d < md::kBoardDirs; d += 2) {
      int x = nb(cell, d);
      if (x == md::kNoCell || at(x) != piece) continue;
      while (nb(x, d) != md::kNoCell && at(nb(x, d)) == piece) x = nb(x, d);
      const int end = nb(x, d);
      if (end == md::kNoCell || supplyOf(piece, m_current) <= 0 || !canPlacePiece(piece, end)) continue;
      putPiece(end, piece);
      ++count;
    }
    if (count > 0) {
      log().add(m_current, card, sim::EntityUse::Triggered);
      if (in.b >= 0) setCounter(in.b, subject, counter(in.b, subject) + count);
    }
    return;
  }
  const int size = static_cast<int>(std::llround(eval(in.b, subject, card)));
  std::vector<int> group{cell};
  std::vector<std::uint8_t> seen(static_cast<std::size_t>(b.cells), 0);
  seen[static_cast<std::size_t>(cell)] = 1;
  // Orthogonal neighbours on a grid; every link on a graph.
  const int stride = b.graph ? 1 : 2;
  for (std::size_t i = 0; i < group.size(); ++i)
    for (int d = 0; d < md::kBoardDirs; d += stride) {
      const int n = nb(group[i], d);
      if (n != md::kNoCell && !seen[static_cast<std::size_t>(n)] && at(n) == piece) {
        seen[static_cast<std::size_t>(n)] = 1;
        group.push_back(n);
      }
    }
  if (static_cast<int>(group.size()) < size) return;
  bool grew = false;
  for (int c : group) {
    grew = grew || !m_board.locked[static_cast<std::size_t>(c)];
    m_board.locked[static_cast<std::size_t>(c)] = 1;
  }
  if (grew) {
    log().add(m_current, card, sim::EntityUse::Triggered);
    if (in.c >= 0) setCounter(in.c, subject, counter(in.c, subject) + 1);
  }
}

// The grid, top row first (a graph: each occupied cell by name): a piece as the first letter of its card's id that
// no piece before it took (wind w, water a; upper case when locked), a token
// as its player's number, '.' an empty cell.
std::string DescribedState::boardToString() const {
  const md::BoardSpec& b = m_p->board;
  std::string letters;
  for (const md::BoardPiece& piece : b.pieces) {
    char pick = '?';
    for (char ch : m_p->cards[static_cast<std::size_t>(piece.card)].id) {
      const char lower = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      if (std::isalpha(static_cast<unsigned char>(lower)) && letters.find(lower) == std::string::npos) {
        pick = lower;
        break;
      }
    }
    letters += pick;
  }
  std::string out;
  if (b.graph) {
    for (int c = 0; c < b.cells; ++c) {
      const int player = tokenAt(c), k = m_board.piece[static_cast<std::size_t>(c)];
      if (player < 0 && k < 0) continue;
      out += "  " + b.cellName(c) + ": " +
             (player >= 0 ? "player " + std::to_string(player + 1)
                          : m_p->cards[static_cast<std::size_t>(b.pieces[static_cast<std::size_t>(k)].card)].id) +
             "\n";
    }
    return out;
  }
  for (int y = b.rows - 1; y >= 0; --y) {
    out += (y + 1 < 10 ? "   " : "  ") + std::to_string(y + 1) + " ";
    for (int x = 0; x < b.columns; ++x) {
      const int c = y * b.columns + x;
      const int player = tokenAt(c);
      const int k = m_board.piece[static_cast<std::size_t>(c)];
      char ch = '.';
      if (player >= 0) {
        ch = static_cast<char>('1' + player);
      } else if (k >= 0) {
        ch = letters[static_cast<std::size_t>(k)];
        if (m_board.locked[static_cast<std::size_t>(c)]) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      }
      out += ch;
    }
    out += "\n";
  }
  out += "     ";
  for (int x = 0; x < b.columns; ++x) out += static_cast<char>('A' + x);
  return out + "\n";
}

std::string DescribedState::boardActionToString(sim::Action a) const {
  const md::BoardSpec& b = m_p->board;
  const BoardTarget t = decodeBoardAction(a);
  if (t.action < 0 || static_cast<std::size_t>(t.action) >= m_p->actions.size()) return "?";
  std::string s = m_p->actions[static_cast<std::size_t>(t.action)].id;
  if (t.piece >= 0 && static_cast<std::size_t>(t.piece) < b.pieces.size())
    s += " " + m_p->cards[static_cast<std::size_t>(b.pieces[static_cast<std::size_t>(t.piece)].card)].id;
  return s + " " + b.cellName(t.cell);
}

}  // namespace wb::rulesets::described
