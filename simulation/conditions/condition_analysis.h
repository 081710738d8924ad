// The analysis of setup conditions (`balance run --conditions`: which setups decide the game):
// from the ConditionTally of a run (stats/condition_tally.h), each outcome
// measure by each feature value with a 95% interval, and the conditions whose
// outcome differs most from the rest of the games.
//
// First, per feature and measure, whether the measure depends on the feature
// at all (FeatureTest: chi-square / analysis of variance over its values; far
// more power than any one value against the rest). Then the cells:
// Measures: first_side (the side of seat 0 wins, of decided games), seat:S
// (wins of all games), timeouts, adjudicated, nobody, draws (shares of all
// games; only when they occur in the run) and turns (mean length). Every cell
// (a feature value, or a pair of values of two features) with at least
// kMinCellGames games and as many outside it is tested against the games
// outside it (the pooled two-proportion z test for rates, Welch's for the mean
// length), and Holm's correction runs over every test of the run (feature
// tests, singles and pairs). A finding is a significant test (Holm-adjusted p <= 0.05); a pair is
// a finding only when neither of its two values is one for the same measure
// (the pair shows what a single condition does not explain). Findings are
// ordered by adjusted p, then by the size of the difference.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "simulation/stats/condition_tally.h"
#include "simulation/stats/run_stats.h"
#include "simulation/stats/statistics.h"

namespace wb::sim {

struct ConditionMeasure {
  std::string key;    // first_side, seat:S, timeouts, adjudicated, nobody, draws, turns
  bool isRate = true;
  std::uint64_t n = 0;         // games behind the value (decided games for first_side)
  double value = 0;            // in the cell
  Interval ci;                 // 95%: Wilson for rates, mean +- 1.96 se for turns
  double rest = 0;             // the same measure over the games outside the cell
  double delta = 0;            // value - rest
  Interval deltaCi;            // 95% (Newcombe / Welch)
  double pValue = 1.0, adjustedP = 1.0;
  bool tested = false;         // both sides had kMinCellGames games
  bool significant = false;
};

struct ConditionRow {
  ConditionCell cell;
  std::vector<ConditionMeasure> measures;
};

// Does the measure depend on the feature at all? Pearson's chi-square test of
// homogeneity over the feature's values for a rate (df = values - 1), the
// one-way analysis of variance for the mean length (F with values - 1 and
// games - values degrees of freedom); cells with kMinCellGames or more only.
struct FeatureTest {
  std::string feature, measure;
  double statistic = 0;
  double df = 0, df2 = 0;      // df2: the F test's second degrees of freedom (0 for chi-square)
  double pValue = 1.0, adjustedP = 1.0;
  bool significant = false;
  std::string lowest, highest;  // the values with the lowest and highest measure
};

struct ConditionFinding {
  std::string condition;   // "fire=2" or "fire=2 & nature=5"; a feature name for a feature test
  bool pair = false;
  bool feature = false;    // a FeatureTest: `measure` is its highest value's cell
  ConditionMeasure measure;
  std::string text;        // in words
};

struct ConditionAnalysis {
  static constexpr std::uint64_t kMinCellGames = 20;
  std::vector<std::string> features;     // in first-seen (name) order
  std::vector<std::string> measureKeys;  // the measures of every row, in order
  std::vector<ConditionRow> singles;     // by feature, then value
  std::vector<ConditionRow> pairs;
  std::vector<FeatureTest> featureTests;  // every feature x measure
  std::vector<ConditionFinding> findings;
  std::size_t tests = 0;
  bool empty() const { return singles.empty(); }
};

// `only`: the features to analyse (a cell of a pair needs both), the others
// left out of the rows, the tests and Holm's correction; empty = every one.
ConditionAnalysis analyzeConditions(const RunStats& stats, const std::vector<std::string>& only = {});

// "timeouts" -> "timeouts (share of games)", ...
std::string conditionMeasureLabel(const std::string& key);

}  // namespace wb::sim
