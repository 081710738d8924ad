// ElemenZ (seed file 000, Jason Maclean Jones): the game state.
//
// 3-4 players: each shaman has seven dice of its colour (own element twice, each
// other element once, one wild Zee). On a turn the shaman rolls every die it
// still has (SHIELD dice included), then may re-roll any of them twice more,
// kept dice too. A Zee counts as a symbol only when another die (or an element
// pulse token) shows that symbol: anchoring. Three Zee at once, or every die on
// the opposing element (with one or two dice: all Zee), is a wild surge: the turn
// ends at once, the totem's tokens are recycled. All dice on the own symbol heal
// a die back from the pool. Then the dice go onto the board's combos: STRIKE
// (1-3 dice: attack minus the target's SHIELD dice), SHIELD (1-2 dice, defence
// until the next turn), "lose" combos (drain ignoring defence), waiting combos
// (triggered by their owner later in the round), pulse tokens bought or burnt.
// Drained dice go to the pool; the target chooses which of its dice; a totem may
// give 2 pulse tokens instead of one die. A shaman without dice is out; the last
// one with dice is the Master Zee. Race abilities: Earth's free second SHIELD die
// (brittle), Air's free re-roll, Fire's locked-in free dice, Water's healing tide.
//
// 2 players: Fire+Earth against Water+Air. Each draws 3 dice of each of its two
// colours from the central pool; a rolled Zee leaves the hand for the turn; pair
// combos take dice from the pool, drain combos send the opponent's dice back,
// monolith combos lock a die of the right colour showing its own symbol. The
// first to fill every lock-in space wins; so does the shaman whose opponent has
// too few dice for any combo at the start of its turn.
//
// Parameters (data/rulesets/elemenz/elemenz.yaml):
// | parameter              | default  | meaning                                            |
// |------------------------|----------|----------------------------------------------------|
// | dice_per_shaman        | 7        | dice of each colour                                |
// | shield_start_dice      | 2        | SHIELD dice at setup (Earth: 1 + the free one)     |
// | starting_bonus_dice    | 1        | defence of seats 3 and 4 until their first turn (assumed) |
// | rolls_per_turn         | 3        | rolls with holds                                   |
// | surge_wilds            | 3        | Zee showing at once that surge                     |
// | surge_opposing         | true     | all dice on the opposing element surge (variant)   |
// | surge_few_dice         | true     | 1-2 dice all Zee surge (variant)                   |
// | heal_dice              | 1        | dice the heal action takes back                    |
// | totem_capacity         | 4        | pulse tokens on a totem                            |
// | totem_start_tokens     | 4        | tokens drawn at setup                              |
// | totem_trade_tokens     | 2        | tokens discarded instead of one die                |
// | pulse_buy_dice / pulse_burn_dice | 1 / 2 | dice per token bought / burnt (assumed)    |
// | pulse_burns_per_target | 1        | tokens burnt from one target per turn              |
// | avatars, avatars_dealt | false, 2 | the expansion                                      |
// | avatar_buy_dice / avatar_burn_dice | 1 / 2 | costs of an avatar                       |
// | duel_dice_per_colour   | 3        | 2 players: dice of each colour at the start        |
// | duel_variant           | standard | 2 players: standard, harder, easier                |
// | duel_harder_dice       | 4        | 2 players, harder: dice of the colour each chooses |
// | reaction_window        | after_each_roll | when others may force re-rolls (assumed)    |
// | water_tide             | every_heal | which heals Water's tide follows (assumed)       |
// | token_anchor           | on_totem | a Zee anchors to a token on the totem, or only to one played in the combo (assumed) |
// | max_turns              | 400      | turn cap suggested to the runner (assumed)         |
// | max_actions_per_turn   | 120      | decisions after which a turn is ended (assumed)    |
//
// Interpretations where the text is silent: data/rulesets/elemenz/README.md (and
// `assumed:` in the YAML).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rulesets/elemenz/elemenz_action.h"
#include "rulesets/elemenz/elemenz_rules.h"
#include "simulation/core/fixed_vector.h"
#include "simulation/core/game.h"
#include "simulation/core/state.h"

namespace wb::rulesets::elemenz {

using sim::FixedVector;

// TideChoice: Water may re-roll the die it just healed; ColourChoice: 2 players,
// harder variant, each player picks the colour of its dice (start of turn 1).
enum class Stage : std::uint8_t { Hold, RollPending, SurgeChoice, HealChoice, React, Assign, Hit, TideChoice, ColourChoice, Over };
// What a heal came from (water_tide: whether Water's tide follows every heal).
enum class HealSource : std::uint8_t { Action, Token, Combo };
enum class RollKind : std::uint8_t { Main, Free, Forced };

// One die of the turn's dice (the active shaman's).
struct TurnDie {
  std::uint8_t colour = 0;
  std::uint8_t face = 0;
  std::uint8_t flags = 0;
  friend bool operator==(const TurnDie&, const TurnDie&) = default;
};
inline constexpr std::uint8_t kDieUsed = 1;      // placed on a combo or paid
inline constexpr std::uint8_t kDieAside = 2;     // not part of this turn (negated Zee, 2p Zee, healed late)
inline constexpr std::uint8_t kDieUnrolled = 4;  // healed / taken / borrowed: rolls with the next roll
inline constexpr std::uint8_t kDieShield = 8;    // in SHIELD
inline constexpr std::uint8_t kDieBorrowed = 16; // goes back to the pool at the end of the turn
inline constexpr std::uint8_t kDiePending = 32;  // rolls in the pending roll
inline constexpr std::uint8_t kDieHealed = 64;   // just healed, not rolled since (Air may re-roll it: FAQ)

struct PlayerState {
  std::int8_t shaman = 0;         // element of the seat's shaman
  std::int8_t side = -1;          // 2 players: index into rules.sideElements
  bool alive = true;
  std::int8_t dice = 0;           // 3-4p: energy dice not lost; 2p: dice in hand (not locked)
  std::int8_t shield = 0;         // dice in SHIELD until the next own turn
  bool shieldFree = false;        // Earth: the free second SHIELD die counts while shield >= 1
  std::int8_t bonus = 0;          // starting bonus dice (defence until the first own turn)
  bool totemGone = false;
  FixedVector<std::uint8_t, 4> totem;    // pulse token types
  FixedVector<std::uint8_t, 6> armed;    // waiting combos activated on the last own turn
  FixedVector<std::uint8_t, 8> avatars;  // held face down
  bool cursedNoHeal = false, cursedSurgeTwo = false;
  std::int8_t blockedCombo = -1, blockedBy = -1;
  Counts hand{};                  // 2 players: dice per colour in hand
  std::uint64_t locked = 0;       // 2 players: lock-in combos filled (bit per combo index)
  std::int16_t turnsTaken = 0;
};

// The dice (turn indices) and totem slots a combo would take.
struct FillPlan {
  FixedVector<std::uint8_t, 8> dice;
  FixedVector<std::uint8_t, 4> slots;
};

// A combo effect on its way to one target (strike, lose or burn).
struct Hit {
  std::int8_t attacker = 0, target = 0;
  EffectOp op = EffectOp::Strike;
  std::int8_t amount = 0;
  std::int8_t loss = -1;          // dice still to lose; -1 = not yet computed
  std::int8_t combo = -1;
  bool redirectDone = false;
  bool totemUsed = false;
  std::int8_t taken = 0;  // dice and totem trades the target gave to this hit (counters)
};

class ElemenzState : public sim::State {
 public:
  ElemenzState(std::shared_ptr<const ElemenzRules> rules, int players);
  // Seats, shamans, totems, shields; rolls the first player's dice.
  void setUp(const std::vector<int>& factionOfSeat, const std::vector<sim::Grant>& grants, sim::Rng& rng);

  int numPlayers() const override { return m_players; }
  int currentPlayer() const override { return m_stage == Stage::Over ? sim::kTerminalPlayer : m_actor; }
  int turnPlayer() const override { return m_active; }
  void legalActions(std::vector<sim::Action>& out) const override;
  using sim::State::legalActions;
  bool isTerminal() const override { return m_stage == Stage::Over; }
  std::vector<double> returns() const override;
  void actionEntities(sim::Action a, std::vector<int>& out) const override;
  // Setup conditions (elemenz_describe.cpp, `balance run --conditions`): the pulse
  // tokens drawn onto seat 0's totem ("seat0_pulse_<token>" = how many) and, with
  // avatars, whether seat 0 was dealt each one ("seat0_avatar_<id>" = yes / no).
  void setupFeatures(std::vector<sim::SetupFeature>& out) const override;
  // The shaman's faction (in 2 players the second seat may have been moved to the other side).
  int factionOf(int seat) const override;
  int turnCount() const override { return m_turn; }
  // A STRIKE whose dice a SHIELD covers drains nothing ("attack dice minus defense dice")
  // and no die must be placed: the turn can end as it would have without it.
  bool movesMayChangeNothing() const override { return true; }
  std::unique_ptr<sim::State> clone() const override;
  std::unique_ptr<sim::State> determinize(int observer, sim::Rng& rng) const override;
  double heuristic(int player) const override;
  // All players' heuristic() at once (the turn term computed once): the planner's `lead`.
  void heuristics(std::vector<double>& out) const override;
  std::string actionToString(sim::Action a) const override;
  std::string toString() const override;

  // Read access (tests, tools, the hold policy).
  const ElemenzRules& rules() const { return *m_rules; }
  bool duel() const { return m_duel; }
  Stage stage() const { return m_stage; }
  int activePlayer() const { return m_active; }
  int winner() const { return m_winner; }
  int rollsDone() const { return m_rollsDone; }
  const PlayerState& player(int p) const { return m_p[static_cast<std::size_t>(p)]; }
  const FixedVector<TurnDie, kMaxTurnDice>& dice() const { return m_dice; }
  const Counts& pool() const { return m_pool; }
  int bagCount(int tokenType) const { return m_bag[static_cast<std::size_t>(tokenType)]; }
  int bagSize() const;
  const FixedVector<std::uint8_t, kMaxAvatarTypes>& avatarPool() const { return m_avatarPool; }
  const FixedVector<Hit, 12>& hits() const { return m_hits; }
  int reactor() const { return m_reactor; }
  RollKind pendingKind() const { return m_pendingKind; }
  bool rollingOpen() const { return !m_stopped && m_rollsDone < m_rules->rolls; }
  int surgeThreshold() const { return m_surgeWilds; }
  int burnsOn(int q) const { return m_burns[static_cast<std::size_t>(q)]; }
  bool comboDone(int combo) const { return (m_doneCombos >> combo) & 1U; }
  int defence(int p) const;             // rule "STRIKE": dice in SHIELD (+ Earth's free die, + bonus)
  bool anchored(int element) const;     // rule "Using Zee": a die (or element token) shows it
  // Dice showing `element` for a cost (natural unused dice, then anchored unused Zee).
  int showing(int element) const;
  // Dice, anchored Zee and tokens a combo can still use, for `dice` spaces (partial) or all.
  bool canComplete(int combo, int dice) const;
  int maxPartial(int combo) const;      // most dice a partial combo can take now (0 = none)
  bool surgeNow() const;                // the dice showing now make a wild surge
  int opponentsAlive(int p) const;
  int leftOf(int p) const;              // next alive seat clockwise
  int rightOf(int p) const;             // previous alive seat
  int duelMinCombo(int p) const;        // 2 players: fewest spaces of a combo still usable

  // Test-only API for scripted positions: these bypass the rules.
  // Starts p's turn without rolling (what ends at the start of a turn ends).
  void setActive(int p) { resetTurn(p); }
  // Sets the active player's turn dice (one colour: the shaman's; faces as given), rolls done, stage Hold/Assign.
  void setTurnDice(const std::vector<int>& faces, int rollsDone, const std::vector<int>& colours = {});
  void setStage(Stage s) { m_stage = s; m_actor = m_active; }
  void setTotem(int p, const std::vector<int>& tokenTypes);
  void setDice(int p, int dice) { m_p[static_cast<std::size_t>(p)].dice = static_cast<std::int8_t>(dice); }
  void setShield(int p, int shield, bool free, int bonus = 0);
  void setPool(int colour, int n) { m_pool[static_cast<std::size_t>(colour)] = static_cast<std::uint8_t>(n); }
  void setHand(int p, int colour, int n);
  void giveAvatar(int p, int avatar);
  void setAvatars(int p, const std::vector<int>& avatars);  // replaces the hand (no pool change)
  void arm(int p, int combo) { m_p[static_cast<std::size_t>(p)].armed.push_back(static_cast<std::uint8_t>(combo)); }
  void setLocked(int p, std::uint64_t mask) { m_p[static_cast<std::size_t>(p)].locked = mask; }
  // Forces the next rolled faces (consumed first to last) instead of the rng: scripted rolls.
  void scriptRolls(const std::vector<int>& faces);

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override;

 private:
  friend class HoldView;
  // elemenz_state.cpp: setup, turns, rolls, surges, heals.
  void startTurn(int p, sim::Rng& rng);
  void resetTurn(int p);
  void endTurn(sim::Rng& rng);
  void continueTurn(sim::Rng& rng);
  void rollPending(sim::Rng& rng);
  void afterRoll(sim::Rng& rng);
  void wildSurge(sim::Rng& rng);
  void heal(int p, int dice, bool duringRolls, HealSource source);
  // Water's tide ("can immediately re-roll this dice"): the choice, then what the
  // heal's source does next.
  void beginTide(Stage back);
  void resolveTide(bool reroll, sim::Rng& rng);
  bool windowPending() const;   // a reaction window is due (reaction_window)
  void closeWindow();
  int rollFace(int colour, sim::Rng& rng);
  void beginPending(std::uint32_t mask, RollKind kind);
  int drawToken(sim::Rng& rng);
  void fillTotem(int p, int n, sim::Rng& rng);
  void removeToken(int p, int slot);
  void recycleTotem(int p, sim::Rng& rng);
  void eliminate(int p);
  void finish(int winner);
  // elemenz_assign.cpp: combos, effects, pulse and avatars on the own turn.
  bool planFill(int combo, int dice, FillPlan& plan) const;
  void applyFill(const FillPlan& plan, bool shield);
  bool payDice(int element, int n, bool apply);
  void complete(int combo, int dice, int target, sim::Rng& rng);
  void buyPulse(sim::Rng& rng);
  void burnPulse(int target, sim::Rng& rng);
  void useToken(int type, int die, sim::Rng& rng);
  void useAvatar(int avatar, std::int64_t arg, sim::Rng& rng);
  void dropAvatar(int p, int avatar);
  // elemenz_hits.cpp: drains and the target's answers; the reaction window.
  void pushHit(int attacker, int target, EffectOp op, int amount, int combo);
  void processHits(sim::Rng& rng);
  void loseDie(int p, int location);
  void beginReactions(sim::Rng& rng);
  void nextReactor(sim::Rng& rng);
  void react(std::int64_t payload, sim::Rng& rng);
  void applyHitAction(sim::Action a, sim::Rng& rng);
  bool hasRedirect(int p) const;
  bool hasReaction(int q) const;
  // elemenz_moves.cpp: legal actions per stage.
  void addHold(std::vector<sim::Action>& out) const;
  void addOwnTurnExtras(std::vector<sim::Action>& out) const;
  void addAssign(std::vector<sim::Action>& out) const;
  void addReact(std::vector<sim::Action>& out) const;
  void addHit(std::vector<sim::Action>& out) const;
  void addLoseLocations(std::vector<sim::Action>& out, int target) const;
  int groupLeader(int die) const;  // first die of the same colour and face (canonical index)
  // elemenz_duel.cpp: the 2-player game.
  void setUpDuel(const std::vector<int>& factionOfSeat, sim::Rng& rng);
  void startDuelTurn(int p, sim::Rng& rng);
  void rollDuelHand(int p, sim::Rng& rng);
  void chooseColour(int colour, sim::Rng& rng);
  void afterDuelRoll();
  bool planDuel(int combo, FillPlan& plan, int& lockDie) const;
  bool fillDuelCheck(int combo) const;
  void completeDuel(int combo, int target, sim::Rng& rng);
  void endDuelTurn();

  std::shared_ptr<const ElemenzRules> m_rules;
  int m_players = 4;
  bool m_duel = false;
  std::array<PlayerState, kMaxPlayers> m_p{};
  Counts m_pool{};                                     // dice in the central pool per colour
  std::array<std::uint8_t, kMaxTokenTypes> m_bag{};    // pulse tokens in the bag per type
  FixedVector<std::uint8_t, kMaxAvatarTypes> m_avatarPool;  // face up
  FixedVector<Hit, 12> m_hits;
  FixedVector<std::uint8_t, 16> m_script;              // scripted faces (tests), consumed from the front
  int m_scriptNext = 0;
  Stage m_stage = Stage::Hold;
  RollKind m_pendingKind = RollKind::Main;
  int m_turn = 0;
  int m_active = 0;
  int m_actor = 0;
  int m_winner = -1;
  // This turn (reset by startTurn).
  FixedVector<TurnDie, kMaxTurnDice> m_dice;
  int m_rollsDone = 0;
  bool m_stopped = false;
  bool m_reactDone = false;          // the window after the last roll has run
  int m_windowRoll = 0;              // main rolls whose reaction window has run (after_each_roll)
  int m_reactor = -1;
  bool m_healUsed = false;
  int m_freeRerollsLeft = 0;
  bool m_rerollOpposingUsed = false;
  std::uint64_t m_doneCombos = 0;
  std::array<std::uint8_t, kMaxPlayers> m_burns{};
  int m_surgeWilds = 3;
  bool m_noHeal = false;
  int m_recallReturn = 0;
  int m_turnActions = 0;
  int m_tideDie = -1;                // Water: the die just healed, awaiting the tide choice
  bool m_tideDuringRolls = false;
  HealSource m_tideSource = HealSource::Action;
  Stage m_tideBack = Stage::Hold;    // the stage a Restore's tide returns to
  int m_colourChooser = -1;          // 2p harder: the seat choosing its colour (-1: done)
};

}  // namespace wb::rulesets::elemenz
