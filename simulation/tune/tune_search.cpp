// TuneSearch (tune_search.h): steps 1-4, the search — the baseline, screening
// with racing and the sensitivity model, proposals from the model raced on the
// bank, refits. Steps 5 and 6 (backward elimination, verification on fresh
// seeds) are in tune_search_verification.cpp.
#include "simulation/tune/tune_search.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "simulation/core/wall_clock.h"

namespace wb::sim {
namespace {

std::vector<TuneMetric> metricsOf(const std::vector<Target>& targets) {
  std::vector<TuneMetric> out;
  for (const auto& t : targets) out.push_back(t.metric);
  return out;
}

// The level of knob k in an edit set (its base when not edited).
std::size_t levelOf(const EditSet& edits, const KnobSpace& knobs, std::size_t k) {
  for (const Edit& e : edits)
    if (e.knob == k) return e.level;
  return knobs[k].base;
}

}  // namespace

const char* toString(TuneVerdict v) {
  switch (v) {
    case TuneVerdict::Pass: return "pass";
    case TuneVerdict::Fail: return "fail";
    case TuneVerdict::Undecided: return "undecided";
    case TuneVerdict::Interrupted: return "interrupted";
  }
  return "undecided";
}

TuneSearch::TuneSearch(const EngineRegistry& registry, const model::Ruleset& start, const KnobSpace& knobs,
                       std::vector<Target> targets, TuneConfig config)
    : m_registry(registry), m_start(start), m_knobs(knobs), m_targets(std::move(targets)), m_config(std::move(config)) {
  m_config.roundBlocks = std::max<std::size_t>(2, m_config.roundBlocks);
  m_config.screenBlocks = std::max(m_config.screenBlocks, m_config.roundBlocks);
  m_config.raceBlocks = std::max(m_config.raceBlocks, m_config.roundBlocks);
  m_config.beamWidth = std::max<std::size_t>(1, m_config.beamWidth);
  m_eval = std::make_unique<TuneEvaluator>(registry, start, knobs, metricsOf(m_targets), m_config.run);
}

bool TuneSearch::gameShape(const EngineRegistry& registry, const model::Ruleset& start, const TuneRunSettings& run,
                           TuneShape& shape, std::string& error) {
  const KnobSpace none;
  TuneEvaluator eval(registry, start, none, {}, run);
  if (!eval.prepare(error)) return false;
  shape = eval.shape();
  return true;
}

void TuneSearch::cancel() { m_eval->cancel(); }

std::vector<TargetReading> TuneSearch::readings(const BlockSeries& s, std::size_t blocks) const {
  std::vector<TargetReading> out;
  for (std::size_t t = 0; t < m_targets.size(); ++t) {
    TargetReading r;
    r.value = ratioValue(s.metric[t], blocks, m_targets[t].metric.isProportion());
    r.verdict = m_targets[t].verdict(r.value.ci);
    r.miss = m_targets[t].miss(r.value.value);
    out.push_back(r);
  }
  return out;
}

double TuneSearch::totalMiss(const std::vector<TargetReading>& r) const {
  double sum = 0;
  for (std::size_t t = 0; t < r.size(); ++t) sum += m_targets[t].normalizedMiss(r[t].value.value);
  return sum;
}

bool TuneSearch::allPass(const std::vector<TargetReading>& r) const {
  return std::all_of(r.begin(), r.end(), [](const TargetReading& x) { return x.verdict == TargetVerdict::Pass; });
}

std::size_t TuneSearch::bankBlocks(const EditSet& e) const {
  const BlockSeries* s = m_eval->series(e, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  return s ? s->blocks() : 0;
}

bool TuneSearch::budgetLeft(const std::vector<EditSet>& candidates, std::size_t blocks, bool firstRound,
                            std::uint64_t limit) const {
  const std::uint64_t played = m_eval->gamesPlayed(TuneEvaluator::kSearch);
  if (played >= m_config.budget) return false;
  if (firstRound) return true;  // a step that has not started plays its first round
  limit = std::min(limit, m_config.budget);
  std::uint64_t need = 0;
  for (const auto& c : candidates) {
    const std::size_t have = bankBlocks(c);
    if (have < blocks) need += (blocks - have) * m_eval->gamesPerBlock();
  }
  return played + need <= limit;
}

bool TuneSearch::playBank(const std::vector<EditSet>& candidates, std::size_t blocks) {
  std::vector<TuneEvaluator::Request> requests;
  for (const auto& c : candidates) requests.push_back({c, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents, blocks});
  if (!m_eval->play(requests, m_error)) return false;
  return !m_eval->cancelled();
}

void TuneSearch::report(const std::string& phase, const EditSet& best, double miss) {
  if (!m_progress) return;
  TuneProgress p;
  p.phase = phase;
  p.searchGames = m_eval->gamesPlayed(TuneEvaluator::kSearch);
  p.verifyGames = m_eval->gamesPlayed(TuneEvaluator::kVerify);
  p.budget = m_config.budget;
  p.best = m_knobs.key(best);
  p.bestMiss = miss;
  m_progress(p);
}

std::vector<TuneEditText> TuneSearch::editText(const EditSet& e) const {
  std::vector<TuneEditText> out;
  for (const Edit& x : e) {
    const Knob& k = m_knobs[x.knob];
    out.push_back({k.path, k.values[k.base], k.values[x.level]});
  }
  return out;
}

std::size_t TuneSearch::measure(const EditSet& e) {
  for (std::size_t b = std::max(2 * m_config.roundBlocks, bankBlocks(e));; b = std::min(2 * b, m_config.raceBlocks)) {
    if (bankBlocks(e) < b && !budgetLeft({e}, b, b == 2 * m_config.roundBlocks)) break;
    if (!playBank({e}, b)) break;
    const BlockSeries* s = m_eval->series(e, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
    if (!s) break;
    const auto r = readings(*s, s->blocks());
    const bool decided = std::none_of(r.begin(), r.end(), [](const TargetReading& x) {
      return x.verdict == TargetVerdict::Undecided;
    });
    if (decided || b >= m_config.raceBlocks) break;
  }
  return bankBlocks(e);
}

// Races every one-step change around `centre` (see the header) and refits the
// sensitivity model from the paired differences.
void TuneSearch::screen(const EditSet& centre, std::size_t blocks) {
  m_effects.clear();
  if (!playBank({centre}, blocks)) return;
  const BlockSeries* cs = m_eval->series(centre, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!cs) return;
  const std::vector<TargetReading> here = readings(*cs, blocks);
  // What each target needs: the way to its band, and the least move that
  // matters. A target inside its band by its value needs no move (more games
  // decide it), even when its interval still crosses an edge.
  std::vector<int> dir(m_targets.size(), 0);
  std::vector<double> least(m_targets.size(), 0.0);
  for (std::size_t t = 0; t < m_targets.size(); ++t) {
    const Target& target = m_targets[t];
    const double v = here[t].value.value;
    dir[t] = target.direction(v);
    least[t] = 0.1 * target.miss(v);
  }
  struct Probe {
    std::size_t knob;
    int direction;
    EditSet edits;
    bool alive = true;
  };
  std::vector<Probe> probes;
  for (std::size_t k = 0; k < m_knobs.size(); ++k) {
    const std::size_t level = levelOf(centre, m_knobs, k);
    for (int d : {-1, 1}) {
      if ((d < 0 && level == 0) || (d > 0 && level + 1 >= m_knobs[k].values.size())) continue;
      const std::size_t to = d < 0 ? level - 1 : level + 1;
      Probe p{k, d, KnobSpace::with(centre, Edit{k, to}, m_knobs)};
      probes.push_back(std::move(p));
    }
  }
  const bool anyNeed = std::any_of(dir.begin(), dir.end(), [](int d) { return d != 0; });
  // Racing: rounds that double the blocks. After the first round the screening
  // may use 60% of the budget left, the rest is for racing the proposals.
  const std::uint64_t before = m_eval->gamesPlayed(TuneEvaluator::kSearch);
  const std::uint64_t share = before + (m_config.budget > before ? (m_config.budget - before) * 3 / 5 : 0);
  for (std::size_t b = m_config.roundBlocks; anyNeed; b = std::min(2 * b, m_config.screenBlocks)) {
    std::vector<EditSet> alive;
    for (const Probe& p : probes)
      if (p.alive && m_eval->infeasible(p.edits).empty()) alive.push_back(p.edits);
    if (alive.empty() || !budgetLeft(alive, b, b == m_config.roundBlocks, share)) break;
    alive.push_back(centre);
    if (!playBank(alive, b)) return;
    report("screening", centre, 0);
    bool racing = false;
    for (Probe& p : probes) {
      if (!p.alive) continue;
      const BlockSeries* ps = m_eval->series(p.edits, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
      if (!ps) {
        p.alive = false;
        continue;
      }
      bool couldHelp = false, clear = false;
      for (std::size_t t = 0; t < m_targets.size(); ++t) {
        if (dir[t] == 0) continue;
        const Estimate d = pairedRatioDifference(ps->metric[t], cs->metric[t], b);
        couldHelp = couldHelp || (dir[t] > 0 ? d.ci.hi > least[t] : d.ci.lo < -least[t]);
        clear = clear || (dir[t] > 0 ? d.ci.lo > 0 : d.ci.hi < 0);
      }
      if (!couldHelp || clear || b >= m_config.screenBlocks) p.alive = false;
      racing = racing || p.alive;
    }
    if (!racing) break;
  }
  // The model: each probe's paired differences over the blocks it played.
  for (const Probe& p : probes) {
    const BlockSeries* ps = m_eval->series(p.edits, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
    if (!ps || ps->blocks() < 2) continue;
    const std::size_t n = std::min(ps->blocks(), cs->blocks());
    Effect e;
    e.direction = p.direction;
    e.measured = true;
    const Knob& k = m_knobs[p.knob];
    const std::size_t from = levelOf(centre, m_knobs, p.knob);
    const std::size_t to = levelOf(p.edits, m_knobs, p.knob);
    for (std::size_t t = 0; t < m_targets.size(); ++t) {
      e.perTarget.push_back(pairedRatioDifference(ps->metric[t], cs->metric[t], n));
      m_sensitivity.push_back(Sensitivity{k.path, m_targets[t].metric.spec(), p.direction, k.values[from], k.values[to],
                                          e.perTarget.back()});
    }
    m_effects[{p.knob, p.direction}] = std::move(e);
  }
}

// Edit sets of size 1, 2, ... around `centre` with the smallest predicted miss (beam search).
std::vector<EditSet> TuneSearch::propose(const EditSet& centre, std::size_t blocks) const {
  std::vector<EditSet> out;
  const BlockSeries* cs = m_eval->series(centre, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!cs || m_effects.empty()) return out;
  const std::vector<TargetReading> here = readings(*cs, blocks);
  struct Node {
    EditSet added;               // edits beyond the centre
    std::vector<double> value;   // predicted value per target
    double score = 0;
    std::string key;
  };
  auto scoreOf = [&](const std::vector<double>& v) {
    double s = 0;
    for (std::size_t t = 0; t < m_targets.size(); ++t) s += m_targets[t].normalizedMiss(v[t]);
    return s;
  };
  Node root;
  for (const auto& r : here) root.value.push_back(r.value.value);
  root.score = scoreOf(root.value);
  std::vector<Node> beam = {root};
  std::set<std::string> seen;
  for (std::size_t size = 1; size <= m_config.maxEdits && size <= m_knobs.size(); ++size) {
    std::vector<Node> next;
    for (const Node& n : beam) {
      for (std::size_t k = 0; k < m_knobs.size(); ++k) {
        if (std::any_of(n.added.begin(), n.added.end(), [&](const Edit& e) { return e.knob == k; })) continue;
        const std::size_t c = levelOf(centre, m_knobs, k);
        for (std::size_t level = 0; level < m_knobs[k].values.size(); ++level) {
          if (level == c) continue;
          const int d = level > c ? 1 : -1;
          const double steps = static_cast<double>(level > c ? level - c : c - level);
          const Effect* e = nullptr;
          double sign = 1;
          if (auto it = m_effects.find({k, d}); it != m_effects.end()) e = &it->second;
          else if (auto jt = m_effects.find({k, -d}); jt != m_effects.end()) {
            e = &jt->second;
            sign = -1;
          }
          if (!e) continue;
          Node m = n;
          m.added.push_back(Edit{k, level});
          std::sort(m.added.begin(), m.added.end());
          for (std::size_t t = 0; t < m_targets.size(); ++t) m.value[t] += sign * steps * e->perTarget[t].value;
          m.score = scoreOf(m.value);
          EditSet full = centre;
          for (const Edit& a : m.added) full = KnobSpace::with(full, a, m_knobs);
          m.key = m_knobs.key(full);
          if (!seen.insert(m.key).second) continue;
          next.push_back(std::move(m));
        }
      }
    }
    if (next.empty()) break;
    std::sort(next.begin(), next.end(), [](const Node& a, const Node& b) {
      return a.score != b.score ? a.score < b.score : a.key < b.key;
    });
    if (next.size() > m_config.beamWidth) next.resize(m_config.beamWidth);
    const bool predictedPass = next.front().score <= 0.0;
    for (std::size_t i = 0; i < next.size() && i < (predictedPass ? 2u : 1u); ++i) {
      EditSet full = centre;
      for (const Edit& a : next[i].added) full = KnobSpace::with(full, a, m_knobs);
      if (full != centre) out.push_back(full);
    }
    if (predictedPass) break;
    // No gain from one more edit: stop growing.
    if (next.front().score >= beam.front().score && size > 1) break;
    beam = std::move(next);
  }
  return out;
}

TuneResult TuneSearch::run() {
  const double start = wallSeconds();
  TuneResult result;
  result.ruleset = m_start.id;
  result.engine = m_start.engine;
  result.budget = m_config.budget;
  result.seed = m_config.run.seed;
  result.players = m_config.run.players;
  result.searchAgents = m_config.run.searchAgents;
  result.verifyAgents = m_config.run.verifyAgents;
  for (const Knob& k : m_knobs.knobs()) result.knobs.push_back(k.path);
  for (const Target& t : m_targets) result.targets.push_back(TargetOutcome{t, {}, {}, {}, {}, 0});
  if (!m_eval->prepare(result.error)) return result;
  result.blockGames = m_eval->blockGames();
  auto finish = [&](TuneResult& r) {
    r.searchGames = m_eval->gamesPlayed(TuneEvaluator::kSearch);
    r.verifyGames = m_eval->gamesPlayed(TuneEvaluator::kVerify);
    r.elapsedSeconds = wallSeconds() - start;
    r.sensitivity = m_sensitivity;
    r.alternatives = m_alternatives;
    if (!m_error.empty() && r.error.empty()) r.error = m_error;
  };

  // 1. The starting ruleset on the bank, until its targets are decided.
  const EditSet none;
  std::size_t blocks = measure(none);
  const BlockSeries* base = m_eval->series(none, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  EditSet centre = none, best = none;
  double centreMiss = base ? totalMiss(readings(*base, blocks)) : 0.0;
  double bestMiss = centreMiss;
  bool passed = base && allPass(readings(*base, blocks));
  report("baseline", none, centreMiss);
  std::set<std::string> raced;

  // 2-4. Screen, propose, race, refit.
  for (int refit = 0; !passed && refit <= m_config.maxRefits && !m_eval->cancelled() && m_error.empty(); ++refit) {
    if (!budgetLeft({centre}, blocks, true)) break;
    blocks = std::max(blocks, measure(centre));
    screen(centre, blocks);
    if (m_eval->cancelled() || !m_error.empty()) break;
    std::vector<EditSet> proposals;
    for (EditSet& p : propose(centre, blocks))
      if (raced.insert(m_knobs.key(p)).second) proposals.push_back(std::move(p));
    if (proposals.empty()) break;
    report("proposals", best, bestMiss);
    std::vector<bool> alive(proposals.size(), true);
    const std::size_t firstRace = 2 * m_config.roundBlocks;
    for (std::size_t b = firstRace;; b = std::min(2 * b, m_config.raceBlocks)) {
      std::vector<EditSet> playing;
      for (std::size_t i = 0; i < proposals.size(); ++i)
        if (alive[i]) playing.push_back(proposals[i]);
      if (playing.empty() || !budgetLeft(playing, b, b == firstRace)) break;
      if (!playBank(playing, b)) break;
      bool anyAlive = false, anyPass = false;
      for (std::size_t i = 0; i < proposals.size(); ++i) {
        if (!alive[i]) continue;
        const BlockSeries* s = m_eval->series(proposals[i], TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
        if (!s) {
          alive[i] = false;
          continue;
        }
        const auto r = readings(*s, s->blocks());
        const bool pass = allPass(r);
        const bool clearlyOut =
            std::any_of(r.begin(), r.end(), [](const TargetReading& x) { return x.verdict == TargetVerdict::Fail; });
        anyPass = anyPass || pass;
        if (pass || clearlyOut || b >= m_config.raceBlocks) alive[i] = false;
        anyAlive = anyAlive || alive[i];
      }
      report("proposals", best, bestMiss);
      if (anyPass || !anyAlive || b >= m_config.raceBlocks) break;
    }
    // The round's best: a pass with the fewest edits, else the smallest miss.
    EditSet roundBest;
    double roundMiss = 0;
    bool haveRound = false, roundPass = false;
    for (const EditSet& p : proposals) {
      const BlockSeries* s = m_eval->series(p, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
      if (!s || s->blocks() < 2) continue;
      const auto r = readings(*s, s->blocks());
      const bool pass = allPass(r);
      const double miss = totalMiss(r);
      bool better = !haveRound;
      if (haveRound && pass != roundPass) better = pass;
      else if (haveRound && pass) better = p.size() < roundBest.size() || (p.size() == roundBest.size() && miss < roundMiss);
      else if (haveRound) better = miss < roundMiss || (miss == roundMiss && p.size() < roundBest.size());
      if (better) {
        roundBest = p;
        roundMiss = miss;
        roundPass = pass;
        haveRound = true;
      }
    }
    passed = roundPass;
    if (passed) {
      best = roundBest;
      bestMiss = roundMiss;
      break;
    }
    if (!haveRound || roundMiss >= centreMiss) break;  // nothing better than the centre: stop
    centre = roundBest;
    centreMiss = roundMiss;
    best = centre;
    bestMiss = centreMiss;
  }

  // 5. The fewest edits.
  if (passed && !best.empty() && !m_eval->cancelled() && m_error.empty()) best = eliminate(best);
  result.searchPassed = passed;
  result.edits = best;
  result.editText = editText(best);

  // 6. Fresh seeds.
  if (m_eval->cancelled()) {
    result.verdict = TuneVerdict::Interrupted;
    if (const BlockSeries* s = m_eval->series(best, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents)) {
      const auto r = readings(*s, s->blocks());
      const auto b0 = base ? readings(*base, base->blocks()) : r;
      for (std::size_t t = 0; t < m_targets.size(); ++t) {
        result.targets[t].verified = r[t];
        result.targets[t].baseline = b0[t];
      }
    }
  } else if (m_error.empty()) {
    verify(best, result);
    if (m_eval->cancelled()) result.verdict = TuneVerdict::Interrupted;
  }
  finish(result);
  return result;
}

}  // namespace wb::sim
