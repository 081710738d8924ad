// Writes a ruleset back to YAML: flat and diff-friendly (one value per line),
// keys in the order they were read (new keys in canonical order), entities in
// list order. Entities loaded from an included file are written back to it.
// Saving keeps the designer's files: a file whose content did not change is
// left byte-identical (not even rewritten), and a changed one keeps its
// comments and layout around the change (layout_preserver.h).
// Saving is atomic (temp file + rename): an interrupted save leaves the old file.
#pragma once

#include <map>
#include <string>

#include "model/core/ruleset.h"

namespace wb::model {

// The YAML text of the whole ruleset as one file (includes inlined).
std::string toYaml(const Ruleset& ruleset);

// The text of every file of the ruleset, keyed by path: `rootPath` gets
// metadata and everything not from an included file; each included file gets
// its own entities. A ruleset without includes yields one entry.
std::map<std::string, std::string> toYamlFiles(const Ruleset& ruleset, const std::string& rootPath);

// What saveRuleset() writes: toYamlFiles() with the layout of the files the
// ruleset was read from kept (see above).
std::map<std::string, std::string> toSavedYamlFiles(const Ruleset& ruleset, const std::string& rootPath);

// Saves all files atomically. Returns false and sets `error` on failure.
bool saveRuleset(const Ruleset& ruleset, const std::string& rootPath, std::string* error = nullptr);

}  // namespace wb::model
