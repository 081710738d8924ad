// The random engine every game and agent uses, and the seed derivation that
// makes runs deterministic: game i of a run is seeded from (run seed, i), never
// from the thread that plays it.
#pragma once

#include <cstdint>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <boost/random/uniform_real_distribution.hpp>

namespace wb::sim {

using Rng = boost::random::mt19937_64;

// SplitMix64 finaliser: a well-mixed 64-bit hash.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// Seed of game `index` of a run; `stream` separates chance (0) from each seat's agent (1 + seat).
constexpr std::uint64_t deriveSeed(std::uint64_t runSeed, std::uint64_t index, std::uint64_t stream = 0) {
  return mix64(mix64(runSeed ^ 0x5EEDULL) + mix64(index) * 31 + stream);
}

// Uniform integer in [0, n). n must be > 0.
inline int uniformInt(Rng& rng, int n) {
  return boost::random::uniform_int_distribution<int>(0, n - 1)(rng);
}
inline double uniformReal(Rng& rng) {
  return boost::random::uniform_real_distribution<double>(0.0, 1.0)(rng);
}

}  // namespace wb::sim
