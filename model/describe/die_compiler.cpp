// Moves that name a die (die_compiler.h): "roll one die again", "raise or
// lower one die by up to 3", "exchange two dice". The rules' `dice:` lists the
// counters that are dice; an action's `die:` makes each card it picks (that
// satisfies `when`) one move per die it may name (and per change, or per pair),
// decided when the action is taken, so the die is known while the action waits
// on the stack; its effects and the card's name that die `die`.
#include "model/describe/die_compiler.h"

#include <algorithm>
#include <set>

#include "model/core/scalar.h"
#include "model/describe/choice_compiler.h"
#include "model/describe/description_compiler.h"
#include "model/validation/name_suggestion.h"

namespace wb::model::describe {

namespace {

// Slots after SlotLayout::die: die, second_die, delta, die_read, then die_is_<die>.
constexpr int kFixedDieNames = 4;

std::set<std::string, std::less<>> counterIds(const Compiler& c) {
  std::set<std::string, std::less<>> ids;
  for (const auto& [k, v] : c.m_counters) ids.insert(k);
  return ids;
}

// The interval every die's faces lie in, and the widest span of one.
Interval facesOf(const Compiler& c, double* span = nullptr) {
  Interval r{0, 0};
  bool first = true;
  double widest = 0;
  for (int k : c.m_p.dice) {
    const Counter& ctr = c.m_p.counters[static_cast<std::size_t>(k)];
    r.lo = first ? ctr.min : std::min(r.lo, double(ctr.min));
    r.hi = first ? ctr.max : std::max(r.hi, double(ctr.max));
    widest = std::max(widest, double(ctr.max - ctr.min));
    first = false;
  }
  if (span) *span = widest;
  return r;
}

bool namesDie(const Compiler& c) {
  if (c.m_inCardEffects) return true;
  return c.m_currentAction >= 0 && c.m_p.actions[static_cast<std::size_t>(c.m_currentAction)].die >= 0;
}

}  // namespace

void readDice(Compiler& c, const YAML::Node& node) {
  if (!node.IsSequence()) {
    c.error(c.m_r.loc(node), "expected a list of counters for 'dice' (the counters a move may name as a die), got " +
                                 yaml::NodeReader::describe(node));
    return;
  }
  for (const auto& item : node) {
    const SourceLocation where = c.m_r.loc(item);
    const std::string id = c.scalar(item, "a die");
    if (id.empty()) continue;
    const auto it = c.m_counters.find(id);
    if (it == c.m_counters.end()) {
      c.error(where, "unknown die '" + id + "': 'dice' lists counters" + validation::didYouMean(id, counterIds(c)));
      continue;
    }
    const Counter& ctr = c.m_p.counters[static_cast<std::size_t>(it->second)];
    if (ctr.perPlayer) {
      c.error(where, "die '" + id + "' is a counter per player: a die is one for the table ('per: game')");
      continue;
    }
    if (ctr.max - ctr.min > kMaxDieSpan) {
      c.error(where, "die '" + id + "' spans " + std::to_string(ctr.min) + ".." + std::to_string(ctr.max) +
                         ": a die's faces span at most " + std::to_string(kMaxDieSpan));
      continue;
    }
    if (std::find(c.m_p.dice.begin(), c.m_p.dice.end(), it->second) != c.m_p.dice.end()) {
      c.error(where, "die '" + id + "' is listed twice");
      continue;
    }
    if (static_cast<int>(c.m_p.dice.size()) >= kMaxNamedDice) {
      c.error(where, "too many dice (at most " + std::to_string(kMaxNamedDice) + ")");
      break;
    }
    c.m_p.dice.push_back(it->second);
  }
}

void bindDieNames(Compiler& c, int& next) {
  if (c.m_p.dice.empty()) return;
  c.m_p.slots.die = next;
  auto bind = [&](const std::string& name) {
    if (!c.m_slots.emplace(name, next).second) c.error(c.m_rulesLoc, "the name '" + name + "' is already used");
    c.m_names.insert(name);
    ++next;
  };
  for (const char* name : {"die", "second_die", "delta", "die_read"}) bind(name);
  for (int k : c.m_p.dice) bind("die_is_" + c.m_p.counters[static_cast<std::size_t>(k)].id);
}

bool dieNameRange(const Compiler& c, int slot, Interval& out) {
  const int first = c.m_p.slots.die;
  if (first < 0 || slot < first || slot >= first + kFixedDieNames + static_cast<int>(c.m_p.dice.size())) return false;
  double span = 0;
  const Interval faces = facesOf(c, &span);
  if (slot - first < 2)
    out = {std::min(0.0, faces.lo), std::max(0.0, faces.hi)};  // no die named reads 0
  else if (slot - first == 2)
    out = {-span, span};
  else
    out = {0, 1};
  return true;
}

bool readDieActionKey(Compiler& c, const yaml::MapEntry& e, int index) {
  if (e.key != "die") return false;
  Action& a = c.m_p.actions[static_cast<std::size_t>(index)];
  if (c.m_p.dice.empty()) {
    c.error(e.keyLoc, "'die' names one of the rules' dice: list them first ('dice: [fire, water]' under 'rules:')");
    return true;
  }
  if (!e.value.IsMap()) {
    c.error(e.valueLoc, "expected a map for 'die' (when, change, pair, only), got " + yaml::NodeReader::describe(e.value));
    return true;
  }
  DieSpec spec;
  spec.where = e.keyLoc;
  bool bad = false;
  for (const auto& f : c.m_r.entries(e.value, "die")) {
    int* slot = f.key == "when" ? &spec.when : f.key == "pair" ? &spec.pair : f.key == "only" ? &spec.only : nullptr;
    if (slot) {
      *slot = c.condition(f.value);
      bad = bad || *slot < 0;
    } else if (f.key == "change") {
      spec.change = c.expression(f.value, "'change'");
      bad = bad || spec.change < 0;
    } else if (f.key != "description") {
      bad = true;
      c.m_r.unknownKey(f, "die (known: when, change, pair, only, description)");
    }
  }
  // Kept even when a part is wrong: the effects that name `die` are then not errors of their own.
  a.die = static_cast<int>(c.m_p.dieSpecs.size());
  c.m_p.dieSpecs.push_back(spec);
  if (bad) return true;
  if (spec.change >= 0) {
    // A change is of up to N: from -N to N, each a move of its own.
    auto range = [&](std::string_view n) {
      if (n.rfind("card_", 0) == 0) {
        Interval r{0, 0};
        bool first = true;
        const auto k = std::find(c.m_p.cardProps.begin(), c.m_p.cardProps.end(), n.substr(5)) - c.m_p.cardProps.begin();
        for (const auto& card : c.m_p.cards) {
          const double v = static_cast<std::size_t>(k) < card.props.size() ? card.props[static_cast<std::size_t>(k)] : 0.0;
          r.lo = first ? v : std::min(r.lo, v);
          r.hi = first ? v : std::max(r.hi, v);
          first = false;
        }
        return r;
      }
      Interval r;
      if (dieNameRange(c, c.m_slots.count(n) ? c.m_slots.find(n)->second : -1, r)) return r;
      return Interval{-1e300, 1e300};
    };
    const Interval n = intervalOf(c.m_exprSources[static_cast<std::size_t>(spec.change)].expr, range);
    const auto where = c.m_exprSources[static_cast<std::size_t>(spec.change)].where;
    if (n.lo < -1e299 || n.hi > 1e299) {
      // It reads counters: its value shows only in play, where the engine keeps it within the die's faces.
    } else if (n.lo < 0)
      c.error(where, "'change' is the most a die may move, up or down: it can be " + formatNumber(n.lo) +
                         ", below 0 (write the size, not a signed step)");
    else if (n.hi > kMaxDieSpan)
      c.error(where, "'change' can be " + formatNumber(n.hi) + ": a die's faces span at most " +
                         std::to_string(kMaxDieSpan));
  }
  return true;
}

int effectCounter(Compiler& c, const std::string& name, const SourceLocation& where) {
  if (name == "die" || name == "second_die") {
    if (c.m_p.dice.empty() || !namesDie(c)) {
      c.error(where, "'" + name + "' is the die the move names: only an action with 'die:' (or a card's effects) "
                     "has one");
      return -1;
    }
    return name == "die" ? kChosenDie : kChosenSecondDie;
  }
  return c.counterRef(YAML::Node(), name, where);
}

namespace {

// A reroll from either form: a Choice that rolls (the chooser's moves: "<id> again", "<id> keep").
int rerollSpec(Compiler& c, const std::vector<ChoiceArg>& args, const SourceLocation& where) {
  if (c.m_currentAction < 0 && !c.m_inCardEffects) {
    c.error(where, "'reroll' waits for a player's move: only an action's or a card's effects can reroll "
                   "(not setup or triggers; 'roll' rolls once)");
    return -1;
  }
  Choice ch;
  ch.id = "reroll";
  ch.reroll = true;
  ch.where = where;
  bool bad = false, into = false;
  for (const ChoiceArg& a : args) {
    if (a.key == "into") {
      ch.rerollInto = effectCounter(c, a.text, a.where);
      bad = bad || ch.rerollInto < 0;
      into = true;
    } else if (a.key == "sides") {
      ch.sides = c.expressionText(a.text, a.where);
      bad = bad || ch.sides < 0;
    } else if (a.key == "times") {
      ch.count = c.expressionText(a.text, a.where);
      bad = bad || ch.count < 0;
    } else if (a.key == "id") {
      if (a.text.empty() || a.text.find(' ') != std::string::npos)
        bad = true, c.error(a.where, "expected one word for the reroll's 'id' (its moves' name), got '" + a.text + "'");
      else
        ch.id = a.text;
    } else {
      bad = true;
      c.error(a.where, "unknown key '" + a.key + "' in 'reroll' (known: into, sides, times, id)" +
                           validation::didYouMean(a.key, {"into", "sides", "times", "id"}));
    }
  }
  if (!into) {
    c.error(where, "'reroll' needs 'into' (the counter rolled: a counter, or 'die', the die the move names)");
    return -1;
  }
  if (ch.sides < 0 && !bad) ch.sides = c.expressionText("6", where);
  if (ch.count < 0 && !bad) ch.count = c.expressionText("1", where);
  if (bad) return -1;
  c.m_p.choices.push_back(std::move(ch));
  return static_cast<int>(c.m_p.choices.size()) - 1;
}

void emitExchange(Compiler& c, int a, int b) {
  if (a < 0 || b < 0) return;
  if (static_cast<int>(c.m_p.code.size()) < kMaxCode) c.m_p.code.push_back({Op::Exchange, a, b, 0, 0});
}

}  // namespace

bool dieEffect(Compiler& c, const std::string& key, const YAML::Node& value, const SourceLocation& where) {
  if (key == "reroll") {
    const int choice = rerollSpec(c, choiceArgs(c, value), where);
    if (choice >= 0 && static_cast<int>(c.m_p.code.size()) < kMaxCode) c.m_p.code.push_back({Op::Reroll, choice, 0, 0, 0});
    return true;
  }
  if (key != "exchange") return false;
  if (!value.IsSequence() || value.size() != 2) {
    c.error(where, "expected two counters for 'exchange' ([die, second_die]), got " + yaml::NodeReader::describe(value));
    return true;
  }
  const int a = effectCounter(c, c.scalar(value[0], "a counter"), c.m_r.loc(value[0]));
  const int b = effectCounter(c, c.scalar(value[1], "a counter"), c.m_r.loc(value[1]));
  emitExchange(c, a, b);
  return true;
}

bool cardDieEffect(Compiler& c, const Entity& card, const Effect& e) {
  if (e.op == "reroll") {
    const int choice = rerollSpec(c, choiceArgs(e), e.origin.loc);
    if (choice >= 0 && static_cast<int>(c.m_p.code.size()) < kMaxCode) c.m_p.code.push_back({Op::Reroll, choice, 0, 0, 0});
    return true;
  }
  if (e.op != "exchange") return false;
  const Field* first = e.arg("counter");
  const Field* second = e.arg("with");
  if (!first || !second) {
    c.error(e.origin.loc, "card '" + card.id + "': 'exchange' needs 'counter' and 'with'");
    return true;
  }
  emitExchange(c, effectCounter(c, first->text, e.origin.at("counter")),
               effectCounter(c, second->text, e.origin.at("with")));
  return true;
}

void noteCardDice(Compiler& c, std::size_t card, int firstExpr) {
  if (c.m_p.dice.empty()) return;
  if (c.m_p.cardDice.size() <= card) c.m_p.cardDice.resize(card + 1, 0);
  std::uint32_t mask = 0;
  for (std::size_t e = static_cast<std::size_t>(firstExpr); e < c.m_exprSources.size(); ++e) {
    std::vector<const ExprNode*> stack{&c.m_exprSources[e].expr.root()};
    while (!stack.empty()) {
      const ExprNode* n = stack.back();
      stack.pop_back();
      if (n->kind == ExprNode::Kind::Name)
        for (std::size_t i = 0; i < c.m_p.dice.size(); ++i)
          if (c.m_p.counters[static_cast<std::size_t>(c.m_p.dice[i])].id == n->name) mask |= 1u << i;
      for (const auto& a : n->args) stack.push_back(&a);
    }
  }
  c.m_p.cardDice[card] = mask;
}

}  // namespace wb::model::describe
