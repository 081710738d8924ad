// Shared helpers of the elemenz tests: the shipped ruleset compiled once (and
// with parameters changed), and builders for scripted positions.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/elemenz/elemenz_game.h"
#include "rulesets/elemenz/elemenz_schema.h"
#include "rulesets/elemenz/elemenz_state.h"

namespace wb::rulesets::elemenz::test {

inline std::string rulesetPath() { return std::string(WB_SOURCE_DIR) + "/data/rulesets/elemenz/elemenz.yaml"; }

inline model::SchemaLookup schemaLookup() {
  return [](std::string_view engine) -> const model::EngineSchema* {
    return engine == kEngineName ? &engineSchema() : nullptr;
  };
}

inline model::LoadResult loadShipped() { return model::loadRuleset(rulesetPath(), schemaLookup()); }

// The shipped game with some parameters changed (id -> value text).
inline std::shared_ptr<const ElemenzGame> gameWith(const std::vector<std::pair<std::string, std::string>>& values) {
  model::LoadResult r = loadShipped();
  EXPECT_TRUE(r.ok()) << r.diagnostics.format();
  for (const auto& [id, text] : values) {
    model::Parameter* p = r.ruleset.parameter(id);
    EXPECT_TRUE(p != nullptr) << id;
    if (!p) continue;
    auto v = p->parse(text);
    EXPECT_TRUE(v.has_value()) << id << " = " << text;
    if (v) p->value = *v;
  }
  model::Diagnostics d;
  std::shared_ptr<const ElemenzGame> g = ElemenzGame::create(r.ruleset, d);
  EXPECT_TRUE(g != nullptr) << d.format();
  return g;
}

// The shipped game, compiled once per test program.
inline std::shared_ptr<const ElemenzGame> shippedGame() {
  static std::shared_ptr<const ElemenzGame> game = gameWith({});
  return game;
}

inline std::shared_ptr<const ElemenzGame> avatarGame() {
  static std::shared_ptr<const ElemenzGame> game = gameWith({{"avatars", "true"}});
  return game;
}

// Seats get the shamans in this order (faction indices of the shipped file:
// fire 0, water 1, earth 2, air 3).
inline constexpr int kFireFaction = 0, kWaterFaction = 1, kEarthFaction = 2, kAirFaction = 3;

inline std::unique_ptr<ElemenzState> newGame(const ElemenzGame& game, std::vector<int> factions, std::uint64_t seed = 1) {
  sim::Rng rng(seed);
  const int players = static_cast<int>(factions.size());
  sim::GameSetup setup(players, std::move(factions));
  return game.newGame(setup, rng);
}

inline int combo(const ElemenzGame& game, const char* id) {
  const int c = game.rules().comboIndex(id);
  EXPECT_GE(c, 0) << id;
  return c;
}
inline int token(const ElemenzGame& game, const char* id) {
  const int t = game.rules().tokenIndex(id);
  EXPECT_GE(t, 0) << id;
  return t;
}
inline int avatar(const ElemenzGame& game, const char* id) {
  const int a = game.rules().avatarIndex(id);
  EXPECT_GE(a, 0) << id;
  return a;
}

inline bool hasAction(const sim::State& s, sim::Action a) {
  const std::vector<sim::Action> legal = s.legalActions();
  return std::find(legal.begin(), legal.end(), a) != legal.end();
}

inline int countKind(const sim::State& s, ActionKind kind) {
  int n = 0;
  for (sim::Action a : s.legalActions()) n += kindOf(a) == kind;
  return n;
}

}  // namespace wb::rulesets::elemenz::test
