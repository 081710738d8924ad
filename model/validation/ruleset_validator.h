// Semantic checks of a loaded Ruleset, collecting every problem with its place:
// duplicate ids, out-of-range values, references to unknown dice / parameters /
// entities, expression errors (column inside the expression added to the
// value's column), and, given the engine's schema, unknown effect ops, missing
// or unknown arguments, argument types, required parameters and kinds.
// The YAML loader runs it after parsing; the CLI and GUI run it after edits.
#pragma once

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/validation/engine_schema.h"

namespace wb::model {

// The most copies of one entity (`count:`): a deck of a million cards is a
// typo, and engines sum counts in int (two counts of 2^31-1 wrapped).
inline constexpr int kMaxEntityCount = 100000;

// `schema` may be null (then engine-specific checks are skipped).
void validateRuleset(const Ruleset& ruleset, const EngineSchema* schema, Diagnostics& out);

// The location of a character at `offset` (0-based) inside a scalar value at `valueLoc`
// (plain scalars on one line; quoted scalars shift by one: the loader already
// records a quoted value at its first character inside the quote, so here it
// is valueLoc.column + offset). An unknown location stays unknown.
SourceLocation offsetLocation(const SourceLocation& valueLoc, int offset);

}  // namespace wb::model
