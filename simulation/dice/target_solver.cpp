#include "simulation/dice/target_solver.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "simulation/dice/pmf.h"

namespace wb::sim::dice {
namespace {
constexpr std::uint64_t kMaxDense = 4'000'000;
constexpr double kTieTolerance = 1e-12;

bool isNameChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '-' ||
         static_cast<unsigned char>(c) >= 0x80;
}
}  // namespace

std::optional<std::vector<TargetAlternative>> parseTarget(std::string_view text, NotationError* error) {
  std::vector<TargetAlternative> out(1);
  std::size_t i = 0;
  auto fail = [&](std::string message) -> std::optional<std::vector<TargetAlternative>> {
    if (error) *error = NotationError{static_cast<int>(i) + 1, std::move(message)};
    return std::nullopt;
  };
  auto skip = [&] {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
  };
  while (true) {
    skip();
    std::size_t start = i;
    while (i < text.size() && isNameChar(text[i])) ++i;
    if (i == start) return fail(i >= text.size() ? "expected a face name" : std::string("unexpected '") + text[i] + "': expected a face name");
    std::string face(text.substr(start, i - start));
    int count = 1;
    skip();
    if (i < text.size() && text[i] == ':') {
      ++i;
      skip();
      std::size_t numStart = i;
      long long n = 0;
      while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])) && n < 1000) n = n * 10 + (text[i++] - '0');
      if (i == numStart) return fail("expected how many '" + face + "' after ':'");
      if (n < 1 || n > kMaxTargetDice) {
        i = numStart;
        return fail("a face count must be 1 to " + std::to_string(kMaxTargetDice));
      }
      count = static_cast<int>(n);
      skip();
    }
    auto& alt = out.back();
    auto it = std::find_if(alt.begin(), alt.end(), [&](const auto& e) { return e.first == face; });
    if (it != alt.end()) it->second += count;
    else alt.emplace_back(face, count);
    if (i >= text.size()) break;
    if (text[i] == ',') {
      ++i;
      continue;
    }
    if (text[i] == '|') {
      ++i;
      out.emplace_back();
      continue;
    }
    return fail(std::string("unexpected '") + text[i] + "': expected ',', '|' or the end");
  }
  return out;
}

std::string formatTarget(const std::vector<TargetAlternative>& alternatives) {
  std::string s;
  for (std::size_t a = 0; a < alternatives.size(); ++a) {
    if (a) s += "|";
    for (std::size_t i = 0; i < alternatives[a].size(); ++i) {
      if (i) s += ",";
      s += alternatives[a][i].first + ":" + std::to_string(alternatives[a][i].second);
    }
  }
  return s;
}

int TargetSolver::categoryOf(std::string_view symbol) const {
  for (std::size_t c = 0; c < m_categories.size(); ++c)
    if (m_categories[c] == symbol) return static_cast<int>(c);
  return -1;
}

TargetSolver::Key TargetSolver::keyOf(const std::vector<int>& counts) const {
  Key k = 0, w = 1;
  for (int c : counts) {
    k += static_cast<Key>(c) * w;
    w *= m_base;
  }
  return k;
}

std::vector<int> TargetSolver::countsOf(Key key) const {
  std::vector<int> c(m_categories.size());
  for (auto& x : c) {
    x = static_cast<int>(key % m_base);
    key /= m_base;
  }
  return c;
}

std::vector<std::string> TargetSolver::expand(Key key) const {
  std::vector<std::string> out;
  auto c = countsOf(key);
  for (std::size_t i = 0; i < c.size(); ++i)
    for (int j = 0; j < c[i]; ++j) out.push_back(m_categories[i]);
  return out;
}

bool TargetSolver::satisfied(const std::vector<int>& counts) const {
  for (const auto& alt : m_alternatives) {
    int wilds = m_wild >= 0 ? counts[m_wild] : 0;
    int needed = 0;
    bool ok = true;
    for (std::size_t j = 0; j < alt.size() && ok; ++j) {
      if (alt[j] == 0) continue;
      if (static_cast<int>(j) == m_wild) {
        wilds -= alt[j];
        continue;
      }
      int deficit = std::max(0, alt[j] - counts[j]);
      if (deficit == 0) continue;
      if (m_wild < 0 || (m_anchored && counts[j] == 0)) ok = false;
      needed += deficit;
    }
    if (ok && wilds >= needed) return true;
  }
  return false;
}

bool TargetSolver::satisfiedKey(Key key) const { return satisfied(countsOf(key)); }

std::optional<TargetSolver> TargetSolver::solve(const DieSpec& die, int dice, const TargetSpec& spec, std::string* error,
                                                double workLimit) {
  auto fail = [&](std::string message) -> std::optional<TargetSolver> {
    if (error) *error = std::move(message);
    return std::nullopt;
  };
  if (dice < 1 || dice > kMaxTargetDice) return fail("a target query rolls 1 to " + std::to_string(kMaxTargetDice) + " dice");
  if (spec.rolls < 1 || spec.rolls > kMaxTargetRolls) return fail("rolls must be 1 to " + std::to_string(kMaxTargetRolls));
  if (spec.alternatives.empty()) return fail("the target has no alternatives");
  if (die.faces.empty() || die.totalWeight() <= 0) return fail("the die has no faces");
  auto symbols = die.symbols();
  auto onDie = [&](const std::string& s) { return std::find(symbols.begin(), symbols.end(), s) != symbols.end(); };
  TargetSolver t;
  for (const auto& alt : spec.alternatives) {
    int total = 0;
    for (const auto& [face, n] : alt) {
      if (!onDie(face)) return fail("face '" + face + "' is not on die " + die.id);
      if (t.categoryOf(face) < 0) t.m_categories.push_back(face);
      total += n;
    }
    if (total > dice) return fail("the alternative '" + formatTarget({alt}) + "' needs more than " + std::to_string(dice) + " dice");
  }
  if (!spec.wild.empty()) {
    if (!onDie(spec.wild)) return fail("wild face '" + spec.wild + "' is not on die " + die.id);
    if (t.categoryOf(spec.wild) < 0) t.m_categories.push_back(spec.wild);
    t.m_wild = t.categoryOf(spec.wild);
  }
  bool other = std::any_of(symbols.begin(), symbols.end(), [&](const std::string& s) { return t.categoryOf(s) < 0; });
  if (other) t.m_categories.push_back("(other)");
  int k = static_cast<int>(t.m_categories.size());
  t.m_p.assign(k, 0.0);
  for (const auto& f : die.faces) {
    int c = t.categoryOf(f.symbol);
    if (c < 0) c = k - 1;
    t.m_faceCategory.push_back(c);
    t.m_p[c] += f.weight / die.totalWeight();
  }
  for (const auto& alt : spec.alternatives) {
    std::vector<int> need(k, 0);
    for (const auto& [face, n] : alt) need[t.categoryOf(face)] += n;
    t.m_alternatives.push_back(need);
  }
  t.m_anchored = spec.anchored;
  t.m_dice = dice;
  t.m_rolls = spec.rolls;
  t.m_base = static_cast<Key>(dice) + 1;
  t.m_fullSpan = 1;
  for (int i = 0; i + 1 < k; ++i) {
    t.m_fullSpan *= t.m_base;
    if (t.m_fullSpan > kMaxDense) return fail("too many dice or face kinds for an exact target query (" + std::to_string(dice) +
                                              " dice, " + std::to_string(k) + " kinds of face)");
  }
  // Pairs (hold, roll) of every size per roll: C(n + 2k - 1, 2k - 1), plus the hold search.
  const double pairs = std::exp(std::lgamma(dice + 2.0 * k) - std::lgamma(dice + 1.0) - std::lgamma(2.0 * k));
  const double work = spec.rolls * pairs * 1.5;
  if (work > workLimit)
    return fail("too many dice or face kinds for an exact target query (" + std::to_string(dice) + " dice, " +
                std::to_string(k) + " kinds of face, " + std::to_string(spec.rolls) + " rolls: " + aboutSeconds(work) +
                " of work; the bound is " + aboutSeconds(workLimit) + ")");
  t.build(spec);
  std::uint64_t d = 1;
  for (int i = 0; i < dice * spec.rolls; ++i) d = Pmf::multiplyDenominators(d, die.integerTotalWeight());
  t.m_denominator = d;
  return t;
}

void TargetSolver::build(const TargetSpec&) {
  const int k = static_cast<int>(m_categories.size());
  const int n = m_dice;
  // Every multiset of size <= n, by increasing size, with the chance of rolling it.
  std::vector<int> counts(k, 0);
  std::vector<std::vector<std::pair<Key, double>>> bySize(n + 1);
  std::vector<double> fact(n + 1, 1.0);
  for (int i = 1; i <= n; ++i) fact[i] = fact[i - 1] * i;
  auto rec = [&](auto&& self, int cat, int size, double p) -> void {
    if (cat == k) {
      bySize[size].emplace_back(keyOf(counts), p * fact[size]);
      return;
    }
    double pc = 1.0;
    for (int c = 0; size + c <= n; ++c) {
      counts[cat] = c;
      self(self, cat + 1, size + c, p * pc / fact[c]);
      pc *= m_p[cat];
    }
    counts[cat] = 0;
  };
  rec(rec, 0, 0, 1.0);
  m_rollsOfSize.assign(n + 1, {});
  for (int s = 0; s <= n; ++s) {
    for (const auto& [key, p] : bySize[s]) {
      m_index[key] = static_cast<int>(m_keys.size());
      m_keys.push_back(key);
      m_size.push_back(s);
      if (p > 0) m_rollsOfSize[s].emplace_back(key, p);
    }
  }
  const std::size_t all = m_keys.size();
  // full[key % span]: value of a full multiset (all n dice) at the current stage.
  std::vector<double> full(m_fullSpan, 0.0);
  for (const auto& [key, p] : bySize[n]) full[key % m_fullSpan] = satisfiedKey(key) ? 1.0 : 0.0;
  m_value.assign(m_rolls, std::vector<double>(all, 0.0));
  m_bestHold.assign(m_rolls, {});
  for (int r = m_rolls; r >= 1; --r) {
    auto& value = m_value[r - 1];
    for (std::size_t h = 0; h < all; ++h) {
      double v = 0;
      Key hk = m_keys[h];
      for (const auto& [ok, p] : m_rollsOfSize[n - m_size[h]]) v += p * full[(hk + ok) % m_fullSpan];
      value[h] = v;
    }
    if (r == 1) break;
    // After roll r-1, keep the best sub-multiset: down[X] = max over holds inside X.
    std::vector<double> down(all, 0.0);
    auto& hold = m_bestHold[r - 2];
    hold.assign(all, 0);
    for (std::size_t x = 0; x < all; ++x) {
      double bestChild = -1;
      int bestChildHold = -1;
      auto c = countsOf(m_keys[x]);
      Key w = 1;
      for (int i = 0; i < k; ++i, w *= m_base) {
        if (c[i] == 0) continue;
        int child = m_index.at(m_keys[x] - w);
        if (down[child] > bestChild + kTieTolerance) {
          bestChild = down[child];
          bestChildHold = hold[child];
        }
      }
      if (bestChildHold >= 0 && bestChild >= value[x] - kTieTolerance) {
        down[x] = std::max(bestChild, value[x]);
        hold[x] = bestChildHold;  // on a tie, keep fewer dice
      } else {
        down[x] = value[x];
        hold[x] = static_cast<int>(x);
      }
    }
    for (const auto& [key, p] : bySize[n]) full[key % m_fullSpan] = down[m_index.at(key)];
  }
  m_probability = m_value[0][0];
}

std::vector<int> TargetSolver::bestHold(int roll, const std::vector<int>& counts) const {
  if (roll < 1 || roll >= m_rolls) return counts;
  auto it = m_index.find(keyOf(counts));
  if (it == m_index.end()) return counts;
  return countsOf(m_keys[m_bestHold[roll - 1][it->second]]);
}

double TargetSolver::holdValue(int roll, const std::vector<int>& held) const {
  if (roll < 1 || roll > m_rolls) return 0;
  auto it = m_index.find(keyOf(held));
  return it == m_index.end() ? 0.0 : m_value[roll - 1][it->second];
}

std::vector<HoldAdvice> TargetSolver::firstRollPolicy() const {
  std::vector<HoldAdvice> out;
  if (m_rolls < 2) return out;
  for (const auto& [key, p] : m_rollsOfSize[m_dice]) {
    int h = m_bestHold[0][m_index.at(key)];
    out.push_back(HoldAdvice{expand(key), p, expand(m_keys[h]), m_value[1][h]});
  }
  std::stable_sort(out.begin(), out.end(), [](const HoldAdvice& a, const HoldAdvice& b) { return a.probability > b.probability; });
  return out;
}

}  // namespace wb::sim::dice
