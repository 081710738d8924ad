// Shared helpers of the element tests: the shipped ruleset compiled once, a
// loader for variants written as YAML text, and a scripted position builder
// (squares by name, e.g. "F5").
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "model/yaml/ruleset_loader.h"
#include "rulesets/element/element_game.h"
#include "rulesets/element/element_schema.h"
#include "rulesets/element/element_state.h"

namespace wb::rulesets::element::test {

inline std::string rulesetPath() { return std::string(WB_SOURCE_DIR) + "/data/rulesets/element/element.yaml"; }

inline const model::EngineSchema* lookup(std::string_view engine) {
  return engine == kEngineName ? &engineSchema() : nullptr;
}

inline model::LoadResult loadShipped() { return model::loadRuleset(rulesetPath(), lookup); }

// The shipped game, compiled once per test program.
inline std::shared_ptr<const ElementGame> shippedGame() {
  static std::shared_ptr<const ElementGame> game = [] {
    model::LoadResult r = loadShipped();
    EXPECT_TRUE(r.ok()) << r.diagnostics.format();
    model::Diagnostics d;
    std::shared_ptr<const ElementGame> g = ElementGame::create(r.ruleset, d);
    EXPECT_TRUE(g != nullptr) << d.format();
    return g;
  }();
  return game;
}

// The shipped ruleset with parameters changed (PATH=VALUE as for `balance --set`).
std::shared_ptr<const ElementGame> variantGame(const std::vector<std::pair<std::string, std::string>>& sets);

// An empty board with the sorcerers placed, for scripted positions.
struct Position {
  explicit Position(std::shared_ptr<const ElementGame> g = shippedGame()) : game(std::move(g)), state(game->newEmpty()) {}
  int cell(const std::string& square) const { return state->cellAt(square); }
  int stone(const std::string& id) const { return game->rules().stoneOf(id); }
  void put(const std::string& id, const std::vector<std::string>& squares, bool fortify = false) {
    for (const auto& s : squares) state->setStone(cell(s), stone(id), fortify);
  }
  void sorcerers(const std::string& first, const std::string& second) {
    state->setSorcerer(0, cell(first));
    state->setSorcerer(1, cell(second));
  }
  void turn(int p, const std::vector<std::string>& faces) { state->setTurn(p, faces); }
  sim::Action place(const std::string& id, const std::string& square) const { return placeAction(stone(id), cell(square)); }
  sim::Action move(const std::string& square) const { return moveAction(cell(square)); }
  bool play(sim::Action a) { return state->applyAction(a, rng); }
  bool isLegal(sim::Action a) const { return state->isLegal(a); }
  std::string at(const std::string& square) const {
    const int s = state->stoneAt(cell(square));
    return s < 0 ? "" : game->rules().stones[s].id;
  }

  std::shared_ptr<const ElementGame> game;
  std::unique_ptr<ElementState> state;
  sim::Rng rng{1};
};

}  // namespace wb::rulesets::element::test
