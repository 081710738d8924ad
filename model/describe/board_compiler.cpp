// The board vocabulary of a description (described_board.h): `rules: board:`
// (grid, pieces, start, tokens), the actions `place:` and `move_token:`, the
// action key `unless_legal:`, the effects `spread` and `lock_group`, and the
// names escapes / opponent_escapes / to_act / path_steps / path_jumps. Every
// problem is a diagnostic at its file:line:column with "did you mean".
#include "model/describe/board_compiler.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "model/describe/description_compiler.h"
#include "model/validation/name_suggestion.h"
#include "model/validation/ruleset_validator.h"

namespace wb::model::describe {

std::string BoardSpec::cellName(int cell) const {
  if (cell < 0 || cell >= cells) return "--";
  if (graph) return names[static_cast<std::size_t>(cell)];
  return std::string(1, static_cast<char>('A' + cell % columns)) + std::to_string(cell / columns + 1);
}

int BoardSpec::parseCell(const std::string& name) const {
  if (graph) {
    const auto it = std::find(names.begin(), names.end(), name);
    return it == names.end() ? -1 : static_cast<int>(it - names.begin());
  }
  if (name.size() < 2 || name.size() > 3) return -1;
  const char col = static_cast<char>(name[0] >= 'a' && name[0] <= 'z' ? name[0] - 'a' + 'A' : name[0]);
  if (col < 'A' || col >= 'A' + columns) return -1;
  int row = 0;
  for (std::size_t i = 1; i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return -1;
    row = row * 10 + (name[i] - '0');
  }
  if (row < 1 || row > rows) return -1;
  return (row - 1) * columns + (col - 'A');
}

namespace {

constexpr int kDx[kBoardDirs] = {0, 1, 1, 1, 0, -1, -1, -1};
constexpr int kDy[kBoardDirs] = {1, 1, 0, -1, -1, -1, 0, 1};

// An amount over parameters, evaluated now (grid sizes, step directions).
double paramValue(Compiler& c, const YAML::Node& node, const std::string& what, bool& ok) {
  const std::string text = c.scalar(node, what);
  ExpressionError err;
  auto e = Expression::parse(text, &err);
  if (!e) {
    c.error(offsetLocation(c.m_r.loc(node), err.column - 1), err.message);
    ok = false;
    return 0;
  }
  const double v = e->evaluate([&](std::string_view name) {
    if (name == "true") return 1.0;
    if (name == "false") return 0.0;
    if (c.m_rs.parameter(name) == nullptr) {
      std::set<std::string, std::less<>> params;
      for (const auto& q : c.m_rs.parameters) params.insert(q.id);
      c.error(c.m_r.loc(node), "expected a number or an amount over parameters for " + what + ", got '" + text +
                                   "' (unknown parameter '" + std::string(name) + "'" +
                                   validation::didYouMean(name, params) + ")");
      ok = false;
      return 0.0;
    }
    return c.m_rs.number(name);
  });
  return v;
}

std::string gridText(const BoardSpec& b) {
  if (b.graph) return "board (cells: " + std::to_string(b.cells) + ", named in 'graph')";
  return std::to_string(b.columns) + "x" + std::to_string(b.rows) + " board (columns A.." +
         std::string(1, static_cast<char>('A' + b.columns - 1)) + ", rows 1.." + std::to_string(b.rows) + ")";
}

// A cell by name; -1 (reported, with the nearest names) when it is not on the board.
int cellRef(Compiler& c, const std::string& name, const SourceLocation& where) {
  const BoardSpec& b = c.m_p.board;
  const int cell = b.parseCell(name);
  if (cell >= 0) return cell;
  // A column letter and a row number off the board: the nearest cell on it;
  // anything else: the closest name.
  std::string hint;
  if (b.graph) {
    std::set<std::string, std::less<>> known(b.names.begin(), b.names.end());
    hint = validation::didYouMean(name, known);
  } else if (name.size() >= 2 && std::isalpha(static_cast<unsigned char>(name[0])) &&
      name.find_first_not_of("0123456789", 1) == std::string::npos && name.size() <= 4) {
    const int col = std::clamp(std::toupper(static_cast<unsigned char>(name[0])) - 'A', 0, b.columns - 1);
    const int row = std::clamp(std::stoi(name.substr(1)), 1, b.rows);
    hint = " (did you mean '" + b.cellName((row - 1) * b.columns + col) + "'?)";
  } else {
    std::set<std::string, std::less<>> names;
    for (int i = 0; i < b.cells; ++i) names.insert(b.cellName(i));
    hint = validation::didYouMean(name, names);
  }
  c.error(where, "'" + name + "' is not a cell of the " + gridText(b) + hint);
  return -1;
}

int pieceRef(Compiler& c, const std::string& name, const SourceLocation& where) {
  const BoardSpec& b = c.m_p.board;
  std::set<std::string, std::less<>> names;
  for (std::size_t k = 0; k < b.pieces.size(); ++k) {
    const std::string& id = c.m_p.cards[static_cast<std::size_t>(b.pieces[k].card)].id;
    if (id == name) return static_cast<int>(k);
    names.insert(id);
  }
  c.error(where, "unknown piece '" + name + "'" + validation::didYouMean(name, names) +
                     (names.empty() ? " (the board declares no 'pieces')" : ""));
  return -1;
}

std::vector<std::pair<std::string, SourceLocation>> names(Compiler& c, const YAML::Node& node, const std::string& what) {
  std::vector<std::pair<std::string, SourceLocation>> out;
  if (node.IsSequence()) {
    for (const auto& item : node) out.emplace_back(c.scalar(item, what), c.m_r.loc(item));
  } else {
    out.emplace_back(c.scalar(node, what), c.m_r.loc(node));
  }
  return out;
}

void readGrid(Compiler& c, const yaml::MapEntry& e) {
  BoardSpec& b = c.m_p.board;
  bool ok = true;
  for (const auto& f : c.m_r.entries(e.value, "grid")) {
    const std::string what = "the grid's '" + f.key + "'";
    if (f.key == "columns" || f.key == "rows") {
      const double v = paramValue(c, f.value, what, ok);
      if (!ok) continue;
      if (!std::isfinite(v) || v < 1 || v > kMaxBoardSide) {
        c.error(f.valueLoc, what + " is " + formatNumber(v) + ": it must lie in [1, " + std::to_string(kMaxBoardSide) + "]");
        ok = false;
        continue;
      }
      (f.key == "columns" ? b.columns : b.rows) = static_cast<int>(std::lround(v));
    } else {
      c.m_r.unknownKey(f, "grid (known: columns, rows)");
    }
  }
  if (!e.value.IsMap() || !e.value["columns"] || !e.value["rows"]) {
    c.error(e.valueLoc, "'grid' needs 'columns' and 'rows'");
    ok = false;
  }
  if (!ok) return;
  b.cells = b.columns * b.rows;
  b.neighbour.assign(static_cast<std::size_t>(b.cells), {});
  for (int y = 0; y < b.rows; ++y)
    for (int x = 0; x < b.columns; ++x)
      for (int d = 0; d < kBoardDirs; ++d) {
        const int nx = x + kDx[d], ny = y + kDy[d];
        b.neighbour[static_cast<std::size_t>(y * b.columns + x)][static_cast<std::size_t>(d)] =
            static_cast<std::int16_t>(nx >= 0 && ny >= 0 && nx < b.columns && ny < b.rows ? ny * b.columns + nx : kNoCell);
      }
}

// `graph: {a: [b, c], b: [c]}`: each cell and the cells it is linked to
// (links go both ways; a link written twice is one).
void readGraph(Compiler& c, const yaml::MapEntry& e) {
  BoardSpec& b = c.m_p.board;
  if (!e.value.IsMap() || e.value.size() == 0) {
    c.error(e.valueLoc, "expected a map of cell: [linked cells] for 'graph', got " + yaml::NodeReader::describe(e.value));
    return;
  }
  const auto entries = c.m_r.entries(e.value, "graph");
  for (const auto& cell : entries) {
    if (std::find(b.names.begin(), b.names.end(), cell.key) != b.names.end()) continue;
    if (static_cast<int>(b.names.size()) >= kMaxBoardCells) {
      c.error(cell.keyLoc, "too many cells (at most " + std::to_string(kMaxBoardCells) + ")");
      return;
    }
    b.names.push_back(cell.key);
  }
  b.graph = true;
  b.cells = static_cast<int>(b.names.size());
  b.neighbour.assign(static_cast<std::size_t>(b.cells), {});
  for (auto& row : b.neighbour) row.fill(static_cast<std::int16_t>(kNoCell));
  auto link = [&](int from, int to, const SourceLocation& where) {
    auto& row = b.neighbour[static_cast<std::size_t>(from)];
    if (std::find(row.begin(), row.end(), to) != row.end()) return;
    const auto slot = std::find(row.begin(), row.end(), static_cast<std::int16_t>(kNoCell));
    if (slot == row.end()) {
      c.error(where, "cell " + b.names[static_cast<std::size_t>(from)] + " has more than " + std::to_string(kBoardDirs) +
                         " links");
      return;
    }
    *slot = static_cast<std::int16_t>(to);
  };
  for (const auto& cell : entries) {
    const int from = b.parseCell(cell.key);
    if (!cell.value.IsSequence()) {
      c.error(cell.valueLoc, "expected a list of the cells '" + cell.key + "' is linked to, got " +
                                 yaml::NodeReader::describe(cell.value));
      continue;
    }
    for (const auto& [name, where] : names(c, cell.value, "a linked cell")) {
      const int to = b.parseCell(name);
      if (to < 0) {
        std::set<std::string, std::less<>> known(b.names.begin(), b.names.end());
        c.error(where, "cell '" + cell.key + "' is linked to '" + name + "', which is no cell of the graph" +
                           validation::didYouMean(name, known));
        continue;
      }
      if (to == from) {
        c.error(where, "cell '" + cell.key + "' is linked to itself");
        continue;
      }
      link(from, to, where);
      link(to, from, where);
    }
  }
}

void readPieces(Compiler& c, const yaml::MapEntry& e) {
  BoardSpec& b = c.m_p.board;
  if (!e.value.IsMap()) {
    c.error(e.valueLoc, "expected a map of piece: {beats, supply, jump} for 'pieces', got " +
                            yaml::NodeReader::describe(e.value));
    return;
  }
  std::set<std::string, std::less<>> cardIds;
  for (const auto& card : c.m_p.cards) cardIds.insert(card.id);
  const auto entries = c.m_r.entries(e.value, "pieces");
  // Kinds first: `beats` may name a piece written below it.
  for (const auto& p : entries) {
    int card = -1;
    for (std::size_t i = 0; i < c.m_p.cards.size(); ++i)
      if (c.m_p.cards[i].id == p.key) card = static_cast<int>(i);
    if (card < 0) {
      c.error(p.keyLoc, "unknown piece '" + p.key + "': a piece is a card of the ruleset's 'cards:'" +
                            validation::didYouMean(p.key, cardIds));
      continue;
    }
    if (static_cast<int>(b.pieces.size()) >= kMaxPieces) {
      c.error(p.keyLoc, "too many pieces (at most " + std::to_string(kMaxPieces) + ")");
      break;
    }
    BoardPiece piece;
    piece.card = card;
    b.pieceOfCard[static_cast<std::size_t>(card)] = static_cast<int>(b.pieces.size());
    b.pieces.push_back(piece);
  }
  for (const auto& p : entries) {
    int kind = -1;
    for (std::size_t i = 0; i < b.pieces.size(); ++i)
      if (c.m_p.cards[static_cast<std::size_t>(b.pieces[i].card)].id == p.key) kind = static_cast<int>(i);
    if (kind < 0) continue;
    BoardPiece& piece = b.pieces[static_cast<std::size_t>(kind)];
    if (!p.value.IsMap() && !p.value.IsNull()) {
      c.error(p.valueLoc, "expected a map (beats, supply, jump) for piece '" + p.key + "'");
      continue;
    }
    for (const auto& f : c.m_r.entries(p.value, "piece '" + p.key + "'")) {
      if (f.key == "beats") {
        for (const auto& [name, where] : names(c, f.value, "'beats'")) {
          const int t = pieceRef(c, name, where);
          if (t == kind) c.error(where, "piece '" + p.key + "' cannot beat itself");
          else if (t >= 0) piece.beats |= 1u << t;
        }
      } else if (f.key == "supply") {
        piece.supply = c.counterRef(f.value, c.scalar(f.value, "'supply'"), f.valueLoc);
      } else if (f.key == "jump") {
        const std::string v = c.scalar(f.value, "'jump'");
        if (v == "true" || v == "false") piece.jumpable = v == "true";
        else c.error(f.valueLoc, "expected true or false for 'jump', got '" + v + "'");
      } else if (f.key != "description") {
        c.m_r.unknownKey(f, "piece '" + p.key + "' (known: beats, supply, jump, description)");
      }
    }
  }
}

void readTokens(Compiler& c, const yaml::MapEntry& e, std::vector<int>& taken) {
  BoardSpec& b = c.m_p.board;
  if (!e.value.IsMap()) {
    c.error(e.valueLoc, "expected a map of token: {start, diagonal, jump} for 'tokens', got " +
                            yaml::NodeReader::describe(e.value));
    return;
  }
  for (const auto& t : c.m_r.entries(e.value, "tokens")) {
    BoardToken token;
    token.id = t.key;
    token.stepDirs = 0xff;
    bool hasStart = false, badCell = false;
    for (const auto& f : c.m_r.entries(t.value, "token '" + t.key + "'")) {
      if (f.key == "start") {
        hasStart = true;
        for (const auto& [name, where] : names(c, f.value, "a start cell")) {
          const int cell = cellRef(c, name, where);
          if (cell < 0) {
            badCell = true;
            continue;
          }
          if (taken[static_cast<std::size_t>(cell)]) c.error(where, "cell " + name + " is taken twice at the start");
          taken[static_cast<std::size_t>(cell)] = 1;
          token.start.push_back(cell);
        }
      } else if (f.key == "diagonal") {
        bool ok = true;
        const double v = paramValue(c, f.value, "'diagonal'", ok);
        if (ok && b.graph) c.error(f.keyLoc, "a 'graph' has no diagonals: a token steps along every link");
        else if (ok) token.stepDirs = v != 0 ? 0xff : 0x55;
      } else if (f.key == "jump") {
        const std::string v = c.scalar(f.value, "'jump'");
        if (v == "true" || v == "false") token.jumps = v == "true";
        else c.error(f.valueLoc, "expected true or false for 'jump', got '" + v + "'");
        if (token.jumps && b.graph) c.error(f.valueLoc, "a token jumps straight lines, which a 'graph' has not: use a 'grid'");
      } else if (f.key != "description") {
        c.m_r.unknownKey(f, "token '" + t.key + "' (known: start, diagonal, jump, description)");
      }
    }
    if (!hasStart) c.error(t.keyLoc, "token '" + t.key + "' needs a 'start' cell for each player");
    else if (!badCell && static_cast<int>(token.start.size()) < c.m_p.maxPlayers)
      c.error(t.keyLoc, "token '" + t.key + "' has " + std::to_string(token.start.size()) + " start cells for up to " +
                            std::to_string(c.m_p.maxPlayers) + " players: give one per player");
    b.tokens.push_back(std::move(token));
  }
}

void emitBoard(Compiler& c, BoardOp op, int b, int cc = 0) {
  if (static_cast<int>(c.m_p.code.size()) >= kMaxCode) return;  // reported by effectBlock
  c.m_p.code.push_back({Op::Board, static_cast<int>(op), b, cc, 0});
}

}  // namespace

void readBoard(Compiler& c, const YAML::Node& node) {
  BoardSpec& b = c.m_p.board;
  b.present = true;
  b.pieceOfCard.assign(c.m_p.cards.size(), -1);
  if (!node.IsMap()) {
    c.error(c.m_r.loc(node), "expected a map for 'board' (grid, pieces, start, tokens), got " +
                                 yaml::NodeReader::describe(node));
    return;
  }
  const auto entries = c.m_r.entries(node, "board");
  const yaml::MapEntry* grid = nullptr;
  const yaml::MapEntry* graph = nullptr;
  for (const auto& e : entries) {
    if (e.key == "grid") grid = &e;
    else if (e.key == "graph") graph = &e;
    else if (e.key != "pieces" && e.key != "start" && e.key != "tokens" && e.key != "visibility" && e.key != "description")
      c.m_r.unknownKey(e, "board (known: grid, graph, pieces, start, tokens, visibility, description)" +
                              validation::didYouMean(e.key, {"grid", "graph", "pieces", "start", "tokens", "visibility"}));
  }
  if (grid && graph) {
    c.error(graph->keyLoc, "a board is a 'grid' or a 'graph', not both");
    return;
  }
  if (!grid && !graph) {
    c.error(c.m_r.loc(node), "the board needs a 'grid' (columns, rows) or a 'graph' (cell: [linked cells])");
    return;
  }
  if (grid) readGrid(c, *grid);
  else readGraph(c, *graph);
  if (b.cells == 0) return;
  std::vector<int> taken(static_cast<std::size_t>(b.cells), 0);
  for (const auto& e : entries)
    if (e.key == "pieces") readPieces(c, e);
  for (const auto& e : entries) {
    if (e.key == "visibility") {
      const std::string v = c.scalar(e.value, "'visibility'");
      if (v != "everyone")
        c.error(e.valueLoc, "a board is seen by everyone: expected 'everyone' for 'visibility', got '" + v +
                                "' (hidden pieces belong in a zone)");
    } else if (e.key == "tokens") {
      readTokens(c, e, taken);
    }
  }
  for (const auto& e : entries) {
    if (e.key != "start") continue;
    if (!e.value.IsMap()) {
      c.error(e.valueLoc, "expected a map of cell: piece for 'start', got " + yaml::NodeReader::describe(e.value));
      continue;
    }
    for (const auto& s : c.m_r.entries(e.value, "the board's start")) {
      const int cell = cellRef(c, s.key, s.keyLoc);
      const int piece = pieceRef(c, c.scalar(s.value, "a piece"), s.valueLoc);
      if (cell < 0 || piece < 0) continue;
      if (taken[static_cast<std::size_t>(cell)]) {
        c.error(s.keyLoc, "cell " + s.key + " is taken twice at the start");
        continue;
      }
      taken[static_cast<std::size_t>(cell)] = 1;
      b.start.emplace_back(cell, piece);
    }
  }
}

void bindBoardNames(Compiler& c, int& next) {
  BoardSlots& s = c.m_p.board.slots;
  if (!c.m_p.board.present) return;
  s.first = next;
  auto bind = [&](const char* name, int& slot) {
    slot = next++;
    if (!c.m_slots.emplace(name, slot).second) c.error(c.m_rulesLoc, std::string("the name '") + name + "' is already used");
    c.m_names.insert(name);
  };
  bind("escapes", s.escapes);
  bind("opponent_escapes", s.opponentEscapes);
  bind("to_act", s.toAct);
  bind("path_steps", s.pathSteps);
  bind("path_jumps", s.pathJumps);
  s.last = next;
}

Interval boardNameRange(const Compiler& c, int slot) {
  const BoardSlots& s = c.m_p.board.slots;
  if (slot == s.toAct) return {0, 1};
  if (slot == s.escapes || slot == s.opponentEscapes) return {0, 2 * kBoardDirs};
  return {0, double(kMaxBoardCells)};
}

bool readBoardActionKey(Compiler& c, const yaml::MapEntry& e, int action) {
  if (e.key == "unless_legal") {
    const YAML::Node& v = e.value;
    if (v.IsSequence()) {
      for (const auto& item : v) {
        yaml::MapEntry one{e.key, item, e.keyLoc, c.m_r.loc(item)};
        c.m_unlessLegal.emplace_back(action, one);
      }
    } else {
      c.m_unlessLegal.emplace_back(action, e);
    }
    return true;
  }
  if (e.key != "place" && e.key != "move_token") return false;
  BoardSpec& b = c.m_p.board;
  Action& a = c.m_p.actions[static_cast<std::size_t>(action)];
  if (!b.present || b.cells == 0) {
    c.error(e.keyLoc, "'" + e.key + "' needs the rules' 'board:' (grid, pieces, tokens)");
    return true;
  }
  if (a.board >= 0 || a.pickZone >= 0) {
    c.error(e.keyLoc, "an action has one target: 'pick', 'place' or 'move_token'");
    return true;
  }
  BoardAction ba;
  if (e.key == "place") {
    ba.kind = BoardActionKind::Place;
    bool listed = false;
    for (const auto& f : c.m_r.entries(e.value, "place")) {
      if (f.key == "pieces") {
        listed = true;
        for (const auto& [name, where] : names(c, f.value, "a piece")) {
          const int k = pieceRef(c, name, where);
          if (k >= 0) ba.pieces |= 1u << k;
        }
      } else if (f.key == "when") {
        c.m_pickAllowed = true;  // card_ names are the piece's
        ba.condition = c.condition(f.value);
        c.m_pickAllowed = false;
      } else {
        c.m_r.unknownKey(f, "place (known: pieces, when)");
      }
    }
    if (!e.value.IsMap() && !e.value.IsNull()) c.error(e.valueLoc, "expected a map (pieces, when) for 'place'");
    if (!listed)
      for (std::size_t k = 0; k < b.pieces.size(); ++k) ba.pieces |= 1u << k;
    if (!listed && ba.pieces == 0) c.error(e.keyLoc, "'place' has no piece to put: declare the board's 'pieces'");
  } else {
    ba.kind = BoardActionKind::MoveToken;
    bool named = false;
    for (const auto& f : c.m_r.entries(e.value, "move_token")) {
      if (f.key == "token") {
        named = true;
        const std::string id = c.scalar(f.value, "'token'");
        std::set<std::string, std::less<>> ids;
        int found = -1;
        for (std::size_t t = 0; t < b.tokens.size(); ++t) {
          ids.insert(b.tokens[t].id);
          if (b.tokens[t].id == id) found = static_cast<int>(t);
        }
        if (found < 0)
          c.error(f.valueLoc, "unknown token '" + id + "'" + validation::didYouMean(id, ids) +
                                  (ids.empty() ? " (the board declares no 'tokens')" : ""));
        ba.token = std::max(found, 0);
      } else if (f.key == "steps") {
        ba.steps = c.expression(f.value, "'steps'");
      } else if (f.key == "when") {
        ba.condition = c.condition(f.value);
      } else {
        c.m_r.unknownKey(f, "move_token (known: token, steps, when)");
      }
    }
    if (!named && b.tokens.empty()) c.error(e.keyLoc, "'move_token' needs a token: declare the board's 'tokens'");
    if (ba.steps < 0 && c.m_r.diagnostics().hasErrors() == false) ba.steps = c.expressionText("1", e.valueLoc);
  }
  a.board = static_cast<int>(b.actions.size());
  b.actions.push_back(ba);
  return true;
}

void finishBoard(Compiler& c) {
  for (const auto& [action, e] : c.m_unlessLegal) {
    const int other = c.actionRef(c.scalar(e.value, "'unless_legal'"), e.valueLoc);
    if (other < 0) continue;
    // One level only: an action named here has no `unless_legal` of its own, so legality never loops.
    const bool chained = std::any_of(c.m_unlessLegal.begin(), c.m_unlessLegal.end(),
                                     [&](const auto& u) { return u.first == other; });
    if (chained || other == action)
      c.error(e.valueLoc, "'unless_legal' names '" + c.m_p.actions[static_cast<std::size_t>(other)].id +
                              "', which has an 'unless_legal' of its own (or is this action): name actions without one");
    else
      c.m_p.actions[static_cast<std::size_t>(action)].unlessLegal.push_back(other);
  }
}

const std::set<std::string, std::less<>>& boardEffectOps() {
  static const std::set<std::string, std::less<>> ops = {"spread", "lock_group"};
  return ops;
}

void boardEffect(Compiler& c, const yaml::MapEntry& op) {
  const bool inPlace = c.m_currentAction >= 0 && c.m_p.actions[static_cast<std::size_t>(c.m_currentAction)].board >= 0 &&
                       c.m_p.board.actions[static_cast<std::size_t>(
                                               c.m_p.actions[static_cast<std::size_t>(c.m_currentAction)].board)]
                               .kind == BoardActionKind::Place;
  if (!inPlace) {
    c.error(op.keyLoc, "'" + op.key + "' acts on the piece an action placed: only an action with 'place' has one");
    return;
  }
  int counter = -1, size = -1;
  if (op.value.IsMap()) {
    for (const auto& f : c.m_r.entries(op.value, op.key)) {
      if (f.key == "count") counter = c.counterRef(f.value, c.scalar(f.value, "'count'"), f.valueLoc);
      else if (f.key == "size" && op.key == "lock_group") size = c.expression(f.value, "'size'");
      else c.m_r.unknownKey(f, op.key == "spread" ? "spread (known: count)" : "lock_group (known: size, count)");
    }
  } else if (!op.value.IsNull() && !(op.value.IsScalar() && op.value.Scalar().empty())) {
    if (op.key == "lock_group") size = c.expression(op.value, "'lock_group'");
    else c.error(op.valueLoc, "expected a map (count) for 'spread'");
  }
  if (op.key == "spread" && c.m_p.board.graph) {
    c.error(op.keyLoc, "'spread' follows straight lines, which a 'graph' has not: use a 'grid'");
    return;
  }
  if (op.key == "spread") {
    emitBoard(c, BoardOp::Spread, counter);
  } else {
    if (size < 0) {
      if (!c.m_r.diagnostics().hasErrors()) c.error(op.valueLoc, "'lock_group' needs a 'size' (the group's least size)");
      return;
    }
    emitBoard(c, BoardOp::LockGroup, size, counter);
  }
}

}  // namespace wb::model::describe
