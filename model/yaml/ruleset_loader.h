// Loads a ruleset from YAML (one file, or a root file whose `include:` list
// names other files relative to it). Never throws: every problem — YAML syntax,
// unknown keys, wrong types, then everything validateRuleset() finds — comes
// back as a diagnostic with `file:line:column`. A missing, empty or binary
// file is a diagnostic too.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/validation/engine_schema.h"

namespace wb::model {

// Finds the schema of an engine name (nullptr = unknown engine). The model
// does not know the engines; the caller (CLI, GUI) passes the registry's lookup.
using SchemaLookup = std::function<const EngineSchema*(std::string_view engine)>;

struct LoadResult {
  Ruleset ruleset;           // as much as could be read, even with errors
  Diagnostics diagnostics;   // sorted by position
  bool ok() const { return !diagnostics.hasErrors(); }
};

// `lookup` may be empty: then the engine name is not checked.
LoadResult loadRuleset(const std::string& path, const SchemaLookup& lookup = {});
// `fileName` is used for diagnostics and for resolving includes.
LoadResult loadRulesetFromString(std::string_view yaml, const std::string& fileName,
                                 const SchemaLookup& lookup = {});

// One file as it is written, for the layout-keeping writer: a root file's
// metadata and content sections (`root`), or an included file's content
// sections; includes are not followed and nothing is validated.
LoadResult readRulesetFile(std::string_view yaml, const std::string& fileName, bool root);

}  // namespace wb::model
