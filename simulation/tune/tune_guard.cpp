// The content guard of TuneSearch (tuning-guard.md): a proposal that prices an
// entity out of the game, makes it mandatory, or narrows the variety of what
// is used is not a pass unless the targets file allows it (`guard:`).
//
//   What it protects: every entity a knob reaches (a knob under an entity's
//   path, `cards.gambling.cost`, reaches that entity; any other knob, e.g. a
//   parameter, reaches every entity), and the diversity of each kind of
//   entity the knobs reach.
//   Which numbers: each use (acquired, played, triggered) the starting games
//   show of the entity, per turn (per game it moves with the length a target
//   may rightly change): inside [min, max] times its starting value
//   (default: at least half, no upper bound); the share of games with its
//   main use: below kEveryGame unless it was already there; each kind's
//   diversity (use_estimate.h): not below the lower end of its starting
//   interval, nor more than half an effective entity below its start.
//   The starting values are read on the bank's first blocks of the starting
//   ruleset, as many as a verification run plays (fewer when the budget is
//   short), before the search moves anything.
//   On the bank a guarded value may miss its band by at most its standard
//   error (floored by the starting value's, scaled to its blocks); the
//   verification wants every value inside its band (tune_search_verification.cpp).
#include <algorithm>
#include <cmath>

#include "model/core/entity.h"
#include "simulation/tune/tune_search.h"

namespace wb::sim {
namespace {

// A share of games this high counts as "in every game": the guard keeps an
// entity that was not there out of at least one game in a hundred.
constexpr double kEveryGame = 0.99;
// The fall of diversity (in effective entities) the guard always allows.
constexpr double kDiversitySlack = 0.5;

std::vector<std::string> splitPath(const std::string& path) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= path.size(); ++i)
    if (i == path.size() || path[i] == '.') {
      out.push_back(path.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

}  // namespace

void TuneSearch::planGuard() {
  m_guards.clear();
  m_guardStart.clear();
  const TuneShape& shape = m_eval->shape();
  if (!m_config.guard.on || shape.entities.empty()) return;
  const std::size_t n = shape.entities.size();
  std::vector<bool> reached(n, false);
  for (const Knob& k : m_knobs.knobs()) {
    const std::vector<std::string> parts = splitPath(k.path);
    const bool entityPath = parts.size() >= 3 && model::sectionFromString(parts[0]).has_value();
    const auto it = entityPath ? std::find(shape.entities.begin(), shape.entities.end(), parts[1]) : shape.entities.end();
    if (it != shape.entities.end()) reached[static_cast<std::size_t>(it - shape.entities.begin())] = true;
    else if (!entityPath) std::fill(reached.begin(), reached.end(), true);  // a global value reaches every entity
  }
  std::vector<std::string> kinds;
  for (std::size_t e = 0; e < n; ++e) {
    if (!reached[e]) continue;
    const unsigned used = e < shape.entityUsed.size() ? shape.entityUsed[e] : 0u;
    for (int k = 0; k < 3; ++k) {
      if (!(used & (1u << k))) continue;
      // Per turn: a use per game moves with the game's length, and a target
      // on the length (a stalled game made to end) is no reason to refuse.
      m_guards.push_back(Target{TuneMetric{TuneMetric::Kind::Use, k, shape.entities[e], {}, true}});
      if (m_config.guard.everyGame && e < shape.entityUse.size() && shape.entityUse[e] == k)
        m_guards.push_back(Target{TuneMetric{TuneMetric::Kind::UseGames, k, shape.entities[e], {}}});
    }
    const std::string kind = e < shape.entityKinds.size() ? shape.entityKinds[e] : "other";
    if (std::find(kinds.begin(), kinds.end(), kind) == kinds.end()) kinds.push_back(kind);
  }
  if (m_config.guard.diversity) {
    for (const auto& kind : kinds) {
      std::vector<TuneMetric> d;
      std::string error;
      if (parseTuneMetrics("diversity:" + kind, shape, d, error) && d.size() == 1 && d[0].members.size() >= 2)
        m_guards.push_back(Target{d[0]});
    }
  }
  // A guarded number that is also a target is the target's business.
  m_guards.erase(std::remove_if(m_guards.begin(), m_guards.end(),
                                [&](const Target& g) {
                                  return std::any_of(m_targets.begin(), m_targets.end(), [&](const Target& t) {
                                    return t.metric.kind == g.metric.kind && t.metric.index == g.metric.index &&
                                           t.metric.id == g.metric.id;
                                  });
                                }),
                 m_guards.end());
  std::vector<TuneMetric> metrics;
  for (const Target& t : m_targets) metrics.push_back(t.metric);
  for (const Target& g : m_guards) metrics.push_back(g.metric);
  m_eval->setMetrics(std::move(metrics));
}

void TuneSearch::setGuardBands() {
  // After a failed job (a lost rank, a checkpoint that cannot be written)
  // nothing more is played: the search ends with that error.
  if (m_guards.empty() || !m_error.empty()) return;
  const EditSet none;
  // As many blocks as a verification run: the bands' base is a point value,
  // and a diversity read on a sixteenth of the budget was 0.3 to 0.6
  // effective entities off (Elem Master's powers, card-dice's cards), enough
  // to put the starting ruleset itself outside its own band.
  std::size_t blocks = std::max(verifyBlocks(), bankBlocks(none));
  while (blocks > bankBlocks(none) && !budgetLeft({none}, blocks)) blocks = std::max(bankBlocks(none), blocks / 2);
  if (blocks > bankBlocks(none)) playBank({none}, blocks);
  const BlockSeries* s = m_eval->series(none, TuneEvaluator::kSearch, TuneEvaluator::kSearchAgents);
  if (!s) return;
  const std::vector<TargetReading> r = readings(*s, s->blocks());
  const GuardSpec& spec = m_config.guard;
  m_guardStart.assign(m_guards.size(), Estimate{});
  for (std::size_t g = 0; g < m_guards.size(); ++g) {
    const std::size_t i = m_targets.size() + g;
    if (i >= r.size()) break;
    const Estimate& v = r[i].value;
    m_guardStart[g] = v;
    Target& t = m_guards[g];
    switch (t.metric.kind) {
      case TuneMetric::Kind::Use:
        if (v.value > 0) {
          t.min = spec.min * v.value;
          if (spec.max) t.max = *spec.max * v.value;
        }
        break;
      case TuneMetric::Kind::UseGames:
        // "Unless it was already there": judged on the starting interval, so
        // that an entity in 99% of games read as 98.8% on the starting blocks
        // is not refused the place it had.
        if (v.ci.hi < kEveryGame) t.max = kEveryGame;
        break;
      case TuneMetric::Kind::Diversity:
        // A fall within the starting interval is noise; one of less than half
        // an effective entity leaves the variety as it was, however precisely
        // it is measured.
        if (v.value > 0 && std::isfinite(v.ci.lo)) t.min = std::min(v.ci.lo, v.value - kDiversitySlack);
        break;
      default: break;
    }
  }
}

std::vector<std::size_t> TuneSearch::guardBreaks(const std::vector<TargetReading>& r) const {
  std::vector<std::size_t> out;
  for (std::size_t g = 0; g < m_guards.size(); ++g) {
    const std::size_t i = m_targets.size() + g;
    if (i >= r.size()) break;
    // The allowance is the value's standard error, floored by the starting
    // value's scaled to these blocks: a rare use read as 0 on a few blocks,
    // or a share of 127 games in 128 (above "every game" by 0.2 points), has
    // a standard error of 0 or less than its noise, and the verification
    // decides it on its own games.
    double allowance = r[i].value.se;
    if (g < m_guardStart.size() && m_guardStart[g].blocks > 0 && r[i].value.blocks > 0)
      allowance = std::max(allowance, m_guardStart[g].se * std::sqrt(static_cast<double>(m_guardStart[g].blocks) /
                                                                     static_cast<double>(r[i].value.blocks)));
    if (m_guards[g].miss(r[i].value.value) > allowance) out.push_back(g);
  }
  return out;
}

double TuneSearch::drift(const std::vector<TargetReading>& r) const {
  double sum = 0;
  for (std::size_t g = 0; g < m_guards.size() && g < m_guardStart.size(); ++g) {
    const std::size_t i = m_targets.size() + g;
    if (i >= r.size()) break;
    sum += std::abs(r[i].value.value - m_guardStart[g].value) / m_guards[g].scale();
  }
  return sum;
}

std::size_t TuneSearch::steps(const EditSet& e) const {
  std::size_t n = 0;
  for (const Edit& x : e) {
    const std::size_t base = m_knobs[x.knob].base;
    n += x.level > base ? x.level - base : base - x.level;
  }
  return n;
}

}  // namespace wb::sim
