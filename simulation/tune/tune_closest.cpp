// TuneSearch's answer when no proposal passed (tune_search.h, after step 4):
// the closest proposal, ranked as a designer reads the targets file. The
// content guard is a constraint and the targets are what may be missed, so a
// proposal that keeps the guard on the search's games comes before any that
// breaks it, however much closer to the targets that one lands; then the
// most targets met (value inside the band), the smallest summed miss of the
// targets (in target scales), the fewest edits, the smallest moves (steps of
// each knob's domain). The search's own steps still minimise the targets'
// and the guard's misses together (totalMiss): that is how it moves; this is
// only which of the proposals it raced (or its own best) is returned.
//
// The search's own best (the smallest miss of the targets and the guard
// together, raced longest) stays the answer when it keeps the guard, less
// any of its edits whose removal ranks closer; only a best that breaks the
// guard is replaced by another proposal.
//
// The start (no edits) keeps the guard by construction and takes part in the
// ranking: a guard-keeping proposal is returned only when it ranks above the
// start. When none does, the closest proposal overall is returned with
// guardKept false (the result then says that no proposal the search tried
// keeps the guard and comes closer than the start), so that its verification
// shows what the guard refused on fresh seeds.
#include <algorithm>
#include <tuple>

#include "simulation/tune/tune_search.h"

namespace wb::sim {

EditSet TuneSearch::closest(const EditSet& fallback, TuneResult& result) const {
  struct Ranked {
    EditSet edits;
    bool keeps = true;
    std::size_t met = 0, steps = 0;
    double miss = 0;
    std::string key;
    std::vector<std::size_t> breaks;
  };
  // Read on every block the bank holds; a proposal dropped before the first
  // racing round (the budget) has too few blocks to be compared.
  const std::size_t least = 2 * m_config.roundBlocks;
  std::vector<Ranked> pool;
  std::set<std::string> seen;
  // The start, the search's own best (it may come from screening, never
  // raced), then every proposal raced.
  std::vector<EditSet> candidates{EditSet{}, fallback};
  candidates.insert(candidates.end(), m_raced.begin(), m_raced.end());
  for (const EditSet& e : candidates) {
    Ranked x;
    x.key = m_knobs.key(e);
    if (!seen.insert(x.key).second) continue;
    const BlockSeries* s = m_eval->series(e, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
    if (!s || s->blocks() < std::min(least, bankBlocks(EditSet{}))) continue;
    const auto r = readings(*s, s->blocks());
    x.edits = e;
    x.breaks = guardBreaks(r);
    // The start's own bands are read from its values: whatever its reading,
    // it keeps what it has.
    x.keeps = e.empty() || x.breaks.empty();
    if (e.empty()) x.breaks.clear();
    for (std::size_t t = 0; t < m_targets.size() && t < r.size(); ++t) {
      const double miss = m_targets[t].normalizedMiss(r[t].value.value);
      x.met += miss > 0 ? 0 : 1;
      x.miss += miss;
    }
    x.steps = steps(e);
    pool.push_back(std::move(x));
  }
  if (pool.size() < 2) return fallback;
  // Closer to the targets alone: the most met, the smallest miss, the fewest
  // and smallest edits (ties by key, so the answer is the same on every run).
  auto closer = [](const Ranked& a, const Ranked& b) {
    return std::make_tuple(b.met, a.miss, a.edits.size(), a.steps, a.key) <
           std::make_tuple(a.met, b.miss, b.edits.size(), b.steps, b.key);
  };
  std::stable_sort(pool.begin(), pool.end(), [&](const Ranked& a, const Ranked& b) {
    if (a.keeps != b.keeps) return a.keeps;
    return closer(a, b);
  });
  // The search's own best, when it keeps the guard, is improved on only by
  // dropping some of its edits: it was raced on the most blocks, and a
  // proposal dropped early may rank above it on the few blocks it has (a
  // point inside a band on 32 blocks is no evidence against one inside it on
  // 128). Otherwise the first is a guard-keeping proposal, or the start when
  // none ranks above it.
  const Ranked* chosen = &pool.front();
  const auto own = std::find_if(pool.begin(), pool.end(), [&](const Ranked& x) { return x.key == m_knobs.key(fallback); });
  if (!fallback.empty() && own != pool.end() && own->keeps) {
    chosen = &*own;
    for (const Ranked& x : pool)
      if (x.keeps && !x.edits.empty() && x.edits.size() < fallback.size() && closer(x, *chosen) &&
          std::all_of(x.edits.begin(), x.edits.end(), [&](const auto& e) {
            return std::find(fallback.begin(), fallback.end(), e) != fallback.end();
          }))
        chosen = &x;
  }
  result.guardKept = true;
  if (chosen->edits.empty() && m_config.guard.on) {
    const auto breaker = std::find_if(pool.begin(), pool.end(), [&](const Ranked& x) { return !x.keeps; });
    // Nothing that keeps the guard improves on the start: the closest proposal
    // that breaks it, if it improves on the start, is returned as such.
    if (breaker != pool.end() && closer(*breaker, *chosen)) {
      chosen = &*breaker;
      result.guardKept = false;
    }
  }
  // What the guard refused: proposals closer to the targets than the answer.
  result.guardRefused.clear();
  for (const Ranked& x : pool) {
    if (x.keeps || &x == chosen || !closer(x, *chosen)) continue;
    GuardRefusal g;
    g.text = editText(x.edits);
    for (std::size_t i : x.breaks) g.breaks.push_back(m_guards[i].metric.spec());
    g.targetsMet = x.met;
    g.miss = x.miss;
    result.guardRefused.push_back(std::move(g));
  }
  return chosen->edits;
}

}  // namespace wb::sim
