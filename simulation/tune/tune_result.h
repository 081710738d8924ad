// What a tune returns (TuneSearch::run): the proposal as edits of the
// starting ruleset, each target's baseline and verified numbers on fresh
// seeds with their verdicts, the alternatives with fewer edits and what they
// miss, the sensitivity model, and the games played. `balance tune` prints it
// and writes it as JSON (tune_result_json.h, data/schema/tune-result.md); the
// workbench's Balance tab shows the same fields.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "simulation/tune/knob_space.h"
#include "simulation/tune/ratio_estimate.h"
#include "simulation/tune/tune_baselines.h"
#include "simulation/tune/tune_target.h"

namespace wb::sim {

enum class TuneVerdict { Pass, Fail, Undecided, Interrupted };
const char* toString(TuneVerdict v);

struct TuneEditText {
  std::string path, from, to;
  int steps = 0;                       // the move in steps of the knob's domain (+ up, - down)
};

// One target measured on one candidate.
struct TargetReading {
  Estimate value;                      // pooled value and 95% interval
  TargetVerdict verdict = TargetVerdict::Undecided;
  double miss = 0;                     // how far the value lies outside the band (0 inside)
};

struct TargetOutcome {
  Target target;
  TargetReading baseline;              // the starting ruleset, fresh seeds, verify agents
  TargetReading verified;              // the proposal, fresh seeds, verify agents
  TargetReading baselineSearchAgents;  // the same with the search agents
  TargetReading verifiedSearchAgents;
  std::uint64_t gamesToDecide = 0;     // undecided: verification games that would decide it
};

// A smaller edit set the search tried, with its readings on the search's bank.
struct TuneAlternative {
  EditSet edits;
  std::vector<TuneEditText> text;
  std::vector<TargetReading> targets;  // in TuneResult::targets order
  bool passes = false;                 // every target inside its band on the bank
};

// The sensitivity model: effect of one step of a knob on a metric, paired
// against the centre it was measured from.
struct Sensitivity {
  std::string path;
  std::string metric;
  int direction = 1;                   // +1: up the domain, -1: down
  std::string from, to;
  Estimate effect;                     // metric(to) - metric(from): one step, or a long jump to the end of the domain
};

// One number the content guard kept (tuning-guard.md): an entity's use per
// game, the share of games it is used in, or a kind's diversity.
struct GuardOutcome {
  Target target;                       // the metric and the guard's band
  Estimate start;                      // the starting ruleset on the search's bank (the band's base)
  TargetReading baseline;              // the starting ruleset, fresh seeds, verify agents
  TargetReading verified;              // the proposal, fresh seeds, verify agents
  bool breached = false;               // the verified value lies outside the band
};

// A proposal the search tried that came closer to the targets on its games
// than the one returned but broke the content guard there: what the guard
// refused, and why.
struct GuardRefusal {
  std::vector<TuneEditText> text;
  std::vector<std::string> breaks;     // the guarded metrics outside their bands on the search's games
  std::size_t targetsMet = 0;          // targets whose value lies inside the band there
  double miss = 0;                     // the targets' summed miss there (in target scales)
};

struct TuneResult {
  std::string ruleset, engine;
  TuneStrategy strategy = TuneStrategy::Tuner;
  TuneVerdict verdict = TuneVerdict::Undecided;
  bool searchPassed = false;           // a proposal passed every target on the bank
  EditSet edits;
  std::vector<TuneEditText> editText;
  std::vector<TargetOutcome> targets;
  bool guardOn = false;                // the content guard was on
  std::vector<GuardOutcome> guard;     // what it protected (the entities the knobs reach)
  // No proposal passed: whether the one returned (the closest) keeps the
  // guard on the search's games. False when none the search tried both keeps
  // it and comes closer to the targets than the start: the closest is then
  // one that breaks it, and says so.
  bool guardKept = true;
  std::vector<GuardRefusal> guardRefused;  // closer proposals the guard set aside, closest first
  double drift = 0;                    // the proposal's change of the guarded numbers on the bank (in band scales)
  std::vector<TuneAlternative> alternatives;
  std::vector<Sensitivity> sensitivity;
  std::vector<std::string> knobs;      // the knob paths searched
  // Knobs no candidate moved on the search's games (the budget ran out
  // first): the answer says nothing about them. Empty when every knob was tried.
  std::vector<std::string> untried;
  std::uint64_t searchGames = 0, verifyGames = 0;
  // The search's games by step, in the order the steps first played: "baseline",
  // "screening", "proposals", "confirmation", "elimination" (a peer: its strategy's name).
  std::vector<std::pair<std::string, std::uint64_t>> phaseGames;
  std::uint64_t budget = 0;
  std::uint64_t gamesToDecide = 0;     // undecided: verification games that would decide every target
  // Looks of the verification: 2 when an undecided first look played on with
  // games the search left (the second look's intervals are 99%).
  int verifyLooks = 0;
  std::uint64_t blockGames = 0;
  std::vector<std::string> searchAgents, verifyAgents;
  std::uint64_t seed = 0;
  int players = 0;
  double elapsedSeconds = 0;
  std::string error;                   // non-empty: the tune could not run
  bool ok() const { return error.empty(); }
};

}  // namespace wb::sim
