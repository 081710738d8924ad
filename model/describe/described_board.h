// The board of a described game (`rules: board:`), compiled once: a grid of
// cells with their neighbours in eight directions, the pieces (cards of the
// ruleset) that may stand on a cell with what each may replace, the players'
// tokens (one per player, on a cell) and the board actions and effects that
// use them. The described engine keeps what stands on each cell as a flat
// array indexed by cell; nothing here is looked up by name in play.
//
// Directions are numbered 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW, north
// towards higher rows; the orthogonal ones are the even numbers. Cells are
// named like a chess board: a column letter (A = left) and a row number
// (1 = bottom), index = (row - 1) * columns + column.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"

namespace wb::model::describe {

inline constexpr int kMaxBoardSide = 26;     // columns A..Z
inline constexpr int kMaxBoardCells = kMaxBoardSide * kMaxBoardSide;
inline constexpr int kMaxPieces = 32;        // piece kinds
inline constexpr int kBoardDirs = 8;
inline constexpr int kNoCell = -1;

struct BoardPiece {
  int card = -1;            // the card (entity) this piece is
  std::uint32_t beats = 0;  // bit k: may replace piece kind k
  int supply = -1;          // counter the piece is taken from and returned to; -1 = unlimited
  bool jumpable = false;    // tokens that jump may jump a straight line of these
};

struct BoardToken {
  std::string id;
  std::vector<int> start;     // cell per seat
  std::uint8_t stepDirs = 0;  // bit d: the token steps in direction d
  bool jumps = false;         // jumps straight lines of jumpable pieces, for free, chained
};

// What a board action does with its target (an action with `place:` or `move_token:`).
enum class BoardActionKind : std::uint8_t { Place, MoveToken };
struct BoardAction {
  BoardActionKind kind = BoardActionKind::Place;
  std::uint32_t pieces = 0;  // Place: the piece kinds it may put (bit per piece)
  int condition = -1;        // per target: Place with card_ names, MoveToken with path_ names
  int token = 0;             // MoveToken
  int steps = -1;            // MoveToken: expression, the steps the token may take
};

// Sub-operations of Op::Board (a = BoardOp, b.. its arguments).
enum class BoardOp : std::uint8_t {
  Spread,     // b = counter (-1) adding the pieces spread
  LockGroup,  // b = expression (group size), c = counter (-1) adding the groups locked
};

// Expression names the board binds (their slots; -1 when the game has no board).
struct BoardSlots {
  int escapes = -1, opponentEscapes = -1, toAct = -1, pathSteps = -1, pathJumps = -1;
  int first = -1, last = -1;  // [first, last): every board slot
};

struct BoardSpec {
  bool present = false;
  // A graph: cells named by the designer, each linked to at most kBoardDirs
  // others (the neighbour slots hold its links; there are no directions, so
  // no straight lines: no jumps, no `spread`).
  bool graph = false;
  std::vector<std::string> names;  // a graph's cells, in the order written
  int columns = 0, rows = 0, cells = 0;
  std::vector<std::array<std::int16_t, kBoardDirs>> neighbour;  // per cell, kNoCell off the board
  std::vector<BoardPiece> pieces;
  std::vector<int> pieceOfCard;                   // card index -> piece kind, -1 for a card that is no piece
  std::vector<std::pair<int, int>> start;         // (cell, piece) at setup
  std::vector<BoardToken> tokens;
  std::vector<BoardAction> actions;               // Action::board indexes these
  BoardSlots slots;
  std::string cellName(int cell) const;           // "F5"
  int parseCell(const std::string& name) const;   // -1 if not a cell of the board
};

}  // namespace wb::model::describe
