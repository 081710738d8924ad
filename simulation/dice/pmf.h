// A discrete probability distribution (probability mass function) over numeric
// outcomes, as the dice lab computes it: outcome -> probability, sorted by
// outcome, with the cumulative "at least" / "at most" views a chart or table
// needs. Outcomes are snapped to a 1e-9 grid so that sums reached in different
// orders (0.1 + 0.2 vs 0.3) land on one key.
//
// Exactness: probabilities are doubles (exact enumeration, so errors are only
// rounding, ~1e-15). When every probability is a multiple of 1/denominator
// (uniform or integer-weighted dice) the Pmf carries that denominator and can
// print exact fractions such as "27/216".
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace wb::sim::dice {

// One line of a distribution table (and one bar of a chart).
struct PmfRow {
  double outcome = 0;
  double probability = 0;
  double atLeast = 0;  // P(X >= outcome)
  double atMost = 0;   // P(X <= outcome)
};

class Pmf {
 public:
  Pmf() = default;
  static Pmf point(double outcome);  // the constant distribution
  // Snaps an outcome to the shared 1e-9 grid.
  static double snap(double outcome);

  void add(double outcome, double probability);  // accumulates; a NaN outcome goes to undefined()
  bool empty() const { return m_p.empty(); }
  // Probability of outcomes that are not a number (inf - inf, 0 * inf): kept
  // apart, since NaN has no place in an ordered table.
  double undefined() const { return m_undefined; }
  void addUndefined(double probability) { m_undefined += probability; }
  std::size_t size() const { return m_p.size(); }
  const std::map<double, double>& map() const { return m_p; }

  double probability(double outcome) const;  // P(X == outcome)
  double atLeast(double x) const;            // P(X >= x)
  double atMost(double x) const;             // P(X <= x)
  double total() const;                      // ~1 for a complete distribution
  double mean() const;
  double sd() const;                         // population standard deviation
  double min() const;
  double max() const;
  std::vector<PmfRow> rows() const;

  // The sum of independent X and Y; -X; X + c; X * c.
  static Pmf convolve(const Pmf& x, const Pmf& y);
  Pmf negated() const;
  Pmf shifted(double c) const;

  // Common denominator of every probability (0 = unknown / too large).
  std::uint64_t denominator() const { return m_denominator; }
  void setDenominator(std::uint64_t d) { m_denominator = d; }
  // "ways/denominator" for p (e.g. "27/216"), or "" when not exactly known.
  std::string fraction(double p) const;

  // Product of denominators, 0 when either is 0 or the product exceeds kMaxDenominator.
  static std::uint64_t multiplyDenominators(std::uint64_t a, std::uint64_t b);
  static constexpr std::uint64_t kMaxDenominator = 10'000'000'000'000ULL;  // 1e13: p * d stays exact

 private:
  std::map<double, double> m_p;
  std::uint64_t m_denominator = 0;
  double m_undefined = 0;
};

}  // namespace wb::sim::dice
