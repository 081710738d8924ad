// Scripted Zoneplex positions for the rule tests: an emptied pyramid (only the
// cells a test sets), empty hands and stacks, a chosen action deck, and a
// game compiled with a fixed pyramid die so battles are deterministic.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "model/path/ruleset_path.h"
#include "tests/rulesets/zoneplex/zoneplex_fixture.h"

namespace wb::rulesets::zoneplex::test {

// The shipped ruleset with the pyramid die replaced by one face.
inline std::shared_ptr<const ZoneplexGame> gameWithDie(const std::string& symbol, double value) {
  model::LoadResult r = loadShipped();
  EXPECT_TRUE(r.ok()) << r.diagnostics.format();
  model::Die* die = r.ruleset.die("pyramid");
  EXPECT_TRUE(die != nullptr);
  die->faces = {model::DieFace{symbol, value, 1.0}};
  model::Diagnostics d;
  std::shared_ptr<const ZoneplexGame> g = ZoneplexGame::create(r.ruleset, d);
  EXPECT_TRUE(g != nullptr) << d.format();
  return g;
}

// The shipped ruleset with values changed by path (as `balance run --set` does).
inline std::shared_ptr<const ZoneplexGame> gameWith(const std::vector<std::pair<std::string, std::string>>& values) {
  model::LoadResult r = loadShipped();
  EXPECT_TRUE(r.ok()) << r.diagnostics.format();
  for (const auto& [path, value] : values) {
    std::string error;
    EXPECT_TRUE(model::setPath(r.ruleset, path, value, &error)) << path << "=" << value << ": " << error;
  }
  model::Diagnostics d;
  std::shared_ptr<const ZoneplexGame> g = ZoneplexGame::create(r.ruleset, d);
  EXPECT_TRUE(g != nullptr) << d.format();
  return g;
}

struct Position {
  std::shared_ptr<const ZoneplexGame> game;
  std::unique_ptr<ZoneplexState> state;
  sim::Rng rng{12345};

  explicit Position(int players, std::shared_ptr<const ZoneplexGame> g = shippedGame()) : game(std::move(g)) {
    state = game->newGame(players, rng);
    for (int c = 1; c < rules().geometry.cells; ++c) state->clearCell(c);
    state->clearTileSupply();
    for (int p = 0; p < players; ++p) {
      state->setHandTiles(p, {});
      state->setPosition(p, -1);
      state->setSymbol(p, p);
    }
    state->setRelicDeck({});
  }
  const ZoneplexRules& rules() const { return game->rules(); }
  int tile(const char* id) const { return rules().tileIndex(id); }
  int card(const char* id) const { return rules().actionIndex(id); }
  int relic(const char* id) const { return rules().relicIndex(id); }
  static int cell(int row, int pos) { return row * row + pos; }
  // Starts p's turn with `cardId` on top (and `rest` below it, drawn later).
  void turn(int p, const char* cardId, std::vector<int> rest = {}) {
    rest.push_back(card(cardId));
    state->setActionDeck(rest);
    state->startTurnOf(p, rng);
  }
  std::vector<sim::Action> legal() const { return state->legalActions(); }
  bool isLegal(sim::Action a) const {
    const auto l = legal();
    return std::find(l.begin(), l.end(), a) != l.end();
  }
  bool apply(sim::Action a) { return state->applyAction(a, rng); }
  int count(ActionKind kind) const {
    int n = 0;
    for (sim::Action a : legal()) n += kindOf(a) == kind ? 1 : 0;
    return n;
  }
  // The drawer's offer: invited seats, who takes the Fear, and relic shares per seat.
  sim::Action offer(int invited, int fearTo, std::vector<int> shares = {}) const {
    shares.resize(static_cast<std::size_t>(state->numPlayers()), 0);
    return encode(ActionKind::Offer, offerPayload(invited, fearTo, shares.data(), state->numPlayers()));
  }
  // Fighting alone, drawing all the Fear's relics there is room for.
  sim::Action soloOffer() const {
    const int drawer = state->turnPlayer();
    const int relics = rules().actions[static_cast<std::size_t>(state->fearCard())].relics;
    const int room = rules().relicLimit - state->player(drawer).relics.count();
    std::vector<int> shares(static_cast<std::size_t>(state->numPlayers()), 0);
    shares[static_cast<std::size_t>(drawer)] = std::max(0, std::min(relics, room));
    return offer(0, drawer, shares);
  }
  // Every uninvited player stays out of the battle.
  void noJoiners() {
    while (state->stage() == Stage::BattleJoin) EXPECT_TRUE(apply(encode(ActionKind::StayOut, 0)));
  }
  // The offer, then nobody else asks to join.
  bool offerAndStart(sim::Action a) {
    if (!apply(a)) return false;
    noJoiners();
    return true;
  }
};

inline sim::Action step(int c) { return encode(ActionKind::Step, c); }
inline sim::Action teleport(int c) { return encode(ActionKind::Teleport, c); }
inline sim::Action place(int tileType, int c, int wallSide = -1) {
  return encode(ActionKind::Place, placePayload(tileType, c, wallSide < 0 ? 3 : wallSide));
}

}  // namespace wb::rulesets::zoneplex::test
