// `choose_amount`: a player chooses a whole number in a range inside an
// effect (Paid Militia's "block damage at one gold per point": how much), as
// moves the agents see like any other, and a counter holds it for the effects
// after. Compiled into an AmountChoice (described_program.h) that
// Op::ChooseAmount names; the range is checked here when it can never hold a
// number (its max below its min for every value of the names it reads).
#include "model/describe/amount_compiler.h"

#include <algorithm>
#include <set>

#include "model/describe/choice_compiler.h"
#include "model/describe/description_compiler.h"
#include "model/validation/name_suggestion.h"

namespace wb::model::describe {

namespace {

const std::set<std::string, std::less<>>& amountKeys() {
  static const std::set<std::string, std::less<>> keys = {"id", "min", "max", "into", "by", "also"};
  return keys;
}

bool has(const std::vector<ChoiceArg>& args, const char* key) {
  return std::any_of(args.begin(), args.end(), [&](const ChoiceArg& a) { return a.key == key; });
}

}  // namespace

std::vector<ChoiceArg> amountArgs(Compiler& c, const YAML::Node& map) {
  return scalarArgs(c, map, "choose_amount", "min, max, into");
}

int amountSpec(Compiler& c, const std::vector<ChoiceArg>& args, const SourceLocation& where) {
  // A choice waits for a move: an action's effects (or a card's, which an
  // action plays) can wait; setup and the triggers run between moves.
  if (c.m_currentAction < 0 && !c.m_inCardEffects) {
    c.error(where, "'choose_amount' waits for a player's move: only an action's or a card's effects can choose "
                   "(not setup or triggers)");
    return -1;
  }
  bool bad = false;
  AmountChoice ch;
  ch.id = "amount";
  ch.where = where;
  SourceLocation maxAt = where;
  for (const ChoiceArg& a : args) {
    if (a.key == "id") {
      if (a.text.empty() || a.text.find(' ') != std::string::npos)
        bad = true, c.error(a.where, "expected one word for the choice's 'id' (its moves' name), got '" + a.text + "'");
      else
        ch.id = a.text;
    } else if (a.key == "min") {
      ch.min = c.expressionText(a.text, a.where);
      bad = bad || ch.min < 0;
    } else if (a.key == "max") {
      ch.max = c.expressionText(a.text, a.where);
      bad = bad || ch.max < 0;
      maxAt = a.where;
    } else if (a.key == "also") {
      ch.also = c.expressionText(a.text, a.where);
      bad = bad || ch.also < 0;
    } else if (a.key == "into") {
      ch.into = c.counterRef(YAML::Node(), a.text, a.where);
      bad = bad || ch.into < 0;
    } else if (a.key == "by") {
      if (a.text == "player" || a.text == "opponent") {
        ch.byOpponent = a.text == "opponent";
      } else {
        bad = true;
        c.error(a.where, "expected 'player' or 'opponent' for 'by', got '" + a.text + "'" +
                             validation::didYouMean(a.text, {"player", "opponent"}));
      }
    } else {
      bad = true;
      c.error(a.where, "unknown key '" + a.key + "' in 'choose_amount' (known: id, min, max, into, by, also)" +
                           validation::didYouMean(a.key, amountKeys()));
    }
  }
  if (!has(args, "max") || !has(args, "into")) {
    c.error(where, "'choose_amount' needs 'max' (the largest number offered) and 'into' (the counter that holds "
                   "the number chosen)");
    return -1;
  }
  if (!has(args, "min")) ch.min = c.expressionText("0", where);
  if (bad || ch.min < 0 || ch.max < 0) return -1;
  // A range that is empty whatever the names' values is a mistake, not a choice.
  auto range = [&](std::string_view n) { return c.rangeOfName(n); };
  const Interval lo = intervalOf(c.m_exprSources[static_cast<std::size_t>(ch.min)].expr, range);
  const Interval hi = intervalOf(c.m_exprSources[static_cast<std::size_t>(ch.max)].expr, range);
  if (hi.hi < lo.lo) {
    c.error(maxAt, "the range of 'choose_amount' is always empty: its max is at most " + formatNumber(hi.hi) +
                       ", below its min of at least " + formatNumber(lo.lo));
    return -1;
  }
  if (static_cast<int>(c.m_p.amountChoices.size()) >= kMaxAmountChoices) {
    c.error(where, "too many 'choose_amount' effects (at most " + std::to_string(kMaxAmountChoices) + ")");
    return -1;
  }
  c.m_p.amountChoices.push_back(std::move(ch));
  return static_cast<int>(c.m_p.amountChoices.size()) - 1;
}

}  // namespace wb::model::describe
