// Shared helpers of the described engine's tests: a described game loaded
// from a shipped file or from YAML text, with every diagnostic formatted.
#pragma once

#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>

#include "model/core/atomic_file.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/described/described_game.h"
#include "rulesets/described/described_schema.h"
#include "rulesets/described/described_state.h"
#include "rulesets/engine_catalog.h"

namespace wb::rulesets::described::testing {

inline std::string shippedPath(const std::string& name) {
  return std::string(WB_SOURCE_DIR) + "/data/rulesets/" + name + "/" + name + ".yaml";
}

inline model::SchemaLookup lookup() { return builtinEngines().schemaLookup(); }

// Compiles a loaded ruleset; nullptr with the diagnostics in `errors`.
inline std::shared_ptr<const DescribedGame> compile(const model::LoadResult& r, std::string* errors = nullptr) {
  if (!r.ok()) {
    if (errors) *errors = r.diagnostics.format();
    return nullptr;
  }
  model::Diagnostics d;
  std::shared_ptr<const DescribedGame> g = DescribedGame::create(r.ruleset, d);
  if (errors) *errors = d.format();
  return g;
}

inline std::shared_ptr<const DescribedGame> shippedGame(const std::string& name) {
  std::string errors;
  auto g = compile(model::loadRuleset(shippedPath(name), lookup()), &errors);
  EXPECT_TRUE(g != nullptr) << errors;
  return g;
}

// A game from YAML text (file name "game.yaml"); `errors` gets every diagnostic.
inline std::shared_ptr<const DescribedGame> gameFromText(const std::string& yaml, std::string* errors = nullptr) {
  return compile(model::loadRulesetFromString(yaml, "game.yaml", lookup()), errors);
}

// Every diagnostic of loading `text` from a file game.yaml (through the file
// loader, so Lua scripts and includes are checked as in the window), with the
// temporary folder's path removed ("game.yaml:16:35: error: ...").
inline std::string loadErrors(const std::string& text) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("wb_described_input_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string path = (dir / "game.yaml").string();
  EXPECT_TRUE(model::writeFileAtomically(path, text));
  std::string out = model::loadRuleset(path, lookup()).diagnostics.format();
  for (std::size_t pos; (pos = out.find(dir.string() + "/")) != std::string::npos;) out.erase(pos, dir.string().size() + 1);
  fs::remove_all(dir);
  return out;
}

inline int counterIndex(const DescribedGame& g, const std::string& id) {
  const auto& cs = g.program().counters;
  for (std::size_t i = 0; i < cs.size(); ++i)
    if (cs[i].id == id) return static_cast<int>(i);
  ADD_FAILURE() << "no counter " << id;
  return 0;
}

inline sim::Action actionNamed(const sim::State& s, const std::string& name) {
  for (sim::Action a : s.legalActions())
    if (s.actionToString(a) == name) return a;
  return -1;
}

}  // namespace wb::rulesets::described::testing
