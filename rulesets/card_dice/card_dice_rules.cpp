#include "rulesets/card_dice/card_dice_rules.h"

#include <atomic>
#include <cmath>
#include <optional>
#include <string>
#include <variant>

#include "model/core/parameter_reads.h"
#include "model/core/scalar.h"

namespace wb::rulesets::card_dice {

namespace {

constexpr const char* kOpNames[kOpCount] = {
    "damage", "heal", "gain_gold", "shield", "combo_shield", "paid_shield", "buff",
    "buff_non_combo", "reroll_die", "change_die", "flip_die", "swap_dice", "draw", "look",
    "reorder_deck", "tutor", "take_bought", "discard_opponent_hand",
    "discard_opponent_face_down", "veto", "extra_actions", "recycle", "hand_limit",
    "free_face_down", "draw_on_blessing", "block_effect_draws", "extra_draw"};

// The argument holding each op's amount ("" = the op has none).
const char* amountKey(Op op) {
  switch (op) {
    case Op::Damage: case Op::Heal: case Op::GainGold: case Op::Shield: case Op::ComboShield:
    case Op::HandLimit:
      return "amount";
    case Op::PaidShield: return "gold_per_damage";
    case Op::Buff: case Op::BuffNonCombo: return "factor";
    case Op::RerollDie: return "times";
    case Op::ChangeDie: return "by";
    case Op::Draw: case Op::Look: case Op::ReorderDeck: case Op::DiscardOpponentHand:
    case Op::DiscardOpponentFaceDown: case Op::ExtraActions: case Op::Recycle:
    case Op::DrawOnBlessing: case Op::ExtraDraw:
      return "count";
    default: return "";
  }
}

std::optional<Op> opFromName(std::string_view name) {
  for (int i = 0; i < kOpCount; ++i)
    if (name == kOpNames[i]) return static_cast<Op>(i);
  return std::nullopt;
}

int dieIndexOf(const std::vector<std::string>& dieIds, std::string_view name) {
  for (std::size_t i = 0; i < dieIds.size(); ++i)
    if (dieIds[i] == name) return static_cast<int>(i);
  return -1;
}

bool comboWalk(const model::ExprNode& n, const std::vector<std::string>& dieIds) {
  using K = model::ExprNode::Kind;
  if (n.kind == K::Multiply && n.args.size() == 2) {
    const std::uint32_t l = exprDiceMask(n.args[0], dieIds);
    const std::uint32_t r = exprDiceMask(n.args[1], dieIds);
    // Two different dice multiplied: some die on the left differs from some die on the right.
    if (l != 0 && r != 0 && !(l == r && (l & (l - 1)) == 0)) return true;
  }
  for (const model::ExprNode& a : n.args)
    if (comboWalk(a, dieIds)) return true;
  return false;
}

}  // namespace

const char* opName(Op op) { return kOpNames[static_cast<int>(op)]; }

bool isPassiveOp(Op op) {
  switch (op) {
    case Op::Shield: case Op::ComboShield: case Op::PaidShield: case Op::HandLimit:
    case Op::FreeFaceDown: case Op::DrawOnBlessing: case Op::BlockEffectDraws: case Op::ExtraDraw:
      return true;
    default: return false;
  }
}

bool isDieOp(Op op) {
  return op == Op::RerollDie || op == Op::ChangeDie || op == Op::FlipDie || op == Op::SwapDice;
}

int CardDiceRules::cardIndex(std::string_view id) const {
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (cards[i].id == id) return static_cast<int>(i);
  return -1;
}

std::uint32_t exprDiceMask(const model::ExprNode& node, const std::vector<std::string>& dieIds) {
  std::uint32_t mask = 0;
  if (node.kind == model::ExprNode::Kind::Name) {
    const int d = dieIndexOf(dieIds, node.name);
    if (d >= 0) mask |= 1u << d;
  }
  for (const model::ExprNode& a : node.args) mask |= exprDiceMask(a, dieIds);
  return mask;
}

bool exprIsCombo(const model::ExprNode& node, const std::vector<std::string>& dieIds) {
  return comboWalk(node, dieIds);
}

std::shared_ptr<const CardDiceRules> compileRules(const model::Ruleset& ruleset,
                                                  model::Diagnostics& out) {
  auto rules = std::make_shared<CardDiceRules>();
  static std::atomic<std::uint64_t> nextUid{1};
  rules->uid = nextUid.fetch_add(1, std::memory_order_relaxed);
  const std::size_t errorsBefore = out.items().size();
  auto fail = [&](const model::SourceLocation& where, std::string message) {
    out.error(where, std::move(message));
  };

  // Dice (rule: "Seven dice are rolled at the start of the game").
  if (ruleset.dice.empty() || ruleset.dice.size() > static_cast<std::size_t>(kMaxDice))
    fail(ruleset.origin.at("dice"), "card_dice needs 1 to 16 dice");
  std::vector<std::string> dieIds;
  for (const model::Die& die : ruleset.dice) {
    if (dieIds.size() >= static_cast<std::size_t>(kMaxDice)) break;
    DieDef d;
    d.id = die.id;
    double total = 0;
    d.min = 1 << 30;
    d.max = -(1 << 30);
    for (const model::DieFace& f : die.faces) {
      const int v = static_cast<int>(std::lround(f.value));
      if (std::fabs(f.value - v) > 1e-9 || v < -100 || v > 100)
        fail(die.origin.at("faces"), "card_dice needs whole-number face values from -100 to 100 on die '" +
                                         die.id + "'");
      d.values.push_back(v);
      total += f.weight > 0 ? f.weight : 0;
      d.cumulative.push_back(total);
      d.min = std::min(d.min, v);
      d.max = std::max(d.max, v);
    }
    if (d.values.empty() || total <= 0) {
      fail(die.origin.loc, "die '" + die.id + "' has no face with a positive weight");
      d.values = {1};
      d.cumulative = {1};
      d.min = d.max = 1;
    }
    dieIds.push_back(die.id);
    rules->dice.push_back(std::move(d));
  }

  // Parameters are constants of the run, bound to slots after the engine names.
  std::vector<std::string> paramIds;
  for (const model::Parameter& p : ruleset.parameters) {
    if (paramIds.size() >= static_cast<std::size_t>(kMaxParameters)) {
      fail(p.origin.loc, "card_dice supports at most 64 parameters");
      break;
    }
    rules->baseVars[kSlotFirstParameter + paramIds.size()] = model::toNumber(p.value).value_or(0);
    paramIds.push_back(p.id);
  }
  auto slotOf = [&](std::string_view name) -> int {
    const int d = dieIndexOf(dieIds, name);
    if (d >= 0) return d;
    if (name == "my_gold") return kSlotMyGold;
    if (name == "my_health") return kSlotMyHealth;
    if (name == "opponent_gold") return kSlotOpponentGold;
    if (name == "opponent_health") return kSlotOpponentHealth;
    for (std::size_t i = 0; i < paramIds.size(); ++i)
      if (paramIds[i] == name) {
        model::ParameterReadLog::note(name);  // an amount reads it
        return kSlotFirstParameter + static_cast<int>(i);
      }
    return -1;
  };
  auto paramOnly = [&](std::string_view name) -> int {
    for (std::size_t i = 0; i < paramIds.size(); ++i)
      if (paramIds[i] == name) {
        model::ParameterReadLog::note(name);
        return kSlotFirstParameter + static_cast<int>(i);
      }
    return -1;
  };
  auto intParam = [&](const char* id, int fallback) {
    return static_cast<int>(std::lround(ruleset.number(id, fallback)));
  };
  rules->startingHealth = intParam("starting_health", 100);
  rules->maxHealth = std::max(0, intParam("max_health", 0));
  rules->startingGold = intParam("starting_gold", 6);
  rules->startingCards = intParam("starting_cards", 5);
  rules->shopSize = std::clamp(intParam("shop_size", 4), 1, 16);
  rules->cheapMaxCost = intParam("cheap_max_cost", 7);
  rules->handLimit = intParam("hand_limit", 5);
  rules->actionsPerTurn = intParam("actions_per_turn", 1);
  rules->freeGoldPerTurn = intParam("free_gold_per_turn", 1);
  rules->freeDrawsPerTurn = intParam("free_draws_per_turn", 1);
  rules->bidsPerTurn = intParam("bids_per_turn", 1);
  rules->maxTurns = std::max(1, intParam("max_turns", 2000));
  rules->maxActionsPerTurn = std::max(1, intParam("max_actions_per_turn", 200));
  // Assumed (played_cards): where a played card goes is not in the rules.
  if (const model::Parameter* played = ruleset.parameter("played_cards")) {
    const std::string* v = std::get_if<std::string>(&played->value);
    if (v && *v == "at_once") rules->playedToDiscardAtOnce = true;
    else if (!v || *v != "turn_end")
      fail(played->origin.loc, "played_cards must be 'turn_end' or 'at_once'");
  }
  // Rule: "their opponent may outbid them to two times that ... This bidding in multiples of
  // the stated cost continues": linear (1x, 2x, 3x ...) or doubling (1x, 2x, 4x ...).
  if (const model::Parameter* steps = ruleset.parameter("bid_steps")) {
    const std::string* v = std::get_if<std::string>(&steps->value);
    if (v && *v == "doubling") rules->bidDoubling = true;
    else if (!v || *v != "linear")
      fail(steps->origin.loc, "bid_steps must be 'linear' or 'doubling'");
  }

  // Cards.
  const std::vector<model::Entity>& cards = ruleset.cards();
  if (cards.size() > static_cast<std::size_t>(kMaxCardTypes))
    fail(ruleset.origin.at("cards"), "card_dice supports at most 250 distinct cards, got " + std::to_string(cards.size()));
  long long copies = 0;  // counts are at most 100000 each, but their sum never wraps
  for (const model::Entity& e : cards) {
    if (rules->cards.size() >= static_cast<std::size_t>(kMaxCardTypes)) break;
    CardDef c;
    c.id = e.id;
    c.name = e.name;
    c.count = std::max(0, e.count);
    copies += c.count;
    if (copies > kMaxCopies && copies - c.count <= kMaxCopies)  // at the card that passes the limit
      fail(e.origin.at("count"), "card_dice supports at most 250 card copies in all; with the " + std::to_string(c.count) +
                                     " of '" + e.id + "' there are " + std::to_string(copies) + " so far");
    if (e.kind == "action") c.kind = CardKind::Action;
    else if (e.kind == "blessing") c.kind = CardKind::Blessing;
    else if (e.kind == "passive") c.kind = CardKind::Passive;
    else fail(e.origin.at("kind"), "card '" + e.id + "': kind must be action, blessing or passive");

    if (const model::Cost* cost = e.cost()) {
      model::ExpressionError err;
      auto compiled = cost->amount.compile(paramOnly, &err);
      if (!compiled) {
        fail(e.origin.at("cost"), "card '" + e.id + "': cost may use numbers and parameters only (" +
                                      err.message + ")");
      } else {
        // A cost the int cannot hold would wrap (2^31 played as 0): an error at its line.
        const double value = std::ceil(compiled->evaluate(rules->baseVars.data()) - 1e-9);
        if (!(std::fabs(value) <= model::kMaxEngineInteger))
          fail(e.origin.at("cost"), "card '" + e.id + "': cost " + model::formatNumber(value) + " is out of range (at most " +
                                        model::formatNumber(model::kMaxEngineInteger) + ")");
        else
          c.cost = static_cast<int>(value);
      }
    }
    c.cost = std::max(0, c.cost);

    for (const model::Effect& fx : e.effects) {
      const std::optional<Op> op = opFromName(fx.op);
      if (!op) {
        fail(fx.origin.at("op"), "card '" + e.id + "': unknown op '" + fx.op + "' for engine card_dice");
        continue;
      }
      EffectDef d;
      d.op = *op;
      const bool passiveCard = c.kind == CardKind::Passive;
      if (isPassiveOp(d.op) != passiveCard)
        fail(fx.origin.at("op"), "card '" + e.id + "': op '" + fx.op + "' " +
                                     (passiveCard ? "does not work on a passive card"
                                                  : "only works on a passive card"));
      const char* key = amountKey(d.op);
      if (*key) {
        if (const model::Field* f = fx.arg(key)) {
          model::ExpressionError err;
          auto parsed = model::Expression::parse(f->text, &err);
          std::optional<model::CompiledExpression> compiled;
          if (parsed) compiled = parsed->compile(slotOf, &err);
          if (!compiled) {
            fail(fx.origin.at(key), "card '" + e.id + "': " + key + ": " + err.message);
          } else {
            d.hasAmount = true;
            d.amount = std::move(*compiled);
            d.diceMask = exprDiceMask(parsed->root(), dieIds);
            d.combo = exprIsCombo(parsed->root(), dieIds);
            if (d.amount.readsSlotIn(kSlotMyGold, kSlotFirstParameter)) c.readsPlayers = true;
          }
        } else if (d.op != Op::Look) {
          fail(fx.origin.loc, "card '" + e.id + "': op '" + fx.op + "' needs '" + key + "'");
        }
      }
      if (const model::Field* t = fx.arg(d.op == Op::Damage ? "target" : d.op == Op::Look ? "at" : "whose")) {
        const std::string& v = t->text;
        d.target = (v == "self" || v == "own_deck") ? Target::Self
                   : v == "both"                    ? Target::Both
                                                    : Target::Opponent;
      }
      if (const model::Field* f = fx.arg("against")) {
        for (const std::string& item : f->isList ? f->items : std::vector<std::string>{f->text}) {
          const int die = dieIndexOf(dieIds, item);
          if (die < 0) fail(fx.origin.at("against"), "card '" + e.id + "': unknown die '" + item + "'");
          else d.againstMask |= 1u << die;
        }
      }
      if (d.op == Op::Look) {
        if (const model::Field* at = fx.arg("at")) {
          const std::string& v = at->text;
          d.lookAt = v == "opponent_face_down" ? LookAt::OpponentFaceDown
                     : v == "own_deck"         ? LookAt::OwnDeck
                     : v == "opponent_deck"    ? LookAt::OpponentDeck
                                               : LookAt::OpponentHand;
        }
      }
      if (d.op == Op::Buff) {
        const model::Field* f = fx.arg("element");
        d.die = f ? dieIndexOf(dieIds, f->text) : -1;
        if (d.die < 0) fail(fx.origin.at("element"), "card '" + e.id + "': buff needs a die as element");
      }
      if (isDieOp(d.op) && c.dieEffect < 0) c.dieEffect = static_cast<int>(c.effects.size());
      if (d.op == Op::Veto) c.veto = true;
      c.effects.push_back(std::move(d));
    }
    for (const EffectDef& d : c.effects) {
      c.readsDice |= d.diceMask;
      if (d.op == Op::Damage && d.target != Target::Self) c.dealsDamage = true;
      if (d.op == Op::Heal) c.heals = true;
      if (d.op == Op::GainGold) c.gainsGold = true;
      if (d.op == Op::Buff || d.op == Op::BuffNonCombo) c.buffs = true;
    }
    // Rule: "A player may respond to their opponent's action by playing an action which
    // affects (or may affect) its result": Veto, die changes, heals (before damage), buffs
    // (of a shield) and gold (for Paid Militia); respondsTo() matches them to the action.
    c.canRespond = c.kind == CardKind::Action &&
                   (c.veto || c.dieEffect >= 0 || c.heals || c.buffs || c.gainsGold);
    c.cheap = c.cost <= rules->cheapMaxCost;
    rules->ids.push_back(c.id);
    rules->cards.push_back(std::move(c));
  }

  const model::Parameter* start = ruleset.parameter("starting_card");
  const std::string startId =
      start && std::holds_alternative<std::string>(start->value) ? std::get<std::string>(start->value)
                                                                 : std::string("basic_income");
  rules->startingCard = rules->cardIndex(startId);
  const model::SourceLocation startLoc =
      start ? start->origin.loc : ruleset.origin.at("parameters");
  if (rules->startingCard < 0) {
    fail(startLoc, "starting_card '" + startId + "' is not a card");
  } else if (rules->cards[rules->startingCard].count < 2 * rules->startingCards) {
    fail(startLoc, "starting_card '" + startId + "' needs at least " +
                       std::to_string(2 * rules->startingCards) + " copies (two starting decks)");
  }

  for (std::size_t i = errorsBefore; i < out.items().size(); ++i)
    if (out.items()[i].severity == model::Severity::Error) return nullptr;
  return rules;
}

}  // namespace wb::rulesets::card_dice
