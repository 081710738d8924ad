// The fuzzing entry points (no input may crash, hang or eat the machine), shared by the libFuzzer targets
// (tests/fuzz/targets, built with -DWB_BUILD_FUZZERS=ON and clang) and the
// corpus-replay test of the normal build (tests/fuzz/corpus_replay_test.cpp),
// so every finding kept in tests/fuzz/corpus is checked by CI for ever.
//
// Each entry takes arbitrary bytes, must never crash, hang or leak, and
// checks its own invariants: a broken one calls fuzzFailure(), which aborts
// (libFuzzer then saves the input as a crash).
//
//   fuzzLoader      the bytes as a ruleset file: load (+ validate); when it
//                   loads, compile with the built-in engines and play one game
//                   between random agents, at most kFuzzPlayoutActions actions.
//   fuzzExpression  the first line as an amount expression: parse; when it
//                   parses, evaluate the tree and the compiled program with
//                   names bound to values from the rest of the bytes; both
//                   must agree bit for bit (or both be NaN).
//   fuzzDice        lines `query`, `pool P`, `vs P`, `faces a,b`, `target T`,
//                   `rolls N`, `wild F`, `expression E`, `mc N`, `at_least X`:
//                   parse the notation and evaluate the request (dice ids
//                   from tests/data/dice/card_dice_dice.yaml) with the work limits
//                   kFuzzExactLimit / kFuzzMonteCarloLimit; an exact answer's
//                   probabilities must add up to 1.
//   fuzzDescription the bytes as the `rules:` section of a described game (a
//                   fixed head: two players, a `goal` parameter, two cards):
//                   load, validate (compile the description, check its Lua),
//                   and when it loads play one game as fuzzLoader does.
//   fuzzCheckpoint  the bytes as a checkpoint file (byte 0 even), or byte 1 on
//                   as its payload given the right checksum (byte 0 odd, so
//                   the reader behind the checksum is reached): read it; what
//                   reads writes back to a file that reads the same, and each
//                   job total goes through the run-statistics decoder.
//   fuzzTargets     the bytes as a tuner's targets file (simulation/tune),
//                   read as a targets file and as a ruleset's
//                   `targets:`/`knobs:` sections: every problem has a message
//                   and a line inside the text; what parses resolves against a
//                   4-player game shape and the model's every-field fixture, and
//                   the knobs it builds keep their bounds (a domain of at most
//                   kMaxKnobValues values, the current value inside it, numbers
//                   in increasing order) and apply to the ruleset.
//   fuzzEmbedded    the bytes as a ruleset file whose `targets:`/`knobs:`
//                   sections validate and tune read (fuzz_embedded_entry.cpp):
//                   what the model keeps reads the same after a save; targets
//                   and knobs resolve with every problem at a line of the text.
//   fuzzResults     the bytes as the window's results file (Qt Core only;
//                   fuzz_results_entry.cpp): read as the window reads it, then
//                   a section saved into it: a readable file keeps every key, a
//                   newer version is not replaced, anything else is kept as .bak.
#pragma once

#include <cstddef>
#include <cstdint>

namespace wb::fuzz {

inline constexpr int kFuzzPlayoutActions = 2000;
// The dice lab's work limits in the fuzz target: 1/40 and 1/600 of the
// command line's (dice_budget.h), so that an accepted request answers well
// within libFuzzer's 1 s timeout under ASan/UBSan.
inline constexpr double kFuzzExactLimit = 1e8;
inline constexpr double kFuzzMonteCarloLimit = 1e8;
// An input that takes more CPU than this is a finding. The libFuzzer targets
// measure CPU time, not wall time: on the shared 2-core machine a fuzzer at
// nice 15 gets a fraction of a core, so libFuzzer's wall-clock -timeout would
// report the load, not the input (it stays on, at 30 s, against hangs).
inline constexpr double kFuzzCpuSecondsLimit = 1.0;

int fuzzLoader(const std::uint8_t* data, std::size_t size);
int fuzzExpression(const std::uint8_t* data, std::size_t size);
int fuzzDice(const std::uint8_t* data, std::size_t size);
int fuzzDescription(const std::uint8_t* data, std::size_t size);
int fuzzCheckpoint(const std::uint8_t* data, std::size_t size);
int fuzzTargets(const std::uint8_t* data, std::size_t size);
int fuzzEmbedded(const std::uint8_t* data, std::size_t size);
// Only where Qt Core is built (WB_FUZZ_RESULTS): the results file is the window's.
int fuzzResults(const std::uint8_t* data, std::size_t size);

// Runs one entry as a libFuzzer target does: an input over
// kFuzzCpuSecondsLimit of process CPU time is a finding (fuzzFailure). At exit
// it prints the slowest input's CPU time ("slowest input: 0.123 s of CPU").
int runWithCpuLimit(int (*entry)(const std::uint8_t*, std::size_t), const std::uint8_t* data, std::size_t size);

// Reports a broken invariant and aborts.
[[noreturn]] void fuzzFailure(const char* what);

}  // namespace wb::fuzz
