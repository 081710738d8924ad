// DescribedState: one position of a described game. Counters are a flat int
// array (the game's, then each player's), zones are piles of card indices
// (top = back), and the turn is (player, phase, actions taken). Actions are
// integers: the action's index times kActionStride, plus 1 + the picked
// card's index for an action with `pick` (one action per distinct card),
// plus the die it names above bit kDieShift (described_dice.h).
//
// Rules of play, fixed for every described game (data/schema/game-description.md):
// a turn starts in the first phase with the player's `reset: turn` counters
// reset; a phase in which no action is legal passes to the next, and the turn
// ends after the last; after every action the end rules are checked (each
// player as the subject, the player to act first) and the first that holds
// ends the game; a round in which no player had a legal action ends it with
// no winner (adjudicated).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "model/describe/described_program.h"
#include "model/describe/description_compiler.h"
#include "rulesets/described/described_game.h"
#include "rulesets/described/described_board.h"
#include "rulesets/described/described_dice.h"
#include "simulation/agents/scripted_players.h"
#include "simulation/core/state.h"

namespace wb::rulesets::described {

inline constexpr sim::Action kActionStride = 1024;

// A `choose` waiting for its chooser's moves (described_choice.cpp). The
// effects that follow it wait as frames, the innermost (the card's) first;
// the state holds it shared and replaces it on every change, so copies of a
// state never see each other's picks.
struct EffectLoop {
  int remaining = 0;
  int savedSubject = 0;
};
struct EffectFrame {
  int pc = 0, subject = 0, card = -1, pickZone = -1, depth = 0;
  std::array<EffectLoop, model::describe::kMaxEffectDepth + 2> loops{};
};
struct PendingChoice {
  int choice = 0;          // index into Program::choices
  // A `choose_amount` (described_amount.cpp): its index into
  // Program::amountChoices and the numbers offered, in the order listed; -1 a choice of cards.
  int amount = -1;
  std::vector<int> offered;
  int subject = 0, owner = 0, chooser = 0;
  int left = 0;            // cards still to pick
  int placed = 0;          // cards placed so far (`order`: the next goes under them)
  std::vector<std::int16_t> looked;  // `top`: the cards taken off the zone, top first
  std::vector<EffectFrame> frames;
  DiePick die;             // the die named when it began (the effects after it read it)
  int rolled = -1;         // a reroll: the counter it rolls (`left` rolls may follow), with `sides`
  int sides = 6;
};

// A `choose_amount` move: the choice's index and the number chosen, numbered
// apart from the actions, the card choices and the board's moves, so that a
// replay names it without the position.
inline constexpr sim::Action kAmountActionBase = sim::Action{1} << 39;
inline constexpr sim::Action encodeAmountAction(int choice, int number) {
  return kAmountActionBase + (static_cast<sim::Action>(choice) << 32) + static_cast<sim::Action>(number) +
         (sim::Action{1} << 31);
}
inline constexpr bool isAmountAction(sim::Action a) { return a >= kAmountActionBase && a < kBoardActionBase; }
static_assert(kAmountActionBase + (sim::Action{model::describe::kMaxAmountChoices} << 32) <= kBoardActionBase,
              "amount moves are numbered below the board's");

// The counters a run tabulates as the engine's counters (Game::counterIds(),
// the engine-counters table, a faction's "power_*" uses): each player's
// counters the description marks `tally: true` (element-described's
// `spreads`) and every `power_<name>` counter, read as their value when the
// game stops. A value (health, gold) is never one unless the designer says so.
inline bool isTallied(const model::describe::Counter& c) {
  return c.perPlayer && (c.tally || c.id.rfind("power_", 0) == 0);
}
inline int talliedCounters(const model::describe::DescribedProgram& p) {
  int n = 0;
  for (const auto& c : p.counters) n += isTallied(c) ? 1 : 0;
  return n;
}

// std::llround, without its call for the whole numbers most amounts are.
inline long long rounded(double v) {
  if (v > -9e15 && v < 9e15) {
    const auto whole = static_cast<long long>(v);
    if (static_cast<double>(whole) == v) return whole;
  }
  return std::llround(v);
}

class DescribedState : public sim::State, public sim::ScriptedPlayers {
 public:
  using Program = model::describe::DescribedProgram;
  // factionOfSeat: the faction (index into Program::factions) each seat plays;
  // a seat without one (or a game without factions) reads faction_ names as 0.
  // effectStepBudget: the steps one action's effects may take (PlayLimits).
  DescribedState(std::shared_ptr<const Program> program, int players, sim::Rng& rng,
                 const std::vector<int>& factionOfSeat = {}, long long effectStepBudget = kEffectStepBudget);

  int numPlayers() const override { return m_players; }
  int currentPlayer() const override { return m_terminal ? sim::kTerminalPlayer : actor(); }
  void legalActions(std::vector<sim::Action>& out) const override;
  bool isLegal(sim::Action a) const override;
  bool isTerminal() const override { return m_terminal; }
  std::vector<double> returns() const override;
  bool adjudicated() const override { return m_adjudicated; }
  int turnCount() const override { return m_turnCount; }
  int factionOf(int seat) const override;
  void setupFeatures(std::vector<sim::SetupFeature>& out) const override;
  void actionEntities(sim::Action a, std::vector<int>& out) const override;
  std::unique_ptr<sim::State> clone() const override { return std::make_unique<DescribedState>(*this); }
  void cloneInto(std::unique_ptr<sim::State>& slot) const override { sim::assignInto(*this, slot); }
  std::unique_ptr<sim::State> determinize(int observer, sim::Rng& rng) const override;
  void determinizeInto(int observer, sim::Rng& rng, std::unique_ptr<sim::State>& slot) const override;
  double heuristic(int player) const override;
  std::string actionToString(sim::Action a) const override;
  std::string toString() const override;
  // The description's scripted players (`players:`), for the script:NAME agent.
  int scriptIndex(std::string_view name) const override;
  sim::Action scriptedAction(int script) const override;

  // For tests and scripts: counters and zones by index (see Program).
  int counter(int index, int player) const { return m_counters[counterIndex(index, player)]; }
  void setCounter(int index, int player, int value);
  const std::vector<std::int16_t>& zone(int index, int player) const { return m_zones[zoneIndex(index, player)]; }
  void setZone(int index, int player, std::vector<std::int16_t> cards) {
    knownCleared(index, player);
    zoneRef(index, player) = std::move(cards);
    m_legalKnown = false;
    changed();
  }
  int phase() const { return m_phase; }
  // What a player saw (described_knowledge.cpp): the cards of `player`'s zone
  // `index` that `observer` knows are there (a `reveal` of the whole zone, as
  // far as they are still there), and how many of its top cards it knows in
  // order (a `reveal` with `top`, an `order` choice it made). determinize()
  // leaves these in place.
  std::vector<std::int16_t> knownCards(int observer, int index, int player) const;
  int knownTop(int observer, int index, int player) const;
  // The error of a `call` whose Lua function failed (`lua:line: message`), or
  // of effects that outgrew their step budget (PlayLimits), which ended the game with no
  // winner; nullptr when none did.
  const std::string* scriptError() const { return m_scriptError.get(); }
  // Byte-code steps the effects have taken in this game so far (setup
  // included): what validation's probe games spend, so that slow effects
  // (nested repeats within the per-action budget) cannot make it hang.
  long long effectSteps() const { return m_effectSteps; }
  const Program& program() const { return *m_p; }
  // The move that ends an answer or a window without playing (described_stack.cpp).
  sim::Action passAction() const { return static_cast<sim::Action>(m_p->actions.size()) * kActionStride; }
  // Actions waiting on the stack (0 when nothing waits).
  int stackSize() const { return static_cast<int>(m_stack.size()); }
  // True while the owner of an answered action may play more before it resolves (`during: window`).
  bool windowOpen() const { return m_stackPhase >= 0 && m_stackPhase == m_p->windowPhase; }

  // The board (described_board.cpp): positions for tests and scripts.
  const BoardState& board() const { return m_board; }
  bool canPlacePiece(int piece, int cell) const;  // no token there, empty or a piece it beats, not locked
  int escapes(int player) const;                  // moves the player's first token has: steps and jumps
  void reach(int player, int token, int steps, std::vector<BoardReach>& out) const;
  void putPiece(int cell, int piece);             // from its supply; what it replaces goes back to its own
  void movePiece(int from, int to);               // what stands on `to` goes back to its supply
  void removePiece(int cell);                     // back to its supply
  void setMark(int cell, int value) { m_board.mark[static_cast<std::size_t>(cell)] = static_cast<std::int16_t>(value); }
  void setToken(int player, int token, int cell);
  int tokenCell(int player, int token = 0) const;
  int tokenAt(int cell) const;                    // the player whose token stands there, -1 none
  void setLocked(int cell, bool locked) { m_board.locked[static_cast<std::size_t>(cell)] = locked ? 1 : 0; }
  // Test-only: `player`'s turn starts in `phase` (its `reset: turn` counters
  // reset, nothing taken yet, no choice waiting, the stack empty), bypassing
  // the rules; the turn count stays.
  void setTurn(int player, int phase);

 protected:
  void doApplyAction(sim::Action a, sim::Rng& rng) override;

 private:
  // Inline: effects and legality reach counters and zones millions of times a run.
  std::size_t counterIndex(int index, int subject) const {
    const model::describe::Counter& c = m_p->counters[static_cast<std::size_t>(index)];
    return static_cast<std::size_t>(c.perPlayer ? m_p->globalCounters + subject * m_p->playerCounters + c.storage
                                                : c.storage);
  }
  std::size_t zoneIndex(int index, int subject) const {
    const model::describe::Zone& z = m_p->zones[static_cast<std::size_t>(index)];
    return static_cast<std::size_t>(z.perPlayer ? m_p->sharedZones + subject * m_p->playerZones + z.storage : z.storage);
  }
  int& counterRef(int index, int subject) { return m_counters[counterIndex(index, subject)]; }
  // The tallied counters' values into the CounterLog (after setup and every action).
  void logCounters();
  std::vector<std::int16_t>& zoneRef(int index, int subject) { return m_zones[zoneIndex(index, subject)]; }
  // The values of every expression name for `subject` (and a picked `card`, or -1).
  const double* vars(int subject, int card) const;
  double eval(int expr, int subject, int card) const;
  bool holds(int condition, int subject, int card) const;
  // The comparisons of `condition` on the names' values `v` (a script's condition is asked through holdsLua).
  bool holdsOn(int condition, const double* v) const;
  // A `{call: name}` condition (function `function` of the `lua:` script),
  // asked read-only for `subject` and `card`; false when the script fails, its
  // error kept in m_conditionError until conditionFailed() ends the game.
  bool holdsLua(int function, int subject, int card) const;
  // True (and the game over, no winner, the error kept) when a script's condition failed.
  bool conditionFailed();
  // Expression `expr` on the names' values `v` (a lone name or number read directly).
  double valueOf(int expr, const double* v) const {
    const auto e = static_cast<std::size_t>(expr);
    if (m_p->loneSlot[e] >= 0) return v[m_p->loneSlot[e]];
    if (m_p->isLoneNumber[e]) return m_p->loneNumber[e];
    return m_p->exprs[e].evaluate(v);
  }
  // described_names.cpp: the names one expression or condition reads, filled
  // alone (effects and end rules, between changes), and conditions on the card
  // alone looked up. namesFor: this thread's buffer for `subject`.
  double* namesFor(int subject) const;
  double slotValue(int slot, int subject) const;
  // cardProps: the card properties read (DescribedProgram::exprCardReads), null none.
  const double* namesWith(const std::vector<int>& slots, const std::vector<int>* cardProps, int subject, int card) const;
  double valueFor(int expr, int subject, int card) const;
  bool holdsFor(int condition, int subject, int card) const;
  // On this thread's buffer `v` with the names the phase's actions read
  // (Phase::reads) filled for the player to act: holds the card only when the
  // condition reads it, and looks up one on the card alone.
  bool holdsWith(int condition, int card, double* v) const;
  // holdsWith's answer without its call for no condition or one looked up by card (most of a listing's tests).
  // `turn_bound`: the turn has taken its moves; only the moves that end it stay legal.
  bool atTurnBound() const { return m_p->turnBound > 0 && m_actionsThisTurn >= m_p->turnBound; }
  bool holdsWithInline(int condition, int card, double* v) const {
    if (condition < 0) return true;
    const std::vector<char>& byCard = m_p->conditions[static_cast<std::size_t>(condition)].byCard;
    if (!byCard.empty()) return byCard[static_cast<std::size_t>(card + 1)] != 0;
    return holdsWith(condition, card, v);
  }
  // The card properties expression `expr` reads.
  void holdCardIn(double* v, int card, int expr) const;
  // `who`: the player to act (actor()), computed once per listing.
  bool legal(int action, int card, double* v, int who) const;
  bool pickHolds(const model::describe::Action& a, int card, double* v) const;
  bool phaseHasLegalAction() const;
  void listLegal(std::vector<sim::Action>& out) const;
  // Runs effects from `pc`; `resume` continues a frame a choice left waiting.
  void run(int pc, int subject, int card, int pickZone, sim::Rng& rng, const EffectFrame* resume = nullptr);
  // described_choice.cpp: a `choose` begun (true: a decision waits), its
  // moves listed, named and taken.
  bool beginChoice(int choice, int subject, int card);
  bool advanceChoice(PendingChoice& c);
  void pickChoice(PendingChoice& c, std::int16_t card);
  void choiceCandidates(const PendingChoice& c, std::vector<std::int16_t>& out) const;
  void finishChoice(PendingChoice& c);
  void listChoice(std::vector<sim::Action>& out) const;
  void applyChoice(sim::Action a, sim::Rng& rng);
  std::string choiceToString(sim::Action a) const;
  // The effects a choice left waiting, innermost first, then the stack or the end rules.
  void resumeEffects(std::vector<EffectFrame> frames, sim::Rng& rng);
  // described_amount.cpp: a `choose_amount` begun (true: a decision waits),
  // its moves listed, named and taken.
  bool beginAmount(int choice, int subject, int card);
  void listAmount(std::vector<sim::Action>& out) const;
  void applyAmount(sim::Action a, sim::Rng& rng);
  std::string amountToString(sim::Action a) const;
  bool isChoiceAction(sim::Action a) const {
    return a < kBoardActionBase && (a & kDieMask) / kActionStride >= static_cast<sim::Action>(m_p->actions.size());
  }
  // described_dice.cpp: the moves naming a die for `card` of action `a` (base + card
  // when the card names none), the names die_..., a reroll begun and taken, exchange.
  void addDieMoves(const model::describe::Action& a, sim::Action base, int card,
                   std::vector<sim::Action>& out) const;
  void setDie(DiePick pick) {
    if (pick == m_die) return;
    m_die = pick;
    changed();
  }
  // The counter of a chosen die (kChosenDie, kChosenSecondDie) or `counter` itself; -1 when none is named.
  int dieCounter(int counter) const;
  double dieSlotValue(int slot) const;
  std::uint32_t diceRead() const;  // die_read: the dice the action waiting on the stack reads or names
  void dieVars(double* v) const;
  bool beginReroll(int choice, int subject, int card, sim::Rng& rng);
  bool applyReroll(PendingChoice& c, sim::Action a, sim::Rng& rng);
  std::string dieToString(sim::Action a) const;
  void shuffle(std::vector<std::int16_t>& pile, sim::Rng& rng);
  // described_knowledge.cpp: what each player saw, kept per observer and per
  // zone storage (zoneIndex), and forgotten as the cards move. Nothing is kept
  // before the first `reveal` (or `order` choice).
  struct Known {
    std::vector<std::int16_t> cards;  // known to be in the zone (a multiset)
    int top = 0;                      // top cards known in order
  };
  std::vector<Known> m_known;  // [observer * m_zones.size() + storage]; empty: nothing seen
  // How many of them know something: while none does (most of a game: what was
  // seen is soon drawn, played or shuffled), moving cards pays one test.
  int m_knownLive = 0;
  static bool knows(const Known& k) { return k.top > 0 || !k.cards.empty(); }
  const Known* knownOf(int observer, std::size_t storage) const {
    return m_known.empty() ? nullptr : &m_known[static_cast<std::size_t>(observer) * m_zones.size() + storage];
  }
  void reveal(int index, int owner, int observer, long long top);
  // A card leaves position `pos` of `owner`'s zone `zone` (called before it does): no one knows
  // it there any more, and a known top it was part of shrinks. Hooks take the zone and its owner
  // (not its storage) so that, while nothing is known, the effects pay one test.
  void knownTaken(int zone, int owner, std::size_t pos, std::int16_t card) {
    if (__builtin_expect(m_knownLive > 0, 0)) knownTakenSlow(zoneIndex(zone, owner), pos, card);
  }
  // A card was put at position `at` (called after): the top known above it is what stays known
  // in order; `chooser` (an `order` choice's) knows the card it placed.
  void knownAdded(int zone, int owner, std::size_t at, int chooser = -1) {
    if (__builtin_expect(m_knownLive > 0 || chooser >= 0, 0)) knownAddedSlow(zoneIndex(zone, owner), at, chooser);
  }
  void knownShuffled(int zone, int owner) {  // the order is lost, not what is there
    if (__builtin_expect(m_knownLive > 0, 0)) knownShuffledSlow(zoneIndex(zone, owner));
  }
  void knownCleared(int zone, int owner) {  // everything left (or was replaced)
    if (__builtin_expect(m_knownLive > 0, 0)) knownClearedSlow(zoneIndex(zone, owner));
  }
  [[gnu::cold, gnu::noinline]] void knownTakenSlow(std::size_t storage, std::size_t pos, std::int16_t card);
  [[gnu::cold, gnu::noinline]] void knownAddedSlow(std::size_t storage, std::size_t at, int chooser);
  [[gnu::cold, gnu::noinline]] void knownShuffledSlow(std::size_t storage);
  [[gnu::cold, gnu::noinline]] void knownClearedSlow(std::size_t storage);
  // determinize(): the positions of a pile `observer` knows (kept[i] = 1), from its Known.
  void keptPositions(int observer, std::size_t storage, std::vector<char>& kept) const;
  void finish(const model::describe::EndRule& rule, int subject);
  void checkEnd();
  void startTurn(bool first, sim::Rng& rng);
  void settle(sim::Rng& rng);
  // The player who acts in the current phase (its `by:`), the subject of its
  // actions; while an action waits on the stack, the one it is offered to.
  int actor() const {
    if (m_choice) return m_choice->chooser;
    if (m_stackPhase >= 0) return m_stackActor;
    return (m_current + m_p->phases[static_cast<std::size_t>(m_phase)].actor) % m_players;
  }
  // described_stack.cpp: the stack of actions waiting for answers.
  struct StackItem {
    int action = 0, card = -1, subject = 0;
    bool answer = false;     // it answers the item below it (whose owner then gets a window)
    bool window = false;     // an answer to it resolved: its owner may play more first
    bool cancelled = false;  // `cancel: answered`: it will not resolve
    DiePick die;             // the die its move named
  };
  void pushStack(int action, int card, int subject);
  // Offers the top item's window or answers, else resolves it, until something
  // is offered or nothing waits; checks the end rules (the caller need not).
  void continueStack(sim::Rng& rng);
  // False when the top was cancelled (nothing ran); true when it resolved and the end was checked.
  bool resolveTop(sim::Rng& rng);
  void passStack(sim::Rng& rng);
  // Offers `phase` to `who` when they have a move besides passing (the legal list is then known).
  bool offerStackPhase(int phase, int who);
  // `who` holds a card some answer may pick against the waiting one and afford
  // (DescribedProgram::answerTables): nothing is evaluated otherwise.
  bool mayAnswerHeld(int who) const;
  void stackVars(double* v, int subject, int& held) const;
  double value(int player) const;
  // described_board.cpp
  void boardSetUp();
  bool actionHasLegal(int action) const;
  // Every target of a board action (only the first with `first`).
  void boardLegalActions(int action, std::vector<sim::Action>& out, bool first = false) const;
  // Forgets what was derived from the board: the escapes, the legal list and vars()'s values.
  void boardChanged() {
    std::fill(m_board.escapes.begin(), m_board.escapes.end(), static_cast<std::int8_t>(-1));
    m_legalKnown = false;
    changed();
  }
  void boardApply(sim::Action a, sim::Rng& rng);
  void boardVars(double* v, int subject) const;
  void boardOp(const model::describe::Instr& in, int subject);
  std::string boardActionToString(sim::Action a) const;
  std::string boardToString() const;
  int supplyOf(int piece, int subject) const;
  void changeSupply(int piece, int delta);
  int jumpLanding(int from, int dir, int player, int token, int* jumped) const;
  bool freeFor(int cell, int player, int token) const;

  std::shared_ptr<const Program> m_p;
  int m_players = 2;
  int m_current = 0;
  int m_phase = 0;
  int m_turnCount = 1;
  int m_actionsThisTurn = 0;
  int m_idleTurns = 0;  // consecutive turns in which the player had no legal action
  bool m_terminal = false;
  bool m_adjudicated = false;
  bool m_turnEnding = false;
  std::vector<int> m_counters;
  std::vector<int> m_faction;  // per seat, -1 none
  std::vector<std::vector<std::int16_t>> m_zones;
  std::vector<std::uint16_t> m_taken;  // per action, this turn
  std::vector<double> m_returns;
  std::shared_ptr<const std::string> m_scriptError;
  // A script's condition that failed while the state was only read (listing
  // the legal actions): the next change of the state ends the game with it.
  mutable std::shared_ptr<const std::string> m_conditionError;
  // The legal actions of this position, once listed (the agent, the runner's
  // legality check and settle() ask for the same list); every change forgets them.
  mutable std::vector<sim::Action> m_legal;
  mutable bool m_legalKnown = false;
  // Changes whenever a counter or a zone may have (a number no other change on
  // any thread gets): vars() reuses its buffer while it is the same.
  std::uint64_t m_stamp = 0;
  void changed();
  BoardState m_board;
  long long m_effectSteps = 0;
  long long m_effectStepBudget = kEffectStepBudget;
  std::shared_ptr<PendingChoice> m_choice;  // null: no choice waits
  std::vector<StackItem> m_stack;
  int m_stackPhase = -1;  // the `during:` phase offered now; -1 = the turn's phase
  DiePick m_die;          // the die named by the move (or the resolving action) whose effects run
  int m_stackActor = 0;
};

}  // namespace wb::rulesets::described
