// The entities' own knobs as proposals of the tuner (step 3 of tune_search.h).
// A use target that misses (`use:gambling:played` at least 15, the card
// priced out of the shop) names the knobs a designer tries first: those under
// the entity's own node (`cards.gambling.cost`). The beam search ranks edit
// sets by their summed predicted miss, and one economy value that lifts every
// missed use at once outranks the entities' own knobs however well each fits
// its own target; so the entities' own edits are raced beside the beam's
// proposals.
//
//   For each missed use target (use:ID, use_games:ID), in the targets' order,
//   the knob under ID's node and its level whose predicted value of that
//   target misses the band least (the part of it a verification can
//   confirm), then the smallest move, then the knobs' order
//   (firstOwnedLevel, tune_racing.h). One edit per entity; an entity with no
//   knob of its own, or none the model predicts to help, adds nothing. The
//   chosen edits are raced together, and with the levels next to them
//   (ownedVariants): the model is linear and read on few blocks, and the
//   real smallest pass is often one level nearer or further.
//   Without a pass, a set of only such edits comes before others that miss
//   as little (tune_search.cpp, the round's best): a designer's first
//   candidates, which leave every other entity's own numbers alone.
#include <algorithm>

#include "simulation/tune/tune_racing.h"
#include "simulation/tune/tune_search.h"

namespace wb::sim {
namespace {

// The entities whose use targets (use:ID, use_games:ID) `here` misses.
std::vector<std::string> missedUseEntities(const std::vector<Target>& targets, const std::vector<TargetReading>& here) {
  std::vector<std::string> out;
  for (std::size_t t = 0; t < targets.size() && t < here.size(); ++t) {
    const TuneMetric& m = targets[t].metric;
    if ((m.kind == TuneMetric::Kind::Use || m.kind == TuneMetric::Kind::UseGames) &&
        targets[t].direction(here[t].value.value) != 0 && std::find(out.begin(), out.end(), m.id) == out.end())
      out.push_back(m.id);
  }
  return out;
}

}  // namespace

bool TuneSearch::ownKnobsOnly(const EditSet& e, const EditSet& centre, const std::vector<TargetReading>& here) const {
  const std::vector<std::string> missed = missedUseEntities(m_targets, here);
  auto owned = [&](std::size_t knob) {
    return std::find(missed.begin(), missed.end(), knobEntity(m_knobs[knob].path)) != missed.end();
  };
  bool moved = false;
  for (const Edit& x : e) {
    if (std::find(centre.begin(), centre.end(), x) != centre.end()) continue;  // as in the centre
    if (!owned(x.knob)) return false;
    moved = true;
  }
  // An edit of the centre that `e` takes back is a move too.
  for (const Edit& c : centre) {
    if (std::any_of(e.begin(), e.end(), [&](const Edit& x) { return x.knob == c.knob; })) continue;
    if (!owned(c.knob)) return false;
    moved = true;
  }
  return moved;
}

std::vector<EditSet> TuneSearch::ownedProposals(const EditSet& centre, const std::vector<TargetReading>& here,
                                                const std::vector<Target>& inner) const {
  auto levelOf = [&](std::size_t k) {
    for (const Edit& e : centre)
      if (e.knob == k) return e.level;
    return m_knobs[k].base;
  };
  std::vector<Edit> chosen, nearer, further;
  std::vector<std::string> done;
  std::vector<double> change;
  for (std::size_t t = 0; t < m_targets.size() && t < here.size() && t < inner.size(); ++t) {
    const TuneMetric& m = m_targets[t].metric;
    if (m.kind != TuneMetric::Kind::Use && m.kind != TuneMetric::Kind::UseGames) continue;
    const double v = here[t].value.value;
    if (m_targets[t].direction(v) == 0 || std::find(done.begin(), done.end(), m.id) != done.end()) continue;
    const double scale = m_targets[t].scale();
    std::vector<OwnedLevel> levels;
    for (std::size_t k = 0; k < m_knobs.size(); ++k) {
      if (knobEntity(m_knobs[k].path) != m.id) continue;
      const std::size_t c = levelOf(k);
      for (std::size_t level = 0; level < m_knobs[k].values.size(); ++level)
        if (level != c && predictedChange(centre, k, level, change))
          levels.push_back({k, level, level > c ? level - c : c - level, inner[t].miss(v + change[t]) / scale});
    }
    OwnedLevel best;
    if (!firstOwnedLevel(levels, inner[t].miss(v) / scale, best)) continue;
    done.push_back(m.id);
    const std::size_t c = levelOf(best.knob), top = m_knobs[best.knob].values.size() - 1;
    const bool up = best.level > c;
    chosen.push_back(Edit{best.knob, best.level});
    nearer.push_back(Edit{best.knob, best.steps > 1 ? (up ? best.level - 1 : best.level + 1) : best.level});
    further.push_back(Edit{best.knob, up ? std::min(top, best.level + 1) : (best.level > 0 ? best.level - 1 : 0)});
  }
  std::vector<EditSet> out;
  for (const std::vector<Edit>& edits : ownedVariants(chosen, nearer, further)) {
    EditSet e = centre;
    for (const Edit& x : edits) e = KnobSpace::with(e, x, m_knobs);
    if (e != centre && std::find(out.begin(), out.end(), e) == out.end()) out.push_back(e);
  }
  return out;
}

}  // namespace wb::sim
