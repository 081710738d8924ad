// The tuner's objectives (TAG's "objectives"): a metric and the band it must
// lie in. A target passes when its 95% interval lies inside the band, fails
// when the interval lies outside it, and is undecided otherwise; the search
// ranks candidates by how far their values miss the bands.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "simulation/stats/statistics.h"
#include "simulation/tune/tune_metric.h"
#include "simulation/tune/tune_spec.h"

namespace wb::sim {

enum class TargetVerdict { Pass, Fail, Undecided };
const char* toString(TargetVerdict v);

struct Target {
  TuneMetric metric;
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();

  bool inside(double value) const { return value >= min && value <= max; }
  // How far `value` lies outside the band (0 inside), in the metric's units.
  double miss(double value) const;
  // The same divided by the target's scale (the band's width, or 0.1 for a
  // one-sided share, a tenth of the bound for a one-sided mean), so that
  // misses of different metrics add up.
  double normalizedMiss(double value) const;
  double scale() const;
  // +1: the value must rise to reach the band, -1: fall, 0: inside.
  int direction(double value) const { return value < min ? 1 : value > max ? -1 : 0; }
  TargetVerdict verdict(const Interval& ci) const;
  // Games that would decide an undecided target: `games` scaled by the square
  // of the interval's half-width over the distance from the value to the
  // nearest band edge (0 when decided; UINT64_MAX when the value sits on an edge).
  std::uint64_t gamesToDecide(double value, const Interval& ci, std::uint64_t games) const;
  std::string bandText() const;  // "[0.45, 0.55]", "<= 0.05", ">= 20"
};

// The targets of `spec` for a game of `shape`, `*` expanded; each unknown
// metric or entity is a diagnostic at its line (with a suggestion).
std::vector<Target> resolveTargets(const TuneSpec& spec, const TuneShape& shape, model::Diagnostics& out);

}  // namespace wb::sim
