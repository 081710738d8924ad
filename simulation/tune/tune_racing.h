// Racing helpers of the tuner's search (tune_search.h), apart so that each can
// be checked on its own:
//   - successive halving: a racing round keeps the better half of the
//     candidates still racing (at least a few), so that the next round, twice
//     as long, spends its games where the decision is close;
//   - shrinkage of the sensitivity model: with many knobs the largest of many
//     estimates read on a few blocks are mostly noise (effect sparsity), so
//     each paired difference is pulled towards 0 by its noise, with its
//     standard error floored by the spread that every probe's paired
//     differences show per block (a standard error read on four blocks is
//     itself noise, and is 0 where the four pairs happened to agree);
//   - the reach of a knob: one under an entity's path (`cards.gambling.cost`)
//     reaches that entity, any other (a parameter) the whole game.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "simulation/tune/ratio_estimate.h"

namespace wb::sim {

// A candidate still racing and its rank key (compared in order, smaller better).
struct RaceEntry {
  std::size_t candidate = 0;
  std::vector<double> key;
};

// The candidates a round drops: all but the better half (rounded up) of
// `racing`, and never one of the best `keepAtLeast`. Ties keep their order.
std::vector<std::size_t> halveRace(std::vector<RaceEntry> racing, std::size_t keepAtLeast);

// The per-block variance of paired differences pooled over `estimates` (each
// se^2 * blocks, weighted by blocks - 1); estimates of fewer than two blocks
// and changes that altered nothing (value and se 0) do not count. 0 when none does.
double pooledBlockVariance(const std::vector<Estimate>& estimates);

// `x` with its standard error floored by sqrt(blockVariance / blocks) and its
// value shrunk by d^2 / (d^2 + se^2): a clear effect keeps nearly all of
// itself, one within a standard error of 0 at most half, and its sign. A
// change that altered nothing (value and se 0) stays an exact 0.
Estimate shrinkEffect(Estimate x, double blockVariance);

// Where two values were planted, each single edit that moves a missed target
// the right way often falls just short on real games, and the model, adding
// the two effects, predicts the pair to overshoot (the effects of two edits
// that undo one imbalance overlap): the pairs of the best `singles` single
// edits, as indices into that list, each pair once in the singles' order,
// both edits of a pair on distinct knobs (`knobOf`), at most `most` pairs.
std::vector<std::pair<std::size_t, std::size_t>> interactionPairs(const std::vector<std::size_t>& knobOf,
                                                                  std::size_t most);

// True when `path` lies under one entity of a ruleset section (`cards.x.cost`,
// `abilities.x.effects.0.cost`); false for a parameter, which reaches the whole game.
bool entityKnob(const std::string& path);

}  // namespace wb::sim
