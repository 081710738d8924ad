// A dice question's threshold taken from a value of the ruleset: a question
// such as "how often does Meteor Strike deal 18 or more (its cost)?" writes
// `at_least: 18` and, beside it, `at_least_of: cards.meteor_strike.cost` (the
// value the 18 stands for). When that value changes, the question is flagged
// (a validation warning, and the Dice Lab marks it) instead of silently
// answering for the old number.
#pragma once

#include <string>

#include "model/core/ruleset.h"

namespace wb::model {

// "" when the question names no `at_least_of`, or its `at_least` equals that
// value; else what is wrong, e.g. "at_least 18 is no longer
// cards.meteor_strike.cost (now 14): update the threshold and the question's
// text", or "at_least_of: unknown path ...".
std::string staleThreshold(const Ruleset& ruleset, const DiceQuestion& question);

}  // namespace wb::model
