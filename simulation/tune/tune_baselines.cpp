// The tuner's peers: random search and the one-value-at-a-time sweep
// (tune_baselines.h), written as steps of TuneSearch so that they play the
// tuner's bank, count its budget and end in its verification.
#include "simulation/tune/tune_baselines.h"

#include <algorithm>

#include "simulation/core/rng.h"
#include "simulation/tune/tune_search.h"

namespace wb::sim {
namespace {

// Candidates of the random search per job: one DistributedJob plays them together.
constexpr std::size_t kRandomBatch = 8;
// Batches in a row that draw only candidates already tried: the space is exhausted.
constexpr int kStaleBatches = 64;
// The random search's own seed stream (the bank's games use streams 0 and 1 + seat).
constexpr std::uint64_t kRandomStream = 0x7A5DULL;

std::size_t levelOf(const EditSet& edits, const KnobSpace& knobs, std::size_t k) {
  for (const Edit& e : edits)
    if (e.knob == k) return e.level;
  return knobs[k].base;
}

}  // namespace

const char* toString(TuneStrategy s) {
  switch (s) {
    case TuneStrategy::Tuner: return "tuner";
    case TuneStrategy::Random: return "random";
    case TuneStrategy::OneAtATime: return "one-at-a-time";
    case TuneStrategy::Ntbea: return "ntbea";
  }
  return "tuner";
}

bool parseTuneStrategy(std::string_view text, TuneStrategy& out) {
  for (TuneStrategy s : {TuneStrategy::Tuner, TuneStrategy::Random, TuneStrategy::OneAtATime, TuneStrategy::Ntbea})
    if (text == toString(s)) {
      out = s;
      return true;
    }
  return false;
}

bool TuneSearch::tryCandidates(const std::vector<EditSet>& candidates, std::set<std::string>& tried, EditSet& best,
                               double& bestMiss, bool& spent) {
  const std::size_t blocks = m_config.screenBlocks;
  const std::uint64_t perCandidate = std::max<std::uint64_t>(1, blocks * m_eval->gamesPerBlock());
  std::vector<EditSet> fresh;
  for (const EditSet& c : candidates)
    if (!c.empty() && tried.insert(m_knobs.key(c)).second) fresh.push_back(c);
  // As many as the budget allows, in the order drawn.
  const std::uint64_t played = m_eval->gamesPlayed(TuneEvaluator::kSearch);
  const std::uint64_t fit = played >= m_config.budget ? 0 : (m_config.budget - played) / perCandidate;
  if (fresh.size() > fit) {
    fresh.resize(static_cast<std::size_t>(fit));
    spent = true;
  }
  if (fresh.empty()) return false;
  if (!playBank(fresh, blocks)) {
    spent = true;
    return false;
  }
  for (const EditSet& c : fresh) {
    const BlockSeries* s = m_eval->series(c, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
    if (!s || s->blocks() < blocks) continue;  // does not compile: not a candidate
    double miss = totalMiss(readings(*s, s->blocks()));
    if (miss == 0.0) {
      // Inside every band by its values: raced on in doubling rounds like the
      // tuner's proposals while it stays inside by its values and no target
      // fails (up to raceBlocks); then its miss counts on every block it played.
      std::vector<TargetReading> r = readings(*s, s->blocks());
      for (std::size_t b = 2 * blocks; !allPass(r) && b <= m_config.raceBlocks; b *= 2) {
        if (!budgetLeft({c}, b)) break;
        if (!playBank({c}, b)) {
          spent = true;
          return false;
        }
        s = m_eval->series(c, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
        r = readings(*s, s->blocks());
        const bool out = totalMiss(r) > 0.0 || std::any_of(r.begin(), r.end(), [](const TargetReading& x) {
          return x.verdict == TargetVerdict::Fail;
        });
        if (out) break;
      }
      if (allPass(r)) {
        best = c;
        bestMiss = 0.0;
        report(toString(m_config.strategy), best, bestMiss);
        return true;
      }
      miss = totalMiss(r);
    }
    if (miss < bestMiss || (miss == bestMiss && c.size() < best.size())) {
      best = c;
      bestMiss = miss;
    }
  }
  report(toString(m_config.strategy), best, bestMiss);
  return false;
}

bool TuneSearch::randomSearch(EditSet& best, double& bestMiss, std::size_t) {
  const BlockSeries* base = m_eval->series(EditSet{}, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!base) return false;
  best = {};
  bestMiss = totalMiss(readings(*base, base->blocks()));
  std::vector<std::size_t> free;
  for (std::size_t k = 0; k < m_knobs.size(); ++k)
    if (m_knobs[k].values.size() >= 2) free.push_back(k);
  if (free.empty()) return false;
  const std::size_t most = std::clamp<std::size_t>(m_config.randomMaxEdits, 1, free.size());
  Rng rng(deriveSeed(m_config.run.seed, 0, kRandomStream));
  std::set<std::string> tried = {""};
  bool spent = false;
  for (int stale = 0; !spent && stale < kStaleBatches && !m_eval->cancelled() && m_error.empty();) {
    std::vector<EditSet> batch;
    for (std::size_t i = 0; i < kRandomBatch; ++i) {
      const std::size_t size = 1 + static_cast<std::size_t>(uniformInt(rng, static_cast<int>(most)));
      std::vector<std::size_t> pool = free;
      EditSet edits;
      for (std::size_t j = 0; j < size; ++j) {
        // A partial Fisher-Yates draw of distinct knobs.
        const std::size_t pick = j + static_cast<std::size_t>(uniformInt(rng, static_cast<int>(pool.size() - j)));
        std::swap(pool[j], pool[pick]);
        const Knob& k = m_knobs[pool[j]];
        std::size_t level = static_cast<std::size_t>(uniformInt(rng, static_cast<int>(k.values.size() - 1)));
        if (level >= k.base) ++level;  // any value but the current one
        edits = KnobSpace::with(edits, Edit{pool[j], level}, m_knobs);
      }
      batch.push_back(std::move(edits));
    }
    const std::size_t before = tried.size();
    if (tryCandidates(batch, tried, best, bestMiss, spent)) return true;
    stale = tried.size() == before ? stale + 1 : 0;
  }
  return false;
}

bool TuneSearch::oneAtATime(EditSet& best, double& bestMiss, std::size_t) {
  const BlockSeries* base = m_eval->series(EditSet{}, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!base) return false;
  best = {};
  bestMiss = totalMiss(readings(*base, base->blocks()));
  std::set<std::string> tried = {""};
  bool spent = false;
  for (bool improved = true; improved;) {
    improved = false;
    for (std::size_t k = 0; k < m_knobs.size(); ++k) {
      const std::size_t current = levelOf(best, m_knobs, k);
      std::vector<EditSet> candidates;
      for (std::size_t level = 0; level < m_knobs[k].values.size(); ++level)
        if (level != current) candidates.push_back(KnobSpace::with(best, Edit{k, level}, m_knobs));
      const EditSet before = best;
      if (tryCandidates(candidates, tried, best, bestMiss, spent)) return true;
      improved = improved || best != before;
      if (spent || m_eval->cancelled() || !m_error.empty()) return false;
    }
  }
  return false;
}

}  // namespace wb::sim
