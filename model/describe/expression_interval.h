// The range an amount expression can take when each name lies in a known
// range: the static checks of a description use it to find an action whose
// condition can never hold (`roll == 7` with a six-sided roll) and a game
// whose end can never come.
#pragma once

#include <functional>
#include <string_view>

#include "model/describe/described_program.h"
#include "model/expression/expression.h"

namespace wb::model::describe {

struct Interval {
  double lo = 0, hi = 0;
};

// `rangeOf` gives each name's range. Division by an interval holding 0 and
// unknown functions give (-inf, inf).
Interval intervalOf(const Expression& e, const std::function<Interval(std::string_view)>& rangeOf);

// True if `lhs op rhs` can hold for some values in the ranges.
bool canHold(Interval lhs, Compare op, Interval rhs);

}  // namespace wb::model::describe
