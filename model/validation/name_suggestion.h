// "Did you mean ...?" for misspelt names (an amount `earth * magik`
// should say "did you mean 'magic'?"). The closest known name by edit
// distance (insertions, deletions, substitutions and swaps of neighbours, case
// ignored), when it is close enough to be the likely intent.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace wb::model::validation {

// The known name closest to `name`, or "" when none is within
// max(1, length / 3) edits (so "fier" -> "fire", "magik" -> "magic", but
// "xyz" -> nothing). Ties go to the first in order.
std::string closestName(std::string_view name, const std::set<std::string, std::less<>>& known);

// " (did you mean 'magic'?)" or "".
std::string didYouMean(std::string_view name, const std::set<std::string, std::less<>>& known);

}  // namespace wb::model::validation
