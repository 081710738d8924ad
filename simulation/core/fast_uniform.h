// fastUniformInt: a uniform integer in [0, n) without the 64-bit divisions of
// boost's uniform_int_distribution (sim::uniformInt), for search code
// (determinizations, rollouts), where speed counts and no replay depends on
// the exact draws. A different stream from uniformInt for the same rng.
#pragma once

#include <cstdint>

#include "simulation/core/rng.h"

namespace wb::sim {

__extension__ typedef unsigned __int128 Uint128;  // GCC/Clang; __extension__: no -Wpedantic warning

// Lemire's multiply-shift with rejection: exactly uniform. n must be > 0.
inline int fastUniformInt(Rng& rng, int n) {
  const std::uint64_t range = static_cast<std::uint64_t>(n);
  Uint128 m = static_cast<Uint128>(rng()) * range;
  std::uint64_t low = static_cast<std::uint64_t>(m);
  if (low < range) {
    const std::uint64_t threshold = (0 - range) % range;
    while (low < threshold) {
      m = static_cast<Uint128>(rng()) * range;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<int>(m >> 64);
}

}  // namespace wb::sim
