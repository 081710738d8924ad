// sameRules: two revisions of a ruleset that play the same games. The
// tuner's `targets:` and `knobs:` (Ruleset::tuning) are not rules: adding a
// target changes no game, so a result played before it is still current and
// a report reuses it instead of playing it again.
#pragma once

#include "model/core/ruleset.h"

namespace wb::app {

inline bool sameRules(const model::Ruleset& a, const model::Ruleset& b) {
  if (a.tuning == b.tuning) return a == b;
  model::Ruleset withoutTuning = a;
  withoutTuning.tuning = b.tuning;
  return withoutTuning == b;
}

}  // namespace wb::app
