// compileDescription: the `rules:` section of a ruleset whose engine is
// `described` (rules_text.h), with the ruleset's parameters and cards,
// compiled once into a DescribedProgram. Every problem is a diagnostic at its
// file:line:column, all at once (unknown names with "did you mean", wrong
// types, bounds), followed by the static checks: a phase no turn can reach,
// an action that can never be legal, a counter without an upper bound (every
// counter is bounded, so none grows for ever), a game none of whose end rules
// can ever hold. The format: data/schema/game-description.md.
#pragma once

#include <memory>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/describe/described_program.h"

namespace wb::model::describe {

// Bounds on what a description may declare (hostile input must not exhaust
// memory or the stack); more than any table game needs.
inline constexpr int kMaxCounters = 64;
inline constexpr int kMaxZones = 32;
inline constexpr int kMaxActions = 256;
inline constexpr int kMaxPhases = 32;
inline constexpr int kMaxEffectDepth = 16;    // if / repeat / for_each nested
inline constexpr int kMaxCode = 1 << 16;      // instructions of the whole program
inline constexpr int kMaxCards = 1000;        // distinct cards (entities)
inline constexpr int kMaxStartCards = 10000;  // cards dealt at setup, all zones
inline constexpr int kMaxTurnLimit = 100000;
inline constexpr int kMaxActionsPerTurn = 10000;
inline constexpr int kMaxDescribedPlayers = 8;
inline constexpr int kMaxCounterMagnitude = 1000000000;
inline constexpr int kMaxRepeat = 1000;       // a `repeat` runs its body at most this often

// nullptr (with errors in `out`) when the description cannot be played.
std::shared_ptr<const DescribedProgram> compileDescription(const Ruleset& ruleset, Diagnostics& out);

}  // namespace wb::model::describe
