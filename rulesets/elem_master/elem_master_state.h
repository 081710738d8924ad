// Elem Master (rules of 22/01/2024, seed file 002, French) -- one game position.
//
// The game: each mage commands elementals of Earth, Fire, Water and Air. An
// elemental is a stack of 1..3 tokens of one element and one owner on a square
// (level = height). Each turn a player has 3 action points (PA); an elemental is
// the source of one action per turn (it is then "marked", X), except Air after
// growth or moves. Actions: growth on the element's terrain, moves (whole, split
// or merge; Air moves twice for 1 PA), attacks by the element relations (Fire
// burns Earth and consumes Air, Water puts out Fire, Earth absorbs Water; the
// loser loses a level, the winner gains one if it is level 1-2 and a token is in
// reserve; a source that destroys its target takes its square), and the special
// actions (Earth underground, Fire blaze, Water wave, Air breath). Terrains change
// growth (desert, canyon, jungle, tundra have special rules). A player without
// Earth is eliminated; when no Fire is left the game stops and the most Earth
// tokens wins (then Water, then Air; else a draw). 2 players on 6x6, 4 players
// (free-for-all or 2v2) on 10x10. Specialties (one per seat = its faction) and
// events (6 drawn, 3 per player, 2 PA each) are optional.
//
// Parameters (data/rulesets/elem-master/elem-master.yaml):
//   action_points 3          max_level 3              tokens_per_element 6
//   events_drawn 6           events_per_player 3      event_cost 2
//   free_start_tokens 12     home_rows 2              air_moves 2
//   underground_distance 2   blaze_level 3            breath_max 3
//   desert_water_loss 1      turn_limit 300 (assumed) terrain_set standard
//   arena_2p blank_2p        arena_4p standard_4p     start predefined | free
//   events false             specialties true         four_player_mode ffa | teams
//   specialty_choice assigned | draft
//
// Every choice the rules give a player is an action: the specialty draft and the
// free start (elem_master_setup.cpp), every "jusqu'à" of the events, which Waters
// join a wave, the Nécromancien's set-aside. Assumed where the rules are silent:
// seat 0 plays first (the runner rotates seats); at turn_limit the no-Fire count
// decides (adjudicated); the second Air move may be made
// by either part of the first; moves and merges that would only lose tokens
// (into a full stack) are not offered; see the YAML's `assumed:` notes.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rulesets/elem_master/elem_master_action.h"
#include "rulesets/elem_master/elem_master_rules.h"
#include "rulesets/elem_master/elem_master_types.h"
#include "simulation/core/state.h"

namespace wb::rulesets::elem_master {

class ElemMasterState : public sim::State {
 public:
  explicit ElemMasterState(std::shared_ptr<const ElemMasterRules> rules);

  // Builds the board (terrain blocks, arena, start) for `players` seats with the
  // given faction per seat (empty = no specialties).
  void setUp(int players, const std::vector<int>& factionOfSeat, sim::Rng& rng);

  int numPlayers() const override { return m_players; }
  int currentPlayer() const override { return m_terminal ? sim::kTerminalPlayer : m_current; }
  void legalActions(std::vector<sim::Action>& out) const override;
  using sim::State::legalActions;
  bool isTerminal() const override { return m_terminal; }
  std::vector<double> returns() const override;
  // Turns started, the current one included: m_turn counts the turns ended; a game
  // settled between two turns (turn limit, repeated position) started no next one.
  int turnCount() const override { return m_turn + (m_adjudicated ? 0 : 1); }
  // Outcome hooks (elem_master_impact.cpp): returns per side, teams are sides; a game
  // the engine ends itself (the assumed turn limit, a repeated position) is adjudicated.
  int sideOf(int seat) const override;
  bool adjudicated() const override;
  // Impact hook (elem_master_impact.cpp): specialty powers and events name their entity.
  void actionEntities(sim::Action a, std::vector<int>& out) const override;
  // Setup conditions (elem_master_setup.cpp, `balance run --conditions`): the
  // arena ("arena" = its id) and the specialty each seat plays ("seat0_specialty";
  // "draft" while the seats still draft them, "none" without specialties).
  void setupFeatures(std::vector<sim::SetupFeature>& out) const override;
  std::unique_ptr<sim::State> clone() const override { return std::make_unique<ElemMasterState>(*this); }
  void cloneInto(std::unique_ptr<sim::State>& slot) const override { sim::assignInto(*this, slot); }
  // elem_master_determinize.cpp: the event deck's order, Secousse's face-down cards and
  // the other seats' free-start screens are the hidden information.
  std::unique_ptr<sim::State> determinize(int observer, sim::Rng& rng) const override;
  double heuristic(int player) const override;
  std::string actionToString(sim::Action a) const override;
  std::string toString() const override;

  // --- Scripted positions (tests) and inspection ---
  int side() const { return m_side; }
  int cellOf(int row, int col) const { return row * m_side + col; }
  const Cell& cell(int c) const { return m_board[static_cast<std::size_t>(c)]; }
  int terrainAt(int c) const { return m_terrain[static_cast<std::size_t>(c)]; }
  const PlayerState& player(int p) const { return m_p[static_cast<std::size_t>(p)]; }
  int actionPoints() const { return m_ap; }
  const Pending& pending() const { return m_pending; }
  const ElemMasterRules& rules() const { return *m_rules; }
  int arena() const { return m_arena; }
  Phase phase() const { return m_phase; }
  // The free-start army seat `p` has behind its screen (hidden from the others).
  int screenSize(int p) const { return m_screenCount[static_cast<std::size_t>(p)]; }
  const ScreenStack& screenStack(int p, int i) const { return m_screen[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)]; }
  bool slotHidden(int slot) const { return m_slotHidden[static_cast<std::size_t>(slot)] >= 0; }
  int eventSlot(int slot) const { return m_slots[static_cast<std::size_t>(slot)]; }
  // Empties the board and refills every reserve (then place with putStack).
  void clearBoard();
  void putStack(int c, int owner, int element, int level, std::uint8_t flags = 0);
  void setTerrain(int c, int terrain) { m_terrain[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(terrain); }
  void setVoid(int c, bool v);
  void setSpecialty(int p, int specialty) { m_p[static_cast<std::size_t>(p)].specialty = static_cast<std::int8_t>(specialty); }
  void setActionPoints(int ap) { m_ap = ap; }
  void setEventSlot(int slot, int event, int owner = -1);
  // The undrawn events, the next to be drawn last (elem_master_determinize.cpp).
  std::vector<int> eventDeck() const;
  void setEventDeck(const std::vector<int>& events);
  // Re-checks elimination and the no-Fire end (after scripting a position).
  void checkEnd();
  int tokensOnBoard(int p, int element) const;
  // At the start of a turn: how often its position was seen before at a turn start in the
  // repetition window (0 after any action of the turn; elem_master_repetition.cpp).
  int turnStartRepeats() const { return m_repeats; }
  int seatLocalRow(int seat, int c) const;

  // Named helpers used across the engine's source files.
  int effElement(int c) const;
  bool adjacent(int a, int b) const;
  bool inBoard(int r, int c) const { return r >= 0 && c >= 0 && r < m_side && c < m_side; }
  bool usable(int c) const { return !(m_board[static_cast<std::size_t>(c)].flags & kVoid); }
  bool isEnemy(int p, int q) const;
  int terrainIndexForGrowth(int c) const;

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override;

 private:
  // Setup (elem_master_state.cpp).
  void buildBoard(sim::Rng& rng);
  void placeStart();
  // The draft and the free start (elem_master_setup.cpp).
  void addSetupActions(std::vector<sim::Action>& out) const;
  void applySetup(Kind k, int a, int x);
  void afterDraft();
  void startPlay();
  int screenTokens(int p, int element) const;
  int screenIndex(int p, int c) const;
  double setupHeuristic(int player) const;
  // What the enemies' specialties can take from seat p on their coming turn (heuristic term).
  double specialtyThreat(int p) const;
  void beginTurn();
  void endTurn();
  void finishByCount();
  // Repetitions (elem_master_repetition.cpp): a hash of the position at each turn start.
  std::uint64_t positionHash() const;
  bool repeatedPosition();
  // Token bookkeeping.
  int gainLevels(int c, int n, int cap);
  void loseLevels(int c, int n);
  void removeStack(int c, bool toReserve);
  void enterSquare(int from, int to);
  bool drainsOnEntry(int from, int to, int element) const;
  int nextPlayer() const;
  int alivePlayers() const;
  // Standard and special actions (elem_master_moves.cpp).
  void addStandardActions(std::vector<sim::Action>& out) const;
  void addMovesFrom(int c, bool asOracle, std::vector<sim::Action>& out) const;
  bool canMoveTo(int from, int to, int count) const;
  bool canInteract(int src, int tgt) const;
  bool canWave(int c, int dir, int axis, int members) const;
  void doMove(int from, int to, int count, bool oracle);
  void interact(int src, int tgt, int damage);
  void doWave(int c, int dir, int x);
  void doBreath(int air, int target, int k, bool fromEvent = false);
  void doBlaze(int c, int to1, int to2);
  // Specialties and events (elem_master_effects.cpp).
  void addSpecialtyActions(std::vector<sim::Action>& out) const;
  void addEventActions(std::vector<sim::Action>& out) const;
  void addPendingActions(std::vector<sim::Action>& out) const;
  bool pendingTargetOk(int c) const;
  bool eventApplicable(int event) const;
  void applySpecialty(Kind k, int a, int b, int x);
  void triggerEvent(int event);
  void applyPending(int choice, int amount);
  int pendingAmountMax(int c) const;
  bool hasEmptyIn(Region region) const;
  bool inRegion(int c, Region region) const;
  const SpecialtyDef* mySpecialty() const;
  void setFreeMover(int c1, int c2, int moves, int element);

  std::shared_ptr<const ElemMasterRules> m_rules;
  int m_players = 2;
  int m_side = 6;
  int m_cells = 36;
  std::array<Cell, kMaxCells> m_board{};
  std::array<std::uint8_t, kMaxCells> m_terrain{};
  std::array<PlayerState, kMaxPlayers> m_p{};
  std::array<std::int8_t, kMaxPlayers> m_rot{};   // board rotation of each seat (quarter turns)
  int m_current = 0;
  int m_ap = 0;
  int m_turnAp = 0;             // action points the current turn began with
  std::int8_t m_frozenStacks = 0, m_frozenLevels = 0;  // the current seat's stacks marked at its turn start
  int m_arena = -1;             // the arena drawn or chosen (its voids and predefined start)
  Phase m_phase = Phase::Play;
  std::uint32_t m_drafted = 0;  // specialties taken in the draft (bit per specialty)
  std::array<std::array<ScreenStack, kMaxScreen>, kMaxPlayers> m_screen{};
  std::array<std::int8_t, kMaxPlayers> m_screenCount{};
  int m_turn = 0;
  bool m_terminal = false;
  std::array<double, kMaxPlayers> m_returns{};
  // Successive free moves (Air, Druide, Ouragan, Illusioniste).
  std::array<std::int8_t, 2> m_freeCells{{-1, -1}};
  int m_freeMoves = 0;
  int m_freeElement = -1;
  int m_growCell = -1;          // Shaman: second growth allowed here
  Pending m_pending;
  bool m_adjudicated = false;   // ended by the engine (turn limit, repetition), not by the rules
  std::array<std::uint64_t, 16> m_seen{};                   // turn-start position hashes, ring
  int m_seenCount = 0;
  // This turn start's position: how often it was seen before in the window, and the seat whose
  // turn ended on it (-1 = none); cleared by the next action (the heuristic's repetition term).
  std::int8_t m_repeats = 0, m_repeatBy = -1;
  // Turn modifiers.
  bool m_noFullMoves = false, m_noFullMovesNext = false;   // Brouillard
  bool m_breathNoMark = false;                              // Raffales
  std::uint8_t m_own = 0;                                   // this turn's kOwn* effects
  int m_droughtFrom = -1, m_droughtTo = -2;                 // Sécheresse: turns [from, to]
  int m_nextApOverride = -1;                                // Coulée de boue
  int m_heatGain = 2;                                       // Canicule
  int m_lastSource = -1;                                    // where interact() left its source
  // Events.
  std::array<std::int8_t, kMaxEventSlots> m_slots{};        // event index, -1 = none
  std::array<std::int8_t, kMaxEventSlots> m_slotOwner{};    // -1 = anyone (Eclipse)
  std::array<std::int8_t, kMaxEventSlots> m_slotHidden{};   // Secousse: face down until this seat's next turn
  std::array<std::int8_t, 32> m_deck{};                     // undrawn events, in draw order
  int m_deckSize = 0;
  std::uint64_t m_playedEvents = 0;                         // bit per event (Pleine Lune)
};

}  // namespace wb::rulesets::elem_master
