// The ElemenZ ruleset compiled once per run into flat structures: the four
// colours of dice, the shamans with their race abilities and board sides, every
// combo (symbols needed per element, free locked dice, partial or not, waiting
// or immediate, its effects), the pulse token kinds of the bag, the avatar
// tiles, the numbers of the rules, and the entity and counter ids. Shared
// read-only by all games and threads of a run (the hold-policy tables hang off
// it: see elemenz_hold_policy.h). compileRules() reports problems as
// diagnostics, never throws.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"

namespace wb::rulesets::elemenz {

// Elements in the rulebook's order; the Zee face comes after them.
inline constexpr int kElements = 4;  // air, earth, fire, water
inline constexpr int kAir = 0, kEarth = 1, kFire = 2, kWater = 3;
inline constexpr int kZee = 4;
inline constexpr int kFaces = 5;
inline constexpr int kMaxPlayers = 4;
inline constexpr int kMaxCombos = 48;        // all combos of all boards (3-4p and 2p sides)
inline constexpr int kMaxBoardCombos = 10;   // per shaman per side
inline constexpr int kMaxTokenTypes = 16;
inline constexpr int kMaxBag = 64;
inline constexpr int kMaxAvatarTypes = 16;
inline constexpr int kMaxTurnDice = 14;
inline constexpr int kMaxDieFaces = 12;
const char* elementName(int e);       // "air", ..., "Z"
int elementIndex(std::string_view s);  // -1 if not an element

using Counts = std::array<std::uint8_t, kElements>;

class HoldTables;

enum class EffectOp : std::uint8_t { Strike, Lose, Shield, Heal, Energise, BurnPulse, ForceReroll, Ward, TakeDie };
enum class TargetKind : std::uint8_t { One, EachOpponent, Left, Right };
enum class ComboKind : std::uint8_t { Board, Duel, Monolith };

struct ComboEffect {
  EffectOp op = EffectOp::Strike;
  int amount = 0;               // 0 with fromDice: the dice placed
  bool fromDice = false;        // strike / shield without amount
  TargetKind target = TargetKind::One;
  int element = -1;             // take_die: the colour
};

struct Combo {
  std::string id, name;
  ComboKind kind = ComboKind::Board;
  int shaman = 0;               // element of the board it is on
  Counts need{};                // symbols per element (all spaces)
  Counts locked{};              // spaces filled by free dice (Fire's ability)
  int lockedBy = -1;            // entity of the race ability that locks them (-1: none)
  int spaces = 0;
  bool partial = false;
  bool waiting = false;
  int lockElement = -1;         // monolith: colour locked in
  std::vector<ComboEffect> effects;
  int entity = 0, counter = 0;
  bool targeted() const;        // some effect needs a chosen target
  bool isShield() const;
  bool isStrike() const;        // the partial STRIKE (attack = dice placed)
};

struct DieType {
  std::string id;
  std::vector<std::uint8_t> faces;     // face per side (element index or kZee)
  std::vector<double> cumulative;      // cumulative weights per side
  std::array<double, kFaces> p{};      // probability per face
};

struct Shaman {
  std::string id, name;                // the faction
  int element = 0;
  int opposing = 0;
  int partner = 0;
  int faction = 0;                     // index into factions()
  bool freeShieldDie = false;          // Earth
  int freeRerolls = 0;                 // Air
  bool healReroll = false;             // Water
  std::vector<int> abilityEntities;    // race abilities (entity ids)
  std::vector<int> board;              // 3-4p combos (indices into combos)
  std::vector<int> duelBoard;          // 2p combos and monolith lock-ins
};

enum class TokenOp : std::uint8_t { Element, Restore, WindsOfChange, WildPulse, TotemicBuff };
struct TokenType {
  std::string id, name;
  TokenOp op = TokenOp::Element;
  int symbol = -1;
  int amount = 1;
  int count = 0;
  int entity = 0;
};

enum class AvatarOp : std::uint8_t {
  DeflectAdjacent, CancelLoss, FlipOwn, FlipTarget, RecyclePulse, BorrowDie, RerollOpposing,
  SurgeTwo, NoHeal, BlockSpace, Reflect, RecallDice, Mirror
};
inline constexpr int kAvatarOps = static_cast<int>(AvatarOp::Mirror) + 1;
const char* avatarOpName(AvatarOp op);
struct AvatarType {
  std::string id, name;
  AvatarOp op = AvatarOp::CancelLoss;
  int amount = 1;   // cancel_loss / borrow_die / recall_dice draw
  int amount2 = 0;  // recall_dice return
  bool twoPlayer = false;
  int entity = 0;
};

enum class DuelVariant : std::uint8_t { Standard, Harder, Easier };

// Named event counters (Game::counterIds()); combo counters follow them.
enum Counter : int {
  kCounterTurns, kCounterWildSurge, kCounterSurgeStopped, kCounterDiceLost, kCounterDiceDrained,
  kCounterHeal, kCounterTotemTrade, kCounterPulseBought, kCounterPulseBurnt, kCounterPulseUsed,
  kCounterTotemGone, kCounterTotemTurns, kCounterForcedReroll, kCounterWaitingTriggered,
  kCounterEliminated, kCounterAvatarUsed, kCounterDiceLocked, kCounterDuelWinMonolith,
  kCounterDuelWinStarved, kCounterStrikeHits, kCounterStrikeDrainsNothing, kFixedCounters
};
// Then per 2-player side "duel_side:fire+earth" and "duel_win:fire+earth", then "combo:<id>" per combo.

struct ElemenzRules {
  std::array<DieType, kElements> dice;      // by colour (element)
  std::array<Shaman, kElements> shamans;    // by element
  std::vector<int> factionElement;          // faction index -> element
  std::vector<std::string> factionIds;
  std::vector<Combo> combos;
  std::vector<TokenType> tokens;
  // 2 players: the two sides (pairs of partner elements, the side of the first
  // faction first), each side's combos (both boards' 2-player sides) and its counters.
  std::array<std::array<int, 2>, 2> sideElements{};
  std::array<int, kElements> sideOf{};
  std::array<std::vector<int>, 2> sideBoard;
  std::array<int, 2> sideCounter{}, sideWinCounter{};
  std::vector<AvatarType> avatars;

  int dicePerShaman = 7;
  int shieldStartDice = 2;
  int startingBonusDice = 1;
  int rolls = 3;
  int surgeWilds = 3;
  bool surgeOpposing = true;
  bool surgeFewDice = true;
  int healDice = 1;
  int totemCapacity = 4;
  int totemStartTokens = 4;
  int totemTradeTokens = 2;
  int pulseBuyDice = 1;
  int pulseBurnDice = 2;
  int pulseBurnsPerTarget = 1;
  bool avatarsOn = false;
  int avatarsDealt = 2;
  int avatarBuyDice = 1;
  int avatarBurnDice = 2;
  int duelDicePerColour = 3;
  DuelVariant duelVariant = DuelVariant::Standard;
  int duelHarderDice = 4;
  // Readings where the text is silent (parameters marked assumed):
  bool reactAfterEachRoll = true;   // reaction_window: after_each_roll | after_last_roll
  bool tideEveryHeal = true;        // water_tide: every_heal | heal_action
  bool tokenAnchorsOnTotem = true;  // token_anchor: on_totem | in_combo
  int maxTurns = 400;
  int maxActionsPerTurn = 120;

  // The hold policy's exact tables (dice lab target solver), built on first use.
  std::shared_ptr<HoldTables> holdTables;

  // Entity ids (combos, race abilities, pulse tokens, avatars) and counter ids.
  std::vector<std::string> ids;
  std::vector<std::string> counterIds;

  int comboIndex(std::string_view id) const;
  int tokenIndex(std::string_view id) const;
  int avatarIndex(std::string_view id) const;
  int factionIndex(std::string_view id) const;
};

// Compiles a ruleset of engine elemenz; nullptr (with diagnostics) on errors.
std::shared_ptr<const ElemenzRules> compileRules(const model::Ruleset& ruleset, model::Diagnostics& out);

}  // namespace wb::rulesets::elemenz
