// The exact pool engine (see pool_engine.h). Every loop counts its work on the
// DiceBudget (dice_budget.h) and every table is checked against
// kMaxDiceEntries, so a request the estimate misjudged still stops in bounded
// time and memory; a stopped computation returns an empty Pmf.
#include "simulation/dice/pool_engine.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <utility>

namespace wb::sim::dice {
namespace {

using OutcomeMap = std::map<std::pair<double, double>, double>;

std::uint64_t power(std::uint64_t base, int exponent) {
  std::uint64_t r = 1;
  for (int i = 0; i < exponent; ++i) r = Pmf::multiplyDenominators(r, base);
  return r;
}

bool integral(double x) { return std::abs(x) < 1e7 && x == std::floor(x); }

DiceBudget& orDefault(DiceBudget* budget, DiceBudget& local) { return budget ? *budget : local; }

// Sum of n independent copies of one die: dense arrays when the scores are
// integers and the array stays within kMaxDiceEntries, else sparse maps.
Pmf sumOfCopies(const std::vector<DieOutcome>& outcomes, int n, DiceBudget& budget) {
  bool dense = std::all_of(outcomes.begin(), outcomes.end(), [](const DieOutcome& o) { return integral(o.score); });
  long long lo = 0, hi = 0;
  if (dense) {
    for (const auto& o : outcomes) {
      lo = std::min(lo, static_cast<long long>(o.score));
      hi = std::max(hi, static_cast<long long>(o.score));
    }
    dense = static_cast<double>(n) * static_cast<double>(hi - lo) + 1 <= static_cast<double>(kMaxDiceEntries);
  }
  if (!dense) {
    Pmf one, acc = Pmf::point(0);
    for (const auto& o : outcomes) one.add(o.score, o.probability);
    for (int i = 0; i < n; ++i) {
      if (!budget.spend(static_cast<double>(acc.size()) * static_cast<double>(one.size()) * kMapUnits)) return {};
      acc = Pmf::convolve(acc, one);
      if (!budget.fits(acc.size())) return {};
    }
    return acc;
  }
  std::vector<double> acc{1.0};  // acc[i] = P(sum == i + accLo)
  long long accLo = 0;
  for (int d = 0; d < n; ++d) {
    if (!budget.spend(static_cast<double>(acc.size()) * static_cast<double>(outcomes.size()))) return {};
    std::vector<double> next(acc.size() + static_cast<std::size_t>(hi - lo), 0.0);
    for (std::size_t i = 0; i < acc.size(); ++i) {
      if (acc[i] == 0) continue;
      for (const auto& o : outcomes)
        next[i + static_cast<std::size_t>(static_cast<long long>(o.score) - lo)] += acc[i] * o.probability;
    }
    acc = std::move(next);
    accLo += lo;
  }
  Pmf out;
  if (!budget.spend(static_cast<double>(acc.size()) * kMapUnits)) return {};
  for (std::size_t i = 0; i < acc.size(); ++i) out.add(static_cast<double>(accLo + static_cast<long long>(i)), acc[i]);
  return out;
}

// Keep the first k of n identical dice in `outcomes` order (already sorted in keep order).
Pmf keepFirst(const std::vector<DieOutcome>& outcomes, int n, int k, DiceBudget& budget) {
  std::vector<std::vector<double>> binom(n + 1);
  for (int i = 0; i <= n; ++i) {
    binom[i].assign(i + 1, 1.0);
    for (int j = 1; j < i; ++j) binom[i][j] = binom[i - 1][j - 1] + binom[i - 1][j];
  }
  std::vector<std::map<double, double>> dp(n + 1);
  dp[0][0.0] = 1.0;
  for (const auto& o : outcomes) {
    std::vector<std::map<double, double>> next(n + 1);
    std::size_t entries = 0;
    for (int j = 0; j <= n; ++j) {
      if (dp[j].empty()) continue;
      double pc = 1.0;  // o.probability^c
      for (int c = 0; j + c <= n; ++c) {
        if (!budget.spend(static_cast<double>(dp[j].size()) * kMapUnits)) return {};
        double coef = binom[n - j][c] * pc;
        int kept = std::clamp(k - j, 0, c);
        for (const auto& [s, p] : dp[j]) next[j + c][Pmf::snap(s + kept * o.score)] += p * coef;
        pc *= o.probability;
        if (pc == 0) break;
      }
    }
    for (const auto& m : next) entries += m.size();
    if (!budget.fits(entries)) return {};
    dp = std::move(next);
  }
  Pmf out;
  for (const auto& [s, p] : dp[n]) out.add(s, p);
  return out;
}

}  // namespace

// The chain of one exploding die, level by level: `live` holds the chains
// that showed the top value every time so far, merged by (value, score), so
// the work grows with the distinct totals, not with faces^explosions (a die
// whose top value is on several faces, `1d{a,b,c,d}!20`, was 4^20 paths).
std::vector<DieOutcome> dieOutcomes(const PoolTerm& term, const FaceScore& score, DiceBudget* budget) {
  DiceBudget local;
  DiceBudget& b = orDefault(budget, local);
  const double total = term.die.totalWeight();
  if (!(total > 0)) return {};
  const double top = term.die.maxValue();
  OutcomeMap out, live{{{0.0, 0.0}, 1.0}};
  std::vector<double> scores;
  for (const auto& f : term.die.faces) scores.push_back(score(f));
  for (int level = 0; level <= term.explodeLimit && !live.empty(); ++level) {
    if (!b.spend(static_cast<double>(live.size()) * static_cast<double>(term.die.faces.size()) * kMapUnits)) return {};
    OutcomeMap next;
    for (const auto& [key, p] : live) {
      for (std::size_t i = 0; i < term.die.faces.size(); ++i) {
        const Face& f = term.die.faces[i];
        const double q = p * f.weight / total;
        if (q == 0) continue;
        const std::pair<double, double> to{Pmf::snap(key.first + f.value), Pmf::snap(key.second + scores[i])};
        if (level < term.explodeLimit && f.value == top) next[to] += q;
        else out[to] += q;
      }
    }
    if (!b.fits(out.size() + next.size())) return {};
    live = std::move(next);
  }
  std::vector<DieOutcome> result;
  result.reserve(out.size());
  for (const auto& [key, p] : out) result.push_back(DieOutcome{key.first, key.second, p});
  return result;
}

std::uint64_t dieDenominator(const PoolTerm& term) {
  return power(term.die.integerTotalWeight(), term.explodeLimit + 1);
}

Pmf termDistribution(const PoolTerm& term, const FaceScore& score, DiceBudget* budget) {
  DiceBudget local;
  DiceBudget& b = orDefault(budget, local);
  auto outcomes = dieOutcomes(term, score, &b);
  if (b.stopped()) return {};
  Pmf out;
  if (term.keep == Keep::All) {
    out = sumOfCopies(outcomes, term.count, b);
  } else {
    bool highest = term.keep == Keep::Highest;
    std::sort(outcomes.begin(), outcomes.end(), [highest](const DieOutcome& a, const DieOutcome& b) {
      if (a.value != b.value) return highest ? a.value > b.value : a.value < b.value;
      return a.score > b.score;
    });
    out = keepFirst(outcomes, term.count, term.keepCount, b);
  }
  if (b.stopped()) return {};
  if (term.sign < 0) out = out.negated();
  out.setDenominator(power(dieDenominator(term), term.count));
  return out;
}

Pmf scoreDistribution(const Pool& pool, const FaceScore& score, bool addConstant, DiceBudget* budget) {
  DiceBudget local;
  DiceBudget& b = orDefault(budget, local);
  Pmf acc = Pmf::point(0);
  for (const auto& t : pool.terms) {
    Pmf term = termDistribution(t, score, &b);
    if (b.stopped()) return {};
    if (!b.spend(static_cast<double>(acc.size()) * static_cast<double>(term.size()) * kMapUnits)) return {};
    acc = Pmf::convolve(acc, term);
    if (!b.fits(acc.size())) return {};
  }
  if (addConstant && pool.constant != 0) acc = acc.shifted(pool.constant);
  return acc;
}

Pmf sumDistribution(const Pool& pool, DiceBudget* budget) {
  return scoreDistribution(pool, [](const Face& f) { return f.value; }, true, budget);
}

Pmf countDistribution(const Pool& pool, const std::vector<std::string>& symbols, DiceBudget* budget) {
  return scoreDistribution(
      pool,
      [&symbols](const Face& f) { return std::find(symbols.begin(), symbols.end(), f.symbol) != symbols.end() ? 1.0 : 0.0; },
      false, budget);
}

std::string opposedProblem(const Pool& pool) {
  if (pool.terms.empty()) return "an opposed roll needs dice";
  if (pool.constant != 0) return "an opposed roll compares dice, not constants";
  for (const auto& t : pool.terms) {
    if (t.keep != Keep::All) return "keep / drop is not used in an opposed roll (the highest dice are compared)";
    if (t.sign < 0) return "an opposed pool cannot subtract dice";
  }
  return "";
}

namespace {

// Distribution of the m highest values of a pool, sorted high to low.
std::map<std::vector<double>, double> topValues(const Pool& pool, std::size_t m, std::uint64_t& denominator,
                                                DiceBudget& budget) {
  std::map<std::vector<double>, double> states{{{}, 1.0}};
  denominator = 1;
  auto byValue = [](const Face& f) { return f.value; };
  for (const auto& t : pool.terms) {
    auto outcomes = dieOutcomes(t, byValue, &budget);
    if (budget.stopped()) return {};
    for (int d = 0; d < t.count; ++d) {
      denominator = Pmf::multiplyDenominators(denominator, dieDenominator(t));
      if (!budget.spend(static_cast<double>(states.size()) * static_cast<double>(outcomes.size()) *
                        (kMapUnits + static_cast<double>(m))))
        return {};
      std::map<std::vector<double>, double> next;
      for (const auto& [state, p] : states) {
        for (const auto& o : outcomes) {
          std::vector<double> s = state;
          s.insert(std::upper_bound(s.begin(), s.end(), o.value, std::greater<double>()), o.value);
          if (s.size() > m) s.pop_back();
          next[std::move(s)] += p * o.probability;
        }
      }
      if (!budget.fits(next.size() * std::max<std::size_t>(1, m))) return {};
      states = std::move(next);
    }
  }
  return states;
}

// Outcomes of one die of `term` (upper bound) and the spread of its values.
void termShape(const PoolTerm& t, double& outcomes, double& spread) {
  outcomes = static_cast<double>(t.die.faces.size()) * (t.explodeLimit + 1);
  double lo = t.die.faces.front().value, hi = lo;
  for (const auto& f : t.die.faces) {
    lo = std::min(lo, f.value);
    hi = std::max(hi, f.value);
  }
  spread = std::max(1.0, (hi - lo + 1) * (t.explodeLimit + 1));
}

// Multisets of size m over v values: C(m + v - 1, v - 1).
double multisets(double m, double v) {
  return std::exp(std::lgamma(m + v) - std::lgamma(m + 1) - std::lgamma(v));
}

std::string tooLarge(double units, double limit) {
  if (!std::isfinite(units)) return "too large to enumerate exactly (more than " + std::to_string(kMaxDiceEntries) +
                                    " distinct outcomes)";
  return "too large to enumerate exactly (" + aboutSeconds(units) + " of work; the bound is " + aboutSeconds(limit) + ")";
}

}  // namespace

double exactCost(const Pool& pool) {
  double cost = 0, support = 1;
  for (const auto& t : pool.terms) {
    if (t.die.faces.empty()) return std::numeric_limits<double>::infinity();
    double v = 0, r = 0, n = t.count;
    termShape(t, v, r);
    // Distinct (value, score) outcomes of one die: at most faces x levels.
    double chain = v * (t.explodeLimit + 1) * kMapUnits;
    double termSupport = std::min(n * r + 1, multisets(n, v));
    double work = 0;
    if (t.keep == Keep::All) {
      const bool dense = n * r + 1 <= static_cast<double>(kMaxDiceEntries);
      work = dense ? n * n * r * v / 2 : n * termSupport * v * kMapUnits;
    } else {
      termSupport = std::min(t.keepCount * r + 1, multisets(t.keepCount, v));
      work = v * n * n * std::min(termSupport, t.keepCount * r) / 2 * 4;  // measured: ~4 units per update
    }
    if (termSupport > static_cast<double>(kMaxDiceEntries)) return std::numeric_limits<double>::infinity();
    cost += chain + work + support * termSupport * kMapUnits;  // the convolution with the terms before
    support = std::min(support * termSupport, support + termSupport * std::max(1.0, r));
  }
  return cost;
}

std::string exactCostProblem(const Pool& pool, double limit) {
  for (const auto& t : pool.terms)
    if (t.die.faces.empty()) return "a die has no faces";
  const double cost = exactCost(pool);
  return cost > limit ? tooLarge(cost, limit) : "";
}

// Single-kind pools (one term each) use the level DP below; its work.
double levelWork(const Pool& a, const Pool& b) {
  double v = 0, r = 0, na = a.diceCount(), nb = b.diceCount();
  double m = std::min(na, nb);
  for (const Pool* p : {&a, &b}) {
    double outcomes = 0;
    termShape(p->terms.front(), outcomes, r);
    v += outcomes;
  }
  // Most cells of the DP stay zero: measured at about a tenth of the full loop.
  return v * (na + 1) * (na + 2) / 2 * (nb + 1) * (nb + 2) / 2 * (m + 1) / 10;
}

double opposedCost(const Pool& a, const Pool& b) {
  if (a.terms.size() == 1 && b.terms.size() == 1) {
    const double na = a.diceCount(), nb = b.diceCount();
    if ((na + 1) * (nb + 1) * (std::min(na, nb) + 1) > static_cast<double>(kMaxDiceEntries))
      return std::numeric_limits<double>::infinity();
    return levelWork(a, b);
  }
  double m = std::min(a.diceCount(), b.diceCount());
  auto states = [m](const Pool& p) {
    double v = 0;
    for (const auto& t : p.terms) {
      double outcomes = 0, spread = 0;
      termShape(t, outcomes, spread);
      v += std::min(outcomes, spread);
    }
    return multisets(m, std::max(1.0, v));
  };
  const double sa = states(a), sb = states(b);
  if (std::max(sa, sb) * std::max(1.0, m) > static_cast<double>(kMaxDiceEntries)) return std::numeric_limits<double>::infinity();
  return sa * sb * m + (sa + sb) * (a.diceCount() + b.diceCount()) * kMapUnits;
}

std::string opposedCostProblem(const Pool& a, const Pool& b, double limit) {
  const double cost = opposedCost(a, b);
  return cost > limit ? tooLarge(cost, limit) : "";
}

namespace {

// Value -> probability of one die of `term`.
std::map<double, double> valueProbabilities(const PoolTerm& term, DiceBudget& budget) {
  std::map<double, double> out;
  for (const auto& o : dieOutcomes(term, [](const Face& f) { return f.value; }, &budget)) out[o.value] += o.probability;
  return out;
}

// One kind of die per pool: walk the values from high to low. At each value v,
// of the r dice of a pool not yet placed (all <= v) a Binomial(r, P(v)/P(<= v))
// number show v; they fill the next sorted positions. A wins position i when
// B fills it at a lower level than A did (ties go to B).
Pmf opposedByLevels(const PoolTerm& ta, int na, const PoolTerm& tb, int nb, DiceBudget& budget) {
  const int m = std::min(na, nb);
  auto pa = valueProbabilities(ta, budget), pb = valueProbabilities(tb, budget);
  if (budget.stopped()) return {};
  std::map<double, int> levels;
  for (const auto& [v, p] : pa) levels[v] = 0;
  for (const auto& [v, p] : pb) levels[v] = 0;
  double fa = 1, fb = 1;  // P(die <= current value)
  auto index = [&](int ja, int jb, int w) { return (static_cast<std::size_t>(ja) * (nb + 1) + jb) * (m + 1) + w; };
  const std::size_t cells = static_cast<std::size_t>(na + 1) * (nb + 1) * (m + 1);
  if (!budget.fits(cells)) return {};
  std::vector<double> dp(cells, 0.0), next(dp.size());
  dp[index(0, 0, 0)] = 1;
  // b[r][c] = P(c of r dice show the level's value) = C(r, c) q^c (1 - q)^(r - c).
  auto binomials = [](int n, double q) {
    std::vector<std::vector<double>> b(n + 1);
    for (int r = 0; r <= n; ++r) {
      b[r].assign(r + 1, 0.0);
      double choose = 1;  // C(r, c)
      for (int c = 0; c <= r; ++c) {
        b[r][c] = choose * std::pow(q, c) * std::pow(1 - q, r - c);
        choose = choose * (r - c) / (c + 1);
      }
    }
    return b;
  };
  for (auto it = levels.rbegin(); it != levels.rend(); ++it) {
    double v = it->first;
    double qa = pa.count(v) && fa > 0 ? std::min(1.0, pa[v] / fa) : 0.0;
    double qb = pb.count(v) && fb > 0 ? std::min(1.0, pb[v] / fb) : 0.0;
    if (it == std::prev(levels.rend())) qa = qb = 1.0;  // the lowest value takes every die left
    auto ba = binomials(na, qa), bb = binomials(nb, qb);
    std::fill(next.begin(), next.end(), 0.0);
    for (int ja = 0; ja <= na; ++ja) {
      if (!budget.spend(static_cast<double>(nb + 1) * (m + 1) * (na - ja + 1) * (nb + 2) / 2)) return {};
      for (int jb = 0; jb <= nb; ++jb)
        for (int w = 0; w <= m; ++w) {
          double q = dp[index(ja, jb, w)];
          if (q == 0) continue;
          for (int ca = 0; ca <= na - ja; ++ca) {
            double qa2 = q * ba[na - ja][ca];
            if (qa2 == 0) continue;
            for (int cb = 0; cb <= nb - jb; ++cb) {
              int won = std::max(0, std::min({ja, jb + cb, m}) - jb);
              next[index(ja + ca, jb + cb, w + won)] += qa2 * bb[nb - jb][cb];
            }
          }
        }
    }
    std::swap(dp, next);
    if (pa.count(v)) fa -= pa[v];
    if (pb.count(v)) fb -= pb[v];
  }
  Pmf out;
  for (int w = 0; w <= m; ++w) out.add(2.0 * w - m, dp[index(na, nb, w)]);
  return out;
}

}  // namespace

Pmf opposedDistribution(const Pool& a, const Pool& b, DiceBudget* budget) {
  DiceBudget local;
  DiceBudget& bud = orDefault(budget, local);
  if (a.terms.size() == 1 && b.terms.size() == 1) {
    Pmf out = opposedByLevels(a.terms.front(), a.diceCount(), b.terms.front(), b.diceCount(), bud);
    if (bud.stopped()) return {};
    std::uint64_t d = 1;
    for (const Pool* p : {&a, &b})
      for (int i = 0; i < p->diceCount(); ++i) d = Pmf::multiplyDenominators(d, dieDenominator(p->terms.front()));
    out.setDenominator(d);
    return out;
  }
  std::size_t m = static_cast<std::size_t>(std::min(a.diceCount(), b.diceCount()));
  std::uint64_t da = 0, db = 0;
  auto sa = topValues(a, m, da, bud);
  auto sb = topValues(b, m, db, bud);
  if (bud.stopped()) return {};
  std::vector<std::pair<std::vector<double>, double>> lb(sb.begin(), sb.end());
  std::vector<double> diff(2 * m + 1, 0.0);
  for (const auto& [va, pa] : sa) {
    if (!bud.spend(static_cast<double>(lb.size()) * static_cast<double>(m + 1))) return {};
    for (const auto& [vb, pb] : lb) {
      std::size_t wins = 0;
      for (std::size_t i = 0; i < m; ++i) wins += va[i] > vb[i] ? 1 : 0;
      diff[2 * wins] += pa * pb;  // index = (wins - (m - wins)) + m
    }
  }
  Pmf out;
  for (std::size_t i = 0; i < diff.size(); ++i) out.add(static_cast<double>(i) - static_cast<double>(m), diff[i]);
  out.setDenominator(Pmf::multiplyDenominators(da, db));
  return out;
}

}  // namespace wb::sim::dice
