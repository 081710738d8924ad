// A probability question a ruleset ships with (`dice_questions:`), e.g.
// "distribution of fire x magic" or "chance a 2d6 roll reaches 9". The dice lab
// (simulation/dice) answers them; the model only stores and validates the text.
#pragma once

#include <string>
#include <vector>

#include "model/core/origin.h"
#include "model/core/scalar.h"

namespace wb::model {

struct DiceQuestion {
  std::string id;
  std::string name;        // the question as the designer asks it
  std::string query;       // query kind: sum, count, at_least, vs, target, expression
  std::vector<Field> args; // the query's arguments (pool, faces, threshold, ...)
  std::string assumed;
  Origin origin;

  const Field* arg(std::string_view key) const;
  friend bool operator==(const DiceQuestion&, const DiceQuestion&) = default;
};

}  // namespace wb::model
