// The plain data of a Zoneplex position: the stage of the turn, the cells of
// the pyramid, what each player holds, and the Fear battle with its bargain.
// ZoneplexState (zoneplex_state.h) owns them and applies the rules.
#pragma once

#include <array>
#include <cstdint>

#include "rulesets/zoneplex/zoneplex_rules.h"
#include "simulation/core/fixed_vector.h"

namespace wb::rulesets::zoneplex {

using sim::FixedVector;

enum class Stage : std::uint8_t {
  Place, Move, DislocateChoice, StepChoice, StoneChoice, ReliquaryChoice, TurnEnd,
  BattleOffer, BattleGifts, BattleAnswer, BattleJoin, BattleAdmit, BattleDeclare, BattleRoll, Over
};
enum class EndReason : std::uint8_t { None, Eye, Cataclysm, ZoneplexWins };

struct Cell {
  std::int8_t tile = -1;      // tile type, -1 = empty
  std::int8_t wallSide = -1;  // Wall: the blocked side (0 left, 1 right, 2 base/top)
  std::int8_t stone = -1;     // owner of the spirit stone on it
};

struct HeldRelic {
  std::uint8_t type = 0;
  std::int16_t gainedTurn = -1;  // not usable on this turn
  bool revealed = false;         // influential relics
  friend bool operator==(const HeldRelic&, const HeldRelic&) = default;
};

struct PlayerState {
  std::int8_t pos = -1;         // cell of the Monkle; -1 = not yet on the pyramid
  std::int8_t symbol = -1;      // sacred symbol
  std::int8_t wms = 1;
  std::int8_t stonesHome = 0;   // in the Netherzone
  std::int8_t jars = 0;         // Canopic Jars, kept among the captured Fears
  std::uint64_t everHeld = 0;   // relic types held at some point (the relic_held_* counters)
  FixedVector<std::uint8_t, 16> tiles;  // concealed tile hand (tile types)
  FixedVector<HeldRelic, 10> relics;    // relic hand (the Canopic Jars are not in it)
  FixedVector<std::uint8_t, 24> fears;  // captured Fear cards (action types)
};

// The Fear battle of the current turn and its bargain (rule "Group
// Combat/Negotiation"): everything here is public to all players.
struct Battle {
  int fearLeft = 0;       // the Fear's remaining strength
  int invited = 0;        // seats the drawer invited
  int participants = 0;   // seats in the battle (the drawer always)
  int answered = 0;       // invited seats that answered
  int asked = 0;          // uninvited seats that had their chance to ask to join
  int fearTo = 0;         // who takes the Fear if it is defeated
  std::array<std::int8_t, kMaxPlayers> shares{};      // the Fear's relics each seat draws
  std::array<std::int8_t, kMaxPlayers> sacrifices{};  // stones sacrificed (declared)
  std::array<std::int8_t, kMaxPlayers> promised{};    // sacrifices promised to join (binding)
  std::array<std::int8_t, kMaxPlayers> bonus{};       // attack bonus from relics
  std::array<std::int8_t, kMaxPlayers> weakenRolls{}; // extra weakening rolls from relics
  // Relics the drawer put into an invitation, held apart until the invitee
  // answers (given on joining, back to the drawer on declining).
  std::array<HeldRelic, kMaxPlayers> gift{};
  int gifts = 0;          // seats with a gift in `gift`
  // A pending request to join (stage BattleAdmit): who, the stones promised,
  // and the relic or captured Fear offered (held apart until the drawer decides).
  int joiner = -1, joinPromise = 0, joinFear = -1;
  bool joinHasRelic = false;
  HeldRelic joinRelic;
};

}  // namespace wb::rulesets::zoneplex
