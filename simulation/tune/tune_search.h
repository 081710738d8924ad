// TuneSearch: the fewest edits that bring every target inside its band
// (`balance tune`), on common random numbers throughout (tune_evaluator.h).
//
//   1. The starting ruleset (the "centre") is played on the search bank
//      until its targets are decided or it has as many blocks as a default
//      verification run (a sixteenth of the budget).
//   2. Screening: every one-step change of every knob from the centre is
//      raced in rounds of blocks, paired with the centre on the same blocks.
//      A change is dropped as soon as its paired 95% interval shows it does not
//      move any target the centre misses the right way (by at least a tenth
//      of the miss); the others play on until one target's move is clear or
//      their share of the budget is spent, each round (twice as long) only
//      the better half of them by how far they move the missed targets
//      (successive halving, tune_racing.h). Knobs that reach the whole game
//      (parameters) are raced first, on half the screening's share, the
//      knobs under one entity (a card's cost) after them on the rest. The
//      paired differences form the sensitivity model: the effect of one
//      step, per knob, direction and metric, with its standard error, each
//      shrunk towards 0 by its noise (with many knobs the largest estimates
//      on few blocks are mostly noise). Each knob is also probed at the ends
//      of its domain (long jumps), so that a value whose one step changes
//      nothing (a plateau, a fine domain) still shows what a far value does:
//      where a step's effect is not clear (within two standard errors of 0),
//      the model interpolates between one step and the end; a clear step
//      scales with the steps.
//   3. Proposals: from the model (effects add, steps scale them), a beam
//      search finds the edit sets of size 1, 2, 3, ... with the smallest
//      predicted miss against the part of each band a verification can
//      confirm (in from each edge by its interval's half-width); among
//      predicted passes, first those that one standard error of the
//      prediction would not take out of the band, then the smallest moves,
//      then the most room. The best two of each size up to one past the
//      first that is predicted to pass (from there the best four), and the
//      levels next to each single edit's (and the one-step move its way),
//      and the pairs of the best three single edits (where two values were
//      planted the model, adding two effects that overlap, predicts their
//      pair to overshoot), are raced on real games (the model is linear and
//      fitted on few blocks: the real best is often a neighbour of its best),
//      each round twice as long for the better half of them (the smallest
//      miss of their intervals' nearest ends, then of their values paired
//      with the centre's on the same blocks, then the fewest and smallest
//      edits). Where a use target misses (use:ID), the knobs under ID's own
//      node (its cost) are raced as well, one edit per such entity, at the
//      level predicted to meet its target with the smallest move, and with
//      the levels next to them (tune_owned.cpp). A proposal passes when
//      every target's 95% interval lies inside its band.
//   4. Confirmation: a raced proposal that passes is the best of many on the
//      same blocks, so its values lean towards the bands (the winner's
//      curse); it counts only when the bank's next blocks, as many again,
//      agree (each value inside its band there, all blocks together still
//      passing). Up to three passes of a round are tried, fewest edits first.
//      No confirmed pass: the raced proposal that misses least becomes the
//      centre if it misses less than the centre (among equal misses, one
//      made of the missed use targets' own knobs first, then the fewest
//      edits, then the one nearest a pass on the bank), and the search
//      screens around it again (refit); it stops when a proposal passes,
//      nothing improves, or the budget (search games) is spent.
//   A pass on the bank also wants each value inside its band by room for the
//   verification's interval (1.96 of its standard errors, scaled from the
//   bank's) plus one bank standard error, and each two-sided target's value
//   at least a tenth of its band's width inside (the best of many candidates
//   on one bank looks better there than on fresh seeds).
//   5. Backward elimination: every edit whose removal still passes is dropped,
//      one at a time (a smaller set left undecided plays on, up to
//      raceBlocks); the smaller sets that fail are the alternatives.
//   6. Verification on fresh seeds (stream 1, never searched): the proposal and
//      the starting ruleset with the search agents and the verify agents. The
//      verify agents decide: "pass" when every target's interval lies inside
//      its band, "fail" when one lies outside, else "undecided" with the
//      games that would decide it. Undecided with games left of the budget
//      (every strategy alike), the proposal plays on once, up to as many
//      blocks again, and is judged on all its games with 99% intervals (two
//      looks at one sample: the stricter second look keeps a false pass rare).
// The search's games never pass the budget: each step plays only what fits
// (minimumBudget() below). Every decision depends only on block sums in a
// fixed order, so the result is the same for any thread count and any number
// of MPI ranks.
//
//   TuneSearch search(rulesets::builtinEngines(), ruleset, knobs, spec, config);
//   TuneResult r = search.run();          // blocking; search.cancel() from any thread
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "model/core/ruleset.h"
#include "simulation/core/engine_registry.h"
#include "simulation/tune/knob_space.h"
#include "simulation/tune/tune_baselines.h"
#include "simulation/tune/tune_evaluator.h"
#include "simulation/tune/tune_result.h"
#include "simulation/tune/tune_spec.h"
#include "simulation/tune/tune_target.h"

namespace wb::sim {

struct TuneConfig {
  TuneRunSettings run;                 // seed, players, agents, threads, block size
  std::uint64_t budget = 20000;        // games the search may play (verification apart)
  std::uint64_t verifyGames = 0;       // games of each verification run (one candidate, one agent set); 0: budget / 16
  std::size_t maxEdits = 6;            // largest edit set proposed
  std::size_t roundBlocks = 8;         // blocks per racing round
  std::size_t screenBlocks = 64;       // the most blocks a one-step change is raced on
  std::size_t raceBlocks = 512;        // the most blocks a proposal is raced on
  std::size_t beamWidth = 8;
  int maxRefits = 8;
  // The search itself; the peers (tune_baselines.h) share the evaluator, the
  // budget and the verification.
  TuneStrategy strategy = TuneStrategy::Tuner;
  std::size_t randomMaxEdits = 3;      // random search: edit sets of 1..this many edits
  GuardSpec guard;                     // the content guard (tuning-guard.md); on by default
};

struct TuneProgress {
  std::string phase;                   // "baseline", "screening", "proposals", "elimination", "verification"
  std::uint64_t searchGames = 0, budget = 0, verifyGames = 0;
  std::string best;                    // the best proposal so far, "path=value,..." ("" = no edits)
  double bestMiss = 0;                 // its summed normalized miss on the bank
};

class TuneSearch {
 public:
  using ProgressCallback = std::function<void(const TuneProgress&)>;

  // All references must outlive the search.
  TuneSearch(const EngineRegistry& registry, const model::Ruleset& start, const KnobSpace& knobs,
             std::vector<Target> targets, TuneConfig config);

  // Compiles the start and resolves nothing else; the shape of the game for
  // resolveTargets (call before run() when the targets are still text).
  // `probe`: also learn what each entity does most (plays the bank's first
  // blocks of the start; TuneEvaluator::prepare), for use and diversity targets.
  static bool gameShape(const EngineRegistry& registry, const model::Ruleset& start, const TuneRunSettings& run,
                        TuneShape& shape, std::string& error, bool probe = false);

  void setProgressCallback(ProgressCallback callback) { m_progress = std::move(callback); }
  TuneResult run();
  // Asks a running run() to stop soon; it returns the best proposal so far,
  // verdict Interrupted, without verification. Thread-safe.
  void cancel();

  // Steps of run(), public for tests and tools (after the baseline is played,
  // which they do themselves when needed):
  // drops every edit of `edits` whose removal still passes on the bank.
  EditSet eliminate(const EditSet& edits);
  // Every target inside its band on the bank's first `blocks` blocks (played here if missing).
  bool passesOnBank(const EditSet& edits, std::size_t blocks);

  // The search's games never pass the budget: its steps play only what fits
  // (the first screening round shrinks to fewer blocks, then leaves out the
  // long jumps, then the one-step changes past what fits). The least budget
  // that measures the starting ruleset and screens every one-step change of
  // every knob on two blocks (the peers: the starting ruleset alone); run()
  // refuses a smaller one with budgetText() before any game.
  std::uint64_t minimumBudget() const;
  std::string budgetText() const;

 private:
  // The targets' readings, then the guard's (m_guards order).
  std::vector<TargetReading> readings(const BlockSeries& s, std::size_t blocks) const;
  // Target i of readings(): a target, or past them a guard.
  const Target& targetAt(std::size_t i) const {
    return i < m_targets.size() ? m_targets[i] : m_guards[i - m_targets.size()];
  }
  // The content guard (tune_guard.cpp): the guarded metrics, chosen from what
  // the knobs reach (before any game), and their bands, from the starting
  // ruleset's values on the bank.
  void planGuard();
  void setGuardBands();
  // Whether the guard holds on the bank: no guarded value outside its band by
  // more than its standard error (floored by the starting value's, scaled to its blocks).
  bool guardHolds(const std::vector<TargetReading>& r) const { return guardBreaks(r).empty(); }
  // The guarded numbers (indices into m_guards) that break the guard that way.
  std::vector<std::size_t> guardBreaks(const std::vector<TargetReading>& r) const;
  // The closest proposal when none passed (tune_closest.cpp): of the
  // proposals raced (and the start), those that keep the guard on the bank
  // first, then the most targets met, the smallest summed target miss, the
  // fewest edits, the smallest moves. The closer ones the guard refused go
  // to `result.guardRefused`; `fallback` when nothing was raced.
  EditSet closest(const EditSet& fallback, TuneResult& result) const;
  // How far the guarded numbers moved from the start (summed in band scales):
  // among passes alike, the smaller the better.
  double drift(const std::vector<TargetReading>& r) const;
  // The summed size of the moves, in steps of each knob's domain.
  std::size_t steps(const EditSet& e) const;
  double totalMiss(const std::vector<TargetReading>& r) const;
  // The same for the targets alone (the guard's values left out).
  double targetMiss(const std::vector<TargetReading>& r) const;
  // Every target passes on the bank with room for the verification (see the .cpp).
  bool allPass(const std::vector<TargetReading>& r) const;
  // How far inside its band a bank pass wants a target's value `v` (allPass).
  double passMargin(const Target& target, const Estimate& v) const;
  // How far the targets' values are from a pass on the bank: each value's
  // shortfall from lying inside its band by passMargin (in target scales),
  // summed; 0 when every target passes that way. A reading on few blocks has
  // a wide margin, so a value near an edge there is far from a pass.
  double bankShortfall(const std::vector<TargetReading>& r) const;
  // The summed miss of each target's interval end nearest its band (in target scales).
  double optimisticMiss(const std::vector<TargetReading>& r) const;
  // Whether more games cannot make the candidate a pass on the bank.
  bool outOfReach(const std::vector<TargetReading>& r) const;
  // How far inside a two-sided band a bank pass must lie, in band widths.
  static constexpr double kBankMargin = 0.1;
  // Blocks of each verification run (--verify-games, default budget / 16).
  std::size_t verifyBlocks() const;
  bool playBank(const std::vector<EditSet>& candidates, std::size_t blocks);
  std::size_t bankBlocks(const EditSet& e) const;
  // The games that playing `candidates` up to `blocks` adds; whether they fit
  // the budget (and `limit`, also a count of search games).
  std::uint64_t gamesToPlay(const std::vector<EditSet>& candidates, std::size_t blocks) const;
  bool budgetLeft(const std::vector<EditSet>& candidates, std::size_t blocks, std::uint64_t limit = UINT64_MAX) const;
  std::size_t oneStepChanges(const EditSet& centre) const;
  void report(const std::string& phase, const EditSet& best, double miss);
  std::vector<TuneEditText> editText(const EditSet& e) const;
  // Plays `e` on the bank in doubling rounds until every target is decided
  // (or the race's cap, `cap`, or the budget); returns its blocks.
  std::size_t measure(const EditSet& e, std::size_t cap = SIZE_MAX);
  // The most blocks a centre (the starting ruleset, a refit's) is measured on
  // before screening: as many as a default verification run (a sixteenth of
  // the budget). Its direction and value are all the screening needs, and a
  // start near a band's edge would otherwise take a quarter of the budget.
  std::size_t centreBlocks() const;
  void screen(const EditSet& centre, std::size_t blocks);
  // Shrinks the sensitivity model's estimates towards 0 by their noise (tune_screening.cpp).
  void shrinkEffects();
  // Whether a pass on the bank holds on the bank's next blocks (see run()'s step 4).
  bool confirmed(const EditSet& e);
  // Passes of one round tried that way, fewest edits first.
  static constexpr std::size_t kConfirmTries = 3;
  // The fewest proposals a racing round keeps (successive halving keeps the better half).
  static constexpr std::size_t kRaceKeep = 2;
  std::vector<EditSet> propose(const EditSet& centre, std::size_t blocks) const;
  // The entities' own knobs for the use targets the centre misses
  // (tune_owned.cpp): `here` the centre's readings, `inner` the targets'
  // bands narrowed to the part a verification can confirm.
  std::vector<EditSet> ownedProposals(const EditSet& centre, const std::vector<TargetReading>& here,
                                      const std::vector<Target>& inner) const;
  // Whether `e` moves from `centre` only knobs under the own node of
  // entities whose use targets the centre misses (`here` its readings), and
  // at least one.
  bool ownKnobsOnly(const EditSet& e, const EditSet& centre, const std::vector<TargetReading>& here) const;
  void verify(const EditSet& proposal, TuneResult& result);
  // The verdict of the proposal's first `blocks` verification blocks (the
  // baseline's first `baselineBlocks`), each interval widened from 95% to `z`.
  void decide(const EditSet& proposal, std::size_t blocks, std::size_t baselineBlocks, double z, TuneResult& result);
  // The second look of a sequential verification decides on 99% intervals.
  static constexpr double kZ99 = 2.5758293035489004;
  // The peers (tune_baselines.cpp): search from the starting ruleset (measured
  // on `blocks` blocks); `best` and `bestMiss` hold the best candidate found,
  // true when it passes every target on the bank.
  bool randomSearch(EditSet& best, double& bestMiss, std::size_t blocks);
  bool oneAtATime(EditSet& best, double& bestMiss, std::size_t blocks);
  bool ntbea(EditSet& best, double& bestMiss, std::size_t blocks);  // tune_ntbea.cpp
  // Plays `candidates` (those not tried yet, as many as the budget allows) on
  // the bank's first blocks and keeps the one that misses least in `best`;
  // a candidate inside every band is raced on and ends the search when it
  // passes (returns true then). `spent` turns true when the budget is spent.
  bool tryCandidates(const std::vector<EditSet>& candidates, std::set<std::string>& tried, EditSet& best,
                     double& bestMiss, bool& spent);

  const EngineRegistry& m_registry;
  const model::Ruleset& m_start;
  const KnobSpace& m_knobs;
  std::vector<Target> m_targets;
  std::vector<Target> m_guards;        // guarded metrics (their bands once the start is measured)
  std::vector<Estimate> m_guardStart;  // the starting ruleset's values on the bank
  TuneConfig m_config;
  std::unique_ptr<TuneEvaluator> m_eval;
  ProgressCallback m_progress;
  std::string m_error;
  // The sensitivity model: (knob, direction) -> effect per step on each target's metric.
  struct Effect {
    int direction = 1;
    std::vector<Estimate> perTarget;
    bool measured = false;
  };
  std::map<std::pair<std::size_t, int>, Effect> m_effects;
  // Long jumps: (knob, level) -> effect of moving the knob from the centre
  // straight to the end of its domain (the whole move, not per step).
  std::map<std::pair<std::size_t, std::size_t>, Effect> m_jumps;
  // The predicted change of each target when knob k moves from the centre's
  // level to `level` (one steps scaled, long jumps interpolated); false when
  // the model knows nothing of that knob.
  // `se` (optional) receives each change's standard error.
  bool predictedChange(const EditSet& centre, std::size_t k, std::size_t level, std::vector<double>& change,
                       std::vector<double>* se = nullptr) const;
  // How comfortably values lie inside their bands: minus the summed shortfall
  // of each value's distance to its band's edge from a quarter of the band
  // (in target scales); 0 when every value is well inside.
  double room(const std::vector<double>& values) const;
  std::vector<Sensitivity> m_sensitivity;
  std::vector<TuneAlternative> m_alternatives;
  // The step the search is in, and the games each step played (playBank adds them).
  std::string m_phase = "baseline";
  std::vector<std::pair<std::string, std::uint64_t>> m_phaseGames;
  std::set<std::size_t> m_played;  // knobs some candidate moved on the bank
  std::vector<EditSet> m_raced;    // every proposal raced (steps 3-4), for closest()
};

}  // namespace wb::sim
