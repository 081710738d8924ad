// Element (seed file 001, Mindtwister USA): the game state.
//
// Two sorcerers stand on a square board (11x11; starts F5 and F7) among stones
// of four elements that both players share. A turn: roll four element dice
// (faces fire, wind, earth, water, the Element Type logo = one extra sorcerer
// step, the Element seal = any one stone), then place every stone taken, each
// on an empty square or replacing a stone it beats (fire > wind > earth >
// water > fire), each stone's power resolving before the next is placed, and
// move the sorcerer (one step plus one per logo, to an empty square, at any
// point; wind stones are jumped for free, in straight lines, chained). Powers:
// fire placed orthogonally next to a line of fire puts a free fire at the far
// end of each line it touches (consuming a wind there; a free fire spreads no
// further); three or more orthogonally connected earth are a fortress nothing
// may replace for the rest of the game; water placed in line behind a wall of
// water makes the wall a river that flows forward as many squares as the wall
// was long, turning left or right by choice or at obstacles, putting out fire
// on its way. A sorcerer that cannot move to an empty square (wind jumps
// included) is captured: the game ends the instant it happens.
//
// Parameters (data/rulesets/element/element.yaml):
// | parameter          | default | meaning                                              |
// |--------------------|---------|------------------------------------------------------|
// | board_size         | 11      | squares per side (assumed: the later edition's)      |
// | stones_per_element | 30      | stones in each tray, shared (assumed, later edition) |
// | dice_per_turn      | 4       | dice rolled each turn                                |
// | base_steps         | 1       | steps every turn before logos                        |
// | fortress_size      | 3       | connected earth that make a fortress                 |
// | diagonal_steps     | true    | steps and escape squares in 8 directions (assumed)   |
// | flow_optional      | true    | a river may be left where it is (assumed)            |
// | sorcerer_moves     | any_time| moves a turn: any_time / stepping / once (assumed)   |
// | walled_in_self     | at_turn_end | walling in the own sorcerer loses at the turn's end or at once (assumed) |
// | both_walled_in     | mover_wins | one stone walls in both: mover wins or draw (assumed) |
// | river_capture      | each_square | a river captures mid-flow or after it (assumed)   |
// | turn_limit         | 200     | an unfinished duel is a draw, adjudicated (assumed)  |
// The cycle (`beats`), the powers, the initial stones (assumed), the die's faces
// and the logo's steps are data on the tiles and the die.
//
// Interpretations where the text is silent: data/rulesets/element/README.md.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rulesets/element/element_action.h"
#include "rulesets/element/element_rules.h"
#include "simulation/core/fixed_vector.h"
#include "simulation/core/game.h"
#include "simulation/core/state.h"

namespace wb::rulesets::element {

using sim::FixedVector;

enum class Stage : std::uint8_t { Play, ChooseRiver, Steer, Over };
// BothWalled: one stone walled in both sorcerers and both_walled_in is `draw`.
enum class Outcome : std::uint8_t { None, Capture, SelfCapture, TurnLimit, BothWalled };

// What closed a capture (the metric "captures by the closing element").
inline constexpr int kClosedBySorcerer = 100;
inline constexpr int kClosedBySelf = 101;

// A river being flowed (stages ChooseRiver and Steer).
struct River {
  FixedVector<std::uint8_t, kMaxSide + 1> body;  // head first
  std::uint8_t placed = kNoCell;  // the new stone (ChooseRiver)
  std::uint8_t walls = 0;         // ChooseRiver: bit k = a wall lies behind heading 2k
  std::uint8_t stone = 0;         // the flowing element
  std::int8_t heading = 0;        // direction of the head (even)
  std::uint8_t left = 0;          // squares still to flow
};

// Squares a sorcerer can reach now: steps spent (255 = unreachable) and wind
// jumps on the way, per cell.
struct Reach {
  std::array<std::uint8_t, kMaxCells> steps;
  std::array<std::uint8_t, kMaxCells> jumps;
  // escapesFrom(p, cell), for the start and the cells reached with fewer steps
  // than asked (the others are not set).
  std::array<std::uint8_t, kMaxCells> escapes;
  FixedVector<std::uint8_t, kMaxCells> cells;  // reachable cells except the start, by steps spent
};

class ElementState : public sim::State {
 public:
  explicit ElementState(std::shared_ptr<const ElementRules> rules);
  // Initial stones, sorcerers on their starts, the first player's roll; a
  // granted entity is one more die showing that face in the seat's first roll
  // (element_impact.cpp).
  void setUp(sim::Rng& rng, const std::vector<sim::Grant>& grants = {});

  int numPlayers() const override { return kPlayers; }
  int currentPlayer() const override { return m_stage == Stage::Over ? sim::kTerminalPlayer : m_player; }
  void legalActions(std::vector<sim::Action>& out) const override;
  using sim::State::legalActions;
  bool isLegal(sim::Action a) const override;
  bool isTerminal() const override { return m_stage == Stage::Over; }
  std::vector<double> returns() const override;
  bool adjudicated() const override { return m_outcome == Outcome::TurnLimit; }
  void actionEntities(sim::Action a, std::vector<int>& out) const override;
  // Setup conditions (`balance run --conditions`): the faces of the opening roll
  // ("opening_fire" = "2" of seat 0's first dice). The initial stones and the
  // seat to move first are fixed by the ruleset, the same in every game.
  void setupFeatures(std::vector<sim::SetupFeature>& out) const override;
  // Turns started (DESIGN.md, "Length means turns started"): m_turn counts the
  // turns ended; the one being played, or the one the game ended in, counts too,
  // except after a duel ended between turns at turn_limit.
  int turnCount() const override { return m_turn + (m_outcome == Outcome::TurnLimit ? 0 : 1); }
  std::unique_ptr<sim::State> clone() const override { return std::make_unique<ElementState>(*this); }
  double heuristic(int player) const override;
  std::string actionToString(sim::Action a) const override;
  std::string toString() const override;

  // Read access (tests, tools).
  const ElementRules& rules() const { return *m_rules; }
  Stage stage() const { return m_stage; }
  Outcome outcome() const { return m_outcome; }
  int winner() const { return m_winner; }
  int closer() const { return m_closer; }  // stone index, kClosedBySorcerer or kClosedBySelf
  int stoneAt(int cell) const { return (m_board[cell] & kStoneMask) - 1; }  // -1 = empty
  bool fortified(int cell) const { return (m_board[cell] & kFortified) != 0; }
  int sorcerer(int p) const { return m_sorcerer[p]; }
  int supply(int stone) const { return m_supply[stone]; }
  int need(int stone) const { return m_need[stone]; }
  int seals() const { return m_seals; }
  int stepsLeft() const { return m_steps; }
  const River& river() const { return m_river; }
  const FixedVector<std::uint8_t, kMaxDice>& roll() const { return m_roll; }

  // Rules queries (the tests check them against the rulebook).
  bool canPlace(int stone, int cell) const;         // "Element properties"
  bool trapped(int p) const;                        // "Winning": no empty square to move to
  int escapes(int p) const;                         // empty squares to step to + wind jump landings
  int escapesFrom(int p, int at) const;             // the same were p's sorcerer on `at`
  void reach(int p, int steps, Reach& out) const;   // "Wind": steps and chained jumps
  int cellAt(const std::string& square) const { return m_rules->parseSquare(square); }

  // Test-only API for scripted positions: these bypass the rules.
  void clearBoard();
  void setStone(int cell, int stone, bool fortify = false);  // stone -1 = empty; trays follow
  void setSorcerer(int p, int cell) { m_sorcerer[p] = static_cast<std::uint8_t>(cell); }
  // Starts `p`'s turn with these dice (face symbols as in the die, e.g. "fire", "seal").
  void setTurn(int p, const std::vector<std::string>& faces);

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override;

 private:
  static constexpr std::uint8_t kStoneMask = 0x0f;
  static constexpr std::uint8_t kFortified = 0x80;

  // element_state.cpp: turn structure.
  void startTurn(int p, sim::Rng& rng);
  void applyGrants(const std::vector<sim::Grant>& grants);  // element_impact.cpp
  void applyFaces();
  void endTurn(sim::Rng& rng);
  void finish(Outcome o, int winner, int closer);
  bool checkCapture(int closer);  // the opponent of the player to act is trapped: the game ends
  bool anyPlacement() const;
  void addPlacements(std::vector<sim::Action>& out) const;
  // No stone, no sorcerer other than `mover`'s (the mover's own square counts as free).
  bool isFree(int cell, int mover) const { return m_board[cell] == 0 && cell != m_sorcerer[1 - mover]; }
  // Directions from `cell` to a free neighbour for `mover`'s sorcerer (a bit per direction).
  std::uint8_t freeDirs(int cell, int mover) const {
    std::uint8_t m = static_cast<std::uint8_t>(m_rules->onBoard[cell] & ~m_adjStone[cell]);
    const int d = m_rules->dirTo(cell, m_sorcerer[1 - mover]);
    return d < 0 ? m : static_cast<std::uint8_t>(m & ~(1u << d));
  }
  // Every change of a square goes through here: it keeps the neighbour masks.
  void writeCell(int cell, std::uint8_t value);
  // element_effects.cpp: placing a stone and its power.
  void place(int stone, int cell);
  void putStone(int stone, int cell);       // returns a replaced stone to its tray
  void spread(int stone, int cell);         // "FIRE"
  void fortify(int stone, int cell);        // "EARTH"
  void offerRiver(int stone, int cell);     // "WATER"
  void startRiver(int heading);
  void flowRiver();                         // advances while the way is forced
  int riverOptions(std::array<int, 3>& dirs) const;
  void stepRiver(int dir);
  // element_heuristic.cpp: the threat term and the blunder counters.
  bool atTurnStart() const;                              // nothing placed or moved yet this turn
  int spreadClosable(int target) const;                  // escapes one fire placement closes by spreading
  double expectedThreat(int target, int escapes) const;  // over the roll of the player to act
  // The fewest steps the sorcerer of `attacker` needs to stand on an escape square of
  // `target`'s sorcerer (closing it: "Sorcerers can be used to block and trap each
  // other"), 255 if none is within `maxSteps`.
  int stepsToBlock(int attacker, int target, int maxSteps) const;
  void noteExposure();                                   // at the end of a turn (counters)
  // element_moves.cpp: the sorcerer.
  void moveSorcerer(int cell);
  int jumpLanding(int from, int dir, int mover, int* jumped = nullptr) const;
  // Whether a move to a square reached with `steps` steps is legal now (sorcerer_moves).
  bool mayMove() const;
  bool mayMoveSpending(int steps) const { return m_movesMade == 0 || m_rules->moves != Moves::Stepping || steps > 0; }

  std::shared_ptr<const ElementRules> m_rules;
  std::array<std::uint8_t, kMaxCells> m_board{};  // stone + 1 (0 empty) | kFortified
  // Bit d: the neighbour in direction d holds a stone / a stone sorcerers may jump.
  std::array<std::uint8_t, kMaxCells> m_adjStone{};
  std::array<std::uint8_t, kMaxCells> m_adjJump{};
  std::array<std::uint8_t, kPlayers> m_sorcerer{};
  std::array<std::uint8_t, kMaxStones> m_supply{};
  // The turn.
  std::array<std::uint8_t, kMaxStones> m_need{};  // stones of named dice still to place
  std::uint8_t m_seals = 0;                       // seal stones still to place
  std::uint8_t m_steps = 0;                       // steps left
  std::uint8_t m_stepsUsed = 0;
  bool m_lastWasMove = false;
  std::uint8_t m_movesMade = 0;                   // moves this turn (sorcerer_moves)
  // Where the last move began and the steps left before it: the blunder counter judges a
  // turn that ended with a move by the squares that move could have reached.
  std::uint8_t m_moveFrom = 0;
  std::uint8_t m_moveFromSteps = 0;
  FixedVector<std::uint8_t, kMaxDice> m_roll;     // face indices
  std::array<FixedVector<std::uint8_t, kMaxDice>, kPlayers> m_granted{};  // faces added to a seat's first roll
  River m_river;
  Stage m_stage = Stage::Play;
  Outcome m_outcome = Outcome::None;
  int m_player = 0;
  int m_turn = 0;
  int m_winner = -1;
  int m_closer = -1;
  std::array<bool, kPlayers> m_exposed{};  // ended its last turn avoidably exposed (counters)
};

}  // namespace wb::rulesets::element
