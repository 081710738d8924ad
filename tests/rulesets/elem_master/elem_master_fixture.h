// Shared helpers of the Elem Master tests: the shipped ruleset loaded once,
// games compiled with parameter overrides (4 players, teams, events, free start),
// and a scripted-position fixture on an empty standard 6x6 board.
#pragma once

#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/elem_master/elem_master_game.h"
#include "rulesets/elem_master/elem_master_state.h"
#include "rulesets/engine_catalog.h"

namespace wb::rulesets::elem_master::testing {

inline std::string rulesetPath() {
  return std::string(WB_SOURCE_DIR) + "/data/rulesets/elem-master/elem-master.yaml";
}

inline const model::LoadResult& loadedRuleset() {
  static const model::LoadResult result = model::loadRuleset(rulesetPath(), builtinEngines().schemaLookup());
  return result;
}

// The game with some parameters overridden (value text parsed as the parameter's type).
inline std::shared_ptr<const ElemMasterGame> makeGame(const std::map<std::string, std::string>& overrides = {}) {
  model::Ruleset rs = loadedRuleset().ruleset;
  for (const auto& [id, text] : overrides) {
    model::Parameter* p = rs.parameter(id);
    if (!p) return nullptr;
    auto v = p->parse(text);
    if (!v) return nullptr;
    p->value = *v;
  }
  model::Diagnostics d;
  return std::shared_ptr<const ElemMasterGame>(ElemMasterGame::create(rs, d));
}

inline std::shared_ptr<const ElemMasterGame> sharedGame() {
  static const std::shared_ptr<const ElemMasterGame> game = makeGame();
  return game;
}

inline int terrainIndex(const ElemMasterRules& r, const std::string& id) {
  for (std::size_t i = 0; i < r.terrains.size(); ++i)
    if (r.terrains[i].id == id) return static_cast<int>(i);
  return -1;
}

// Scripted position: 2 players, empty board of tundra-free plain terrain
// (mountain everywhere unless a test changes it), player 0 to play with 3 AP.
class ElemMasterScript : public ::testing::Test {
 protected:
  void SetUp() override { build({}); }
  void build(const std::map<std::string, std::string>& overrides, int players = 2) {
    game = overrides.empty() ? sharedGame() : makeGame(overrides);
    ASSERT_TRUE(game != nullptr);
    sim::Rng rng(7);
    state = game->newGame(sim::GameSetup{players, {}}, rng);
    state->clearBoard();
    for (int c = 0; c < state->side() * state->side(); ++c) {
      state->setVoid(c, false);
      state->setTerrain(c, terrain("savanna"));
    }
    for (int p = 0; p < players; ++p) state->setSpecialty(p, -1);
  }
  int terrain(const std::string& id) const { return terrainIndex(game->rules(), id); }
  int specialty(const std::string& id) const {
    for (std::size_t i = 0; i < game->rules().specialties.size(); ++i)
      if (game->rules().specialties[i].id == id) return static_cast<int>(i);
    ADD_FAILURE() << "no specialty " << id;
    return -1;
  }
  int event(const std::string& id) const {
    for (std::size_t i = 0; i < game->rules().events.size(); ++i)
      if (game->rules().events[i].id == id) return static_cast<int>(i);
    ADD_FAILURE() << "no event " << id;
    return -1;
  }
  int sq(int r, int c) const { return state->cellOf(r, c); }
  // Puts a stack; keeps a Fire and an Earth of each player somewhere far unless told not to.
  void put(int r, int c, int owner, int element, int level, std::uint8_t flags = 0) {
    state->putStack(sq(r, c), owner, element, level, flags);
  }
  // Background: an Earth and a Fire for each player in the corners so nobody is eliminated
  // and the no-Fire end does not trigger.
  void keepAlive() {
    put(5, 0, 0, kEarth, 2);
    put(5, 1, 0, kFire, 1);
    put(0, 5, 1, kEarth, 2);
    put(0, 4, 1, kFire, 1);
  }
  static sim::Action A(Kind k, int a = 0, int b = 0, int x = 0) { return encodeAction(k, a, b, x); }
  void endTurn() { play(A(Kind::EndTurn)); }
  bool legal(sim::Action a) const { return state->isLegal(a); }
  void play(sim::Action a) {
    ASSERT_TRUE(state->applyAction(a, rng)) << "illegal: " << state->actionToString(a) << "\n" << state->toString();
  }
  const Cell& at(int r, int c) const { return state->cell(sq(r, c)); }

  std::shared_ptr<const ElemMasterGame> game;
  std::unique_ptr<ElemMasterState> state;
  sim::Rng rng{11};
};

}  // namespace wb::rulesets::elem_master::testing
