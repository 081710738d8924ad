#include "simulation/conditions/condition_analysis.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "simulation/compare/difference_interval.h"
#include "simulation/stats/multiple_testing.h"

#include <boost/math/distributions/chi_squared.hpp>
#include <boost/math/distributions/fisher_f.hpp>

namespace wb::sim {
namespace {

struct Counts {
  std::uint64_t x = 0, n = 0;
};

// The counts of measure `key` in a cell; for turns x = sum, n = games.
Counts countsOf(const ConditionCell& c, const std::string& key) {
  if (key == "first_side") return {c.firstSideWins, c.decided};
  if (key == "timeouts") return {c.timeouts, c.games};
  if (key == "adjudicated") return {c.adjudicated, c.games};
  if (key == "nobody") return {c.nobody, c.games};
  if (key == "draws") return {c.draws, c.games};
  if (key.rfind("seat:", 0) == 0) {
    const auto s = static_cast<std::size_t>(std::stoul(key.substr(5)));
    return {s < c.seatWins.size() ? c.seatWins[s] : 0, c.games};
  }
  return {c.lengthSum, c.games};
}

ConditionCell minus(const ConditionCell& total, const ConditionCell& part) {
  ConditionCell r = total;
  r.games -= part.games;
  r.timeouts -= part.timeouts;
  r.adjudicated -= part.adjudicated;
  r.nobody -= part.nobody;
  r.draws -= part.draws;
  r.decided -= part.decided;
  r.firstSideWins -= part.firstSideWins;
  for (std::size_t s = 0; s < r.seatWins.size() && s < part.seatWins.size(); ++s) r.seatWins[s] -= part.seatWins[s];
  r.lengthSum -= part.lengthSum;
  r.lengthSumSquares -= part.lengthSumSquares;
  return r;
}

ConditionMeasure measure(const std::string& key, const ConditionCell& cell, const ConditionCell& rest) {
  ConditionMeasure m;
  m.key = key;
  m.isRate = key != "turns";
  const Counts in = countsOf(cell, key), out = countsOf(rest, key);
  m.n = in.n;
  if (m.isRate) {
    m.value = in.n ? static_cast<double>(in.x) / static_cast<double>(in.n) : 0.0;
    m.rest = out.n ? static_cast<double>(out.x) / static_cast<double>(out.n) : 0.0;
    m.ci = wilsonInterval(in.x, in.n);
    m.deltaCi = proportionDifferenceInterval(out.x, out.n, in.x, in.n);
    m.pValue = twoProportionPValue(out.x, out.n, in.x, in.n);
  } else {
    const double meanIn = meanFromSums(static_cast<double>(cell.lengthSum), cell.games);
    const double sdIn = sdFromSums(static_cast<double>(cell.lengthSum), static_cast<double>(cell.lengthSumSquares), cell.games);
    const double meanOut = meanFromSums(static_cast<double>(rest.lengthSum), rest.games);
    const double sdOut = sdFromSums(static_cast<double>(rest.lengthSum), static_cast<double>(rest.lengthSumSquares), rest.games);
    m.value = meanIn;
    m.rest = meanOut;
    const double se = cell.games ? sdIn / std::sqrt(static_cast<double>(cell.games)) : 0.0;
    m.ci = {meanIn - kZ95 * se, meanIn + kZ95 * se};
    m.deltaCi = meanDifferenceInterval(meanOut, sdOut, rest.games, meanIn, sdIn, cell.games);
    m.pValue = meanDifferencePValue(meanOut, sdOut, rest.games, meanIn, sdIn, cell.games);
  }
  m.delta = m.value - m.rest;
  m.tested = in.n >= ConditionAnalysis::kMinCellGames && out.n >= ConditionAnalysis::kMinCellGames;
  if (!m.tested) m.pValue = 1.0;
  return m;
}

std::string fixed1(double x) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f", x);
  return b;
}

std::string describe(const ConditionFinding& f) {
  const ConditionMeasure& m = f.measure;
  char p[32];
  std::snprintf(p, sizeof p, "%.2g", m.adjustedP);
  std::string s = f.condition + ": " + conditionMeasureLabel(m.key) + " ";
  if (m.isRate) {
    s += fixed1(100 * m.value) + "% [" + fixed1(100 * m.ci.lo) + ", " + fixed1(100 * m.ci.hi) + "] against " +
         fixed1(100 * m.rest) + "% in the other games (" + (m.delta >= 0 ? "+" : "") + fixed1(100 * m.delta) + " points";
  } else {
    s += fixed1(m.value) + " [" + fixed1(m.ci.lo) + ", " + fixed1(m.ci.hi) + "] against " + fixed1(m.rest) +
         " in the other games (" + (m.delta >= 0 ? "+" : "") + fixed1(m.delta) + " turns";
  }
  s += ", " + std::to_string(m.n) + (m.key == "first_side" ? " decided games" : " games") + ", Holm p " + p + ")";
  if (f.pair) s += "; neither value alone explains it";
  return s;
}

// The feature test of measure k over the single rows of one feature.
FeatureTest featureTest(const std::string& feature, const std::string& key, std::size_t k,
                        const std::vector<const ConditionRow*>& rows) {
  FeatureTest t;
  t.feature = feature;
  t.measure = key;
  std::vector<const ConditionRow*> used;
  for (const auto* r : rows)
    if (countsOf(r->cell, key).n >= ConditionAnalysis::kMinCellGames) used.push_back(r);
  if (used.size() < 2) return t;
  double lo = 0, hi = 0;
  for (const auto* r : used) {
    const double v = r->measures[k].value;
    if (t.lowest.empty() || v < lo) { lo = v; t.lowest = r->cell.value; }
    if (t.highest.empty() || v > hi) { hi = v; t.highest = r->cell.value; }
  }
  const double groups = static_cast<double>(used.size());
  if (key != "turns") {
    double x = 0, n = 0;
    for (const auto* r : used) {
      const Counts c = countsOf(r->cell, key);
      x += static_cast<double>(c.x);
      n += static_cast<double>(c.n);
    }
    const double p = x / n;
    if (!(p > 0 && p < 1)) return t;
    double chi = 0;
    for (const auto* r : used) {
      const Counts c = countsOf(r->cell, key);
      const double e = static_cast<double>(c.n) * p;
      const double d = static_cast<double>(c.x) - e;
      chi += d * d / e + d * d / (static_cast<double>(c.n) - e);
    }
    t.statistic = chi;
    t.df = groups - 1;
    t.pValue = boost::math::cdf(boost::math::complement(boost::math::chi_squared_distribution<double>(t.df), chi));
  } else {
    double n = 0, sum = 0, sumSq = 0, between = 0;
    for (const auto* r : used) {
      n += static_cast<double>(r->cell.games);
      sum += static_cast<double>(r->cell.lengthSum);
      sumSq += static_cast<double>(r->cell.lengthSumSquares);
    }
    const double grand = sum / n;
    for (const auto* r : used) {
      const double m = static_cast<double>(r->cell.lengthSum) / static_cast<double>(r->cell.games);
      between += static_cast<double>(r->cell.games) * (m - grand) * (m - grand);
    }
    const double within = std::max(0.0, sumSq - n * grand * grand - between);
    t.df = groups - 1;
    t.df2 = n - groups;
    if (!(within > 0) || !(t.df2 > 0)) return t;
    t.statistic = (between / t.df) / (within / t.df2);
    t.pValue = boost::math::cdf(boost::math::complement(boost::math::fisher_f_distribution<double>(t.df, t.df2), t.statistic));
  }
  return t;
}

}  // namespace

std::string conditionMeasureLabel(const std::string& key) {
  if (key == "first_side") return "first side wins (of decided games)";
  if (key == "timeouts") return "timeouts";
  if (key == "adjudicated") return "adjudicated";
  if (key == "nobody") return "nobody wins";
  if (key == "draws") return "draws";
  if (key == "turns") return "mean length (turns)";
  if (key.rfind("seat:", 0) == 0) return "Seat " + std::to_string(std::stoi(key.substr(5)) + 1) + " wins";
  return key;
}

ConditionAnalysis analyzeConditions(const RunStats& stats, const std::vector<std::string>& only) {
  ConditionAnalysis out;
  const ConditionTally& tally = stats.conditions();
  if (tally.empty()) return out;
  auto kept = [&](const ConditionCell& c) {
    auto in = [&](const std::string& f) { return std::find(only.begin(), only.end(), f) != only.end(); };
    return only.empty() || (in(c.feature) && (!c.isPair() || in(c.feature2)));
  };
  // The measures: the same for every row; shares only when they occur in the run.
  out.measureKeys.push_back("first_side");
  for (int s = 0; s < stats.players(); ++s) out.measureKeys.push_back("seat:" + std::to_string(s));
  if (stats.timeouts()) out.measureKeys.push_back("timeouts");
  if (stats.adjudicatedGames()) out.measureKeys.push_back("adjudicated");
  if (stats.nobodyWinsGames()) out.measureKeys.push_back("nobody");
  if (stats.drawnGames()) out.measureKeys.push_back("draws");
  out.measureKeys.push_back("turns");

  // Totals per group (a feature, or a pair of features): the rest of a cell is its group's total minus it.
  std::map<std::string, ConditionCell> totals;
  auto groupOf = [](const ConditionCell& c) { return c.feature + "\n" + c.feature2; };
  for (const auto& [key, c] : tally.cells) {
    if (!kept(c)) continue;
    auto [it, fresh] = totals.try_emplace(groupOf(c), c);
    if (!fresh) it->second.merge(c);
    if (!c.isPair() && std::find(out.features.begin(), out.features.end(), c.feature) == out.features.end())
      out.features.push_back(c.feature);
  }
  for (const auto& [key, c] : tally.cells) {
    if (!kept(c)) continue;
    ConditionRow row;
    row.cell = c;
    const ConditionCell rest = minus(totals.at(groupOf(c)), c);
    for (const auto& k : out.measureKeys) row.measures.push_back(measure(k, c, rest));
    (c.isPair() ? out.pairs : out.singles).push_back(std::move(row));
  }
  // Per feature and measure: does the measure depend on the feature at all?
  for (const auto& feature : out.features) {
    std::vector<const ConditionRow*> rows;
    for (const auto& row : out.singles)
      if (row.cell.feature == feature) rows.push_back(&row);
    for (std::size_t k = 0; k < out.measureKeys.size(); ++k)
      out.featureTests.push_back(featureTest(feature, out.measureKeys[k], k, rows));
  }
  // Holm over every test: the feature tests and every tested measure of every cell.
  std::vector<double> p;
  std::vector<ConditionMeasure*> where;
  for (const auto& t : out.featureTests) p.push_back(t.pValue);
  for (auto* rows : {&out.singles, &out.pairs})
    for (auto& row : *rows)
      for (auto& m : row.measures)
        if (m.tested) {
          p.push_back(m.pValue);
          where.push_back(&m);
        }
  out.tests = p.size();
  const auto adjusted = holmAdjust(p);
  const std::size_t nf = out.featureTests.size();
  for (std::size_t i = 0; i < nf; ++i) {
    out.featureTests[i].adjustedP = adjusted[i];
    out.featureTests[i].significant = adjusted[i] <= 0.05;
  }
  for (std::size_t i = 0; i < where.size(); ++i) {
    where[i]->adjustedP = adjusted[nf + i];
    where[i]->significant = adjusted[nf + i] <= 0.05;
  }
  for (const auto& t : out.featureTests) {
    if (!t.significant) continue;
    const ConditionRow* low = nullptr;
    const ConditionRow* high = nullptr;
    std::size_t k = 0;
    while (k < out.measureKeys.size() && out.measureKeys[k] != t.measure) ++k;
    for (const auto& row : out.singles) {
      if (row.cell.feature != t.feature) continue;
      if (row.cell.value == t.lowest) low = &row;
      if (row.cell.value == t.highest) high = &row;
    }
    if (!low || !high || k == out.measureKeys.size()) continue;
    ConditionFinding f;
    f.condition = t.feature;
    f.feature = true;
    f.measure = high->measures[k];
    f.measure.adjustedP = t.adjustedP;
    const auto& lm = low->measures[k];
    const auto& hm = high->measures[k];
    auto val = [&](const ConditionMeasure& m) {
      return m.isRate ? fixed1(100 * m.value) + "% [" + fixed1(100 * m.ci.lo) + ", " + fixed1(100 * m.ci.hi) + "]"
                      : fixed1(m.value) + " [" + fixed1(m.ci.lo) + ", " + fixed1(m.ci.hi) + "]";
    };
    char stat[96];
    if (t.df2 > 0)
      std::snprintf(stat, sizeof stat, "F = %.1f, df %.0f and %.0f, Holm p %.2g", t.statistic, t.df, t.df2, t.adjustedP);
    else
      std::snprintf(stat, sizeof stat, "chi-square %.1f, df %.0f, Holm p %.2g", t.statistic, t.df, t.adjustedP);
    f.text = t.feature + " decides " + conditionMeasureLabel(t.measure) + " (" + stat + "): " + t.feature + "=" +
             t.highest + " " + val(hm) + " (" + std::to_string(hm.n) + ") against " + t.feature + "=" + t.lowest + " " +
             val(lm) + " (" + std::to_string(lm.n) + ")";
    out.findings.push_back(std::move(f));
  }
  auto singleSignificant = [&](const std::string& feature, const std::string& value, std::size_t measure) {
    for (const auto& row : out.singles)
      if (row.cell.feature == feature && row.cell.value == value) return row.measures[measure].significant;
    return false;
  };
  auto featureSignificant = [&](const std::string& feature, std::size_t measure) {
    for (const auto& t : out.featureTests)
      if (t.feature == feature && t.measure == out.measureKeys[measure]) return t.significant;
    return false;
  };
  for (const auto* rows : {&out.singles, &out.pairs}) {
    for (const auto& row : *rows) {
      for (std::size_t k = 0; k < row.measures.size(); ++k) {
        const auto& m = row.measures[k];
        if (!m.significant) continue;
        if (row.cell.isPair() && (singleSignificant(row.cell.feature, row.cell.value, k) ||
                                  singleSignificant(row.cell.feature2, row.cell.value2, k) ||
                                  featureSignificant(row.cell.feature, k) || featureSignificant(row.cell.feature2, k)))
          continue;
        ConditionFinding f;
        f.condition = row.cell.label();
        f.pair = row.cell.isPair();
        f.measure = m;
        f.text = describe(f);
        out.findings.push_back(std::move(f));
      }
    }
  }
  std::stable_sort(out.findings.begin(), out.findings.end(), [](const ConditionFinding& a, const ConditionFinding& b) {
    if (a.feature != b.feature) return a.feature;
    if (a.measure.adjustedP != b.measure.adjustedP) return a.measure.adjustedP < b.measure.adjustedP;
    const double da = a.measure.isRate ? std::fabs(a.measure.delta) : std::fabs(a.measure.delta) / std::max(1.0, a.measure.rest);
    const double db = b.measure.isRate ? std::fabs(b.measure.delta) : std::fabs(b.measure.delta) / std::max(1.0, b.measure.rest);
    if (da != db) return da > db;
    return a.condition < b.condition;
  });
  return out;
}

}  // namespace wb::sim
