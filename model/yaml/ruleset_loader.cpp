// YAML -> Ruleset (see ruleset_loader.h). The work is split in three:
//   this file      files, text checks (empty / binary / UTF-8), YAML syntax,
//                  the root's metadata and `include:`;
//   section_reader the content sections (parameters, dice, entities, questions);
//   validateRuleset the semantic checks, run once everything is read.
// yaml-cpp may throw while parsing; everything it throws is caught here.
#include "model/yaml/ruleset_loader.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <optional>
#include <system_error>
#include <vector>

#include "model/core/atomic_file.h"
#include "model/validation/ruleset_validator.h"
#include "model/yaml/node_reader.h"
#include "model/yaml/section_reader.h"
#include "model/yaml/yaml_document.h"

namespace wb::model {

namespace {

namespace fs = std::filesystem;
using yaml::MapEntry;
using yaml::NodeReader;

// Parses one file's text; nullopt (with a diagnostic) when it is not usable YAML.
std::optional<YAML::Node> parseYaml(const std::string& file, std::string_view text, Diagnostics& out) {
  return yaml::parseYamlDocument(file, text, out, "a map of ruleset keys");
}

// Reads a file into `text`; on failure a diagnostic at `where`:
// `file: error: cannot open file: No such file or directory` for the root,
// `root.yaml:5:5: error: cannot open included file 'x.yaml': ...` for an include.
// Only regular files of at most kMaxRulesetFileBytes are read.
bool readText(const std::string& path, std::string& text, Diagnostics& out, const SourceLocation& where) {
  const std::string what = where.file == path ? std::string("cannot open file") : "cannot open included file '" + path + "'";
  std::string reason;
  if (!readRegularFile(path, text, reason, kMaxRulesetFileBytes)) {
    out.error(where, what + ": " + reason);
    return false;
  }
  return true;
}

bool isContentKey(const std::string& key) {
  return key == "parameters" || key == "dice" || key == "dice_questions" || sectionFromString(key).has_value();
}

class Loader {
 public:
  explicit Loader(const SchemaLookup& lookup) : m_lookup(lookup) {}

  // One file alone (see readRulesetFile).
  LoadResult loadOne(std::string_view text, const std::string& fileName, bool root) {
    m_result.ruleset.origin.loc = {fileName, 0, 0};
    if (auto node = parseYaml(fileName, text, m_result.diagnostics)) {
      NodeReader reader(fileName, text, m_result.diagnostics);
      if (root)
        readRoot(reader, *node);
      else
        readIncludedRoot(reader, *node, fileName);
    }
    return std::move(m_result);
  }

  LoadResult load(std::string_view text, const std::string& fileName) {
    m_result.ruleset.origin.loc = {fileName, 0, 0};
    m_bytes = text.size();
    if (text.size() > kMaxRulesetFileBytes) {
      m_result.diagnostics.error({fileName, 0, 0}, "cannot open file: too large: " + std::to_string(text.size()) +
                                                       " bytes (at most " + std::to_string(kMaxRulesetFileBytes) + ")");
    } else if (readRootFile(text, fileName)) {  // the root's YAML tree is freed before the includes are read
      loadIncludes(fileName);
      if (m_allRead) validate();
    }
    m_result.diagnostics.sort();
    return std::move(m_result);
  }

 private:
  bool readRootFile(std::string_view text, const std::string& fileName) {
    auto root = parseYaml(fileName, text, m_result.diagnostics);
    if (!root) return false;
    NodeReader reader(fileName, text, m_result.diagnostics);
    readRoot(reader, *root);
    return true;
  }

  void readContent(NodeReader& reader, const MapEntry& e) {
    Ruleset& rs = m_result.ruleset;
    if (e.key == "parameters") {
      yaml::readParameters(reader, e, rs.parameters);
    } else if (e.key == "dice") {
      yaml::readDice(reader, e, rs.dice);
    } else if (e.key == "dice_questions") {
      yaml::readDiceQuestions(reader, e, rs.diceQuestions);
    } else if (auto s = sectionFromString(e.key)) {
      yaml::readEntities(reader, *s, e, rs.entities(*s));
    }
  }

  void readRoot(NodeReader& reader, const YAML::Node& root) {
    Ruleset& rs = m_result.ruleset;
    rs.origin.loc = reader.loc(root);
    rs.origin.loc.line = 1;  // the ruleset itself: the top of the file
    rs.origin.loc.column = 1;
    for (const auto& e : reader.entries(root, "ruleset", &rs.origin)) {
      if (isContentKey(e.key)) {
        readContent(reader, e);
      } else if (e.key == "id") {
        if (auto v = reader.text(e)) rs.id = std::move(*v);
      } else if (e.key == "name") {
        if (auto v = reader.text(e)) rs.name = std::move(*v);
      } else if (e.key == "engine") {
        if (auto v = reader.text(e)) rs.engine = std::move(*v);
      } else if (e.key == "version") {
        if (auto v = reader.integer(e)) {
          if (*v > 1000000000 || *v < -1000000000)
            reader.error(e.valueLoc, "value of 'version' is too large");
          else
            rs.version = static_cast<int>(*v);
        }
      } else if (e.key == "players") {
        readPlayers(reader, e);
      } else if (e.key == "description") {
        if (auto v = reader.text(e)) rs.description = std::move(*v);
      } else if (e.key == "assumed") {
        if (auto v = reader.text(e)) rs.assumed = std::move(*v);
      } else if (e.key == "include") {
        readIncludeList(reader, e);
      } else if (e.key == "targets" || e.key == "knobs" || e.key == "rules") {
        // The tuner's targets and knobs (simulation/tune/tune_spec.h) may live in the
        // ruleset; `balance tune` reads and checks them, the model keeps their text.
        // So does a described game's `rules:`, which its engine's compiler
        // (model/describe) reads at compile time, after any parameter edit.
        YAML::Emitter out;
        out << e.value;
        rs.tuning.emplace_back(e.key, out.good() ? std::string(out.c_str()) : std::string("[]"));
      } else {
        reader.unknownKey(e, "ruleset");
      }
    }
    for (const char* key : {"id", "name", "engine"})
      if (rs.origin.keys.find(key) == rs.origin.keys.end())
        reader.error(rs.origin.loc, std::string("missing required key '") + key + "' in ruleset");
  }

  void readPlayers(NodeReader& reader, const MapEntry& e) {
    if (!reader.expectMap(e)) return;
    Ruleset& rs = m_result.ruleset;
    for (const auto& p : reader.entries(e.value, "players")) {
      if (p.key != "min" && p.key != "max" && p.key != "default") {
        reader.unknownKey(p, "players");
        continue;
      }
      rs.origin.keys["players." + p.key] = p.valueLoc;
      auto v = reader.integer(p);
      if (!v) continue;
      const int clamped = *v > 1000000 ? 1000000 : *v < -1000000 ? -1000000 : static_cast<int>(*v);
      (p.key == "min" ? rs.players.min : p.key == "max" ? rs.players.max : rs.players.usual) = clamped;
    }
  }

  void readIncludeList(NodeReader& reader, const MapEntry& e) {
    if (e.value.IsNull()) return;
    auto items = reader.textList(e);
    if (!items) return;
    std::size_t i = 0;
    for (const auto& node : e.value) {
      m_result.ruleset.includes.push_back((*items)[i]);
      m_includeLocs.push_back(reader.loc(node));
      m_result.ruleset.origin.keys["include." + std::to_string(i)] = m_includeLocs.back();
      ++i;
    }
  }

  // Reads every included file (relative to the root file). Included files hold
  // content sections only; an include of the root itself is a cycle.
  void loadIncludes(const std::string& rootFile) {
    const fs::path base = fs::path(rootFile).parent_path();
    const std::string rootNormal = fs::path(rootFile).lexically_normal().generic_string();
    std::map<std::string, SourceLocation> seen;
    const auto& includes = m_result.ruleset.includes;
    if (includes.size() > kMaxIncludes) {
      m_result.diagnostics.error(m_includeLocs[kMaxIncludes], "too many included files: " +
                                                                  std::to_string(includes.size()) + " (at most " +
                                                                  std::to_string(kMaxIncludes) + ")");
      m_allRead = false;
      return;
    }
    for (std::size_t i = 0; i < includes.size(); ++i) {
      const SourceLocation& where = m_includeLocs[i];
      if (includes[i].empty()) {
        m_result.diagnostics.error(where, "empty file name in 'include'");
        continue;
      }
      const std::string path = (base / includes[i]).lexically_normal().generic_string();
      if (path == rootNormal) {
        m_result.diagnostics.error(where, "include cycle: '" + includes[i] + "' is the including file itself");
        continue;
      }
      auto [first, inserted] = seen.emplace(path, where);
      if (!inserted) {
        m_result.diagnostics.error(where, "'" + includes[i] + "' is already included (first at " +
                                              first->second.toString() + ")");
        continue;
      }
      loadIncluded(path, where);
    }
  }

  void loadIncluded(const std::string& path, const SourceLocation& includedAt) {
    Diagnostics& out = m_result.diagnostics;
    std::string text;
    if (!readText(path, text, out, includedAt)) {
      m_allRead = false;
      return;
    }
    m_bytes += text.size();
    if (m_bytes > kMaxRulesetBytes) {
      out.error(includedAt, "cannot open included file '" + path + "': the ruleset's files add up to more than " +
                                std::to_string(kMaxRulesetBytes) + " bytes");
      m_allRead = false;
      return;
    }
    auto root = parseYaml(path, text, out);
    if (!root) {
      m_allRead = false;
      return;
    }
    NodeReader reader(path, text, out);
    readIncludedRoot(reader, *root, path);
  }

  void readIncludedRoot(NodeReader& reader, const YAML::Node& root, const std::string& path) {
    for (const auto& e : reader.entries(root, "included file " + path)) {
      if (isContentKey(e.key))
        readContent(reader, e);
      else if (e.key == "include")
        reader.error(e.keyLoc, "an included file cannot include other files (list them in the root file)");
      else
        reader.error(e.keyLoc, "unknown key '" + e.key + "' in included file (only parameters, dice, "
                               "cards, tiles, events, abilities, factions and dice_questions)");
    }
  }

  void validate() {
    Ruleset& rs = m_result.ruleset;
    const EngineSchema* schema = nullptr;
    if (m_lookup && !rs.engine.empty()) {
      schema = m_lookup(rs.engine);
      if (!schema) m_result.diagnostics.error(rs.origin.at("engine"), "unknown engine '" + rs.engine + "'");
    }
    validateRuleset(rs, schema, m_result.diagnostics);
  }

  const SchemaLookup& m_lookup;
  LoadResult m_result;
  std::vector<SourceLocation> m_includeLocs;
  bool m_allRead = true;  // false when a file could not be read or parsed: skip validation
  std::size_t m_bytes = 0;  // of every file read so far
};

}  // namespace

LoadResult loadRulesetFromString(std::string_view yaml, const std::string& fileName, const SchemaLookup& lookup) {
  return Loader(lookup).load(yaml, fileName);
}

LoadResult readRulesetFile(std::string_view yaml, const std::string& fileName, bool root) {
  return Loader({}).loadOne(yaml, fileName, root);
}

LoadResult loadRuleset(const std::string& path, const SchemaLookup& lookup) {
  std::string text;
  LoadResult result;
  if (!readText(path, text, result.diagnostics, {path, 0, 0})) {
    result.ruleset.origin.loc = {path, 0, 0};
    return result;
  }
  return loadRulesetFromString(text, path, lookup);
}

}  // namespace wb::model
