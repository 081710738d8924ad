// The tuner's peers: two plain searches that spend the same
// budget on the same evaluator (the same bank of seeds, common random numbers)
// and end in the same verification on fresh seeds, so that their verdicts
// compare with the tuner's (`balance tune --strategy`):
//
//   random         random edit sets of 1..TuneConfig::randomMaxEdits edits
//                  (distinct knobs, values drawn uniformly from each knob's
//                  domain other than its current value), each played on the
//                  bank's first TuneConfig::screenBlocks blocks (as many as
//                  the tuner plays a one-step change at most); the one with the
//                  smallest summed normalised miss (on every block it played)
//                  is kept (ties: fewer edits).
//   one-at-a-time  a coordinate sweep: for each knob in turn, every value of
//                  its domain with the other knobs at their best so far; a
//                  value that misses less is kept. Rounds over all knobs
//                  repeat until a round improves nothing.
//
// In both, a candidate whose values all lie inside the bands is raced like
// the tuner's proposals (doubling blocks) and stops the search when every
// target's interval lies inside its band; the search also stops when the
// budget is spent. No sensitivity model and no backward elimination: the peers
// are what a designer would do without the tuner. The code is TuneSearch's
// (tune_baselines.cpp) so that the bank, the budget accounting and the
// verification are exactly the tuner's.
#pragma once

#include <string_view>

namespace wb::sim {

enum class TuneStrategy { Tuner, Random, OneAtATime };

const char* toString(TuneStrategy s);  // "tuner", "random", "one-at-a-time"
// Parses the names above; false for anything else.
bool parseTuneStrategy(std::string_view text, TuneStrategy& out);

}  // namespace wb::sim
