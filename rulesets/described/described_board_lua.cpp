// The board seen from the rules' `lua:` script (registered only for a game
// with a board). Cells are numbers 1..cells (cell(name) and cell_name(n)
// convert), directions 0..7 (0 N, 2 E, 4 S, 6 W; odd ones diagonal), players
// 1..N, pieces by their card id:
//   cell(name), cell_name(n), cells()
//   neighbour(n, dir)          the next cell that way, or nil off the board
//   piece_at(n)                the piece's id, or nil
//   locked(n), token_at(n)     true if locked; the player whose token stands there, or nil
//   can_place(piece, n)        a piece of that kind may go there now
//   place_piece(n, piece), remove_piece(n), move_piece(from, to)
//                              supplies follow: a replaced piece goes back to its own
//   escapes(player)            the moves that player's first token has
//   placed_cell()              the cell the action being resolved targets, or nil
//   mark(n), set_mark(n, v)    a number kept per cell (0 at the start)
#include <lua.hpp>

#include <string>

#include "rulesets/described/described_state.h"

namespace wb::rulesets::described {

namespace md = model::describe;

namespace {

int cellArg(lua_State* L, int arg) {
  DescribedState& s = luaCallState(L);
  const lua_Integer n = luaL_checkinteger(L, arg);
  const int cells = s.program().board.cells;
  if (n < 1 || n > cells) return luaL_error(L, "no cell %d (cells are 1 to %d)", static_cast<int>(n), cells);
  return static_cast<int>(n - 1);
}

int pieceArg(lua_State* L, int arg) {
  luaCallState(L);  // only while a `call` runs, as every other function
  return luaNameArg(L, arg, LuaNames::Pieces, "piece");
}

void pushCell(lua_State* L, int cell) {
  if (cell < 0) lua_pushnil(L);
  else lua_pushinteger(L, cell + 1);
}

int luaCell(lua_State* L) {
  DescribedState& s = luaCallState(L);
  const char* name = luaL_checkstring(L, 1);
  const int c = s.program().board.parseCell(name);
  if (c < 0) return luaL_error(L, "'%s' is not a cell of the board", name);
  pushCell(L, c);
  return 1;
}
int luaCellName(lua_State* L) {
  const int c = cellArg(L, 1);
  lua_pushstring(L, luaCallState(L).program().board.cellName(c).c_str());
  return 1;
}
int luaCells(lua_State* L) {
  lua_pushinteger(L, luaCallState(L).program().board.cells);
  return 1;
}
int luaNeighbour(lua_State* L) {
  const int c = cellArg(L, 1);
  const lua_Integer d = luaL_checkinteger(L, 2);
  if (d < 0 || d >= md::kBoardDirs) return luaL_error(L, "no direction %d (directions are 0 to 7)", static_cast<int>(d));
  pushCell(L, luaCallState(L).program().board.neighbour[static_cast<std::size_t>(c)][static_cast<std::size_t>(d)]);
  return 1;
}
int luaPieceAt(lua_State* L) {
  DescribedState& s = luaCallState(L);
  const int k = s.board().piece[static_cast<std::size_t>(cellArg(L, 1))];
  if (k < 0) lua_pushnil(L);
  else lua_pushstring(L, s.program().cards[static_cast<std::size_t>(s.program().board.pieces[static_cast<std::size_t>(k)].card)].id.c_str());
  return 1;
}
int luaLocked(lua_State* L) {
  lua_pushboolean(L, luaCallState(L).board().locked[static_cast<std::size_t>(cellArg(L, 1))] != 0);
  return 1;
}
int luaTokenAt(lua_State* L) {
  const int p = luaCallState(L).tokenAt(cellArg(L, 1));
  if (p < 0) lua_pushnil(L);
  else lua_pushinteger(L, p + 1);
  return 1;
}
int luaCanPlace(lua_State* L) {
  const int k = pieceArg(L, 1);
  lua_pushboolean(L, luaCallState(L).canPlacePiece(k, cellArg(L, 2)));
  return 1;
}
int luaPlacePiece(lua_State* L) {
  const int c = cellArg(L, 1);
  luaChangeState(L, "place_piece").putPiece(c, pieceArg(L, 2));
  return 0;
}
int luaRemovePiece(lua_State* L) {
  luaChangeState(L, "remove_piece").removePiece(cellArg(L, 1));
  return 0;
}
int luaMovePiece(lua_State* L) {
  const int from = cellArg(L, 1);
  luaChangeState(L, "move_piece").movePiece(from, cellArg(L, 2));
  return 0;
}
int luaEscapes(lua_State* L) {
  DescribedState& s = luaCallState(L);
  const lua_Integer p = luaL_checkinteger(L, 1);
  if (p < 1 || p > s.numPlayers()) return luaL_error(L, "no player %d", static_cast<int>(p));
  lua_pushinteger(L, s.escapes(static_cast<int>(p - 1)));
  return 1;
}
int luaPlacedCell(lua_State* L) {
  pushCell(L, luaCallState(L).board().cell);
  return 1;
}
int luaMark(lua_State* L) {
  lua_pushinteger(L, luaCallState(L).board().mark[static_cast<std::size_t>(cellArg(L, 1))]);
  return 1;
}
int luaSetMark(lua_State* L) {
  const int c = cellArg(L, 1);
  const lua_Integer v = luaL_checkinteger(L, 2);
  if (v < -32768 || v > 32767) return luaL_error(L, "a mark is a number in -32768..32767");
  luaChangeState(L, "set_mark").setMark(c, static_cast<int>(v));
  return 0;
}

}  // namespace

void registerBoardLua(lua_State* L) {
  const luaL_Reg api[] = {{"cell", luaCell},           {"cell_name", luaCellName},     {"cells", luaCells},
                          {"neighbour", luaNeighbour}, {"piece_at", luaPieceAt},       {"locked", luaLocked},
                          {"token_at", luaTokenAt},    {"can_place", luaCanPlace},     {"place_piece", luaPlacePiece},
                          {"remove_piece", luaRemovePiece}, {"move_piece", luaMovePiece}, {"escapes", luaEscapes},
                          {"placed_cell", luaPlacedCell},   {"mark", luaMark},           {"set_mark", luaSetMark}};
  for (const auto& f : api) {
    lua_pushcfunction(L, f.func);
    lua_setglobal(L, f.name);
  }
}

}  // namespace wb::rulesets::described
