// TuneSearch's last two steps (tune_search.h, steps 5 and 6), apart from the
// search itself (tune_search.cpp): backward elimination on the search's bank
// (drop every edit whose removal still passes; the smaller sets that fail are
// the alternatives) and the verification of the proposal and the baseline on
// fresh seeds, with the search agents and the verify agents (sequential: an
// undecided proposal plays on with what the search left of its budget).
#include "simulation/tune/tune_search.h"

#include <algorithm>
#include <cmath>

namespace wb::sim {

bool TuneSearch::passesOnBank(const EditSet& edits, std::size_t blocks) {
  if (!playBank({edits}, blocks)) return false;
  const BlockSeries* s = m_eval->series(edits, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  return s && s->blocks() >= blocks && allPass(readings(*s, blocks));
}

namespace {

// A reading judged on its interval widened from 95% to `z` about its value.
TargetReading widened(TargetReading r, const Target& target, double z) {
  if (z <= kZ95) return r;
  const double k = z / kZ95;
  r.value.ci.lo = r.value.value - k * (r.value.value - r.value.ci.lo);
  r.value.ci.hi = r.value.value + k * (r.value.ci.hi - r.value.value);
  r.value.ci.lo = std::max(r.value.ci.lo, target.metric.lowest());
  r.value.ci.hi = std::min(r.value.ci.hi, target.metric.highest());
  r.verdict = target.verdict(r.value.ci);
  return r;
}

}  // namespace

void TuneSearch::verify(const EditSet& proposal, TuneResult& result) {
  const std::uint64_t perBlock = std::max<std::uint64_t>(1, m_eval->gamesPerBlock());
  const std::size_t blocks = verifyBlocks();
  const bool twoSets = m_config.run.verifyAgents != m_config.run.searchAgents;
  std::vector<TuneEvaluator::Request> requests;
  for (int agents : {TuneEvaluator::kVerifyAgents, TuneEvaluator::kSearchAgents}) {
    if (agents == TuneEvaluator::kSearchAgents && !twoSets) continue;
    requests.push_back({proposal, TuneEvaluator::kVerify, agents, blocks});
    requests.push_back({EditSet{}, TuneEvaluator::kVerify, agents, blocks});
  }
  report("verification", proposal, 0);
  if (!m_eval->play(requests, m_error) || m_eval->cancelled()) return;
  result.verifyLooks = 1;
  decide(proposal, blocks, blocks, kZ95, result);
  // Sequential verification: an undecided proposal plays on, on the same
  // fresh stream, with the games the search left of its budget (at most as
  // many blocks again), and is judged once more on all its games. Two looks
  // at one sample raise the chance of a false pass, so the second look
  // decides on 99% intervals: a value outside its band passes with at most
  // 2.5% + 0.5% per edge instead of 2.5%. The starting ruleset keeps the
  // first look's games (it is the reference, not on trial).
  if (result.verdict != TuneVerdict::Undecided || m_eval->cancelled()) return;
  const std::uint64_t spent = m_eval->gamesPlayed(TuneEvaluator::kSearch);
  const std::uint64_t left = m_config.budget > spent ? m_config.budget - spent : 0;
  const std::size_t sets = twoSets ? 2 : 1;
  const std::size_t more = std::min<std::size_t>(blocks, static_cast<std::size_t>(left / (perBlock * sets)));
  if (more < std::max<std::size_t>(2, blocks / 8)) return;  // too few games to change a verdict
  std::vector<TuneEvaluator::Request> extra;
  for (int agents : {TuneEvaluator::kVerifyAgents, TuneEvaluator::kSearchAgents}) {
    if (agents == TuneEvaluator::kSearchAgents && !twoSets) continue;
    extra.push_back({proposal, TuneEvaluator::kVerify, agents, blocks + more});
  }
  report("verification", proposal, 0);
  if (!m_eval->play(extra, m_error) || m_eval->cancelled()) return;
  result.verifyLooks = 2;
  decide(proposal, blocks + more, blocks, kZ99, result);
}

void TuneSearch::decide(const EditSet& proposal, std::size_t blocks, std::size_t baselineBlocks, double z,
                        TuneResult& result) {
  const std::uint64_t perBlock = std::max<std::uint64_t>(1, m_eval->gamesPerBlock());
  const bool twoSets = m_config.run.verifyAgents != m_config.run.searchAgents;
  auto read = [&](const EditSet& e, int agents, std::size_t b) {
    const BlockSeries* s = m_eval->series(e, TuneEvaluator::kVerify, agents);
    return s && s->blocks() >= b ? readings(*s, b) : std::vector<TargetReading>(m_targets.size() + m_guards.size());
  };
  const auto proposalV = read(proposal, TuneEvaluator::kVerifyAgents, blocks);
  const auto baselineV = read(EditSet{}, TuneEvaluator::kVerifyAgents, baselineBlocks);
  const auto proposalS = twoSets ? read(proposal, TuneEvaluator::kSearchAgents, blocks) : proposalV;
  const auto baselineS = twoSets ? read(EditSet{}, TuneEvaluator::kSearchAgents, baselineBlocks) : baselineV;
  bool anyFail = false, allPassed = true;
  result.gamesToDecide = 0;
  for (std::size_t t = 0; t < m_targets.size(); ++t) {
    TargetOutcome& o = result.targets[t];
    // An agent's win rate means something only in the agent mix that defines
    // it (planner against greedy): the verify agents (often one agent in every
    // seat, where it is 1/N by construction) cannot decide it, so it is
    // verified on fresh seeds with the search agents.
    const bool definingMix = twoSets && m_targets[t].metric.kind == TuneMetric::Kind::Agent;
    o.verified = widened(definingMix ? proposalS[t] : proposalV[t], m_targets[t], z);
    o.baseline = definingMix ? baselineS[t] : baselineV[t];
    o.verifiedSearchAgents = widened(proposalS[t], m_targets[t], z);
    o.baselineSearchAgents = baselineS[t];
    anyFail = anyFail || o.verified.verdict == TargetVerdict::Fail;
    allPassed = allPassed && o.verified.verdict == TargetVerdict::Pass;
    o.gamesToDecide = m_targets[t].gamesToDecide(o.verified.value.value, o.verified.value.ci, blocks * perBlock);
    result.gamesToDecide = std::max(result.gamesToDecide, o.gamesToDecide);
  }
  // The guard: a guarded value outside its band is not a pass; a fail when
  // its interval lies wholly outside the band.
  result.guard.clear();
  bool breached = false, clearBreach = false;
  for (std::size_t g = 0; g < m_guards.size(); ++g) {
    if (!std::isfinite(m_guards[g].min) && !std::isfinite(m_guards[g].max)) continue;  // nothing to keep
    const std::size_t i = m_targets.size() + g;
    GuardOutcome o;
    o.target = m_guards[g];
    o.start = g < m_guardStart.size() ? m_guardStart[g] : Estimate{};
    if (i < proposalV.size()) o.verified = widened(proposalV[i], m_guards[g], z);
    if (i < baselineV.size()) o.baseline = baselineV[i];
    o.breached = o.verified.miss > 0;
    breached = breached || o.breached;
    clearBreach = clearBreach || (o.breached && o.verified.verdict == TargetVerdict::Fail);
    result.guard.push_back(o);
  }
  if (const BlockSeries* s = m_eval->series(proposal, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents))
    result.drift = drift(readings(*s, s->blocks()));
  result.verdict = allPassed ? TuneVerdict::Pass : anyFail ? TuneVerdict::Fail : TuneVerdict::Undecided;
  if (breached && result.verdict == TuneVerdict::Pass) result.verdict = clearBreach ? TuneVerdict::Fail : TuneVerdict::Undecided;
  if (clearBreach) result.verdict = TuneVerdict::Fail;
}

EditSet TuneSearch::eliminate(const EditSet& edits) {
  EditSet current = edits;
  std::size_t blocks = std::max(bankBlocks(current), 2 * m_config.roundBlocks);
  if (!budgetLeft({current}, blocks) && bankBlocks(current) < blocks) return current;
  if (!passesOnBank(current, blocks)) return current;
  while (current.size() > 0 && !m_eval->cancelled()) {
    std::vector<EditSet> smaller;
    for (const Edit& e : current) smaller.push_back(KnobSpace::without(current, e.knob));
    // Within the budget: with too few games left the edits stay (none is dropped untested).
    if (!budgetLeft(smaller, blocks) && gamesToPlay(smaller, blocks) > 0) break;
    if (!playBank(smaller, blocks)) break;
    report("elimination", current, 0);
    // A smaller set that is neither passing nor failing on these blocks plays
    // on (doubling, up to raceBlocks, within the budget): an edit that only
    // seemed needed because few games left a target undecided is dropped.
    for (const EditSet& s : smaller) {
      for (std::size_t b = 2 * blocks; b <= m_config.raceBlocks && !m_eval->cancelled(); b *= 2) {
        const BlockSeries* ss = m_eval->series(s, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
        if (!ss) break;
        const auto r = readings(*ss, ss->blocks());
        const bool fails = std::any_of(r.begin(), r.end(), [](const TargetReading& x) {
          return x.verdict == TargetVerdict::Fail;
        });
        if (allPass(r) || fails || totalMiss(r) > 0.0 || !budgetLeft({s}, b)) break;
        if (!playBank({s}, b)) break;
      }
    }
    const EditSet* best = nullptr;
    double bestMiss = 0, bestDrift = 0;
    std::size_t bestSteps = 0;
    for (const EditSet& s : smaller) {
      const BlockSeries* ss = m_eval->series(s, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
      if (!ss || ss->blocks() < blocks) continue;
      const auto r = readings(*ss, ss->blocks());
      if (allPass(r)) {
        // The smallest moves (in steps of each knob's domain), then the least
        // change of the guarded numbers, then the most room inside the bands:
        // the largest least distance of an interval's end to its band's edge
        // (in target scales; ties by key).
        double room = INFINITY;
        for (std::size_t t = 0; t < m_targets.size() && t < r.size(); ++t)
          room = std::min(room, std::min(r[t].value.ci.lo - m_targets[t].min, m_targets[t].max - r[t].value.ci.hi) /
                                    m_targets[t].scale());
        const std::size_t st = steps(s);
        const double dr = drift(r);
        const bool better = !best || st < bestSteps || (st == bestSteps && dr < bestDrift) ||
                            (st == bestSteps && dr == bestDrift &&
                             (room > bestMiss || (room == bestMiss && m_knobs.key(s) < m_knobs.key(*best))));
        if (better) {
          best = &s;
          bestMiss = room;
          bestSteps = st;
          bestDrift = dr;
        }
      } else {
        TuneAlternative alt;
        alt.edits = s;
        alt.text = editText(s);
        alt.targets.assign(r.begin(), r.begin() + static_cast<std::ptrdiff_t>(std::min(r.size(), m_targets.size())));
        alt.passes = false;
        m_alternatives.push_back(std::move(alt));
      }
    }
    if (!best) break;
    current = *best;
  }
  return current;
}

}  // namespace wb::sim
