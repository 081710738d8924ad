// Private to model/describe: the board vocabulary's part of the compiler
// (board_compiler.cpp), called by description_compiler.cpp and
// effect_compiler.cpp at the points where a board adds to a description.
#pragma once

#include <set>
#include <string>

#include "model/describe/compiler_state.h"

namespace wb::model::describe {

// `rules: board:` (after counters, cards and zones; before the names are bound).
void readBoard(Compiler& c, const YAML::Node& node);
// The board's expression names (escapes, to_act, path_steps...), from slot `next` on.
void bindBoardNames(Compiler& c, int& next);
// The range of a board name's values (the static checks).
Interval boardNameRange(const Compiler& c, int slot);
// An action's key `place`, `move_token` or `unless_legal`; false for any other key.
bool readBoardActionKey(Compiler& c, const yaml::MapEntry& e, int action);
// Resolves `unless_legal` names once every action is known.
void finishBoard(Compiler& c);
// The board's effects (`spread`, `lock_group`).
const std::set<std::string, std::less<>>& boardEffectOps();
void boardEffect(Compiler& c, const yaml::MapEntry& op);

}  // namespace wb::model::describe
