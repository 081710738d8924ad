// Brute-force references for the dice lab tests: every sequence of faces is
// enumerated literally (explosion chains rolled out, keep by sorting the
// dice, holds tried as every subset of dice positions), independent of the
// multiset DP the engine uses.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "simulation/dice/dice_pool.h"
#include "simulation/dice/pool_engine.h"

namespace wb::sim::dice::test {

struct Rolled {
  double value = 0;
  double score = 0;
};

// Calls visit(die result, probability) for every chain of one die of `term`.
inline void rollChains(const PoolTerm& term, const FaceScore& score, int left, Rolled acc, double p,
                       const std::function<void(Rolled, double)>& visit) {
  double total = term.die.totalWeight(), top = term.die.maxValue();
  for (const auto& f : term.die.faces) {
    Rolled r{acc.value + f.value, acc.score + score(f)};
    double q = p * f.weight / total;
    if (left > 0 && f.value == top) rollChains(term, score, left - 1, r, q, visit);
    else visit(r, q);
  }
}

// Every joint roll of the pool's dice: visit(per-term list of dice, probability).
inline void rollPool(const Pool& pool, const FaceScore& score,
                     const std::function<void(const std::vector<std::vector<Rolled>>&, double)>& visit) {
  std::vector<std::vector<Rolled>> dice(pool.terms.size());
  std::function<void(std::size_t, double)> rec = [&](std::size_t t, double p) {
    if (t == pool.terms.size()) {
      visit(dice, p);
      return;
    }
    if (static_cast<int>(dice[t].size()) == pool.terms[t].count) {
      rec(t + 1, p);
      return;
    }
    rollChains(pool.terms[t], score, pool.terms[t].explodeLimit, Rolled{}, 1.0, [&](Rolled r, double q) {
      dice[t].push_back(r);
      rec(t, p * q);
      dice[t].pop_back();
    });
  };
  rec(0, 1.0);
}

inline std::map<double, double> bruteScore(const Pool& pool, const FaceScore& score, bool addConstant) {
  std::map<double, double> out;
  rollPool(pool, score, [&](const std::vector<std::vector<Rolled>>& dice, double p) {
    double total = addConstant ? pool.constant : 0;
    for (std::size_t t = 0; t < dice.size(); ++t) {
      auto d = dice[t];
      const auto& term = pool.terms[t];
      bool highest = term.keep != Keep::Lowest;
      std::sort(d.begin(), d.end(), [&](const Rolled& a, const Rolled& b) {
        if (a.value != b.value) return highest ? a.value > b.value : a.value < b.value;
        return a.score > b.score;
      });
      double s = 0;
      for (int i = 0; i < term.keptCount(); ++i) s += d[i].score;
      total += term.sign * s;
    }
    out[Pmf::snap(total)] += p;
  });
  return out;
}

inline std::map<double, double> bruteOpposed(const Pool& a, const Pool& b) {
  auto byValue = [](const Face& f) { return f.value; };
  auto flat = [](const std::vector<std::vector<Rolled>>& dice) {
    std::vector<double> v;
    for (const auto& t : dice)
      for (const auto& r : t) v.push_back(r.value);
    std::sort(v.rbegin(), v.rend());
    return v;
  };
  std::map<double, double> out;
  rollPool(a, byValue, [&](const std::vector<std::vector<Rolled>>& da, double pa) {
    auto va = flat(da);
    rollPool(b, byValue, [&](const std::vector<std::vector<Rolled>>& db, double pb) {
      auto vb = flat(db);
      int diff = 0;
      for (std::size_t i = 0; i < std::min(va.size(), vb.size()); ++i) diff += va[i] > vb[i] ? 1 : -1;
      out[diff] += pa * pb;
    });
  });
  return out;
}

// Optimal-hold target value by literal enumeration: dice are positions,
// holds are subsets of positions; `success` judges the final symbols.
class BruteTarget {
 public:
  BruteTarget(DieSpec die, int dice, int rolls, std::function<bool(const std::vector<std::string>&)> success)
      : m_die(std::move(die)), m_dice(dice), m_rolls(rolls), m_success(std::move(success)) {}

  double value() { return before(1, {}); }

 private:
  // Success chance when holding `held` (sorted symbols) before roll `roll`.
  double before(int roll, std::vector<std::string> held) {
    std::sort(held.begin(), held.end());
    auto key = std::make_pair(roll, held);
    if (auto it = m_memo.find(key); it != m_memo.end()) return it->second;
    double v = 0;
    std::vector<std::string> dice = held;
    std::function<void(double)> rec = [&](double p) {
      if (static_cast<int>(dice.size()) == m_dice) {
        v += p * after(roll, dice);
        return;
      }
      for (const auto& f : m_die.faces) {
        dice.push_back(f.symbol);
        rec(p * f.weight / m_die.totalWeight());
        dice.pop_back();
      }
    };
    rec(1.0);
    m_memo[key] = v;
    return v;
  }
  // Best chance after roll `roll` showing `dice` (in roll order).
  double after(int roll, const std::vector<std::string>& dice) {
    if (roll == m_rolls) return m_success(dice) ? 1.0 : 0.0;
    double best = 0;
    for (unsigned mask = 0; mask < (1u << dice.size()); ++mask) {
      std::vector<std::string> held;
      for (std::size_t i = 0; i < dice.size(); ++i)
        if (mask & (1u << i)) held.push_back(dice[i]);
      best = std::max(best, before(roll + 1, held));
    }
    return best;
  }

  DieSpec m_die;
  int m_dice, m_rolls;
  std::function<bool(const std::vector<std::string>&)> m_success;
  std::map<std::pair<int, std::vector<std::string>>, double> m_memo;
};

}  // namespace wb::sim::dice::test
