// The Lua 5.4 escape hatch of described games: the rules' `lua:` script,
// whose functions the `call` effect runs and `{call: name}` conditions ask,
// for what the vocabulary lacks.
//
// Sandboxed: only the base (without dofile, loadfile, load, require, print,
// collectgarbage), string, table, math and utf8 libraries; no io, os or
// package; text chunks only (no byte code); at most kLuaMemoryBytes of memory.
// One interpreter per worker thread and program (thread_local), so threads
// share nothing. Chance only through the engine's generator (`random(n)`;
// math.random is removed), so the same seed plays the same game for any
// threads and ranks. A step budget (an instruction-count hook) turns a
// script that loops into an error. Errors read `file:line: message` at the
// script's line in the ruleset file.
//
// The names a script passes (counters, zones, a board's pieces) are resolved
// through tables made once per interpreter (registerLuaNames), not compared
// with every name on each call.
//
// A condition runs read-only: set_counter, random, the board's changes and
// assignments to globals are errors there (the globals live behind an empty
// table whose __newindex checks), so listing the legal actions, which asks
// it any number of times on any copy of the state, changes nothing.
//
// What a script sees (players are numbered from 1):
//   counter(name [, player])          a counter's value (the subject's by default)
//   set_counter(name, value [, player])  sets it (within its bounds)
//   zone_size(name [, player])        cards in a zone
//   subject(), current(), players(), turn()
//   random(n)                         a whole number in 1..n from the game's generator
#pragma once

#include <cstddef>
#include <string>

#include "model/core/diagnostics.h"
#include "model/describe/described_program.h"
#include "simulation/core/rng.h"

namespace wb::rulesets::described {

class DescribedState;

inline constexpr long long kLuaStepBudget = 1000000;  // instructions per call
inline constexpr std::size_t kLuaMemoryBytes = std::size_t{32} << 20;

// Loads the script in a fresh sandbox and checks that every called function
// exists; problems are diagnostics at the script's file:line. True if none.
bool checkLuaScript(const model::describe::DescribedProgram& program, model::Diagnostics& out);

// A Lua message `lua:LINE: text` as a diagnostic at that line of the ruleset file
// (`fallback` when the message names no line of it).
model::Diagnostic luaDiagnostic(const model::describe::DescribedProgram& program, const std::string& message);

// Runs function `function` of the program's script on `state` with `subject`
// as the subject; false with `error` set (`file:line: message`) on any error.
bool callLua(const model::describe::DescribedProgram& program, int function, DescribedState& state, int subject,
             sim::Rng& rng, std::string& error);

// Asks condition function `function` (called with the card's id, or nil
// without a card) read-only on `state`: `holds` is its result (false, nil and
// 0 do not hold). False with `error` set (`lua:line: message`) on any error.
bool testLua(const model::describe::DescribedProgram& program, int function, const DescribedState& state, int subject,
             int card, bool& holds, std::string& error);

}  // namespace wb::rulesets::described
