// The dice lab's one entry point for the CLI (`balance dice`) and the GUI's
// Dice Lab tab: a DiceRequest (pool notation + query + options) in, a
// DiceResult (distribution, cumulative table, mean, sd, yes/no probability,
// intervals for Monte Carlo, hold policy for targets) out. Never throws on bad
// input: errors come back as DiceError with the field and 1-based column.
//
//   DiceRequest r;  r.pool = "3d6";  r.atLeast = 10;
//   DiceResult res;  DiceError err;
//   if (evaluateDice(r, &ruleset, res, err)) chart(res.pmf.rows());
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "simulation/dice/dice_budget.h"
#include "simulation/dice/dice_sampler.h"
#include "simulation/dice/pmf.h"
#include "simulation/dice/target_solver.h"

namespace wb::model {
struct DiceQuestion;
struct Ruleset;
}  // namespace wb::model

namespace wb::sim::dice {

enum class DiceQuery { Sum, Count, Vs, Target, Expression };
const char* toString(DiceQuery q);  // "sum", "count", "vs", "target", "expression"
// Also accepts "at_least" (a sum, or a count when faces are given: see requestFromQuestion).
std::optional<DiceQuery> diceQueryFromString(std::string_view s);

struct DiceRequest {
  DiceQuery query = DiceQuery::Sum;
  std::string pool;                 // notation (all but Expression)
  std::vector<std::string> faces;   // Count: the faces counted
  std::optional<double> atLeast;    // adds P(outcome >= atLeast)
  std::string vs;                   // Vs: the opposing pool (B)
  bool vsSums = false;              // Vs: compare the sums (sum of A - sum of B), not pair by pair
  std::string target;               // Target: "fire:2,earth:2|fire:3"
  int rolls = 1;                    // Target: rolls, holding between them
  std::string wild;                 // Target: wild face ("" = none)
  bool anchored = false;            // Target: the wild needs a natural die of the face
  std::string expression;           // Expression: `fire * magic`
  long long monteCarlo = 0;         // > 0: sample this many times instead of enumerating
  std::uint64_t seed = 1;
};

struct DiceError {
  std::string field;  // "pool", "vs", "target", "expression", "" (the request as a whole)
  int column = 0;     // 1-based column in that field's text (0 = none)
  std::string message;
  bool cancelled = false;  // stopped by DiceControl::cancel (message "cancelled")
  // "error at column N: message" / "error at column N of --vs: ..." / "message".
  std::string format() const;
};

struct DiceResult {
  DiceRequest request;
  std::string title;              // "sum of 3d6", "count of fire,Z in 4d{...}", ...
  Pmf pmf;                        // outcome -> probability (Target: 0 = missed, 1 = reached)
  double mean = 0;
  double sd = 0;
  std::optional<double> probability;  // yes/no queries (atLeast, Vs, Target)
  std::string probabilityLabel;       // "P(sum >= 10)"
  std::string probabilityFraction;    // "135/216" when exactly known
  bool exact = true;
  long long samples = 0;              // Monte Carlo draws
  std::optional<Interval> probabilityInterval;  // 95%, Monte Carlo only
  std::optional<Interval> meanInterval;         // 95%, Monte Carlo only
  std::vector<HoldAdvice> policy;     // Target with rolls > 1: best hold per first roll
  double elapsedMs = 0;
};

// How a caller bounds and watches one evaluation, so that no request hangs
// or eats the machine (all optional).
// The work limits are in budget units (dice_budget.h, about a nanosecond
// each): a request estimated beyond them is refused at once with a
// suggestion ("use Monte Carlo: --monte-carlo 1000000 takes about 2 s", "use
// at most 50000 samples"), and one that runs past them is stopped.
struct DiceControl {
  const std::atomic<bool>* cancel = nullptr;       // set it to stop: the evaluation fails, error.cancelled
  std::function<void(double fraction)> progress;   // 0..1 from the evaluating thread, ~10 times a second at most
  double exactLimit = kExactWorkLimit;
  double monteCarloLimit = kMonteCarloWorkLimit;
};

// Evaluates `request`; dice ids (`7d[fire_shaman]`) and expression names are
// looked up in `ruleset` (may be null). False with `error` on bad input, on
// a request beyond the bounds, or when cancelled.
bool evaluateDice(const DiceRequest& request, const model::Ruleset* ruleset, DiceResult& result, DiceError& error,
                  const DiceControl& control = {});

// The estimated work of `request` (budget units; infinity when a table would
// be too large; 0 when the request does not parse). Callers use it to decide
// whether to evaluate on a worker thread.
double estimateDiceWork(const DiceRequest& request, const model::Ruleset* ruleset);

// Turns a ruleset's dice question into a request (see ruleset-format.md for
// the query kinds and their keys). nullopt + error on unknown kinds / keys.
std::optional<DiceRequest> requestFromQuestion(const model::DiceQuestion& question, std::string* error = nullptr);

}  // namespace wb::sim::dice
