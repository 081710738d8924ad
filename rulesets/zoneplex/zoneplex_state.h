// Zoneplex (seed file 003, Mysterian Games): the game state.
//
// 2-5 warrior monks (3-5 in the box, 2 as a variant) build and explore a pyramid
// of 48 zone tiles with the Eye at its apex (7 rows of triangles, 49 cells; the
// 7 upward cells of the bottom row are dealt face up at setup). Each turn the
// player turns up an action card: a step card (draw n tiles, place n touching
// the pyramid, then move exactly n steps forward or back), a dislocate card
// (the same with 3 tiles and 1-3 steps, or instead remove any stone from an
// unoccupied chamber) or a Fear (roll its strength; invite helpers and fix the
// split of the Fear and its relics; each participant may sacrifice placed
// spirit stones for a die roll off the strength; then each attacks with die +
// WMS, the Eye face being a critical miss; all involved gain or lose 1 WMS).
// Ending on a teleporter teleports; ending on a free spirit chamber may place a
// stone; ending on a free reliquary draws a relic (limit 4; a relic is not
// usable the turn it is gained). When the last tile is placed (phase 2) the
// symbols are revealed and influence counts: WMS + stones (+2 own symbol, +1
// neutral, +1 unclaimed symbol, +2 another's symbol) + influential relics. A
// monk holding all three Fear classes may enter the Eye if its +2 bonus gives a
// decisive lead: that ends the game. When the action cards run out, the
// cataclysm obliterates monks without all three classes; of the others the
// highest influence wins (ties: most Fears, highest Fear strength sum, most
// relics, then a shared win); if nobody survives, the Zoneplex wins (all 0).
//
// Parameters (data/rulesets/zoneplex/zoneplex.yaml):
// | parameter                  | default | meaning                                         |
// |----------------------------|---------|-------------------------------------------------|
// | spirit_stones              | 4       | stones per player                               |
// | wms_start / wms_min / wms_max | 1/1/4 | Warrior Monk Strength start and bounds          |
// | tile_hand                  | 3       | concealed tiles dealt to each player            |
// | relic_limit                | 4       | relics in hand, face up and face down           |
// | foundation_tiles           | 7       | tiles dealt to the bottom row at setup          |
// | pyramid_rows               | 7       | rows of triangles (assumed from 48 + 1 tiles)   |
// | step_cards_on_top          | 2       | copies of each step card put on the deck's top  |
// | influence_neutral          | 1       | per stone on a neutral chamber                  |
// | influence_own_symbol       | 2       | per stone on a chamber of your symbol           |
// | influence_unclaimed_symbol | 1       | per stone on a chamber of an unheld symbol      |
// | influence_other_symbol     | 2       | per stone on a chamber of another's symbol      |
// | influence_relic            | 1       | default of an influential relic                 |
// | eye_bonus                  | 2       | influence for entering the Eye                  |
// | canopic_jar_strength       | 0       | jar's weight in the strength tie-break (assumed)|
// | max_turns                  | 120     | runner's cap (the deck ends games at 72 turns)  |
//
// Interpretations where the rules are silent are listed in
// rulesets/zoneplex/README.md and marked `assumed` in the YAML.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "simulation/core/fixed_vector.h"
#include "rulesets/zoneplex/zoneplex_action.h"
#include "rulesets/zoneplex/zoneplex_rules.h"
#include "simulation/core/state.h"

namespace wb::rulesets::zoneplex {

using sim::FixedVector;

enum class Stage : std::uint8_t {
  Place, Move, DislocateChoice, StoneChoice, ReliquaryChoice,
  BattleOffer, BattleAnswer, BattleDeclare, BattleRoll, Over
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
  bool revealed = false;         // influential relics and the Canopic Jar
  friend bool operator==(const HeldRelic&, const HeldRelic&) = default;
};

struct PlayerState {
  std::int8_t pos = -1;         // cell of the Monkle; -1 = not yet on the pyramid
  std::int8_t symbol = -1;      // sacred symbol
  std::int8_t wms = 1;
  std::int8_t stonesHome = 0;   // in the Netherzone
  FixedVector<std::uint8_t, 16> tiles;  // concealed tile hand (tile types)
  FixedVector<HeldRelic, 10> relics;
  FixedVector<std::uint8_t, 24> fears;  // captured Fear cards (action types)
};

class ZoneplexState : public sim::State {
 public:
  ZoneplexState(std::shared_ptr<const ZoneplexRules> rules, int players);
  // Deals the foundation, hands, symbols and decks (called by ZoneplexGame).
  void setUp(sim::Rng& rng);

  int numPlayers() const override { return m_players; }
  int currentPlayer() const override;
  void legalActions(std::vector<sim::Action>& out) const override;
  using sim::State::legalActions;
  bool isTerminal() const override { return m_stage == Stage::Over; }
  std::vector<double> returns() const override;
  int turnCount() const override { return m_turn; }
  std::unique_ptr<sim::State> clone() const override;
  void cloneInto(std::unique_ptr<sim::State>& slot) const override { sim::assignInto(*this, slot); }
  std::unique_ptr<sim::State> determinize(int observer, sim::Rng& rng) const override;
  double heuristic(int player) const override;
  std::string actionToString(sim::Action a) const override;
  std::string toString() const override;

  // Read access (tests, tools).
  const ZoneplexRules& rules() const { return *m_rules; }
  Stage stage() const { return m_stage; }
  EndReason endReason() const { return m_end; }
  bool phase2() const { return m_phase2; }
  int turnPlayer() const { return m_turnPlayer; }
  int stepsLeft() const { return m_stepsLeft; }
  int tilesToPlace() const { return m_tilesToPlace; }
  const Cell& cell(int c) const { return m_board[static_cast<std::size_t>(c)]; }
  const PlayerState& player(int p) const { return m_p[static_cast<std::size_t>(p)]; }
  int fearStrength() const { return m_fearLeft; }
  int fearCard() const { return m_card; }
  int participants() const { return m_participants; }
  int fearTo() const { return m_fearTo; }
  int actionDeckSize() const { return m_actionDeck.count(); }
  int tileSupply() const { return m_tileSupply.count(); }
  int relicDeckSize() const { return m_relicDeck.count(); }
  // The relic deck's cards, the next drawn last (tests: tests/rulesets/zoneplex/zoneplex_no_peeking_test.cpp).
  std::vector<int> relicDeckCards() const { return std::vector<int>(m_relicDeck.begin(), m_relicDeck.end()); }

  // Rules queries (the tests check them against the rulebook).
  int influence(int p) const;                 // rule "Influence Points"
  bool hasAllClasses(int p) const;            // one of each class; Masters and Jars count as any
  bool canEnterEye(int p) const;              // rule "Endgame: Entering The Eye"
  bool canPlace(int tileType, int c, int wallSide) const;  // placement + wall legality
  bool stepBlocked(int from, int to) const;   // a wall between neighbours
  bool boardComplete() const;
  int teleportDestinations(int from, std::array<std::int8_t, kMaxCells>& out) const;
  // Exact chance to defeat a Fear of `strength` with the given attackers' WMS
  // (and attack bonuses), after `sacrifices` sacrifice rolls (dice question).
  double defeatChance(int strength, const int* wms, const int* bonus, int attackers, int sacrifices) const;

  // Test-only API for scripted positions: these bypass the rules.
  void setTile(int c, int tileType, int wallSide = -1);
  void clearCell(int c) { m_board[static_cast<std::size_t>(c)] = Cell{}; }
  void setStone(int c, int owner) { m_board[static_cast<std::size_t>(c)].stone = static_cast<std::int8_t>(owner); }
  void setPosition(int p, int c) { m_p[static_cast<std::size_t>(p)].pos = static_cast<std::int8_t>(c); }
  void setSymbol(int p, int s) { m_p[static_cast<std::size_t>(p)].symbol = static_cast<std::int8_t>(s); }
  void setWms(int p, int w) { m_p[static_cast<std::size_t>(p)].wms = static_cast<std::int8_t>(w); }
  void setStonesHome(int p, int n) { m_p[static_cast<std::size_t>(p)].stonesHome = static_cast<std::int8_t>(n); }
  void giveFear(int p, int actionType) { m_p[static_cast<std::size_t>(p)].fears.push_back(static_cast<std::uint8_t>(actionType)); }
  void giveRelic(int p, int relicType, int gainedTurn = -1);
  void setHandTiles(int p, const std::vector<int>& tileTypes);
  // Replaces the action deck; the last card is drawn first.
  void setActionDeck(const std::vector<int>& cards);
  void setRelicDeck(const std::vector<int>& relics);
  void setPhase2(bool on) { m_phase2 = on; }
  void clearTileSupply() { m_tileSupply.clear(); }
  // Ends the current turn and starts the next player's (turns up their card).
  void startTurnOf(int p, sim::Rng& rng);

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override;

 private:
  // zoneplex_state.cpp: turn structure, placement, movement, tile events.
  void startTurn(int p, sim::Rng& rng);
  void endTurn(sim::Rng& rng);
  void beginMove(int steps);
  void endMovement(sim::Rng& rng);
  void advance(sim::Rng& rng);
  bool anyPlacement() const;
  bool anyPlacementFor(int p) const;
  // No tile left in the stacks and none in any hand can be placed (assumed: phase 2 begins).
  bool placementStalled() const;
  bool anyStep() const;
  void addPlacements(std::vector<sim::Action>& out) const;
  void addSteps(std::vector<sim::Action>& out) const;
  void addRelicUses(std::vector<sim::Action>& out, int p) const;
  void useRelic(int slot, int target, sim::Rng& rng);
  bool drawRelic(int p, sim::Rng& rng);
  int rollDie(sim::Rng& rng) const;  // face index
  bool reachableBits(std::uint64_t& bits, int extraCell, int extraTile, int extraSide) const;
  bool canPlaceGiven(int tileType, int c, int wallSide, std::uint64_t before) const;
  bool hasWallTile(const PlayerState& ps) const;
  std::uint64_t pathCells() const;
  void placeTile(int tileType, int c, int wallSide);
  // zoneplex_battle.cpp: Fear battles.
  void beginBattle(sim::Rng& rng);
  void applyOffer(int mask, int fearTo);
  void nextAnswer();
  void nextDeclarer();
  void resolveBattle(sim::Rng& rng);
  void addOffers(std::vector<sim::Action>& out) const;
  // zoneplex_scoring.cpp: the end of the game.
  void finishByEye(int p);
  void finishByCataclysm();
  void logHeldPassiveRelics();
  int stoneValue(int owner, int c) const;
  double heuristicBattle(int p) const;
  int distanceTo(int from, int target, bool anyChamber) const;

  std::shared_ptr<const ZoneplexRules> m_rules;
  int m_players = 3;
  std::array<Cell, kMaxCells> m_board{};
  std::array<PlayerState, kMaxPlayers> m_p{};
  FixedVector<std::uint8_t, kMaxTileCopies> m_tileSupply;     // top = back()
  FixedVector<std::uint8_t, kMaxActionCards> m_actionDeck;    // top = back()
  FixedVector<std::uint8_t, kMaxRelicCards> m_relicDeck;      // top = back()
  FixedVector<std::uint8_t, kMaxRelicCards> m_relicDiscard;   // face up
  int m_setAsideLeft = 0;     // cards on top of the action deck from the set-aside six
  Stage m_stage = Stage::Place;
  EndReason m_end = EndReason::None;
  bool m_phase2 = false;
  int m_turn = 0;
  int m_turnPlayer = 0;
  int m_actor = 0;            // who decides now
  int m_card = -1;            // action card of this turn
  int m_tilesToPlace = 0;
  int m_stepsLeft = 0;
  int m_pendingSteps = 0;     // steps to move after the placements
  bool m_landedOnTeleporter = false;  // the last step entered a teleporter
  // Battle.
  int m_fearLeft = 0;
  int m_invited = 0, m_participants = 0, m_answered = 0;
  int m_fearTo = 0;
  std::array<std::int8_t, kMaxPlayers> m_sacrifices{}, m_bonus{}, m_weakenRolls{};
  std::array<double, kMaxPlayers> m_returns{};
};

}  // namespace wb::rulesets::zoneplex
