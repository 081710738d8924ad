// RunStatsCodec: RunStats as bytes and back, bit for bit, so MPI ranks can send
// their partial sums to rank 0 and a checkpoint can keep the merged sums of a
// run. decode(encode(s)) == s for every RunStats (tested); a field added to
// RunStats must be added here too (the round-trip test over a real run catches it).
#pragma once

#include <string>
#include <string_view>

#include "simulation/stats/run_stats.h"

namespace wb::sim {

struct RunStatsCodec {
  static std::string encode(const RunStats& stats);
  // False (and `out` untouched) when the bytes are not a RunStats of this version.
  static bool decode(std::string_view bytes, RunStats& out);
};

}  // namespace wb::sim
