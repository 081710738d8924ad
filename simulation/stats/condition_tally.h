// ConditionTally: the outcome measures of a run split by the conditions of
// each game's setup (State::setupFeatures: card-dice's seven die values, the
// arena of Elem Master, ...). One cell per feature value ("fire=2") and one
// per pair of feature values of different features ("fire=2 & nature=5"), so
// that an effect only a combination has can be found. Every field is an
// integer sum and the cells sit in a sorted map, so threads, batches and MPI
// ranks merge them in any order to the same tally (RunStats carries it; the
// analysis is simulation/conditions/condition_analysis.h).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "simulation/core/state.h"

namespace wb::sim {

struct ConditionCell {
  std::string feature, value;    // a single condition
  std::string feature2, value2;  // the second of a pair; empty for a single
  std::uint64_t games = 0;
  std::uint64_t timeouts = 0, adjudicated = 0, nobody = 0, draws = 0;
  std::uint64_t decided = 0;        // one side won by the rules
  std::uint64_t firstSideWins = 0;  // of those, the side of seat 0
  std::vector<std::uint64_t> seatWins;  // per seat, wins by the rules
  std::uint64_t lengthSum = 0, lengthSumSquares = 0;

  bool isPair() const { return !feature2.empty(); }
  std::string label() const;  // "fire=2" or "fire=2 & nature=5"
  void merge(const ConditionCell& o);
  friend bool operator==(const ConditionCell&, const ConditionCell&) = default;
};

// How one game ended, as the tally needs it (RunStats::add fills it).
struct ConditionOutcome {
  bool timedOut = false, adjudicated = false, nobody = false, draw = false, decided = false;
  bool firstSideWon = false;
  std::vector<bool> seatWon;
  int turns = 0;
};

struct ConditionTally {
  // Engines keep their features few and each with few values (a die value,
  // an arena, yes/no per relic): every pair is tallied.
  std::map<std::string, ConditionCell> cells;  // key: label()

  bool empty() const { return cells.empty(); }
  void add(const std::vector<SetupFeature>& features, const ConditionOutcome& outcome, int players);
  void merge(const ConditionTally& o);
  friend bool operator==(const ConditionTally&, const ConditionTally&) = default;
};

}  // namespace wb::sim
