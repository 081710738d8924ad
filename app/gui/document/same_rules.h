// sameRules: two revisions of a ruleset that play the same games. The
// tuner's `targets:` and `knobs:` (Ruleset::tuning) are not rules: adding a
// target changes no game, so a result played before it is still current and
// a report reuses it instead of playing it again.
#pragma once

#include "model/core/ruleset.h"

namespace wb::app {

// A described game keeps its `rules:` in Ruleset::tuning too: those are rules.
inline model::Ruleset withoutTargetsAndKnobs(const model::Ruleset& r) {
  model::Ruleset out = r;
  std::erase_if(out.tuning, [](const auto& kv) { return kv.first == "targets" || kv.first == "knobs"; });
  return out;
}

inline bool sameRules(const model::Ruleset& a, const model::Ruleset& b) {
  if (a.tuning == b.tuning) return a == b;
  return withoutTargetsAndKnobs(a) == withoutTargetsAndKnobs(b);
}

}  // namespace wb::app
