#include "simulation/dice/dice_sampler.h"

#include <algorithm>
#include <cmath>
#include <map>

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

std::size_t DiceSampler::rollFace(const DieSpec& die) {
  double u = uniformReal(m_rng) * die.totalWeight();
  for (std::size_t i = 0; i < die.faces.size(); ++i) {
    u -= die.faces[i].weight;
    if (u < 0) return i;
  }
  return die.faces.size() - 1;
}

DieOutcome DiceSampler::rollTermDie(const PoolTerm& term, const FaceScore& score) {
  DieOutcome o{0, 0, 1};
  double top = term.die.maxValue();
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
Pmf fromCounts(const std::map<double, long long>& counts, long long samples) {
  Pmf out;
  for (const auto& [x, c] : counts) out.add(x, static_cast<double>(c) / static_cast<double>(samples));
  return out;
}
}  // namespace

Pmf DiceSampler::pool(const Pool& pool, const FaceScore& score, bool addConstant, long long samples) {
  std::map<double, long long> counts;
  std::vector<DieOutcome> scratch;
  for (long long s = 0; s < samples; ++s) {
    double total = addConstant ? pool.constant : 0.0;
    for (const auto& t : pool.terms) total += rollTerm(t, score, scratch);
    ++counts[Pmf::snap(total)];
  }
  return fromCounts(counts, samples);
}

Pmf DiceSampler::opposed(const Pool& a, const Pool& b, long long samples) {
  auto byValue = [](const Face& f) { return f.value; };
  std::map<double, long long> counts;
  std::vector<double> va, vb;
  auto roll = [&](const Pool& p, std::vector<double>& v) {
    v.clear();
    for (const auto& t : p.terms)
      for (int i = 0; i < t.count; ++i) v.push_back(rollTermDie(t, byValue).value);
    std::sort(v.begin(), v.end(), std::greater<double>());
  };
  for (long long s = 0; s < samples; ++s) {
    roll(a, va);
    roll(b, vb);
    std::size_t m = std::min(va.size(), vb.size());
    int diff = 0;
    for (std::size_t i = 0; i < m; ++i) diff += va[i] > vb[i] ? 1 : -1;
    ++counts[diff];
  }
  return fromCounts(counts, samples);
}

Pmf DiceSampler::target(const DieSpec& die, const TargetSolver& solver, long long samples) {
  const std::size_t k = solver.categories().size();
  long long hits = 0;
  std::vector<int> counts(k), held(k);
  for (long long s = 0; s < samples; ++s) {
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
                                           long long samples, std::string* error) {
  const std::size_t nd = binding.dice.size();
  auto bound = compileBound(expr, binding, error);
  if (!bound) return std::nullopt;
  const model::CompiledExpression* compiled = &bound->code;
  std::vector<double>& vars = bound->vars;
  std::map<double, long long> counts;
  for (long long s = 0; s < samples; ++s) {
    for (std::size_t i = 0; i < nd; ++i) vars[i] = binding.dice[i].second.faces[rollFace(binding.dice[i].second)].value;
    ++counts[Pmf::snap(compiled->evaluate(vars.data()))];
  }
  return fromCounts(counts, samples);
}

}  // namespace wb::sim::dice
