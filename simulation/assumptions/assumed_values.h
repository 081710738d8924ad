// The values of a ruleset marked `assumed` (no public source) and the other
// readings the assumptions experiment plays against each, to learn which
// assumptions decide the verdict:
//   - a parameter's `alternatives: [..]` when the YAML declares them;
//   - else a bool's other value, an enum's every other choice, a number one
//     step (its `step:`, else 1 for an int, a tenth of the value for a float)
//     each way, kept only inside the declared range;
//   - a marked entity, effect, die, dice question or the ruleset itself is a
//     reading in words: none can be derived, and it is listed with the reason
//     (express the reading as a parameter with alternatives to test it), not
//     skipped. So is a text parameter without declared alternatives and a
//     number whose range leaves no step.
// Paths are those of model/path/ruleset_path.h, so an alternative is played by
// setPath(ruleset, path, value) exactly as `balance run --set path=value`.
#pragma once

#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"

namespace wb::sim {

struct AssumedValue {
  std::string path;                       // "parameters.diagonal_steps", "cards.treasury", ...
  std::string note;                       // the `assumed:` text
  model::SourceLocation where;            // the `assumed:` key's value in the YAML
  std::string shipped;                    // the value the ruleset ships (parameters), else ""
  std::vector<std::string> alternatives;  // values to set at `path`; empty = none playable
  std::string source;                     // "declared", "the other value", "the other choices", "one step each way"
  std::string noAlternative;              // when alternatives is empty: why
  bool playable() const { return !alternatives.empty(); }
};

// Every `assumed` mark of the ruleset, in file order of the sections
// (ruleset, parameters, dice, entities with their effects, dice questions).
std::vector<AssumedValue> assumedValues(const model::Ruleset& ruleset);

}  // namespace wb::sim
