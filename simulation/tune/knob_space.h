// The tuner's search space (TAG's "parameter space"): the values that may move
// and the finite list each may take. A knob is one concrete path of the
// ruleset (model/path) with its domain in order; its current value is always
// one of them (inserted if the list leaves it out), so "one step" means the
// neighbouring value. Patterns (`cards.*.cost`, `*` = one part of a path)
// expand to every matching path; `lock: true` keeps the matching paths fixed.
// Without knob entries, the knobs are every numeric value the engine's schema
// bounds (a declared min and max), over 21 values of its range at most.
//
// Checked against the ruleset and the engine schema, every problem at the
// knob's line: a pattern that matches nothing, a value the path does not take
// (type, declared range, the schema's minimum cost), a locked path that is
// also listed as a knob is simply locked.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/validation/engine_schema.h"
#include "simulation/tune/tune_spec.h"

namespace wb::sim {

struct Knob {
  std::string path;                  // "cards.meteor_strike.cost"
  std::vector<std::string> values;   // the domain in order, as text
  std::size_t base = 0;              // index of the ruleset's current value
  bool numeric = false;              // values are numbers in increasing order
};

// One change: knob `knob` at domain index `level`.
struct Edit {
  std::size_t knob = 0;
  std::size_t level = 0;
  friend bool operator==(const Edit&, const Edit&) = default;
  friend auto operator<=>(const Edit&, const Edit&) = default;
};

// A candidate: edits to distinct knobs, sorted by knob (empty = the starting ruleset).
using EditSet = std::vector<Edit>;

class KnobSpace {
 public:
  KnobSpace() = default;
  explicit KnobSpace(std::vector<Knob> knobs) : m_knobs(std::move(knobs)) {}

  const std::vector<Knob>& knobs() const { return m_knobs; }
  std::size_t size() const { return m_knobs.size(); }
  const Knob& operator[](std::size_t i) const { return m_knobs[i]; }

  // `edits` with `e` put in (replacing an edit of the same knob; an edit back to
  // the knob's current value removes it), sorted.
  static EditSet with(const EditSet& edits, const Edit& e, const KnobSpace& space);
  static EditSet without(const EditSet& edits, std::size_t knob);
  // "p0=40,unused=3": a stable text key of a candidate ("" for no edits).
  std::string key(const EditSet& edits) const;
  // The ruleset with the edits applied (model::setPath); false with a message.
  bool apply(const EditSet& edits, model::Ruleset& ruleset, std::string& error) const;

 private:
  std::vector<Knob> m_knobs;
};

// Builds the knobs of `spec` for `ruleset` (see above); problems go to `out` at
// the knob's location. `schema` may be null (no schema checks).
KnobSpace buildKnobSpace(const model::Ruleset& ruleset, const model::EngineSchema* schema, const TuneSpec& spec,
                         model::Diagnostics& out);

// True when `path` matches `pattern` part by part (`*` matches one part).
bool matchesKnobPattern(const std::string& pattern, const std::string& path);

}  // namespace wb::sim
