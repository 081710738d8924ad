// The tuner's screening and its sensitivity model (steps 2 and 3 of
// tune_search.h): one-step changes and long jumps of every knob raced around
// the centre, the predicted change of an edit, and the beam search that turns
// the model into proposals. Written as steps of TuneSearch, apart from the
// search loop (tune_search.cpp) and the peers (tune_baselines.cpp).
#include <algorithm>
#include <cmath>
#include <set>

#include "simulation/tune/tune_racing.h"
#include "simulation/tune/tune_search.h"

namespace wb::sim {
namespace {

// Proposals raced per edit-set size: the best few by the model's predicted
// miss, more when the best is predicted to pass.
constexpr std::size_t kPerSize = 2;
constexpr std::size_t kPerSizePass = 4;
// Single edits whose pairs are raced as well (interactionPairs, tune_racing.h).
constexpr std::size_t kPairSingles = 3;
// The fewest probes a screening round keeps racing (successive halving keeps the better half).
constexpr std::size_t kScreenKeep = 4;


// The level of knob k in an edit set (its base when not edited).
std::size_t levelOf(const EditSet& edits, const KnobSpace& knobs, std::size_t k) {
  for (const Edit& e : edits)
    if (e.knob == k) return e.level;
  return knobs[k].base;
}

}  // namespace

// Races every one-step change around `centre` (see the header) and refits the
// sensitivity model from the paired differences.
void TuneSearch::screen(const EditSet& centre, std::size_t blocks) {
  m_effects.clear();
  m_jumps.clear();
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
    bool jump = false;  // to the end of the domain, more than one step away
    bool alive = true;
  };
  std::vector<Probe> probes;
  for (std::size_t k = 0; k < m_knobs.size(); ++k) {
    const std::size_t level = levelOf(centre, m_knobs, k);
    for (int d : {-1, 1}) {
      if ((d < 0 && level == 0) || (d > 0 && level + 1 >= m_knobs[k].values.size())) continue;
      const std::size_t to = d < 0 ? level - 1 : level + 1;
      probes.push_back(Probe{k, d, KnobSpace::with(centre, Edit{k, to}, m_knobs)});
      const std::size_t end = d < 0 ? 0 : m_knobs[k].values.size() - 1;
      if (end != to) probes.push_back(Probe{k, d, KnobSpace::with(centre, Edit{k, end}, m_knobs), true});
    }
  }
  const bool anyNeed = std::any_of(dir.begin(), dir.end(), [](int d) { return d != 0; });
  // Racing: rounds that double the blocks. After the first round the screening
  // may use 60% of the budget left, the rest is for racing the proposals.
  const std::uint64_t before = m_eval->gamesPlayed(TuneEvaluator::kSearch);
  const std::uint64_t share = before + (m_config.budget > before ? (m_config.budget - before) * 3 / 5 : 0);
  // Two tiers by reach: a knob outside every entity (a parameter) reaches the
  // whole game and is screened first, on as many games as the entities' knobs
  // together (half the screening's share), so that one economy value among
  // 69 card costs is not read on the few blocks each card gets.
  std::vector<int> tier(probes.size(), 0);
  for (std::size_t i = 0; i < probes.size(); ++i) tier[i] = entityKnob(m_knobs[probes[i].knob].path) ? 1 : 0;
  const bool twoTiers = std::count(tier.begin(), tier.end(), 0) > 0 && std::count(tier.begin(), tier.end(), 1) > 0;
  auto aliveEdits = [&](int t) {
    std::vector<EditSet> alive;
    for (std::size_t i = 0; i < probes.size(); ++i)
      if (probes[i].alive && tier[i] == t && m_eval->infeasible(probes[i].edits).empty()) alive.push_back(probes[i].edits);
    return alive;
  };
  // Races tier t within `limit` (a count of search games). The first round fits
  // `limit` where it can (as many blocks of every probe as fit, down to two;
  // then without the long jumps), else the whole budget left, which it never
  // passes (without the long jumps; then the one-step changes in knob order as
  // far as two blocks of each fit): the proposals keep the rest. Each later
  // round, twice as long, plays the better half of the probes still racing
  // (successive halving, by how far each moves the missed targets the right
  // way, in misses), so the games go to the knobs that may matter.
  auto race = [&](int t, std::uint64_t limit) {
    std::size_t first = m_config.roundBlocks;
    auto fits = [&](std::size_t b, std::uint64_t lim) {
      std::vector<EditSet> all = aliveEdits(t);
      all.push_back(centre);
      return budgetLeft(all, b, lim);
    };
    auto shrink = [&](std::uint64_t lim) {
      first = m_config.roundBlocks;
      while (first > 2 && !fits(first, lim)) first = std::max<std::size_t>(2, first / 2);
      return fits(first, lim);
    };
    if (!shrink(limit)) {
      for (std::size_t i = 0; i < probes.size(); ++i)
        if (tier[i] == t) probes[i].alive = probes[i].alive && !probes[i].jump;
      if (!shrink(limit) && !shrink(UINT64_MAX)) {
        std::vector<EditSet> kept = {centre};
        for (std::size_t i = 0; i < probes.size(); ++i) {
          Probe& p = probes[i];
          if (tier[i] != t || !p.alive || !m_eval->infeasible(p.edits).empty()) continue;
          kept.push_back(p.edits);
          if (!budgetLeft(kept, first)) {
            kept.pop_back();
            p.alive = false;
          }
        }
      }
    }
    for (std::size_t b = first;; b = std::min(2 * b, m_config.screenBlocks)) {
      std::vector<EditSet> alive = aliveEdits(t);
      if (alive.empty()) break;
      alive.push_back(centre);
      if (!budgetLeft(alive, b, b == first ? UINT64_MAX : limit)) break;
      if (!playBank(alive, b)) return false;
      report("screening", centre, 0);
      std::vector<RaceEntry> ranked;  // by minus the help
      for (std::size_t i = 0; i < probes.size(); ++i) {
        Probe& p = probes[i];
        if (!p.alive || tier[i] != t) continue;
        const BlockSeries* ps = m_eval->series(p.edits, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
        if (!ps) {
          p.alive = false;
          continue;
        }
        bool couldHelp = false, clear = false;
        double help = 0;
        for (std::size_t x = 0; x < m_targets.size(); ++x) {
          if (dir[x] == 0) continue;
          const Estimate d = pairedRatioDifference(ps->metric[x], cs->metric[x], b);
          couldHelp = couldHelp || (dir[x] > 0 ? d.ci.hi > least[x] : d.ci.lo < -least[x]);
          clear = clear || (dir[x] > 0 ? d.ci.lo > 0 : d.ci.hi < 0);
          help += dir[x] * d.value / std::max(10.0 * least[x], 1e-12);
        }
        if (!couldHelp || clear || b >= m_config.screenBlocks) p.alive = false;
        if (p.alive) ranked.push_back({i, {-help}});
      }
      if (ranked.empty()) break;
      for (std::size_t i : halveRace(ranked, kScreenKeep)) probes[i].alive = false;
    }
    return true;
  };
  if (anyNeed) {
    if (twoTiers) {
      if (!race(0, before + (share - before) / 2)) return;
      if (!race(1, share)) return;
    } else if (!race(0, share) || !race(1, share)) {
      return;
    }
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
    if (p.jump) m_jumps[{p.knob, to}] = std::move(e);
    else m_effects[{p.knob, p.direction}] = std::move(e);
  }
  shrinkEffects();
}

void TuneSearch::shrinkEffects() {
  // Effect sparsity (tune_racing.h): a card cost raced on 4 blocks can show a
  // bigger effect than the economy value that was planted. Each estimate is
  // shrunk by its noise, its standard error floored by the spread every
  // probe's paired differences on that target show per block. The
  // sensitivity in the result keeps the raw estimates.
  for (std::size_t t = 0; t < m_targets.size(); ++t) {
    std::vector<Estimate> all;
    for (const auto& [key, e] : m_effects) all.push_back(e.perTarget[t]);
    for (const auto& [key, e] : m_jumps) all.push_back(e.perTarget[t]);
    const double variance = pooledBlockVariance(all);
    for (auto& [key, e] : m_effects) e.perTarget[t] = shrinkEffect(e.perTarget[t], variance);
    for (auto& [key, e] : m_jumps) e.perTarget[t] = shrinkEffect(e.perTarget[t], variance);
  }
}

double TuneSearch::room(const std::vector<double>& values) const {
  // A quarter of a band (in target scales) from each edge is comfortable;
  // closer, or outside, costs the shortfall. Targets that every candidate
  // meets the same way add the same cost, so the order follows the others.
  constexpr double kComfort = 0.25;
  double cost = 0;
  for (std::size_t t = 0; t < m_targets.size() && t < values.size(); ++t) {
    const Target& target = m_targets[t];
    const double inside = std::min(values[t] - target.min, target.max - values[t]) / target.scale();
    if (inside < kComfort) cost += kComfort - inside;  // an open side is infinitely far
  }
  return -cost;
}

bool TuneSearch::predictedChange(const EditSet& centre, std::size_t k, std::size_t level, std::vector<double>& change,
                                 std::vector<double>* se) const {
  const std::size_t c = levelOf(centre, m_knobs, k);
  if (level == c) return false;
  const int d = level > c ? 1 : -1;
  const double steps = static_cast<double>(level > c ? level - c : c - level);
  const Effect* one = nullptr;
  double sign = 1;
  if (auto it = m_effects.find({k, d}); it != m_effects.end()) one = &it->second;
  else if (auto jt = m_effects.find({k, -d}); jt != m_effects.end() && !m_jumps.count({k, d < 0 ? 0 : m_knobs[k].values.size() - 1})) {
    one = &jt->second;  // mirrored, when nothing was measured on this side
    sign = -1;
  }
  const std::size_t end = d < 0 ? 0 : m_knobs[k].values.size() - 1;
  const Effect* jump = nullptr;
  if (auto it = m_jumps.find({k, end}); it != m_jumps.end()) jump = &it->second;
  if (!one && !jump) return false;
  const double far = static_cast<double>(end > c ? end - c : c - end);
  change.assign(m_targets.size(), 0.0);
  if (se) se->assign(m_targets.size(), 0.0);
  for (std::size_t t = 0; t < m_targets.size(); ++t) {
    // A clear one-step effect scales with the steps (responses are often far
    // from linear over a whole domain: the jump only shows where a step says
    // nothing, as on a plateau).
    const bool clearStep = one && std::abs(one->perTarget[t].value) > 2.0 * one->perTarget[t].se;
    double err = 0;
    if (jump && level == end) {
      change[t] = jump->perTarget[t].value;
      err = jump->perTarget[t].se;
    } else if (clearStep || (one && !jump)) {
      change[t] = sign * steps * one->perTarget[t].value;
      err = steps * one->perTarget[t].se;
    } else if (one && sign > 0) {  // between one step and the end: linear between the two
      const double w = (steps - 1.0) / (far - 1.0);
      change[t] = one->perTarget[t].value + (jump->perTarget[t].value - one->perTarget[t].value) * w;
      err = std::hypot((1.0 - w) * one->perTarget[t].se, w * jump->perTarget[t].se);
    } else {
      change[t] = jump->perTarget[t].value * steps / far;
      err = jump->perTarget[t].se * steps / far;
    }
    if (se) (*se)[t] = err;
  }
  return true;
}

// Edit sets of size 1, 2, ... around `centre` with the smallest predicted miss (beam search).
std::vector<EditSet> TuneSearch::propose(const EditSet& centre, std::size_t blocks) const {
  std::vector<EditSet> out;
  const BlockSeries* cs = m_eval->series(centre, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!cs || (m_effects.empty() && m_jumps.empty())) return out;
  const std::vector<TargetReading> here = readings(*cs, blocks);
  struct Node {
    EditSet added;               // edits beyond the centre
    std::vector<double> value;   // predicted value per target
    double score = 0;
    double room = 0;
    double noise = 0;            // summed standard errors of the predicted changes, in target scales
    std::vector<double> var;     // each target's predicted change's variance
    double doubt = 0;            // the miss one standard error of the prediction the wrong way
    std::size_t moves = 0;       // the edit set's size in steps of each knob's domain, from the start
    std::string key;
  };
  std::vector<double> change, changeSe;
  // A prediction counts as a pass only inside the part of each band that a
  // verification can confirm: in from each edge by the verification's
  // interval half-width (the centre's standard error scaled to the
  // verification's blocks) and, for a two-sided band, a tenth of its width,
  // as a pass on the bank must be (allPass). A value predicted just inside an
  // edge is not a pass the smallest-move preference should pick over a safer one.
  std::vector<Target> inner(m_targets.begin(), m_targets.end());
  const double verify = static_cast<double>(verifyBlocks());
  for (std::size_t t = 0; t < inner.size() && t < here.size(); ++t) {
    const Estimate& v = here[t].value;
    double margin = kZ95 * v.se * std::sqrt(static_cast<double>(std::max<std::uint64_t>(1, v.blocks)) / verify);
    const bool twoSided = std::isfinite(inner[t].min) && std::isfinite(inner[t].max);
    if (twoSided) margin = std::min(std::max(margin, kBankMargin * (inner[t].max - inner[t].min)), 0.4 * (inner[t].max - inner[t].min));
    if (std::isfinite(inner[t].min)) inner[t].min += margin;
    if (std::isfinite(inner[t].max)) inner[t].max -= margin;
  }
  auto scoreOf = [&](const std::vector<double>& v) {
    double s = 0;
    for (std::size_t t = 0; t < inner.size(); ++t) s += inner[t].miss(v[t]) / m_targets[t].scale();
    return s;
  };
  auto doubtOf = [&](const std::vector<double>& v, const std::vector<double>& var) {
    double s = 0;
    for (std::size_t t = 0; t < inner.size(); ++t) {
      const double sd = std::sqrt(var[t]);
      s += std::max(inner[t].miss(v[t] - sd), inner[t].miss(v[t] + sd)) / m_targets[t].scale();
    }
    return s;
  };
  Node root;
  for (const auto& r : here) root.value.push_back(r.value.value);
  root.var.assign(m_targets.size(), 0.0);
  root.score = scoreOf(root.value);
  root.room = room(root.value);
  std::vector<Node> beam = {root};
  std::set<std::string> seen;
  std::size_t passSize = 0;  // the size of the first predicted pass (0: none yet)
  auto add = [&](const EditSet& full) {
    if (full != centre && std::find(out.begin(), out.end(), full) == out.end()) out.push_back(full);
  };
  // A use target that misses names the knobs a designer tries first: the
  // entity's own (its cost). The beam ranks edit sets by the summed miss, and
  // one economy value that lifts every missed use at once ranks above the
  // entities' own knobs however well they fit, so their set is raced as well.
  for (const EditSet& owned : ownedProposals(centre, here, inner)) add(owned);
  for (std::size_t size = 1; size <= m_config.maxEdits && size <= m_knobs.size(); ++size) {
    std::vector<Node> next;
    for (const Node& n : beam) {
      for (std::size_t k = 0; k < m_knobs.size(); ++k) {
        if (std::any_of(n.added.begin(), n.added.end(), [&](const Edit& e) { return e.knob == k; })) continue;
        const std::size_t c = levelOf(centre, m_knobs, k);
        for (std::size_t level = 0; level < m_knobs[k].values.size(); ++level) {
          if (level == c) continue;
          if (!predictedChange(centre, k, level, change, &changeSe)) continue;
          Node m = n;
          m.added.push_back(Edit{k, level});
          std::sort(m.added.begin(), m.added.end());
          for (std::size_t t = 0; t < m_targets.size(); ++t) {
            m.value[t] += change[t];
            m.noise += changeSe[t] / m_targets[t].scale();
            m.var[t] += changeSe[t] * changeSe[t];
          }
          m.score = scoreOf(m.value);
          m.doubt = doubtOf(m.value, m.var);
          m.room = room(m.value);
          EditSet full = centre;
          for (const Edit& a : m.added) full = KnobSpace::with(full, a, m_knobs);
          m.key = m_knobs.key(full);
          m.moves = steps(full);
          if (!seen.insert(m.key).second) continue;
          next.push_back(std::move(m));
        }
      }
    }
    if (next.empty()) break;
    std::sort(next.begin(), next.end(), [](const Node& a, const Node& b) {
      if (a.score != b.score) return a.score < b.score;
      // Among predicted passes the smallest move comes first: a designer
      // asked for a fair game, not for a knob at the far end of its range
      // where one step back to its shipped value passes as well. The room
      // inside the bands decides between moves alike.
      // A predicted pass that one standard error of its prediction would
      // take out of the band comes after one it would not: a card cost read
      // on four blocks predicts a one-step pass as readily as the economy
      // value measured on sixty-four, and is far less often right.
      if (a.score <= 0 && a.doubt != b.doubt) return a.doubt < b.doubt;
      if (a.score <= 0 && a.moves != b.moves) return a.moves < b.moves;
      if (a.room != b.room) return a.room > b.room;
      // Then the prediction the screening measured best: with many knobs the
      // noisiest estimates are the largest, and the order of the knobs in
      // the file must not decide.
      if (a.noise != b.noise) return a.noise < b.noise;
      return a.key < b.key;
    });
    if (next.size() > m_config.beamWidth) next.resize(m_config.beamWidth);
    // The model is linear in the steps and fitted on few blocks, so its best
    // is often a neighbour of the real best: race the best few of each size
    // with distinct knobs (kPerSize, more where a pass is predicted), and for
    // single edits also the levels next to the proposed one. Racing drops the clear misses
    // after one round, so the extra candidates cost little.
    const bool predictedPass = next.front().score <= 0.0 || passSize != 0;
    // Distinct knob sets: the levels of one knob would crowd the others out
    // (their neighbours are raced anyway).
    const std::size_t want = predictedPass ? kPerSizePass : kPerSize;
    std::vector<const Node*> taken;
    std::set<std::vector<std::size_t>> knobSets;
    for (const Node& n : next) {
      if (taken.size() >= want) break;
      std::vector<std::size_t> ks;
      for (const Edit& a : n.added) ks.push_back(a.knob);
      if (!knobSets.insert(ks).second) continue;
      taken.push_back(&n);
      EditSet full = centre;
      for (const Edit& a : n.added) full = KnobSpace::with(full, a, m_knobs);
      add(full);
    }
    if (size == 1)
      for (const Node* n : taken) {
        const Edit& e = n->added.front();
        const std::size_t c = levelOf(centre, m_knobs, e.knob);
        for (int d : {-1, 1}) {
          if ((d < 0 && e.level == 0) || (d > 0 && e.level + 1 >= m_knobs[e.knob].values.size())) continue;
          const std::size_t level = d < 0 ? e.level - 1 : e.level + 1;
          if (level != c) add(KnobSpace::with(centre, Edit{e.knob, level}, m_knobs));
        }
        // A long move is often proposed because the model only knows the
        // domain's end (a plateau between): the levels a half and a quarter
        // of the way are raced too, so that a small move that passes is
        // found and preferred (fewest steps among passes) over the far end.
        // The one-step move the same way is raced too: the model scales a
        // step's effect, read on a few blocks and shrunk by its noise, and
        // the smallest move that passes is the one a designer wants.
        const std::size_t far = e.level > c ? e.level - c : c - e.level;
        for (const std::size_t part : {far / 2, far / 4, std::size_t{1}}) {
          if (part == 0 || part + 1 >= far) continue;
          add(KnobSpace::with(centre, Edit{e.knob, e.level > c ? c + part : c - part}, m_knobs));
        }
      }
    // The pairs of the best single edits that bring the prediction nearer
    // the bands, whatever the model predicts for the pair: where two values
    // were planted, each single edit falls short on real games and the model,
    // adding two effects that overlap, predicts their pair to overshoot.
    if (size == 1) {
      std::vector<const Node*> singles;
      std::vector<std::size_t> knobOf;
      for (const Node& n : next) {
        if (singles.size() >= kPairSingles) break;
        if (n.score >= root.score) break;  // sorted: the rest do not help
        if (std::find(knobOf.begin(), knobOf.end(), n.added.front().knob) != knobOf.end()) continue;
        singles.push_back(&n);
        knobOf.push_back(n.added.front().knob);
      }
      for (const auto& [i, j] : interactionPairs(knobOf, kPairSingles))
        add(KnobSpace::with(KnobSpace::with(centre, singles[i]->added.front(), m_knobs), singles[j]->added.front(), m_knobs));
    }
    // One size past the first predicted pass is raced too: the model is
    // linear and fitted on few blocks, and where two values were planted the
    // single edit it predicts to pass often falls just short on real games
    // (racing halves the field each round, so the pairs cost little).
    if (predictedPass && passSize == 0) passSize = size;
    if (passSize != 0 && size > passSize) break;
    // No gain from one more edit: stop growing.
    if (passSize == 0 && next.front().score >= beam.front().score && size > 1) break;
    beam = std::move(next);
  }
  return out;
}

}  // namespace wb::sim
