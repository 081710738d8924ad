// The board part of a described game's position (model/describe/described_board.h
// is the compiled board): what stands on each cell, which cells are locked,
// a mark per cell for scripts, and where each player's tokens stand. All of
// it is seen by everyone, so determinize() leaves it as it is.
//
// Board actions are numbered apart from the card actions (kBoardActionBase
// and up): the action, the piece put (kNoPiece for a token's move) and the
// target cell, so that an action id means the same thing in every game.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "simulation/core/action_history.h"

struct lua_State;

namespace wb::rulesets::described {

class DescribedState;

inline constexpr sim::Action kBoardActionBase = sim::Action{1} << 40;
inline constexpr int kCellBits = 12;
inline constexpr int kPieceBits = 6;
inline constexpr int kNoPiece = (1 << kPieceBits) - 1;

inline constexpr sim::Action boardAction(int action, int piece, int cell) {
  return kBoardActionBase + ((static_cast<sim::Action>(action) << (kPieceBits + kCellBits)) |
                             (static_cast<sim::Action>(piece) << kCellBits) | cell);
}
inline constexpr bool isBoardAction(sim::Action a) { return a >= kBoardActionBase; }
struct BoardTarget {
  int action = -1, piece = -1, cell = -1;
};
inline BoardTarget decodeBoardAction(sim::Action a) {
  const sim::Action r = a - kBoardActionBase;
  BoardTarget t;
  t.cell = static_cast<int>(r & ((1 << kCellBits) - 1));
  t.piece = static_cast<int>((r >> kCellBits) & ((1 << kPieceBits) - 1));
  t.action = static_cast<int>(r >> (kPieceBits + kCellBits));
  if (t.piece == kNoPiece) t.piece = -1;
  return t;
}

struct BoardState {
  std::vector<std::int8_t> piece;   // per cell: piece kind, -1 empty
  std::vector<std::uint8_t> locked;  // per cell: nothing may replace its piece
  std::vector<std::int16_t> mark;    // per cell: a number scripts keep
  std::vector<std::int16_t> token;   // [player * tokens + token]: its cell
  // What the action being resolved targets (effects and `path_` names read it).
  mutable int cell = -1, placed = -1, pathSteps = 0, pathJumps = 0;
  // escapes() per player, -1 until asked since the board last changed (every
  // condition reads them, so they are counted once per position).
  mutable std::vector<std::int8_t> escapes;
};

// A square a token reaches now, with the fewest steps it costs and the wind
// jumps on the way.
struct BoardReach {
  int cell = 0, steps = 0, jumps = 0;
};

// For the board's Lua functions (described_board_lua.cpp): the state and
// subject of the `call` running on this interpreter (described_lua.cpp).
DescribedState& luaCallState(lua_State* L);
// The same, for a function that changes the game (`what`): a Lua error in a condition, which runs read-only.
DescribedState& luaChangeState(lua_State* L, const char* what);
int luaCallSubject(lua_State* L);
void registerBoardLua(lua_State* L);
// The names a script passes, resolved once per interpreter (newHost puts a
// table name -> index of each kind in the registry): one table look-up per
// call instead of a comparison with every name.
enum class LuaNames : int { Counters, Zones, Pieces };
void registerLuaNames(lua_State* L, LuaNames kind, const std::vector<std::string>& names);
// The index of the name at `arg` of that kind; a Lua error `unknown <what> 'name'` if none.
int luaNameArg(lua_State* L, int arg, LuaNames kind, const char* what);

}  // namespace wb::rulesets::described
