// Standard dice notation for the dice lab and `balance dice`:
//
//   3d6            three six-sided dice          d20      one die (count 1)
//   2d6+1d8+2      terms added; `-` subtracts    4dF      Fudge dice (-1, 0, +1)
//   6d10!4kh3      explode on the highest face at most 4 times, keep highest 3
//                  (`!` alone: at most 10 times; kh / kl keep, dh / dl drop, k = kh)
//   4d{fire:2,earth,water,air,Z}   named faces with multiplicity (value 0;
//                  numeric symbols such as {1,1,2,3} take their number as value)
//   7d[fire_shaman]                a die by id from the ruleset (`--ruleset FILE`)
//
// Errors carry the 1-based column of the offending character.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "simulation/dice/dice_pool.h"

namespace wb::model {
struct Ruleset;
}

namespace wb::sim::dice {

struct NotationError {
  int column = 0;  // 1-based
  std::string message;
};

inline constexpr std::size_t kMaxNotationLength = 10000;  // characters of one pool
inline constexpr int kMaxPoolDice = 1000;
inline constexpr int kMaxSides = 1000;
inline constexpr int kMaxKeepDice = 100;  // dice in one term with kh / kl / dh / dl
inline constexpr int kMaxExplosions = 20;
inline constexpr int kDefaultExplosions = 10;

// Parses `text`; dice in `[id]` are looked up in `ruleset` (may be null).
// Returns nullopt and fills `error` (if given) on malformed text.
std::optional<Pool> parsePool(std::string_view text, const model::Ruleset* ruleset,
                              NotationError* error = nullptr);

}  // namespace wb::sim::dice
