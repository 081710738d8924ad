#include "simulation/tune/tune_search.h"

#include <algorithm>
#include <cmath>
#include <set>
#include <tuple>

#include "simulation/core/wall_clock.h"
#include "simulation/tune/tune_racing.h"
#include "simulation/stats/use_estimate.h"

namespace wb::sim {
namespace {

std::vector<TuneMetric> metricsOf(const std::vector<Target>& targets) {
  std::vector<TuneMetric> out;
  for (const auto& t : targets) out.push_back(t.metric);
  return out;
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
                           TuneShape& shape, std::string& error, bool probe) {
  const KnobSpace none;
  TuneEvaluator eval(registry, start, none, {}, run);
  if (!eval.prepare(error, probe)) return false;
  shape = eval.shape();
  return true;
}

void TuneSearch::cancel() { m_eval->cancel(); }

std::vector<TargetReading> TuneSearch::readings(const BlockSeries& s, std::size_t blocks) const {
  std::vector<TargetReading> out;
  for (std::size_t t = 0; t < m_targets.size() + m_guards.size() && t < s.metric.size(); ++t) {
    const Target& target = targetAt(t);
    TargetReading r;
    const TuneMetric& m = target.metric;
    if (m.isDiversity() && t < s.members.size()) {
      const UseEstimate d = useDiversity(s.members[t], blocks);
      r.value = Estimate{d.value, d.ci, d.se, d.groups};
    } else {
      r.value = ratioValue(s.metric[t], blocks, m.isProportion());
    }
    // A t interval of few blocks can reach values the metric never takes (a
    // negative length): the interval is cut to the metric's range.
    r.value.ci.lo = std::max(r.value.ci.lo, m.lowest());
    r.value.ci.hi = std::min(r.value.ci.hi, m.highest());
    r.verdict = target.verdict(r.value.ci);
    r.miss = target.miss(r.value.value);
    out.push_back(r);
  }
  return out;
}

double TuneSearch::totalMiss(const std::vector<TargetReading>& r) const {
  // The guard's misses count too, so that the search moves away from a
  // proposal that prices an entity out of the game.
  double sum = 0;
  for (std::size_t t = 0; t < r.size(); ++t) sum += targetAt(t).normalizedMiss(r[t].value.value);
  return sum;
}

double TuneSearch::targetMiss(const std::vector<TargetReading>& r) const {
  double sum = 0;
  for (std::size_t t = 0; t < r.size() && t < m_targets.size(); ++t) sum += m_targets[t].normalizedMiss(r[t].value.value);
  return sum;
}

double TuneSearch::passMargin(const Target& target, const Estimate& v) const {
  const double bank = static_cast<double>(std::max<std::uint64_t>(1, v.blocks));
  double margin = kZ95 * v.se * std::sqrt(bank / static_cast<double>(verifyBlocks())) + v.se;
  if (std::isfinite(target.min) && std::isfinite(target.max))
    margin = std::max(margin, kBankMargin * (target.max - target.min));
  return margin;
}

double TuneSearch::bankShortfall(const std::vector<TargetReading>& r) const {
  double sum = 0;
  for (std::size_t t = 0; t < r.size() && t < m_targets.size(); ++t) {
    const Target& target = m_targets[t];
    const Estimate& v = r[t].value;
    const double inside = std::min(v.value - target.min, target.max - v.value);  // an open side is infinitely far
    sum += std::max(0.0, passMargin(target, v) - inside) / target.scale();
  }
  return sum;
}

bool TuneSearch::allPass(const std::vector<TargetReading>& r) const {
  // On the bank, the candidate that looks best is chosen among many, so its
  // value there is biased towards the band (the winner's curse), and a value
  // just inside a band cannot pass the verification, whose interval has a
  // width of its own. A pass on the bank therefore also wants each value
  // inside its band by
  //   - a tenth of the band's width (two-sided bands), and
  //   - 1.96 standard errors of the verification run (the bank's standard
  //     error scaled to the verification's blocks) plus one of the bank's:
  //     room for the verification's interval, and for the bank's own error.
  if (!guardHolds(r)) return false;
  for (std::size_t t = 0; t < r.size() && t < m_targets.size(); ++t) {
    if (r[t].verdict != TargetVerdict::Pass) return false;
    const Target& target = m_targets[t];
    const Estimate& v = r[t].value;
    const double margin = passMargin(target, v);
    if ((std::isfinite(target.min) && v.value < target.min + margin) ||
        (std::isfinite(target.max) && v.value > target.max - margin))
      return false;
  }
  return true;
}

double TuneSearch::optimisticMiss(const std::vector<TargetReading>& r) const {
  double sum = 0;
  for (std::size_t t = 0; t < r.size() && t < m_targets.size(); ++t) {
    const Target& target = m_targets[t];
    const Interval& ci = r[t].value.ci;
    sum += std::max({0.0, ci.lo - target.max, target.min - ci.hi}) / target.scale();
  }
  return sum;
}

bool TuneSearch::outOfReach(const std::vector<TargetReading>& r) const {
  // A target's interval outside its band, or (two-sided bands) outside the
  // part of it a bank pass needs (a tenth of the width in from each edge):
  // more games of this candidate cannot make it a pass.
  for (std::size_t t = 0; t < r.size() && t < m_targets.size(); ++t) {
    if (r[t].verdict == TargetVerdict::Fail) return true;
    const Target& target = m_targets[t];
    if (!std::isfinite(target.min) || !std::isfinite(target.max)) continue;
    // The part a pass needs: in from each edge by a tenth of the width and by
    // the verification's half-width (which more blocks on the bank do not shrink).
    const double verifyHalf = kZ95 * r[t].value.se *
                              std::sqrt(static_cast<double>(std::max<std::uint64_t>(1, r[t].value.blocks)) /
                                        static_cast<double>(verifyBlocks()));
    const double margin = std::max(kBankMargin * (target.max - target.min), verifyHalf);
    if (r[t].value.ci.lo > target.max - margin || r[t].value.ci.hi < target.min + margin) return true;
  }
  return false;
}

std::size_t TuneSearch::verifyBlocks() const {
  const std::uint64_t perBlock = std::max<std::uint64_t>(1, m_eval->gamesPerBlock());
  const std::uint64_t games = m_config.verifyGames > 0 ? m_config.verifyGames : std::max<std::uint64_t>(m_config.budget / 16, 1);
  return static_cast<std::size_t>(std::max<std::uint64_t>(2, (games + perBlock - 1) / perBlock));
}

std::size_t TuneSearch::bankBlocks(const EditSet& e) const {
  const BlockSeries* s = m_eval->series(e, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  return s ? s->blocks() : 0;
}

std::uint64_t TuneSearch::gamesToPlay(const std::vector<EditSet>& candidates, std::size_t blocks) const {
  std::uint64_t need = 0;
  std::set<std::string> seen;
  for (const auto& c : candidates) {
    if (!seen.insert(m_knobs.key(c)).second) continue;
    const std::size_t have = bankBlocks(c);
    if (have < blocks) need += (blocks - have) * m_eval->gamesPerBlock();
  }
  return need;
}

bool TuneSearch::budgetLeft(const std::vector<EditSet>& candidates, std::size_t blocks, std::uint64_t limit) const {
  // Every step plays only what fits: the search's games never pass the budget.
  const std::uint64_t played = m_eval->gamesPlayed(TuneEvaluator::kSearch);
  if (played >= m_config.budget) return false;
  limit = std::min(limit, m_config.budget);
  return played + gamesToPlay(candidates, blocks) <= limit;
}

std::size_t TuneSearch::oneStepChanges(const EditSet& centre) const {
  std::size_t n = 0;
  for (std::size_t k = 0; k < m_knobs.size(); ++k) {
    std::size_t level = m_knobs[k].base;
    for (const Edit& e : centre)
      if (e.knob == k) level = e.level;
    n += (level > 0 ? 1 : 0) + (level + 1 < m_knobs[k].values.size() ? 1 : 0);
  }
  return n;
}

std::uint64_t TuneSearch::minimumBudget() const {
  // The starting ruleset's first measurement (2 rounds of blocks), and for the
  // tuner two blocks of every one-step change (the least screening that
  // gives each an interval).
  std::uint64_t blocks = 2 * m_config.roundBlocks;
  if (m_config.strategy == TuneStrategy::Tuner) blocks += 2 * oneStepChanges({});
  return blocks * m_eval->gamesPerBlock();
}

std::string TuneSearch::budgetText() const {
  std::string text = "a budget of " + std::to_string(m_config.budget) + " search games is below the least these knobs and targets need: " +
                     std::to_string(minimumBudget()) + " games (the starting ruleset's first " +
                     std::to_string(2 * m_config.roundBlocks) + " blocks";
  if (m_config.strategy == TuneStrategy::Tuner)
    text += " and 2 blocks of each of its " + std::to_string(oneStepChanges({})) + " one-step changes";
  return text + ", " + std::to_string(m_eval->gamesPerBlock()) + " games a block)";
}

bool TuneSearch::playBank(const std::vector<EditSet>& candidates, std::size_t blocks) {
  std::vector<TuneEvaluator::Request> requests;
  for (const auto& c : candidates) requests.push_back({c, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents, blocks});
  const std::uint64_t before = m_eval->gamesPlayed(TuneEvaluator::kSearch);
  const bool ok = m_eval->play(requests, m_error);
  if (ok && !m_eval->cancelled())
    for (const auto& c : candidates)
      for (const Edit& e : c) m_played.insert(e.knob);
  if (const std::uint64_t played = m_eval->gamesPlayed(TuneEvaluator::kSearch) - before; played > 0) {
    auto it = std::find_if(m_phaseGames.begin(), m_phaseGames.end(), [&](const auto& p) { return p.first == m_phase; });
    if (it == m_phaseGames.end()) m_phaseGames.emplace_back(m_phase, played);
    else it->second += played;
  }
  return ok && !m_eval->cancelled();
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
    out.push_back({k.path, k.values[k.base], k.values[x.level], static_cast<int>(x.level) - static_cast<int>(k.base)});
  }
  return out;
}

std::size_t TuneSearch::centreBlocks() const {
  const std::uint64_t perBlock = std::max<std::uint64_t>(1, m_eval->gamesPerBlock());
  return std::max<std::size_t>(2 * m_config.roundBlocks, static_cast<std::size_t>(m_config.budget / 16 / perBlock));
}

std::size_t TuneSearch::measure(const EditSet& e, std::size_t cap) {
  const std::size_t most = std::min(m_config.raceBlocks, cap);
  for (std::size_t b = std::max(2 * m_config.roundBlocks, bankBlocks(e));; b = std::min(2 * b, most)) {
    if (bankBlocks(e) < b && !budgetLeft({e}, b)) break;
    if (!playBank({e}, b)) break;
    const BlockSeries* s = m_eval->series(e, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
    if (!s) break;
    const auto r = readings(*s, s->blocks());
    const bool decided = std::none_of(r.begin(), r.end(), [](const TargetReading& x) {
      return x.verdict == TargetVerdict::Undecided;
    });
    if (decided || b >= most) break;
  }
  return bankBlocks(e);
}

bool TuneSearch::confirmed(const EditSet& e) {
  // A pass on the bank is the best of many candidates on the same blocks, so
  // its values there lean towards the bands (the winner's curse). It counts
  // when the bank's next blocks, which played no part in choosing it, agree:
  // played on as many blocks again (fewer when the budget is short), its
  // value on those blocks alone lies inside every band, and all its blocks
  // together still pass. Without budget for two more blocks it counts as it is.
  const std::size_t n = bankBlocks(e);
  std::size_t more = n;
  while (more >= 2 && !budgetLeft({e}, n + more)) more /= 2;
  if (more < 2) return true;
  if (!playBank({e}, n + more)) return false;
  const BlockSeries* s = m_eval->series(e, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!s || s->blocks() < n + more) return false;
  BlockSeries fresh;
  for (const auto& m : s->metric) fresh.metric.emplace_back(m.begin() + static_cast<std::ptrdiff_t>(n), m.end());
  const auto r = readings(fresh, fresh.blocks());
  for (std::size_t t = 0; t < m_targets.size(); ++t)
    if (m_targets[t].miss(r[t].value.value) > 0) return false;
  return allPass(readings(*s, s->blocks()));
}

TuneResult TuneSearch::run() {
  const double start = wallSeconds();
  TuneResult result;
  result.ruleset = m_start.id;
  result.engine = m_start.engine;
  result.strategy = m_config.strategy;
  result.budget = m_config.budget;
  result.seed = m_config.run.seed;
  result.players = m_config.run.players;
  result.searchAgents = m_config.run.searchAgents;
  result.verifyAgents = m_config.run.verifyAgents;
  for (const Knob& k : m_knobs.knobs()) result.knobs.push_back(k.path);
  for (const Target& t : m_targets) result.targets.push_back(TargetOutcome{t, {}, {}, {}, {}, 0});
  if (!m_eval->prepare(result.error)) return result;
  result.blockGames = m_eval->blockGames();
  planGuard();
  result.guardOn = m_config.guard.on;
  if (m_config.budget < minimumBudget()) {
    result.error = budgetText();
    return result;
  }
  auto finish = [&](TuneResult& r) {
    r.searchGames = m_eval->gamesPlayed(TuneEvaluator::kSearch);
    r.verifyGames = m_eval->gamesPlayed(TuneEvaluator::kVerify);
    r.elapsedSeconds = wallSeconds() - start;
    r.sensitivity = m_sensitivity;
    r.alternatives = m_alternatives;
    r.phaseGames = m_phaseGames;
    r.untried.clear();
    for (std::size_t k = 0; k < m_knobs.size(); ++k)
      if (!m_played.count(k)) r.untried.push_back(m_knobs[k].path);
    if (!m_error.empty() && r.error.empty()) r.error = m_error;
  };

  // 1. The starting ruleset on the bank, until its targets are decided.
  m_phase = "baseline";
  const EditSet none;
  std::size_t blocks = measure(none, centreBlocks());
  if (m_error.empty()) setGuardBands();
  blocks = std::max(blocks, bankBlocks(none));
  const BlockSeries* base = m_eval->series(none, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  EditSet centre = none, best = none;
  double centreMiss = base ? totalMiss(readings(*base, blocks)) : 0.0;
  double bestMiss = centreMiss;
  bool passed = base && allPass(readings(*base, blocks));
  report("baseline", none, centreMiss);
  std::set<std::string> raced;

  // The peers (tune_baselines.h) search instead of steps 2-5.
  const bool tuner = m_config.strategy == TuneStrategy::Tuner;
  if (!tuner && !passed && m_error.empty()) {
    m_phase = toString(m_config.strategy);
    passed = m_config.strategy == TuneStrategy::Random       ? randomSearch(best, bestMiss, blocks)
             : m_config.strategy == TuneStrategy::Ntbea      ? ntbea(best, bestMiss, blocks)
                                                             : oneAtATime(best, bestMiss, blocks);
  }

  // 2-4. Screen, propose, race, refit.
  for (int refit = 0; tuner && !passed && refit <= m_config.maxRefits && !m_eval->cancelled() && m_error.empty(); ++refit) {
    if (m_eval->gamesPlayed(TuneEvaluator::kSearch) >= m_config.budget) break;
    m_phase = "screening";
    // The centre's blocks (a new centre plays on as far as the budget lets it).
    blocks = measure(centre, centreBlocks());
    if (blocks < 2) break;
    screen(centre, blocks);
    if (m_eval->cancelled() || !m_error.empty()) break;
    std::vector<EditSet> proposals;
    for (EditSet& p : propose(centre, blocks))
      if (raced.insert(m_knobs.key(p)).second) proposals.push_back(std::move(p));
    if (proposals.empty()) break;
    m_raced.insert(m_raced.end(), proposals.begin(), proposals.end());
    m_phase = "proposals";
    report("proposals", best, bestMiss);
    std::vector<bool> alive(proposals.size(), true);
    const std::size_t firstRace = 2 * m_config.roundBlocks;
    for (std::size_t b = firstRace;; b = std::min(2 * b, m_config.raceBlocks)) {
      std::vector<EditSet> playing;
      for (std::size_t i = 0; i < proposals.size(); ++i)
        if (alive[i]) playing.push_back(proposals[i]);
      if (b == firstRace) {
        // The first round races the proposals that fit the budget (the fewest edits first).
        playing.clear();
        for (std::size_t i = 0; i < proposals.size(); ++i) {
          if (!alive[i]) continue;
          playing.push_back(proposals[i]);
          if (!budgetLeft(playing, b)) {
            playing.pop_back();
            alive[i] = false;
          }
        }
      }
      if (playing.empty() || !budgetLeft(playing, b)) break;
      if (!playBank(playing, b)) break;
      bool anyAlive = false, anyPass = false;
      std::vector<RaceEntry> ranked;
      // A proposal's values read on its first blocks, paired with the
      // centre's on the same blocks and moved to the centre's value on all of
      // its blocks (a control variate on common random numbers): the first
      // blocks of a bank can read high or low for every candidate alike, and
      // an edit that changes nothing must not look inside a band there.
      const BlockSeries* cs = m_eval->series(centre, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
      auto pairedMiss = [&](const BlockSeries& ps, const std::vector<TargetReading>& r) {
        const std::size_t pb = ps.blocks();
        if (!cs || cs->blocks() <= pb) return targetMiss(r);
        const auto here = readings(*cs, pb), all = readings(*cs, cs->blocks());
        double sum = 0;
        for (std::size_t t = 0; t < m_targets.size() && t < r.size(); ++t)
          sum += m_targets[t].normalizedMiss(r[t].value.value - here[t].value.value + all[t].value.value);
        return sum;
      };
      for (std::size_t i = 0; i < proposals.size(); ++i) {
        if (!alive[i]) continue;
        const BlockSeries* s = m_eval->series(proposals[i], TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
        if (!s) {
          alive[i] = false;
          continue;
        }
        const auto r = readings(*s, s->blocks());
        const bool pass = allPass(r);
        const bool clearlyOut = outOfReach(r);
        anyPass = anyPass || pass;
        if (pass || clearlyOut || b >= m_config.raceBlocks) alive[i] = false;
        if (alive[i]) {
          std::vector<double> values;
          for (const auto& x : r) values.push_back(x.value.value);
          ranked.push_back({i, {optimisticMiss(r), pairedMiss(*s, r), static_cast<double>(proposals[i].size()),
                                static_cast<double>(steps(proposals[i])), -room(values)}});
        }
      }
      // Successive halving: the next round, twice as long, plays the better
      // half of those still racing, so that the games go where the decision
      // is close instead of spreading over every proposal. Better: the
      // smallest miss of the interval's nearest end (optimism under
      // uncertainty: a proposal read on few blocks is not dropped for its
      // noise), then the smallest miss of the targets' values, paired with
      // the centre (see pairedMiss; among proposals whose
      // intervals all reach the bands, one whose value lies inside them is
      // nearer a pass than a smaller move whose value falls short; the
      // smallest move among passes is chosen after the race; the guard's
      // values are left to the pass itself, since a diversity read on a few
      // blocks lies below its start by the estimator's small-sample bias),
      // then the fewest and smallest edits, the most room.
      for (std::size_t i : halveRace(ranked, kRaceKeep)) alive[i] = false;
      for (std::size_t i = 0; i < proposals.size(); ++i) anyAlive = anyAlive || alive[i];
      report("proposals", best, bestMiss);
      if (anyPass || !anyAlive || b >= m_config.raceBlocks) break;
    }
    // The round's best: a pass with the fewest edits (then the most room)
    // that the next blocks of the bank confirm, else the smallest miss.
    struct Scored {
      const EditSet* edits;
      bool pass;
      double miss, room, drift;
      double shortfall;  // how far from a pass on the bank (bankShortfall)
      bool own;          // only the own knobs of entities whose use targets the centre misses (ownKnobsOnly)
    };
    const BlockSeries* centreSeries = m_eval->series(centre, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
    const std::vector<TargetReading> centreReadings =
        centreSeries ? readings(*centreSeries, centreSeries->blocks()) : std::vector<TargetReading>{};
    auto score = [&](const EditSet& p, Scored& out) {
      const BlockSeries* s = m_eval->series(p, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
      if (!s || s->blocks() < 2) return false;
      const auto r = readings(*s, s->blocks());
      std::vector<double> values;
      for (const auto& x : r) values.push_back(x.value.value);
      out = Scored{&p, allPass(r), totalMiss(r), room(values), drift(r), bankShortfall(r),
                   ownKnobsOnly(p, centre, centreReadings)};
      return true;
    };
    std::vector<Scored> passes;
    for (const EditSet& p : proposals)
      if (Scored sc{}; score(p, sc) && sc.pass) passes.push_back(sc);
    // Fewest edits, then the smallest moves (in steps of each knob's domain),
    // then the least change of the guarded numbers, then the most room.
    std::stable_sort(passes.begin(), passes.end(), [&](const Scored& a, const Scored& b) {
      if (a.edits->size() != b.edits->size()) return a.edits->size() < b.edits->size();
      if (steps(*a.edits) != steps(*b.edits)) return steps(*a.edits) < steps(*b.edits);
      if (a.drift != b.drift) return a.drift < b.drift;
      return a.room > b.room;
    });
    m_phase = "confirmation";
    for (std::size_t i = 0; i < passes.size() && i < kConfirmTries && !passed; ++i)
      if (confirmed(*passes[i].edits)) {
        passed = true;
        best = *passes[i].edits;
        bestMiss = passes[i].miss;
      }
    if (passed || m_eval->cancelled() || !m_error.empty()) break;
    // Without a confirmed pass: the smallest miss; among equal misses (every
    // value inside its band, where the budget ended the race before a pass)
    // one made of the missed use targets' own knobs first (a designer's
    // first candidates, which leave every other entity's own numbers alone),
    // then the fewest edits, then the one nearest a pass on the bank (each
    // value inside its band by the room a verification needs, read on the
    // blocks it has: bankShortfall; a value near an edge, or one read on a
    // few blocks, is far from it).
    EditSet roundBest;
    double roundMiss = 0, roundShort = 0;
    bool roundOwn = false, haveRound = false;
    for (const EditSet& p : proposals) {
      Scored sc{};
      if (!score(p, sc)) continue;
      const bool better = !haveRound || sc.miss < roundMiss ||
                          (sc.miss == roundMiss && std::make_tuple(!sc.own, p.size(), sc.shortfall) <
                                                       std::make_tuple(!roundOwn, roundBest.size(), roundShort));
      if (better) {
        roundBest = p;
        roundMiss = sc.miss;
        roundShort = sc.shortfall;
        roundOwn = sc.own;
        haveRound = true;
      }
    }
    if (!haveRound || roundMiss >= centreMiss) break;  // nothing better than the centre: stop
    centre = roundBest;
    centreMiss = roundMiss;
    best = centre;
    bestMiss = centreMiss;
  }

  // No pass: the closest proposal is the one a designer would accept, one
  // that keeps the guard (a constraint) while missing targets (what may be
  // missed), not the smallest miss of both together.
  if (tuner && !passed && !m_eval->cancelled() && m_error.empty()) best = closest(best, result);

  // 5. The fewest edits.
  m_phase = "elimination";
  if (tuner && passed && !best.empty() && !m_eval->cancelled() && m_error.empty()) best = eliminate(best);
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
