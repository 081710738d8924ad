// The card-dice ruleset compiled once per run into flat structures: every card
// with its kind, cost, shop tier and effects, every amount as a
// CompiledExpression bound to variable slots (the dice, the engine names and the
// parameters), and the numbers of the rules. Shared read-only by all games and
// threads of a run. compileRules() reports problems as diagnostics.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "model/core/diagnostics.h"
#include "model/core/ruleset.h"
#include "model/expression/compiled_expression.h"
#include "model/expression/expression.h"

namespace wb::rulesets::card_dice {

inline constexpr int kMaxDice = 16;
inline constexpr int kMaxCardTypes = 250;   // card ids fit in a byte
inline constexpr int kMaxCopies = 250;      // total copies of all cards (pile capacity)
inline constexpr int kMaxParameters = 64;
// Amounts, health and gold stop here (Free Market doubling must not overflow).
inline constexpr int kMaxAmount = 100000000;

// Variable slots of compiled expressions: dice first, then the engine names, then parameters.
inline constexpr int kSlotMyGold = kMaxDice;
inline constexpr int kSlotMyHealth = kMaxDice + 1;
inline constexpr int kSlotOpponentGold = kMaxDice + 2;
inline constexpr int kSlotOpponentHealth = kMaxDice + 3;
inline constexpr int kSlotFirstParameter = kMaxDice + 4;
inline constexpr int kMaxSlots = kSlotFirstParameter + kMaxParameters;

enum class CardKind : std::uint8_t { Action, Blessing, Passive };

// The engine's op vocabulary (the schema in card_dice_schema.cpp declares the arguments).
enum class Op : std::uint8_t {
  Damage, Heal, GainGold,                       // amounts
  Shield, ComboShield, PaidShield,              // passive shields
  Buff, BuffNonCombo,                           // rest-of-turn multipliers
  RerollDie, ChangeDie, FlipDie, SwapDice,      // die manipulation (a response may use them)
  Draw, Look, ReorderDeck, Tutor, TakeBought,   // deck and hand
  DiscardOpponentHand, DiscardOpponentFaceDown, // discard attacks
  Veto, ExtraActions, Recycle,
  HandLimit, FreeFaceDown, DrawOnBlessing, BlockEffectDraws, ExtraDraw,  // passives
};
inline constexpr int kOpCount = static_cast<int>(Op::ExtraDraw) + 1;
const char* opName(Op op);
bool isPassiveOp(Op op);
bool isDieOp(Op op);

// Whom an effect aims at: damage (opponent / self / both), look and reorder (self / opponent).
enum class Target : std::uint8_t { Opponent, Self, Both };
// What a look effect shows its player.
enum class LookAt : std::uint8_t { OpponentHand, OpponentFaceDown, OwnDeck, OpponentDeck };

struct EffectDef {
  Op op = Op::Damage;
  Target target = Target::Opponent;
  bool hasAmount = false;
  model::CompiledExpression amount;   // amount / count / factor / by / times
  std::uint32_t diceMask = 0;         // dice the amount uses (its "elements")
  bool combo = false;                 // the amount multiplies two different dice
  std::uint32_t againstMask = 0;      // Shield: the damage elements it stops
  int die = -1;                       // Buff: the element it strengthens
  LookAt lookAt = LookAt::OpponentHand;  // Look: what it reveals
};

struct CardDef {
  std::string id;
  std::string name;
  CardKind kind = CardKind::Action;
  int cost = 0;
  bool cheap = true;                  // shop tier
  int count = 1;
  std::vector<EffectDef> effects;
  int dieEffect = -1;                 // index of the effect whose die choice the action carries
  bool veto = false;                  // has a Veto effect (only playable as a response)
  // May answer some opponent's action (Veto, a die change, a heal, a buff, a gold gain);
  // CardDiceState::respondsTo decides which actions it answers.
  bool canRespond = false;
  std::uint32_t readsDice = 0;        // dice read by its amounts (die changes answer these)
  bool dealsDamage = false;           // a damage effect hits the opponent (or both)
  bool heals = false, gainsGold = false, buffs = false;
  // An amount reads gold or health (Free Market: my_gold), so its value is not
  // a function of the dice and buffs alone (the heuristic's value cache).
  bool readsPlayers = false;
};

struct DieDef {
  std::string id;
  std::vector<int> values;            // face values
  std::vector<double> cumulative;     // cumulative weights, for rolling
  int min = 1;
  int max = 6;
};

struct CardDiceRules {
  std::vector<CardDef> cards;
  std::vector<DieDef> dice;
  std::array<double, kMaxSlots> baseVars{};  // parameters filled in, the rest 0
  int startingHealth = 100;
  int maxHealth = 100;               // 0 = no limit
  int startingGold = 6;
  int startingCard = 0;
  int startingCards = 5;
  int shopSize = 4;
  int cheapMaxCost = 7;
  int handLimit = 5;
  int actionsPerTurn = 1;
  int freeGoldPerTurn = 1;
  int freeDrawsPerTurn = 1;
  int bidsPerTurn = 1;
  int maxTurns = 2000;
  int maxActionsPerTurn = 200;       // then only moves that end the turn are legal (assumed)
  // played_cards: at_once puts played cards on the discard pile at once (then a deck of
  // blessings with Truly Blessed repeats them without end); turn_end (default) at the turn's end.
  bool playedToDiscardAtOnce = false;
  bool bidDoubling = false;          // bid_steps: doubling (1x, 2x, 4x ...) instead of linear (assumed)
  std::vector<std::string> ids;       // card ids in index order (entity log)
  // Unique per compiled rules object in this process (never reused), a cache key.
  std::uint64_t uid = 0;

  int numDice() const { return static_cast<int>(dice.size()); }
  int cardIndex(std::string_view id) const;  // -1 if unknown
};

// Dice referenced by an expression tree (bit i = die i; `dieIndex` maps names, -1 = not a die).
std::uint32_t exprDiceMask(const model::ExprNode& node, const std::vector<std::string>& dieIds);
// A combo amount multiplies two different dice somewhere in its tree (`fire * magic`,
// `2 * earth * nature`); `2 * fire` and `magic * magic` are not combos.
bool exprIsCombo(const model::ExprNode& node, const std::vector<std::string>& dieIds);

// Compiles a ruleset of engine card_dice; nullptr (with diagnostics) on errors.
std::shared_ptr<const CardDiceRules> compileRules(const model::Ruleset& ruleset,
                                                  model::Diagnostics& out);

}  // namespace wb::rulesets::card_dice
