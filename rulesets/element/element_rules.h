// Element compiled once per run from its ruleset (engine "element"): the board
// geometry (neighbours in eight directions), the stones with their replacement
// cycle as a bit mask and their power (spread / jump / fortress / flow), the die
// as faces with weights, the sorcerers' starts, the initial stones and every
// number of the rules. Shared read-only by all games and threads of a run;
// compileRules() reports problems as diagnostics at the value's file:line:column
// (the schema's check hook runs it, so `balance validate` shows them too).
// The rules summary and the parameter table are in element_state.h.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"

namespace wb::rulesets::element {

inline constexpr int kMaxSide = 15;
inline constexpr int kMaxCells = kMaxSide * kMaxSide;  // 225: a cell fits in a uint8_t
inline constexpr int kNoCell = 255;
inline constexpr int kMaxStones = 6;                  // stone kinds (the game has 4)
inline constexpr int kMaxDice = 8;
inline constexpr int kPlayers = 2;

// Directions: 0 N, 1 NE, 2 E, 3 SE, 4 S, 5 SW, 6 W, 7 NW (N = towards higher rows).
// The orthogonal ones are the even indices.
inline constexpr int kDirs = 8;
inline constexpr std::array<int, kDirs> kDx = {0, 1, 1, 1, 0, -1, -1, -1};
inline constexpr std::array<int, kDirs> kDy = {1, 1, 0, -1, -1, -1, 0, 1};
inline constexpr int opposite(int d) { return (d + 4) & 7; }
inline constexpr int leftOf(int d) { return (d + 6) & 7; }   // a quarter turn left (orthogonal d)
inline constexpr int rightOf(int d) { return (d + 2) & 7; }  // a quarter turn right

// How often a sorcerer may move in a turn (parameter `sorcerer_moves`, assumed):
// AnyTime, after every placement, each move jumping wind for free (a new flight
// may start after every placement); Stepping, likewise, but a move after the
// turn's first must spend a step (no flight of jumps alone after a placement);
// Once, a single move a turn (steps and jumps together).
enum class Moves : std::uint8_t { AnyTime, Stepping, Once };

// A stone's natural property (rules: "Element properties").
enum class Power : std::uint8_t { None, Spread, Jump, Fortress, Flow };

struct StoneDef {
  std::string id;
  std::uint8_t beats = 0;  // bit s: this stone may replace stone s
  Power power = Power::None;
  std::vector<int> initial;  // cells it starts on
  char letter = '?';         // on the printed board (toString): W wind, A water
};

// What a die face gives: a named stone, any stone (the seal) or steps (the logo).
enum class FaceKind : std::uint8_t { Stone, AnyStone, Steps };

struct FaceDef {
  std::string symbol;
  FaceKind kind = FaceKind::Stone;
  int stone = -1;     // FaceKind::Stone
  int steps = 0;      // FaceKind::Steps
  int entity = -1;    // index into ids (the stone or the face entity)
  double weight = 1;  // relative frequency
};

struct ElementRules {
  // Numbers (parameters; see the table in element_state.h).
  int side = 11;
  int cells = 121;
  int stonesPerElement = 30;
  int dicePerTurn = 4;
  int baseSteps = 1;
  int fortressSize = 3;
  bool diagonalSteps = true;
  bool flowOptional = true;
  int turnLimit = 200;
  Moves moves = Moves::AnyTime;       // sorcerer_moves
  bool selfCaptureAtOnce = false;     // walled_in_self: at_turn_end (false) | at_once
  bool bothWalledDraw = false;        // both_walled_in: mover_wins (false) | draw
  bool captureAfterFlow = false;      // river_capture: each_square (false) | after_flow

  std::vector<StoneDef> stones;
  std::vector<FaceDef> faces;              // the die
  std::array<double, 16> faceCumulative{};  // cumulative weights for rolling
  double faceTotal = 0;
  std::array<int, kPlayers> start{};       // sorcerer start cells
  int sealEntity = -1, logoEntity = -1;    // entity indices of the first AnyStone / Steps face
  std::vector<std::string> ids;            // EntityLog: the stones, then the non-stone faces
  std::vector<std::string> counters;       // Game::counterIds(), see element_state.h

  // jumpable[board code & 0x0f]: the stone there may be jumped (power Jump).
  std::array<bool, 16> jumpable{};
  // neighbour[cell][dir], kNoCell off the board; onBoard[cell] bit d: neighbour d exists.
  std::array<std::array<std::uint8_t, kDirs>, kMaxCells> neighbour{};
  std::array<std::uint8_t, kMaxCells> onBoard{};
  std::uint8_t stepDirs = 0xff;  // directions a sorcerer steps in (all, or the orthogonal ones)
  // The direction from cell a to a neighbouring cell b, -1 if b is not a neighbour.
  int dirTo(int a, int b) const {
    const int dx = b % side - a % side, dy = b / side - a / side;
    if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0)) return -1;
    return kDirOf[dy + 1][dx + 1];
  }
  static constexpr int kDirOf[3][3] = {{5, 4, 3}, {6, -1, 2}, {7, 0, 1}};  // [dy + 1][dx + 1]

  int stoneCount() const { return static_cast<int>(stones.size()); }
  int stoneOf(const std::string& id) const;  // -1 if none
  // The power's stone (the first with it), -1 if none.
  int stoneWith(Power p) const;
  std::string squareName(int cell) const;     // "F5"
  int parseSquare(const std::string& name) const;  // -1 if not a square of the board
};

// Counter indices (Game::counterIds()): the fixed ones first, then per stone
// "placed_<stone>" and "capture_by_<stone>".
enum Counter : int {
  kCounterSpreads = 0,      // free stones placed by a spread ("fire spreads")
  kCounterFlows,            // rivers flowed
  kCounterFlowSteps,        // squares rivers advanced
  kCounterFlowReplaced,     // stones a river replaced (fire put out)
  kCounterReplaced,         // stones replaced by a placement
  kCounterFortresses,       // fortresses formed (or grown)
  kCounterJumps,            // wind jumps made by moves
  kCounterSteps,            // sorcerer steps made
  kCounterSealStones,       // stones placed with a seal
  kCounterLostStones,       // stones taken that could not be placed (empty tray, nowhere legal)
  kCounterCaptureBySorcerer,  // the capture was closed by a sorcerer's move
  kCounterCaptureSelf,        // the loser ended a turn unable to move (credited to the winner)
  kCounterTurnLimit,          // the duel reached turn_limit (a draw; counted for seat 0)
  // Blunders, counted so that an agent's mistakes are not read as the game's
  // balance: a turn ended at E <= 4 escapes while a square with E >= 6
  // was reachable (a move legal, steps left); and the capture on the very next turn.
  kCounterExposedAvoidably,
  kCounterLostAfterExposure,
  kCounterFixed
};
inline int placedCounter(int stone) { return kCounterFixed + 2 * stone; }
inline int captureCounter(int stone) { return kCounterFixed + 2 * stone + 1; }

std::shared_ptr<const ElementRules> compileRules(const model::Ruleset& ruleset, model::Diagnostics& out);

}  // namespace wb::rulesets::element
