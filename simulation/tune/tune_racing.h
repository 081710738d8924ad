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
//   - the entities' own knobs: where a use target misses, the knob under the
//     entity's own node (its cost) is tried first, at the smallest predicted
//     miss and then the smallest move, with the levels next to it;
//   - the reach of a knob: one under an entity's path (`cards.gambling.cost`)
//     reaches that entity (it is the entity's own), any other (a parameter)
//     the whole game.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "simulation/tune/knob_space.h"
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

// A level of an entity's own knob, for the use target of that entity which
// the centre misses.
struct OwnedLevel {
  std::size_t knob = 0, level = 0;
  std::size_t steps = 0;  // the move from the centre's level
  double miss = 0;        // the target's predicted miss at this level (in target scales)
};

// The level tried first: the smallest predicted miss below `stay` (the miss
// without a move), then the smallest move, then the first listed (the knobs'
// order). False when no level does better than staying.
bool firstOwnedLevel(const std::vector<OwnedLevel>& levels, double stay, OwnedLevel& out);

// The edit sets raced for the entities' own knobs, from each entity's chosen
// edit and the same knob one level nearer the centre and one further (equal
// to the chosen edit where the knob cannot move): the chosen edits together,
// then each one nearer with the others as chosen (a smaller move that may
// pass), all nearer, all further; each set once, in that order.
std::vector<std::vector<Edit>> ownedVariants(const std::vector<Edit>& chosen, const std::vector<Edit>& nearer,
                                             const std::vector<Edit>& further);

// True when `path` lies under one entity of a ruleset section (`cards.x.cost`,
// `abilities.x.effects.0.cost`); false for a parameter, which reaches the whole game.
bool entityKnob(const std::string& path);

// The entity whose own node `path` lies under ("gambling" for
// `cards.gambling.cost`, "oracle" for `abilities.oracle.effects.0.cost`);
// empty for a parameter. A use target on that entity that misses names the
// knobs a designer tries first: the entity's own (its cost).
std::string knobEntity(const std::string& path);

}  // namespace wb::sim
