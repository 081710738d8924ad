// RulesetDiff: what changed between two revisions of a ruleset, value by value
// and by path (the "balance patch notes" of `balance compare` and of reports).
// Values are compared as the text getPath() gives; entities (cards, tiles, ...),
// parameters, dice and dice questions present on one side only are reported
// once as Added / Removed instead of value by value.
//
//   auto changes = model::diffRulesets(before, after);
//   for (const auto& c : changes) std::cout << c.describe() << "\n";
//   // cards.meteor_strike.cost: 18 -> 14
#pragma once

#include <string>
#include <vector>

#include "model/core/ruleset.h"

namespace wb::model {

struct ValueChange {
  enum class Kind { Changed, Added, Removed };
  Kind kind = Kind::Changed;
  std::string path;    // e.g. "cards.meteor_strike.cost", or "cards.new_card" for an added entity
  std::string before;  // empty when Added
  std::string after;   // empty when Removed
  bool numeric = false;  // both sides are plain numbers (before/after parse as doubles)

  // "path: before -> after", "+ path (added)", "- path (removed)".
  std::string describe() const;
  friend bool operator==(const ValueChange&, const ValueChange&) = default;
};

const char* toString(ValueChange::Kind kind);  // "changed" | "added" | "removed"

// Differences from `before` to `after`, in the order of `before`'s paths
// (metadata, parameters, dice, sections in order, entities in list order),
// with additions after the element they follow. Identical rulesets give {}.
std::vector<ValueChange> diffRulesets(const Ruleset& before, const Ruleset& after);

}  // namespace wb::model
