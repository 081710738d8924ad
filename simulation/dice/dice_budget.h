// Cost bounds of the dice lab: time and memory truly bounded,
// long work reports progress and can be cancelled.
//
// Every engine of the lab (pool_engine, expression_distribution, the
// sampler) counts its work on a DiceBudget, in units of about a nanosecond of
// CPU time on the development machine (calibrated within a factor of two on
// dense sums, keep/drop, opposed rolls, expressions and sampling; see the
// README): a dense multiply-add is 1, a std::map update kMapUnits, a die roll
// of the sampler kRollUnits. When the count passes the
// limit or the caller cancels, the engine returns early and the lab reports
// why; no table of an engine grows past kMaxDiceEntries entries. The engines
// also estimate their cost up front (exactCost and friends) so that a request
// over the bound is refused at once with a suggestion; the count is the
// guarantee when an estimate is off.
//
//   DiceBudget budget(kExactWorkLimit, &cancelFlag, [](double f) { show(f); });
//   Pmf p = sumDistribution(pool, &budget);
//   if (budget.stopped()) -> budget.why()
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace wb::sim::dice {

inline constexpr double kExactWorkLimit = 4e9;        // ~4 s: an exact answer
inline constexpr double kMonteCarloWorkLimit = 6e10;  // ~60 s: a Monte Carlo run (with progress)
inline constexpr std::size_t kMaxDiceEntries = 4'000'000;  // outcomes / states in one table
inline constexpr double kMapUnits = 40;    // one std::map insert or update
inline constexpr double kHashUnits = 80;   // one hashed outcome of a large table (cache misses)
inline constexpr double kRollUnits = 22;   // one sampled die (random number, face lookup)
// One new distinct outcome of a hashed table (the exact expression engine, the
// sampler): its node, its place in the sorted Pmf and its row afterwards. An
// expression whose joint outcomes are nearly all distinct (d1000*1000+d20*20+d19)
// took 1.8 us an outcome where the per-outcome units said 0.1 (fuzz_dice).
inline constexpr double kOutcomeUnits = 1500;

class DiceBudget {
 public:
  enum class Stop { None, Work, Memory, Cancelled };

  explicit DiceBudget(double limit = kExactWorkLimit, const std::atomic<bool>* cancel = nullptr,
                      std::function<void(double fraction)> progress = {});

  // Adds `units`; false once the work is stopped (over the limit, cancelled).
  // Cheap enough for inner loops: the flag and the clock are looked at
  // every kCheckUnits units.
  bool spend(double units) {
    m_spent += units;
    return m_spent < m_nextCheck ? m_stop == Stop::None : check();
  }
  // False (and stopped) when a table would hold more than kMaxDiceEntries.
  bool fits(std::size_t entries);

  bool stopped() const { return m_stop != Stop::None; }
  Stop stop() const { return m_stop; }
  double spent() const { return m_spent; }
  double limit() const { return m_limit; }
  // What progress is measured against (an engine's estimate; default the limit).
  void setExpected(double units) { m_expected = units; }
  // "", "cancelled", "more than 4000000 distinct outcomes", "more than ~4 s of work".
  std::string why() const;

 private:
  static constexpr double kCheckUnits = 1 << 22;
  bool check();

  double m_limit;
  double m_spent = 0;
  double m_nextCheck = kCheckUnits;
  double m_expected = 0;
  const std::atomic<bool>* m_cancel;
  std::function<void(double)> m_progress;
  std::chrono::steady_clock::time_point m_lastReport;
  Stop m_stop = Stop::None;
};

// Seconds of work for `units` on the reference machine ("about 3 s" in messages).
std::string aboutSeconds(double units);

}  // namespace wb::sim::dice
