// The Zoneplex ruleset compiled once per run into flat structures: the tile
// types with their counts, the action cards (steps, dislocate, the Fears with
// class, strength bonus and relic reward), the relic cards with their effect,
// the sacred symbols, the pyramid die, the numbers of the rules and the
// pyramid geometry. Shared read-only by all games and threads of a run.
// compileRules() reports problems as diagnostics, never throws.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"

namespace wb::rulesets::zoneplex {

inline constexpr int kMaxRows = 7;
inline constexpr int kMaxCells = kMaxRows * kMaxRows;  // 49
inline constexpr int kEyeCell = 0;                     // the apex
inline constexpr int kMaxPlayers = 5;
inline constexpr int kMaxSymbols = 8;
inline constexpr int kMaxTileTypes = 40;
inline constexpr int kMaxTileCopies = 64;
inline constexpr int kMaxActionCards = 120;
inline constexpr int kMaxRelicCards = 64;
inline constexpr int kMaxDieFaces = 12;
inline constexpr int kFearClasses = 3;  // blue, green, magenta (Master counts as any)

enum class TileKind : std::uint8_t { Neutral, Sacred, Teleporter, MasterTeleporter, Reliquary, Wall, Eye };
enum class CardKind : std::uint8_t { Step, Dislocate, Fear };
enum class FearClass : std::uint8_t { Blue, Green, Magenta, Master };
enum class RelicOp : std::uint8_t {
  Influence, CanopicJar,                 // revealed when gained (passive)
  MoveOther, StealRelic, DislocateStone, GainWms, DrainWms,  // own turn
  ExtraSteps, Warp,                      // while moving
  WeakenFear, AttackBonus,               // in a battle one takes part in
};
inline constexpr int kRelicOpCount = static_cast<int>(RelicOp::AttackBonus) + 1;
const char* relicOpName(RelicOp op);
bool isPassiveRelic(RelicOp op);
bool isBattleRelic(RelicOp op);
bool isMoveRelic(RelicOp op);

struct TileType {
  std::string id, name;
  TileKind kind = TileKind::Neutral;
  int symbol = -1;  // Sacred: index into symbols
  int colour = -1;  // Teleporter: 0.. per colour; MasterTeleporter: -1
  int count = 0;
  int entity = 0;   // index in ids (entity log)
  bool isChamber() const { return kind == TileKind::Neutral || kind == TileKind::Sacred; }
  bool isTeleporter() const { return kind == TileKind::Teleporter || kind == TileKind::MasterTeleporter; }
};

struct ActionCardType {
  std::string id, name;
  CardKind kind = CardKind::Step;
  int steps = 1;   // Step: exact steps; Dislocate: most steps (1..steps)
  int tiles = 1;   // tiles drawn and placed
  FearClass fearClass = FearClass::Blue;
  int strength = 0;  // Fear: added to the die roll
  int relics = 0;    // Fear: relics awarded when defeated
  int count = 1;
  int entity = 0;
};

struct RelicType {
  std::string id, name;
  RelicOp op = RelicOp::Influence;
  int amount = 1;  // influence / steps / bonus / rolls / WMS, per op
  int count = 1;
  int entity = 0;
};

// The triangular grid: row r (0 = apex) has 2r + 1 cells, index r*r + k;
// even k point up, odd k point down. Sides: 0 left, 1 right, 2 base/top.
struct Geometry {
  int rows = kMaxRows;
  int cells = kMaxCells;
  std::array<std::array<std::int8_t, 3>, kMaxCells> neighbour{};  // -1 = outline
  std::array<std::int8_t, kMaxCells> rowOf{}, posOf{};
  std::vector<int> foundation;  // the upward cells of the bottom row
  static Geometry make(int rows);
  int cell(int row, int pos) const { return row * row + pos; }
  bool up(int c) const { return posOf[c] % 2 == 0; }
  // Side of `a` that touches `b`, -1 if they are not neighbours.
  int sideTowards(int a, int b) const;
};

// Indices of the engine's event counters (Game::counterIds(), State::counters()).
struct CounterIndex {
  int battleSolo = 0, battleGroup = 0, battleSoloWon = 0, battleGroupWon = 0;  // by the drawer
  int invitationOffered = 0;    // per invited seat, counted for the drawer
  int invitationAccepted = 0, invitationDeclined = 0;  // counted for the invitee
  int fearGiven = 0;            // the drawer's offer gives the Fear to another seat
  int relicShareGiven = 0;      // relics of the Fear the drawer's offer gives to others
  int giftOffered = 0;          // relics the drawer puts into an invitation
  int joinAsked = 0, joinAdmitted = 0, joinRefused = 0;  // counted for the uninvited player
  int sacrificePromised = 0;    // stones promised by a player asking to join
  int relicShareUndrawn = 0;    // relics of a won Fear nobody in the battle had room for
  int reliquarySkipped = 0;     // a reliquary draw below the limit declined
  std::vector<int> relicUsed;   // per relic type: "relic_used_<id>"
  std::vector<int> relicHeld;   // per relic type: "relic_held_<id>", once per player and game
  std::vector<int> wmsEnd;      // per WMS value: "wms_end_<w>", each player once at the end
};

struct ZoneplexRules {
  std::vector<TileType> tiles;
  std::vector<ActionCardType> actions;
  std::vector<RelicType> relics;
  std::vector<std::string> symbols;      // sacred symbol card ids
  std::vector<int> symbolEntity;
  std::vector<int> dieValues;            // pyramid die faces
  std::vector<bool> dieEye;              // the face is the Eye (critical miss)
  std::vector<double> dieCumulative;     // cumulative weights
  std::vector<double> dieProb;           // normalised weights
  // Unique per compiled rules object in this process (never reused): a cache key
  // (ZoneplexState::defeatChance).
  std::uint64_t uid = 0;
  Geometry geometry;
  int teleporterColours = 3;

  int spiritStones = 4;
  int wmsStart = 1, wmsMin = 1, wmsMax = 4;
  int tileHand = 3;
  int relicLimit = 4;
  int foundationTiles = 7;
  int stepCardsOnTop = 2;
  int influenceNeutral = 1, influenceOwn = 2, influenceUnclaimed = 1, influenceOther = 2;
  int eyeBonus = 2;
  int canopicJarStrength = 0;
  bool canopicJarAnyClass = true;  // canopic_jar_class: any (a wild class) or none (counts for most Fears only)
  int maxTurns = 120;

  std::vector<std::string> counterIds;
  CounterIndex counter;

  // Entity log: tiles, action cards, relics, symbols, then the metric pseudo-entities.
  std::vector<std::string> ids;
  int metricEye = 0, metricCataclysm = 0, metricZoneplexWins = 0, metricSolo = 0, metricGroup = 0;
  // Per Fear card strength: "battle:solo:strength_S" / "battle:group:strength_S" (-1 = none).
  std::vector<int> metricSoloByStrength, metricGroupByStrength;

  int tileIndex(std::string_view id) const;
  int actionIndex(std::string_view id) const;
  int relicIndex(std::string_view id) const;
  int symbolIndex(std::string_view id) const;
};

// Compiles a ruleset of engine zoneplex; nullptr (with diagnostics) on errors.
std::shared_ptr<const ZoneplexRules> compileRules(const model::Ruleset& ruleset, model::Diagnostics& out);

}  // namespace wb::rulesets::zoneplex
