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
//   ntbea          the N-tuple bandit evolutionary algorithm as TAG runs it
//                  (Lucas, Liu and Perez-Liebana 2018; TAG's
//                  evaluation/optimisation/ntbea): a bandit model over the
//                  1-tuples (each knob) and 2-tuples (each pair of knobs) of
//                  the points evaluated; each iteration evaluates the current
//                  point once on fresh seeds (blocks of a stream of its own,
//                  never the bank: TAG's noisy single evaluations), adds its
//                  fitness (minus the summed normalised miss) to every tuple
//                  of the point, and moves to the best of kNtbeaNeighbours
//                  mutations by UCB (mean of the tuples' mean fitness plus
//                  kNtbeaExplore times the mean of sqrt(log(1 + N) / (n + 0.5))).
//                  When the budget left is what racing needs, the evaluated
//                  point with the best model mean is raced on the bank.
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

enum class TuneStrategy { Tuner, Random, OneAtATime, Ntbea };

const char* toString(TuneStrategy s);  // "tuner", "random", "one-at-a-time", "ntbea"
// Parses the names above; false for anything else.
bool parseTuneStrategy(std::string_view text, TuneStrategy& out);

}  // namespace wb::sim
