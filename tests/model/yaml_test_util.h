// Shared helpers of the YAML/validation tests: fixture paths and diagnostics
// printed with the fixture folder stripped (`errors/x.yaml:7:5: error: ...`).
#pragma once

#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/yaml/ruleset_loader.h"

namespace wb::model::test {

inline std::string fixtureDir() { return std::string(WB_SOURCE_DIR) + "/tests/data/model/"; }
inline std::string fixture(const std::string& name) { return fixtureDir() + name; }

// Every diagnostic, formatted, with the fixture folder removed from paths.
inline std::vector<std::string> messages(const Diagnostics& diagnostics) {
  std::vector<std::string> out;
  const std::string dir = fixtureDir();
  for (const auto& d : diagnostics.items()) {
    std::string s = d.format();
    for (std::size_t pos; (pos = s.find(dir)) != std::string::npos;) s.erase(pos, dir.size());
    out.push_back(s);
  }
  return out;
}

inline std::vector<std::string> messages(const LoadResult& r) { return messages(r.diagnostics); }

inline std::vector<std::string> loadMessages(const std::string& name, const SchemaLookup& lookup = {}) {
  return messages(loadRuleset(fixture(name), lookup));
}

}  // namespace wb::model::test
