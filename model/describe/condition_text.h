// Conditions of a game description: `turn_total >= 20`, `score >= goal or
// turns > 50`, `coins >= card_cost and buys > 0`. A condition is comparisons
// joined by `and` (binding tighter) and `or`, with no parentheses around
// them; each side of a comparison is an amount expression (expression.h),
// and a side alone (`buys`) means "is not zero". Split here into text pieces
// with their offsets, so that every error points at its column.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/describe/described_program.h"

namespace wb::model::describe {

struct ComparisonText {
  std::string lhs, rhs;  // rhs empty for NonZero
  int lhsOffset = 0, rhsOffset = 0;
  Compare op = Compare::NonZero;
};

struct ConditionText {
  std::vector<std::vector<ComparisonText>> anyOf;
  int errorOffset = -1;  // >= 0: the text is not a condition
  std::string error;
};

ConditionText splitCondition(std::string_view text);

}  // namespace wb::model::describe
