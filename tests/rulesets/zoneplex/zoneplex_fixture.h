// Shared helpers of the zoneplex tests: the shipped ruleset compiled once, and
// small builders for scripted positions.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/zoneplex/zoneplex_game.h"
#include "rulesets/zoneplex/zoneplex_schema.h"
#include "rulesets/zoneplex/zoneplex_state.h"

namespace wb::rulesets::zoneplex::test {

inline std::string rulesetPath() { return std::string(WB_SOURCE_DIR) + "/data/rulesets/zoneplex/zoneplex.yaml"; }

inline model::LoadResult loadShipped() {
  return model::loadRuleset(rulesetPath(), [](std::string_view engine) -> const model::EngineSchema* {
    return engine == kEngineName ? &engineSchema() : nullptr;
  });
}

// The shipped game, compiled once per test program.
inline std::shared_ptr<const ZoneplexGame> shippedGame() {
  static std::shared_ptr<const ZoneplexGame> game = [] {
    model::LoadResult r = loadShipped();
    EXPECT_TRUE(r.ok()) << r.diagnostics.format();
    model::Diagnostics d;
    std::shared_ptr<const ZoneplexGame> g = ZoneplexGame::create(r.ruleset, d);
    EXPECT_TRUE(g != nullptr) << d.format();
    return g;
  }();
  return game;
}

}  // namespace wb::rulesets::zoneplex::test
