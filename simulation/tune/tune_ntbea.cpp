// NTBEA, the N-tuple bandit evolutionary algorithm as TAG runs it
// (tune_baselines.h): a peer of the tuner at the same budget, on the same
// evaluator, ending in the same verification. Written as a step of
// TuneSearch so that the budget accounting and the guard are the tuner's.
#include <algorithm>
#include <cmath>

#include "simulation/core/rng.h"
#include "simulation/tune/tune_search.h"

namespace wb::sim {
namespace {

constexpr std::size_t kNtbeaNeighbours = 50;   // TAG's default neighbourhood
constexpr double kNtbeaExplore = 1.0;          // UCB's k (fitness in normalised misses)
// Blocks of one noisy evaluation: as many as a racing round, so that one
// evaluation says something of a share of games (two blocks of a duel give
// a first-side share in steps of an eighth).
constexpr std::size_t kNtbeaBlocks = 8;
constexpr std::size_t kMaxPairCells = 20'000'000;  // beyond: 1-tuples only
constexpr std::uint64_t kNtbeaStream = 0x4E54ULL;  // the mutations' own random stream

struct Stat {
  double sum = 0;
  std::uint32_t n = 0;
};

// The bandit model: statistics per value of each 1-tuple and each 2-tuple.
class TupleModel {
 public:
  explicit TupleModel(const std::vector<std::size_t>& sizes) : m_sizes(sizes) {
    m_single.resize(sizes.size());
    for (std::size_t k = 0; k < sizes.size(); ++k) m_single[k].resize(sizes[k]);
    std::size_t cells = 0;
    for (std::size_t a = 0; a < sizes.size(); ++a)
      for (std::size_t b = a + 1; b < sizes.size(); ++b) cells += sizes[a] * sizes[b];
    if (cells <= kMaxPairCells)
      for (std::size_t a = 0; a < sizes.size(); ++a)
        for (std::size_t b = a + 1; b < sizes.size(); ++b) m_pairs.push_back({a, b, std::vector<Stat>(sizes[a] * sizes[b])});
  }
  void add(const std::vector<std::size_t>& x, double fitness) {
    ++m_total;
    for (std::size_t k = 0; k < x.size(); ++k) put(m_single[k][x[k]], fitness);
    for (Pair& p : m_pairs) put(p.cells[x[p.a] * m_sizes[p.b] + x[p.b]], fitness);
  }
  // The mean of the tuples' mean fitness (over the tuples seen), and the UCB value.
  double mean(const std::vector<std::size_t>& x) const {
    double sum = 0;
    std::size_t seen = 0;
    visit(x, [&](const Stat& s) {
      if (s.n > 0) {
        sum += s.sum / s.n;
        ++seen;
      }
    });
    return seen > 0 ? sum / static_cast<double>(seen) : -INFINITY;
  }
  double ucb(const std::vector<std::size_t>& x) const {
    double explore = 0;
    std::size_t tuples = 0;
    const double logN = std::log(1.0 + static_cast<double>(m_total));
    visit(x, [&](const Stat& s) {
      explore += std::sqrt(logN / (static_cast<double>(s.n) + 0.5));
      ++tuples;
    });
    const double m = mean(x);
    return (std::isfinite(m) ? m : 0.0) + kNtbeaExplore * explore / static_cast<double>(std::max<std::size_t>(1, tuples));
  }

 private:
  struct Pair {
    std::size_t a, b;
    std::vector<Stat> cells;
  };
  static void put(Stat& s, double f) {
    s.sum += f;
    ++s.n;
  }
  template <typename F>
  void visit(const std::vector<std::size_t>& x, F f) const {
    for (std::size_t k = 0; k < x.size(); ++k) f(m_single[k][x[k]]);
    for (const Pair& p : m_pairs) f(p.cells[x[p.a] * m_sizes[p.b] + x[p.b]]);
  }
  std::vector<std::size_t> m_sizes;
  std::vector<std::vector<Stat>> m_single;
  std::vector<Pair> m_pairs;
  std::uint64_t m_total = 0;
};

}  // namespace

bool TuneSearch::ntbea(EditSet& best, double& bestMiss, std::size_t) {
  const BlockSeries* base = m_eval->series(EditSet{}, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!base) return false;
  best = {};
  bestMiss = totalMiss(readings(*base, base->blocks()));
  const std::size_t n = m_knobs.size();
  if (n == 0) return false;
  std::vector<std::size_t> sizes, x;
  for (const Knob& k : m_knobs.knobs()) {
    sizes.push_back(k.values.size());
    x.push_back(k.base);
  }
  auto toEdits = [&](const std::vector<std::size_t>& p) {
    EditSet e;
    for (std::size_t k = 0; k < n; ++k)
      if (p[k] != m_knobs[k].base) e.push_back(Edit{k, p[k]});
    return e;
  };
  TupleModel model(sizes);
  Rng rng(deriveSeed(m_config.run.seed, 0, kNtbeaStream));
  const std::uint64_t perEvaluation = kNtbeaBlocks * m_eval->gamesPerBlock();
  // Budget kept back to race the recommendation on the bank, as the tuner races a proposal.
  const std::uint64_t reserve = 4 * m_config.roundBlocks * m_eval->gamesPerBlock();
  std::vector<std::vector<std::size_t>> evaluated;
  int stream = TuneEvaluator::kFresh;
  while (!m_eval->cancelled() && m_error.empty()) {
    const std::uint64_t played = m_eval->gamesPlayed(TuneEvaluator::kSearch);
    if (played + perEvaluation + reserve > m_config.budget) break;
    // One noisy evaluation of the current point on seeds no other evaluation used.
    const EditSet e = toEdits(x);
    const std::uint64_t before = m_eval->gamesPlayed(TuneEvaluator::kSearch);
    if (!m_eval->play({{e, stream, TuneEvaluator::kSearchAgents, kNtbeaBlocks}}, m_error)) break;
    if (const std::uint64_t g = m_eval->gamesPlayed(TuneEvaluator::kSearch) - before; g > 0) {
      auto it = std::find_if(m_phaseGames.begin(), m_phaseGames.end(), [&](const auto& p) { return p.first == m_phase; });
      if (it == m_phaseGames.end()) m_phaseGames.emplace_back(m_phase, g);
      else it->second += g;
    }
    const BlockSeries* s = m_eval->series(e, stream, TuneEvaluator::kSearchAgents);
    ++stream;
    if (s && s->blocks() >= kNtbeaBlocks) {
      model.add(x, -totalMiss(readings(*s, kNtbeaBlocks)));
      if (std::find(evaluated.begin(), evaluated.end(), x) == evaluated.end()) evaluated.push_back(x);
    } else {
      model.add(x, -1e6);  // does not compile: the worst fitness
    }
    // The next point: the best of the neighbours by UCB.
    std::vector<std::size_t> next = x;
    double nextValue = -INFINITY;
    for (std::size_t i = 0; i < kNtbeaNeighbours; ++i) {
      std::vector<std::size_t> y = x;
      // One knob changed for sure, then each knob with probability 1 / knobs (TAG's mutation).
      const auto k0 = static_cast<std::size_t>(uniformInt(rng, static_cast<int>(n)));
      for (std::size_t k = 0; k < n; ++k) {
        if (sizes[k] < 2 || (k != k0 && uniformInt(rng, static_cast<int>(n)) != 0)) continue;
        std::size_t level = static_cast<std::size_t>(uniformInt(rng, static_cast<int>(sizes[k] - 1)));
        if (level >= y[k]) ++level;
        y[k] = level;
      }
      const double v = model.ucb(y);
      if (v > nextValue) {
        nextValue = v;
        next = y;
      }
    }
    x = next;
    report(toString(m_config.strategy), best, bestMiss);
  }
  if (evaluated.empty() || m_eval->cancelled() || !m_error.empty()) return false;
  // The recommendation: the evaluated point the model values most (ties: fewer edits).
  const std::vector<std::size_t>* pick = nullptr;
  double pickValue = -INFINITY;
  for (const auto& p : evaluated) {
    const double v = model.mean(p);
    if (!pick || v > pickValue || (v == pickValue && toEdits(p).size() < toEdits(*pick).size())) {
      pick = &p;
      pickValue = v;
    }
  }
  const EditSet chosen = toEdits(*pick);
  if (chosen.empty()) return false;
  // Raced on the bank like the tuner's proposals; kept when it misses less than the start.
  const std::size_t blocks = measure(chosen);
  const BlockSeries* s = m_eval->series(chosen, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!s || blocks < 2) return false;
  const auto r = readings(*s, s->blocks());
  const double miss = totalMiss(r);
  if (allPass(r) || miss < bestMiss) {
    best = chosen;
    bestMiss = miss;
  }
  return allPass(r);
}

}  // namespace wb::sim
