// What `balance tune` prints (tune_command.cpp): the verdict, the edits,
// each target's baseline and proposal with its interval and verdict (also
// with the search agents when they differ), the content guard, the
// alternatives with fewer edits, the games played and the knobs never tried.
#pragma once

#include <ostream>

#include "simulation/tune/tune_result.h"

namespace wb::app {

void printTuneResult(std::ostream& out, const sim::TuneResult& r);

}  // namespace wb::app
