// A faction duel: one two-player game between faction `a` and faction `b`,
// the measure of `balance specialties` (each faction against the baseline
// faction, seats alternating) and of the tuner's `faction:ID` targets. The
// game is seeded from `seed` alone (chance from deriveSeed(seed, 0, 0), seat
// s's agent from deriveSeed(seed, 0, 1 + s)), so the same seed gives the same
// game on any thread, and two rulesets play the same deals and rolls where
// their rules allow (common random numbers).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "simulation/core/game.h"

namespace wb::sim {

struct FactionDuelOutcome {
  double score = 0.5;        // faction a's: 1 win, 0 loss, the engine's return otherwise (a draw 0.5)
  bool adjudicated = false;  // ended by the engine's own cap or rule
  bool capped = false;       // not ended within the turn cap (a draw here)
  double powerUses = 0.0;    // faction a's "power_*" engine counters, summed
  int turns = 0;
};

// Plays faction a (seat seatA, 0 or 1) against faction b; `specs` gives the
// agent of seat s as specs[s % specs.size()]; `cap` is the turn cap.
FactionDuelOutcome playFactionDuel(const Game& game, int a, int b, int seatA, const std::vector<std::string>& specs,
                                   std::uint64_t seed, int cap);

}  // namespace wb::sim
