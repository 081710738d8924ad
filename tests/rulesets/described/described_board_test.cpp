// The board vocabulary of the rules language (data/schema/game-description.md,
// "Boards"): a small game on a 5x5 grid plays and ends, and every bad input of
// a board keyword is an error at its file:line:column with "did you mean".
#include "tests/rulesets/described/described_fixture.h"
#include "tests/simulation/conformance.h"

namespace wb::rulesets::described::testing {
namespace {

// Line 1 is `id: t`; the board starts on line 12, the actions on line 26.
const std::string kGame = R"(id: t
name: T
engine: described
players: {min: 2, max: 2}
cards:
  - {id: fire, name: Fire, count: 0, properties: {hot: 1}}
  - {id: wind, name: Wind, count: 0}
rules:
  counters:
    tray: {per: game, max: 20, start: 20}
    placed: {per: player, max: 1000}
  board:
    grid: {columns: 5, rows: 5}
    pieces:
      fire: {beats: [wind], supply: tray}
      wind: {jump: true}
    start: {C3: wind}
    tokens:
      pawn: {start: [A1, E5], diagonal: 1, jump: true}
  end:
    - when: to_act and opponent_escapes == 0
      winner: player
    - when: tray == 0
      winner: {most: placed}
  turn:
    actions:
)";

// The game with `actions` (indented under `actions:`) and `replace` pairs
// applied; every diagnostic of loading it from a file, folder removed.
std::string load(const std::string& actions, const std::vector<std::pair<std::string, std::string>>& replace = {}) {
  std::string text = kGame;
  for (const auto& [from, to] : replace) {
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    if (at != std::string::npos) text.replace(at, from.size(), to);
  }
  std::string indented;
  for (std::size_t at = 0; at < actions.size();) {
    const std::size_t end = std::min(actions.find('\n', at), actions.size());
    indented += "      " + actions.substr(at, end - at) + "\n";
    at = end + 1;
  }
  text += indented;
  return loadErrors(text);
}

const std::string kPlay =
    "- id: put\n  place: {pieces: [fire]}\n  effects: [{gain: {placed: 1}}, {spread: {}}, end_turn]\n"
    "- id: go\n  move_token: {token: pawn, steps: 1}\n  effects: [end_turn]";

TEST(DescribedBoard, AGameOnAGridValidatesPlaysAndEnds) {
  EXPECT_EQ(load(kPlay), "");
  auto game = gameFromText(kGame + "      - id: put\n        place: {pieces: [fire]}\n        effects: [{gain: {placed: 1}}, "
                                   "{spread: {}}, end_turn]\n      - id: go\n        move_token: {token: pawn, steps: 1}\n"
                                   "        effects: [end_turn]\n");
  ASSERT_TRUE(game);
  sim::conformance::Options o;
  o.playouts = 30;
  sim::conformance::checkAll(*game, sim::GameSetup{2, {}}, o);
  sim::Rng rng(3);
  auto s = game->newGame(2, rng);
  // 25 cells - 2 pawns, the wind at C3 replaceable: 23 placements; the pawn at A1 steps to A2, B1,
  // B2, and from B2 jumps the wind at C3 to D4 (one step in all).
  int places = 0, moves = 0;
  const sim::State& view = *s;
  for (sim::Action a : view.legalActions()) (s->actionToString(a).rfind("put fire ", 0) == 0 ? places : moves) += 1;
  EXPECT_EQ(places, 23);
  EXPECT_EQ(moves, 4);
  EXPECT_TRUE(s->applyAction(actionNamed(view, "put fire C3"), rng));
  EXPECT_EQ(s->board().piece[12], 0) << "fire replaced the wind";
  EXPECT_EQ(s->counter(counterIndex(*game, "tray"), 0), 19);
}

TEST(DescribedBoard, AnUnknownCellIsAtItsPlaceWithTheNearestCell) {
  EXPECT_EQ(load(kPlay, {{"start: {C3: wind}", "start: {C7: wind}"}}),
            "game.yaml:17:13: error: 'C7' is not a cell of the 5x5 board (columns A..E, rows 1..5) (did you mean 'C5'?)\n");
}

TEST(DescribedBoard, AnOffBoardStartIsAnError) {
  EXPECT_EQ(load(kPlay, {{"[A1, E5]", "[A1, F5]"}}),
            "game.yaml:19:26: error: 'F5' is not a cell of the 5x5 board (columns A..E, rows 1..5) (did you mean 'E5'?)\n");
}

TEST(DescribedBoard, AnUnknownPieceSaysWhatItMayBe) {
  EXPECT_EQ(load(kPlay, {{"fire: {beats", "fier: {beats"}}),
            "game.yaml:15:7: error: unknown piece 'fier': a piece is a card of the ruleset's 'cards:' (did you mean "
            "'fire'?)\n"
            "game.yaml:28:26: error: unknown piece 'fire'\n");
  EXPECT_EQ(load(kPlay, {{"beats: [wind]", "beats: [wnd]"}}),
            "game.yaml:15:22: error: unknown piece 'wnd' (did you mean 'wind'?)\n");
}

TEST(DescribedBoard, AnUnknownTokenSupplyOrActionIsNamed) {
  std::string pwn = kPlay;
  pwn.replace(pwn.find("token: pawn"), 11, "token: pwn");
  EXPECT_EQ(load(pwn),
            "game.yaml:31:29: error: unknown token 'pwn' (did you mean 'pawn'?)\n");
  EXPECT_EQ(load(kPlay, {{"supply: tray", "supply: try"}}),
            "game.yaml:15:37: error: unknown counter 'try' (did you mean 'tray'?)\n");
  EXPECT_EQ(load(kPlay + "\n- id: pass\n  unless_legal: [putt]\n  effects: [end_turn]"),
            "game.yaml:34:24: error: unknown action 'putt' (did you mean 'put'?)\n");
}

TEST(DescribedBoard, BoardKeywordsNeedABoardAndAPlacement) {
  EXPECT_NE(load(kPlay, {{"  board:\n", "  bored:\n"}}).find("'place' needs the rules' 'board:'"), std::string::npos);
  EXPECT_EQ(load("- id: go\n  effects: [{spread: {}}, end_turn]"),
            "game.yaml:28:20: error: 'spread' acts on the piece an action placed: only an action with 'place' has "
            "one\n");
  EXPECT_EQ(load(kPlay, {{"grid: {columns: 5, rows: 5}", "grid: {columns: 5}"}}).substr(0, 50),
            "game.yaml:13:11: error: 'grid' needs 'columns' and");
  EXPECT_EQ(load(kPlay, {{"[A1, E5]", "[A1, A1]"}}),
            "game.yaml:19:26: error: cell A1 is taken twice at the start\n");
}

// A board of linked cells: a ring of five around a hub. Steps follow the links;
// a link goes both ways; a link to no cell is named with the nearest cell.
const std::string kGraph =
    "    graph: {hub: [n, e, s, w, x], n: [e], e: [s], s: [w], w: [x], x: [n]}\n";

TEST(DescribedBoard, AGraphBoardPlaysAlongItsLinks) {
  const std::string grid = "    grid: {columns: 5, rows: 5}\n";
  std::string text = kGame;
  text.replace(text.find(grid), grid.size(), kGraph);
  text.replace(text.find("start: {C3: wind}"), 17, "start: {x: wind}");
  text.replace(text.find("[A1, E5], diagonal: 1, jump: true"), 33, "[n, s]");
  text += "      - id: put\n        place: {pieces: [fire]}\n        effects: [{gain: {placed: 1}}, {lock_group: {size: 2}}, "
          "end_turn]\n      - id: go\n        move_token: {token: pawn, steps: 1}\n        effects: [end_turn]\n";
  std::string errors;
  auto game = gameFromText(text, &errors);
  ASSERT_TRUE(game) << errors;
  sim::Rng rng(2);
  auto s = game->newGame(2, rng);
  const sim::State& view = *s;
  std::vector<std::string> moves;
  for (sim::Action a : view.legalActions())
    if (s->actionToString(a).rfind("go ", 0) == 0) moves.push_back(s->actionToString(a));
  EXPECT_EQ(moves, (std::vector<std::string>{"go hub", "go e"})) << "n links to hub, e and x (x holds a wind)";
  EXPECT_EQ(s->escapes(0), 2);
  sim::conformance::Options o;
  o.playouts = 30;
  sim::conformance::checkAll(*game, sim::GameSetup{2, {}}, o);
}

TEST(DescribedBoard, AGraphLinkToNothingIsAnError) {
  const std::string grid = "grid: {columns: 5, rows: 5}";
  // Every cell is a key of the graph (`e: []` for one whose links are written elsewhere).
  std::string noSpread = kPlay;
  noSpread.erase(noSpread.find("{spread: {}}, "), 14);
  EXPECT_EQ(load(noSpread, {{grid, "graph: {hub: [n, e], n: [e, huub], e: []}"}, {"start: {C3: wind}", "start: {n: wind}"},
                            {"[A1, E5], diagonal: 1, jump: true", "[hub, e]"}}),
            "game.yaml:13:33: error: cell 'n' is linked to 'huub', which is no cell of the graph (did you mean "
            "'hub'?)\n");
  EXPECT_EQ(load(kPlay, {{grid, "graph: {hub: [n, e], n: [e], e: []}"}, {"start: {C3: wind}", "start: {n: wind}"},
                         {"[A1, E5], diagonal: 1, jump: true", "[hub, e]"}}),
            "game.yaml:29:41: error: 'spread' follows straight lines, which a 'graph' has not: use a 'grid'\n");
}

}  // namespace
}  // namespace wb::rulesets::described::testing
