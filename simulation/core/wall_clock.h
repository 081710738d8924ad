// Seconds on a monotonic clock, for the elapsed times and progress intervals
// the runners report (Monte Carlo, sweep, impact, ladder, distributed).
#pragma once

#include <chrono>

namespace wb::sim {

inline double wallSeconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

}  // namespace wb::sim
