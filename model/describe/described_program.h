// DescribedProgram: a game description (the `rules:` section of a ruleset
// whose engine is `described`) compiled once into flat tables and byte code.
// The described engine (rulesets/described) plays it; nothing here is a YAML
// node, and names survive only for actionToString and messages: the playout
// loop indexes counters, zones, actions and code by integer.
//
// Expressions read a flat array of doubles laid out as slotLayout says (the
// engine fills it for the player an effect is about, "the subject").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/describe/described_board.h"
#include "model/expression/compiled_expression.h"

namespace wb::model::describe {

enum class Visibility : std::uint8_t { Everyone, Owner, Nobody };
enum class Compare : std::uint8_t { Less, LessEqual, Equal, NotEqual, GreaterEqual, Greater, NonZero };

struct Counter {
  std::string id;
  bool perPlayer = true;
  int min = 0, max = 0, initial = 0;
  bool resetEachTurn = false;  // back to `initial` when its owner's turn starts
  // `tally: true`: it counts events (spreads, captures), so `run` tabulates it
  // with the engines' counters. A value such as health or gold is not a count:
  // summed over games it would read as events, so only the designer says so.
  bool tally = false;
  int storage = 0;             // index among the globals, or among one player's counters
};

struct Zone {
  std::string id;
  bool perPlayer = true;
  Visibility visibility = Visibility::Everyone;
  std::vector<int> start;  // entity indices dealt at setup (top of the pile last)
  int storage = 0;
  // `pool: shared`: what an observer cannot see of this player's zone may be any
  // of the unseen cards of the shared zones (a hand dealt from a common deck);
  // by default a player's hidden cards stay that player's (a deckbuilder's deck).
  bool poolShared = false;
};

// One comparison `lhs op rhs` (expression indices); NonZero ignores rhs.
struct Comparison {
  int lhs = 0, rhs = -1;
  Compare op = Compare::NonZero;
  // Set by the compiler (noteFastReads): a side that is a lone name is read
  // from its slot, a lone number (or no rhs: 0) is its value, without the
  // expression's run; -1 and false: run it.
  int lhsSlot = -1, rhsSlot = -1;
  bool lhsIsNumber = false, rhsIsNumber = false;
  double lhsNumber = 0.0, rhsNumber = 0.0;
};
inline bool compare(Compare op, double l, double r) {
  switch (op) {
    case Compare::Less: return l < r;
    case Compare::LessEqual: return l <= r;
    case Compare::Equal: return l == r;
    case Compare::NotEqual: return l != r;
    case Compare::GreaterEqual: return l >= r;
    case Compare::Greater: return l > r;
    case Compare::NonZero: return l != 0;
  }
  return false;
}

// Disjunction of conjunctions; empty = always true.
struct Condition {
  std::vector<std::vector<Comparison>> anyOf;
  // Set by the compiler for the engine's fast paths (SlotLayout): the slots
  // it reads outside the parameters and the card's properties, whether it
  // reads the card's, and when it reads nothing else (`card_action`, or only
  // parameters), its value for each card (index card + 1; 0 for no card),
  // looked up, not evaluated.
  std::vector<int> reads;
  bool readsCard = false;
  std::vector<char> byCard;
  // `{call: name}`: a function of the `lua:` script decides (index into
  // luaFunctions; anyOf is then empty). It may read anything of the state,
  // so no list of read slots holds it: readsCard is set, byCard stays empty,
  // and a phase whose actions test it reads everything (Phase::readsAll).
  int lua = -1;
  // The card properties it reads (indices into cardProps): the engine writes
  // only these from one card to the next.
  std::vector<int> cardReads;
};

enum class Op : std::uint8_t {
  Gain,        // a=counter, b=expr (added, clamped to the bounds)
  Set,         // a=counter, b=expr
  Roll,        // a=counter, b=expr (sides): counter = 1..sides
  Draw,        // a=from zone, b=expr (count), c=to zone, d=reshuffle zone (-1 none)
  MovePicked,  // a=to zone (the card the action picked)
  MoveTop,     // a=from zone, b=to zone, c=expr (count)
  MoveAll,     // a=from zone, b=to zone
  Shuffle,     // a=zone
  PlayPicked,  // runs the picked card's effects
  JumpUnless,  // a=condition, b=target pc
  Jump,        // b=target pc
  RepeatBegin, // a=expr (times), b=pc after the matching RepeatEnd
  RepeatEnd,   // b=pc of the body's start
  EachBegin,   // a=0 every player from the subject on, 1 the others; b=pc after EachEnd
  EachEnd,     // b=pc of the body's start
  NextPhase,   // a=phase index
  EndTurn,
  EndGame,     // a=winner rule index into endRules
  Call,        // a=function index into luaFunctions (the rules' `lua:` script)
  Return,
  CountAs,     // a=CardUse: the picked card counts as played or acquired by the subject
  Board,       // a=BoardOp (described_board.h), b, c its arguments
  Choose,      // a=index into choices: a player picks cards (described_choice.cpp)
  MoveWhere,   // a=from zone, b=to zone, c=condition: every card of `from` that satisfies it
  Deal,        // a=from zone, b=to zone, c=expr (cards each), d=1 the others only: one at a time, in turn order
  CancelAnswered,  // the action waiting on the stack that this one answered will not resolve
  Reroll,      // a=index into choices (a reroll): roll the die, then the chooser may roll it again (described_dice.cpp)
  Exchange,    // a, b=counters (or kChosenDie / kChosenSecondDie): their values change places
  ChooseAmount,    // a=index into amountChoices: a player chooses a number (described_amount.cpp)
  Reveal,      // a=zone, b=expr (top cards; -1 the whole zone), c=1 the next player's zone: the subject sees them
};

// Effects may name the die a move names (`die`, `second_die`) where they name
// a counter: the engine puts the counter of that die there when they run.
inline constexpr int kChosenDie = 1 << 20;
inline constexpr int kChosenSecondDie = kChosenDie + 1;

// An action's `die:` (model/describe/die_compiler.cpp): a move that picks a
// card satisfying `when` also names one of the rules' `dice:` (and a change
// of it, or a second die), one move per choice, decided when it is taken.
struct DieSpec {
  int when = -1;    // condition (card_ names): the picked card names a die; -1 = every card
  int change = -1;  // expression: names a change of -N..N too (never 0, never past the die's bounds)
  int pair = -1;    // condition: names two dice of different values instead of one
  int only = -1;    // condition per die (die_ names): the dice the move may name (a pair: one of its two)
  SourceLocation where;
};

// What taking a card counts as in the statistics (`pick: {counts_as: ...}`,
// the `count_as` effect): Default follows the pick's zone (a shared zone
// acquires, one's own plays).
enum class CardUse : std::uint8_t { Default, Nothing, Played, Acquired };

// `choose`: a player (the subject, or the next player with `by: opponent`)
// picks cards of a zone (the subject's, or the next player's with `of:
// opponent`), one decision per card, and each goes to `to`. With `top`, the
// choice is among that many cards taken off the top of `from` (the ones not
// picked go back on top, in their order); with `order`, every card is placed
// in the order picked (the last picked on top); with `up_to`, the chooser may
// stop early. A pick nobody could decide otherwise is made without asking.
struct Choice {
  std::string id;              // the moves' name: "<id> <card>", "<id> done"
  int from = -1, to = -1;
  int count = -1;              // expression: how many cards
  int top = -1;                // expression, -1: the whole zone
  int when = -1;               // condition on card_ names, -1: any card
  bool byOpponent = false, ofOpponent = false, upTo = false, order = false;
  SourceLocation where;
  // `reroll` (described_dice.cpp): no cards; the counter rolled (or kChosenDie)
  // and its sides; `count` is how many rolls in all (the first is not asked).
  bool reroll = false;
  int rerollInto = -1, sides = -1;
};

// `choose_amount`: a player (the subject, or the next player with `by:
// opponent`) chooses a whole number between `min` and `max` (amounts read for
// the subject when the effect runs), one move per number, and the subject's
// counter `into` holds it for the effects after. A range of one number is
// stored without asking; one of more than kMaxAmountMoves numbers offers an
// even grid of them from `max` down, `min`, and `also` when it lies between.
struct AmountChoice {
  std::string id;              // the moves' name: "<id> <number>"
  int min = -1, max = -1;      // expressions
  int also = -1;               // expression, -1: none
  int into = -1;               // counter
  bool byOpponent = false;
  SourceLocation where;
};
inline constexpr int kMaxAmountMoves = 256;
// At most this many `choose_amount` effects in one description (the engine
// numbers their moves by it: rulesets/described/described_state.h).
inline constexpr int kMaxAmountChoices = 64;

struct Instr {
  Op op = Op::Return;
  std::int32_t a = 0, b = 0, c = 0, d = 0;
};

struct Cost {
  int counter = 0;
  int amount = 0;  // expression
};

struct Action {
  std::string id;
  int phase = 0;
  int condition = -1;          // index into conditions; -1 = always
  std::vector<Cost> costs;     // paid before the effects; the action is legal only when affordable
  int limitPerTurn = 0;        // 0 = no limit
  int pickZone = -1;           // the action takes a card from this zone (one action per distinct card)
  int pickCondition = -1;      // with a pick: what the card must satisfy (card_ names)
  int code = 0;                // entry pc
  SourceLocation where;
  CardUse countsAs = CardUse::Default;  // what the pick counts as
  // With a pick: `when` and the costs read no card_ name, so they are tested
  // once for all the cards (set by the compiler).
  bool sameForEveryCard = false;
  int board = -1;              // index into board.actions: the action targets a cell
  std::vector<int> unlessLegal;  // legal only when none of these actions is
  // `resolve:` (described_stack.cpp): the action goes on the stack when taken
  // (its `effects` run at once) and these effects run when it resolves, after
  // the answers to it; -1 = it resolves at once, unanswerable.
  int resolveCode = -1;
  // `answers:` of an action in a `during: answers` phase: what the waiting
  // action must be for this one to answer it (answered_ names); -1 = any.
  int answers = -1;
  int die = -1;                // index into dieSpecs: the move also names a die
  bool atBound = false;        // named in `turn_bound: then`: still legal once the turn is at its bound
};

// A phase the turn never walks into: its actions are offered while an action
// waits on the stack (`during:`). Answers: to the next player after the
// waiting action's owner; Window: to that owner, after an answer to it resolved.
enum class StackRole : std::uint8_t { None, Answers, Window };

struct Phase {
  std::string id;
  std::vector<int> actions;
  // Who acts in it: 0 the player whose turn it is, 1 the next player (`by:
  // opponent`: a bid answered, an auction's outbid, a response).
  int actor = 0;
  StackRole role = StackRole::None;
  SourceLocation where;
  // Set by the compiler: the slots its actions' conditions and costs read
  // outside the parameters and the card's (the engine fills only these to
  // list them); readsAll when that is not known (a board, `unless_legal`).
  std::vector<int> reads;
  bool readsAll = false;
};

// How the game ends: `when` holds (checked after every action) and `winner`.
enum class Winner : std::uint8_t { Subject, Most, Least, Nobody };
struct EndRule {
  int condition = -1;
  bool forEachPlayer = false;  // the condition is tested for every player as subject
  Winner winner = Winner::Subject;
  int counter = -1;            // Most / Least: the counter compared
  SourceLocation where;
};

struct Card {
  std::string id;
  int code = -1;               // entry pc of its effects; -1 = none
  std::vector<double> props;   // by card property slot (cost first)
};

// A scripted player's rule: when `condition` holds (for the player to act)
// and a move it names is legal, take it; with a card (an action's pick, a
// choice's candidate), the card of the highest `prefer` (the first listed on
// a tie). It names `action`'s moves, the picks of `choices` (or, with `done`,
// their move that stops early), and with `pass` the stack's pass.
struct ScriptRule {
  int condition = -1;
  int action = -1;
  int prefer = -1;
  std::vector<int> choices;  // indices into DescribedProgram::choices (the same `id`)
  bool done = false;
  bool pass = false;
};
struct Script {
  std::string id;
  std::vector<ScriptRule> rules;
};

// Where each name of an expression reads from (see described_program.h head).
struct SlotLayout {
  int params = 0;           // [0, params): parameter values
  int globals = 0;          // global counters
  int own = 0;              // the subject's counters
  int opponent = 0;         // the next player's counters
  int zoneSizes = 0;        // the subject's zones and the shared ones, by zone index
  int opponentZoneSizes = 0;
  int players = 0, turn = 0;
  int turnMoves = 0;         // turn_moves: the moves made in this turn so far (every player's)
  int card = 0;             // the picked card's properties
  int faction = 0;          // the subject's faction's properties (faction_NAME; 0 without a faction)
  int answered = -1;        // answered_card_PROP: the card of the action waiting on the stack (-1: no stack phases)
  int myTurn = -1;          // my_turn: 1 when the subject is the player whose turn it is
  // die, second_die, delta, die_read, then die_is_<die> per die of `dice:` (-1: no dice)
  int die = -1;
  int total = 0;
};

struct DescribedProgram {
  std::vector<Counter> counters;
  int globalCounters = 0, playerCounters = 0;
  std::vector<Zone> zones;
  int sharedZones = 0, playerZones = 0;
  std::vector<Card> cards;  // by entity index
  std::vector<std::string> cardProps;  // "cost", "number" (the place in cards:), then the numeric properties
  // The ruleset's `factions:` (a seat plays one, as in every engine): their ids,
  // and the numeric properties expressions read as faction_NAME, by faction.
  std::vector<std::string> factions;
  std::vector<std::string> factionProps;
  std::vector<std::vector<double>> factionValues;
  std::vector<CompiledExpression> exprs;
  std::vector<Condition> conditions;
  std::vector<Instr> code;
  std::vector<Choice> choices;  // the `choose` effects (Op::Choose)
  std::vector<AmountChoice> amountChoices;  // the `choose_amount` effects (Op::ChooseAmount)
  int setupCode = -1;
  // `triggers:` run with the turn's player as the subject when a turn starts
  // (after the `reset: turn` counters) and when it ends; -1 = none.
  int turnStartCode = -1, turnEndCode = -1;
  std::vector<Phase> phases;
  std::vector<Action> actions;
  // The `during: answers` and `during: window` phases (-1 none); pass =
  // actions.size() * the engine's stride ends an answer or a window.
  int answerPhase = -1, windowPhase = -1;
  // Per answer that picks a card (AnswerTable): which cards it may pick
  // against which waiting card, and what each costs at least. A player
  // holding no card one of them may pick and afford is not asked, decided
  // without evaluating anything.
  struct AnswerTable {
    int zone = 0;
    // pairs[waiting * cards + answering] (waiting = cards: no card): its
    // pick's `when`, `answers:` and `when` can hold, other names within bounds.
    std::vector<char> pairs;
    // Per cost: its counter, and the least it can cost for each card.
    std::vector<int> costCounters;
    std::vector<std::vector<double>> costFloor;
  };
  std::vector<AnswerTable> answerTables;
  bool answerWithoutPick = false;
  std::vector<EndRule> endRules;
  std::vector<int> tieBreaks;  // counters, most first wins
  std::vector<Script> scripts;
  SlotLayout slots;
  // The slots some expression reads, per part of the layout (offsets within
  // it): the engine fills only these before evaluating.
  std::vector<int> readGlobals, readOwn, readOpponent, readZoneSizes, readOpponentZoneSizes;
  // Per expression: the slot of a lone name (-1 if it is more), and whether it
  // is a lone number (loneNumber its value): read without running it.
  std::vector<int> loneSlot;
  std::vector<char> isLoneNumber;
  std::vector<double> loneNumber;
  // Per expression: the slots it reads outside the parameters and the card's
  // properties, and whether it reads the card's (the engine fills only these).
  std::vector<std::vector<int>> exprReads;
  std::vector<char> exprReadsCard;
  std::vector<std::vector<int>> exprCardReads;  // the card properties it reads (indices into cardProps)
  std::vector<double> paramValues;
  int value = -1;              // expression of a player's value; -1: from the victory rule
  int turnLimit = 1000;
  int actionsPerTurn = 200;
  // `turn_bound`: after this many moves in a turn only the first `then` action
  // (Action::atBound) with a legal move, passing, and stopping a choice stay legal; 0 = none.
  int turnBound = 0;
  bool lengthInRounds = false;  // `length: rounds`: a turn is a round of every player's turn
  int minPlayers = 2, maxPlayers = 2;
  // The `lua:` script the `call` effects and conditions run (the described engine runs it,
  // sandboxed; the model only keeps it): its text, padded with newlines so
  // that its line numbers are the file's, and the functions called by name.
  std::string luaSource;
  std::string luaFile;
  SourceLocation luaWhere;
  // The functions `call` effects and `{call: name}` conditions name, and
  // where each is first named.
  std::vector<std::string> luaFunctions;
  std::vector<SourceLocation> luaCalls;
  BoardSpec board;            // `board:` (present = false without one)
  // `dice:`: the per-game counters a move may name as a die (at most 16), the
  // actions' die choices, and per card the dice its own effects read (bit i =
  // dice[i]): an answer "among the dice the answered action reads" (die_read).
  std::vector<int> dice;
  std::vector<DieSpec> dieSpecs;
  std::vector<std::uint32_t> cardDice;
  std::uint64_t serial = 0;  // distinct for every compiled program (keys per-thread interpreters)
};

}  // namespace wb::model::describe
