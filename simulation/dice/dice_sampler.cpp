#include "simulation/dice/dice_sampler.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <unordered_map>

#include "model/expression/compiled_expression.h"
#include "model/expression/expression.h"
#include "simulation/dice/expression_distribution.h"
#include "simulation/dice/target_solver.h"

namespace wb::sim::dice {

Interval wilsonInterval(double successes, double trials, double z) {
  if (trials <= 0) return {0, 1};
  double p = successes / trials;
  double z2 = z * z;
  double denom = 1 + z2 / trials;
  double centre = (p + z2 / (2 * trials)) / denom;
  double half = z * std::sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom;
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

Interval meanInterval(const Pmf& empirical, double trials, double z) {
  double m = empirical.mean();
  if (trials <= 1) return {m, m};
  double sd = empirical.sd() * std::sqrt(trials / (trials - 1));
  double half = z * sd / std::sqrt(trials);
  return {m - half, m + half};
}

const DiceSampler::FaceTable& DiceSampler::tableOf(const DieSpec& die) {
  auto [it, added] = m_tables.try_emplace(&die);
  if (added) {
    FaceTable& t = it->second;
    t.cumulative.reserve(die.faces.size());
    t.top = die.maxValue();
    for (const auto& f : die.faces) {
      t.total += f.weight;
      t.cumulative.push_back(t.total);
      t.uniform = t.uniform && f.weight == 1.0;
    }
  }
  return it->second;
}

std::size_t DiceSampler::rollFace(const DieSpec& die) {
  if (die.faces.empty()) return 0;
  const FaceTable& t = tableOf(die);
  const double u = uniformReal(m_rng) * t.total;
  // Equal weights: the face is floor(u) (what subtracting 1 per face gave).
  if (t.uniform) return std::min(static_cast<std::size_t>(u), die.faces.size() - 1);
  const auto at = std::upper_bound(t.cumulative.begin(), t.cumulative.end(), u);
  return std::min(static_cast<std::size_t>(at - t.cumulative.begin()), die.faces.size() - 1);
}

DieOutcome DiceSampler::rollTermDie(const PoolTerm& term, const FaceScore& score) {
  DieOutcome o{0, 0, 1};
  const double top = tableOf(term.die).top;
  for (int explosions = 0;; ++explosions) {
    const Face& f = term.die.faces[rollFace(term.die)];
    o.value += f.value;
    o.score += score(f);
    if (f.value != top || explosions >= term.explodeLimit) break;
  }
  return o;
}

double DiceSampler::rollTerm(const PoolTerm& term, const FaceScore& score, std::vector<DieOutcome>& scratch) {
  scratch.clear();
  for (int i = 0; i < term.count; ++i) scratch.push_back(rollTermDie(term, score));
  if (term.keep != Keep::All) {
    bool highest = term.keep == Keep::Highest;
    std::sort(scratch.begin(), scratch.end(), [highest](const DieOutcome& a, const DieOutcome& b) {
      if (a.value != b.value) return highest ? a.value > b.value : a.value < b.value;
      return a.score > b.score;
    });
  }
  double s = 0;
  for (int i = 0; i < term.keptCount(); ++i) s += scratch[i].score;
  return term.sign * s;
}

namespace {
// Counts are hashed while sampling (a std::map per draw was the cost of a
// draw with many distinct outcomes) and sorted once at the end; NaN draws
// (inf - inf) are counted apart (NaN != NaN: every one would be a new key).
struct Counts {
  std::unordered_map<double, long long> byValue;
  long long undefined = 0;
  std::size_t charged = 0;  // distinct outcomes already spent on the budget (kOutcomeUnits each)
  void add(double x) {
    if (std::isnan(x)) ++undefined;
    else ++byValue[Pmf::snap(x)];
  }
  std::size_t size() const { return byValue.size(); }
};

Pmf fromCounts(const Counts& counts, long long samples) {
  std::vector<std::pair<double, long long>> sorted(counts.byValue.begin(), counts.byValue.end());
  std::sort(sorted.begin(), sorted.end());
  Pmf out;
  for (const auto& [x, c] : sorted) out.add(x, static_cast<double>(c) / static_cast<double>(samples));
  out.addUndefined(static_cast<double>(counts.undefined) / static_cast<double>(samples));
  return out;
}

// Spends one draw and the distinct outcomes the last one added; false once the
// budget is stopped (or the counts too many).
bool draw(DiceBudget* budget, double units, Counts* counts) {
  if (!budget) return true;
  std::size_t distinct = 0;
  if (counts) {
    distinct = counts->size();
    units += static_cast<double>(distinct - counts->charged) * kOutcomeUnits;
    counts->charged = distinct;
  }
  return budget->spend(units) && (distinct < kMaxDiceEntries || budget->fits(distinct));
}

// Expected rolls of one die of `term` (explosions: geometric in P(top face)).
double expectedRolls(const PoolTerm& t) {
  double top = 0;
  const double total = t.die.totalWeight();
  for (const auto& f : t.die.faces)
    if (f.value == t.die.maxValue()) top += f.weight;
  const double q = total > 0 ? top / total : 0;
  double rolls = 0, p = 1;
  for (int i = 0; i <= t.explodeLimit; ++i, p *= q) rolls += p;
  return rolls;
}
}  // namespace

double DiceSampler::poolDrawCost(const Pool& pool) {
  double units = kHashUnits;
  for (const auto& t : pool.terms) {
    units += t.count * expectedRolls(t) * kRollUnits;
    if (t.keep != Keep::All) units += t.count * std::log2(t.count + 1.0) * 8;  // the sort
  }
  return units;
}

namespace {
// An opposed draw also sorts both pools.
double sortCost(const Pool& p) {
  const double n = p.diceCount();
  return n * std::log2(n + 1.0) * 8 + n * 4;
}
}  // namespace

double DiceSampler::opposedDrawCost(const Pool& a, const Pool& b) {
  return poolDrawCost(a) + poolDrawCost(b) + sortCost(a) + sortCost(b);
}

double DiceSampler::targetDrawCost(int dice, int rolls) { return rolls * (dice * kRollUnits + 4 * kMapUnits); }

double DiceSampler::expressionDrawCost(std::size_t dice, std::size_t instructions) {
  return static_cast<double>(dice) * kRollUnits + static_cast<double>(instructions) * 2 + kHashUnits;
}

Pmf DiceSampler::pool(const Pool& pool, const FaceScore& score, bool addConstant, long long samples,
                      DiceBudget* budget) {
  m_tables.clear();
  Counts counts;
  std::vector<DieOutcome> scratch;
  const double cost = poolDrawCost(pool);
  for (long long s = 0; s < samples; ++s) {
    if (!draw(budget, cost, &counts)) return {};
    double total = addConstant ? pool.constant : 0.0;
    for (const auto& t : pool.terms) total += rollTerm(t, score, scratch);
    counts.add(total);
  }
  return fromCounts(counts, samples);
}

Pmf DiceSampler::opposed(const Pool& a, const Pool& b, long long samples, DiceBudget* budget) {
  m_tables.clear();
  auto byValue = [](const Face& f) { return f.value; };
  Counts counts;
  std::vector<double> va, vb;
  auto roll = [&](const Pool& p, std::vector<double>& v) {
    v.clear();
    for (const auto& t : p.terms)
      for (int i = 0; i < t.count; ++i) v.push_back(rollTermDie(t, byValue).value);
    std::sort(v.begin(), v.end(), std::greater<double>());
  };
  const double cost = opposedDrawCost(a, b);
  for (long long s = 0; s < samples; ++s) {
    if (!draw(budget, cost, &counts)) return {};
    roll(a, va);
    roll(b, vb);
    std::size_t m = std::min(va.size(), vb.size());
    int diff = 0;
    for (std::size_t i = 0; i < m; ++i) diff += va[i] > vb[i] ? 1 : -1;
    counts.add(diff);
  }
  return fromCounts(counts, samples);
}

Pmf DiceSampler::target(const DieSpec& die, const TargetSolver& solver, long long samples, DiceBudget* budget) {
  m_tables.clear();
  const std::size_t k = solver.categories().size();
  long long hits = 0;
  std::vector<int> counts(k), held(k);
  const double cost = targetDrawCost(solver.dice(), solver.rolls());
  for (long long s = 0; s < samples; ++s) {
    if (!draw(budget, cost, nullptr)) return {};
    std::fill(held.begin(), held.end(), 0);
    for (int roll = 1; roll <= solver.rolls(); ++roll) {
      counts = held;
      int toRoll = solver.dice();
      for (int c : held) toRoll -= c;
      for (int i = 0; i < toRoll; ++i) ++counts[solver.categoryOfFace(rollFace(die))];
      if (roll < solver.rolls()) held = solver.bestHold(roll, counts);
    }
    if (solver.satisfied(counts)) ++hits;
  }
  Pmf out;
  out.add(0, static_cast<double>(samples - hits) / static_cast<double>(samples));
  out.add(1, static_cast<double>(hits) / static_cast<double>(samples));
  return out;
}

std::optional<Pmf> DiceSampler::expression(const model::Expression& expr, const ExpressionBinding& binding,
                                           long long samples, std::string* error, DiceBudget* budget) {
  m_tables.clear();
  const std::size_t nd = binding.dice.size();
  auto bound = compileBound(expr, binding, error);
  if (!bound) return std::nullopt;
  const model::CompiledExpression* compiled = &bound->code;
  std::vector<double>& vars = bound->vars;
  Counts counts;
  const double cost = expressionDrawCost(nd, compiled->size());
  for (long long s = 0; s < samples; ++s) {
    if (!draw(budget, cost, &counts)) return Pmf{};
    for (std::size_t i = 0; i < nd; ++i) vars[i] = binding.dice[i].second.faces[rollFace(binding.dice[i].second)].value;
    counts.add(compiled->evaluate(vars.data()));
  }
  return fromCounts(counts, samples);
}

}  // namespace wb::sim::dice
