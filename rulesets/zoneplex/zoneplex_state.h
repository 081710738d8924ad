// Zoneplex (seed file 003, Mysterian Games): the game state.
//
// 2-5 warrior monks (3-5 in the box, 2 as a variant) build and explore a pyramid
// of 48 zone tiles with the Eye at its apex (7 rows of triangles, 49 cells; the
// 7 upward cells of the bottom row are dealt face up at setup). Each turn the
// player turns up an action card: a step card (draw n tiles, place n touching
// the pyramid, then move exactly n steps forward or back), a dislocate card
// (the same with 3 tiles and 1-3 steps, or instead remove any stone from an
// unoccupied chamber) or a Fear (roll its strength; bargain: the drawer invites
// helpers and fixes the split of the Fear and its relics, others may ask to
// join with promises, relics or Fears; each participant may sacrifice placed
// spirit stones for a die roll off the strength; then each attacks with die +
// WMS, the Eye face being a critical miss; all involved gain or lose 1 WMS).
// Ending on a teleporter teleports; ending on a free spirit chamber may place a
// stone; ending on a free reliquary may draw a relic (limit 4; not usable the
// turn it is gained; any number may be used on one's own turn). When the last
// tile is placed (phase 2) the symbols are revealed and influence counts: WMS +
// stones (+2 own symbol, +1 neutral, +1 unclaimed symbol, +2 another's symbol)
// + influential relics. A
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
// | influence_other_symbol     | 2       | per stone on another's symbol (-10..10; -2 is   |
// |                            |         | the penalty reading of the lost sign, p. 15)    |
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

#include "rulesets/zoneplex/zoneplex_action.h"
#include "rulesets/zoneplex/zoneplex_rules.h"
#include "rulesets/zoneplex/zoneplex_types.h"
#include "simulation/core/game.h"
#include "simulation/core/state.h"

namespace wb::rulesets::zoneplex {

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
  void determinizeInto(int observer, sim::Rng& rng, std::unique_ptr<sim::State>& slot) const override;
  // zoneplex_heuristic.cpp (its terms are documented there).
  double heuristic(int player) const override;
  // Every player's heuristic() from one evaluation (the standings are shared).
  void heuristics(std::vector<double>& out) const override;
  std::string actionToString(sim::Action a) const override;
  std::string toString() const override;
  // Impact hooks (zoneplex_impact.cpp): relic uses and tile placements name their
  // entity; granted relics start in hand.
  void actionEntities(sim::Action a, std::vector<int>& out) const override;
  // Setup conditions (zoneplex_relics.cpp, `balance run --conditions`): the number
  // of players, the first relic the shuffled deck deals ("first_relic" = its id)
  // and the sacred symbol dealt to seat 0 ("seat0_symbol").
  void setupFeatures(std::vector<sim::SetupFeature>& out) const override;
  void applyGrants(const std::vector<sim::Grant>& grants);

  // Read access (tests, tools, the heuristic).
  const ZoneplexRules& rules() const { return *m_rules; }
  Stage stage() const { return m_stage; }
  EndReason endReason() const { return m_end; }
  bool phase2() const { return m_phase2; }
  int turnPlayer() const override { return m_turnPlayer; }
  int stepsLeft() const { return m_stepsLeft; }
  // Steps still to come this turn: left to take while moving; while placing (or
  // choosing the dislocate count) the most the card allows; 0 otherwise.
  int stepsAhead() const;
  // The dislocate card's step count (1..stepsAhead()) is still to be chosen.
  bool choosingSteps() const { return m_chooseSteps || m_stage == Stage::StepChoice; }
  int tilesToPlace() const { return m_tilesToPlace; }
  const Cell& cell(int c) const { return m_board[static_cast<std::size_t>(c)]; }
  const PlayerState& player(int p) const { return m_p[static_cast<std::size_t>(p)]; }
  const Battle& battle() const { return m_battle; }
  int fearStrength() const { return m_battle.fearLeft; }
  int fearCard() const { return m_card; }
  int participants() const { return m_battle.participants; }
  int fearTo() const { return m_battle.fearTo; }
  int actionDeckSize() const { return m_actionDeck.count(); }
  int fearsInDeck() const;  // Fear cards still in the action deck (public: drawn cards are face up)
  int tileSupply() const { return m_tileSupply.count(); }
  int relicDeckSize() const { return m_relicDeck.count(); }
  // The relic deck's cards, the next drawn last (tests: tests/rulesets/zoneplex/zoneplex_no_peeking_test.cpp).
  std::vector<int> relicDeckCards() const { return std::vector<int>(m_relicDeck.begin(), m_relicDeck.end()); }

  // Rules queries (the tests check them against the rulebook).
  int influence(int p) const;                 // rule "Influence Points"
  int stoneValue(int owner, int c) const;     // influence of owner's stone on cell c
  bool hasAllClasses(int p) const;            // one of each class; Masters and Jars count as any
  int fearsHeld(int p) const;                 // captured Fears, the Canopic Jars among them
  bool canEnterEye(int p) const;              // rule "Endgame: Entering The Eye"
  bool canPlace(int tileType, int c, int wallSide) const;  // placement + wall legality
  // A wall of tile type `tileType` on cell c blocking `wallSide` keeps every way
  // open that the rules protect (the setup deals foundation walls by it too).
  bool wallKeepsWays(int tileType, int c, int wallSide) const;
  bool stepBlocked(int from, int to) const;   // a wall between neighbours
  bool boardComplete() const;
  int teleportDestinations(int from, std::array<std::int8_t, kMaxCells>& out) const;
  // Cells another player's Monkle at `from` can be moved to by a walk of exactly
  // `steps` steps (Bull Statue): placed tiles, walls respected, never the Eye.
  std::uint64_t walkTargets(int from, int steps) const;
  // Steps over placed tiles (walls respected, no teleporting) to the Eye
  // (target 0) or to the nearest free spirit chamber (anyChamber); 20 if none.
  int distanceTo(int from, int target, bool anyChamber) const;
  // Relic slots p may use now (own turn, while moving, in a battle), one per type.
  bool canUseRelics(int p) const;
  // The relic types of p that may change hands in a bargain (not influential).
  bool tradable(const HeldRelic& h) const;
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
  // A relic into p's hand (a Canopic Jar goes among the Fears).
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
  // zoneplex_determinize.cpp: determinize() on a copy: re-deals what `observer` cannot see.
  void redealHidden(int observer, sim::Rng& rng);
  // zoneplex_state.cpp: turn structure, placement, movement, tile events.
  void startTurn(int p, sim::Rng& rng);
  void endTurn(sim::Rng& rng);
  // The turn player's actions are over: a last chance to use relics, then endTurn.
  void finishTurn(sim::Rng& rng);
  void beginMove(int steps);
  void endMovement(sim::Rng& rng);
  void advance(sim::Rng& rng);
  void drawTiles(int p, int n);
  bool anyPlacement() const;
  bool anyPlacementFor(int p) const;
  // No tile left in the stacks and none in any hand can be placed (assumed: phase 2 begins).
  bool placementStalled() const;
  bool anyStep() const;
  bool otherMonkOn(int p, int c) const;
  bool stoneAllowed() const;   // rule "Spirit Stones" at the end of the movement
  bool reliquaryAllowed() const;
  // zoneplex_moves.cpp: legal actions and board queries.
  void addPlacements(std::vector<sim::Action>& out) const;
  void addSteps(std::vector<sim::Action>& out) const;
  // The wall rule's ways to the apex, built once per board and shared by every
  // candidate placement (legal actions list them all): per cell the neighbours
  // one unwalled step away, the teleporters, what reaches the apex now.
  struct Ways {
    std::array<std::uint64_t, kMaxCells> open{};  // neighbours not walled off
    std::uint64_t teleporters = 0;  // cells 1.. holding a teleporter: the network
    std::uint64_t joins = 0;        // cells holding a teleporter: reaching one joins the network
    std::uint64_t before = 0;       // cells that reach the apex now
    std::uint64_t fixedMust = 0;    // foundation cells and monks: must keep reaching it
    std::uint64_t sacred = 0;       // sacred chambers placed (cells 1..): likewise
  };
  void makeWays(Ways& w) const;
  // Cells reaching the apex over placed and empty cells and the teleporter network, with
  // tile (extraTile, extraSide) supposed on extraCell (-1: the board as it is).
  std::uint64_t reachable(const Ways& w, int extraCell, int extraTile, int extraSide) const;
  // `w`: makeWays() of this board (only read for walls).
  bool canPlaceGiven(int tileType, int c, int wallSide, const Ways& w) const;
  bool wallKeepsWaysGiven(int tileType, int c, int wallSide, const Ways& w) const;
  bool hasWallTile(const PlayerState& ps) const;
  std::uint64_t pathCells() const;
  void placeTile(int tileType, int c, int wallSide);
  // zoneplex_relics.cpp: relic powers and when they may be used.
  void addRelicUses(std::vector<sim::Action>& out, int p) const;
  void useRelic(int slot, int target, sim::Rng& rng);
  bool drawRelic(int p, sim::Rng& rng);
  void noteHeld(int p, int relicType);
  void receiveRelic(int p, HeldRelic h);  // into the hand (or among the Fears), counted as held
  int rollDie(sim::Rng& rng) const;  // face index
  // zoneplex_bargain.cpp: the drawer's offer, gifts, answers, asking to join.
  void addOffers(std::vector<sim::Action>& out) const;
  void addJoinRequests(std::vector<sim::Action>& out) const;
  void applyOffer(int payload);
  bool anyGift() const;
  void giveGift(int slot, int seat);
  void answer(bool accept);
  void askToJoin(int promised, int item);
  void decideJoin(bool admit);
  void nextBargainStep();
  int relicRoom(int p) const;
  // zoneplex_battle.cpp: Fear battles.
  double computeDefeatChance(int strength, const int* wms, const int* bonus, int attackers, int sacrifices) const;
  void beginBattle(sim::Rng& rng);
  void nextDeclarer();
  bool promiseKept(int p) const;
  void resolveBattle(sim::Rng& rng);
  void dealFearRelics(sim::Rng& rng);
  // zoneplex_scoring.cpp: the end of the game.
  void finishByEye(int p);
  void finishByCataclysm();
  void logHeldPassiveRelics();
  void countEndOfGame();

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
  bool m_chooseSteps = false; // dislocate card: the step count is chosen after the placements
  bool m_landedOnTeleporter = false;  // the last step entered a teleporter
  Battle m_battle;
  std::array<double, kMaxPlayers> m_returns{};
};

}  // namespace wb::rulesets::zoneplex
