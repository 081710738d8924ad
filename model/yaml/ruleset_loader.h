// Loads a ruleset from YAML (one file, or a root file whose `include:` list
// names other files relative to it). Never throws: every problem — YAML syntax,
// unknown keys, wrong types, then everything validateRuleset() finds — comes
// back as a diagnostic with `file:line:column`. A missing, empty or binary
// file is a diagnostic too.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/validation/engine_schema.h"

namespace wb::model {

// Input bounds. Beyond them the loader stops with a clear
// diagnostic instead of reading without end or growing without bound: only
// regular files are read (a device or pipe is an error, never a hang), each
// at most kMaxRulesetFileBytes, all files of a ruleset together at most
// kMaxRulesetBytes; a root lists at most kMaxIncludes files. YAML nests at
// most kMaxYamlDepth levels (yaml-cpp's own guard). The largest shipped file
// is 27 KB: the bounds are more than a hundred times what a game needs.
inline constexpr std::size_t kMaxRulesetFileBytes = std::size_t{4} << 20;
inline constexpr std::size_t kMaxRulesetBytes = std::size_t{16} << 20;
inline constexpr std::size_t kMaxIncludes = 256;
inline constexpr int kMaxYamlDepth = 500;

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
