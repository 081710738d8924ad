// Shared helpers of the card-dice tests: the shipped ruleset loaded once, the
// compiled game, and small helpers to build scripted positions.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "model/path/ruleset_path.h"
#include "model/yaml/ruleset_loader.h"
#include "rulesets/card_dice/card_dice_game.h"
#include "rulesets/card_dice/card_dice_state.h"
#include "rulesets/engine_catalog.h"

namespace wb::rulesets::card_dice::testing {

inline std::string rulesetPath() { return std::string(WB_SOURCE_DIR) + "/data/rulesets/card-dice/card-dice.yaml"; }

inline const model::LoadResult& loadedRuleset() {
  static const model::LoadResult result =
      model::loadRuleset(rulesetPath(), builtinEngines().schemaLookup());
  return result;
}

inline std::shared_ptr<const CardDiceGame> sharedGame() {
  static const std::shared_ptr<const CardDiceGame> game = [] {
    model::Diagnostics d;
    std::shared_ptr<const CardDiceGame> g = CardDiceGame::create(loadedRuleset().ruleset, d);
    return g;
  }();
  return game;
}

// The shipped ruleset with values changed ({path, value} pairs, as `--set` takes them).
inline std::shared_ptr<const CardDiceGame> gameWith(const std::vector<std::pair<std::string, std::string>>& sets) {
  model::Ruleset r = loadedRuleset().ruleset;
  for (const auto& [path, value] : sets) {
    std::string error;
    EXPECT_TRUE(model::setPath(r, path, value, &error)) << path << ": " << error;
  }
  model::Diagnostics d;
  std::shared_ptr<const CardDiceGame> g = CardDiceGame::create(r, d);
  EXPECT_TRUE(g != nullptr) << d.format();
  return g;
}

// A scripted position: a dealt game whose player 0 is to play, with both hands,
// decks, discard piles and face-down rows emptied, known dice, and fixed gold.
class CardDiceScript : public ::testing::Test {
 protected:
  void SetUp() override { setUpWith(sharedGame()); }
  // Restarts the scripted position on another compiled ruleset (see gameWith).
  void setUpWith(std::shared_ptr<const CardDiceGame> g) {
    game = std::move(g);
    ASSERT_TRUE(game != nullptr);
    state = game->newGame(rng);
    for (int p = 0; p < 2; ++p)
      for (Zone z : {Zone::Deck, Zone::Hand, Zone::Discard, Zone::FaceDown}) state->clearZone(p, z);
    for (int d = 0; d < game->rules().numDice(); ++d) state->setDie(d, 3);
    state->setGold(0, 50);
    state->setGold(1, 0);
  }
  int card(const std::string& id) const {
    const int c = game->rules().cardIndex(id);
    EXPECT_GE(c, 0) << "no card " << id;
    return c;
  }
  int die(const std::string& id) const {
    for (int d = 0; d < game->rules().numDice(); ++d)
      if (game->rules().dice[d].id == id) return d;
    ADD_FAILURE() << "no die " << id;
    return 0;
  }
  void setDie(const std::string& id, int v) { state->setDie(die(id), v); }
  // Applies an action, failing the test if it is illegal.
  void act(ActionKind kind, int c = 0, int d = 0, int arg = 0) {
    ASSERT_TRUE(state->applyAction(encodeAction(kind, c, d, arg), rng))
        << "illegal: " << state->actionToString(encodeAction(kind, c, d, arg)) << "\n" << state->toString();
  }
  bool legal(ActionKind kind, int c = 0, int d = 0, int arg = 0) const {
    return state->isLegal(encodeAction(kind, c, d, arg));
  }
  // Gives player p the card in hand and executes it (player 0 on their turn).
  void playFromHand(const std::string& id, int d = 0, int arg = 0) {
    state->giveCard(state->currentPlayer(), Zone::Hand, card(id));
    const CardDef& def = game->rules().cards[card(id)];
    act(def.kind == CardKind::Blessing ? ActionKind::PlayBlessing : ActionKind::ExecuteAction, card(id), d, arg);
  }
  const PlayerState& p0() const { return state->player(0); }
  const PlayerState& p1() const { return state->player(1); }

  sim::Rng rng{12345};
  std::shared_ptr<const CardDiceGame> game;
  std::unique_ptr<CardDiceState> state;
};

}  // namespace wb::rulesets::card_dice::testing
