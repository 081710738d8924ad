// Elem Master compiled once per run from its ruleset (engine "elem_master"):
// the terrains (what grows there, which special effect applies), the terrain
// blocks, the arenas (void cells and predefined start), the 16 specialties and
// the 30 events as flat definitions, and every number of the rules. Shared
// read-only by all games and threads of a run; compileRules() reports problems
// as diagnostics. The rules summary and parameter table are in elem_master_state.h.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"

namespace wb::rulesets::elem_master {

inline constexpr int kElements = 4;        // Terre, Feu, Eau, Air
enum Element : std::uint8_t { kEarth = 0, kFire = 1, kWater = 2, kAir = 3 };
const char* elementName(int element);      // "earth", "fire", ...
int elementFromName(const std::string& name);  // -1 if unknown

inline constexpr int kMaxSide = 10;        // 10x10 board for 4 players
inline constexpr int kMaxCells = kMaxSide * kMaxSide;
inline constexpr int kMaxPlayers = 4;
inline constexpr int kMaxEventSlots = 8;

// "Les terrains": the special rule a terrain carries besides growth.
enum class TerrainEffect : std::uint8_t { None, Desert, Canyon, Jungle, Tundra };

struct TerrainDef {
  std::string id;
  std::uint8_t growMask = 0;  // bit e: element e may grow here
  TerrainEffect effect = TerrainEffect::None;
  int set = 0;                // 0 standard, 1 advantageous, 2 difficult
};

// A terrain block: a size x size square, one terrain per cell (row-major).
struct BlockDef {
  std::string id;
  int size = 3;
  int set = 0;
  std::vector<std::uint8_t> cells;  // terrain indices
};

struct StartToken {
  int row = 0, col = 0;  // seat-local: row 0 = the seat's back row
  int element = 0, level = 1;
};

struct ArenaDef {
  std::string id;
  int players = 2;
  std::vector<int> voidCells;       // board cells r * side + c
  std::vector<StartToken> start;    // seat 0's predefined start (others rotated)
};

// "Les spécialités": what each ability's effect op does.
enum class SpecOp : std::uint8_t {
  None, MultiMove, Reanimate, SacrificeSummon, Summon, InteractionGain, WaveNoMark,
  DoubleGrowth, Destroy, ControlEnemy, Transmute, Mark, DoubleDamage, ActAs,
};

enum class Region : std::uint8_t { Home, Half, Anywhere };

struct SpecialtyDef {
  std::string id;
  SpecOp op = SpecOp::None;
  int cost = 0;        // action points
  int element = -1;    // MultiMove: who moves; Summon / Sacrifice: what appears
  int level = 1;       // summoned level / Destroy: target level
  int count = 1;       // summoned elementals / Reanimate: tokens kept aside
  int moves = 2;       // MultiMove: successive moves for one AP; Summon: free moves after
  int gain = 2;        // InteractionGain: levels won
  int source = -1, target = -1;  // InteractionGain: the attacking and attacked elements
  bool targetEnemy = true;       // InteractionGain: the attacked elemental is an opponent's
  bool markPlaced = false;       // Summon: placed elementals are marked played
  int uses = 0;                  // 0 = unlimited, else per game
  Region region = Region::Home;
};

// "Les évènements": what each event's effect op does.
enum class EventOp : std::uint8_t {
  None, LevelAll, Immobilize, LevelOne, ConvertAll, NoFullMoves, FreeBreath, BreathNoMark,
  Summon, AirMoves, WaterFlood, LevelArea, Avalanche, FireHeat, Drought, ExtraAction,
  Mudslide, Collapse, Aurora, LevelSome, ShootingStar, FullMoon, Eclipse, Tremor,
};

struct EventDef {
  std::string id;
  EventOp op = EventOp::None;
  int element = -1;
  int delta = 0;        // level change
  int count = 1;        // elementals affected / voids placed / moves
  int level = 1;        // Summon level; ConvertAll: the level converted
  int toElement = -1;   // ConvertAll target
  int cap = 3;          // LevelOne: the level it may reach (Tornade may exceed 3)
  int turns = 1;        // duration in turns (Sécheresse: in rounds, one turn of each player)
  bool enemyOnly = false;
  Region region = Region::Anywhere;
};

struct ElemMasterRules {
  // Numbers (parameters; see the table in elem_master_state.h).
  int actionPoints = 3;
  int maxLevel = 3;
  int tokensPerElement = 6;
  int eventsDrawn = 6;
  int eventsPerPlayer = 3;
  int eventCost = 2;
  int freeStartTokens = 12;
  int homeRows = 2;
  int airMoves = 2;
  int undergroundDistance = 2;
  int blazeLevel = 3;
  int breathMax = 3;
  int desertWaterLoss = 1;
  int turnLimit = 300;
  int repetitionLimit = 3;    // a turn-start position seen this often ends the game (0 = never)
  int terrainSet = 0;         // 0..5: standard, advantageous, difficult, std+adv, std+diff, adv+diff
  bool freeStart = false;
  bool draftSpecialties = false;  // the seats draft their specialties (else the runner assigns them)
  bool eventsEnabled = false;
  bool specialtiesEnabled = true;
  bool teams = false;         // 4 players: 2v2 (seats 0+2 vs 1+3) instead of free-for-all
  int arena2 = 0, arena4 = 0; // indices into arenas; -1 = random among that player count's

  std::vector<TerrainDef> terrains;
  std::vector<BlockDef> blocks;
  std::vector<ArenaDef> arenas;
  std::vector<SpecialtyDef> specialties;
  std::vector<std::string> factionIds;
  std::vector<int> factionSpecialty;      // per faction: index into specialties, -1 = none
  std::vector<EventDef> events;
  std::vector<std::string> ids;           // EntityLog: specialties then events
  std::vector<std::string> counterIds;    // CounterLog: power_<specialty> for each, then kExtraCounters
  int eventEntityBase() const { return static_cast<int>(specialties.size()); }
};

// Counters kept besides one "power_<specialty>" per specialty (index = specialty):
// Earth tokens the Nécromancien set aside, games ended by a repeated position.
// position_repeated: a game ended by a repeated position (for the seat about to play);
// position_recurred: a turn ended on a turn-start position already seen in the repetition
// window (for the seat whose turn ended: the step toward a repetition end);
// turn_limit_reached: a game ended at the assumed turn_limit (for the seat whose turn ended).
inline constexpr const char* kExtraCounters[] = {"necromancer_set_aside", "position_repeated", "position_recurred",
                                                 "turn_limit_reached"};
inline constexpr int kCounterSetAside = 0, kCounterRepeated = 1, kCounterRecurred = 2, kCounterTurnLimit = 3;  // offsets after the specialties

std::shared_ptr<const ElemMasterRules> compileRules(const model::Ruleset& ruleset,
                                                    model::Diagnostics& out);

}  // namespace wb::rulesets::elem_master
