// Elem Master's plain data: a square of the board (Cell), a player's own state
// (PlayerState), the choice an effect waits for (Pending), the setup phases and a
// stack behind a free-start screen. Used by ElemMasterState (elem_master_state.h).
#pragma once

#include <array>
#include <cstdint>

#include "rulesets/elem_master/elem_master_rules.h"

namespace wb::rulesets::elem_master {

struct Cell {
  std::int8_t owner = -1;     // -1 = empty
  std::uint8_t element = 0;
  std::uint8_t level = 0;
  std::uint8_t flags = 0;     // kPlayed, kFrozen, kVoid
  std::int8_t morph = -1;     // Métamorphe: the element it acts as this turn
};
inline constexpr std::uint8_t kPlayed = 1;
inline constexpr std::uint8_t kFrozen = 2;   // stays played through its owner's next turn
inline constexpr std::uint8_t kVoid = 4;

// A choice an effect waits for (summon squares, event targets).
enum class PendingKind : std::uint8_t {
  None, PlaceSummon, PlaceVoid, PickLevelOne, PickArea, PickAvalanche, PickAurora,
  PickSome, PickBreeze, PickBreezeBreath, PickStar, PickStarDir, PickMoon, PickEclipse,
  PickTremor, SetAside,
};

// Setup phases before the first turn: the specialty draft (when the agents choose)
// and the free start (each seat composes its army behind its screen).
enum class Phase : std::uint8_t { Draft, Deploy, Play };

// One stack of a free-start army behind its screen (revealed when every seat is done).
struct ScreenStack {
  std::int8_t cell = -1;
  std::uint8_t element = 0;
  std::uint8_t level = 0;
};
inline constexpr int kMaxScreen = 24;
struct Pending {
  PendingKind kind = PendingKind::None;
  std::int8_t element = -1;
  std::int8_t level = 1;
  std::int8_t count = 0;      // choices left
  std::int8_t delta = 0;
  std::int8_t cap = 3;
  std::int8_t extra = -1;     // PickStarDir: the chosen square
  std::uint8_t freeMoves = 0; // PlaceSummon: free moves of the placed elemental
  std::uint8_t usedMask = 0;  // PickAurora: elements already chosen
  std::array<std::int8_t, 3> picked{{-1, -1, -1}};  // PickSome: squares already chosen
  bool mark = false;
  bool optional = false;      // "up to": Stop is allowed
  bool fromPool = false;      // Nécromancien: tokens come from the set-aside pool
  Region region = Region::Anywhere;
};

struct PlayerState {
  std::array<std::int8_t, kElements> reserve{};
  bool eliminated = false;
  std::int8_t specialty = -1;  // index into rules.specialties
  std::int8_t eventsUsed = 0;
  std::int8_t pool = 0;        // Nécromancien: Earth tokens set aside
  std::int8_t lost = 0;        // Nécromancien: Earth tokens lost since the last set-aside choice
  std::int8_t specUses = 0;
  std::int8_t extraAp = 0;     // Arc-en-ciel: next own turn
  std::uint8_t nextOwn = 0;    // effects of the next own turn (kOwn* bits)
};
inline constexpr std::uint8_t kOwnHurricane = 1;
inline constexpr std::uint8_t kOwnFlood = 2;
inline constexpr std::uint8_t kOwnHeat = 4;

}  // namespace wb::rulesets::elem_master
